"""The AI seats in the page, at a readable pace: one decision at a time, thinking in slices
with ``asyncio.sleep(0)`` between them so the page never freezes, paced by turn (the full
pause of the header's speed setting, remembered, before an AI turn, a short one between the
decisions of a turn: ``park.ui.setup.pace``), "Skip to my turn", the hard AI's thinking time
(remembered), and the autoplay test mode.

URL parameters (tests and curious players): ``?speed=slow|normal|fast|instant`` sets the AI
pace; ``?thinking=`` the thinking time; ``?autoplay=<level>`` lets a bot of that level play
the human seat by clicking the real buttons and spaces, to watch (or test) a whole game.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dom import by_id
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import to_js  # type: ignore[import-not-found]
from storage import SPEED_KEY, THINKING_KEY, storage_get, storage_set

from park.ui.lang.i18n import _
from park.ui.setup.pace import pause_before, slide_time, speed_setting
from park.ui.setup.settings import DEFAULT_THINKING, THINKING_TIMES, autoplay_level

if TYPE_CHECKING:
    from park.ui.game.session import Session


def url_param(name: str) -> str | None:
    """A query parameter of the page's URL, or ``None``."""
    params = window.URLSearchParams.new(window.location.search)
    return str(params.get(name)) if params.has(name) else None


