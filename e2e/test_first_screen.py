"""The first screen before Python (issue 40).

With Python held back (the page's ``main.py`` is not answered until the test lets it go), the New
game form answers, its Start is kept and carried out with exactly the settings chosen once Python is
ready; the Rules open; a returning player sees the table's picture; the page says it needs
JavaScript without it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from tools.page_steps import (
    FAST,
    START_BUTTON,
    fill_new_game,
    start_new_game,
    wait_for_decision,
    wait_for_ready,
)

from e2e.game_page import header_button, saved_state
from e2e.support import screenshot
from park.ui.game.picture import save_fingerprint

MAIN_PY = "**/main.*.py"
"""The page's Python entry point: until it is answered, Python is not ready."""
ROOT_JS = "(name) => document.documentElement.dataset[name] ?? null"
NO_WORKER = pytest.mark.browser_context(service_workers="block")
"""For tests that load the page twice.

The second time, the service worker installed by the first would answer ``main.py`` from its
cache, past the route that holds it back.
"""


@contextmanager
def python_held(page: Page) -> Iterator[Callable[[], None]]:
    """Hold the page's ``main.py`` back until the function it gives is called (or the block ends).

    The page is parsed and its first screen shown, Python is not ready.
    """
    held: list[Route] = []

    def release() -> None:
        routes = list(held)
        held.clear()
        for route in routes:
            route.continue_()
        page.unroute(MAIN_PY, hold)

    def hold(route: Route) -> None:
        held.append(route)

    page.route(MAIN_PY, hold)
    try:
        yield release
    finally:
        if held:
            release()
        else:
            page.unroute(MAIN_PY, hold)


def leave_a_game(page: Page, site_url: str, *, seed: int) -> None:
    """Start a game with ``seed`` and leave the page at its first decision.

    The page is hidden and closed, so its picture is kept.
    """
    page.goto(site_url + FAST)
    wait_for_ready(page)
    start_new_game(page, seed=seed)
    wait_for_decision(page, "start")
    page.goto("about:blank")


def first_screen(page: Page) -> str:
    """Wait for the first screen; return which it is (``form`` or ``picture``)."""
    page.wait_for_selector("html[data-park-first-screen]")
    assert page.evaluate(ROOT_JS, "parkReady") is None, "Python was not held back"
    return str(page.evaluate(ROOT_JS, "parkFirstScreen"))


def test_the_form_answers_before_python_and_its_start_is_carried_out(
    page: Page, site_url: str
) -> None:
    with python_held(page) as release:
        page.goto(site_url + FAST)
        assert first_screen(page) == "form"
        expect(page.locator("#setup")).to_be_in_viewport()
        expect(page.locator("#f-name")).to_be_focused()
        page.locator("#f-humans").select_option("2")  # a second name field, then none again
        expect(page.locator("#f-name-2")).to_be_visible()
        expect(page.locator("#f-name-label")).to_have_text("Player 1's name")
        page.locator("#f-humans").select_option("1")
        expect(page.locator("#f-name-2")).to_be_hidden()
        fill_new_game(page, name="Ada Byron", opponents=2, level="easy", seed=31)
        page.locator(START_BUTTON).click()
        expect(page.locator(START_BUTTON)).to_have_text("Starting…")
        screenshot(page, "first-screen-starting")
        assert page.evaluate(ROOT_JS, "parkReady") is None
        release()
        wait_for_decision(page, "start")
    settings = saved_state(page).settings
    assert (settings.seed, settings.seats[0].name) == (31, "Ada Byron")
    assert [seat.controller for seat in settings.seats] == ["human", "easy", "easy"]
    expect(page.locator(START_BUTTON)).to_have_text("Start the expedition")


def test_learn_to_play_pressed_before_python_starts_the_lessons(page: Page, site_url: str) -> None:
    with python_held(page) as release:
        page.goto(site_url + FAST)
        first_screen(page)
        page.locator("#learn-start").click()
        expect(page.locator("#learn-start")).to_have_text("Starting…")
        release()
        wait_for_decision(page, "start")
    expect(page.locator("#lesson")).to_contain_text("Lesson")


def test_the_rules_open_before_python(page: Page, site_url: str) -> None:
    with python_held(page):
        page.goto(site_url + FAST)
        first_screen(page)
        header_button(page, "rules").click()
        dialog = page.locator("#rules-dialog")
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text("Month counter")
        dialog.locator('[data-ui="close-dialog"]').click()
        expect(dialog).to_be_hidden()


