"""What the page shows, as values: :class:`PageView` and its parts (issue 49).

A :class:`PageView` says what every changing part of the page shows: the screen and the dialog
open, ``<html>``'s marks, the title, and each element a CSS selector finds (its markup or text,
whether it is hidden, its attributes, its properties such as a field's value, its classes). The
game screen's parts (``park.ui.game.screen``) are drawn apart: they are patched part by part, in two
tasks (``web/game_draw.py``). ``web/draw.py`` draws a view by patching only what differs from the
one it drew last; drawing reads the view and writes no state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from park.ui.game.screen import ScreenParts


@dataclass(frozen=True)
class Element:
    """What one element shows, where the view says so (``None``: left as it is).

    ``html``: its content as markup (patched); ``text``: its text; ``hidden``; ``attrs``:
    attributes to set (``None``: removed); ``props``: properties (a field's ``value``, a box's
    ``checked``, ``disabled``, ``href``, ``download``, ``max``); ``classes``: classes on or off.
    """

    html: str | None = None
    text: str | None = None
    hidden: bool | None = None
    attrs: Mapping[str, str | None] = field(default_factory=dict)
    props: Mapping[str, str | bool] = field(default_factory=dict)
    classes: Mapping[str, bool] = field(default_factory=dict)


@dataclass(frozen=True)
class GameScreen:
    """The game screen's drawing.

    Its ``parts`` (``None`` between two humans at one device, ``privacy``'s name then), the
    markup drawn instead of some parts (``overrides``: a puzzle's card and verdict, the
    solution's moves), and whether the map's pieces slide (the view made them with their
    motion).
    """

    parts: ScreenParts | None
    overrides: Mapping[str, str] = field(default_factory=dict)
    privacy: str | None = None


@dataclass(frozen=True)
class PageView:
    """The page as its state shows it (see the module)."""

    screen: str
    title: str
    dialog: str | None = None
    root: Mapping[str, str] = field(default_factory=dict)
    elements: Mapping[str, Element] = field(default_factory=dict)
    game: GameScreen | None = None
