"""The map's edges on a phone, where the map is wider than its frame and scrolls sideways: a
marker at the edge for each pawn or Captain Park the frame hides (tapping it scrolls the map
to them), and Park's reach badges moved inside the frame where its edge would cut them.
Measured after every redraw and as the map scrolls (once per frame); what the boxes mean is
``park.ui.play.frame``'s."""

from __future__ import annotations

from typing import Any

from dom import by_id
from pyscript import window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy, to_js  # type: ignore[import-not-found]

MERGE_PX = 30.0
"""Pieces off the same side within this many pixels of height share one marker."""


class MapEdges:
    """Keeps ``#map-edges`` (the layer just under the map) and the reach badges up to date."""

    def __init__(self) -> None:
        self.scheduled = False
        self.drawn = ""
        self._on_frame = create_proxy(self._frame)
        self._on_scroll = create_proxy(self._scroll)
        by_id("board").addEventListener("scroll", self._on_scroll, to_js({"passive": True}))

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
        layer = by_id("map-edges")
        scrolls = frame.scrollWidth > frame.clientWidth
        box = frame.getBoundingClientRect()
        groups: list[tuple[str, float, list[str], list[str], str]] = []
        for piece in frame.querySelectorAll(".pk-pawn, .pk-captain") if scrolls else []:
            spot = piece.getBoundingClientRect()
            side = off_side(spot.left, spot.right, box.left, box.right)
            if side is None:
                continue
            top = (spot.top + spot.bottom) / 2 - box.bottom
            name = str(piece.querySelector("title").textContent)
            captain = piece.classList.contains("pk-captain")
            colour = "" if captain else str(piece.style.color)
            # Captain Park has no data-seat (and a missing dataset key raises in Pyodide)
            seat = "" if captain else str(piece.getAttribute("data-seat") or "")
            target = ".pk-captain" if captain else f'.pk-pawn[data-seat="{seat}"]'
            near = next((g for g in groups if g[0] == side and abs(g[1] - top) < MERGE_PX), None)
            if near is None:
                groups.append((side, top, [name], [colour], target))
            else:
                near[2].append(name)
                near[3].append(colour)
        markup = "".join(
            edge_marker_html(side, names, colours, target, top)  # type: ignore[arg-type]
            for side, top, names, colours, target in groups
        )
        if markup != self.drawn:
            layer.innerHTML = markup
            self.drawn = markup
        svg = frame.querySelector("svg")
        width = float(svg.viewBox.baseVal.width) if svg else 0.0
        scale = float(svg.getBoundingClientRect().width) / width if width else 1.0
        for badge in frame.querySelectorAll(".pk-reach-badge"):
            badge.setAttribute("transform", "")
            if not scrolls:
                continue
            spot = badge.getBoundingClientRect()
            shift = shift_inside(spot.left, spot.right, box.left, box.right)
            if shift:
                badge.setAttribute("transform", f"translate({shift / scale:.1f} 0)")
