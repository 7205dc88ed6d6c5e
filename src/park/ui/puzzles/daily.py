"""The puzzle of the day.

One puzzle a day for everyone, by the UTC date, offline too; its streak, and the line to share that
gives nothing away.

The day's puzzle comes from the date alone (a hash of it, like Today's expedition's seed,
``park.ui.setup.daily``), among the shipped set: every player meets the same one that day.
"""

from __future__ import annotations

import datetime as dt
import hashlib

from park.ui.lang.i18n import _, ngettext
from park.ui.puzzles.catalogue import Puzzle, PuzzleSet
from park.ui.puzzles.progress import PuzzleRecord

PUZZLE_DAY_VERSION = 1
"""Part of the day's hash: a new version picks other puzzles for the same dates."""


def puzzle_of_the_day(day: dt.date, puzzles: PuzzleSet) -> Puzzle:
    """The puzzle of ``day`` (UTC): the same on every device that day."""
    key = f"park-puzzle-day:{PUZZLE_DAY_VERSION}:{day.isoformat()}"
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return puzzles.puzzles[int.from_bytes(digest[:8], "big") % len(puzzles.puzzles)]


def puzzle_streak(record: PuzzleRecord, today: dt.date) -> int:
    """How many UTC days in a row the puzzle of the day was played (solved or not).

    Counted up to ``today`` or (today's not played yet) yesterday: 0 when neither was.
    """
    from park.ui.record.daily import days_in_a_row

    return days_in_a_row({day for day, _solved in record.days}, today)


def streak_words(streak: int) -> str:
    """The line "Daily streak: 3 days." in the page's language."""
    return ngettext("Daily streak: {count} day.", "Daily streak: {count} days.", streak).format(
        count=streak
    )


def puzzle_share_line(
    day: str, record: PuzzleRecord, today: dt.date, address: str | None = None
) -> str:
    """The line to share after the puzzle of ``day`` (``YYYY-MM-DD``).

    The day, whether it was solved at the first try and the streak, never the puzzle's answer; then
    the site's ``address``. Raises ``ValueError`` for a day that is not a date or was not played.
    """
    from park.ui.record.daily import with_address
    from park.ui.setup.daily import day_words

    solved = record.day(day)
    if solved is None:
        raise ValueError(f"the puzzle of {day} was not played")
    when = day_words(day)
    streak = puzzle_streak(record, today)
    if solved:
        text = ngettext(
            "Park puzzle of {date}: solved at the first try. Streak: {count} day.",
            "Park puzzle of {date}: solved at the first try. Streak: {count} days.",
            streak,
        )
    else:
        text = ngettext(
            "Park puzzle of {date}: not solved at the first try. Streak: {count} day.",
            "Park puzzle of {date}: not solved at the first try. Streak: {count} days.",
            streak,
        )
    return with_address(text.format(date=when, count=streak), address)


def daily_puzzle_note(record: PuzzleRecord, today: dt.date) -> str | None:
    """What the Puzzles screen says when today's puzzle was already played.

    Its result, that it can be tried again, and the streak; ``None`` when it was not played today.
    """
    solved = record.day(today.isoformat())
    if solved is None:
        return None
    said = (
        _("You solved today's puzzle. You can try it again.")
        if solved
        else _("You tried today's puzzle. You can try it again.")
    )
    return f"{said} {streak_words(puzzle_streak(record, today))}"


__all__ = [
    "PUZZLE_DAY_VERSION",
    "daily_puzzle_note",
    "puzzle_of_the_day",
    "puzzle_share_line",
    "puzzle_streak",
    "streak_words",
]
