"""park.ui.game.transfer: a record and a game in progress exported as files and imported again.

A bad file refused with a reason.
"""

from __future__ import annotations

import pytest

from park.ui.game.session import Session
from park.ui.game.transfer import (
    MAX_FILE_BYTES,
    ImportProblem,
    game_file_name,
    read_game_file,
    read_record_file,
    record_file_name,
    too_large,
)
from park.ui.record.store import dumps_record, empty_record
from park.ui.setup.settings import NewGameSettings


def test_file_names_carry_the_day() -> None:
    assert game_file_name("2026-12-02") == "park-game-2026-12-02.json"
    assert record_file_name("2026-12-02") == "park-record-2026-12-02.json"


def test_a_game_round_trips_through_a_file() -> None:
    session = Session.new(NewGameSettings("Ada", 3, "easy", 5))
    session.run_ai_turns()
    text = session.save_text(revision=4)
    imported = read_game_file(text)
    assert imported.state == session.state
    assert imported.save_text(revision=4) == text


def test_a_record_round_trips_through_a_file() -> None:
    record = empty_record()
    assert read_record_file(dumps_record(record)) == record


@pytest.mark.parametrize(
    "text",
    ["", "   ", "{", '{"format": "park-save", "version": 2}', '{"format": "park-record"}',
     "<script>alert(1)</script>", "[" * 10_000, '{"format": "park-save", "version": 99}'],
)  # fmt: skip
def test_a_hostile_game_file_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(ImportProblem, match="could not be opened"):
        read_game_file(text)


def test_a_changed_game_file_is_refused() -> None:
    session = Session.new(NewGameSettings("Ada", 3, "easy", 5))
    text = session.save_text().replace('"Ada"', '"Eve"')
    with pytest.raises(ImportProblem, match="checksum"):
        read_game_file(text)


@pytest.mark.parametrize(
    "text",
    ["", "{", '{"format": "park-save"}', '{"format": "park-record", "version": 1}',
     '{"format": "park-record", "version": 7}', "[" * 10_000],
)  # fmt: skip
def test_a_hostile_record_file_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(ImportProblem, match="could not be imported"):
        read_record_file(text)


def test_a_file_too_large_is_refused_before_it_is_read() -> None:
    assert too_large(MAX_FILE_BYTES) is None
    problem = too_large(MAX_FILE_BYTES + 1)
    assert problem is not None and "too large" in str(problem)
