"""The New game form's names (issue 8): a name an opponent has is refused with a reason, and
a long name is cut between user-perceived characters, never inside an emoji."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.game_page import open_game, saved_state, start_new_game, wait_for_decision

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"


def test_an_opponents_name_is_refused(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    page.locator("#f-name").fill("lady agatha")
    page.locator("#f-opponents").select_option("3")
    page.get_by_role("button", name="Start the expedition").click()
    error = page.locator("#form-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("Lady Agatha is the name of an opponent")
    expect(page.locator("#setup")).to_be_visible()


def test_a_long_name_is_cut_between_characters(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    start_new_game(page, name=FAMILY * 30, seed=12)
    wait_for_decision(page, "start")
    name = saved_state(page).settings.seats[0].name
    assert name == FAMILY * 24, "24 whole families: no emoji is split"
