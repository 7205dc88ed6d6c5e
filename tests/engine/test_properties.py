"""Property tests: random legal games for every player count, invariants checked after every action.

Each test plays games chosen by hypothesis (setup seed, first seat, options, and a seed for the
random choice among the legal actions) and checks one invariant of the engine throughout. Games
are capped at ``MAX_ROUNDS`` rounds so the file stays fast.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from park import (
    DESTINATIONS,
    Action,
    ChooseFad,
    DeclineScore,
    Discard,
    FinishExchange,
    GameState,
    IllegalActionError,
    Observation,
    Options,
    Phase,
    PlayCard,
    PublicSeat,
    Ruleset,
    Score,
    SkipPlay,
    Stay,
    Step,
    apply,
    dumps,
    legal_actions,
    loads,
    new_game,
    observe,
    standard_ruleset,
)

PLAYER_COUNTS = (3, 4, 5, 6, 7)
MAX_ROUNDS = 300
"""Games still running after this many rounds are cut off (random play ends well before)."""

DECK_SIZE = 90
NON_ROUTE_KINDS = frozenset({"Gentlemen's Club", "Marketplace", "Hotel"})

GAME_SETTINGS = settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=False,
)


@dataclass(frozen=True)
class Setup:
    """Everything that determines one random game: setup arguments and the chooser's seed."""

    players: int
    seed: int
    first_seat: int | None
    options: Options
    choice_seed: int

    def start(self) -> GameState:
        """The game's initial state."""
        return new_game(self.players, self.seed, first_seat=self.first_seat, options=self.options)


@dataclass
class Game:
    """A played game: its setup, the actions chosen and the state before/after each one.

    ``states[i]`` is the state ``actions[i]`` was applied to; ``states[-1]`` the final state.
    """

    setup: Setup
    actions: list[Action]
    states: list[GameState]

    @property
    def final(self) -> GameState:
        """The state after the last action."""
        return self.states[-1]

    def transitions(self) -> Iterator[tuple[GameState, Action, GameState]]:
        """(before, action, after) for every action of the game."""
        for i, action in enumerate(self.actions):
            yield self.states[i], action, self.states[i + 1]


options_strategy = st.builds(
    Options,
    fad_tie=st.sampled_from(["choose", "redraw"]),
    club_order=st.sampled_from(["draw_first", "score_first"]),
    reshuffle=st.sampled_from(["lazy", "eager"]),
)


@st.composite
def setups(draw: st.DrawFn, players: int) -> Setup:
    """A hypothesis strategy for the setup of a ``players``-player random game."""
    return Setup(
        players=players,
        seed=draw(st.integers(min_value=-(2**63), max_value=2**63)),
        first_seat=draw(st.none() | st.integers(min_value=0, max_value=players - 1)),
        options=draw(st.one_of(st.just(Options()), options_strategy)),
        choice_seed=draw(st.integers(min_value=0, max_value=2**32)),
    )


def play(
    setup: Setup,
    *,
    on_state: Callable[[GameState, random.Random], None] | None = None,
) -> Game:
    """Play ``setup``'s game with uniformly random legal actions until it ends or hits the cap.

    ``on_state(state, rng)`` runs on every state reached, before the next action is chosen.
    """
    rng = random.Random(setup.choice_seed)
    state = setup.start()
    states = [state]
    actions: list[Action] = []
    while True:
        if on_state is not None:
            on_state(state, rng)
        if state.is_over or state.round > MAX_ROUNDS:
            break
        action = rng.choice(legal_actions(state))
        state, _events = apply(state, action)
        actions.append(action)
        states.append(state)
    return Game(setup, actions, states)


def every_player_count(test: Callable[[Setup], None]) -> Callable[..., None]:
    """Run a property test for each player count 3..7 with hypothesis-drawn setups."""

    @pytest.mark.parametrize("players", PLAYER_COUNTS)
    @GAME_SETTINGS
    @given(data=st.data())
    def wrapper(players: int, data: st.DataObject) -> None:
        test(data.draw(setups(players), label="setup"))

    wrapper.__name__ = test.__name__
    wrapper.__doc__ = test.__doc__
    result: Callable[..., None] = wrapper
    return result


# -- invariant checks ---------------------------------------------------------------------


