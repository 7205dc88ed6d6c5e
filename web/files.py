"""Saves that outlive the browser's storage.

The game in progress and "Your record" downloaded as files (the New game form and the record dialog)
and imported again, each file read as strictly as a save (``park.ui.game.transfer``); a bad file is
refused with a message and overwrites nothing. Also asks the browser to keep the site's storage
(``navigator.storage.persist()``) when a game starts or a file is imported.
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import TYPE_CHECKING, Any

from dom import by_id
from pyscript import window  # type: ignore[import-not-found]
from record_page import offer_record, record_body
from storage import PUZZLES_KEY, RECORD_KEY, locked, storage_get, storage_set

from park.ui.lang.i18n import _

if TYPE_CHECKING:
    from page import Page


class Files:
    """The page's file downloads and imports.

    An imported game becomes the page's game in progress (``page.replace_with``: once the player
    agrees to replace the one in progress; saved as the next revision, which the other tabs follow).
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.tasks: set[asyncio.Future[None]] = set()
        self.asked = False

    def on_change(self, target: Any) -> bool:
        """A file was chosen in "Open a saved game" or "Import a record".

        ``False`` for another control.
        """
        if target.id not in ("game-import", "record-import"):
            return False
        step = self.import_game if target.id == "game-import" else self.import_record
        task = asyncio.ensure_future(step(target))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return True

    async def read(self, field: Any) -> str:
        """The text of the file chosen in ``field``, which is emptied.

        The text of the file chosen in ``field`` (which is emptied, so the same file can
        be chosen again). Raises ``ImportProblem`` for a file too large or not text.
        """
        from park.ui.game.transfer import ImportProblem, too_large

        chosen = field.files.item(0)
        field.value = ""
        if chosen is None:
            raise ImportProblem(_("No file was chosen."))
        problem = too_large(int(chosen.size))
        if problem is not None:
            raise problem
        try:
            return str(await chosen.text())
        except Exception:
            raise ImportProblem(_("This file could not be read.")) from None

    async def import_game(self, field: Any) -> None:
        """The "Open a saved game" button's command.

        The file's game becomes the game in progress, or the form says why it cannot (nothing is
        overwritten).
        """
        from park.ui.game.transfer import ImportProblem, read_game_file

        error = by_id("form-error")
        try:
            session = read_game_file(await self.read(field))
        except ImportProblem as exc:
            error.textContent = str(exc)
            error.hidden = False
            return
        error.hidden = True
        self.page.replace_with(session, _("The saved game was opened from its file and goes on."))
        self.keep_storage()

    async def import_record(self, field: Any) -> None:
        """The "Import a record" button's command.

        The file's game record replaces the one kept here, and its puzzle record the one kept here
        when it has one (an older file has none), or the dialog says why it cannot (nothing is
        overwritten).
        """
        from park.ui.game.transfer import ImportProblem
        from park.ui.puzzles.progress import dumps_puzzle_record
        from park.ui.puzzles.record_file import read_record_file
        from park.ui.record.store import dumps_record

        note, text = by_id("record-note"), by_id("record-note-text")
        by_id("record-download").hidden = True
        try:
            record, puzzles = read_record_file(await self.read(field))
        except ImportProblem as exc:
            text.textContent = str(exc)
            note.classList.remove("is-good")
            note.hidden = False
            return
        kept = [(RECORD_KEY, dumps_record(record))]
        if puzzles is not None:  # an older file, without puzzles, leaves the puzzle record here
            kept.append((PUZZLES_KEY, dumps_puzzle_record(puzzles)))
        for key, value in kept:
            await locked(key, partial(storage_set, key, value))
        if any(storage_get(key) != value for key, value in kept):
            text.textContent = _("The record could not be kept: this browser's storage is off.")
            note.hidden = False
            return
        by_id("record").innerHTML = record_body(record)
        text.textContent = _("Your record was imported from its file.")
        note.classList.add("is-good")
        note.hidden = False
        offer_record()
        self.keep_storage()

    def keep_storage(self) -> None:
        """Ask the browser, once, to keep this site's storage under pressure.

        Ask the browser, once, to keep this site's storage under pressure (where it
        grants it: ``navigator.storage.persist()``).
        """
        if self.asked:
            return
        self.asked = True
        storage = getattr(window.navigator, "storage", None)
        if storage is not None and hasattr(storage, "persist"):
            task = asyncio.ensure_future(self._persist(storage))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _persist(self, storage: Any) -> None:
        try:
            if not await storage.persisted():
                await storage.persist()
        except Exception as exc:  # a browser that refuses says so in its own way
            window.console.warn(f"Park: persistent storage was not granted: {exc!r}")
