"""The AI seats in the page, at a readable pace (the effect ``RunAi``; issue 49).

One decision at a time, thinking in slices with ``asyncio.sleep(0)`` between them so the page never
freezes, paced by turn (``park.ui.page.pacing``), "Skip to my turn" (``SkipPause``), and the
autoplay test mode (``?autoplay=<level>``: a bot plays the human seat by clicking the real buttons
and spaces, to watch or test a whole game). Each decision goes back to the page as an event
(``AiDecided``); the loop stops when the human must decide (``AiStopped``). The state says whether
it runs (``PageState.pace.running``): this module keeps only its task.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from dom import found
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import to_js  # type: ignore[import-not-found]

from park.ui.page.events import AiDecided, AiStopped
from park.ui.page.pacing import budget, delay

if TYPE_CHECKING:
    from park.ui.game.session import Session
    from park.ui.page.events import Event
    from park.ui.page.state import PageState


class AiRunner:
    """Runs the AI seats (and the autoplay bot) of the game playing.

    ``state().playing``: a new game may start while a bot thinks, and the loop stops.
    """

    def __init__(self, state: Callable[[], PageState], dispatch: Callable[[Event], bool]) -> None:
        self.state = state
        self.dispatch = dispatch
        self.task: asyncio.Future[None] | None = None
        self.skip = asyncio.Event()

    def run(self) -> None:
        """Start the loop (the state says it runs from now: ``pace.running``)."""
        self.task = asyncio.ensure_future(self.loop())

    def skip_pause(self) -> None:
        """The "Skip to my turn" button: the pause ends now."""
        self.skip.set()

    async def pause(self, seconds: float) -> None:
        """Wait ``seconds``, or less if "Skip to my turn" is chosen meanwhile."""
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        self.skip.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.skip.wait(), seconds)

    async def loop(self) -> None:
        """Play the AI seats one decision at a time until the human must decide.

        In autoplay, until the game ends.
        """
        session = self.state().playing
        error = None
        try:
            while session is not None and session is self.state().playing and not session.is_over:
                state = self.state()
                if session.ai_to_move:
                    await self.pause(delay(state, session))
                    if not await self.ai_move(session):
                        break
                    await self.saved()
                elif state.settings.autoplay and session.human_to_move:
                    await self.pause(delay(state, session))
                    if session is not self.state().playing:
                        break
                    await self.autoplay_move(session, state.settings.autoplay)
                    await self.saved()
                else:
                    break
        except Exception as exc:  # a bug must not leave the game silently stuck
            window.console.error(f"Park: an AI seat could not move: {exc!r}")
            error = str(exc)
        self.dispatch(AiStopped(error))

    async def saved(self) -> None:
        """Wait until the last move is saved (the autosave keeps up with the AI at any pace)."""
        while self.state().saving.pending:
            await asyncio.sleep(0.01)

    async def ai_move(self, session: Session) -> bool:
        """Let the AI seat to move think (in slices) and decide.

        ``False`` when a new game was started meanwhile (the decision is dropped).
        """
        action = None
        seat = session.active
        started = window.performance.now()
        thinking = budget(self.state())
        for item in session.think(thinking):
            if item is None:
                await asyncio.sleep(0)
                if session is not self.state().playing:
                    return False  # a new game was started: stop thinking about this one
            else:
                action = item
        if session is not self.state().playing or action is None:
            return False
        detail = {"level": session.level_of(seat), "budget": thinking}
        window.performance.measure("park-ai-think", to_js({"start": started, "detail": detail}))
        await asyncio.sleep(0)  # the last slice of thinking and the redraw: two tasks
        if session is not self.state().playing:
            return False
        self.dispatch(AiDecided(session, action))
        return True

    async def autoplay_move(self, session: Session, level: str) -> None:
        """Let a bot choose for the human seat and click the real control for it.

        In a hot-seat game, "Show my hand" first.
        """
        if session.privacy_needed:
            document.getElementById("show-hand").click()
            return
        if session.human_at_marketplace:
            for card_id in session.suggest_exchange(level):
                box = document.querySelector(f'input[name="market-card"][value="{card_id}"]')
                box.click()
            document.querySelector("#decision .market-go").click()
            return
        action = None
        for item in session.suggest(level, budget(self.state())):
            if item is None:
                await asyncio.sleep(0)
            else:
                action = item
        if action is None:
            return
        await asyncio.sleep(0)  # the bot's last slice of thinking and its click: two tasks
        if session is not self.state().playing or not session.human_to_move:
            return
        from park import Step

        if isinstance(action, Step):
            target = document.querySelector(f'#board [data-space="{action.space}"]')
        else:
            target = document.querySelector(f'#decision [data-action="{action}"]')
        if not found(target):  # not drawn yet (a busy machine): the loop asks the bot again
            await asyncio.sleep(0.05)
            return
        target.dispatchEvent(window.MouseEvent.new("click", to_js({"bubbles": True})))