def card_locations(state: GameState) -> list[int]:
    """Every card index held anywhere: deck, discard pile, hands and Inventories."""
    cards = [*state.deck, *state.discard]
    for seat in state.seats:
        cards.extend(seat.hand)
        cards.extend(seat.inventory)
    return cards


def check_cards_conserved(state: GameState) -> None:
    """All 90 cards are in exactly one place."""
    cards = card_locations(state)
    assert len(cards) == DECK_SIZE, f"turn {state.turn}: {len(cards)} cards in play"
    assert sorted(cards) == list(range(DECK_SIZE)), f"turn {state.turn}: duplicate or lost card"


def check_counters_non_negative(state: GameState) -> None:
    """No Month counter, score, pile size or bookkeeping counter below zero."""
    for i, seat in enumerate(state.seats):
        assert seat.months >= 0, f"seat {i} has {seat.months} months"
        assert seat.score >= 0, f"seat {i} has score {seat.score}"
        for expedition in seat.expeditions:
            parts = (
                expedition.basic,
                expedition.diversity,
                expedition.endurance,
                expedition.fad,
                expedition.novelty,
            )
            assert min(parts) >= 0, expedition
            assert expedition.total == sum(parts), expedition
    assert min(state.scorings) >= 0, state.scorings
    assert state.pending_draws >= 0
    assert state.turn >= 1
    assert state.shuffles >= 1
    assert 0 <= state.active < len(state.seats)


def check_park_on_route(state: GameState) -> None:
    """Captain Park stands on a numbered space 1..14, never the Club, Marketplace or a Hotel."""
    board = state.rules.board
    assert 1 <= state.park <= 14, state.park
    space = board.space(state.park_space)
    assert space.number == state.park
    assert space.kind not in NON_ROUTE_KINDS, space


def check_end_condition(state: GameState) -> None:
    """Winner set iff some score reached the target; OVER iff winner; nothing legal iff OVER."""
    reached = [i for i, s in enumerate(state.seats) if s.score >= state.target]
    if state.winner is None:
        assert reached == [], f"scores {reached} reached {state.target} but no winner"
        assert state.phase is not Phase.OVER
        assert legal_actions(state) != ()
    else:
        assert reached == [state.winner], (reached, state.winner)
        assert state.phase is Phase.OVER
        assert state.is_over
        assert legal_actions(state) == ()


# -- the properties -----------------------------------------------------------------------


@every_player_count
def test_every_card_is_in_exactly_one_place(setup: Setup) -> None:
    """Deck ∪ discard ∪ hands ∪ Inventories holds each of the 90 cards exactly once."""
    play(setup, on_state=lambda state, _rng: check_cards_conserved(state))


@every_player_count
def test_no_counter_is_ever_negative(setup: Setup) -> None:
    """Months, scores, expedition parts, scorings and other counters never go below zero."""
    play(setup, on_state=lambda state, _rng: check_counters_non_negative(state))


@every_player_count
def test_captain_park_always_stands_on_a_numbered_space(setup: Setup) -> None:
    """Park is always on a route space numbered 1..14 (R58, R59)."""
    play(setup, on_state=lambda state, _rng: check_park_on_route(state))


@every_player_count
def test_scores_never_fall(setup: Setup) -> None:
    """No seat's score ever decreases, and only a Score action changes a score (R88)."""
    game = play(setup)
    for before, action, after in game.transitions():
        for i, (old, new) in enumerate(zip(before.seats, after.seats, strict=True)):
            assert new.score >= old.score, f"seat {i}: {old.score} -> {new.score} by {action}"
            if new.score != old.score:
                assert isinstance(action, Score) and i == before.active


@every_player_count
def test_game_ends_exactly_when_a_score_reaches_the_target(setup: Setup) -> None:
    """Winner iff a score ≥ target, phase OVER iff winner, no legal action once over (R99)."""
    game = play(setup, on_state=lambda state, _rng: check_end_condition(state))
    final = game.final
    if final.is_over:
        assert isinstance(game.actions[-1], Score)
        assert final.winner == game.states[-2].active
        refused: list[Action] = [Stay(), DeclineScore()]
        refused += [Step(s.id) for s in final.rules.board.spaces]
        for action in refused:
            with pytest.raises(IllegalActionError, match="over"):
                apply(final, action)
    else:
        assert final.round > MAX_ROUNDS


