"""The AI seats in the page, at a readable pace: one decision at a time, thinking in slices
with ``asyncio.sleep(0)`` between them so the page never freezes, a pause between two
decisions (the header's speed setting, remembered), the hard AI's thinking time (remembered),
and the autoplay test mode.

URL parameters (tests and curious players): ``?speed=slow|normal|fast|instant`` sets the AI
pace; ``?thinking=`` the thinking time; ``?autoplay=<level>`` lets a bot of that level play
the human seat by clicking the real buttons and spaces, to watch (or test) a whole game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dom import by_id
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import to_js  # type: ignore[import-not-found]
from storage import SPEED_KEY, THINKING_KEY, storage_get, storage_set

from park.ui.lang.i18n import _
from park.ui.setup.settings import DEFAULT_THINKING, THINKING_TIMES, autoplay_level

if TYPE_CHECKING:
    from park.ui.game.session import Session

SPEEDS = {"slow": 1.5, "normal": 0.75, "fast": 0.25, "instant": 0.0}
"""Seconds between two AI decisions at each speed setting."""
SLIDE_SHARE = 0.6
"""How much of the pause between two AI decisions a move takes to slide on the map."""


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
        speed = url_param("speed") or storage_get(SPEED_KEY) or "normal"
        self.speed = speed if speed in SPEEDS else "normal"
        by_id("speed").value = self.speed
        thinking = url_param("thinking") or storage_get(THINKING_KEY) or DEFAULT_THINKING
        self.thinking = thinking if thinking in THINKING_TIMES else DEFAULT_THINKING
        by_id("thinking").value = self.thinking

    @property
    def budget(self) -> float:
        """Seconds of thinking for the hard AI (and a hint), the header's setting."""
        return THINKING_TIMES[self.thinking]

    def delay(self) -> float:
        """Seconds to wait before the next AI decision."""
        return SPEEDS.get(self.speed, 0.75)

    def slide(self) -> float:
        """Seconds a move takes to slide on the map at this pace."""
        return self.delay() * SLIDE_SHARE

    def on_change(self, target: Any) -> bool:
        """The header's speed and thinking-time settings (kept); ``False`` for another
        control."""
        if target.id == "speed":
            self.speed = str(target.value) if str(target.value) in SPEEDS else "normal"
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
        """Start the AI loop if a bot (or the autoplay bot) must move."""
        session = self._session()
        if self.running or session is None or session.is_over:
            return
        if session.ai_to_move or self.autoplay:
            self.task = asyncio.ensure_future(self.loop())

    async def loop(self) -> None:
        """Play the AI seats one decision at a time, redrawing after each, until the human
        must decide (or, in autoplay, until the game ends)."""
        self.running = True
        session = self._session()
        try:
            while session is not None and session is self._session() and not session.is_over:
                if session.ai_to_move:
                    await asyncio.sleep(self.delay())
                    if not await self.ai_move(session):
                        break
                    await self.wait_saved()
                elif self.autoplay:
                    await asyncio.sleep(self.delay())
                    if session is not self._session():
                        break
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
