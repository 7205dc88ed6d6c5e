"""The game screen's drawing (issue 49): its parts patched into the game's elements.

The parts come from the view (``park.ui.page.view.GameScreen``: ``park.ui.game.screen``'s markup,
with a puzzle's overrides). Each redraw patches the elements (``patch.py``) so focus, scroll
positions and the log's rounds the player opened or closed stay as they were; the map is patched
part by part and the log round by round; the focus is kept off a control that now does something
else (``focus.py``), the log's scroll kept at its newest line. A redraw is two tasks, neither of
them long: what the player acts on, then the panels beside it and what needs the layout
(``<html data-park-drawn>`` is ``"false"`` in between). They are the User Timing measures
``park-redraw`` and ``park-redraw-panels`` (``bench/page_ai_smooth.py`` reads them). What needs
the layout once the panels are drawn (a decision brought into view, the map centred) waits for
the second task (:meth:`GameDraw.after_panels`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

import focus
from dom import by_id, found
from map_edges import MapEdges
from patch import patch, patch_outer, patch_svg, replace_svg, replay_slides
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import to_js  # type: ignore[import-not-found]

if TYPE_CHECKING:
    from park.ui.game.screen import ScreenParts
    from park.ui.page.state import PageState
    from park.ui.page.view_types import GameScreen
    from park.ui.play.log_html import LogRounds
    from park.ui.play.map_patch import MapMarkup

HAND_ELEMENTS = ("hand", "decision", "hint", "since", "latest")
"""The game's elements that may speak of a hand: emptied while a hot-seat game's privacy
screen is up, so that no hand is in the page."""

MAP_PARTS = "data-parts"
"""The mark on the map's ``<svg>`` drawn whole by :meth:`GameDraw.patch_map`: its parts can
be patched one by one."""

PANELS = ("players", "scoring", "log")
"""The game's elements drawn in a redraw's second task (:meth:`GameDraw.draw_panels`): none
holds a control of the decision nor speaks of a hand."""


class GameDraw:
    """Draws the game screen; its fields are its memo of what it drew last."""

    def __init__(self) -> None:
        self.patched: dict[str, str] = {}
        """Each element's markup as last drawn."""
        self.log_drawn: LogRounds | None = None
        self.map_drawn: MapMarkup | None = None
        self.panels: tuple[ScreenParts, bool] | None = None
        """What the redraw's second task will draw (and whether the log was at its end)."""
        self.later: list[Callable[[], object]] = []
        """What waits for the second task (:meth:`after_panels`)."""
        self.held = focus.HeldHeight()
        self.edges = MapEdges()

    def draw(self, game: GameScreen, state: PageState, *, moved: bool) -> None:
        """Draw the game screen ``game`` (``moved``: its latest moves are new: they slide)."""
        started = window.performance.now()
        if game.parts is None:
            self.show_privacy()
        else:
            self._draw(game, moved=moved)
        window.performance.measure("park-redraw", to_js({"start": started}))

    def _draw(self, game: GameScreen, *, moved: bool) -> None:
        parts = game.parts
        assert parts is not None
        overrides = game.overrides
        self.held.hold(parts.decision_kind)
        focus_key = focus.focused_control()
        log = by_id("log")
        at_end = log.scrollHeight - log.scrollTop - log.clientHeight < 24
        shown = _decision_shown()
        for element_id, markup in parts.markup.items():
            if element_id == "board" and element_id not in overrides:
                self.patch_map(parts.board, moved=moved)
            elif element_id not in PANELS:
                self.patch_element(element_id, overrides.get(element_id, markup))
        if "board" in overrides and moved:
            replay_slides(by_id("board"))
        for element_id, text in parts.text.items():
            by_id(element_id).textContent = text
        mark_hint(parts.hint_marks)
        asked = _decision_shown() != shown
        if focus_key is not None:
            focus.restore_focus(focus_key)
        waiting = self.panels
        self.panels = (parts, at_end if waiting is None else waiting[1])
        if asked:  # another question: from its top (it may scroll, issue 48), once laid out
            self.later.append(_decision_from_top)
        if waiting is None:
            document.documentElement.dataset.parkDrawn = "false"
            asyncio.get_event_loop().call_soon(self.draw_panels)

    def after_panels(self, task: Callable[[], object]) -> None:
        """Run ``task`` once the redraw's second task is done (now, if none is to come)."""
        if self.panels is None:
            task()
        else:
            self.later.append(task)

    def draw_panels(self) -> None:
        """The second task of a redraw.

        Patch the :data:`PANELS` (from the latest redraw's parts, when two came before it), fit
        the log to the screen and keep it at its newest line, run what waited for the layout
        (:meth:`after_panels`), and mark the pieces beyond a phone's map frame (``map_edges.py``).
        A User Timing measure ``park-redraw-panels``.
        """
        waiting, self.panels = self.panels, None
        if waiting is None:
            return
        started = window.performance.now()
        parts, at_end = waiting
        for element_id in PANELS:
            if element_id == "log":
                self.patch_log(parts.log)
            else:
                self.patch_element(element_id, parts.markup[element_id])
        focus.fit_log()
        if at_end:
            log = by_id("log")
            log.scrollTop = log.scrollHeight
        later, self.later = self.later, []
        for task in later:
            task()
        try:
            self.edges.update()
        except Exception as exc:  # the markers are an aid: they never stop the redraw
            window.console.warn(f"Park: the map's edge markers failed: {exc!r}")
        window.performance.measure("park-redraw-panels", to_js({"start": started}))
        document.documentElement.dataset.parkDrawn = "true"

    def patch_element(self, element_id: str, markup: str) -> None:
        """Patch one of the game's elements to ``markup``, unless it is drawn so already."""
        if self.patched.get(element_id) != markup:
            patch(by_id(element_id), markup)
            self.patched[element_id] = markup

    def patch_map(self, board: MapMarkup, *, moved: bool) -> None:
        """Patch the map part by part (``park.ui.play.map_patch``).

        Only its layers, spaces and pieces whose markup changed, and after a new move (``moved``)
        the pieces that slide, drawn afresh so that their animation starts from the beginning;
        the whole map when it is drawn first. Where spaces were patched, the roving tab stop ends
        where the markup puts it (the arrow keys move it, ``focus.arrow_on_map``).
        """
        from park.ui.play.map_patch import PIECES_LAYER, map_patch

        element = by_id("board")
        svg = element.firstElementChild
        plan = None
        if found(svg) and svg.hasAttribute(MAP_PARTS):
            plan = map_patch(self.map_drawn, board, moved=moved)
        self.map_drawn = None  # until patched: a failure draws the whole map next time
        self.patched.pop("board", None)  # an override's map (patch_element) is gone
        if plan is None:
            patch(element, board.html)
            element.firstElementChild.setAttribute(MAP_PARTS, "")
            if moved:
                replay_slides(element)
        else:
            for name, markup in plan.layers:
                replace_svg(svg.querySelector(f":scope > g.{name}"), markup)
            for selector, markup in plan.spaces:
                patch_svg(svg.querySelector(selector), markup)
            for selector, markup in plan.pieces:
                replace_svg(svg.querySelector(f":scope > g.{PIECES_LAYER} > {selector}"), markup)
            if plan.spaces:
                focus.reset_tab_stop(svg, board.tab_stop)
        self.map_drawn = board

    def patch_log(self, log: LogRounds) -> None:
        """Patch the game log round by round (``park.ui.play.log_html.rounds_patch``).

        The whole log when it is another game's.
        """
        from park.ui.play.log_html import ROUNDS_CLASS, rounds_patch

        element = by_id("log")
        drawn = self.log_drawn
        holder = element.querySelector(f".{ROUNDS_CLASS}")
        plan = None
        if drawn is not None and drawn.note == log.note and found(holder):
            plan = rounds_patch(drawn.rounds, log.rounds)
        if plan is None or holder.childElementCount != len(drawn.rounds if drawn else ()):
            patch(element, log.html)
        else:
            for _drop in range(plan.drop):
                holder.firstElementChild.remove()
            for index, markup in plan.morph:
                patch_outer(holder.children[index], markup)
            if plan.append:
                holder.insertAdjacentHTML("beforeend", "".join(plan.append))
        self.log_drawn = log

    def show_privacy(self) -> None:
        """Between two human turns of a hot-seat game.

        Every element that could show a hand is emptied (the privacy screen covers the table
        until the next player shows theirs).
        """
        for element_id in HAND_ELEMENTS:
            by_id(element_id).innerHTML = ""
            self.patched.pop(element_id, None)


