"""The map's frame on a phone: the map is wider and taller than its frame and scrolls inside it.

What the frame's edges hide, worked out from boxes (in CSS pixels, as the browser measures them):
which side a pawn or Captain Park is off to, so that the page names them in a row of markers under
the frame, each pointing their way (tapping one scrolls the map to them; the markers never cover the
map), and how far a Park's reach badge moves to stay whole inside the frame (``web/map_edges.py``
measures and applies them).
"""

from __future__ import annotations

from typing import Literal

from park.ui.lang.i18n import _
from park.ui.lang.text import listing
from park.ui.play.markup import escape

Side = Literal["left", "right", "up", "down"]

ARROWS: dict[Side, str] = {"left": "◀", "right": "▶", "up": "▲", "down": "▼"}
"""Each side's arrow on its markers."""

EDGE_MARGIN = 12.0
"""CSS pixels of a piece that must show inside the frame for it to count as in view."""


def off_side(
    box: tuple[float, float, float, float],
    frame: tuple[float, float, float, float],
    margin: float = EDGE_MARGIN,
) -> Side | None:
    """The side of the ``frame`` a piece's ``box`` is hidden beyond.

    The side of the ``frame`` a piece's ``box`` is hidden beyond (each a ``(left, top, right,
    bottom)``): where less than ``margin`` pixels of it show across an edge, that edge's side (left
    or right before up or down), else ``None`` (in view).
    """
    left, top, right, bottom = box
    frame_left, frame_top, frame_right, frame_bottom = frame
    if right < frame_left + margin:
        return "left"
    if left > frame_right - margin:
        return "right"
    if bottom < frame_top + margin:
        return "up"
    if top > frame_bottom - margin:
        return "down"
    return None


def shift_inside(
    left: float, right: float, frame_left: float, frame_right: float, inset: float = 2.0
) -> float:
    """How many pixels to move a badge so that the frame's edge no longer cuts it.

    How many pixels to move a badge spanning ``left``..``right`` along one axis (across, or down
    with ``top``..``bottom``) that the frame's edge cuts so that it lies whole inside the frame,
    ``inset`` pixels from its edges (positive: right or down; 0 when it is whole already, or wholly
    outside the frame: it goes with its space, out of view). A badge longer than the frame is
    aligned with its left (top) edge.
    """
    if right <= frame_left or left >= frame_right:
        return 0.0
    if left < frame_left + inset:
        return frame_left + inset - left
    if right > frame_right - inset:
        return max(frame_right - inset - right, frame_left + inset - left)
    return 0.0


def edge_marker_html(side: Side, names: list[str], colours: list[str], target: str) -> str:
    """A marker for the pieces named ``names`` beyond the frame's ``side``.

    A marker for the pieces named ``names`` (a pawn's colour in ``colours``, ``""`` for Captain
    Park) beyond the frame's ``side``: a button, in the row under the frame, whose ``data-target``
    (a CSS selector of the map's piece) the page scrolls the map to.
    """
    who = listing(names)
    arrow = ARROWS[side]
    dots = "".join(
        f'<span class="map-edge-dot" style="background:{escape(colour)}"></span>'
        for colour in colours
        if colour
    )
    label = _("Scroll the map to {who}").format(who=who)
    name = f'<span class="map-edge-name">{escape(who)}</span>'
    text = f"{dots}{name}{arrow}" if side == "right" else f"{arrow}{dots}{name}"
    return (
        f'<button type="button" class="map-edge is-{side}" data-ui="map-edge" '
        f'data-target="{escape(target)}" aria-label="{escape(label)}">{text}</button>'
    )
