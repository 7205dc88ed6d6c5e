"""Learn to play (issue 26, item 1; issue 39).

The guided first game, offered on a first visit and from the header, its lessons titled by what they
teach and shown where their rules first matter with the real controls marked (never a warned one),
played with those controls, listed (read, now, to come) with each one read opening again there, kept
across a reload, left at any time, and Your record says why the game is not in it; on a laptop, on a
phone and in Japanese; axe finds nothing on its screens.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from tools.page_steps import decision_button, wait_for_decision, wait_for_ready

from e2e.accessibility import assert_accessible
from e2e.game_page import IN_WINDOW_JS, open_game, saved_notes
from e2e.support import screenshot
from park.ui.game.screen import screen_parts
from park.ui.game.session import Session
from park.ui.setup.modes import LESSONS_LEFT_NOTE, LESSONS_NOTE
from park.ui.tutorial.guide import finish_lesson
from park.ui.tutorial.lessons import ALL_LESSONS, tutorial_settings

LAPTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
CAFES = ("step:3", "step:10")
"""The Cafés one step from the Club, where every pawn starts."""


def cafes_marked() -> tuple[str, ...]:
    """The Cafés the second lesson marks.

    Those of :data:`CAFES` the page does not warn about (the engine in this process, on the guided
    game's one deal).
    """
    session = Session.new(tutorial_settings())
    finish_lesson(session)  # the goal
    marks = screen_parts(session).hint_marks
    assert marks and set(marks) <= set(CAFES)
    return marks


def progress(page: Page) -> Locator:
    """The lesson panel's list of lessons, folded to one line (its summary)."""
    return page.locator("#lesson .lesson-progress-summary")


def in_view(page: Page, selector: str) -> bool:
    """Whether the element's box lies wholly inside the window within 5 s.

    A smooth scroll may bring it there.
    """
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


def read_again(page: Page, key: str, words: str) -> None:
    """Open the list of lessons, then the lesson ``key`` read before.

    Its text (with ``words``) shows again, in the list.
    """
    summary = progress(page)
    expect(summary).to_be_visible()
    summary.click()
    again = page.locator(f'#lesson .lesson-step.is-done[data-lesson="{key}"]')
    expect(again).to_be_visible()
    text = again.locator(".lesson-again-text")
    expect(text).to_be_hidden()
    again.locator("summary").click()
    expect(text).to_be_visible()
    expect(text).to_contain_text(words)


def has_class(name: str) -> re.Pattern[str]:
    """A class attribute matcher: the element has the class ``name`` among others."""
    return re.compile(rf"(^|\s){re.escape(name)}(\s|$)")


@pytest.mark.browser_context(**LAPTOP)
def test_a_first_visit_learns_the_game_with_the_real_controls(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    start_from_the_offer(page)
    lesson = page.locator("#lesson .lesson")
    count = len(ALL_LESSONS)
    expect(progress(page)).to_contain_text(f"Lessons: 0 of {count} read")
    expect(page.locator("#lesson-title")).to_have_text("Your goal")
    expect(lesson).to_contain_text("The first to 175 points wins")
    expect(page.locator("#status")).to_contain_text("Learn to play: a guided first game")
    assert in_view(page, "#lesson .lesson"), "the first lesson is read without scrolling"
    assert_accessible(page, "a lesson of the guided first game")

    lesson.get_by_role("button", name="Got it").click()
    expect(page.locator("#lesson-title")).to_have_text("Steps and Cafés")
    expect(page.locator("#lesson-title")).to_be_focused()
    expect(progress(page)).to_contain_text(f"Lessons: 1 of {count} read")
    marked = cafes_marked()
    for cafe in CAFES:  # the lesson marks the controls it is about, on the map too
        hinted = expect(decision_button(page, cafe))
        on_map = expect(page.locator(f'#board [data-action="{cafe}"]'))
        if cafe in marked:
            hinted.to_have_class(has_class("is-hint"))
            on_map.to_have_class(has_class("is-hint"))
        else:  # a Café the page warns about is never marked
            hinted.not_to_have_class(has_class("is-hint"))
            on_map.not_to_have_class(has_class("is-hint"))
    expect(decision_button(page, "step:6")).not_to_have_class(has_class("is-hint"))
    screenshot(page, "tutorial-laptop")

    decision_button(page, marked[0]).click()  # the real control, the real engine
    wait_for_decision(page, "start")  # the AI seats played their turns: the player's second
    notes = saved_notes(page)
    assert str(notes[LESSONS_NOTE]).split() == ["goal", "cafe"]
    expect(page.locator("#lesson-title")).not_to_have_text("Steps and Cafés")
    shown = lesson.locator(".lesson-title").inner_text()
    read_again(page, "cafe", "A Café gives you a card")
    expect(page.locator("#lesson-title")).to_have_text(shown)  # the lesson now stays
    assert saved_notes(page) == notes  # reading again changes nothing of the game

    page.reload()
    wait_for_ready(page)
    wait_for_decision(page, "start")
    expect(page.locator("#lesson .lesson-title")).to_have_text(shown)

    page.get_by_role("button", name="Your record").click()  # it says why the game is missing
    record = page.locator("#record-dialog")
    expect(record).to_contain_text("No finished games yet")
    expect(record).to_contain_text("Your guided first game (Learn to play) is not counted")
    record.get_by_role("button", name="Close").click()

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
    expect(page.locator("#lesson-title")).to_have_text("Steps and Cafés")
    assert in_view(page, "#lesson-title"), "the next lesson is scrolled into view"
    screenshot(page, "tutorial-phone")
    page.locator("#lesson").get_by_role("button", name="Got it").click()  # all read: play
    expect(page.locator("#lesson-title")).to_have_count(0)
    expect(page.locator("#lesson .lesson-between")).to_be_visible()  # the list alone
    assert in_view(page, "#decision .decision-title"), "then the decision is in view"
    read_again(page, "goal", "The first to 175 points wins")


@pytest.mark.browser_context(locale="ja-JP")
def test_the_lessons_speak_japanese(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    expect(page.locator("#learn-offer")).to_contain_text("はじめてですか")
    page.locator("#learn-start").click()
    wait_for_decision(page, "start")
    lesson = page.locator("#lesson .lesson")
    expect(lesson).to_contain_text("目標")
    expect(lesson).to_contain_text("175点")
    expect(progress(page)).to_contain_text(f"レッスン：0/{len(ALL_LESSONS)} 読了")
    lesson.get_by_role("button", name="わかった").click()
    expect(page.locator("#lesson-title")).to_have_text("1歩とカフェ")
