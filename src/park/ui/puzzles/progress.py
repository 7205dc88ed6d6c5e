"""The person's puzzles in "Your record".

The puzzle rating, the puzzles tried (solved or not at the first try, and since version 2 the UTC
day of that try and the rating after it) and the days of the puzzle of the day, kept by the page as
versioned text (JSON) in the browser's storage beside the game record. A version-1 text still
reads: its tries have no day or rating (:meth:`PuzzleRecord.tries` says ``None``).

Only a puzzle's first try moves the rating (``park.ui.puzzles.rating``); trying it again is
practice. :func:`next_puzzle` picks the puzzle to offer: one not tried yet whose rating is
nearest the person's. A record text that is damaged, from a newer version or not a puzzle
record raises :class:`~park.ui.record.parts.RecordError` with a sentence for the player,
as the game record does; nothing else is raised.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, replace
from typing import Any

from park.ui.lang.i18n import _
from park.ui.puzzles.catalogue import Puzzle, PuzzleSet, with_theme
from park.ui.puzzles.rating import START_DEVIATION, START_RATING, rated
from park.ui.record.parts import RecordError

PUZZLE_RECORD_FORMAT = "park-puzzle-record"
PUZZLE_RECORD_VERSION = 2
"""The version this module writes; it reads this one and version 1 (tries without day or
rating)."""
MAX_TRIED = 2_000
"""Puzzles a record remembers at most (more than the set holds)."""
MAX_DAYS = 400
"""Days of the puzzle of the day a record remembers at most (the latest)."""
MAX_TEXT = 100_000
"""Longest puzzle record text read."""
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@dataclass(frozen=True, slots=True)
class Try:
    """A puzzle's first try: its ``number``, whether it was ``solved``.

    The UTC ``day`` it was played (``YYYY-MM-DD``) and the ``rating`` after it, each ``None`` when
    the record does not know it (a try counted before version 2).
    """

    number: int
    solved: bool
    day: str | None
    rating: float | None


@dataclass(frozen=True, slots=True)
class PuzzleRecord:
    """The person's puzzles.

    The ``rating`` ± ``deviation`` (rating points), the puzzles ``tried`` (number, solved at the
    first try), in the order first tried, the ``days`` of the puzzle of the day (``YYYY-MM-DD``,
    UTC, solved), oldest first, and for the tries counted since version 2 their ``dated`` details
    (number, UTC day of the first try, rating after it), in the same order (:meth:`tries` puts
    them together).
    """

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    tried: tuple[tuple[int, bool], ...] = ()
    days: tuple[tuple[str, bool], ...] = ()
    dated: tuple[tuple[int, str, float], ...] = ()

    def tries(self) -> tuple[Try, ...]:
        """Every first try, in the order first tried, with its day and rating where known."""
        known = {number: (day, rating) for number, day, rating in self.dated}
        return tuple(
            Try(number, solved, *known.get(number, (None, None))) for number, solved in self.tried
        )

    @property
    def solved(self) -> int:
        """Puzzles solved at the first try."""
        return sum(1 for _number, solved in self.tried if solved)

    def first_try(self, number: int) -> bool | None:
        """Whether puzzle ``number`` was solved at its first try; ``None`` if never tried."""
        for tried, solved in self.tried:
            if tried == number:
                return solved
        return None

    def day(self, day: str) -> bool | None:
        """Whether the puzzle of ``day`` was solved (its first try); ``None`` if not played."""
        for played, solved in self.days:
            if played == day:
                return solved
        return None


def add_try(
    record: PuzzleRecord,
    puzzle: Puzzle,
    *,
    solved: bool,
    day: str | None = None,
    today: str | None = None,
) -> PuzzleRecord:
    """``record`` after a try of ``puzzle``.

    The first try of a puzzle moves the rating and is remembered, with ``today`` (the UTC day of the
    try, ``YYYY-MM-DD``; ``None``: unknown) and the rating after it; a later try changes nothing
    but, for the puzzle of the day, the ``day`` it was played (``YYYY-MM-DD``) if it was not played
    that day yet.
    """
    if day is not None and record.day(day) is None:
        record = replace(record, days=(*record.days, (day, solved))[-MAX_DAYS:])
    if record.first_try(puzzle.number) is not None:
        return record
    rating, deviation = rated(record.rating, record.deviation, puzzle.rating, solved=solved)
    tried = (*record.tried, (puzzle.number, solved))[-MAX_TRIED:]
    dated = record.dated
    if today is not None and _dated(today, rating):
        dated = (*dated, (puzzle.number, today, round(rating, 1)))
    kept = {number for number, _solved in tried}
    dated = tuple(entry for entry in dated if entry[0] in kept)
    return replace(record, rating=rating, deviation=deviation, tried=tried, dated=dated)


def next_puzzle(
    record: PuzzleRecord,
    puzzles: PuzzleSet,
    after: int | None = None,
    avoid: int | None = None,
    *,
    theme: str | None = None,
) -> Puzzle:
    """The puzzle to offer next, of ``theme`` (one of ``THEME_IDS``; ``None``: any).

    Of those not tried yet (other than ``after``, the one just played, and ``avoid``, today's
    puzzle, kept for its day), the one whose rating is nearest the person's (the lower number first
    among equals); once every puzzle was tried, the tried ones again in the order first tried, from
    the one after ``after``. Raises ``KeyError`` for a theme that is not one.
    """
    among = with_theme(puzzles, theme) or puzzles.puzzles  # a theme with no puzzle: any
    numbers = {p.number for p in among}
    tried = [number for number, _solved in record.tried]
    skip = {after, avoid}
    fresh = [p for p in among if p.number not in set(tried) | skip]
    if fresh:
        return min(fresh, key=lambda p: (abs(p.rating - record.rating), p.number))
    order = [n for n in tried if n in numbers] or [among[0].number]
    start = order.index(after) + 1 if after in order else 0
    again = order[start:] + order[:start]
    return puzzles.number(next((n for n in again if n not in skip), again[0]))


def dumps_puzzle_record(record: PuzzleRecord) -> str:
    """The text of ``record`` (compact JSON) that :func:`parse_puzzle_record` reads back."""
    return json.dumps(
        {
            "format": PUZZLE_RECORD_FORMAT,
            "version": PUZZLE_RECORD_VERSION,
            "rating": [round(record.rating, 3), round(record.deviation, 3)],
            "tried": [_try_entry(t) for t in record.tries()],
            "days": [[day, int(solved)] for day, solved in record.days],
        },
        separators=(",", ":"),
    )


def _try_entry(tried: Try) -> list[object]:
    """A try as the text writes it: ``[number, solved]``, or ``[number, solved, day, rating]``."""
    entry: list[object] = [tried.number, int(tried.solved)]
    if tried.day is not None and tried.rating is not None:
        entry += [tried.day, tried.rating]
    return entry


def _damaged(reason: str) -> RecordError:
    return RecordError(_("The puzzle record is damaged: {reason}.").format(reason=reason))


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def parse_puzzle_record(text: str | None) -> PuzzleRecord:
    """The puzzle record in ``text``; ``None`` or ``""`` (nothing kept yet) gives a new one.

    Raises :class:`~park.ui.record.parts.RecordError` with a sentence for the player when the text
    is too long, not JSON, not a puzzle record, from a newer version (``newer``), or holds a value
    of the wrong type or out of range.
    """
    if not text:
        return PuzzleRecord()
    if len(text) > MAX_TEXT:
        raise _damaged(_("it is far too long"))
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError):
        raise _damaged(_("it is not readable")) from None
    if not isinstance(data, dict) or data.get("format") != PUZZLE_RECORD_FORMAT:
        raise RecordError(_("This is not a Park puzzle record."))
    version = data.get("version")
    if not isinstance(version, int) or not _whole(version, 1, 2**31):
        raise _damaged(_("it has no valid version"))
    if version > PUZZLE_RECORD_VERSION:
        raise RecordError(
            _("The puzzle record is from a newer version of Park (version {version}).").format(
                version=version
            ),
            newer=True,
        )
    if set(data) != {"format", "version", "rating", "tried", "days"}:
        raise _damaged(_("its entries are missing or unknown"))
    pair = data["rating"]
    if not (
        isinstance(pair, list)
        and len(pair) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in pair)
        and -5_000 < pair[0] < 10_000
        and 0 < pair[1] <= 1_000
    ):
        raise _damaged(_("its rating is not a number"))
    tried, days = data["tried"], data["days"]
    if not (isinstance(tried, list) and len(tried) <= MAX_TRIED):
        raise _damaged(_("its puzzles tried are not a list"))
    if not (isinstance(days, list) and len(days) <= MAX_DAYS):
        raise _damaged(_("its days are not a list"))
    if not all(
        isinstance(t, list)
        and len(t) in ((2,) if version == 1 else (2, 4))
        and _whole(t[0], 1, 10**6)
        and t[1] in (0, 1)
        and (len(t) == 2 or _dated(t[2], t[3]))
        for t in tried
    ):
        raise _damaged(_("a puzzle tried is not [number, solved, date, rating]"))
    if not all(
        isinstance(d, list)
        and len(d) == 2
        and isinstance(d[0], str)
        and _DATE.fullmatch(d[0])
        and d[1] in (0, 1)
        for d in days
    ):
        raise _damaged(_("a day is not [date, solved]"))
    return PuzzleRecord(
        float(pair[0]),
        float(pair[1]),
        tuple((t[0], bool(t[1])) for t in tried),
        tuple((day, bool(solved)) for day, solved in days),
        tuple((t[0], t[2], float(t[3])) for t in tried if len(t) == 4),
    )


def _dated(day: object, rating: object) -> bool:
    """Whether ``day`` and ``rating`` are a try's UTC day and the rating after it."""
    if not (isinstance(day, str) and _DATE.fullmatch(day)):
        return False
    try:
        dt.date.fromisoformat(day)
    except ValueError:
        return False
    return (
        isinstance(rating, int | float)
        and not isinstance(rating, bool)
        and -5_000 < rating < 10_000
    )


__all__ = [
    "PUZZLE_RECORD_FORMAT",
    "PUZZLE_RECORD_VERSION",
    "PuzzleRecord",
    "Try",
    "add_try",
    "dumps_puzzle_record",
    "next_puzzle",
    "parse_puzzle_record",
]
