"""park.ui.game.session: a game session of one human seat against AI seats, saves and resume."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace

import pytest
from tools.play import finish_session

from park import (
    Discard,
    IllegalActionError,
    Phase,
    SaveError,
    SeatSpec,
    Step,
    dumps,
    legal_actions,
    new_game,
)
from park.ai import BotBase
from park.engine import levels
from park.engine.actions import Action
from park.engine.levels import AI_LEVELS, LEVELS, thinking_time
from park.engine.observation import Observation
from park.ui.game.chronicle import replayed, turn_started
from park.ui.game.session import Session, make_bot, resume_or_new, seat_specs
from park.ui.play.decision import EXCHANGE, exchange_actions
from park.ui.play.view_types import LogLine
from park.ui.setup.settings import NewGameSettings, parse_seed
from tests.ui.helpers import bot_move


def _play_randomly(session: Session, rng: random.Random, decisions: int) -> None:
    """The human picks random legal actions; the bots play their turns."""
    for _ in range(decisions):
        if session.is_over:
            return
        session.run_ai_turns()
        if session.is_over:
            return
        legal = legal_actions(session.state)
        session.act(legal[rng.randrange(len(legal))])


def test_new_game_from_the_form() -> None:
    session = Session.new(NewGameSettings("  Phileas   Fogg ", 4, "easy", 99))
    seats = session.state.settings.seats
    assert [s.controller for s in seats] == ["human", "easy", "easy", "easy", "easy"]
    assert seats[0].name == "Phileas Fogg"
    assert len({s.colour for s in seats}) == 5
    assert session.human == 0
    assert session.seed == 99
    assert session.log[0].text.startswith("A new game: 5 players, game number 99.")
    assert any(line.kind == "turn_started" for line in session.log)


def test_a_missing_seed_is_drawn() -> None:
    a = Session.new(NewGameSettings(seed=None), entropy=random.Random(1))
    b = Session.new(NewGameSettings(seed=None), entropy=random.Random(2))
    assert a.seed != b.seed


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        (NewGameSettings(opponents=1), "between 2 and 6"),
        (NewGameSettings(opponents=7), "between 2 and 6"),
        (NewGameSettings(level="no-such-level"), "unknown level"),
        (NewGameSettings(seed=-1), "seed"),
    ],
)
def test_bad_settings_are_refused(settings: NewGameSettings, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Session.new(settings)


def test_parse_seed() -> None:
    assert parse_seed("") is None
    assert parse_seed(" 42 ") == 42
    with pytest.raises(ValueError, match="whole number"):
        parse_seed("forty-two")
    with pytest.raises(ValueError, match="whole number from 0"):
        parse_seed("-3")


def test_seat_specs_put_the_human_first() -> None:
    specs = seat_specs(NewGameSettings("Nellie", 2, "hard", 1))
    assert [(s.name, s.controller) for s in specs] == [
        ("Nellie", "human"),
        ("Lady Beatrice", "hard"),
        ("Colonel Pembroke", "hard"),
    ]


def test_human_moves_only_on_their_turn() -> None:
    session = Session.new(NewGameSettings(seed=3))
    if session.human_to_move:
        session.act(legal_actions(session.state)[0])
    session.run_ai_turns()
    assert session.human_to_move or session.is_over
    state = session.state
    with pytest.raises(IllegalActionError):
        session.act("step:nowhere")
    assert session.state is state, "a refused move leaves the game unchanged"
    with pytest.raises(ValueError):
        session.act("dance")


def test_ai_turns_run_until_the_human_must_decide() -> None:
    session = Session.new(NewGameSettings(seed=11))
    while session.human_to_move:
        session.act("stay")
    lines = session.run_ai_turns()
    assert session.human_to_move
    assert lines, "the bots' moves are logged"
    with pytest.raises(RuntimeError):
        next(session.think())


def test_thinking_yields_slices_then_one_legal_action() -> None:
    session = Session.new(NewGameSettings(seed=11))
    while session.human_to_move:
        session.act("stay")
    items = list(session.think())
    assert items[-1] is not None and all(i is None for i in items[:-1])
    assert items[-1] in legal_actions(session.state)
    session.play(items[-1])


def test_the_normal_thinking_time_is_the_ai_default_budget() -> None:
    from park.ai import DEFAULT_BUDGET
    from park.ui.setup.settings import DEFAULT_THINKING, THINKING_TIMES

    assert THINKING_TIMES[DEFAULT_THINKING] == DEFAULT_BUDGET


class _Recording(BotBase):
    """A bot that notes the budget it is given and plays the first legal action."""

    def __init__(self, budgets: list[float | None]) -> None:
        self.budgets = budgets

    def decide_in_slices(
        self,
        view: Observation,
        legal: Sequence[Action],
        rng: random.Random,
        budget: float | None = None,
    ) -> Iterator[Action | None]:
        self.budgets.append(budget)
        yield legal[0]


@pytest.mark.parametrize("level", AI_LEVELS)
def test_each_bot_thinks_its_levels_time_for_the_pages_setting(
    level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each level as if it thought twice the setting's time (where it thinks on a budget at all).
    stretched = {entry.name: replace(entry, thinking=2.0) for entry in LEVELS}
    monkeypatch.setattr(levels, "_BY_NAME", stretched)
    budgets: list[float | None] = []
    seats = [SeatSpec("Ada"), SeatSpec("Bo", "#2471a3", level), SeatSpec("Cy", "#1e8449", level)]
    session = Session(new_game(seats, 11, first_seat=1), bot_factory=lambda _: _Recording(budgets))
    list(session.think(0.5))
    assert budgets == [thinking_time(level, 0.5)]
    session.run_ai_turns(0.5)
    list(session.suggest(level, 0.5))  # autoplay: a bot of ``level`` for the human
    assert set(budgets) == {thinking_time(level, 0.5)}


def test_a_session_names_its_seats_levels() -> None:
    session = Session.new(NewGameSettings(opponents=2, level="hard", seed=11))
    assert session.ai_levels == {"hard"}
    assert [session.level_of(seat) for seat in range(3)] == ["human", "hard", "hard"]
    assert Session.new(NewGameSettings(level="easy", seed=11)).ai_levels == {"easy"}


def test_the_log_shows_no_opponents_hand() -> None:
    session = Session.new(NewGameSettings(seed=21))
    _play_randomly(session, random.Random(4), 200)
    text = "\n".join(line.text for line in session.log)
    assert "You drew" in text or "drew a card" in text
    for line in session.log:
        if line.kind == "drew_card":
            assert line.seat == session.human


def test_marketplace_exchange_discards_then_draws() -> None:
    rng = random.Random(8)
    for seed in range(1, 40):
        session = Session.new(NewGameSettings(seed=seed))
        for _ in range(300):
            session.run_ai_turns()
            if session.is_over or session.state.phase is Phase.MARKET:
                break
            legal = legal_actions(session.state)
            steps = [a for a in legal if str(a) == "step:market"]
            session.act(steps[0] if steps else legal[rng.randrange(len(legal))])
        if session.state.phase is Phase.MARKET and session.human_to_move:
            break
    else:
        pytest.fail("no game reached the Marketplace")
    hand = session.observation().hand
    cards = session.state.rules.cards
    chosen = [cards[c].id for c in hand[:2]]
    with pytest.raises(IllegalActionError):
        session.exchange([chosen[0], chosen[0]])
    with pytest.raises(IllegalActionError):
        session.exchange(["not-a-card"])
    assert session.state.phase is Phase.MARKET, "a refused exchange changes nothing"
    lines = session.exchange(chosen)
    texts = [line.text for line in lines]
    assert sum("discarded" in t for t in texts) == len(chosen)
    assert any("replacement card" in t for t in texts)
    assert len(session.observation().hand) == len(hand)
    assert session.state.phase is not Phase.MARKET or not session.human_to_move


def test_save_and_resume_the_same_game() -> None:
    session = Session.new(NewGameSettings("Nellie", 3, "easy", 5))
    _play_randomly(session, random.Random(2), 40)
    text = session.save_text()
    resumed = Session.resume(text)
    assert resumed.state == session.state
    assert resumed.human == session.human
    assert resumed.log[-1].text == "The saved game was resumed."
    original = [line.text for line in session.log if line.kind != "setup"]
    rebuilt = [line.text for line in resumed.log if line.kind != "setup"]
    assert rebuilt[-len(original) :] == original[-len(rebuilt) :]
    assert resumed.view().decision == session.view().decision


def test_resume_or_new() -> None:
    assert resume_or_new(None) == (None, None)
    assert resume_or_new("  ") == (None, None)
    session, message = resume_or_new('{"format": "park-save", "version": 1')
    assert session is None
    assert message is not None and message.startswith("Your saved game could not be resumed.")
    assert "damaged" in message
    good = Session.new(NewGameSettings(seed=6)).save_text()
    session, message = resume_or_new(good)
    assert session is not None and message is None


def test_a_save_without_a_human_seat_is_refused() -> None:
    state = new_game([SeatSpec(name, "#111111", "easy") for name in "ABC"], 1)
    with pytest.raises(SaveError, match="needs a human seat"):
        Session.resume(dumps(state))


def test_an_unknown_ai_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown AI level"):
        make_bot("no-such-level")


def test_autoplay_suggestions_are_legal() -> None:
    session = Session.new(NewGameSettings(seed=13))
    session.run_ai_turns()
    items = list(session.suggest("easy"))
    assert items[-1] in legal_actions(session.state)


def test_a_whole_game_ends_with_a_winner() -> None:
    session = finish_session(Session.new(NewGameSettings("Nellie", 6, "easy", 2)))
    assert session.is_over, "7-player games end"
    view = session.view()
    assert view.over is not None
    assert view.over.standings[0].score >= session.state.target


def test_news_is_the_humans_own_scoring() -> None:
    session = Session.new(NewGameSettings(seed=3))
    scored = LogLine(
        "You scored an expedition to Africa for 30 points.", session.human, "scored", 0
    )
    rival = LogLine("Lady Agatha scored an expedition.", session.human + 1, "scored", 0)
    step = LogLine("You stepped to the Gentlemen's Club.", session.human, "stepped", 0)
    assert session.news([step, scored]) == scored.text
    assert session.news([step, rival]) is None
    assert session.news([]) is None


def test_the_page_reads_the_turn_the_seat_to_move_and_the_decisions_made() -> None:
    session = Session.new(NewGameSettings(seed=5))
    assert (session.turn, session.active, session.actions_played) == (
        session.state.turn,
        session.state.active,
        0,
    )
    assert session.active == session.human and session.human_to_move
    turn = session.turn
    bot_move(session)
    assert session.actions_played == 1
    session.run_ai_turns()
    assert session.active == session.state.active
    assert session.human_to_move or session.is_over
    assert session.turn != turn or session.actions_played == 1


def test_human_at_marketplace_only_while_choosing_cards_there() -> None:
    session = Session.new(NewGameSettings(seed=5))
    assert not session.human_at_marketplace
    for _ in range(2000):
        if session.is_over or session.human_at_marketplace:
            break
        session.run_ai_turns()
        if session.human_to_move:
            assert not session.human_at_marketplace or session.state.phase is Phase.MARKET
            bot_move(session)
    assert session.human_at_marketplace == (
        session.human_to_move and session.state.phase is Phase.MARKET
    )


def test_exchange_actions_discard_each_chosen_card_then_finish() -> None:
    assert [str(a) for a in exchange_actions(["a", "b"])] == [
        str(Discard("a")),
        str(Discard("b")),
        EXCHANGE,
    ]
    assert [str(a) for a in exchange_actions([])] == [EXCHANGE] == ["exchange"]


def test_a_resumed_log_is_the_replayed_chronicle() -> None:
    session = Session.new(NewGameSettings(seed=11))
    for _ in range(6):
        session.run_ai_turns()
        if session.is_over:
            break
        bot_move(session)
    chronicle, last_human = replayed(session.state, session.names, session.humans, session.cards)
    assert last_human == session.human
    assert [line.text for line in chronicle.log] == [line.text for line in session.log][1:]
    assert turn_started(session.state)[0].data["turn"] == session.turn


def test_the_human_position_follows_the_human_pawn() -> None:
    session = Session.new(NewGameSettings(seed=3))
    session.run_ai_turns()
    assert session.human_position == session.state.seats[session.human].position
    step = next(a for a in legal_actions(session.state) if isinstance(a, Step))
    session.act(step)
    assert session.human_position == step.space