@pytest.mark.slow
@every_player_count
def test_save_round_trip_reproduces_the_state(setup: Setup) -> None:
    """``loads(dumps(s)) == s`` at the start, at sampled points and at the end of a game."""
    game = play(setup)
    rng = random.Random(setup.choice_seed)
    samples = {
        0,
        len(game.states) - 1,
        *rng.sample(range(len(game.states)), min(2, len(game.states))),
    }
    for index in sorted(samples):
        state = game.states[index]
        text = dumps(state)
        loaded = loads(text)
        assert loaded == state, f"state {index} changed by a save round trip"
        assert list(loaded.log) == list(state.log)
        assert loaded.settings == state.settings
        assert dumps(loaded) == text


@pytest.mark.slow
@every_player_count
def test_replaying_the_actions_from_the_seed_reproduces_every_state(setup: Setup) -> None:
    """Same seed + same actions = same game: every intermediate state and the events match."""
    game = play(setup)
    state = setup.start()
    assert state == game.states[0]
    for i, action in enumerate(game.actions):
        state, events = apply(state, action)
        assert state == game.states[i + 1], f"replay diverged at action {i} ({action})"
        again, events_again = apply(game.states[i], action)
        assert again == state
        assert events_again == events
    assert list(state.log) == game.actions


@functools.cache
def all_conceivable_actions(rules: Ruleset) -> tuple[Action, ...]:
    """Every action the engine's vocabulary allows on this board, plus a few nonsense ones."""
    actions: list[Action] = [Stay(), SkipPlay(), FinishExchange(), DeclineScore()]
    actions += [Step(s.id) for s in rules.board.spaces]
    actions += [PlayCard(c.id) for c in rules.cards] + [Discard(c.id) for c in rules.cards]
    actions += [Score(d) for d in DESTINATIONS] + [ChooseFad(d) for d in DESTINATIONS]
    actions += [Step("atlantis"), PlayCard("no-such-card"), Score("Atlantis"), ChooseFad("Mars")]
    return tuple(actions)


def near_miss_actions(state: GameState, rng: random.Random) -> dict[str, list[Action]]:
    """Illegal-looking actions that are plausible mistakes now, by kind of mistake.

    Some may happen to be legal (e.g. a Score in the Club); the caller filters those out.
    """
    rules = state.rules
    me = state.seats[state.active]
    neighbours = rules.board.neighbours[me.position]
    not_in_hand = rng.sample([c for c in range(len(rules.cards)) if c not in me.hand], 3)
    ids = [rules.cards[c].id for c in not_in_hand]
    misses: dict[str, list[Action]] = {
        "step to a non-neighbour or own space": [
            Step(s.id) for s in rules.board.spaces if s.id not in neighbours
        ],
        "card not in hand": [*map(PlayCard, ids), *map(Discard, ids)],
        "score an unqualified destination": [Score(d) for d in DESTINATIONS],
        "decision of another phase": [Stay(), SkipPlay(), FinishExchange(), DeclineScore()],
        "fad not among the tied": [ChooseFad(d) for d in DESTINATIONS],
    }
    if state.phase is Phase.PLAY:
        wanted = rules.board.space(me.position).card_type
        misses["hand card of the wrong type"] = [
            PlayCard(rules.cards[c].id) for c in me.hand if rules.card_type[c] != wanted
        ]
    if state.phase is not Phase.MARKET:
        misses["discard outside the Marketplace"] = [Discard(rules.cards[c].id) for c in me.hand]
    if state.phase not in (Phase.START, Phase.STEP_AGAIN):
        misses["step when no step is due"] = [Step(n) for n in neighbours]
    return misses


def snapshot(state: GameState) -> tuple[GameState, tuple[Action, ...], tuple[Action, ...]]:
    """A separate copy of everything observable about ``state``.

    A new state object holding the same field values (all immutable), the actions of its log and its
    legal actions.
    """
    return dataclasses.replace(state), tuple(state.log), legal_actions(state)


