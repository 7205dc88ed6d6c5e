"""The coach's thinking in the page (the effects ``ThinkHint``, ``Ponder``, ``Review``; issue 49).

A hint and "Moments to look at" are worked out in slices with ``asyncio.sleep(0)`` between them,
as the AI seats think, so the page never freezes; what they find goes back to the page as events
(``HintMoved``, ``HintDone``, ``ReviewMoved``). A move made meanwhile (or a new game) cancels a
hint; the review can be cancelled. While the player reads the table, the hint of the decision is
thought about already (``Ponder``, issue 50): a hint asked for continues that search. This module
keeps only the tasks.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from pyscript import window  # type: ignore[import-not-found]

from park.ui.page.events import HintDone, HintMoved, ReviewMoved

if TYPE_CHECKING:
    from park.ui.game.session import Session
    from park.ui.page.events import Event


class CoachRunner:
    """The hint's and the review's tasks."""

    def __init__(self, dispatch: Callable[[Event], bool]) -> None:
        self.dispatch = dispatch
        self.hint: asyncio.Future[None] | None = None
        self.review: asyncio.Future[None] | None = None

    def think(self, session: Session, deals: int, asked: int) -> None:
        """Work out a hint for ``session``'s decision (request ``asked``) on ``deals`` deals."""
        self.cancel_hint()
        self.hint = asyncio.ensure_future(self._think(session, deals, asked))

    def ponder(self, session: Session, deals: int) -> None:
        """Think about the hint of ``session``'s decision before it is asked for.

        Each ``Ponder`` (asked after every update until the search is done) replaces the task:
        the search is kept by the coach, so nothing thought is lost.
        """
        self.cancel_hint()
        self.hint = asyncio.ensure_future(self._ponder(session, deals))

    def cancel_hint(self) -> None:
        """Stop thinking about a hint (what was thought of the decision is kept)."""
        if self.hint is not None and not self.hint.done():
            self.hint.cancel()
        self.hint = None

    async def _ponder(self, session: Session, deals: int) -> None:
        state = session.state
        try:
            for _ in session.coach.ponder_in_slices(state, session.human, deals):
                await asyncio.sleep(0)
                if session.state is not state:
                    return  # the player moved: the next decision is pondered afresh
        except asyncio.CancelledError:
            return
        except Exception as exc:  # the hint, when asked, says what went wrong
            window.console.error(f"Park: the hint could not be thought about: {exc!r}")

    async def _think(self, session: Session, deals: int, asked: int) -> None:
        advised = False
        state = session.state
        said: tuple[int, int] | None = None
        try:
            thinking = session.coach.hint_in_slices(
                state, session.human, deals, current=lambda: session.state
            )
            for item in thinking:
                if item is None:
                    progress = session.coach.thought(state)
                    if progress is not None and progress != said:
                        said = progress
                        self.dispatch(HintMoved(asked, *progress))
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
