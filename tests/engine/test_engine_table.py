"""The table behind ``apply`` copies a state by the state's own field list (issue 14).

A field added to ``GameState`` or ``SeatState`` is carried through ``apply`` without a second
hand-written copy, and a seat is copied only when an action changes it.
"""

from __future__ import annotations

import typing
from dataclasses import fields

from park import GameState, SeatState, Stay, apply, new_game
from park.engine.table import EDITED_IN_PLACE, SEAT_EDITED_IN_PLACE, Table, TableSeat


def test_table_holds_every_state_field() -> None:
    state = new_game(4, 6)
    table = Table(state)
    for field in fields(GameState):
        value = getattr(state, field.name)
        copied = getattr(table, field.name)
        if field.name in EDITED_IN_PLACE:
            assert type(copied) is list and copied == list(value), field.name
        else:
            assert copied is value, field.name
    assert {f.name for f in fields(GameState)} <= set(typing.get_type_hints(Table))


def test_table_seat_has_the_seat_fields_in_order() -> None:
    assert [f.name for f in fields(TableSeat)] == [f.name for f in fields(SeatState)]


def test_fields_edited_in_place_are_tuples_in_the_state() -> None:
    state = new_game(4, 3)
    for name in EDITED_IN_PLACE:
        assert type(getattr(state, name)) is tuple
    for name in SEAT_EDITED_IN_PLACE:
        assert type(getattr(state.seats[0], name)) is tuple


def test_copy_and_freeze_give_back_an_equal_state() -> None:
    state = new_game(5, 8)
    assert Table(state).freeze(state.log) == state


def test_seats_an_action_does_not_touch_are_shared_with_the_state_before() -> None:
    state = new_game(4, 2, first_seat=0)
    after, _ = apply(state, Stay())  # seat 0 ends its turn; seat 1 begins (R15)
    assert after.seats[2] is state.seats[2]
    assert after.seats[3] is state.seats[3]
    assert after.seats[1].months == state.seats[1].months + 1
    assert state.seats[1].months == 0  # the state before is unchanged