def _decision_from_top() -> None:
    """Scroll the decision panel to its top.

    Done in a redraw's second task, where the layout is made anyway: setting ``scrollTop``
    lays the page out, 16 ms in the first task on a phone's CPU (docs/redraws.md).
    """
    by_id("decision").scrollTop = 0


def _decision_shown() -> str:
    """Which question the decision panel shows: its kind and, in a puzzle's solution, the move."""
    decision = by_id("decision").querySelector(".decision")
    if not found(decision):
        return ""
    return f"{decision.getAttribute('data-kind')}:{decision.getAttribute('data-move')}"


def mark_hint(marks: tuple[str, ...]) -> None:
    """Mark the hint's next decision on the map and in the decision panel.

    Its ``data-action`` controls, or at the Marketplace the cards to exchange (a control the
    redraw did not patch keeps its old mark, so every mark is taken off first).
    """
    for element in document.querySelectorAll("#game [data-action].is-hint, #game label.is-hint"):
        element.classList.remove("is-hint")
    for mark in marks:
        value = window.CSS.escape(mark)
        for element in document.querySelectorAll(f'#game [data-action="{value}"]'):
            element.classList.add("is-hint")
        for box in document.querySelectorAll(f'input[name="market-card"][value="{value}"]'):
            label = box.closest("label")
            if found(label):
                label.classList.add("is-hint")
