"""Ask before a game in progress is lost (issue 39): a new game from the form, Learn to play,
Today's expedition or a game file opened replaces the game in progress only once the player
says so in ``#replace-dialog`` ("Start the new game"), or goes back to it. No game, or a
finished one, is replaced without a question.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from dom import Command, by_id, close_dialog, closing_dialog

if TYPE_CHECKING:
    from park.ui.game.session import Session

Start = Callable[[], None]
"""What replaces the game in progress (starts the new one)."""


class ReplaceGuard:
    """``session`` gives the game shown (``None``: none); ``back`` shows it again."""

    def __init__(self, session: Callable[[], Session | None], back: Callable[[], None]) -> None:
        self.session = session
        self.back = back
        self.pending: Start | None = None
        """The new game waiting for the player's answer."""

    def in_progress(self) -> bool:
        """Whether a game would be lost: one is shown and it is not over."""
        session = self.session()
        return session is not None and not session.is_over

    def ask(self, start: Start) -> None:
        """Run ``start`` now when no game would be lost, else keep it and ask the player."""
        if not self.in_progress():
            start()
            return
        self.pending = start
        by_id("replace-dialog").showModal()

    def replace(self, element: object) -> None:
        """ "Start the new game": the game waiting for the answer starts."""
        close_dialog(element)
        start, self.pending = self.pending, None
        if start is not None:
            start()

    def commands(self) -> dict[str, Command]:
        """The dialog's ``data-ui`` buttons, each with its handler."""
        return {"replace-game": self.replace, "replace-back": closing_dialog(self.go_back)}

    def go_back(self) -> None:
        """ "Back to the game": the new game is dropped, the game in progress shows."""
        self.pending = None
        self.back()
