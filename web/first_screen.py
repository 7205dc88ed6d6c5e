"""Python taking over the first screen (issue 40).

What ``web/first_screen.js`` showed before Python was ready (the New game form, or the table's
picture) becomes the page's own, and the command the player gave meanwhile (Start the expedition,
Learn to play, ...) is handed over to be carried out.
"""

from __future__ import annotations

from typing import Any

from dom import by_id, found
from pyscript import document, window  # type: ignore[import-not-found]

PENDING_ATTRIBUTE = "data-park-pending"
"""On ``<html>``: the command kept before Python was ready (a ``data-ui`` name, or ``submit``
for the New game form); on its button, a mark."""


def first_screen() -> str | None:
    """What the page showed before Python was ready: ``"form"``, ``"picture"``, or ``None``."""
    shown = document.documentElement.getAttribute("data-park-first-screen")
    return str(shown) if isinstance(shown, str) else None


def take_over() -> tuple[str, Any] | None:
    """Make the first screen the page's.

    The table's picture taken down (the game screen is drawn afresh in the same task, so no frame
    shows it empty) and the form usable again. Returns the command kept meanwhile and its button,
    which the page carries out once it is ready, or ``None``.
    """
    game = by_id("game")
    if game.classList.contains("is-picture"):
        window.parkPictureTaken()  # the game screen's empty elements back, to draw into
    game.inert = False
    game.classList.remove("is-picture")
    by_id("setup").inert = False
    root = document.documentElement
    command = root.getAttribute(PENDING_ATTRIBUTE)
    element = document.querySelector(f"[{PENDING_ATTRIBUTE}]")
    root.removeAttribute(PENDING_ATTRIBUTE)
    if not isinstance(command, str) or not found(element):
        return None
    element.removeAttribute(PENDING_ATTRIBUTE)
    return command, element
