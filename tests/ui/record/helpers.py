"""Helpers for the tests of Your record (``park.ui.record``): a game's result, a record of them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from park.ui.record.store import GameResult, Record, add_result, empty_record


def game_result(number: int = 1, **changes: Any) -> GameResult:
    """A 4-player game against normal AIs, numbered ``number`` (its game and score), as changed."""
    base = GameResult(
        game=f"{1000 + number}:{200 + number}",
        date="2026-12-01",
        level="normal",
        players=4,
        humans=1,
        place=2,
        score=80 + number,
        won=False,
        expeditions=3,
        longest=5,
    )
    return replace(base, **changes)


def record_of(*results: GameResult) -> Record:
    """An empty record with ``results`` added, in order."""
    record = empty_record()
    for result in results:
        record = add_result(record, result)
    return record
