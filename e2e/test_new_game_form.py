"""The New game form (issues 8 and 26).

A name an opponent has is refused with a reason, a long name is cut between user-perceived
characters, never inside an emoji, the form keeps the last table, says when today's expedition was
already played, and opponents are named in the page's language.
"""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from playwright.sync_api import Page, expect
from tools.page_steps import (
    PRIVACY,
    fill_new_game,
    press_start,
    start_new_game,
    wait_for_decision,
    wait_for_ready,
)

from e2e.game_page import choose_setting, open_game, saved_state
from e2e.support import screenshot
from park.ui.record.store import GameResult, add_result, dumps_record, empty_record

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"


def test_an_opponents_name_is_refused(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    page.locator("#f-name").fill("lady beatrice")
    page.locator("#f-opponents").select_option("3")
    page.get_by_role("button", name="Start the expedition").click()
    error = page.locator("#form-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("Lady Beatrice is the name of an opponent")
    expect(page.locator("#setup")).to_be_visible()


def test_a_long_name_is_cut_between_characters(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    start_new_game(page, name=FAMILY * 30, seed=12)
    wait_for_decision(page, "start")
    name = saved_state(page).settings.seats[0].name
    assert name == FAMILY * 24, "24 whole families: no emoji is split"


def test_the_form_keeps_the_last_table(page: Page, site_url: str) -> None:
    """Issue 26, item 6: New game, even after a reload, offers the last game's table."""
    open_game(page, site_url)
    fill_new_game(page, name="Ada", others=["Bob"], opponents=2, level="easy", seed=7)
    press_start(
        page, shown=PRIVACY
    )  # hot-seat: Ada's turn is covered  # hot-seat: Ada's turn is covered
    page.reload()
    wait_for_ready(page)
    expect(page.locator("#privacy")).to_be_visible()
    page.locator("header [data-ui='new']").click()
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#f-humans")).to_have_value("2")
    expect(page.locator("#f-name")).to_have_value("Ada")
    expect(page.locator("#f-name-2")).to_have_value("Bob")
    expect(page.locator("#f-name-2")).to_be_visible()
    expect(page.locator("#f-opponents")).to_have_value("2")
    expect(page.locator("#f-level")).to_have_value("easy")
    expect(page.locator("#f-seed")).to_have_value("")


def test_opponents_are_named_in_the_language_switched_to(page: Page, site_url: str) -> None:
    """Issue 26, item 6: AI opponents' names follow a switch to Japanese.

    A game started in English names its AI opponents in Japanese once the page is switched to
    Japanese.
    """
    open_game(page, site_url)
    start_new_game(page, name="Ada", opponents=3, seed=11)
    expect(page.locator("#park-root")).to_contain_text("Colonel Pembroke")
    choose_setting(page, "language", "ja")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    wait_for_ready(page)
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#park-root")).to_contain_text("ペンブローク大佐")
    expect(page.locator("#park-root")).not_to_contain_text("Colonel Pembroke")


def _record_with_todays_expedition() -> str:
    """A record (``park.ui.record.store``) with a streak of two days.

    It holds a result of today's expedition (UTC) and one of yesterday's.
    """
    today = dt.datetime.now(dt.UTC).date()
    record = empty_record()
    for days_ago in (1, 0):
        day = (today - dt.timedelta(days=days_ago)).isoformat()
        result = GameResult(f"{days_ago + 1}:40", day, "easy", 4, 1, 2, 77, False, 3, 5, True)
        record = add_result(record, result)
    return dumps_record(record)


def test_todays_expedition_already_played_is_said_and_can_be_played_again(
    page: Page, site_url: str
) -> None:
    """Issue 26, item 6 (and issue 27, item 4).

    The form says today's expedition was played, how it went and the daily streak; it can still be
    played.
    """
    record = json.dumps(_record_with_todays_expedition())
    page.add_init_script(script=f"localStorage.setItem('park.record', {record});")
    open_game(page, site_url)
    note = page.locator("#daily-played")
    expect(note).to_be_visible()
    expect(note).to_have_text(
        "You already played today's expedition: 2nd of 4, 77 points. You can play it again. "
        "Daily streak: 2 days."
    )
    daily = page.get_by_role("button", name="Today's expedition")
    expect(daily).to_have_accessible_description(re.compile("Daily streak: 2 days"))
    screenshot(page, "new-game-form-daily-played")
    daily.click()
    wait_for_decision(page, "start")
    assert saved_state(page).settings.seats[0].name == "You"


@pytest.mark.browser_context(viewport={"width": 1366, "height": 768})
def test_on_a_laptop_the_forms_start_button_is_in_view(page: Page, site_url: str) -> None:
    """Issue 26, item 3: at 1366x768 the New game form sits beside its introduction.

    The introduction includes the offer of Learn to play, so "Start the expedition" shows
    without scrolling.
    """
    open_game(page, site_url)
    start = page.get_by_role("button", name="Start the expedition")
    box = start.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 768, (
        f"the button is below the fold: {box}"
    )
    offer = page.locator("#learn-start").bounding_box()
    assert offer is not None and offer["y"] + offer["height"] <= 768
    screenshot(page, "new-game-form-laptop")
