"""The autosave under its Web Lock, and the page's reloads (issue 49).

The effects ``QueueSave``, ``WriteSave``, ``Reload`` and ``KeepLanguage``.

One comparison queued at a time: under the lock, the stored save is read and handed to the page
(``SaveRead``), whose update decides what to do with it (``park.ui.page.save_updates``); a write it
asks for runs at once, still under the lock, and how it went goes back (``SaveWritten``). Before a
reload the game is saved under the lock first. This module keeps only the queued lock request.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyscript import window  # type: ignore[import-not-found]
from storage import locked, storage_get, storage_set

from park.ui.page.events import LanguageNotKept, SaveRead, SaveWritten
from park.ui.page.keys import LANGUAGE_KEY, SAVE_KEY

if TYPE_CHECKING:
    from park.ui.page.events import Event

LOCK = "park.save"
"""The Web Lock every tab holds while it compares and writes the autosave."""


class Saver:
    """The autosave's lock requests and the page's reload."""

    def __init__(self, dispatch: Callable[[Event], bool]) -> None:
        self.dispatch = dispatch
        self.queued: Any = None
        self.reloading: asyncio.Future[None] | None = None

    def queue(self) -> None:
        """Compare the game with the stored save under the lock (the state says one is queued)."""
        self.queued = locked(LOCK, self.compare)

    def compare(self) -> None:
        """Under the lock: hand the page the stored save to compare with."""
        self.dispatch(SaveRead(storage_get(SAVE_KEY)))

    def write(self, text: str) -> None:
        """Write the autosave (still under the lock), and say how it went."""
        self.dispatch(SaveWritten(text, storage_set(SAVE_KEY, text)))

    def reload(self, *, flush: bool = True) -> None:
        """Reload the page (``flush``: once the game is saved; once, however often it is asked)."""
        if not flush:
            window.location.reload()
        elif self.reloading is None:
            self.reloading = asyncio.ensure_future(self._reload())

    async def _reload(self) -> None:
        await locked(LOCK, self.compare)
        window.location.reload()

    def keep_language(self, language: str) -> None:
        """Keep the choice of ``language`` and reload in it.

        Where the browser keeps nothing, the page stays as it is and says so.
        """
        storage_set(LANGUAGE_KEY, language, what="the choice of language")
        if storage_get(LANGUAGE_KEY) != language:
            self.dispatch(LanguageNotKept())
            return
        self.reload()
