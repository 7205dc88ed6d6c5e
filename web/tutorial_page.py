"""Learn to play in the page.

The header's "Learn to play" (the New game form, at its offer of the guided first game), the offer's
button (the game itself, ``park.ui.tutorial``), and the lesson card's "Got it" and "Leave the
lessons". The lessons, their moments and their markup are ``park.ui.tutorial``'s; the page draws the
card in ``#lesson`` with the rest of the game. Reading a lesson again needs no handler: the list of
lessons and each lesson read in it are ``<details>`` the browser opens, and the game does not
change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import focus
from dom import Command, by_id, found
from pyscript import window  # type: ignore[import-not-found]
from pyscript.ffi import to_js  # type: ignore[import-not-found]

from park.ui.lang.i18n import _

if TYPE_CHECKING:
    from page import Page

    from park.ui.game.session import Session


class TutorialControls:
    """The guided first game's controls, on the page's game in progress (``page.state.session``)."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def commands(self) -> dict[str, Command]:
        """The ``data-ui`` buttons of Learn to play, each with its handler."""
        from park.ui.tutorial.html import LESSON_DONE, LESSONS_LEAVE

        return {
            "learn": lambda _element: self.offer(),
            "learn-start": lambda _element: self.start_tutorial(),
            LESSON_DONE: lambda _element: self.done(),
            LESSONS_LEAVE: lambda _element: self.leave(),
        }

    def offer(self) -> None:
        """The header's "Learn to play".

        The New game form (with "Back to the game" when a game is in progress, so nothing is lost),
        its offer in view and its button focused.
        """
        self.page.show_setup()
        offer = by_id("learn-start")
        offer.scrollIntoView(to_js({"block": "nearest"}))
        offer.focus(to_js({"preventScroll": True}))

    def start_tutorial(self) -> None:
        """Start the guided first game, the player named as the form says."""
        from park.ui.game.session import Session
        from park.ui.tutorial.lessons import tutorial_settings

        self.page.replace_with(Session.new(tutorial_settings(str(by_id("f-name").value))))

    def done(self) -> None:
        """The "Got it" button's command.

        The lesson is seen; the next one due shows (its heading focused), else the decision's first
        control is focused.
        """
        from park.ui.tutorial.guide import finish_lesson

        session = self.page.state.session
        if session is None or finish_lesson(session) is None:
            return
        self.page.changed()
        title = by_id("lesson-title")
        if found(title):
            title.focus(to_js({"preventScroll": True}))
            card = by_id("lesson").getBoundingClientRect()
            if card.top < 0 or card.top > window.innerHeight - 120:
                by_id("lesson").scrollIntoView(to_js({"block": "nearest"}))
        else:
            focus.focus_decision()
            focus.reveal_decision()

    def leave(self) -> None:
        """On "Leave the lessons" the game goes on without them (said in the live region)."""
        from park.ui.tutorial.guide import leave_lessons

        session = self.page.state.session
        if session is None or not leave_lessons(session):
            return
        self.page.changed()
        focus.say(_("The lessons are over: the game goes on as an ordinary one."))
        focus.focus_decision()

    def acted(self, session: Session) -> Callable[[], None]:
        """Before the player's own move.

        What to call once it is played (the lesson shown then is seen: the player has moved on).
        """
        from park.ui.tutorial.guide import finish_lesson, lesson_now

        lesson = lesson_now(session)

        def seen() -> None:
            if lesson is not None:
                finish_lesson(session, lesson)

        return seen
