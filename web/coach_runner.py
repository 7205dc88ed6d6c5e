"""The coach's thinking in the page (the effects ``ThinkHint``, ``Review``; issue 49).

A hint and "Moments to look at" are worked out in slices with ``asyncio.sleep(0)`` between them,
as the AI seats think, so the page never freezes; what they find goes back to the page as events
(``HintDone``, ``ReviewMoved``). A move made meanwhile (or a new game) cancels a hint; the review
can be cancelled. This module keeps only the tasks.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from pyscript import window  # type: ignore[import-not-found]

from park.ui.page.events import HintDone, ReviewMoved

if TYPE_CHECKING:
    from park.ui.game.session import Session
    from park.ui.page.events import Event


class CoachRunner:
    """The hint's and the review's tasks."""

    def __init__(self, dispatch: Callable[[Event], bool]) -> None:
        self.dispatch = dispatch
        self.hint: asyncio.Future[None] | None = None
        self.review: asyncio.Future[None] | None = None

    def think(self, session: Session, budget: float, asked: int) -> None:
        """Work out a hint for ``session``'s decision (request ``asked``), ``budget`` seconds."""
        self.cancel_hint()
        self.hint = asyncio.ensure_future(self._think(session, budget, asked))

    def cancel_hint(self) -> None:
        """Stop thinking about a hint."""
        if self.hint is not None and not self.hint.done():
            self.hint.cancel()
        self.hint = None

    async def _think(self, session: Session, budget: float, asked: int) -> None:
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
            return  # the player moved, undid or started a new game
        except Exception as exc:  # a bug must not leave the button stuck on "thinking"
            window.console.error(f"Park: the hint could not be worked out: {exc!r}")
        self.dispatch(HintDone(asked, advised))

    def start_review(self, session: Session) -> None:
        """Review the finished game ``session`` in slices."""
        self.cancel_review()
        self.review = asyncio.ensure_future(self._review(session))

    def cancel_review(self) -> None:
        """Stop the review."""
        if self.review is not None and not self.review.done():
            self.review.cancel()
        self.review = None

    async def _review(self, session: Session) -> None:
        from park.ai.review import Review

        done = -1
        try:
            for item in session.coach.review_in_slices(session.state, session.human):
                if not isinstance(item, Review):
                    if item.done != done:
                        done = item.done
                        self.dispatch(ReviewMoved(session, item))
                    await asyncio.sleep(0)
        except asyncio.CancelledError:
            return
        except Exception as exc:
            window.console.error(f"Park: the game could not be reviewed: {exc!r}")
            self.dispatch(ReviewMoved(session, None, failed=True))
            return
        self.dispatch(ReviewMoved(session, None))
