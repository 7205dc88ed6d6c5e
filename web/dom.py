"""The page's small browser helpers, shared by ``main.py`` and ``coach_page.py``: finding
elements, ``localStorage`` that never fails the game, and the width where the page turns to
one column."""

from __future__ import annotations

from typing import Any

from pyscript import document, window  # type: ignore[import-not-found]

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
