"""Learn to play (issue 26, item 1): the guided first game, offered on a first visit and from
the header, its lessons shown where their rules first matter with the real controls marked,
played with those controls, kept across a reload, left at any time; on a laptop, on a phone
and in Japanese; axe finds nothing on its screens."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from e2e.game_page import (
    IN_WINDOW_JS,
    decision_button,
    open_game,
    saved_notes,
    wait_for_decision,
)
from e2e.support import screenshot, wait_for_ready
from e2e.test_accessibility import assert_accessible
from park.ui.setup.modes import LESSONS_LEFT_NOTE, LESSONS_NOTE
from park.ui.tutorial.lessons import ALL_LESSONS

LAPTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
CAFES = ("step:3", "step:10")
"""The Cafés one step from the Club, where every pawn starts."""


def in_view(page: Page, selector: str) -> bool:
    """Whether the element's box lies wholly inside the window, within 5 s (a smooth scroll
    may bring it there)."""
    try:
        page.wait_for_function(IN_WINDOW_JS, arg=selector, timeout=5_000)
    except PlaywrightTimeoutError:
        return False
    return True


def start_from_the_offer(page: Page) -> None:
    offer = page.locator("#learn-offer")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("New to the game?")
    offer.get_by_role("button", name="Learn to play").click()
    wait_for_decision(page, "start")


def has_class(name: str) -> re.Pattern[str]:
    """A class attribute matcher: the element has the class ``name`` among others."""
    return re.compile(rf"(^|\s){re.escape(name)}(\s|$)")


@pytest.mark.browser_context(**LAPTOP)
def test_a_first_visit_learns_the_game_with_the_real_controls(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    start_from_the_offer(page)
    lesson = page.locator("#lesson .lesson")
    expect(lesson).to_contain_text(f"Lesson 1 of {len(ALL_LESSONS)}")
    expect(lesson).to_contain_text("Your goal")
    expect(lesson).to_contain_text("The first to 175 points wins")
    expect(page.locator("#status")).to_contain_text("Learn to play: a guided first game")
    assert in_view(page, "#lesson .lesson"), "the first lesson is read without scrolling"
    assert_accessible(page, "a lesson of the guided first game")

    lesson.get_by_role("button", name="Got it").click()
    expect(lesson).to_contain_text("Your turn: one step")
    expect(page.locator("#lesson-title")).to_be_focused()
    for cafe in CAFES:  # the lesson marks the controls it is about, on the map too
        expect(decision_button(page, cafe)).to_have_class(has_class("is-hint"))
        expect(page.locator(f'#board [data-action="{cafe}"]')).to_have_class(has_class("is-hint"))
    expect(decision_button(page, "step:6")).not_to_have_class(has_class("is-hint"))
    screenshot(page, "tutorial-laptop")

    decision_button(page, "step:3").click()  # the real control, the real engine
    wait_for_decision(page, "start")  # the AI seats played their turns: the player's second
    notes = saved_notes(page)
    assert str(notes[LESSONS_NOTE]).split() == ["goal", "cafe"]
    expect(lesson).not_to_contain_text("Your turn: one step")
    shown = lesson.locator(".lesson-title").inner_text()

    page.reload()
    wait_for_ready(page)
    wait_for_decision(page, "start")
    expect(page.locator("#lesson .lesson-title")).to_have_text(shown)

    page.locator("#lesson").get_by_role("button", name="Leave the lessons").click()
    expect(page.locator("#lesson")).to_be_empty()
    assert saved_notes(page)[LESSONS_LEFT_NOTE] is True
    expect(page.locator("#decision")).to_contain_text("Your turn")  # the game goes on

    page.locator("header [data-ui='learn']").click()  # always offered from the header
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#learn-start")).to_be_focused()
    expect(page.locator("#btn-back")).to_be_visible()  # the game in progress is not lost


@pytest.mark.browser_context(**PHONE)
def test_on_a_phone_the_lesson_and_its_controls_are_in_view(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    start_from_the_offer(page)
    page.locator("#lesson").get_by_role("button", name="Got it").click()
    expect(page.locator("#lesson")).to_contain_text("Your turn: one step")
    assert in_view(page, "#lesson-title"), "the next lesson is scrolled into view"
    screenshot(page, "tutorial-phone")
    page.locator("#lesson").get_by_role("button", name="Got it").click()  # all read: play
    expect(page.locator("#lesson")).to_be_empty()
    assert in_view(page, "#decision .decision-title"), "then the decision is in view"


@pytest.mark.browser_context(locale="ja-JP")
def test_the_lessons_speak_japanese(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    expect(page.locator("#learn-offer")).to_contain_text("はじめてですか")
    page.locator("#learn-start").click()
    wait_for_decision(page, "start")
    lesson = page.locator("#lesson .lesson")
    expect(lesson).to_contain_text("目標")
    expect(lesson).to_contain_text("175点")
    lesson.get_by_role("button", name="わかった").click()
    expect(lesson).to_contain_text("手番：1歩進む")
