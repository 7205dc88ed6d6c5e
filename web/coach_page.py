"""The coach in the page.

The Hint button, the Park's reach toggle and the game over's "Moments to look at", wired to
``park.ui.coach.table`` (all the thinking and the markup are there).

Hints and the review think in slices with ``asyncio.sleep(0)`` between them, as the AI seats
do, so the page never freezes; a move made meanwhile (or a new game) drops a hint still being
thought about, and the review can be cancelled.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from dom import ONE_COLUMN, Command, by_id, found
from focus import centre_map
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import to_js  # type: ignore[import-not-found]
from storage import REACH_KEY, storage_set

if TYPE_CHECKING:
    from page import Page

    from park.ui.game.page import PageParts
    from park.ui.game.session import Session


class CoachControls:
    """The page's coach.

    Park's reach (``page.state.reach_shown``, remembered), a hint being thought about
    (``page.state.hint_thinking``) and the review after the game (its task and progress).
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.hint_task: asyncio.Future[None] | None = None
        self._asked: object | None = None
        """Which request for a hint is the latest (a hint task finishing after another was
        asked for leaves the button to that one)."""
        self.review_task: asyncio.Future[None] | None = None
        self.review_session: Session | None = None
        self.progress: Any = None
        self.hint_text = ""
        """The hint shown, in one paragraph (from the last redraw)."""

    def commands(self) -> dict[str, Command]:
        """The coach's ``data-ui`` buttons.

        The Hint (for the game in progress, thinking as long as the page's setting says), the Park's
        reach toggle, and after the game "Moments to look at" and its Cancel.
        """

        def hint(_element: Any) -> None:
            if (game := self.page.state.session) is not None:
                self.ask_hint(game, self.page.ai.budget)

        def moments(_element: Any) -> None:
            if (game := self.page.state.session) is not None and game.is_over:
                self.start_review(game)

        def cancel(_element: Any) -> None:
            if (game := self.page.state.session) is not None:
                self.cancel_review()
                self.show_moments(game)

        return {
            "hint": hint,
            "reach": lambda _element: self.toggle_reach(),
            "moments": moments,
            "moments-cancel": cancel,
        }

    # -- during the game --------------------------------------------------------------------

    def toggle_reach(self) -> None:
        """Show or hide Park's reach on the map, and remember it."""
        state = self.page.state
        state.reach_shown = not state.reach_shown
        storage_set(
            REACH_KEY, "on" if state.reach_shown else "off", what="the Park's reach setting"
        )
        self.page.redraw()

    def take_setting(self, key: str, value: str) -> bool:
        """Another tab turned Park's reach on or off (its storage ``key``).

        So here too; ``False`` for another key.
        """
        if key != REACH_KEY:
            return False
        if (value == "on") != self.page.state.reach_shown:
            self.toggle_reach()
        return True

    def ask_hint(self, session: Session, budget: float) -> None:
        """Start thinking about a hint for the player's decision (once at a time)."""
        state = self.page.state
        if state.hint_thinking or not session.human_to_move or not session.coach.hints:
            return
        state.hint_thinking = True
        self._asked = asked = object()
        self.hint_task = asyncio.ensure_future(self._think(session, budget, asked))

    async def _think(self, session: Session, budget: float, asked: object) -> None:
        self.page.redraw()
        advised = False
        try:
            thinking = session.coach.hint_in_slices(
                session.state, session.human, budget, current=lambda: session.state
            )
            for item in thinking:
                if item is None:
                    await asyncio.sleep(0)
                else:
                    advised = True
        except asyncio.CancelledError:
            return  # the player moved, undid or started a new game: moved() cancelled it
        except Exception as exc:  # a bug must not leave the button stuck on "thinking"
            window.console.error(f"Park: the hint could not be worked out: {exc!r}")
        finally:
            if self._asked is asked:  # not a hint asked for since
                self.page.state.hint_thinking = False
                self.hint_task = None
        if not advised:
            return
        self.page.save()
        self.page.redraw()
        self.show_hint()
        if self.hint_text:  # said once by screen readers, as the AI turns are
            by_id("announce").textContent = self.hint_text

    def show_hint(self) -> None:
        """Bring the hint into view where the page is one column (a phone).

        The map's frame scrolls to the hint's first space, and the page to the hint's words, as
        little as that takes.
        """
        centre_map(".pk-space.is-hint")
        box = document.querySelector("#hint .hint-box")
        if found(box) and window.innerWidth <= ONE_COLUMN:
            box.scrollIntoView(to_js({"block": "nearest"}))

    def moved(self) -> None:
        """The player decided (or undid, or started a new game).

        A hint still being thought about no longer applies and stops.
        """
        if self.hint_task is not None and not self.hint_task.done():
            self.hint_task.cancel()
        self.hint_task = None
        self._asked = None
        self.page.state.hint_thinking = False

    def mark_hint(self, parts: PageParts) -> None:
        """Mark the hint's next decision on the map and in the decision panel.

        Mark the hint's next decision on the map and in the decision panel (its
        ``data-action`` controls, or at the Marketplace the cards to exchange).
        """
        self.hint_text = parts.hint_text
        # a control the redraw did not patch keeps its old mark (the route is markup's)
        for element in document.querySelectorAll(
            "#game [data-action].is-hint, #game label.is-hint"
        ):
            element.classList.remove("is-hint")
        for mark in parts.hint_marks:
            value = window.CSS.escape(mark)
            for element in document.querySelectorAll(f'#game [data-action="{value}"]'):
                element.classList.add("is-hint")
            for box in document.querySelectorAll(f'input[name="market-card"][value="{value}"]'):
                label = box.closest("label")
                if found(label):
                    label.classList.add("is-hint")

    # -- after the game ---------------------------------------------------------------------

    def start_review(self, session: Session) -> None:
        """Start "Moments to look at" for a finished game (once; the result is kept)."""
        if self.review_task is not None and not self.review_task.done():
            return
        self.review_session = session
        self.review_task = asyncio.ensure_future(self._review(session))

    def cancel_review(self) -> None:
        """Stop the review; its button comes back."""
        if self.review_task is not None:
            self.review_task.cancel()
        self.review_task = None
        self.progress = None
        self.review_session = None

    async def _review(self, session: Session) -> None:
        from park.ai.review import Review

        try:
            for item in session.coach.review_in_slices(session.state, session.human):
                if not isinstance(item, Review):
                    if self.progress is None or item.done != self.progress.done:
                        self.progress = item
                        self.show_moments(session)
                    await asyncio.sleep(0)
                    if self.review_session is not session:
                        return
        except asyncio.CancelledError:
            return
        except Exception as exc:
            window.console.error(f"Park: the game could not be reviewed: {exc!r}")
            session.coach.review = None
        self.progress = None
        self.review_task = None
        self.show_moments(session)

    def show_moments(self, session: Session) -> None:
        """Draw "Moments to look at" in the game over dialog.

        Draw "Moments to look at" in the game over dialog (keeping the focus on its
        button's replacement).
        """
        from park.ui.coach.html import moments_html

        box = by_id("moments")
        had_focus = box.contains(document.activeElement)
        box.innerHTML = moments_html(
            self.progress,
            session.coach.review,
            names=session.names,
            cards=session.cards,
            board=session.state.rules.board,
            seat=session.human,
        )
        if had_focus:
            target = box.querySelector("button, h3")
            if found(target):
                if str(target.tagName) == "H3":
                    target.setAttribute("tabindex", "-1")
                target.focus()
