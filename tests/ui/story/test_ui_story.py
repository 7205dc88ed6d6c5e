"""park.ui.story.model and park.ui.story.html.

The game's story at game over (expeditions R79-R88, Month counters lost to Captain Park and whose
card sent him R42/R61-R66, scores by round R14/R99-R101), checked on whole games played by bots and
on hand-built positions.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace
from functools import cache
from itertools import pairwise

import pytest
from tools.play import bots_choice, play_to_end

from park import (
    Action,
    Event,
    GameState,
    Phase,
    PlayCard,
    SeatSpec,
    Stay,
    Step,
    apply,
    legal_actions,
    load_board,
    new_game,
)
from park.ai import make_bot
from park.engine.state import Expedition
from park.ui.story.html import (
    DASHES,
    MARKERS,
    expedition_sentence,
    loss_sentence,
    score_chart_svg,
    story_html,
)
from park.ui.story.model import (
    PARK_REASONS,
    ExpeditionStory,
    MonthsLost,
    PlayerStory,
    Story,
    StoryBuilder,
    game_story,
)
from tests.engine.helpers import (
    ANECDOTE,
    ARTIFACT,
    P1,
    P2,
    P3,
    PHOTOGRAPH,
    RULES,
    Seat,
    card_index,
    position,
)

CARDS = {c.id: c for c in RULES.cards}
BOARD = load_board()
SVG = "{http://www.w3.org/2000/svg}"
NAMES = ("Fogg & <Passepartout>", 'Lady "Agatha"', "Colonel Pembroke")


@dataclass(frozen=True)
class Played:
    """A whole game.

    Its first and final states, every decision (actor, events, state after), the story the builder
    gave after each decision, and the final story.
    """

    first: GameState
    final: GameState
    decisions: tuple[tuple[int, tuple[Event, ...], GameState], ...]
    stories: tuple[Story, ...]
    story: Story


@cache
def played(seed: int, players: int = 3) -> Played:
    """Easy bots play a whole game (well under a second), feeding a builder as they go."""
    specs = [SeatSpec(NAMES[i % 3] + ("" if i < 3 else f" {i}")) for i in range(players)]
    first = new_game(specs, seed)
    bots = [make_bot("easy") for _ in range(players)]
    builder = StoryBuilder(first)
    decisions = []
    stories = []

    def watch(
        before: GameState, _action: Action, events: tuple[Event, ...], after: GameState
    ) -> None:
        builder.add(before.active, events, after)
        decisions.append((before.active, events, after))
        stories.append(builder.story())

    choose = bots_choice(bots, random.Random(seed), 0.0)
    state = play_to_end(first, choose, max_actions=5000, watch=watch)
    assert state.is_over, "the bots should finish a game"
    return Played(first, state, tuple(decisions), tuple(stories), builder.story())


GAMES = [(3, 3), (11, 4), (5, 6)]
"""(seed, players) of the games played."""


@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_each_expedition_is_the_one_the_engine_scored(seed: int, players: int) -> None:
    game = played(seed, players)
    assert sum(len(p.expeditions) for p in game.story.players) >= 3
    for seat, player in zip(game.final.seats, game.story.players, strict=True):
        assert player.score == seat.score
        assert len(player.expeditions) == len(seat.expeditions)
        for told, exp in zip(player.expeditions, seat.expeditions, strict=True):
            assert told.expedition == exp and told.turn == exp.turn
            x = told.expedition
            assert x.total == x.basic + x.diversity + x.endurance + x.fad + x.novelty
            assert told.cards == tuple(RULES.cards[c].id for c in exp.cards)
            assert told.round == (exp.turn - 1) // players + 1


@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_months_lost_are_those_captain_park_took(seed: int, players: int) -> None:
    game = played(seed, players)
    lost = [0] * players
    senders: list[list[int | None]] = [[] for _ in range(players)]
    for actor, events, _ in game.decisions:
        for event in events:
            if event.kind == "months_lost" and event.data["reason"] in PARK_REASONS:
                assert event.seat is not None
                lost[event.seat] += event.data["months"]
                landed = event.data["reason"] == "park_landed"
                senders[event.seat].append(actor if landed else None)
    assert [p.total_months_lost for p in game.story.players] == lost
    assert [[m.sent_by for m in p.months_lost] for p in game.story.players] == senders
    assert sum(lost) > 0, "Captain Park should catch someone in a whole game"
    for player in game.story.players:
        for loss in player.months_lost:
            assert loss.months > 0
            assert BOARD.space(loss.space).number is not None  # Park stands on numbers (R58)
            assert (loss.card is not None) == (loss.reason == "park_landed")


@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_rounds_run_from_zero_to_the_final_scores(seed: int, players: int) -> None:
    game = played(seed, players)
    rounds = game.story.rounds
    assert rounds[0] == (0,) * players
    assert rounds[-1] == tuple(s.score for s in game.final.seats)
    assert len(rounds) == game.final.round + 1  # one per round, the last cut short (R101)
    for before, after in pairwise(rounds):
        assert all(a >= b for a, b in zip(after, before, strict=True))  # R102
    expected = [tuple(s.score for s in game.first.seats)]
    previous = game.first
    for _, _, state in game.decisions:
        if state.round > previous.round:  # a round ended inside this decision
            expected.append(tuple(s.score for s in state.seats))
        previous = state
    expected.append(tuple(s.score for s in game.final.seats))
    assert list(rounds) == expected
    assert game.story.winner == game.final.winner and game.story.is_over


@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_the_builder_fed_as_the_game_goes_equals_the_replay(seed: int, players: int) -> None:
    game = played(seed, players)
    assert game_story(game.final) == game.story
    middle = len(game.decisions) // 2
    assert game_story(game.decisions[middle][2]) == game.stories[middle]
    assert not game.stories[middle].is_over
    assert len(game.stories[middle].rounds) == game.decisions[middle][2].round  # no partial


def test_story_is_cached_until_the_next_decision() -> None:
    state = new_game(3, 1)
    builder = StoryBuilder(state)
    assert builder.story() is builder.story()
    first = builder.story()
    after, events = apply(state, legal_actions(state)[0])
    builder.add(state.active, events, after)
    assert builder.story() is not first
    with pytest.raises(ValueError, match="seat"):
        builder.add(3, events, after)


# -- hand-built positions --------------------------------------------------------------------


def _story_of(state: GameState, *actions: Action) -> tuple[Story, GameState]:
    builder = StoryBuilder(state)
    for action in actions:
        actor = state.active
        state, events = apply(state, action)
        builder.add(actor, events, state)
    return builder.story(), state


def test_a_card_that_sends_park_onto_another_seat_names_its_player() -> None:
    # P1 plays a Photograph at Gift Shop 5; Park moves 2 -> 3 onto P2 (and P3) at Café 3 (R62).
    state = position(
        phase=Phase.PLAY,
        park=2,
        seats={P1: Seat("5", 3, hand=[PHOTOGRAPH]), P2: Seat("3", 4), P3: Seat("3", 2)},
    )
    story, _ = _story_of(state, PlayCard(PHOTOGRAPH))
    assert story.players[P2].months_lost == (
        MonthsLost(state.turn, state.round, 4, "3", "park_landed", sent_by=P1, card=PHOTOGRAPH),
    )
    assert story.players[P3].total_months_lost == 2
    assert story.players[P1].months_lost == ()
    names = [p.name for p in story.players]
    said = loss_sentence(
        story.players[P2].months_lost[0], loser=P2, names=names, cards=CARDS, board=BOARD
    )
    card = CARDS[PHOTOGRAPH].name
    assert (
        said == f"Turn {state.turn}: lost 4 Month counters on Café 3:"
        f" Captain Park was sent by Player 1's card ({card})."
    )
    mine = loss_sentence(
        story.players[P2].months_lost[0], loser=P2, names=names, cards=CARDS, board=BOARD, you=P1
    )
    assert "sent by your card" in mine


def test_your_own_card_can_send_park_onto_you() -> None:
    # A24: P1 plays at Gift Shop 5 with Park on 4: Park lands on P1.
    state = position(phase=Phase.PLAY, park=4, seats={P1: Seat("5", 6, hand=[PHOTOGRAPH])})
    story, _ = _story_of(state, PlayCard(PHOTOGRAPH))
    (loss,) = story.players[P1].months_lost
    assert (loss.sent_by, loss.months, loss.space) == (P1, 6, "5")
    names = [p.name for p in story.players]
    assert "by your own card" in loss_sentence(
        loss, loser=P1, names=names, cards=CARDS, board=BOARD, you=P1
    )
    assert "by their own card" in loss_sentence(
        loss, loser=P1, names=names, cards=CARDS, board=BOARD
    )


def test_walking_into_park_and_staying_with_him_send_nobody() -> None:
    walk = position(park=4, seats={P1: Seat("3", 5)})
    story, _ = _story_of(walk, Step("4"))  # R63: Café 3 -> Gymnasium 4, where Park is
    (loss,) = story.players[P1].months_lost
    assert (loss.reason, loss.sent_by, loss.card, loss.space, loss.months) == (
        "walked_into_park",
        None,
        None,
        "4",
        5,
    )
    names = [p.name for p in story.players]
    text = loss_sentence(loss, loser=P1, names=names, cards=CARDS, board=BOARD)
    assert (
        text == f"Turn {walk.turn}: lost 5 Month counters: walked into Captain Park on Gymnasium 4."
    )
    stay = position(park=4, seats={P1: Seat("4", 1)})
    story, after = _story_of(stay, Stay())  # R66, A1
    (loss,) = story.players[P1].months_lost
    assert (loss.reason, loss.sent_by, loss.turn, loss.months) == (
        "stayed_with_park",
        None,
        stay.turn,
        1,
    )
    assert after.turn == stay.turn + 1  # the loss is dated by the turn it ended, not the next
    assert "stayed put with Captain Park on Gymnasium 4" in loss_sentence(
        loss, loser=P1, names=names, cards=CARDS, board=BOARD
    )


def test_a_game_from_a_saved_position_counts_rounds_from_there() -> None:
    state = replace(position(seats={P1: Seat("club", 0, score=40)}), turn=9)
    story = StoryBuilder(state).story()
    assert story.first_round == 2 and story.rounds == ((40, 0, 0, 0),)
    assert story.players[P1].score == 40


# -- words and markup ------------------------------------------------------------------------


def _story(expeditions: tuple[ExpeditionStory, ...] = ()) -> Story:
    total = sum(e.expedition.total for e in expeditions)
    colours = ("#c0392b", "#2471a3", "#1e8449")
    players = tuple(
        PlayerStory(i, name, colour, total if i == 0 else 0, expeditions if i == 0 else (), ())
        for i, (name, colour) in enumerate(zip(NAMES, colours, strict=True))
    )
    total = players[0].score
    return Story(players, ((0, 0, 0), (total, 0, 0)), winner=0, target=175)


EXPEDITION = ExpeditionStory(
    14,
    5,
    Expedition(
        "Africa", 7, 16, 10, 3, 10, 0, 39, (card_index(ARTIFACT), card_index(ANECDOTE)), (), 14
    ),
    (ARTIFACT, ANECDOTE),
    39,
)


def test_an_expedition_in_the_games_words() -> None:
    artifact, anecdote = CARDS[ARTIFACT].name, CARDS[ANECDOTE].name
    assert expedition_sentence(EXPEDITION, CARDS) == (
        f"Turn 14: Africa with {artifact} (Artifact), {anecdote} (Anecdote); 7 Month counters; "
        "Basic score 16, Diversity bonus 10, Endurance bonus 3, Fad bonus 10, Novelty bonus 0: "
        "39 points"
    )


def test_the_html_escapes_names_and_shows_every_total() -> None:
    game = played(3, 3)
    html = story_html(game.story, cards=CARDS, board=BOARD, you=0)
    assert "The game&#x27;s story" in html
    assert "<Passepartout>" not in html and "Fogg &amp; &lt;Passepartout&gt;" in html
    assert 'Lady "Agatha"' not in html and "Lady &quot;Agatha&quot;" in html
    for player in game.story.players:
        for exp in player.expeditions:
            assert f'<b class="story-total">{exp.expedition.total} points</b>' in html
    assert html.count("<details") == 3 and html.count("<details open>") == 1
    assert html.count(">You</span>") == 1
    lonely = story_html(_story(), cards=CARDS, board=BOARD)
    assert lonely.count("No expedition scored.") == 3
    assert "Captain Park never caught them." in lonely and "<details open>" not in lonely


def test_the_chart_has_a_line_per_player_and_says_what_it_shows() -> None:
    game = played(11, 4)
    svg = score_chart_svg(game.story)
    assert svg == score_chart_svg(game.story)  # deterministic
    root = ET.fromstring(svg)
    assert root.get("role") == "img" and root.get("viewBox", "").startswith("0 0 390 ")
    lines = root.findall(f".//{SVG}polyline")
    assert len(lines) == 4
    assert [line.get("stroke") for line in lines] == [p.colour for p in game.story.players]
    assert len({(line.get("stroke-dasharray") or "") for line in lines}) == 4  # not colour alone
    assert len({m for m in MARKERS[:4]}) == 4 and len(set(DASHES)) == len(DASHES)
    for line in lines:
        assert len((line.get("points") or "").split()) == len(game.story.rounds)
    label = root.get("aria-label") or ""
    winner = game.story.players[game.final.winner or 0]
    assert label.startswith("Scores by round: ")
    assert f"{winner.name} reached {winner.score} in round {game.final.round}" in label
    assert root.find(f"{SVG}title") is not None
    assert len(root.findall(f".//{SVG}g/{SVG}title")) == 4
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Round" in texts and "Points" in texts
    assert all(p.name in texts for p in game.story.players)  # the legend
    assert "style=" not in svg


def test_the_chart_of_a_story_with_no_round_played_still_parses() -> None:
    story = StoryBuilder(new_game(["A & B", "C", "D"], 2)).story()
    root = ET.fromstring(score_chart_svg(story))
    assert len(root.findall(f".//{SVG}polyline")) == 3
    assert "A &amp; B scored no points" in score_chart_svg(story)
    ET.fromstring(score_chart_svg(_story((EXPEDITION,))))
