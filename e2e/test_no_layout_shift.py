"""No jump when the table appears (issue 48, item 6).

The first paint of a game has its final layout: a game in progress loaded (the table's picture
before Python, then the table Python draws over it), a game resumed on a reload, and a new game
started from the form. Measured as the browser does for Cumulative Layout Shift: the sum of the
``layout-shift`` entries not caused by the player's input (``hadRecentInput``), which must stay
under 0.05 ("good" is under 0.1) at every size.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page
from tools.page_steps import FAST, SAVE_KEY, fill_new_game, press_start, wait_for_decision

from e2e.game_page import open_game
from e2e.game_positions import market_position

CLS_LIMIT = 0.05

SIZES: dict[str, dict[str, Any]] = {
    "390x844": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "375x667": {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True},
    "360x640": {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True},
    "844x390": {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True},
    "1366x768": {"viewport": {"width": 1366, "height": 768}},
}

OBSERVE_JS = """
window.parkShifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.parkShifts.push({value: entry.value, input: entry.hadRecentInput,
      at: Math.round(entry.startTime),
      from: entry.sources.map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName)
        : '?').join(' ')});
  }
}).observe({type: 'layout-shift', buffered: true});
"""
"""Before the page's own scripts: every layout shift, kept on ``window.parkShifts``."""

SETTLED_JS = "() => new Promise((done) => setTimeout(() => requestAnimationFrame(done), 800))"


def _shifts(page: Page) -> tuple[float, list[dict[str, object]]]:
    page.evaluate(SETTLED_JS)
    shifts = page.evaluate("window.parkShifts")
    counted = [s for s in shifts if not s["input"]]
    return sum(float(s["value"]) for s in counted), counted


CASES = [pytest.param(s, marks=pytest.mark.browser_context(**o), id=s) for s, o in SIZES.items()]


@pytest.mark.parametrize("size", CASES)
def test_a_game_loads_resumes_and_starts_without_a_jump(
    page: Page, site_url: str, size: str
) -> None:
    page.add_init_script(script=OBSERVE_JS)
    open_game(page, site_url, save=market_position().save)
    wait_for_decision(page, "start")
    total, counted = _shifts(page)
    assert total < CLS_LIMIT, f"{size}, a game in progress loaded: {total:.3f} {counted}"

    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    page.reload()  # the table's picture first this time, then Python's table over it
    page.wait_for_function("() => document.documentElement.dataset.parkReady === 'true'")
    wait_for_decision(page, "start")
    total, counted = _shifts(page)
    assert total < CLS_LIMIT, f"{size}, the same game resumed: {total:.3f} {counted}"

    page.evaluate(f"() => localStorage.removeItem({SAVE_KEY!r})")
    page.goto(site_url + FAST)
    page.wait_for_function("() => document.documentElement.dataset.parkReady === 'true'")
    fill_new_game(page, seed=4242)
    press_start(page)
    wait_for_decision(page, "start")
    total, counted = _shifts(page)
    assert total < CLS_LIMIT, f"{size}, a new game: {total:.3f} {counted}"