class AiPacing:
    """Runs the AI seats (and the autoplay bot) of the page's game.

    ``session``: gives the page's game now (a new game may start while a bot thinks: the loop
    stops); ``moved``: the page saves and redraws after a bot's decision; ``notice``: the page
    says a problem above the game; ``saved``: what to await until the last move is saved.
    """

    def __init__(
        self,
        session: Callable[[], Session | None],
        moved: Callable[[], None],
        notice: Callable[[str], None],
        saved: Callable[[], Any] | None = None,
    ) -> None:
        self._session = session
        self._moved = moved
        self._notice = notice
        self._saved = saved
        self.running = False
        self.task: asyncio.Future[None] | None = None
        self.autoplay = autoplay_level(url_param("autoplay"))
        self.speed = speed_setting(url_param("speed") or storage_get(SPEED_KEY))
        self.skipping = False
        """ "Skip to my turn" was chosen: the AI turns play without pauses until the human
        seat must decide."""
        self._skip = asyncio.Event()
        self._paced_turn: int | None = None
        by_id("speed").value = self.speed
        thinking = url_param("thinking") or storage_get(THINKING_KEY) or DEFAULT_THINKING
        self.thinking = thinking if thinking in THINKING_TIMES else DEFAULT_THINKING
        by_id("thinking").value = self.thinking

    @property
    def budget(self) -> float:
        """Seconds of thinking for the hard AI (and a hint), the header's setting."""
        return THINKING_TIMES[self.thinking]

    def delay(self, session: Session) -> float:
        """Seconds to wait before the next decision of ``session``'s seat to move: a turn's
        full pause, or a shorter one within the turn of the last paced decision."""
        new_turn = session.turn != self._paced_turn
        return pause_before(self.speed, new_turn=new_turn, skipping=self.skipping)

    def slide(self, session: Session) -> float:
        """Seconds the move just made in ``session`` slides on the map: within the pause
        that follows it (a short one when the same AI turn goes on, else the full one)."""
        return slide_time(self.delay(session))

    def skip(self) -> None:
        """ "Skip to my turn": play the AI turns without pauses until the human must decide
        (the log and "Since your last turn" tell what happened)."""
        self.skipping = True
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
        """The header's speed and thinking-time settings (kept); ``False`` for another
        control."""
        if target.id == "speed":
            self.speed = speed_setting(str(target.value))
            storage_set(SPEED_KEY, self.speed)
        elif target.id == "thinking":
            value = str(target.value)
            self.thinking = value if value in THINKING_TIMES else DEFAULT_THINKING
            storage_set(THINKING_KEY, self.thinking)
        else:
            return False
        return True

    def take_setting(self, key: str, value: str) -> bool:
        """Another tab changed the AI's pace or thinking time (its storage ``key``): take
        it here too; ``False`` for another key."""
        if key not in (SPEED_KEY, THINKING_KEY):
            return False
        control = by_id("speed" if key == SPEED_KEY else "thinking")
        control.value = value
        return self.on_change(control)

    def kick(self) -> None:
        """Start the AI loop if a bot (or the autoplay bot) must move. The loop counts as
        running from now, not from its first step: two kicks in one task (following another
        tab's save, then a move's) must not start two loops that both play the same seat."""
        session = self._session()
        if self.running or session is None or session.is_over:
            return
        if session.ai_to_move or self.autoplay:
            self.running = True
            self.task = asyncio.ensure_future(self.loop())

    async def loop(self) -> None:
        """Play the AI seats one decision at a time, redrawing after each, until the human
        must decide (or, in autoplay, until the game ends)."""
        self.running = True
        session = self._session()
        try:
            while session is not None and session is self._session() and not session.is_over:
                if session.ai_to_move:
                    await self.pause(self.delay(session))
                    if not await self.ai_move(session):
                        break
                    await self.wait_saved()
                elif self.autoplay:
                    self.skipping = False
                    await self.pause(self.delay(session))
                    if session is not self._session():
                        break
                    self._paced_turn = session.turn
                    await self.autoplay_move(session, self.autoplay)
                    await self.wait_saved()
                else:
                    break
        except Exception as exc:  # a bug must not leave the game silently stuck
            window.console.error(f"Park: an AI seat could not move: {exc!r}")
            self._notice(
                _("An AI seat could not move ({details}). Reload the page to continue.").format(
                    details=exc
                )
            )
        finally:
            self.running = False
            self.skipping = False  # the human decides now (or the game is over or new)
        if self._session() is not session:
            self.kick()  # a new game was started while this loop was pausing

    async def wait_saved(self) -> None:
        """Wait until the page has saved the last move (``saved``: what to await), so the
        autosave keeps up with the AI at any pace."""
        if self._saved is not None:
            await self._saved()

    async def ai_move(self, session: Session) -> bool:
        """Let the AI seat to move think (in slices) and decide, then save and redraw;
        ``False`` when a new game was started meanwhile (the decision is dropped)."""
        action = None
        seat = session.active
        started = window.performance.now()
        budget = self.budget
        for item in session.think(budget):
            if item is None:
                await asyncio.sleep(0)
                if session is not self._session():
                    break  # a new game was started: stop thinking about this one
            else:
                action = item
        if session is not self._session() or action is None:
            return False
        self.measure_thinking(session.level_of(seat), budget, started)
        await asyncio.sleep(0)  # the last slice of thinking and the redraw: two tasks
        if session is not self._session():
            return False
        self._paced_turn = session.turn
        session.play(action)
        self._moved()
        return True

    def measure_thinking(self, level: str, budget: float, started: float) -> None:
        """Record an AI decision's thinking time (from ``started``, ``performance.now()`` in
        ms) as a User Timing measure ``park-ai-think`` (seen in the browser's performance
        tools; ``bench/page_ai_smooth.py`` reads them), with the level and the budget (s)."""
        detail = {"level": level, "budget": budget}
        window.performance.measure("park-ai-think", to_js({"start": started, "detail": detail}))

    async def autoplay_move(self, session: Session, level: str) -> None:
        """Let a bot choose for the human seat and click the real control for it (in a
        hot-seat game, "Show my hand" first)."""
        if session.privacy_needed:
            by_id("show-hand").click()
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
        if session is not self._session() or not session.human_to_move:
            return
        from park import Step

        if isinstance(action, Step):
            target = document.querySelector(f'#board [data-space="{action.space}"]')
            target.dispatchEvent(window.MouseEvent.new("click", to_js({"bubbles": True})))
        else:
            document.querySelector(f'#decision [data-action="{action}"]').click()
