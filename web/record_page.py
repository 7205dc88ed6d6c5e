"""What the page keeps of finished games.

"Your record" (``park.ui.record.store``, in ``localStorage``), the last finished game for "Replay
the last game", and the game over's story and Today's expedition result. A damaged record is
reported and kept for download, like an unusable save; a record from a newer version of Park is left
as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from dom import by_id, site_address
from pyscript import window  # type: ignore[import-not-found]
from storage import (
    DAMAGED_KEY,
    LAST_GAME_KEY,
    PUZZLES_DAMAGED_KEY,
    PUZZLES_KEY,
    RECORD_KEY,
    download_url,
    locked,
    storage_get,
    storage_remove,
    storage_set,
)

from park.ui.lang.i18n import _

if TYPE_CHECKING:
    from park.engine.state import GameState
    from park.ui.game.session import Session
    from park.ui.record.store import Record

Kept = TypeVar("Kept")
"""A record kept in ``localStorage`` (the game record, the puzzle record)."""

RECORDED_SEAT = 0
"""Whose record it is: the first seat, the New game form's "Your name" (in a hot-seat game,
the other humans' results are not counted)."""


def utc_day() -> str:
    """Today's date in UTC, ``YYYY-MM-DD``, from the browser's clock."""
    return str(window.Date.new().toISOString())[:10]


def load_record() -> tuple[Record | None, str | None]:
    """The stored record and ``None``, or ``(None, reason)`` when it cannot be read.

    The stored record and ``None``, or ``(None, reason)`` when it cannot be read (a
    damaged one is moved to :data:`DAMAGED_KEY`, and a fresh record starts).
    """
    from park.ui.record.store import parse_record

    kept = _("{problem} It is kept for download; a new record starts.")
    return load_kept(RECORD_KEY, DAMAGED_KEY, parse_record, kept)


def load_kept(
    key: str, damaged_key: str, parse: Callable[[str | None], Kept], kept: str
) -> tuple[Kept | None, str | None]:
    """A record kept under ``key`` read by ``parse``, and ``None``, or why it cannot be.

    A record kept under ``key`` read by ``parse`` (which gives a new record for
    ``None``, and raises ``RecordError``), and ``None``; when it cannot be read, a new
    record and why (``kept``, with the ``{problem}``: a damaged one is moved to
    ``damaged_key``), or ``None`` and why for a record from a newer version of Park, which
    is left as it is.
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


def show_record(session: Session | None = None) -> None:
    """Fill and open the "Your record" dialog.

    It says why the game at the table (``session``) is not counted when it is not (a guided first
    game).
    """
    from park.ui.record.html import not_counted_html

    record, problem = load_record()
    damaged = storage_get(DAMAGED_KEY)
    if problem is None and damaged is not None:
        problem = _(
            "A damaged record was put aside and a new one started: it is kept for download."
        )
    note = by_id("record-note")
    note.hidden = problem is None
    if problem is not None:
        by_id("record-note-text").textContent = problem
    link = by_id("record-download")
    link.hidden = damaged is None
    if damaged is not None:
        link.href = download_url(damaged)
    note.classList.remove("is-good")
    mode = None if session is None else session.mode
    by_id("record").innerHTML = record_body(record, not_counted_html(mode))
    offer_record()
    by_id("record-dialog").showModal()


def record_body(record: Record | None, note: str = "") -> str:
    """The record dialog's content: the game record with its charts, ``note``, the puzzles."""
    from park.ui.record.html import record_html
    from park.ui.record.trends import trends_html

    games = "" if record is None else record_html(record) + trends_html(record)
    return games + note + puzzles_html()


def puzzles_html() -> str:
    """The puzzles' part of the record (``park.ui.puzzles.html.record_html``).

    The puzzle rating, the puzzles solved, the streak, the rating chart and the puzzles tried
    (``park.ui.puzzles.history``); a puzzle record that cannot be read is said.
    """
    import datetime as dt

    from park.ui.play.markup import escape
    from park.ui.puzzles.history import history_html
    from park.ui.puzzles.html import record_html as puzzle_record_html
    from park.ui.puzzles.progress import parse_puzzle_record

    record, problem = load_kept(PUZZLES_KEY, PUZZLES_DAMAGED_KEY, parse_puzzle_record, aside())
    said = "" if problem is None else f'<p class="notice" role="alert">{escape(problem)}</p>'
    if record is None:
        return said
    today = dt.date.fromisoformat(utc_day())
    return said + puzzle_record_html(record, today) + history_html(record)


def aside() -> str:
    """What is said of a damaged puzzle record (``{problem}``: why it could not be read)."""
    return _("{problem} It is put aside; a new puzzle record starts.")


def offer_record() -> None:
    """The record dialog's "Download your record" button.

    The record dialog's "Download your record" (when there is one), as a file named by
    the day holding the game record and the puzzle record (``park.ui.puzzles.record_file``;
    ``web/files.py`` imports one).
    """
    from park.ui.game.transfer import record_file_name
    from park.ui.puzzles.record_file import record_file_text

    text = record_file_text(storage_get(RECORD_KEY), storage_get(PUZZLES_KEY))
    link = by_id("record-export")
    link.hidden = text is None
    if text is not None:
        link.href = download_url(text)
        link.download = record_file_name(utc_day())


def last_game() -> GameState | None:
    """The last finished game kept for a replay, or ``None`` (none, or unreadable)."""
    text = storage_get(LAST_GAME_KEY)
    if text is None:
        return None
    from park.engine.errors import SaveError
    from park.engine.save import restore

    try:
        return restore(text).state
    except SaveError:
        return None


def game_finished(session: Session) -> str | None:
    """The game is over.

    Count it in the record (once) when the first seat is a human's, keep it for a replay, and fill
    the game over's story. Returns the Today's expedition result to share, or ``None`` for another
    game.
    """
    from park.ui.record.daily import result_text, with_address
    from park.ui.record.store import add_result, dumps_record, result_of
    from park.ui.setup.modes import Kind
    from park.ui.story.html import story_html
    from park.ui.story.model import game_story

    state = session.state
    storage_set(LAST_GAME_KEY, session.save_text(), what="the last game for a replay")
    by_id("btn-replay-last").hidden = False
    by_id("story").innerHTML = story_html(
        game_story(state),
        cards=session.cards,
        board=state.rules.board,
        you=None if session.mode.hot_seat else session.human,
    )
    mode = session.mode
    if RECORDED_SEAT not in session.humans or not mode.counts_in_record:
        return None
    result = result_of(
        state, RECORDED_SEAT, date=mode.record_date(utc_day()), daily=mode.kind is Kind.DAILY
    )

    def count() -> None:  # under the record's lock: another tab may count this game too
        record, _problem = load_record()
        if record is not None:
            storage_set(RECORD_KEY, dumps_record(add_result(record, result)), what="your record")

    locked(RECORD_KEY, count)
    if not mode.share_line:
        return None
    named = session.names[RECORDED_SEAT] if mode.shared_result_names_the_player else None
    return with_address(result_text(result, named), site_address())
