"""The page's small browser helpers, shared by ``main.py`` and ``coach_page.py``: finding
elements, ``localStorage`` that never fails the game, the width where the page turns to
one column, and the page's language (chosen at start-up, and the static page translated)."""

from __future__ import annotations

from typing import Any

from pyscript import document, window  # type: ignore[import-not-found]

from park.ui.lang.i18n import (
    DEFAULT_LANGUAGE,
    LanguageError,
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
LANGUAGE_KEY = "park.language"
"""Where the player's choice of language is kept (the header's language menu)."""


def found(element: Any) -> bool:
    """Whether a DOM look-up (``closest``, ``querySelector``) found an element."""
    return element is not None and element is not jsnull


def by_id(element_id: str) -> Any:
    """The element with this id."""
    return document.getElementById(element_id)


def storage_get(key: str) -> str | None:
    """A ``localStorage`` value, or ``None`` if missing or storage is unavailable."""
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # storage disabled (privacy settings): play without saves
        return None
    return value if isinstance(value, str) else None


def storage_set(key: str, value: str, *, what: str = "the game") -> None:
    """Store a value; a full or disabled storage only loses ``what`` is kept there (the
    autosave, a setting), never the game in play: the console says so."""
    try:
        window.localStorage.setItem(key, value)
    except Exception:
        window.console.warn(f"Park: could not save {what} in this browser.")


def storage_remove(key: str) -> None:
    """Forget a stored value."""
    try:
        window.localStorage.removeItem(key)
    except Exception:
        return


def browser_languages() -> list[str]:
    """The browser's preferred languages (``navigator.languages``), the first first."""
    try:
        return [str(tag) for tag in window.navigator.languages]
    except Exception:  # an older browser: its one language, if it says
        tag = getattr(window.navigator, "language", None)
        return [str(tag)] if isinstance(tag, str) else []


def start_language() -> str:
    """Choose the page's language (the player's stored choice, else the browser's, else
    English), speak it from now on, mark it on ``<html lang>`` and translate the static
    page; returns it. A catalogue that cannot be read leaves the page in English. The
    milliseconds it took go on ``<html data-park-language-ms>`` (bench/page_load.py)."""
    started = window.performance.now()
    chosen = choose_language(storage_get(LANGUAGE_KEY), browser_languages())
    try:
        set_language(chosen)
    except LanguageError as exc:
        window.console.warn(f"Park: the page stays in English: {exc}")
        chosen = set_language(DEFAULT_LANGUAGE)
    document.documentElement.lang = chosen
    if chosen != DEFAULT_LANGUAGE:
        translate_page()
    document.documentElement.dataset.parkLanguageMs = f"{window.performance.now() - started:.1f}"
    return chosen


def translate_page() -> None:
    """Translate ``index.html``'s marked text: the inner HTML of each ``data-i18n``
    element, and each attribute a ``data-i18n-attrs`` names (``"placeholder aria-label"``)."""
    for element in document.querySelectorAll("[data-i18n]"):
        text = translate_page_text(str(element.innerHTML))
        if text is not None:
            element.innerHTML = text
    for element in document.querySelectorAll("[data-i18n-attrs]"):
        for name in str(element.getAttribute("data-i18n-attrs")).split():
            value = element.getAttribute(name)
            if isinstance(value, str) and (text := translate_page_text(value)) is not None:
                element.setAttribute(name, text)
