"""The map's frame on a phone: the map is wider than the screen and scrolls sideways in it.
What the frame's edges hide, worked out from boxes (left and right, in CSS pixels, as the
browser measures them): which side a pawn or Captain Park is off to, so that the page puts a
marker at that edge (tapping it scrolls the map to them), and how far a Park's reach badge
moves to stay whole inside the frame (``web/map_edges.py`` measures and applies them)."""

from __future__ import annotations

from typing import Literal

from park.ui.lang.i18n import _
from park.ui.lang.text import listing
from park.ui.play.markup import escape

Side = Literal["left", "right"]

EDGE_MARGIN = 12.0
"""CSS pixels of a piece that must show inside the frame for it to count as in view."""


def off_side(
    left: float, right: float, frame_left: float, frame_right: float, margin: float = EDGE_MARGIN
) -> Side | None:
    """The side of the frame (``frame_left``..``frame_right``) a piece spanning ``left``..
    ``right`` is hidden beyond: ``"left"`` or ``"right"`` when less than ``margin`` pixels of
    it show, else ``None`` (in view)."""
    if right < frame_left + margin:
        return "left"
    if left > frame_right - margin:
        return "right"
    return None


def shift_inside(
    left: float, right: float, frame_left: float, frame_right: float, inset: float = 2.0
) -> float:
    """How many pixels to move a badge spanning ``left``..``right`` that the frame's edge cuts
    so that it lies whole inside the frame, ``inset`` pixels from its edges (positive: to the
    right; 0 when it is
    whole already, or wholly outside the frame: it goes with its space, out of view). A
    badge wider than the frame is aligned with its left edge."""
    if right <= frame_left or left >= frame_right:
        return 0.0
    if left < frame_left + inset:
        return frame_left + inset - left
    if right > frame_right - inset:
        return max(frame_right - inset - right, frame_left + inset - left)
    return 0.0


def edge_marker_html(
    side: Side, names: list[str], colours: list[str], target: str, top: float
) -> str:
    """A marker at the frame's ``side`` edge for the pieces named ``names`` (a pawn's colour
    in ``colours``, ``""`` for Captain Park), ``top`` CSS pixels from the bottom of the
    frame's layer (negative: up), a button whose ``data-target`` (a CSS selector of the
    map's piece) the page scrolls the map to."""
    who = listing(names)
    arrow = "◀" if side == "left" else "▶"
    dots = "".join(
        f'<span class="map-edge-dot" style="background:{escape(colour)}"></span>'
        for colour in colours
        if colour
    )
    label = _("Scroll the map to {who}").format(who=who)
    name = f'<span class="map-edge-name">{escape(who)}</span>'
    text = f"{arrow}{dots}{name}" if side == "left" else f"{dots}{name}{arrow}"
    return (
        f'<button type="button" class="map-edge is-{side}" data-ui="map-edge" '
        f'data-target="{escape(target)}" style="top:{top:.0f}px" '
        f'aria-label="{escape(label)}">{text}</button>'
    )
