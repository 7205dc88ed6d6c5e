"""The table's picture (issue 40).

When the page is hidden or closed during a game, the game screen's markup is kept (``park.picture``)
with the autosave it shows, so that the next visit shows the table at once while Python starts
(``web/first_screen.js``); what the picture is and how a save is named: ``park.ui.game.picture``.

Not kept for a hot-seat game (the picture would show the last player's hand to whoever opens
the page next), a puzzle or a replay, nor by a tab whose game went on in another tab; the
picture of an earlier game is forgotten.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dom import by_id, found
from pyscript import document, window  # type: ignore[import-not-found]
from storage import storage_get, storage_remove, storage_set

from park.ui.lang.i18n import language
from park.ui.page.keys import PICTURE_KEY, SAVE_KEY

if TYPE_CHECKING:
    from park.ui.page.state import PageState


def keep_picture(state: PageState, *, closing: bool = False) -> None:
    """Keep or forget the game screen's picture of the autosaved game.

    Keep the game screen's picture of the autosaved game ``state`` shows, or forget the
    kept one when there is no such game on screen. ``closing`` (the page is being left, after
    it was hidden): kept only if the picture kept when it was hidden is not of that save.
    """
    if state.saving.stale:  # the game went on in another tab: that tab's table is the one to keep
        return
    session = state.session
    save = storage_get(SAVE_KEY)
    shown = state.visible_screen == "game" and state.puzzle is None
    if session is None or not shown or not save or len(session.humans) > 1:
        storage_remove(PICTURE_KEY)
        return
    from park.ui.game.picture import picture_of, shows_save  # in the start-up snapshot

    meta = document.querySelector('meta[name="park-build"]')
    build = str(meta.content) if found(meta) else ""
    if closing and shows_save(storage_get(PICTURE_KEY), save, language=language(), build=build):
        return
    try:
        picture = picture_of(save, str(by_id("game").innerHTML), language=language(), build=build)
    except Exception as exc:  # the picture is a nicety: never an error in the player's way
        window.console.warn(f"Park: the picture of the table was not kept: {exc!r}")
        storage_remove(PICTURE_KEY)
        return
    if storage_set(PICTURE_KEY, picture.text(), what="the picture of the table") is not None:
        storage_remove(PICTURE_KEY)  # a half-kept picture never shows: the table waits
