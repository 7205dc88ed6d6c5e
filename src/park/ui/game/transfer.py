"""Saves that outlive the browser's storage.

The player's record and their game in progress exported as files and imported again, each file read
exactly as a save or a record in storage is (``park.engine.save.restore``,
``park.ui.record.store.parse_record``), so a bad file is refused with a sentence for the player and
overwrites nothing.

Pure Python: the page (``web/files.py``) reads the chosen file and writes what is imported.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from park.ui.lang.i18n import _

if TYPE_CHECKING:
    from park.ui.game.session import BotFactory, Session
    from park.ui.record.parts import Record

MAX_FILE_BYTES = 4_000_000
"""The largest file read at all (a save holds at most a million characters, each at most 4
bytes in UTF-8); a larger one is refused before it is read."""


class ImportProblem(ValueError):
    """A file that cannot be imported; its message is a sentence for the player."""


def game_file_name(day: str) -> str:
    """The name of an exported game's file on UTC day ``day`` (``YYYY-MM-DD``)."""
    return f"park-game-{day}.json"


def record_file_name(day: str) -> str:
    """The name of an exported record's file on UTC day ``day`` (``YYYY-MM-DD``)."""
    return f"park-record-{day}.json"


def too_large(size: int) -> ImportProblem | None:
    """The problem with a file of ``size`` bytes, if it is too large to be read."""
    if size <= MAX_FILE_BYTES:
        return None
    return ImportProblem(_("This file is too large to be a Park game or record."))


def read_game_file(text: str, *, bot_factory: BotFactory | None = None) -> Session:
    """The game an exported game file holds, validated like any save.

    Checksum, settings, every move replayed.

    Raises:
        ImportProblem: saying why it cannot be opened (not a Park save, damaged, changed by hand,
            from a newer version).
    """
    from park.ui.game.session import make_bot, resume_or_new

    session, message = resume_or_new(text, bot_factory=bot_factory or make_bot)
    if session is None:
        reason = message or _("The file is empty.")
        raise ImportProblem(_("This file could not be opened: {reason}").format(reason=reason))
    return session


def read_record_file(text: str) -> Record:
    """The record an exported record file holds, read like the record in storage.

    Raises :class:`ImportProblem` saying why it cannot be imported (not a record, damaged, from a
    newer version).
    """
    from park.ui.record.store import RecordError, parse_record

    if not text.strip():
        raise ImportProblem(_("This file could not be imported: it is empty."))
    try:
        return parse_record(text)
    except RecordError as exc:
        raise ImportProblem(
            _("This file could not be imported: {reason}").format(reason=exc)
        ) from None
