"""A live link as a QR code, for a phone next to the screen (issue 52).

Drawn by segno (a pure-Python library the page unpacks on first use, ``tools/libraries.py``):
until it is there, :func:`qr_image` draws nothing and the link is copied or shared instead.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache


def qr_ready() -> bool:
    """Whether segno can be imported here (on the page: once unpacked)."""
    return importlib.util.find_spec("segno") is not None


def qr_image(text: str) -> str | None:
    """``text`` as a QR code: an SVG ``data:`` URI, black on white, 4-module quiet zone.

    Error correction L (a link of 800 characters fits version 25 or lower); ``None`` while segno
    is not there (asked again on the next redraw: nothing is kept of it). Raises
    ``segno.DataOverflowError`` for text longer than a QR code holds.
    """
    return _drawn(text) if qr_ready() else None


@lru_cache(maxsize=8)
def _drawn(text: str) -> str:
    import segno

    code = segno.make(text, error="l", micro=False, boost_error=False)
    uri: str = code.svg_data_uri(scale=2, border=4, dark="#000", light="#fff")
    return uri
