"""The header's language menu.

A new choice is kept and the page reloads, resuming the autosaved game in that language; a choice
made in another tab of this browser is followed the same way (its ``storage`` event reaches
``tabs.py``, which hands it here).

Where the browser cannot keep the choice, the page stays as it is and says so.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from page_state import Notice
from pyscript import window  # type: ignore[import-not-found]
from storage import LANGUAGE_KEY, storage_get, storage_set

from park.ui.lang.i18n import _, language

if TYPE_CHECKING:
    from page import Page


class LanguageMenu:
    """Changes of language, in this tab or another.

    The page's game is saved first (``page.shared.flush``); where it went on in another tab
    (``page.state.stale``), a choice made elsewhere does not reload this one: its unsaved moves
    would be lost without a word.
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.reloading: asyncio.Future[None] | None = None
        """The reload under way (the game saved first), or ``None``."""

    def choose(self, chosen: str) -> None:
        """The Settings' Language menu chose ``chosen``: keep it and reload in it."""
        if chosen == language():
            return
        storage_set(LANGUAGE_KEY, chosen, what="the choice of language")
        if storage_get(LANGUAGE_KEY) != chosen:
            self.page.redraw()  # the menu shows the page's language again
            words = _("This browser cannot keep a choice of language: the page stays as it is.")
            self.page.notify(Notice(words))
            return
        self.reload()

    def take_setting(self, key: str, value: str) -> bool:
        """Another tab stored setting ``key`` as ``value``.

        A new language reloads this tab in it (the game saved first). Returns whether the setting
        was the language.
        """
        if key != LANGUAGE_KEY:
            return False
        if value != language() and not self.page.state.stale:
            self.reload()
        return True

    def reload(self) -> None:
        """Reload the page once the game is saved (once, however often it is asked)."""
        if self.reloading is None:
            self.reloading = asyncio.ensure_future(self._reload())

    async def _reload(self) -> None:
        await self.page.shared.flush()
        window.location.reload()
