"""A tab that never crashes at start-up, and a page that heals if one ever does (issue 53).

The crash: Chromium's heap profiler, which is on in some sessions, walks the stack of a sampled
allocation and ran off the end of the stacks JSPI gives WebAssembly, where Pyodide ran every call
into Python (docs/browsers.md, "A tab that crashed at start-up"). The page now runs Python
without JSPI; launched with the profiler on and sampling every few kilobytes, the old page
crashed on every cold start.

The healing: a start notes itself in localStorage, under a Web Lock, until it is over; the next
start that finds the note of a start whose lock nobody holds (its tab died) starts the safe way,
and says so. Here the tab is crashed on purpose (``chrome://crash``) while Python starts.
"""

from __future__ import annotations

import contextlib

from playwright.sync_api import (
    Browser,
    BrowserContext,
    BrowserType,
    ConsoleMessage,
    Page,
    Route,
    expect,
)
from playwright.sync_api import Error as PlaywrightError
from tools.browser import LAUNCH_ARGS, chromium_executable, heap_profiler_flags
from tools.page_steps import wait_for_ready

from e2e.support import BrowserGuard, screenshot

HEAP_PROFILER_ON = heap_profiler_flags(2000)
"""Chromium's in-process heap profiler in every session, sampling an allocation every 2 KB on
average (without the flag it is on in some sessions and samples far less often: about 1 start
in 50 crashed then)."""

COLD_STARTS = 3
"""Cold starts with the profiler on: each of 10 crashed before the fix, 0 of 60 after it."""

STARTING_JS = "() => Object.keys(localStorage).some((key) => key.startsWith('park.starting.'))"
"""True while a start's note is in the page's storage (web/interpreter.mjs's STARTING)."""

SAFE_NOTE = "the last start did not finish"


def _hold_python(page: Page) -> None:
    """Never answer the page's request for Pyodide's WebAssembly: its start waits there."""

    def hold(route: Route) -> None:
        del route  # left unanswered

    page.route("**/pyodide.asm.wasm", hold)


def _cold_start(browser_type: BrowserType, url: str) -> list[object]:
    """Load ``url`` in a new Chromium with its heap profiler on, until ready.

    Returns ``[data-park-snapshot, whether the page has JSPI]``; fails the test if the tab
    crashed.
    """
    profiled = browser_type.launch(
        executable_path=chromium_executable(), args=[*LAUNCH_ARGS, *HEAP_PROFILER_ON], headless=True
    )
    try:
        page = profiled.new_page()
        crashed: list[bool] = []
        page.on("crash", lambda _page: crashed.append(True))
        page.goto(url)
        try:
            wait_for_ready(page)
        finally:
            assert not crashed, "the tab crashed"
        state: list[object] = page.evaluate(
            "() => [document.documentElement.dataset.parkSnapshot,"
            " 'Suspending' in WebAssembly || 'promising' in WebAssembly]"
        )
        return state
    finally:
        profiled.close()


def test_a_cold_start_survives_chromiums_heap_profiler(browser: Browser, site_url: str) -> None:
    """Cold starts in a Chromium whose heap profiler samples often: each gets ready."""
    for _ in range(COLD_STARTS):
        assert _cold_start(browser.browser_type, site_url) == ["restored", False]


def test_a_start_whose_tab_crashed_is_followed_by_a_safe_start(
    context: BrowserContext, guard: BrowserGuard, site_url: str
) -> None:
    """The tab dies while Python starts; the next start goes without the snapshot and says so."""
    first = context.new_page()
    _hold_python(first)
    first.goto(site_url)
    first.wait_for_function(STARTING_JS)
    # A renderer debug URL: Chromium crashes the tab's own renderer, with no navigation (so no
    # pagehide), as a real crash would. (DevTools' Page.crash never answers, so it cannot be sent.)
    with first.expect_event("crash"), contextlib.suppress(PlaywrightError):
        first.goto("chrome://crash", timeout=10_000)

    warnings: list[str] = []
    second = context.new_page()
    guard.attach_page(second)
    second.on(
        "console",
        lambda message: warnings.append(message.text) if message.type == "warning" else None,
    )
    second.goto(site_url)
    wait_for_ready(second)
    root = second.locator("html")
    expect(root).to_have_attribute("data-park-snapshot", "safe")
    assert any(SAFE_NOTE in text for text in warnings), warnings
    second.get_by_role("button", name="About").click()
    safe_line = second.locator("#park-build dd.park-build-safe")
    expect(safe_line).to_be_visible()
    expect(safe_line).to_contain_text("the last start did not finish")
    screenshot(second, "about-after-a-crashed-start")
    assert not second.evaluate(STARTING_JS), "a start that finished leaves no note"

    # The start after it is an ordinary one again: the snapshot, fetched afresh.
    second.reload()
    wait_for_ready(second)
    expect(root).to_have_attribute("data-park-snapshot", "restored")
    expect(root).to_have_attribute("data-park-snapshot-from", "file")
    second.get_by_role("button", name="About").click()
    expect(safe_line).to_be_hidden()


def test_a_start_under_way_in_another_tab_is_not_taken_for_a_crash(
    context: BrowserContext, site_url: str
) -> None:
    """A tab still starting holds its lock: a second tab's start is an ordinary one."""
    first = context.new_page()
    _hold_python(first)
    first.goto(site_url)
    first.wait_for_function(STARTING_JS)
    second = context.new_page()
    second.goto(site_url)
    wait_for_ready(second)
    expect(second.locator("html")).to_have_attribute("data-park-snapshot", "restored")
    assert first.evaluate(STARTING_JS), "the first tab's start is still noted"
    first.close()


def test_a_tab_closed_while_starting_is_not_taken_for_a_crash(
    context: BrowserContext, site_url: str
) -> None:
    """A tab closed (or reloaded) during its start removes its note as it goes."""
    first = context.new_page()
    _hold_python(first)
    first.goto(site_url)
    first.wait_for_function(STARTING_JS)
    first.close(run_before_unload=True)
    second = context.new_page()
    messages: list[ConsoleMessage] = []
    second.on("console", lambda message: messages.append(message))
    second.goto(site_url)
    wait_for_ready(second)
    expect(second.locator("html")).to_have_attribute("data-park-snapshot", "restored")
    assert not [m for m in messages if SAFE_NOTE in m.text]
