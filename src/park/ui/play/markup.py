"""Escaping text for HTML and SVG markup.

The same result as ``html.escape(text, quote=True)``; written out because importing ``html``
also loads ``html.entities`` (a 2,000-entry table), which costs ~40 ms in Pyodide (when
the page draws its first game) for nothing we use.
"""

from __future__ import annotations

_ESCAPES = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"},
)


def escape(text: str) -> str:
    """``text`` with ``& < > " '`` replaced by character references.

    Safe in element content and in quoted attribute values.
    """
    return text.translate(_ESCAPES)
