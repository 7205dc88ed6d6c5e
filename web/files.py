"""Files chosen in the page, and the site's storage kept (effects ``ReadFile``, ``KeepStorage``).

A game or a record chosen in "Open a saved game" or "Import a record" is read (at most the size
``park.ui.game.transfer`` allows, as text) and handed to the page (``FileRead``), whose update
reads it as strictly as a save. The browser is asked once to keep the site's storage under
pressure (``navigator.storage.persist()``) when a game starts or a file is imported.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dom import by_id
from draw import empty_field
from pyscript import window  # type: ignore[import-not-found]

from park.ui.lang.i18n import _
from park.ui.page.events import FileRead

if TYPE_CHECKING:
    from park.ui.page.events import Event

KINDS = {"game-import": "game", "record-import": "record"}
"""Each file field, and what it holds."""


class Files:
    """The page's file reads and its storage request; it keeps only their tasks."""

    def __init__(self, dispatch: Callable[[Event], bool]) -> None:
        self.dispatch = dispatch
        self.tasks: set[asyncio.Future[None]] = set()

    def _start(self, step: Any) -> None:
        task = asyncio.ensure_future(step)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def read(self, field_id: str) -> None:
        """Read the file chosen in the field ``field_id``."""
        self._start(self._read(field_id))

    async def _read(self, field_id: str) -> None:
        from park.ui.game.transfer import too_large

        field = by_id(field_id)
        kind = KINDS[field_id]
        chosen = field.files.item(0)
        empty_field(field)  # so the same file can be chosen again
        if chosen is None:
            self.dispatch(FileRead(kind, None, _("No file was chosen.")))
            return
        problem = too_large(int(chosen.size))
        if problem is not None:
            self.dispatch(FileRead(kind, None, str(problem)))
            return
        try:
            text = str(await chosen.text())
        except Exception:
            self.dispatch(FileRead(kind, None, _("This file could not be read.")))
            return
        self.dispatch(FileRead(kind, text))

    def keep_storage(self) -> None:
        """Ask the browser to keep this site's storage under pressure, where it grants it."""
        storage = getattr(window.navigator, "storage", None)
        if storage is not None and hasattr(storage, "persist"):
            self._start(self._persist(storage))

    async def _persist(self, storage: Any) -> None:
        try:
            if not await storage.persisted():
                await storage.persist()
        except Exception as exc:  # a browser that refuses says so in its own way
            window.console.warn(f"Park: persistent storage was not granted: {exc!r}")
