"""What the page keeps of finished games and puzzles, read and written in ``localStorage``.

"Your record" (``park.ui.record.store``), the puzzle record (``park.ui.puzzles.progress``), the
last finished game for "Replay the last game", a finished game counted (the effect ``Finish``),
Today's expedition's result, an imported record (``ImportRecord``), and what the New game form
shows besides its fields (``ReadForm``). A damaged record is put aside as it is read, kept for
download; a record from a newer version of Park is left as it is. What is read goes back to the
page as events.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from dom import site_address
from pyscript import window  # type: ignore[import-not-found]
from storage import kept_save, locked, storage_get, storage_remove, storage_set

from park.ui.lang.i18n import _
from park.ui.page.events import Finished, FormShown, PuzzlesRead, RecordRead
from park.ui.page.keys import (
    CHALLENGE_KEY,
    DAMAGED_KEY,
    LAST_GAME_KEY,
    PUZZLE_THEME_KEY,
    PUZZLES_DAMAGED_KEY,
    PUZZLES_KEY,
    RECORD_KEY,
)

if TYPE_CHECKING:
    from park.ui.game.session import Session
    from park.ui.page.events import Event
    from park.ui.puzzles.progress import PuzzleRecord
    from park.ui.record.store import Record

Kept = TypeVar("Kept")
"""A record kept in ``localStorage`` (the game record, the puzzle record)."""

RECORDED_SEAT = 0
"""Whose record it is: the first seat, the New game form's "Your name" (in a hot-seat game,
the other humans' results are not counted)."""


def utc_day() -> str:
    """Today's date in UTC, ``YYYY-MM-DD``, from the browser's clock."""
    return str(window.Date.new().toISOString())[:10]


def load_kept(
    key: str, damaged_key: str, parse: Callable[[str | None], Kept], kept: str
) -> tuple[Kept | None, str | None]:
    """A record kept under ``key`` read by ``parse``, and ``None``, or why it cannot be.

    ``parse`` gives a new record for ``None`` and raises ``RecordError``; when the record cannot be
    read, a new record and why (``kept``, with the ``{problem}``: a damaged one is moved to
    ``damaged_key``), or ``None`` and why for a record from a newer version of Park, which is left
    as it is.
    """
    from park.ui.record.store import RecordError

    text = storage_get(key)
    try:
        return parse(text), None
    except RecordError as exc:
        if not exc.newer and text is not None:
            storage_set(damaged_key, text, what="the damaged record")
            storage_remove(key)
            return parse(None), kept.format(problem=exc)
        return None, str(exc)


def load_record() -> tuple[Record | None, str | None]:
    """The stored record and ``None``, or a new one and why, or ``None`` and why.

    A new one when it was damaged (put aside); ``None`` for a newer Park's.
    """
    from park.ui.record.store import parse_record

    kept = _("{problem} It is kept for download; a new record starts.")
    return load_kept(RECORD_KEY, DAMAGED_KEY, parse_record, kept)


def load_puzzle_record() -> tuple[PuzzleRecord | None, str | None]:
    """The stored puzzle record and ``None``, or a new one and why, or ``None`` and why."""
    from park.ui.puzzles.progress import parse_puzzle_record

    kept = _("{problem} It is put aside; a new puzzle record starts.")
    return load_kept(PUZZLES_KEY, PUZZLES_DAMAGED_KEY, parse_puzzle_record, kept)


class Records:
    """Reads and writes the records for the page (its events go to ``dispatch``)."""

    def __init__(self, dispatch: Callable[[Event], bool]) -> None:
        self.dispatch = dispatch

    def read_record(self, imported: str | None = None, *, ok: bool = False) -> None:
        """Read what "Your record" shows (``imported``: what to say of an import just made)."""
        from park.ui.puzzles.record_file import record_file_text

        record, problem = load_record()
        puzzles, puzzles_problem = load_puzzle_record()
        export = record_file_text(storage_get(RECORD_KEY), storage_get(PUZZLES_KEY))
        self.dispatch(
            RecordRead(
                record,
                problem,
                puzzles,
                puzzles_problem,
                storage_get(DAMAGED_KEY),
                export,
                utc_day(),
                imported=imported,
                imported_ok=ok,
            )
        )

    def read_puzzles(self, then: str) -> None:
        """Read the puzzle record and the theme picked, for ``then``.

        The Puzzles dialog, the next puzzle, or today's.
        """
        record, problem = load_puzzle_record()
        theme = storage_get(PUZZLE_THEME_KEY)
        self.dispatch(PuzzlesRead(record, problem, theme, utc_day(), then))

    def read_form(self) -> None:
        """What the New game form shows besides its fields.

        Today's expedition's note (when today's was played: the result and the daily streak)
        and a kept unusable save.
        """
        today = utc_day()
        note = None
        if f'"{today}"' in (storage_get(RECORD_KEY) or ""):  # not played today: load nothing
            from park.ui.record.daily import daily_note
            from park.ui.setup.daily import parse_day

            record, _problem = load_record()
            note = daily_note(record, parse_day(today)) if record is not None else None
        self.dispatch(FormShown(note, kept_save()))

    async def import_record(self, record: str, puzzles: str | None) -> None:
        """Keep an imported record (and its puzzle record, when it has one).

        Each under its lock; then "Your record" is read again, saying what became of it.
        """
        kept = [(RECORD_KEY, record)]
        if puzzles is not None:  # an older file, without puzzles, leaves the puzzle record here
            kept.append((PUZZLES_KEY, puzzles))
        for key, value in kept:
            await locked(key, partial(storage_set, key, value))
        if any(storage_get(key) != value for key, value in kept):
            self.read_record(_("The record could not be kept: this browser's storage is off."))
            return
        self.read_record(_("Your record was imported from its file."), ok=True)

    def finish(self, session: Session) -> None:
        """The game is over.

        Count it in the record (once) when the first seat is a human's, keep it for a
        replay, and hand the page Today's expedition's result to share and the challenge
        kept (its fragment).
        """
        daily: str | None = None
        try:
            daily = count_game(session)
        except Exception as exc:  # a failure there never hides the game over
            window.console.warn(f"Park: the game's record failed: {exc!r}")
        self.dispatch(Finished(session, daily, storage_get(CHALLENGE_KEY), utc_day()))


def count_game(session: Session) -> str | None:
    """Keep ``session`` for a replay and count it in the record.

    Under the record's lock (another tab may count this game too). Returns Today's expedition's
    line to share, or ``None``.
    """
    from park.ui.record.daily import result_text, with_address
    from park.ui.record.store import add_result, dumps_record, result_of
    from park.ui.setup.modes import Kind

    state = session.state
    storage_set(LAST_GAME_KEY, session.save_text(), what="the last game for a replay")
    mode = session.mode
    if RECORDED_SEAT not in session.humans or not mode.counts_in_record:
        return None
    result = result_of(
        state,
        RECORDED_SEAT,
        date=mode.record_date(utc_day()),
        daily=mode.kind is Kind.DAILY,
        live=mode.live,
    )

    def count() -> None:
        record, _problem = load_record()
        if record is not None:
            storage_set(RECORD_KEY, dumps_record(add_result(record, result)), what="your record")

    locked(RECORD_KEY, count)
    if not mode.share_line:
        return None
    named = session.names[RECORDED_SEAT] if mode.shared_result_names_the_player else None
    return with_address(result_text(result, named), site_address())
