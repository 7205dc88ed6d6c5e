"""The map's geometry.

How big each kind of house is drawn, where pawns stand by it and a warned step's mark on it, and
which space the arrow keys go to from each space.

One table, read by the view model (pawn spots) and by the SVG renderer (the houses' bodies,
icons and labels), so the two always agree. Units are those of the board's SVG viewBox
(``Board.width`` x ``Board.height``); offsets are from the space's centre (``Space.x``,
``Space.y``), y downwards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from park.engine.board import Space
from park.ui.play.view_types import KIND_SLUGS


@dataclass(frozen=True, slots=True)
class HouseShape:
    """The size of one kind of house.

    Its body is the rectangle ``-half_width..half_width`` by ``top..top + height``; the roof's sign
    (icon) is centred at ``icon_y``, the name at ``label_y``; pawns stand in a row ``pawn_row``
    below the centre.
    """

    half_width: int
    top: int
    height: int
    icon_y: int
    label_y: int
    pawn_row: float


SHOP_HOUSE = HouseShape(half_width=66, top=-20, height=50, icon_y=-34, label_y=12, pawn_row=62.0)
"""The small house of a shop or a Café."""

HOUSES: Mapping[str, HouseShape] = {
    "club": HouseShape(half_width=92, top=-22, height=62, icon_y=-38, label_y=30, pawn_row=80.0),
    "market": HouseShape(half_width=76, top=-20, height=52, icon_y=-27, label_y=14, pawn_row=57.0),
    "hotel": HouseShape(half_width=72, top=-26, height=58, icon_y=-40, label_y=12, pawn_row=66.0),
    # The longest shop's name ("Hall of Records") needs a wider sign at 21 units (issue 48).
    "records": HouseShape(half_width=72, top=-20, height=50, icon_y=-34, label_y=12, pawn_row=62.0),
}
"""The houses bigger than a shop's, by kind slug."""


WARNING_MARK = (
    '<g class="pk-warn" transform="translate(-70 -58)" aria-hidden="true"><path d="M0 -17L16 '
    '11H-16z" fill="#a8322c" stroke="#fffaf0" stroke-width="3" stroke-linejoin="round"/>'
    '<text y="8" fill="#fffaf0" font-size="20" font-weight="700">!</text></g>'
)
"""A warned step's mark (``park.ui.play.warnings``), drawn on its house at the top left of
its halo, clear of the roof and the number plaque: a red triangle with "!", the ⚠ of its
button. Only drawn: the space's description says the chance."""


def house_shape(kind_slug: str) -> HouseShape:
    """The :class:`HouseShape` of a space of kind ``kind_slug`` (see :data:`KIND_SLUGS`)."""
    return HOUSES.get(kind_slug, SHOP_HOUSE)


def pawn_spots(count: int, space: Space, board_height: int) -> list[tuple[float, float]]:
    """Where ``count`` pawns stand by the house of ``space``.

    A row below its front, or, when that would fall off the map's bottom edge, a row beside it to
    the right.
    """
    house = house_shape(KIND_SLUGS.get(space.kind, "space"))
    gap = 22.0 if count <= 5 else 17.0
    if space.y + house.pawn_row + 6 <= board_height:
        start = space.x - gap * (count - 1) / 2
        return [(start + gap * i, space.y + house.pawn_row) for i in range(count)]
    start = space.x + house.half_width + 22
    return [(start + gap * i, space.y + 30.0) for i in range(count)]


ARROWS: Mapping[str, tuple[int, int]] = {
    "up": (0, -1),
    "down": (0, 1),
    "left": (-1, 0),
    "right": (1, 0),
}
"""The arrow keys' directions as unit vectors of the map (y downwards)."""

ACROSS_WEIGHT = 2.0
"""How much a step sideways of the arrow's direction counts against a space, against a step
along it: the nearest space *in that direction* wins, not merely the nearest space."""


@cache
def arrow_neighbours(
    points: tuple[tuple[str, float, float], ...],
) -> Mapping[str, Mapping[str, str]]:
    """For each point ``(id, x, y)``, the point the arrow keys move to.

    ``{id: {direction: neighbour id}}`` with the directions of :data:`ARROWS` (a direction with
    nothing that way is left out).

    The neighbour is the nearest point ahead, within 45 degrees either side of the direction
    (so Right never lands on a space mostly below), by the distance ``along +
    ACROSS_WEIGHT * across``; ties go to the earlier point. On the shipped map every space
    can be reached from every other this way. Cached: the map never changes in a game.
    """
    result: dict[str, dict[str, str]] = {}
    for pid, x, y in points:
        ways: dict[str, str] = {}
        for name, (dx, dy) in ARROWS.items():
            best: tuple[float, int] | None = None
            for k, (other, ox, oy) in enumerate(points):
                vx, vy = ox - x, oy - y
                along = vx * dx + vy * dy
                across = abs(vx * dy - vy * dx)
                if other == pid or along <= 0 or across > along:
                    continue
                key = (along + ACROSS_WEIGHT * across, k)
                if best is None or key < best:
                    best, ways[name] = key, other
        result[pid] = ways
    return result
