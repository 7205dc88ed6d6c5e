"""Ask before a game in progress is lost (issue 39).

A new game from the form, Learn to play, Today's expedition or a game file opened replaces the game
in progress only once the player says so in ``#replace-dialog`` ("Start the new game"), or goes back
to it. No game, or a finished one, is replaced without a question. The new game waiting for the
answer is the page's state (``page.state.pending``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dom import Command, by_id, close_dialog

if TYPE_CHECKING:
    from page import Page

    from park.ui.game.session import Session


class ReplaceGuard:
    """The question, for the page (``page``): it starts the new game, or shows the old."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def ask(self, session: Session, news: str = "") -> None:
        """Start ``session`` now when no game would be lost, else ask the player.

        Start ``session`` (saying ``news``) now when no game would be lost, else keep it
        and ask the player.
        """
        if not self.page.state.in_progress():
            self.page.start_session(session, news)
            return
        self.page.state.pending = (session, news)
        by_id("replace-dialog").showModal()

    def replace(self, element: Any) -> None:
        """The "Start the new game" button: the game waiting for the answer starts."""
        close_dialog(element)
        pending, self.page.state.pending = self.page.state.pending, None
        if pending is not None:
            self.page.start_session(*pending)

    def go_back(self, element: Any) -> None:
        """The "Back to the game" button: the new game is dropped, the game in progress shows."""
        close_dialog(element)
        self.page.state.pending = None
        self.page.show_game()

    def commands(self) -> dict[str, Command]:
        """The dialog's ``data-ui`` buttons, each with its command."""
        return {"replace-game": self.replace, "replace-back": self.go_back}
