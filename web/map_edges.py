"""The map's edges on a phone, where the map is larger than its frame and scrolls inside it.

Under the frame, a row of markers naming each pawn or Captain Park the frame hides (the pawns beyond
one edge together, Captain Park on his own), each pointing their way (tapping one scrolls the map to
them), and Park's reach badges moved inside the frame where its edge would cut them. Measured after
every redraw, as the map scrolls and when a piece ends its slide (once per frame); what the boxes
mean is ``park.ui.play.frame``'s.
"""

from __future__ import annotations

from typing import Any

from dom import by_id
from pyscript import window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy, to_js  # type: ignore[import-not-found]

SIDES = ("left", "up", "down", "right")
"""The markers' order in their row: what is off to the left first, to the right last."""


def _box(element: Any) -> tuple[float, float, float, float]:
    """An element's ``(left, top, right, bottom)`` in the viewport."""
    rect = element.getBoundingClientRect()
    return float(rect.left), float(rect.top), float(rect.right), float(rect.bottom)


class MapEdges:
    """Keeps ``#map-edges`` (the row under the map) and the reach badges up to date."""

    def __init__(self) -> None:
        self.scheduled = False
        self.drawn = ""
        self._on_frame = create_proxy(self._frame)
        self._on_scroll = create_proxy(self._scroll)
        board = by_id("board")
        board.addEventListener("scroll", self._on_scroll, to_js({"passive": True}))
        # a piece that slides or hops ends where it is measured only once it has
        board.addEventListener("animationend", self._on_scroll)

    def _scroll(self, _event: Any) -> None:
        if not self.scheduled:
            self.scheduled = True
            window.requestAnimationFrame(self._on_frame)

    def _frame(self, _time: Any) -> None:
        self.scheduled = False
        self.update()

    def update(self) -> None:
        """Measure the map in its frame: draw the markers, move the cut badges in."""
        from park.ui.play.frame import edge_marker_html, off_side, shift_inside

        frame = by_id("board")
        scrolls = frame.scrollWidth > frame.clientWidth or frame.scrollHeight > frame.clientHeight
        box = _box(frame)
        groups: dict[tuple[str, bool], tuple[list[str], list[str], str]] = {}
        for piece in frame.querySelectorAll(".pk-pawn, .pk-captain") if scrolls else []:
            side = off_side(_box(piece), box)
            if side is None:
                continue
            name = str(piece.querySelector("title").textContent)
            captain = piece.classList.contains("pk-captain")
            colour = "" if captain else str(piece.style.color)
            # Captain Park has no data-seat (and a missing dataset key raises in Pyodide)
            seat = "" if captain else str(piece.getAttribute("data-seat") or "")
            target = ".pk-captain" if captain else f'.pk-pawn[data-seat="{seat}"]'
            # one marker per side for the pawns there, and one of his own for Captain Park
            names, colours, _first = groups.setdefault((side, captain), ([], [], target))
            names.append(name)
            colours.append(colour)
        markup = "".join(
            edge_marker_html(side, *groups[side, captain])  # type: ignore[arg-type]
            for side in SIDES
            for captain in (False, True)
            if (side, captain) in groups
        )
        if markup != self.drawn:
            by_id("map-edges").innerHTML = markup
            self.drawn = markup
        svg = frame.querySelector("svg")
        width = float(svg.viewBox.baseVal.width) if svg else 0.0
        scale = float(svg.getBoundingClientRect().width) / width if width else 1.0
        left, top, right, bottom = box
        for badge in frame.querySelectorAll(".pk-reach-badge"):
            badge.setAttribute("transform", "")
            if not scrolls:
                continue
            spot = _box(badge)
            across = shift_inside(spot[0], spot[2], left, right)
            down = shift_inside(spot[1], spot[3], top, bottom)
            if across or down:
                badge.setAttribute(
                    "transform", f"translate({across / scale:.1f} {down / scale:.1f})"
                )