@pytest.mark.browser_context(locale="ja-JP")
def test_the_first_screen_speaks_japanese_before_python(page: Page, site_url: str) -> None:
    with python_held(page):
        page.goto(site_url + FAST)
        first_screen(page)
        expect(page.locator(START_BUTTON)).to_have_text("探検に出発する")
        expect(page.locator("#setup-title")).not_to_have_text("A new expedition")
        assert page.evaluate(ROOT_JS, "parkTranslated") == "ja"
        screenshot(page, "first-screen-ja")
        header_button(page, "about").click()  # what the build wrote last is translated too
        expect(page.locator("#about-dialog dt").first).to_have_text("バージョン")


@NO_WORKER
def test_a_returning_player_sees_the_table_before_python(page: Page, site_url: str) -> None:
    leave_a_game(page, site_url, seed=77)
    with python_held(page) as release:
        page.goto(site_url + FAST)
        assert first_screen(page) == "picture"
        game = page.locator("#game")
        expect(game).to_be_visible()
        expect(game.locator("#board .pk-space").first).to_be_visible()
        expect(game.locator("#hand [data-card]").first).to_be_visible()
        assert game.evaluate("(g) => g.inert")  # not yet playable
        screenshot(page, "first-screen-picture")
        header_button(page, "rules").click()  # the header answers meanwhile
        expect(page.locator("#rules-dialog")).to_be_visible()
        page.keyboard.press("Escape")
        release()
        wait_for_decision(page, "start")
    assert not game.evaluate("(g) => g.inert")
    page.locator("#decision [data-action]").first.click()  # playable
    expect(page.locator("html")).not_to_have_attribute("data-park-turn", "start")


@NO_WORKER
def test_a_picture_of_another_save_is_not_shown(page: Page, site_url: str) -> None:
    leave_a_game(page, site_url, seed=78)  # then the save changes (another tab, say)
    page.add_init_script(
        script="if (!sessionStorage.getItem('changed')) { sessionStorage.setItem('changed', '1');"
        " localStorage.setItem('park.save', localStorage.getItem('park.save') + ' '); }"
    )
    with python_held(page) as release:
        page.goto(site_url + FAST)
        expect(page.locator("#park-loading-text")).to_be_visible()
        page.wait_for_timeout(500)
        assert page.evaluate(ROOT_JS, "parkFirstScreen") is None
        expect(page.locator("#game")).to_be_hidden()
        release()
        wait_for_decision(page, "start")


@pytest.mark.parametrize("text", ["", "Ada", '{"name": "探検家"}', "🐧 ペンギン"])
def test_the_page_names_a_save_as_python_does(page: Page, site_url: str, text: str) -> None:
    page.goto(site_url + FAST)
    assert page.evaluate("(t) => window.parkFingerprint(t)", text) == save_fingerprint(text)


def test_without_javascript_the_page_says_it_needs_it(browser: Browser, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url)
        said = page.locator("noscript p").first  # Playwright's text search skips <noscript>
        expect(said).to_be_visible()
        expect(said).to_contain_text("needs JavaScript enabled")
        expect(page.locator("#park-loading")).to_be_hidden()  # no spinner that never ends
        expect(page.locator("#park-root")).to_be_hidden()
        screenshot(page, "no-javascript")
    finally:
        context.close()


def test_the_kept_table_is_what_the_first_screen_fills_in(page: Page, site_url: str) -> None:
    """The last game's table (kept by Python) is filled in before Python, as Python would."""
    table = {"name": "Ada", "others": ["Bob"], "opponents": 1, "level": "hard", "hints": False}
    page.add_init_script(
        script=f"localStorage.setItem('park.table', {json.dumps(json.dumps(table))});"
    )
    with python_held(page):
        page.goto(site_url + FAST)
        first_screen(page)
        expect(page.locator("#f-humans")).to_have_value("2")
        expect(page.locator("#f-name")).to_have_value("Ada")
        expect(page.locator("#f-name-2")).to_have_value("Bob")
        expect(page.locator("#f-opponents")).to_have_value("1")
        expect(page.locator("#f-level")).to_have_value("hard")
        expect(page.locator("#f-hints")).not_to_be_checked()
