"""The game screen's drawing.

The session's page parts (``park.ui.game.page``, where all the markup is made, from the page's
state) put into the game's elements, the hot-seat privacy screen between two human turns, and the
game over (its dialog, story, record and Today's expedition result).

Each redraw patches the elements (``patch.py``), so focus, scroll positions and the log's
rounds the player opened or closed stay as they were; it keeps the focus off a control that
now does something else (``focus.py``) and the log's scroll at the newest line, and says the
last AI turn in the live region once. A redraw is two tasks, neither of them long: what the
player acts on, then the panels beside it and what needs the layout. They are the User Timing
measures ``park-redraw`` and ``park-redraw-panels`` (``bench/page_ai_smooth.py`` reads them).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import focus
import table_view
from dom import by_id, copy_text, found
from map_edges import MapEdges
from patch import patch, patch_outer, patch_svg, replace_svg, replay_slides
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import to_js  # type: ignore[import-not-found]
from record_page import game_finished

from park.ui.lang.i18n import _
from park.ui.setup.settings import GAME_TITLE

if TYPE_CHECKING:
    from page import Page

    from park.ui.game.page import PageParts
    from park.ui.game.session import Session
    from park.ui.play.log_html import LogRounds
    from park.ui.play.map_patch import MapMarkup

HAND_ELEMENTS = ("hand", "decision", "hint", "since", "latest")
"""The game's elements that may speak of a hand: emptied while a hot-seat game's privacy
screen is up, so that no hand is in the page."""


MAP_PARTS = "data-parts"
"""The mark on the map's ``<svg>`` drawn whole by :meth:`GameScreen.patch_map`: its parts can
be patched one by one."""

PANELS = ("players", "scoring", "log")
"""The game's elements drawn in a redraw's second task (:meth:`GameScreen.draw_panels`): none
holds a control of the decision nor speaks of a hand."""


@dataclass(frozen=True, slots=True)
class Panels:
    """What a redraw's second task draws.

    The redraw's ``parts``; ``at_end``: the log was at its newest line before the redraw;
    ``centre``: the human's turn began (a phone's map is centred on the pawn); ``follow``: the
    human's pawn moved (a phone's map keeps it in view as it steps); ``fit``: a new decision of the
    human's, or a new lesson, to bring into view (``table_view.py``).
    """

    parts: PageParts
    at_end: bool
    centre: bool
    follow: bool
    fit: bool = False


class GameScreen:
    """Draws the game (``#game``) from a session and the page's state.

    Draws the game (``#game``) from a session and the page's state (``page.state``: Park's
    reach, a hint being thought about, the ticked cards, whether the game over was shown);
    the coach (``page.coach``) marks the hint and draws the moments to look at. Its fields
    are its memo of what it drew last, so that a redraw patches only what changed.
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.over: tuple[Session, str] | None = None
        """A game over waiting for its dialog (the game and the dialog's markup): filled
        and opened in tasks of their own after the redraw's (:meth:`fill_over`)."""
        self.drawn: tuple[int, int] | None = None
        """The session (its id) and number of actions last drawn: a redraw with no new
        action does not slide the latest moves again."""
        self.patched: dict[str, str] = {}
        """Each element's markup as last drawn: an element whose markup did not change is
        not patched again."""
        self.log_drawn: LogRounds | None = None
        """The game log as last drawn (patched round by round)."""
        self.map_drawn: MapMarkup | None = None
        """The map as last drawn (patched part by part)."""
        self.panels: Panels | None = None
        """What the redraw's second task will draw, until it has."""
        self.turn_seen: int | None = None
        """The turn whose beginning the human was told last."""
        self.pawn_seen: str | None = None
        """The space of the human's pawn at the last redraw."""
        self.decision_seen: tuple[int, int, str, str] | None = None
        """The decision (session, actions played, kind) and lesson last brought into view."""
        self.announcer = focus.Announcer()
        self.held = focus.HeldHeight()
        self.edges = MapEdges()
        """A phone's markers for the pieces beyond the map's frame, and its reach badges."""

    def render(
        self, session: Session, *, slide: float, overrides: Mapping[str, str] | None = None
    ) -> None:
        """Draw the whole game from ``session``'s view model by patching the page.

        Draw the whole game from ``session``'s view model (the latest moves sliding for
        ``slide`` seconds when they are new) by patching the page; keep the focus (on the
        same control if it is still there, else on the decision's first control) and the
        log's scroll at the newest line; announce the last AI turn once.

        Two tasks, so that neither is long: this one draws what the player acts on (the
        map, the decision, the hand, the status and what speaks of the hand), the next one
        (:meth:`draw_panels`) the :data:`PANELS` and what needs the page's layout.
        ``<html data-park-drawn>`` is ``"false"`` in between. ``overrides``: markup drawn
        instead of the session's in some elements (by id; a puzzle's card and verdict).
        """
        started = window.performance.now()
        self._render(session, slide=slide, overrides=overrides or {})
        window.performance.measure("park-redraw", to_js({"start": started}))

    def _render(self, session: Session, *, slide: float, overrides: Mapping[str, str]) -> None:
        if session.privacy_needed:
            self.show_privacy(session)
            return
        from park.ui.game.page import page_parts

        state = self.page.state
        drawn = (id(session), session.actions_played)
        fresh, self.drawn = drawn != self.drawn, drawn
        parts = page_parts(
            session,
            motion=slide if fresh else 0.0,
            reach=state.reach_shown,
            thinking=state.hint_thinking,
            ticked=state.ticked,
        )
        self.held.hold(parts.decision_kind)
        focus_key = focus.focused_control()
        log = by_id("log")
        at_end = log.scrollHeight - log.scrollTop - log.clientHeight < 24
        for element_id, markup in parts.markup.items():
            if element_id == "board" and element_id not in overrides:
                self.patch_map(parts.board, moved=fresh and slide > 0)
            elif element_id not in PANELS:
                self.patch_element(element_id, overrides.get(element_id, markup))
        for element_id, text in parts.text.items():
            by_id(element_id).textContent = text
        self.page.coach.mark_hint(parts)
        document.documentElement.dataset.parkTurn = parts.decision_kind
        document.documentElement.dataset.parkMoves = str(session.actions_played)
        document.documentElement.dataset.parkViewer = (
            str(session.human) if session.hand_shown else ""
        )
        document.title = parts.title
        # the hard AI's thinking time is also a hint's
        by_id("thinking-setting").hidden = not session.thinks_on_budget and not session.coach.hints
        turn_begins = session.human_to_move and self.turn_seen != session.turn
        position = session.human_position
        moved, self.pawn_seen = self.pawn_seen != position, position
        self.announcer.announce(parts.announcement, turn_begins=turn_begins)
        if turn_begins:
            self.turn_seen = session.turn
            if state.notice is not None and state.notice.good:
                self.page.notify(None)  # old news clears when your turn starts
        if focus_key is not None:
            focus.restore_focus(focus_key)
        if parts.game_over is not None and not state.over_shown:
            state.over_shown = True
            self.over = (session, parts.game_over)
        lesson = parts.markup.get("lesson", "")
        decision = (id(session), session.actions_played, parts.decision_kind, lesson)
        seen, self.decision_seen = self.decision_seen, decision
        deciding = session.human_to_move and parts.decision_kind not in ("wait", "over")
        waiting = self.panels
        self.panels = Panels(
            parts,
            at_end=at_end if waiting is None else waiting.at_end,
            centre=turn_begins or (waiting is not None and waiting.centre),
            follow=moved or (waiting is not None and waiting.follow),
            fit=(deciding and decision != seen) or (waiting is not None and waiting.fit),
        )
        if waiting is None:
            document.documentElement.dataset.parkDrawn = "false"
            asyncio.get_event_loop().call_soon(self.draw_panels)

    def draw_panels(self) -> None:
        """The second task of a redraw.

        Patch the :data:`PANELS` (from the latest redraw's parts, when two came before it), fit the
        log to the screen and keep it at its newest line, bring a new decision or lesson into view
        (``table_view.py``), and on a phone centre the map on the pawn when the human's turn begins,
        keep the pawn in view while it steps, and mark the pieces beyond the map's frame
        (``map_edges.py``). A User Timing measure ``park-redraw-panels``.
        """
        waiting, self.panels = self.panels, None
        if waiting is None:
            return
        started = window.performance.now()
        for element_id in PANELS:
            if element_id == "log":
                self.patch_log(waiting.parts.log)
            else:
                self.patch_element(element_id, waiting.parts.markup[element_id])
        focus.fit_log()
        if waiting.at_end:
            log = by_id("log")
            log.scrollTop = log.scrollHeight
        fitted = waiting.fit and table_view.bring_into_view()  # a phone's frame may resize
        if waiting.centre or fitted:
            focus.centre_map()
        elif waiting.follow:  # the map follows the pawn's steps
            focus.centre_map(only_if_cut=True)
        try:
            self.edges.update()
        except Exception as exc:  # the markers are an aid: they never stop the redraw
            window.console.warn(f"Park: the map's edge markers failed: {exc!r}")
        window.performance.measure("park-redraw-panels", to_js({"start": started}))
        if self.over is not None:
            asyncio.get_event_loop().call_soon(self.fill_over)
        else:
            self.drawn_if_done()

    def fill_over(self) -> None:
        """A redraw's third task, when the game is over.

        The story, the record and Today's expedition's result (always: a game is counted even if
        another is shown by now), then the game over dialog's standings and the moments to look at;
        the fourth (:meth:`open_over`) opens it. Each is a task of its own, so that none is long
        (laying out the dialog is most of the fourth).
        """
        over, self.over = self.over, None
        if over is None:
            return
        session, markup = over
        self.game_finished(session)  # counted and kept for a replay even if no longer shown
        if not self.showing(session):
            self.drawn_if_done()
            return
        by_id("over").innerHTML = markup
        self.page.coach.show_moments(session)
        asyncio.get_event_loop().call_soon(self.open_over, session)

    def open_over(self, session: Session) -> None:
        """Open ``session``'s game over dialog unless something else is shown by now.

        Open ``session``'s game over dialog (:meth:`fill_over`), unless another game or
        screen is shown by now.
        """
        dialog = by_id("over-dialog")
        if self.showing(session) and not dialog.open:
            dialog.showModal()
        self.drawn_if_done()

    def showing(self, session: Session) -> bool:
        """Whether the game screen still shows ``session``.

        Whether the game screen still shows ``session`` (not a new game, another tab's
        game, or another screen).
        """
        drawn = self.drawn is not None and self.drawn[0] == id(session)
        return drawn and self.page.state.screen == "game"

    def drawn_if_done(self) -> None:
        """``<html data-park-drawn="true">`` unless a redraw's second task is still to come."""
        if self.panels is None:
            document.documentElement.dataset.parkDrawn = "true"

    def patch_element(self, element_id: str, markup: str) -> None:
        """Patch one of the game's elements to ``markup``, unless it is drawn so already."""
        if self.patched.get(element_id) != markup:
            patch(by_id(element_id), markup)
            self.patched[element_id] = markup

    def patch_map(self, board: MapMarkup, *, moved: bool) -> None:
        """Patch the map part by part (``park.ui.play.map_patch``).

        Only its layers, spaces and pieces whose markup changed, and after a new move (``moved``)
        the pieces that slide, drawn afresh so that their animation starts from the beginning; the
        whole map when it is drawn first (or its frame changed, which a game never does). Where
        spaces were patched, the roving tab stop ends where the markup puts it, as if the whole map
        had been (the arrow keys move it, ``focus.arrow_on_map``).
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

        Only the rounds whose markup changed, so a redraw late in a game does not walk the whole
        log; the whole log when it is another game's.
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

    def game_finished(self, session: Session) -> None:
        """The game over's story, the record and Today's expedition result (``record_page``).

        A failure there never hides the game over.
        """
        daily: str | None = None
        try:
            daily = game_finished(session)
        except Exception as exc:
            window.console.warn(f"Park: the game's story or record failed: {exc!r}")
        try:
            self.page.links.game_over(session)
        except Exception as exc:
            window.console.warn(f"Park: the game's links failed: {exc!r}")
        by_id("daily-share").hidden = daily is None
        by_id("daily-text").value = daily or ""
        by_id("daily-copied").textContent = ""

    def show_privacy(self, session: Session) -> None:
        """Between two human turns of a hot-seat game.

        Empty every element that could show a hand and cover the table until the next player presses
        "Show my hand, <name>".
        """
        name = session.names[session.active]
        for element_id in HAND_ELEMENTS:
            by_id(element_id).innerHTML = ""
            self.patched.pop(element_id, None)
        focus.say("")  # it may still say the last player's hint
        document.documentElement.dataset.parkViewer = ""
        document.documentElement.dataset.parkTurn = "privacy"
        by_id("privacy-title").textContent = _("{name}'s turn").format(name=name)
        by_id("privacy-text").textContent = _(
            "Pass the device to {name}. Every hand is hidden until {name} shows theirs."
        ).format(name=name)
        by_id("show-hand").textContent = _("Show my hand, {name}").format(name=name)
        document.title = _("{name}'s turn · {title}").format(name=name, title=_(GAME_TITLE))
        if self.page.state.visible_screen == "privacy":
            by_id("show-hand").focus()


def copy_daily() -> None:
    """Copy Today's expedition result (the text stays selected where copying is not allowed)."""
    copy_text("daily-text", "daily-copied")
