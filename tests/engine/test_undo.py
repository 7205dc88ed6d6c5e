"""Undo (issue 15).

A seat takes back its own decisions of this turn, back to the last draw, Fad reveal or shuffle;
``undo`` replays the log without its last action.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from park import (
    Discard,
    FinishExchange,
    GameState,
    IllegalActionError,
    Phase,
    PlayCard,
    Score,
    Stay,
    Step,
    UndoError,
    apply,
    can_undo,
    dumps,
    legal_actions,
    loads,
    new_game,
    undo,
)
from park.engine.terms import CAFE, CLUB
from tests.engine.helpers import P1, position, random_playout


def _kind(state: GameState, space: str) -> str:
    return state.rules.board.by_id[space].kind


def _playouts(seed: int, actions: int = 400) -> list[tuple[GameState, object, GameState]]:
    start = new_game(4, seed)
    return [(b, a, after) for b, a, after, _ in random_playout(start, seed, actions)]


def test_nothing_can_be_undone_when_a_turn_begins() -> None:
    state = new_game(4, 11)
    assert not can_undo(state)
    with pytest.raises(UndoError, match="turn has just begun"):
        undo(state)


def test_a_step_into_a_shop_is_taken_back() -> None:
    for before, action, after in _playouts(3):
        if isinstance(action, Step) and after.phase is Phase.PLAY and after.active == before.active:
            assert can_undo(after, after.active)
            back = undo(after, after.active)
            assert back == before and list(back.log) == list(before.log)
            return
    pytest.fail("no step into a shop in the playout")


def test_a_card_played_is_taken_back_with_captain_parks_move() -> None:
    found = 0
    for seed in range(1, 40):
        for before, action, after in _playouts(seed):
            if isinstance(action, PlayCard) and can_undo(after):
                back = undo(after)
                assert back == before
                assert back.park == before.park != after.park
                assert [s.months for s in back.seats] == [s.months for s in before.seats]
                found += 1
        if found >= 5:
            return
    pytest.fail("too few card plays found")


def test_months_lost_to_captain_park_come_back_with_the_card() -> None:
    for seed in range(1, 200):
        for before, action, after in _playouts(seed):
            lost = [
                i
                for i, (b, a) in enumerate(zip(before.seats, after.seats, strict=True))
                if a.months < b.months and i != before.active
            ]
            if isinstance(action, PlayCard) and lost and can_undo(after):
                back = undo(after)
                assert [s.months for s in back.seats] == [s.months for s in before.seats]
                return
    pytest.fail("Captain Park never landed on anyone after a card")


@pytest.mark.parametrize("kind", [CAFE, CLUB])
def test_a_step_that_draws_a_card_cannot_be_taken_back(kind: str) -> None:
    for seed in range(1, 40):
        for _, action, after in _playouts(seed):
            if (
                isinstance(action, Step)
                and _kind(after, action.space) == kind
                and after.seats[after.active].position == action.space
            ):
                assert not can_undo(after)
                return
    pytest.fail(f"no step into a {kind}")


def test_the_marketplace_exchange_cannot_be_taken_back_but_a_discard_can() -> None:
    discards = exchanges = 0
    for seed in range(1, 80):
        for before, action, after in _playouts(seed, 600):
            if isinstance(action, Discard):
                assert can_undo(after) and undo(after) == before
                discards += 1
            elif isinstance(action, FinishExchange) and after.phase is not Phase.OVER:
                drew = len(after.deck) != len(before.deck) or after.shuffles != before.shuffles
                assert can_undo(after) is (not drew and after.turn == before.turn)
                exchanges += drew
        if discards and exchanges:
            return
    pytest.fail("no Marketplace visit in the playouts")


def test_scoring_cannot_be_taken_back() -> None:
    for seed in range(1, 200):
        for _, action, after in _playouts(seed, 800):
            if isinstance(action, Score):
                assert not can_undo(after)  # the Fad card was turned over (R95)
                return
    pytest.fail("nobody scored in the playouts")


def test_only_the_seat_to_decide_may_undo() -> None:
    for before, _, after in _playouts(5):
        if can_undo(after):
            other = (after.active + 1) % len(after.seats)
            assert not can_undo(after, other)
            with pytest.raises(UndoError, match="not your turn"):
                undo(after, other)
            assert undo(after, after.active) == before
            return
    pytest.fail("nothing undoable in the playout")


def test_undo_error_is_an_illegal_action_error_and_changes_nothing() -> None:
    state = new_game(3, 2)
    text = dumps(state)
    with pytest.raises(IllegalActionError):
        undo(state)
    assert dumps(state) == text


def test_several_decisions_are_taken_back_one_at_a_time() -> None:
    for seed in range(1, 60):
        steps = _playouts(seed)
        for i in range(len(steps) - 1):
            (b1, _, a1), (b2, _, a2) = steps[i], steps[i + 1]
            if a1 is b2 and can_undo(a2) and can_undo(a1):
                assert undo(undo(a2)) == b1
                return
    pytest.fail("no two undoable decisions in a row")


def test_a_resumed_save_keeps_what_can_be_undone() -> None:
    for _, _, after in _playouts(8):
        if can_undo(after):
            resumed = loads(dumps(after))
            assert can_undo(resumed) and undo(resumed) == undo(after)
            return
    pytest.fail("nothing undoable in the playout")


def test_a_position_not_reached_by_its_log_is_refused() -> None:
    built = position(active=P1, park=5)  # the setup has Captain Park elsewhere
    state, _ = apply(built, Stay())
    step = next(
        a
        for a in legal_actions(state)
        if isinstance(a, Step) and _kind(state, a.space) not in (CAFE, CLUB)
    )
    state, _ = apply(state, step)
    assert can_undo(state)
    with pytest.raises(UndoError, match="not reached by its moves"):
        undo(state)


def test_the_game_over_cannot_be_undone() -> None:
    state = replace(new_game(4, 1), phase=Phase.OVER, winner=0)
    assert not can_undo(state)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 7))
def test_undo_always_gives_the_state_decided_from(seed: int, players: int) -> None:
    state = new_game(players, seed)
    for before, action, after, _ in random_playout(state, seed, 150):
        if can_undo(after):
            assert after.active == before.active and after.turn == before.turn
            back = undo(after)
            assert back == before and list(back.log) == list(before.log)
            assert action in legal_actions(back)
        elif after.phase is not Phase.OVER and after.turn == before.turn:
            assert len(after.deck) != len(before.deck) or after.shuffles != before.shuffles
