"""Helpers for the save tests: random play, the checksum recipe, and reading a SaveError.

Tests that change a field and want to get past the checksum recompute it with
:func:`with_checksum`, which follows the documented recipe independently of the engine's
private helper.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from park import GameState, SaveError, apply, dumps, legal_actions, loads


def play_random(state: GameState, actions: int | None, seed: int = 0) -> GameState:
    """Apply up to ``actions`` random legal actions (``None``: until the game is over)."""
    rng = random.Random(seed)
    count = 0
    while not state.is_over and (actions is None or count < actions):
        state, _ = apply(state, rng.choice(legal_actions(state)))
        count += 1
    return state


def with_checksum(payload: dict[str, Any]) -> str:
    """The save text of ``payload`` with a correct checksum: SHA-256 of the canonical JSON of
    every other field (sorted keys, no spaces, UTF-8)."""
    rest = {k: v for k, v in payload.items() if k != "checksum"}
    canonical = json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return json.dumps({**rest, "checksum": hashlib.sha256(canonical.encode()).hexdigest()})


def payload_of(state: GameState) -> dict[str, Any]:
    """The parsed JSON of ``dumps(state)``."""
    result: dict[str, Any] = json.loads(dumps(state))
    return result


def load_error(text: str | bytes) -> str:
    """The message of the ``SaveError`` that loading ``text`` raises (fails if none is raised)."""
    with pytest.raises(SaveError) as caught:
        loads(text)
    message = str(caught.value)
    assert_readable(message)
    return message


def assert_readable(message: str) -> None:
    """A message for a person: a capitalised sentence, no traceback or Python type names."""
    assert message and message[0].isupper(), message
    for jargon in ("Traceback", "KeyError", "TypeError", "JSONDecodeError"):
        assert jargon not in message, message
