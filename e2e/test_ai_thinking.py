"""The AI seats' thinking in the page.

Who is thinking, the hard level's thinking time (the "Hard AI thinks" menu, remembered), and every
decision recorded as a User Timing measure.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from tools.page_steps import start_new_game, wait_for_decision, wait_for_ready

from e2e.game_page import choose_setting, open_game, open_settings
from e2e.support import screenshot
from park.ui.game.session import Session
from park.ui.setup.settings import THINKING_TIMES, NewGameSettings

THINKING_MEASURES_JS = """() => performance.getEntriesByName("park-ai-think").map(
  (m) => ({level: m.detail.level, budget: m.detail.budget, ms: m.duration}))"""


def _ai_first_seed(opponents: int) -> int:
    """A seed whose game starts with an AI's turn."""
    for seed in range(1, 1000):
        if Session.new(NewGameSettings("Ada", opponents, "hard", seed)).ai_to_move:
            return seed
    raise AssertionError("no seed below 1000 starts with an AI's turn")


def test_hard_thinks_for_the_chosen_time_and_says_who_is_thinking(
    page: Page, site_url: str
) -> None:
    open_game(page, site_url, query="?speed=slow")
    choose_setting(page, "thinking", "quick")
    start_new_game(page, name="Ada", opponents=2, level="hard", seed=_ai_first_seed(2))
    panel = page.locator("#decision")
    expect(panel).to_contain_text(re.compile(r"\(Hard AI\) is thinking…"))
    screenshot(page, "ai-thinking-01-wait")
    wait_for_decision(page, "start", timeout_ms=120_000)
    measures = page.evaluate(THINKING_MEASURES_JS)
    assert measures, "no AI decision was recorded"
    assert {(m["level"], m["budget"]) for m in measures} == {("hard", THINKING_TIMES["quick"])}

    page.reload()
    wait_for_ready(page)
    expect(page.locator("#thinking")).to_have_value("quick")
    open_settings(page)
    expect(page.locator("#thinking-setting")).to_be_visible()
    page.keyboard.press("Escape")

    # With hints offered, the setting stays: a hint thinks as long as the hard AI does.
    page.get_by_role("button", name="New game").first.click()
    start_new_game(page, name="Ada", opponents=2, level="easy", seed=3)
    open_settings(page)
    expect(page.locator("#thinking-setting")).to_be_visible()
    page.keyboard.press("Escape")
    page.get_by_role("button", name="New game").first.click()
    page.locator("#f-hints").uncheck()
    start_new_game(page, name="Ada", opponents=2, level="easy", seed=3)
    open_settings(page)
    expect(page.locator("#thinking-setting")).to_be_hidden()
    page.keyboard.press("Escape")
