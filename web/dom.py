"""The page's small browser helpers, shared by every web module (they read the page, never write).

Finding elements, a query parameter of the page's URL, the browser's languages, the site's address,
and the width where the page turns to one column. ``localStorage`` is ``storage.py``'s.
"""

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


def url_param(name: str) -> str | None:
    """A query parameter of the page's URL, or ``None``."""
    params = window.URLSearchParams.new(window.location.search)
    return str(params.get(name)) if params.has(name) else None


def browser_languages() -> list[str]:
    """The browser's preferred languages (``navigator.languages``), the first first."""
    try:
        return [str(tag) for tag in window.navigator.languages]
    except Exception:  # an older browser: its one language, if it says
        tag = getattr(window.navigator, "language", None)
        return [str(tag)] if isinstance(tag, str) else []


def site_address() -> str:
    """The site's address, for a line to share.

    The page's own URL without its query or fragment (``https://example.github.io/park/``).
    """
    location = window.location
    return f"{location.origin}{location.pathname}"
