"""Text colours chosen for contrast (WCAG 2.x relative luminance).

The ink for a letter or a number drawn on a seat's colour.
"""

from __future__ import annotations

import re
from functools import lru_cache

INK_LIGHT = "#ffffff"
INK_DARK = "#1b130c"
_HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _luminance(colour: str) -> float:
    """WCAG relative luminance (0 black to 1 white) of a ``#rrggbb`` colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@lru_cache(maxsize=64)
def ink_on(colour: str) -> str:
    """The text colour, white or near-black, with the higher WCAG contrast on ``colour``.

    The text colour, white or near-black, with the higher WCAG contrast on ``colour`` (a ``#rrggbb``
    seat colour; white for anything else): the number on a covered Novelty dot.
    """
    if _HEX_COLOUR.fullmatch(colour) is None:
        return INK_LIGHT
    background = _luminance(colour)
    on_light = (_luminance(INK_LIGHT) + 0.05) / (background + 0.05)
    on_dark = (background + 0.05) / (_luminance(INK_DARK) + 0.05)
    return INK_LIGHT if on_light >= on_dark else INK_DARK
