"""Redraws by patching.

An element's content made equal to new markup by idiomorph (a DOM morphing library, self-hosted
under ``runtime/idiomorph/``), which changes only what differs.

So what the player is doing survives a redraw by itself: the focused control where it is
still drawn, the scroll of every panel, a hand card's text being read, and the log's rounds
the player opened or closed (:func:`mark_toggled`; the markup opens the last rounds, and
the morph leaves a round the player toggled as they left it). Moves still slide on the map:
the morph keeps an element that slid before, so :func:`replay_slides` starts the latest
moves' animations again. The map's parts are SVG: :func:`patch_svg` and :func:`replace_svg`
parse them as such (``game_screen.py`` patches the map part by part).
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy, to_js  # type: ignore[import-not-found]

TOGGLED = "data-toggled"
"""The attribute on a log round (``<details>``) the player opened or closed themselves."""
KEPT_WHEN_TOGGLED = frozenset({"open", TOGGLED})
"""The attributes a redraw leaves alone on an element the player toggled."""
SLIDES = ".pk-slide, .pk-captain.is-moved .pk-captain-body"
"""The map's elements animated when a move is new (``park.ui.play.board_svg``)."""

SVG_NS = "http://www.w3.org/2000/svg"

_configs: dict[str, Any] = {}
"""idiomorph's options by morph style, each made once."""
_svg_holder: list[Any] = []
"""An ``<svg>`` element out of the page, in which :func:`_svg_element` parses SVG markup."""


def _before_attribute_updated(name: str, element: Any, _change: str) -> bool:
    """Idiomorph asks before it changes or removes an attribute.

    Not ``open`` (nor the mark) of a round the player toggled.
    """
    return not (name in KEPT_WHEN_TOGGLED and element.hasAttribute(TOGGLED))


def _morph_config(style: str) -> Any:
    """Idiomorph's options for ``style``.

    Idiomorph's options for ``style`` (``"innerHTML"``: the element's children;
    ``"outerHTML"``: the element itself).
    """
    if not _configs:
        _configs["callback"] = create_proxy(_before_attribute_updated)
    if style not in _configs:
        callbacks = {"beforeAttributeUpdated": _configs["callback"]}
        _configs[style] = to_js({"morphStyle": style, "callbacks": callbacks})
    return _configs[style]


def patch(element: Any, markup: str) -> None:
    """Make ``element``'s content ``markup``, changing only what differs.

    Make ``element``'s content ``markup`` (HTML or SVG, as ``innerHTML`` would take it),
    changing only the nodes and attributes that differ.
    """
    window.Idiomorph.morph(element, markup, _morph_config("innerHTML"))


def patch_outer(element: Any, markup: str) -> None:
    """Make ``element`` itself the one element ``markup`` holds, changing only what differs."""
    window.Idiomorph.morph(element, markup, _morph_config("outerHTML"))


def _svg_element(markup: str) -> Any:
    """The one SVG element ``markup`` holds, parsed as SVG.

    The one SVG element ``markup`` holds, parsed as SVG (markup parsed on its own, as
    idiomorph parses a string, would make HTML elements of ``<g>`` and ``<path>``).
    """
    if not _svg_holder:
        _svg_holder.append(document.createElementNS(SVG_NS, "svg"))
    holder = _svg_holder[0]
    holder.innerHTML = markup
    return holder.firstElementChild


def patch_svg(element: Any, markup: str) -> None:
    """Make the SVG ``element`` the one SVG element ``markup`` holds.

    Make the SVG ``element`` the one SVG element ``markup`` holds, changing only what
    differs (a focused map space keeps the focus).
    """
    window.Idiomorph.morph(element, _svg_element(markup), _morph_config("outerHTML"))


def replace_svg(element: Any, markup: str) -> None:
    """Put the one SVG element ``markup`` holds in the place of ``element``.

    Drawn afresh, so its CSS animations start from their beginning.
    """
    element.replaceWith(_svg_element(markup))


def mark_toggled(details: Any) -> None:
    """The player opens or closes a log round (``details``): later redraws leave it so."""
    details.setAttribute(TOGGLED, "")


def replay_slides(board: Any) -> None:
    """Start the map's slide and drop animations (:data:`SLIDES`) from their beginning.

    An element the morph kept does not restart its CSS animation by itself.
    """
    for element in board.querySelectorAll(SLIDES):
        for animation in element.getAnimations():
            animation.cancel()
            animation.play()
