"""The map's geometry: how big each kind of house is drawn and where pawns stand by it.

One table, read by the view model (pawn spots) and by the SVG renderer (the houses' bodies,
icons and labels), so the two always agree. Units are those of the board's SVG viewBox
(``Board.width`` x ``Board.height``); offsets are from the space's centre (``Space.x``,
``Space.y``), y downwards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..engine.board import Space
from .view_types import KIND_SLUGS


@dataclass(frozen=True, slots=True)
class HouseShape:
    """The size of one kind of house: its body is the rectangle ``-half_width..half_width``
    by ``top..top + height``; the roof's sign (icon) is centred at ``icon_y``, the name at
    ``label_y``; pawns stand in a row ``pawn_row`` below the centre."""

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
}
"""The houses bigger than a shop's, by kind slug."""


def house_shape(kind_slug: str) -> HouseShape:
    """The :class:`HouseShape` of a space of kind ``kind_slug`` (see :data:`KIND_SLUGS`)."""
    return HOUSES.get(kind_slug, SHOP_HOUSE)


def pawn_spots(count: int, space: Space, board_height: int) -> list[tuple[float, float]]:
    """Where ``count`` pawns stand by the house of ``space``: a row below its front, or, when
    that would fall off the map's bottom edge, a row beside it to the right."""
    house = house_shape(KIND_SLUGS.get(space.kind, "space"))
    gap = 22.0 if count <= 5 else 17.0
    if space.y + house.pawn_row + 6 <= board_height:
        start = space.x - gap * (count - 1) / 2
        return [(start + gap * i, space.y + house.pawn_row) for i in range(count)]
    start = space.x + house.half_width + 22
    return [(start + gap * i, space.y + 30.0) for i in range(count)]
