"""Chromium through Playwright, as an :class:`Engine` of :mod:`tools.engines`.

Chromium through Playwright (:mod:`tools.browser` launches it), as an :class:`Engine` of
:mod:`tools.engines`. The full e2e suite drives Chromium with Playwright directly; this driver
gives the benchmark the same interface in every engine, plus what only Chromium's DevTools can
do: emulate a network and a slower CPU (:meth:`ChromiumPage.emulate`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from tools.browser import launch_chromium
from tools.engines import (
    DEFAULT_VIEWPORT,
    Engine,
    EngineError,
    EnginePage,
    TabCrashed,
    call_script,
    unwrap,
)

TIMEOUT_MS = 120_000

CRASHED = "Target crashed"
"""Playwright's error for a call into a page whose renderer process died."""


class ChromiumPage(EnginePage):
    """A page in its own Playwright browser context."""

    engine = "chromium"

    def __init__(self, context: BrowserContext, *, tab: bool = False) -> None:
        self.context = context
        self.tab = tab
        self.page: Page = context.new_page()
        self.page.set_default_timeout(TIMEOUT_MS)
        self.crashed = False
        self.page.on("crash", lambda _page: setattr(self, "crashed", True))

    def goto(self, url: str) -> None:
        """See :meth:`EnginePage.goto`."""
        self.doing = f"loading {url}"
        self._guarded(lambda: self.page.goto(url))
        self.loaded(url)

    def reload(self) -> None:
        """See :meth:`EnginePage.reload`."""
        self.doing = "reloading"
        self._guarded(self.page.reload)
        self.loaded(self.page.url)

    def evaluate(self, function: str, *args: Any) -> Any:
        """See :meth:`EnginePage.evaluate`."""
        script = f"(__args) => {call_script(function)}"
        return unwrap(self.engine, self._guarded(lambda: self.page.evaluate(script, list(args))))

    def click_at(self, x: float, y: float) -> None:
        """See :meth:`EnginePage.click_at`."""
        self._guarded(lambda: self.page.mouse.click(x, y))

    def screenshot(self, path: Path) -> None:
        """See :meth:`EnginePage.screenshot`."""
        self._guarded(lambda: self.page.screenshot(path=str(path), full_page=True))

    def emulate(self, latency_ms: float, mbps: float, cpu_slowdown: float = 1.0) -> None:
        """Emulate a slower network and CPU for this page (DevTools' emulation).

        Make this page's network a round trip of ``latency_ms`` and ``mbps`` megabits
        per second each way, and its CPU ``cpu_slowdown`` times slower (DevTools'
        emulation).
        """
        devtools = self.context.new_cdp_session(self.page)
        devtools.send("Network.enable")
        rate = mbps * 1e6 / 8
        devtools.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": latency_ms,
                "downloadThroughput": rate,
                "uploadThroughput": rate,
            },
        )
        if cpu_slowdown != 1.0:
            devtools.send("Emulation.setCPUThrottlingRate", {"rate": cpu_slowdown})

    def close(self) -> None:
        """See :meth:`EnginePage.close`."""
        if self.tab:
            self.page.close()
        else:
            self.context.close()

    def bring_to_front(self) -> None:
        """See :meth:`EnginePage.bring_to_front`."""
        self._guarded(self.page.bring_to_front)

    def open_tab(self) -> ChromiumPage:
        """See :meth:`EnginePage.open_tab`."""
        return ChromiumPage(self.context, tab=True)

    def _guarded(self, action: Any) -> Any:
        try:
            return action()
        except PlaywrightError as exc:
            first = exc.message.strip().splitlines()[0]
            if self.crashed or CRASHED in first:
                raise TabCrashed(self, first) from None
            raise EngineError(f"chromium: {first}") from None


class ChromiumEngine(Engine):
    """Headless Chromium, launched as the e2e tests launch it."""

    name = "chromium"

    def __init__(self, extra_args: Sequence[str] = ()) -> None:
        """Launch it, with ``extra_args`` after :data:`tools.browser.LAUNCH_ARGS`."""
        self._playwright: Playwright = sync_playwright().start()
        try:
            self.browser: Browser = launch_chromium(self._playwright, extra_args)
        except PlaywrightError as exc:
            self._playwright.stop()
            raise EngineError(f"headless Chromium does not start: {exc.message}") from None

    @property
    def version(self) -> str:
        """See :attr:`Engine.version`."""
        return f"Chromium {self.browser.version}"

    def new_page(
        self, viewport: tuple[int, int] = DEFAULT_VIEWPORT, user_agent: str | None = None
    ) -> ChromiumPage:
        """See :meth:`Engine.new_page`."""
        width, height = viewport
        context = self.browser.new_context(
            viewport={"width": width, "height": height}, user_agent=user_agent, locale="en-GB"
        )
        return ChromiumPage(context)

    def close(self) -> None:
        """See :meth:`Engine.close`."""
        try:
            self.browser.close()
        finally:
            self._playwright.stop()


__all__ = ["ChromiumEngine", "ChromiumPage"]
