"""Saves that could brick the page (issue 8) fail with a readable SaveError.

Too large, nested too deep, too many moves or rounds, and seats the page could not draw or play.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from park import GameState, SeatSpec, Stay, apply, dumps, loads, new_game
from park.engine.save import MAX_ACTIONS, MAX_DEPTH, MAX_ROUNDS, MAX_SAVE_CHARS
from tests.engine.helpers import load_error, payload_of, with_checksum


def test_a_save_too_large_is_refused_before_it_is_read() -> None:
    assert "too large" in load_error("{" + " " * MAX_SAVE_CHARS + "}")


@pytest.mark.parametrize("opening", ["[", '{"a":'])
def test_deep_nesting_is_refused_before_it_is_parsed(opening: str) -> None:
    # 100,000 levels overflow the JavaScript stack under Pyodide's parser: never parse them.
    closing = "]" if opening == "[" else "}"
    assert "nested deeper" in load_error(opening * 100_000 + "1" + closing * 100_000)


def test_nesting_as_deep_as_allowed_is_parsed(mid_game: GameState) -> None:
    payload = payload_of(mid_game)
    payload["extra"] = json.loads("[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1))
    assert loads(with_checksum(payload)) == mid_game


def test_brackets_inside_names_do_not_count_as_nesting() -> None:
    state = new_game([SeatSpec("[[[[[[[[[[{{{{{{{{"), "Bo", 'Cy "}}}}}}}}]]]]]]]]"'], 2)
    assert loads(dumps(state)) == state


def test_more_moves_than_any_game_keeps_are_refused(mid_game: GameState) -> None:
    payload = payload_of(mid_game)
    payload["actions"] = ["stay"] * (MAX_ACTIONS + 1)
    assert f"{MAX_ACTIONS + 1:,} moves" in load_error(with_checksum(payload))


def test_a_game_longer_than_a_save_replays_is_saved_from_its_position() -> None:
    state = new_game(3, 1)
    for _ in range(MAX_ACTIONS + 1):  # every seat stays put, round after round
        state, _ = apply(state, Stay())
    assert state.round > MAX_ROUNDS
    payload = json.loads(dumps(state))
    assert payload["actions"] == [] and payload["start"] == payload["position"]
    assert loads(dumps(state)) == state


def test_a_move_too_long_to_be_a_move_is_refused(mid_game: GameState) -> None:
    payload = payload_of(mid_game)
    payload["actions"][0] = "step:" + "9" * 10_000
    message = load_error(with_checksum(payload))
    assert "Move 1" in message and "not a move" in message
    assert len(message) < 200


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("colour", 7),
        ("colour", ["#c0392b"]),
        ("colour", "red;background-image:url(http://other.host/x)"),
        ("controller", None),
        ("controller", {"level": "hard"}),
        ("controller", "no-such-level"),
        ("name", 42),
        ("name", ""),
        ("name", "A" * 200),
    ],
)
def test_a_seat_the_page_could_not_draw_or_play_is_refused(
    mid_game: GameState, field: str, value: Any
) -> None:
    payload = payload_of(mid_game)
    payload["settings"]["seats"][1][field] = value
    assert "settings are invalid" in load_error(with_checksum(payload))


def test_two_seats_with_one_name_are_refused(mid_game: GameState) -> None:
    payload = payload_of(mid_game)
    payload["settings"]["seats"][2]["name"] = "ada"
    assert "both called" in load_error(with_checksum(payload))
