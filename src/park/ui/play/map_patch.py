"""The map's markup in parts, and the least work that turns the map drawn into a new one.

The map is the biggest element the page redraws after every decision (about 600 SVG
elements), and most of it never changes: its parchment, river and streets stay for the
whole game, and a decision changes a few of its spaces at most (the ones the player may step
to, the one they stand on, Captain Park's) and the pieces that moved. So the page patches it
part by part (issue 24): :class:`MapMarkup` is the map's ``<svg>`` as its ``frame`` (what
never changes in a game), its layers (``<g>`` groups, drawn whole when they change), its
spaces (each patched on its own, as the focus may be on one) and its pieces (the pawns and
Captain Park, each drawn afresh when it changes, so that its slide starts from the
beginning), and :func:`map_patch` says which of them changed since the map drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SPACES_LAYER = "pk-spaces"
"""The class of the layer that holds the spaces; the page patches them one by one."""
PIECES_LAYER = "pk-pawns"
"""The class of the layer that holds the pieces (the pawns, then Captain Park); the page
draws them one by one."""


def attribute_selector(name: str, value: str) -> str:
    """A CSS selector of the elements whose attribute ``name`` is ``value``.

    Quoted and escaped as CSS strings are.
    """
    quoted = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name}="{quoted}"]'


@dataclass(frozen=True, slots=True)
class MapMarkup:
    """The map's ``<svg>`` markup in parts.

    ``frame``: its start tag and what is drawn first and never changes in a game (the
    symbols, the parchment, the river and the parks). ``layers``: the ``<g>`` groups after
    it, in order, as ``(class, outer markup)``; the spaces' layer (:data:`SPACES_LAYER`) and
    the pieces' (:data:`PIECES_LAYER`) have ``""`` as their markup and are drawn from
    ``spaces`` and ``pieces``: each element's ``(CSS selector, outer markup)``, in order.
    ``sliding``: the selectors of the pieces that slide or drop (their markup animates a
    new move). ``tab_stop``: the id of the space the Tab key lands on.
    """

    frame: str
    layers: tuple[tuple[str, str], ...]
    spaces: tuple[tuple[str, str], ...]
    pieces: tuple[tuple[str, str], ...] = ()
    sliding: frozenset[str] = field(default_factory=frozenset)
    tab_stop: str = ""

    @property
    def html(self) -> str:
        """The whole ``<svg>`` element's markup."""
        inside = {SPACES_LAYER: self.spaces, PIECES_LAYER: self.pieces}
        layers = (
            f'<g class="{name}">{"".join(m for _, m in inside[name])}</g>'
            if name in inside
            else markup
            for name, markup in self.layers
        )
        return self.frame + "".join(layers) + "</svg>"


@dataclass(frozen=True, slots=True)
class MapPatch:
    """What changed between two maps.

    ``layers`` to draw again whole, as ``(class, outer markup)``; ``spaces`` to patch and ``pieces``
    to draw again, as ``(CSS selector, outer markup)``. All empty when nothing changed.
    """

    layers: tuple[tuple[str, str], ...]
    spaces: tuple[tuple[str, str], ...]
    pieces: tuple[tuple[str, str], ...] = ()


def _changed(
    old: tuple[tuple[str, str], ...], new: tuple[tuple[str, str], ...], again: frozenset[str]
) -> tuple[tuple[str, str], ...]:
    return tuple(
        (key, markup)
        for (key, markup), (_key, before) in zip(new, old, strict=True)
        if markup != before or key in again
    )


def map_patch(old: MapMarkup | None, new: MapMarkup, *, moved: bool) -> MapPatch | None:
    """The parts of ``new`` that differ from ``old`` (the map drawn).

    Its layers, spaces and pieces whose markup changed, and whenever ``moved`` (a move is new) its
    ``sliding`` pieces, so that their animation starts again. ``None`` when the maps are not made of
    the same parts (no map drawn, another frame, or other layers, spaces or pieces): draw ``new``
    whole.
    """
    if old is None or old.frame != new.frame:
        return None
    for before, after in (
        (old.layers, new.layers),
        (old.spaces, new.spaces),
        (old.pieces, new.pieces),
    ):
        if [key for key, _ in before] != [key for key, _ in after]:
            return None
    inside = (SPACES_LAYER, PIECES_LAYER)
    layers = tuple(
        (name, markup)
        for name, markup in _changed(old.layers, new.layers, frozenset())
        if name not in inside
    )
    again = new.sliding if moved else frozenset()
    return MapPatch(
        layers,
        _changed(old.spaces, new.spaces, frozenset()),
        _changed(old.pieces, new.pieces, again),
    )


__all__ = [
    "PIECES_LAYER",
    "SPACES_LAYER",
    "MapMarkup",
    "MapPatch",
    "attribute_selector",
    "map_patch",
]
