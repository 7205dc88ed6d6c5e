"""The replay (issue 11).

Every step equals the state reached by applying that many of the game's actions, a seat's view holds
that seat's hand only (R104), and everything (every hand and the deck) is shown only once the game
is over.
"""

from __future__ import annotations

import pytest

from park import Phase
from park.engine.state import GameState
from park.ui.game.session import Session
from park.ui.replay.html import EVERYTHING, replay_parts, viewer_options, viewer_seat
from park.ui.replay.model import Replay
from park.ui.setup.settings import NewGameSettings
from tests.ui.helpers import decisions


def _played(
    seed: int, *, finish: bool = True, limit: int = 10_000
) -> tuple[Session, list[GameState]]:
    """A game where a bot plays the human seat, with every state the session went through.

    The game goes to its end, or 80 decisions in when not ``finish``.
    """
    session = Session.new(NewGameSettings("Ada", 3, "easy", seed))
    states = [s.state for s in decisions(session, limit if finish else 80)]
    return session, [*states, session.state]


@pytest.fixture(scope="module")
def game() -> tuple[Session, list[GameState], Replay]:
    session, states = _played(17)
    return session, states, Replay(session.state)


def test_every_step_is_the_state_reached_by_that_many_actions(
    game: tuple[Session, list[GameState], Replay],
) -> None:
    session, states, replay = game
    assert replay.last == len(session.state.log) == len(states) - 1
    for index, state in enumerate(states):
        assert replay.state_at(index) == state
    with pytest.raises(IndexError):
        replay.state_at(replay.last + 1)


def test_turns_start_where_the_turn_number_changes(
    game: tuple[Session, list[GameState], Replay],
) -> None:
    _, states, replay = game
    # decision k (leading to states[k]) is made in turn states[k - 1].turn
    made_in = [states[0].turn] + [states[k - 1].turn for k in range(1, len(states))]
    starts = [0] + [k for k in range(2, len(states)) if made_in[k] != made_in[k - 1]]
    assert replay.turn_starts == starts
    assert [replay.turn_of(k) for k in range(len(states))] == made_in
    assert replay.turn_of(starts[3]) == made_in[starts[3] - 1] + 1
    assert replay.slider_index(3) == starts[3]
    assert replay.slider_index(len(starts) - 1) == replay.last  # the slider's end: the end
    middle = starts[5] + 1
    assert replay.next_turn(middle) == starts[6]
    assert replay.previous_turn(middle) == starts[5]
    assert replay.previous_turn(starts[5]) == starts[4]
    assert replay.next_turn(replay.last) == replay.last
    assert replay.previous_turn(0) == 0


def _hand_ids(state: GameState, seat: int) -> set[str]:
    return {state.rules.cards[c].id for c in state.seats[seat].hand}


def test_a_seats_view_shows_its_hand_and_never_another(
    game: tuple[Session, list[GameState], Replay],
) -> None:
    _, _, replay = game
    for index in range(0, replay.last, 7):
        state = replay.state_at(index)
        for seat in range(len(state.seats)):
            parts = replay_parts(replay, index, str(seat), {c.id: c for c in state.rules.cards})
            text = " ".join(parts.markup.values())
            assert all(
                f'data-card="{c}"' in parts.markup["replay-hands"] for c in _hand_ids(state, seat)
            )
            for other in set(range(len(state.seats))) - {seat}:
                assert not any(f'data-card="{c}"' in text for c in _hand_ids(state, other))


def _caption(game: tuple[Session, list[GameState], Replay], index: int, viewer: str) -> str:
    """The replay's caption at step ``index`` of the module's game.

    Seen as ``viewer`` (a seat's number, or ``EVERYTHING``).
    """
    session, _, replay = game
    return replay_parts(replay, index, viewer, session.cards).markup["replay-caption"]


def test_an_ai_seats_view_says_it_decided_from_this_alone(
    game: tuple[Session, list[GameState], Replay],
) -> None:
    session, _, _ = game
    ai_seat = _caption(game, 30, "2")
    assert "Every decision it made was based on this alone" in ai_seat
    assert f"What {session.names[2]} (Easy AI) knew then" in ai_seat
    assert "What Ada knew then" in _caption(game, 30, "0")


def test_everything_shows_every_hand_and_the_deck_after_the_game(
    game: tuple[Session, list[GameState], Replay],
) -> None:
    session, _, replay = game
    index = 40
    state = replay.state_at(index)
    hands = replay_parts(replay, index, EVERYTHING, session.cards).markup["replay-hands"]
    for seat in range(len(state.seats)):
        assert all(f'data-card="{c}"' in hands for c in _hand_ids(state, seat))
    next_card = state.rules.cards[state.deck[0]].id
    assert f'data-card="{next_card}"' in hands
    assert viewer_options(replay)[-1][0] == EVERYTHING


def test_everything_is_refused_before_the_game_is_over() -> None:
    session, _ = _played(5, finish=False)
    assert session.state.phase is not Phase.OVER
    replay = Replay(session.state)
    with pytest.raises(ValueError, match="only once the game is over"):
        viewer_seat(EVERYTHING, replay)
    assert EVERYTHING not in [value for value, _ in viewer_options(replay)]
    with pytest.raises(ValueError, match="no seat"):
        viewer_seat("9", replay)


def test_the_caption_says_what_the_last_decision_did(
    game: tuple[Session, list[GameState], Replay],
) -> None:
    session, _, replay = game
    assert "The deal" in _caption(game, 0, "0")
    assert replay_parts(replay, 0, "0", session.cards).label == (
        f"Turn 1 of {len(replay.turn_starts)}"
    )
    caption = _caption(game, 10, EVERYTHING)
    assert f"{session.names[replay.steps[9].actor]}" in caption
    assert "decision 10 of" in caption