def check_illegal_actions_rejected(state: GameState, rng: random.Random) -> None:
    """One illegal action of each kind of mistake, and two random ones.

    Raise and leave ``state`` as it was.
    """
    legal = set(legal_actions(state))
    candidates: list[Action] = []
    for kind in near_miss_actions(state, rng).values():
        illegal = [a for a in kind if a not in legal]
        if illegal:
            candidates.append(rng.choice(illegal))
    others = [a for a in all_conceivable_actions(state.rules) if a not in legal]
    candidates += rng.sample(others, 2)
    before = snapshot(state)
    for action in candidates:
        with pytest.raises(IllegalActionError) as caught:
            apply(state, action)
        assert str(action) in str(caught.value)
    assert snapshot(state) == before, f"refusing {candidates} changed the state"


@pytest.mark.slow
@every_player_count
def test_illegal_actions_raise_and_leave_the_state_unchanged(setup: Setup) -> None:
    """Actions outside ``legal_actions`` raise ``IllegalActionError``.

    The state is untouched, and the game played on afterwards equals a replay that never tried them.
    """
    probe = random.Random(setup.seed)
    game = play(setup, on_state=lambda state, _rng: check_illegal_actions_rejected(state, probe))
    state = setup.start()
    for action in game.actions:
        state, _ = apply(state, action)
    assert state == game.final
    assert list(state.log) == list(game.final.log)


def hidden_cards_rotated(state: GameState, seat: int) -> GameState:
    """``state`` with the cards ``seat`` cannot see (other hands, the deck) moved one slot on.

    Sizes stay the same; the contents of every hidden pile change.
    """
    others = [i for i in range(len(state.seats)) if i != seat]
    pool = [c for i in others for c in state.seats[i].hand] + list(state.deck)
    rotated = pool[1:] + pool[:1]
    seats = list(state.seats)
    at = 0
    for i in others:
        size = len(seats[i].hand)
        seats[i] = dataclasses.replace(seats[i], hand=tuple(rotated[at : at + size]))
        at += size
    return dataclasses.replace(state, seats=tuple(seats), deck=tuple(rotated[at:]))


def check_observations_hide_secrets(state: GameState, rng: random.Random) -> None:
    """Each seat's observation holds its own hand, others' hand sizes only, no deck order."""
    for seat in range(len(state.seats)):
        view = observe(state, seat)
        assert isinstance(view, Observation)
        assert view.hand == state.seats[seat].hand
        assert view.deck_size == len(state.deck)
        for i, public in enumerate(view.seats):
            assert isinstance(public, PublicSeat)
            assert public.hand_size == len(state.seats[i].hand)
            assert not hasattr(public, "hand")
            assert public.inventory == state.seats[i].inventory
        assert not hasattr(view, "deck")
    seat = rng.randrange(len(state.seats))
    twin = hidden_cards_rotated(state, seat)
    assert observe(twin, seat) == observe(state, seat), "observation depends on hidden cards"


@pytest.mark.slow
@every_player_count
def test_observation_never_shows_other_hands_or_the_deck_order(setup: Setup) -> None:
    """``observe(state, seat)`` is unchanged when the cards hidden from ``seat`` are swapped."""
    play(setup, on_state=check_observations_hide_secrets)


def test_hidden_card_rotation_changes_what_a_full_state_shows() -> None:
    """The observation check can fail: rotating hidden cards really changes hands and deck."""
    state = new_game(4, 11)
    twin = hidden_cards_rotated(state, 0)
    assert twin.seats[0] == state.seats[0]
    assert all(twin.seats[i].hand != state.seats[i].hand for i in (1, 2, 3))
    assert twin.deck != state.deck
    check_cards_conserved(twin)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_legal_action_applies_and_keeps_the_cards(players: int, data: st.DataObject) -> None:
    """Not just the chosen one: every action listed as legal applies and conserves the cards."""
    setup = data.draw(setups(players), label="setup")

    def try_all(state: GameState, _rng: random.Random) -> None:
        legal = legal_actions(state)
        assert len(set(legal)) == len(legal), f"duplicate legal actions: {legal}"
        for action in legal:
            after, _ = apply(state, action)
            check_cards_conserved(after)
            check_end_condition(after)

    play(setup, on_state=try_all)


def test_standard_ruleset_is_what_the_properties_assume() -> None:
    """90 cards and a 14-space route: the constants above match the shipped data."""
    rules = standard_ruleset()
    assert len(rules.cards) == DECK_SIZE
    assert len(rules.board.route) == 14
