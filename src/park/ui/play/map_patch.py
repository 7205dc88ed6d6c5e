"""The map's markup in parts, and the least work that turns the map drawn into a new one.

The map is the biggest element the page redraws after every decision (about 600 SVG
elements), and most of it never changes: its parchment, river and streets stay for the
whole game, and a decision changes a few of its spaces at most (the ones the player may step
to, the one they stand on, Captain Park's). So the page patches it part by part (issue 24):
:class:`MapMarkup` is the map's ``<svg>`` as its ``frame`` (what never changes in a game),
its layers (``<g>`` groups, drawn whole when they change) and its spaces (each patched on its
own), and :func:`map_patch` says which of them changed since the map drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

SPACES_LAYER = "pk-spaces"
"""The class of the layer that holds the spaces; the page patches them one by one."""
MOVING_LAYERS = frozenset({"pk-trails", "pk-pawns"})
"""The layers whose elements slide when a move is new: drawn again after every new move, so
that their animations start again even where their markup did not change."""


@dataclass(frozen=True, slots=True)
class MapMarkup:
    """The map's ``<svg>`` markup in parts.

    ``frame``: its start tag and what is drawn first and never changes in a game (the symbols,
    the parchment, the river and the parks). ``layers``: the ``<g>`` groups after it, in
    order, as ``(class, outer markup)``; the spaces' layer (:data:`SPACES_LAYER`) has ``""``
    as its markup and is drawn from ``spaces``: each space's ``(id, outer markup)``, in
    order. ``tab_stop``: the id of the space the Tab key lands on."""

    frame: str
    layers: tuple[tuple[str, str], ...]
    spaces: tuple[tuple[str, str], ...]
    tab_stop: str = ""

    @property
    def html(self) -> str:
        """The whole ``<svg>`` element's markup."""
        spaces = "".join(markup for _id, markup in self.spaces)
        layers = (
            f'<g class="{SPACES_LAYER}">{spaces}</g>' if name == SPACES_LAYER else markup
            for name, markup in self.layers
        )
        return self.frame + "".join(layers) + "</svg>"


@dataclass(frozen=True, slots=True)
class MapPatch:
    """What changed between two maps: ``layers`` to draw again whole, as ``(class, outer
    markup)``, and ``spaces`` to patch, as ``(id, outer markup)``; both empty when nothing
    changed."""

    layers: tuple[tuple[str, str], ...]
    spaces: tuple[tuple[str, str], ...]


def map_patch(old: MapMarkup | None, new: MapMarkup, *, moved: bool) -> MapPatch | None:
    """The parts of ``new`` that differ from ``old`` (the map drawn): its layers whose
    markup changed (and the :data:`MOVING_LAYERS` whenever ``moved``: a move is new and its
    pieces slide), its spaces whose markup changed. ``None`` when the maps are not made of
    the same parts (no map drawn, another frame, as in another language, or other layers or
    spaces): draw ``new`` whole."""
    if old is None or old.frame != new.frame:
        return None
    if [name for name, _ in old.layers] != [name for name, _ in new.layers]:
        return None
    if [key for key, _ in old.spaces] != [key for key, _ in new.spaces]:
        return None
    layers = tuple(
        (name, markup)
        for (name, markup), (_name, before) in zip(new.layers, old.layers, strict=True)
        if name != SPACES_LAYER and (markup != before or (moved and name in MOVING_LAYERS))
    )
    spaces = tuple(
        (key, markup)
        for (key, markup), (_key, before) in zip(new.spaces, old.spaces, strict=True)
        if markup != before
    )
    return MapPatch(layers, spaces)


__all__ = ["MOVING_LAYERS", "SPACES_LAYER", "MapMarkup", "MapPatch", "map_patch"]
