"""Hot-seat (issue 11): several humans at one device.

Every hand is hidden between two human turns, a human's view never holds another human's hand
(R104), the log holds public events only, and each human is told what happened since their own last
turn.
"""

from __future__ import annotations

import pytest

from park import IllegalActionError, Phase
from park.engine.events import Event
from park.engine.state import GameState
from park.ui.game.chronicle import Chronicle
from park.ui.game.screen import hidden_hand, screen_parts
from park.ui.game.session import Session
from park.ui.setup.seats import seat_specs
from park.ui.setup.settings import NewGameSettings
from tests.ui.helpers import bot_move, decisions

TABLE = NewGameSettings("Ada", 2, "easy", 31, True, ("Bob",))


def _hand_ids(state: GameState, seat: int) -> set[str]:
    return {state.rules.cards[c].id for c in state.seats[seat].hand}


def _markup(session: Session) -> str:
    parts = screen_parts(session)
    return " ".join([*parts.markup.values(), *parts.text.values(), parts.hint_text])


def test_the_form_seats_the_humans_first_then_the_ai_opponents() -> None:
    seats = seat_specs(TABLE.validated())
    assert [(s.name, s.controller) for s in seats] == [
        ("Ada", "human"),
        ("Bob", "human"),
        ("Lady Beatrice", "easy"),
        ("Colonel Pembroke", "easy"),
    ]
    assert len({s.colour for s in seats}) == 4


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        (NewGameSettings("Ada", 0, others=("Bob",)), "between 1 and 5 AI opponents"),
        (NewGameSettings("Ada", 6, others=("Bob",)), "between 1 and 5 AI opponents"),
        (
            NewGameSettings("Ada", 0, others=("Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")),
            "at most 7",
        ),
        (NewGameSettings("Ada", 1, others=("B", "C", "D", "E", "F", "G")), "fill the table"),
        (NewGameSettings("Ada", 1, others=("ada",)), "name of another player"),
        (NewGameSettings("Ada", 2, others=("Lady Beatrice",)), "name of an opponent"),
    ],
)
def test_a_table_has_three_to_seven_seats_with_unique_names(
    settings: NewGameSettings, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Session.new(settings)


def test_three_humans_may_play_without_any_ai() -> None:
    session = Session.new(NewGameSettings("Ada", 0, "easy", 5, True, ("Bob", "Cy")))
    assert session.humans == (0, 1, 2)
    assert session.ai_levels == frozenset()
    assert session.settings_again().others == ("Bob", "Cy")


def test_blank_names_of_other_humans_are_numbered() -> None:
    assert NewGameSettings("Ada", 1, others=(" ", "")).validated().others == (
        "Player 2",
        "Player 3",
    )


def test_no_hand_is_shown_until_the_human_to_move_shows_theirs() -> None:
    session = Session.new(TABLE)
    session.run_ai_turns()
    assert session.human_to_move and session.privacy_needed
    assert session.observation().hand == ()
    assert screen_parts(session).markup["hand"] == hidden_hand()
    before = session.state
    with pytest.raises(IllegalActionError, match="must show their hand first"):
        session.act(
            session.view().decision.buttons[0].action if session.view().decision.buttons else "stay"
        )
    assert session.state is before
    session.show_hand()
    assert not session.privacy_needed
    assert session.observation().hand == session.state.seats[session.human].hand


def test_show_hand_is_refused_during_an_ai_turn() -> None:
    session = Session.new(TABLE)
    while session.human_to_move:
        session.show_hand()
        bot_move(session)
    with pytest.raises(IllegalActionError):
        session.show_hand()


def test_a_whole_hot_seat_game_never_shows_another_humans_hand() -> None:
    session = Session.new(TABLE)
    humans = set(session.humans)
    seen_both = set()
    for _ in decisions(session, 4000):
        if session.ai_to_move:  # during the AI's turns no hand at all is shown
            assert session.observation().hand == ()
            continue
        if session.privacy_needed:
            text = _markup(session)
            for seat in humans:
                assert not any(f'data-card="{c}"' in text for c in _hand_ids(session.state, seat))
            session.show_hand()
        me = session.human
        seen_both.add(me)
        text = _markup(session)
        for seat in humans - {me}:
            hidden = _hand_ids(session.state, seat)
            assert not any(f'data-card="{c}"' in text for c in hidden)
            assert not any(c in text for c in hidden if c not in _hand_ids(session.state, me))
        assert {session.state.rules.cards[c].id for c in session.observation().hand} == (
            _hand_ids(session.state, me)
        )
    assert session.state.phase is Phase.OVER
    assert seen_both == humans
    parts = screen_parts(session)
    winner = session.names[session.state.winner or 0]
    assert parts.game_over is not None and f"{winner} wins with" in parts.game_over
    assert "You win" not in parts.game_over and ">You<" not in parts.game_over


def test_the_log_of_a_hot_seat_game_holds_public_events_only() -> None:
    session = Session.new(TABLE)
    for _ in range(60):
        if session.ai_to_move:
            session.run_ai_turns()
        else:
            session.show_hand()
            bot_move(session)
    assert session.chronicle.reader is None
    assert not any(line.kind == "drew_card" for line in session.log)
    assert not any(line.text.startswith("You ") for line in session.log)


def test_a_resumed_hot_seat_game_asks_for_the_hand_again() -> None:
    session = Session.new(TABLE)
    session.run_ai_turns()
    session.show_hand()
    bot_move(session)
    again = Session.resume(session.save_text())
    assert again.humans == (0, 1)
    assert again.state == session.state
    if again.human_to_move:
        assert again.privacy_needed


def test_each_human_is_told_what_happened_since_their_own_last_turn() -> None:
    names = ["Ada", "Bob", "Lady Agatha"]
    chronicle = Chronicle(names, (0, 1), {}, Session.new(TABLE).state.rules.board)
    first = Session.new(TABLE).state.rules.board.park_space(3)
    bob_catches_ada = [
        Event("card_played", 1, {"card": "x", "space": first}),
        Event("park_moved", None, {"origin": 2, "to": first, "number": 3, "seats": [0]}),
        Event("months_lost", 0, {"months": 3, "reason": "park_landed"}),
    ]
    chronicle.events(bob_catches_ada, 1)
    ada = [line.text for line in chronicle.since_last_turn(0, months=0, months_needed=6)]
    bob = [line.text for line in chronicle.since_last_turn(1, months=2, months_needed=6)]
    assert any("Bob played" in text and "caught you" in text for text in ada)
    assert not any("caught you" in text for text in bob)
    private = Event("drew_card", 1, {"card": "x"}, private_to=1)
    chronicle.events([private], 1)
    assert chronicle.new_cards(1) == {"x"} and chronicle.new_cards(0) == frozenset()
    assert chronicle.recent == ()  # the public log's reader may not see Bob's draw


def test_a_solo_game_still_speaks_to_its_one_human() -> None:
    session = Session.new(NewGameSettings("Ada", 2, "easy", 8))
    assert not session.mode.hot_seat and session.hand_shown
    assert session.chronicle.reader == 0
    session.run_ai_turns()
    assert screen_parts(session).text["hand-title"] == "Your hand"
