"""The AI seats in the page, at a readable pace.

One decision at a time, thinking in slices with ``asyncio.sleep(0)`` between them so the page never
freezes, paced by turn (the full pause of the header's speed setting, remembered, before an AI turn,
a short one between the decisions of a turn: ``park.ui.setup.pace``), "Skip to my turn", the hard
AI's thinking time (remembered), and the autoplay test mode.

URL parameters (tests and curious players): ``?speed=slow|normal|fast|instant`` sets the AI
pace; ``?thinking=`` the thinking time; ``?autoplay=<level>`` lets a bot of that level play
the human seat by clicking the real buttons and spaces, to watch (or test) a whole game.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from dom import found
from page_state import Notice
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import to_js  # type: ignore[import-not-found]
from storage import SPEED_KEY, THINKING_KEY, storage_set

from park.ui.lang.i18n import _
from park.ui.setup.pace import pause_before, slide_time, speed_setting
from park.ui.setup.settings import DEFAULT_THINKING, THINKING_TIMES

if TYPE_CHECKING:
    from page import Page

    from park.ui.game.session import Session


class AiPacing:
    """Runs the AI seats and the autoplay bot of the page's game at the page's pace.

    Runs the AI seats (and the autoplay bot) of the page's game (``page.state.playing``:
    a new game may start while a bot thinks, and the loop stops), at the pace of
    ``page.state.pace``; after each decision the page saves and redraws.
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.running = False
        self.task: asyncio.Future[None] | None = None
        self._skip = asyncio.Event()

    @property
    def budget(self) -> float:
        """Seconds of thinking for the hard AI (and a hint), the page's setting."""
        return THINKING_TIMES[self.page.state.pace.thinking]

    def delay(self, session: Session) -> float:
        """Seconds to wait before the next decision of ``session``'s seat to move.

        A turn's full pause, or a shorter one within the turn of the last paced decision.
        """
        pace = self.page.state.pace
        new_turn = session.turn != pace.paced_turn
        return pause_before(pace.speed, new_turn=new_turn, skipping=pace.skipping)

    def slide(self, session: Session) -> float:
        """Seconds the move just made in ``session`` slides on the map.

        Within the pause that follows it (a short one when the same AI turn goes on, else the full
        one).
        """
        return slide_time(self.delay(session))

    def skip(self) -> None:
        """The "Skip to my turn" button's command.

        Play the AI turns without pauses until the human must decide (the log and "Since your last
        turn" tell what happened).
        """
        self.page.state.pace.skipping = True
        self._skip.set()

    async def pause(self, seconds: float) -> None:
        """Wait ``seconds``, or less if "Skip to my turn" is chosen meanwhile."""
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        self._skip.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._skip.wait(), seconds)

    def on_change(self, target: Any) -> bool:
        """The speed and thinking-time settings (kept); ``False`` for another control."""
        return self.take(str(target.id), str(target.value))

    def take(self, name: str, value: str) -> bool:
        """Setting ``name`` (``"speed"`` or ``"thinking"``) is now ``value``.

        Kept, and the page redrawn (its menus show it); ``False`` for another setting.
        """
        pace = self.page.state.pace
        if name == "speed":
            pace.speed = speed_setting(value)
            storage_set(SPEED_KEY, pace.speed)
        elif name == "thinking":
            pace.thinking = value if value in THINKING_TIMES else DEFAULT_THINKING
            storage_set(THINKING_KEY, pace.thinking)
        else:
            return False
        self.page.redraw()
        return True

    def take_setting(self, key: str, value: str) -> bool:
        """Another tab changed the AI's pace or thinking time (its storage ``key``).

        Take it here too; ``False`` for another key.
        """
        if key not in (SPEED_KEY, THINKING_KEY):
            return False
        return self.take("speed" if key == SPEED_KEY else "thinking", value)

    def kick(self) -> None:
        """Start the AI loop if a bot (or the autoplay bot) must move.

        The loop counts as running from now, not from its first step: two kicks in one task
        (following another tab's save, then a move's) must not start two loops that both play the
        same seat.
        """
        session = self.page.state.playing
        if self.running or session is None or session.is_over:
            return
        if session.ai_to_move or self.page.state.pace.autoplay:
            self.running = True
            self.task = asyncio.ensure_future(self.loop())

    async def loop(self) -> None:
        """Play the AI seats one decision at a time until the human must decide.

        Play the AI seats one decision at a time, redrawing after each, until the human
        must decide (or, in autoplay, until the game ends).
        """
        self.running = True
        state, pace = self.page.state, self.page.state.pace
        session = state.playing
        try:
            while session is not None and session is state.playing and not session.is_over:
                if session.ai_to_move:
                    await self.pause(self.delay(session))
                    if not await self.ai_move(session):
                        break
                    await self.wait_saved()
                elif pace.autoplay:
                    pace.skipping = False
                    await self.pause(self.delay(session))
                    if session is not state.playing:
                        break
                    pace.paced_turn = session.turn
                    await self.autoplay_move(session, pace.autoplay)
                    await self.wait_saved()
                else:
                    break
        except Exception as exc:  # a bug must not leave the game silently stuck
            window.console.error(f"Park: an AI seat could not move: {exc!r}")
            words = _("An AI seat could not move ({details}). Reload the page to continue.")
            self.page.notify(Notice(words.format(details=exc)))
        finally:
            self.running = False
            pace.skipping = False  # the human decides now (or the game is over or new)
        if state.playing is not session:
            self.kick()  # a new game was started while this loop was pausing

    async def wait_saved(self) -> None:
        """Wait until the page has saved the last move.

        Wait until the page has saved the last move, so the autosave keeps up with the
        AI at any pace.
        """
        await self.page.shared.saved()

    async def ai_move(self, session: Session) -> bool:
        """Let the AI seat to move think (in slices) and decide, then save and redraw.

        ``False`` when a new game was started meanwhile (the decision is dropped).
        """
        action = None
        seat = session.active
        started = window.performance.now()
        budget = self.budget
        for item in session.think(budget):
            if item is None:
                await asyncio.sleep(0)
                if session is not self.page.state.playing:
                    break  # a new game was started: stop thinking about this one
            else:
                action = item
        if session is not self.page.state.playing or action is None:
            return False
        self.measure_thinking(session.level_of(seat), budget, started)
        await asyncio.sleep(0)  # the last slice of thinking and the redraw: two tasks
        if session is not self.page.state.playing:
            return False
        self.page.state.pace.paced_turn = session.turn
        session.play(action)
        self.page.after_ai_move()
        return True

    def measure_thinking(self, level: str, budget: float, started: float) -> None:
        """Record an AI decision's thinking time as a User Timing measure.

        Record an AI decision's thinking time (from ``started``, ``performance.now()`` in
        ms) as a User Timing measure ``park-ai-think`` (seen in the browser's performance
        tools; ``bench/page_ai_smooth.py`` reads them), with the level and the budget (s).
        """
        detail = {"level": level, "budget": budget}
        window.performance.measure("park-ai-think", to_js({"start": started, "detail": detail}))

    async def autoplay_move(self, session: Session, level: str) -> None:
        """Let a bot choose for the human seat and click the real control for it.

        Let a bot choose for the human seat and click the real control for it (in a
        hot-seat game, "Show my hand" first).
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
        for item in session.suggest(level, self.budget):
            if item is None:
                await asyncio.sleep(0)
            else:
                action = item
        if action is None:
            return
        await asyncio.sleep(0)  # the bot's last slice of thinking and its click: two tasks
        if session is not self.page.state.playing or not session.human_to_move:
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
