"""The game survives a reload, a damaged save and going offline."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from tools.page_steps import BACKUP_KEY, SAVE_KEY, start_new_game, wait_for_decision, wait_for_ready

from e2e.game_page import choose_setting, log_text, open_game, saved_state
from e2e.support import screenshot

SW_CONTROLLING_JS = "() => navigator.serviceWorker.controller !== null"
DAMAGED = '{"format": "park-save", "version": 1, "actions": ['
"""A save cut short."""


def _step_somewhere(page: Page) -> None:
    """One human move by clicking a highlighted space (and playing no card at a shop)."""
    page.locator('#board [data-space][role="button"]').first.click()
    if page.evaluate("document.documentElement.dataset.parkTurn") == "play":
        page.locator('#decision button[data-action="skip"]').click()


def test_reload_resumes_the_same_game(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    start_new_game(page, seed=777)
    wait_for_decision(page, "start")
    _step_somewhere(page)
    wait_for_decision(page, "start")
    before = saved_state(page)
    status = page.locator("#status").inner_text()
    hand = page.locator("#hand .card").all_inner_texts()

    page.reload()
    wait_for_ready(page)
    wait_for_decision(page, "start")
    expect(page.locator("#game")).to_be_visible()
    assert saved_state(page) == before
    assert page.locator("#status").inner_text() == status
    assert page.locator("#hand .card").all_inner_texts() == hand
    assert "The saved game was resumed." in log_text(page)
    assert "You stepped to" in log_text(page), "the log is rebuilt from the save"
    screenshot(page, "game-08-resumed")


def test_a_damaged_save_gives_a_message_and_a_fresh_start(page: Page, site_url: str) -> None:
    open_game(page, site_url, save=DAMAGED)
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text("Your saved game could not be resumed.")
    expect(page.locator("#setup")).to_be_visible()
    assert page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY) is None
    assert page.evaluate("(key) => localStorage.getItem(key)", BACKUP_KEY) == DAMAGED
    screenshot(page, "game-09-damaged-save")
    page.get_by_role("button", name="Dismiss").click()
    expect(page.locator("#notice")).to_be_hidden()
    start_new_game(page, seed=5)
    wait_for_decision(page, "start")


@pytest.mark.smoke
def test_offline_after_one_online_load(page: Page, context: BrowserContext, site_url: str) -> None:
    # The page's own URL (no test query string): that is what the service worker precaches.
    open_game(page, site_url, query="")
    choose_setting(page, "speed", "instant")
    start_new_game(page, seed=31)
    wait_for_decision(page, "start")
    page.wait_for_function(SW_CONTROLLING_JS, timeout=60_000)
    context.set_offline(True)
    try:
        page.reload()
        wait_for_ready(page)
        wait_for_decision(page, "start")
        assert "The saved game was resumed." in log_text(page)
        page.get_by_role("button", name="New game").first.click()
        start_new_game(page, seed=32)
        wait_for_decision(page, "start")
        _step_somewhere(page)
        wait_for_decision(page, "start")
        assert "You stepped to" in log_text(page)
        screenshot(page, "game-10-offline")
    finally:
        context.set_offline(False)
