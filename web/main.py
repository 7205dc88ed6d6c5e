"""Park in the browser: the page's Python entry point, run by PyScript on the main thread.

It speaks the player's language, makes the page's one loop (``loop.Loop``: the state, the update,
the view drawn by ``draw.py``, the effects run by ``effects.py``) and hands it every input as an
event (``inputs.py`` reads them): a click on a ``data-ui`` button, a decision or a map space, a
changed control, a key, the New game form sent, another tab's storage, the page hidden or shown, a
dialog closed, a link pasted. Then it starts (``startup.py``); when usable the page says
``<html data-park-ready="true">``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import startup
from draw import Drawer
from effects import Effects
from inputs import (
    Dispatch,
    on_change,
    on_click,
    on_keydown,
    on_shortcut,
    on_storage,
    on_submit,
    on_visibility,
)
from loop import Loop
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

from park.ui.page import events as ev
from park.ui.page.state import DIALOGS

KEPT: list[Any] = []
"""The loop, its event listeners and its start's task, kept alive with the page."""


def _closed(name: str) -> Callable[[Dispatch, Any], object]:
    """The handler of the dialog ``name``'s ``close`` event (Escape, or the page's own)."""
    return lambda dispatch, _event: dispatch(ev.DialogClosed(name))


def wire(dispatch: Dispatch) -> list[Any]:
    """Hand the page's inputs to ``dispatch``; returns the proxies, which must live as long."""
    root = document.getElementById("park-root")
    dark = window.matchMedia("(prefers-color-scheme: dark)")
    handlers: list[tuple[Any, str, Callable[[Dispatch, Any], object]]] = [
        (root, "click", on_click),
        (root, "change", on_change),
        (root, "input", on_change),
        (root, "keydown", on_keydown),
        (document.getElementById("new-game-form"), "submit", on_submit),
        (document, "keydown", on_shortcut),
        (window, "pagehide", lambda go, _e: go(ev.PageHidden(closing=True))),
        (window, "pageshow", lambda go, _e: go(ev.PageShown())),
        (document, "visibilitychange", on_visibility),
        (window, "storage", on_storage),
        (window, "hashchange", lambda go, _e: go(ev.Fragment(str(window.location.hash)))),
        (dark, "change", lambda go, e: go(ev.SystemTheme(bool(e.matches)))),
    ]
    for name in DIALOGS:
        dialog = document.getElementById(f"{name}-dialog")
        handlers.append((dialog, "close", _closed(name)))
    proxies = []
    for target, kind, handler in handlers:
        proxy = create_proxy(lambda event, handler=handler: handler(dispatch, event))
        target.addEventListener(kind, proxy)
        proxies.append(proxy)
    return proxies


def main() -> None:
    """Speak the player's language, make the page's loop, wire it and start."""
    language = startup.start_language()
    drawer = Drawer()
    loop = Loop(startup.initial_state(language), drawer.draw)
    loop.run = Effects(loop, drawer.game).run
    KEPT.extend([loop, wire(loop.dispatch), startup.start(loop.dispatch)])


main()
