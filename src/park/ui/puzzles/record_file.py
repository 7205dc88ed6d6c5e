"""The exported record file: the game record and the puzzle record together.

"Download your record" writes one file holding both records (:func:`record_file_text`):
``{"format": "park-record-file", "version": 1, "record": <the game record>, "puzzles": <the puzzle
record, or null>}``, each part exactly the text kept in storage, parsed. "Import a record"
(:func:`read_record_file`) reads it back, each part checked as strictly as in storage
(``park.ui.record.store.parse_record``, ``park.ui.puzzles.progress.parse_puzzle_record``), or an
older file holding the game record alone (``{"format": "park-record", ...}``), which brings no
puzzle record. A bad file raises :class:`~park.ui.game.transfer.ImportProblem` with a sentence for
the player and overwrites nothing; the page then replaces the records kept here with the file's
(the puzzle record only when the file has one).
"""

from __future__ import annotations

import json
from typing import Any

from park.engine.json_depth import json_depth
from park.ui.game.transfer import ImportProblem
from park.ui.game.transfer import read_record_file as read_game_record_file
from park.ui.lang.i18n import _
from park.ui.puzzles.progress import MAX_TEXT, PuzzleRecord, dumps_puzzle_record
from park.ui.puzzles.progress import parse_puzzle_record as parse_puzzles
from park.ui.record.store import (
    MAX_DEPTH,
    MAX_RECORD_CHARS,
    Record,
    RecordError,
    dumps_record,
    parse_record,
)

FILE_FORMAT = "park-record-file"
FILE_VERSION = 1
MAX_FILE_CHARS = MAX_RECORD_CHARS + MAX_TEXT + 1_000
"""Longest record file read: the two records at their longest, and the wrapping."""
MAX_FILE_DEPTH = MAX_DEPTH + 1
"""Deepest nesting of a record file: a game record's, one level down."""


def record_file_text(record_text: str | None, puzzles_text: str | None) -> str | None:
    """The record file of the records kept here (their texts in storage; ``None``: none kept).

    ``None`` when neither is kept. Without a puzzle record (or one this page cannot read), the file
    is the game record's text as it is, as before the puzzles travelled (an older page imports
    it); so is a game record this page cannot read (from a newer version of Park).
    """
    if record_text is None and puzzles_text is None:
        return None
    try:
        record = parse_record(record_text)
        puzzles = parse_puzzles(puzzles_text) if puzzles_text else None
    except RecordError:
        puzzles = None
    if puzzles is None:
        return record_text
    return dumps_record_file(record, puzzles)


def dumps_record_file(record: Record, puzzles: PuzzleRecord | None) -> str:
    """The text of a record file holding ``record`` and ``puzzles`` (``None``: no puzzle record)."""
    return json.dumps(
        {
            "format": FILE_FORMAT,
            "version": FILE_VERSION,
            "record": json.loads(dumps_record(record)),
            "puzzles": None if puzzles is None else json.loads(dumps_puzzle_record(puzzles)),
        },
        separators=(",", ":"),
    )


def _problem(reason: object) -> ImportProblem:
    return ImportProblem(_("This file could not be imported: {reason}").format(reason=reason))


def read_record_file(text: str) -> tuple[Record, PuzzleRecord | None]:
    """The game record and the puzzle record (``None``: the file has none) of a record file.

    Raises :class:`~park.ui.game.transfer.ImportProblem` saying why it cannot be imported: empty,
    too long, damaged, not a record, from a newer version, or either record damaged.
    """
    if not text.strip():
        return read_game_record_file(text), None  # which says the file is empty
    if len(text) > MAX_FILE_CHARS:
        raise _problem(_("it is far too long to be a Park record."))
    if json_depth(text, MAX_FILE_DEPTH) > MAX_FILE_DEPTH:
        raise _problem(_("it holds data nested deeper than any record."))
    try:
        payload: Any = json.loads(text)
    except (ValueError, RecursionError):
        payload = None
    if not isinstance(payload, dict) or payload.get("format") != FILE_FORMAT:
        return read_game_record_file(text), None  # a game record alone, or nothing of Park's
    version = payload.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _problem(_("it has no valid version."))
    if version > FILE_VERSION:
        raise _problem(
            _("it is from a newer version of Park (version {version}).").format(version=version)
        )
    if set(payload) != {"format", "version", "record", "puzzles"}:
        raise _problem(_("its entries are missing or unknown."))
    try:
        record = parse_record(json.dumps(payload["record"], separators=(",", ":")))
        puzzles = payload["puzzles"]
        return record, None if puzzles is None else parse_puzzles(
            json.dumps(puzzles, separators=(",", ":"))
        )
    except RecordError as exc:
        raise _problem(exc) from None
    except (ValueError, TypeError, RecursionError):  # none is known; still a sentence
        raise _problem(_("it holds data no record can contain.")) from None


__all__ = [
    "FILE_FORMAT",
    "FILE_VERSION",
    "dumps_record_file",
    "read_record_file",
    "record_file_text",
]
