"""Draw the page's view (``park.ui.page.view.PageView``) by patching it (issue 49).

The screens shown and hidden, ``<html>``'s marks, the title, each element the view names (its
markup patched by ``patch.py``, its text, whether it is hidden, its attributes, properties and
classes), the game screen (``game_draw.py``), and the dialog open. Each thing is written only when
it differs from what was drawn last (a field's value only when it differs from what the field
holds: the player may be typing in it). Drawing reads the view and writes no state. With the
static page's translation at start-up (:func:`translate_page`), this module and ``game_draw.py``,
``patch.py``, ``focus.py``, ``table_view.py``, ``map_edges.py`` and ``first_screen.py`` are the
only ones that write the page (tests/web/test_page_loop.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dom import by_id, found
from game_draw import GameDraw
from patch import patch
from pyscript import document, window  # type: ignore[import-not-found]

from park.ui.lang.i18n import translate_page_text
from park.ui.page.state import DIALOGS

if TYPE_CHECKING:
    from park.ui.page.state import PageState
    from park.ui.page.view_types import Element, PageView


class Drawer:
    """Draws views of the page; its fields are its memo of what it drew last."""

    def __init__(self) -> None:
        self.game = GameDraw()
        self.elements: dict[str, Element] = {}
        self.root: dict[str, str] = {}
        self.title = ""
        self.ready = False

    def draw(self, view: PageView, state: PageState, fresh: bool) -> None:
        """Draw ``view`` (of ``state``; ``fresh``: the game's latest moves are new)."""
        for selector, element in view.elements.items():
            self._element(selector, element)
        if view.game is not None:
            self.game.draw(view.game, state, moved=fresh)
        root = document.documentElement
        for name, value in view.root.items():
            if self.root.get(name) != value:
                root.setAttribute(name, value)
                self.root[name] = value
        if view.title != self.title:
            document.title = self.title = view.title
        self._dialogs(view.dialog)
        if view.root.get("data-park-ready") == "true" and not self.ready:
            self.ready = True
            window.performance.mark("park:ready")  # time to ready, in every engine (bench/)

    def _element(self, selector: str, wanted: Element) -> None:
        drawn = self.elements.get(selector)
        if drawn == wanted and not wanted.props:  # a property is compared with the page's own
            return
        targets = (
            [by_id(selector[1:])]
            if selector.startswith("#") and " " not in selector and "[" not in selector
            else list(document.querySelectorAll(selector))
        )
        for target in targets:
            if found(target):
                _write(target, wanted, drawn)
        self.elements[selector] = wanted

    def _dialogs(self, wanted: str | None) -> None:
        """The dialog ``wanted`` open (modal), every other one closed."""
        for name in DIALOGS:
            dialog = by_id(f"{name}-dialog")
            if not found(dialog):
                continue
            if name == wanted and not dialog.open:
                dialog.showModal()
            elif name != wanted and dialog.open:
                dialog.close()


def _write(target: Any, wanted: Element, drawn: Element | None) -> None:
    """Make ``target`` show ``wanted``, writing only what differs from ``drawn``."""
    if wanted.html is not None and (drawn is None or drawn.html != wanted.html):
        patch(target, wanted.html)
    if wanted.text is not None and (drawn is None or drawn.text != wanted.text):
        target.textContent = wanted.text
    if wanted.hidden is not None and bool(target.hidden) != wanted.hidden:
        target.hidden = wanted.hidden
    for name, attribute in wanted.attrs.items():
        if attribute is None:
            target.removeAttribute(name)
        elif target.getAttribute(name) != attribute:
            target.setAttribute(name, attribute)
    for name, value in wanted.props.items():
        if getattr(target, name) != value:
            setattr(target, name, value)
    for name, on in wanted.classes.items():
        target.classList.toggle(name, on)


def mark_language(language: str, milliseconds: float) -> None:
    """``<html lang>`` says the page's language.

    ``data-park-language-ms``: how long choosing it took (bench/page_load.py).
    """
    root = document.documentElement
    root.lang = language
    root.dataset.parkLanguageMs = f"{milliseconds:.1f}"


def translate_page() -> None:
    """Translate ``index.html``'s marked text at start-up.

    The inner HTML of each ``data-i18n`` element, and each attribute a ``data-i18n-attrs`` names
    (``"placeholder aria-label"``).
    """
    for element in document.querySelectorAll("[data-i18n]"):
        text = translate_page_text(str(element.innerHTML))
        if text is not None:
            element.innerHTML = text
    for element in document.querySelectorAll("[data-i18n-attrs]"):
        for name in str(element.getAttribute("data-i18n-attrs")).split():
            value = element.getAttribute(name)
            if isinstance(value, str) and (text := translate_page_text(value)) is not None:
                element.setAttribute(name, text)


def empty_field(field: Any) -> None:
    """Empty a file field once its file is read (the same file can be chosen again)."""
    field.value = ""
