"""Park in the browser: the page's Python entry point, run by PyScript on the main thread.

It speaks the player's language (``dom.start_language``), makes the page's one controller
(``page.Page``, which owns the page's state, ``page_state.PageState``) and hands it every
input: a click on a ``data-ui`` button is that command, a click on a decision or a map space
its action, a changed control, a key pressed, the New game form sent. Then it starts (or
resumes) a game; when usable the page says ``<html data-park-ready="true">``.

Start-up imports only ``park.ui.setup.settings``, ``park.ui.lang.i18n`` and
``park.ui.game.startup`` (tests/web/test_startup_imports.py); the rest is loaded right after
(``Page.warm_up``), or is already in the start-up snapshot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import focus
from dom import by_id, found, start_language, url_param
from page import Page
from page_state import Pace, PageState
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]
from storage import REACH_KEY, SPEED_KEY, THINKING_KEY, storage_get

from park.ui.setup.pace import speed_setting
from park.ui.setup.settings import DEFAULT_THINKING, THINKING_TIMES, autoplay_level


def initial_state() -> PageState:
    """The page's state before anything is shown.

    The settings kept in this browser (or given in the URL, ``?speed=``, ``?thinking=``,
    ``?autoplay=``).
    """
    thinking = url_param("thinking") or storage_get(THINKING_KEY) or DEFAULT_THINKING
    pace = Pace(
        speed=speed_setting(url_param("speed") or storage_get(SPEED_KEY)),
        thinking=thinking if thinking in THINKING_TIMES else DEFAULT_THINKING,
        autoplay=autoplay_level(url_param("autoplay")),
    )
    return PageState(pace=pace, reach_shown=storage_get(REACH_KEY) == "on")


def on_click(page: Page, event: Any) -> None:
    """One handler for every button and clickable space of the page."""
    target = event.target
    ui = target.closest("[data-ui]")
    if found(ui):
        page.on_ui(str(ui.dataset.ui), ui)
        return
    summary = target.closest("#log summary")
    if found(summary):  # the player opens or closes a round: kept so across redraws
        page.on_summary(summary)
        return
    action = target.closest("[data-action]")
    # event.detail counts rapid clicks: the second click of a double-click would land on
    # the button that replaced the first one, so only single clicks (and keyboard: 0) act.
    if found(action) and not action.hasAttribute("disabled") and int(event.detail) <= 1:
        page.human_action(str(action.dataset.action))


def on_keydown(page: Page, event: Any) -> None:
    """Enter/Space steps to a focused map space (role=button); arrows: ``focus.arrow_on_map``."""
    if focus.arrow_on_map(event) or event.key not in ("Enter", " "):
        return
    target = event.target
    if target.getAttribute("role") == "button" and target.hasAttribute("data-action"):
        event.preventDefault()
        page.human_action(str(target.dataset.action))


def on_shortcut(page: Page, event: Any) -> None:
    """Undo's key (``focus.undo_key``); the replay's keys, and a puzzle solution's, while shown."""
    if not (page.replay.on_key(event) or page.puzzle.on_key(event)) and focus.undo_key(event):
        page.undo()


def on_hidden(page: Page, _event: Any) -> None:
    """The page is hidden (another tab, another app): the table's picture is kept."""
    if document.hidden:
        page.keep_picture()


def on_submit(page: Page, event: Any) -> None:
    """The New game form."""
    event.preventDefault()
    page.start_from_form(daily=False)


def wire(page: Page) -> list[Any]:
    """Hand the page's inputs to ``page``; returns the proxies, which must live as long."""
    root = by_id("park-root")
    handlers: list[tuple[Any, str, Callable[[Page, Any], None]]] = [
        (root, "click", on_click),
        (root, "change", lambda p, event: p.on_change(event.target)),
        (root, "keydown", on_keydown),
        (by_id("new-game-form"), "submit", on_submit),
        (document, "keydown", on_shortcut),
        (window, "pagehide", lambda p, _event: p.keep_picture(closing=True)),
        (document, "visibilitychange", on_hidden),
    ]
    proxies = []
    for target, kind, handler in handlers:
        proxy = create_proxy(lambda event, handler=handler: handler(page, event))
        target.addEventListener(kind, proxy)
        proxies.append(proxy)
    return proxies


def main() -> None:
    """Speak the player's language, make the page's controller, wire it and start."""
    start_language()
    page = Page(initial_state())
    page.proxies = wire(page)
    page.start()


main()
