"""new_game rejects bad settings with a clear ValueError (and saves holding them a SaveError)."""

from __future__ import annotations

import json

import pytest

from park import SaveError, SeatSpec, dumps, loads, new_game
from park.engine.save import _checksum


def test_first_seat_must_be_an_integer_not_a_boolean() -> None:
    with pytest.raises(ValueError, match="first_seat"):
        new_game(4, 1, first_seat=True)


def test_a_seat_name_that_is_not_valid_text_is_refused() -> None:
    with pytest.raises(ValueError, match="not valid text"):
        new_game([SeatSpec("\ud800"), "B", "C"], 1)


def test_a_save_with_a_boolean_first_seat_is_refused_with_a_save_error() -> None:
    payload = json.loads(dumps(new_game(4, 5)))
    payload.pop("checksum")
    payload["settings"]["first_seat"] = True
    payload["checksum"] = _checksum(payload)
    with pytest.raises(SaveError, match="settings are invalid"):
        loads(json.dumps(payload))
