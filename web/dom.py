"""The page's small browser helpers, shared by every web module.

Finding elements, the width where the page turns to one column, and the page's language (chosen at
start-up, and the static page translated), and the commands of ``data-ui`` buttons that open and
close dialogs. ``localStorage`` is ``storage.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, window  # type: ignore[import-not-found]
from storage import LANGUAGE_KEY, storage_get

from park.ui.lang.i18n import (
    DEFAULT_LANGUAGE,
    LanguageError,
    _,
    choose_language,
    set_language,
    translate_page_text,
)

try:  # Pyodide 0.28+ returns JavaScript null as ``jsnull`` rather than None
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - older Pyodide
    jsnull = None

ONE_COLUMN = 992
"""Screens this wide (px, 62 rem) or narrower show the page in one column (styles/park.css);
wider ones have two, and fit the log to the screen's height."""


def found(element: Any) -> bool:
    """Whether a DOM look-up (``closest``, ``querySelector``) found an element."""
    return element is not None and element is not jsnull


def by_id(element_id: str) -> Any:
    """The element with this id."""
    return document.getElementById(element_id)


def url_param(name: str) -> str | None:
    """A query parameter of the page's URL, or ``None``."""
    params = window.URLSearchParams.new(window.location.search)
    return str(params.get(name)) if params.has(name) else None


Command = Callable[[Any], None]
"""A ``data-ui`` button's handler (``page.Page.commands``): it gets the button."""


def opens(dialog_id: str) -> Command:
    """A command that opens the dialog ``dialog_id``."""
    return lambda _element: by_id(dialog_id).showModal()


def closing_dialog(then: Callable[[], None]) -> Command:
    """A command that closes the dialog its button is in (if it is in one), then does ``then``."""

    def command(element: Any) -> None:
        close_dialog(element)
        then()

    return command


def close_dialog(element: Any) -> None:
    """Close the dialog the element (a ``data-ui`` button) is in, if it is in one.

    Nothing for ``None``.
    """
    if element is None:
        return
    dialog = element.closest("dialog")
    if found(dialog):
        dialog.close()


def browser_languages() -> list[str]:
    """The browser's preferred languages (``navigator.languages``), the first first."""
    try:
        return [str(tag) for tag in window.navigator.languages]
    except Exception:  # an older browser: its one language, if it says
        tag = getattr(window.navigator, "language", None)
        return [str(tag)] if isinstance(tag, str) else []


def start_language() -> str:
    """Choose, speak, mark and return the page's language, and translate the static page.

    Choose the page's language (the player's stored choice, else the browser's, else
    English), speak it from now on, mark it on ``<html lang>`` and translate the static
    page; returns it. A catalogue that cannot be read leaves the page in English. The
    milliseconds it took go on ``<html data-park-language-ms>`` (bench/page_load.py).
    """
    started = window.performance.now()
    chosen = choose_language(storage_get(LANGUAGE_KEY), browser_languages())
    try:
        set_language(chosen)
    except LanguageError as exc:
        window.console.warn(f"Park: the page stays in English: {exc}")
        chosen = set_language(DEFAULT_LANGUAGE)
    root = document.documentElement
    root.lang = chosen
    # web/first_screen.js translated the static page already when it showed it
    if chosen != DEFAULT_LANGUAGE and root.getAttribute("data-park-translated") != chosen:
        translate_page()
    document.documentElement.dataset.parkLanguageMs = f"{window.performance.now() - started:.1f}"
    return chosen


def translate_page() -> None:
    """Translate ``index.html``'s marked text.

    The inner HTML of each ``data-i18n`` element, and each attribute a ``data-i18n-attrs`` names
    (``"placeholder aria-label"``).
    """
    for element in document.querySelectorAll("[data-i18n]"):
        text = translate_page_text(str(element.innerHTML))
        if text is not None:
            element.innerHTML = text
    for element in document.querySelectorAll("[data-i18n-attrs]"):
        for name in str(element.getAttribute("data-i18n-attrs")).split():
            value = element.getAttribute(name)
            if isinstance(value, str) and (text := translate_page_text(value)) is not None:
                element.setAttribute(name, text)


def site_address() -> str:
    """The site's address, for a line to share.

    The page's own URL without its query or fragment (``https://example.github.io/park/``).
    """
    location = window.location
    return f"{location.origin}{location.pathname}"


def copy_text(text_id: str, said_id: str) -> None:
    """Copy a text area's line to share, and say so in the element ``said_id``.

    Copy a text area's line to share (it stays selected where copying is not allowed),
    and say so in the element ``said_id``.
    """
    text = by_id(text_id)
    text.select()
    try:
        window.navigator.clipboard.writeText(text.value)
        by_id(said_id).textContent = _("Copied.")
    except Exception:
        by_id(said_id).textContent = _("Select the text and copy it.")
