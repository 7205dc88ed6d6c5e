"""Fixtures of the engine's tests.

One game at its start, in its middle and at its end, for the save tests.
"""

from __future__ import annotations

import pytest

from park import GameState, Options, SeatSpec, new_game
from tests.engine.helpers import play_random


@pytest.fixture(scope="session")
def start() -> GameState:
    """A 4-player game at its first decision, with named seats (one non-ASCII)."""
    seats: list[str | SeatSpec] = [
        SeatSpec("Ada", "#c0392b", "human"),
        "Zoë",
        SeatSpec("北", controller="easy"),
        "Bo",
    ]
    return new_game(seats, 2024, options=Options(fad_tie="redraw"))


@pytest.fixture(scope="session")
def mid_game(start: GameState) -> GameState:
    """The same game 150 random actions later."""
    return play_random(start, 150, seed=7)


@pytest.fixture(scope="session")
def game_over() -> GameState:
    """A random 5-player game played to its end."""
    state = play_random(new_game(5, 99), None, seed=3)
    assert state.is_over
    return state
