"""The header's language menu: a new choice is kept and the page reloads, resuming the
autosaved game in that language; a choice made in another tab of this browser is followed
the same way (its ``storage`` event reaches ``tabs.py``, which hands it here).

Where the browser cannot keep the choice, the page stays as it is and says so.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from notices import notice
from pyscript import window  # type: ignore[import-not-found]
from storage import LANGUAGE_KEY, storage_get, storage_set

from park.ui.lang.i18n import _, language


class LanguageMenu:
    """Changes of language, in this tab or another. ``flush``: what saves the game now and
    can be awaited (``tabs.SharedSave.flush``); ``stale``: whether this tab's game forked
    from the other tabs' (then a choice made elsewhere does not reload it: its unsaved moves
    would be lost without a word)."""

    def __init__(self, flush: Callable[[], Awaitable[None]], stale: Callable[[], bool]) -> None:
        self._flush = flush
        self._stale = stale
        self.reloading: asyncio.Future[None] | None = None
        """The reload under way (the game saved first), or ``None``."""

    def on_change(self, event: Any) -> None:
        """The menu's ``change`` event: keep the choice and reload in that language."""
        menu = event.target
        chosen = str(menu.value)
        if chosen == language():
            return
        storage_set(LANGUAGE_KEY, chosen, what="the choice of language")
        if storage_get(LANGUAGE_KEY) != chosen:
            menu.value = language()
            notice(_("This browser cannot keep a choice of language: the page stays as it is."))
            return
        self.reload()

    def take_setting(self, key: str, value: str) -> bool:
        """Another tab stored setting ``key`` as ``value``: a new language reloads this tab
        in it (the game saved first). Returns whether the setting was the language."""
        if key != LANGUAGE_KEY:
            return False
        if value != language() and not self._stale():
            self.reload()
        return True

    def reload(self) -> None:
        """Reload the page once the game is saved (once, however often it is asked)."""
        if self.reloading is None:
            self.reloading = asyncio.ensure_future(self._reload())

    async def _reload(self) -> None:
        await self._flush()
        window.location.reload()
