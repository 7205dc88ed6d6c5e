"""The table as a player sees it (issue 39).

What a decision needs is in the viewport, not only in the DOM, at 1366x768 and 390x844, in English
and Japanese. A phone shows the pawn's space and the decision's buttons together; a lesson appears
in view; the header is one row; the players' boards are in view on a laptop; no screen is wider than
a phone's; a game in progress is replaced only once the player says so.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

import pytest
from playwright.sync_api import Page, expect
from tools.page_steps import (
    FAST,
    START_BUTTON,
    fill_new_game,
    press_start,
    start_new_game,
    wait_for_decision,
    wait_for_ready,
)
from tools.table_checks import MAP_SHARE, READABLE_JS, SEEN_JS, TABLE_JS, readable_problems

from e2e.game_page import open_game, open_settings, saved_state
from e2e.game_positions import finished_position
from e2e.support import screenshot

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
LANGUAGES = ("en-GB", "ja-JP")


def sized(size: Mapping[str, object]) -> list[object]:
    """``size`` (a browser context's options) in English and in Japanese, as test params."""
    return [
        pytest.param(locale, marks=pytest.mark.browser_context(**size, locale=locale), id=locale)
        for locale in LANGUAGES
    ]


IN_VIEW_JS = """(selector) => [...document.querySelectorAll(selector)].filter((e) => e.offsetParent)
  .map((e) => { const b = e.getBoundingClientRect();
    return b.top >= -1 && b.left >= -1
      && b.bottom <= innerHeight + 1 && b.right <= innerWidth + 1; })"""
"""For each element ``selector`` finds that is drawn: whether it lies wholly in the window."""

PAWN_IN_VIEW_JS = """() => {
  const frame = document.getElementById('board').getBoundingClientRect();
  const here = document.querySelector('#board .pk-space.is-here').getBoundingClientRect();
  const inside = (b, f) => b.top >= f.top - 1 && b.bottom <= f.bottom + 1
    && b.left >= f.left - 1 && b.right <= f.right + 1;
  const screen = {top: 0, left: 0, bottom: innerHeight, right: innerWidth};
  return inside(here, frame) && inside(here, screen);
}"""
"""Whether the player's space is whole inside the map's frame and the window."""

PARK_NEAR_JS = """() => {
  const here = document.querySelector('#board .pk-space.is-here').getBoundingClientRect();
  const park = document.querySelector('#board .pk-captain').getBoundingClientRect();
  const frame = document.getElementById('board').getBoundingClientRect();
  const near = Math.hypot(park.x - here.x, park.y - here.y) < 160;
  const shown = park.top >= Math.max(frame.top, 0) - 1
    && park.bottom <= Math.min(frame.bottom, innerHeight) + 1
    && park.left >= frame.left - 1 && park.right <= frame.right + 1;
  return !near || shown;
}"""
"""Whether Captain Park, when he stands near the pawn, is in view too."""

ONE_ROW_JS = """(selector) => { const boxes = [...document.querySelectorAll(selector)]
  .filter((e) => e.offsetParent).map((e) => e.getBoundingClientRect());
  return Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom)); }"""
"""Whether the elements ``selector`` finds stand in one row (one band crosses them all)."""

WIDE_JS = "() => document.documentElement.scrollWidth"


SETTLED_JS = """() => new Promise((done) => {
  let last = -1, still = 0;
  const look = () => {
    still = scrollY === last ? still + 1 : 0;
    last = scrollY;
    if (still >= 10) done(true); else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""
"""Resolves once the page has not scrolled for ten frames (a smooth scroll is over)."""


def _table_in_view(page: Page, where: str) -> None:
    """The pawn's space, Captain Park if near, and every decision button are in view."""
    page.wait_for_timeout(300)  # the redraw's second task scrolls to the table
    page.evaluate(SETTLED_JS)
    assert page.evaluate(PAWN_IN_VIEW_JS), f"{where}: the pawn's space is out of view"
    assert page.evaluate(PARK_NEAR_JS), f"{where}: Captain Park is near but out of view"
    buttons = page.evaluate(IN_VIEW_JS, "#decision .decision-buttons .btn")
    assert buttons and all(buttons), f"{where}: a decision button is out of view: {buttons}"


@pytest.mark.parametrize("locale", sized(PHONE))
def test_on_a_phone_the_pawn_and_the_decision_are_in_view_together(
    page: Page, site_url: str, locale: str
) -> None:
    open_game(page, site_url, query="?speed=fast")
    fill_new_game(page, seed=4242)
    press_start(page)
    for turn in range(3):
        wait_for_decision(page, "start")
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the player read on
        page.wait_for_timeout(200)
        page.locator("#decision [data-action='stay']").click()  # the AI seats, then us again
        wait_for_decision(page, "start", timeout_ms=120_000)
        _table_in_view(page, f"turn {turn + 2}")
        if turn == 0:
            screenshot(page, f"table-phone-{locale}")
        # a step on the map, and the question after it
        page.locator("#board [role='button'][data-action^='step:']").first.click()
        page.wait_for_function("document.documentElement.dataset.parkTurn !== 'start'")
        if page.evaluate("document.documentElement.dataset.parkTurn") in ("play", "step_again"):
            _table_in_view(page, f"after a step, turn {turn + 2}")
            page.locator("#decision .decision-buttons .btn").last.click()
    assert page.evaluate(WIDE_JS) <= 390
    header = page.locator("header.topbar").bounding_box()
    assert header is not None and header["height"] <= 64, f"the header is {header} tall"


LESSON_SIZES = {
    "390x844": {"viewport": {"width": 390, "height": 844}},
    "375x667": {"viewport": {"width": 375, "height": 667}},
    "360x640": {"viewport": {"width": 360, "height": 640}},
    "844x390": {"viewport": {"width": 844, "height": 390}},
}
"""The phones a guided game is tried on (issue 48): upright, small and on its side."""


def _lesson_cases() -> list[object]:
    cases: list[object] = []
    for size, locale in (
        *((size, "en-GB") for size in LESSON_SIZES),
        ("390x844", "ja-JP"),
        ("360x640", "ja-JP"),
    ):
        options = {**LESSON_SIZES[size], "is_mobile": True, "has_touch": True, "locale": locale}
        marks = pytest.mark.browser_context(**options)
        cases.append(pytest.param(size, locale, marks=marks, id=f"{size}-{locale}"))
    return cases


@pytest.mark.parametrize(("size", "locale"), _lesson_cases())
def test_on_a_phone_each_lesson_appears_in_view_with_the_map_and_its_decision(
    page: Page, site_url: str, size: str, locale: str
) -> None:
    """Issues 39 and 48: a lesson appears where it is seen, from its top, with its decision.

    The map (a quarter of the screen) and your pawn stay in view beside every lesson, and the
    page does not scroll.
    """
    open_game(page, site_url, query="?speed=fast")
    page.locator("#learn-start").click()
    seen = 0
    for _ in range(12):
        page.wait_for_function(
            "['start','play','step_again','market','club','fad'].includes("
            "document.documentElement.dataset.parkTurn)",
            timeout=120_000,
        )
        page.wait_for_timeout(300)
        page.evaluate(SETTLED_JS)
        lesson = page.locator("#lesson .lesson:not(.lesson-between)")
        if lesson.count():
            seen += 1
            where = f"{size} {locale}, lesson {seen}"
            assert page.evaluate(SEEN_JS, "#lesson-title") == [True], f"{where}: out of view"
            first = page.evaluate(SEEN_JS, "#decision .decision-buttons .btn")
            assert first and first[0], f"{where}: its decision is out of view"
            table = page.evaluate(TABLE_JS)
            assert table["map"] >= MAP_SHARE - 0.005, f"{where}: the map is {table['map']:.0%}"
            assert table["pawn"], f"{where}: the pawn is out of view"
            assert table["scrolled"] <= 1, f"{where}: the page scrolls"
            problems = readable_problems(page.evaluate(READABLE_JS), where)
            assert not problems, problems
            if seen == 1:
                screenshot(page, f"lesson-{size}-{locale}")
            lesson.locator("[data-ui='lesson-done']").click()
            continue
        buttons = page.locator("#decision .decision-buttons .btn:not(.btn-danger):visible")
        (buttons.first if buttons.count() else page.locator("#decision .btn:visible").first).click()
        page.wait_for_timeout(300)
    assert seen >= 4, f"only {seen} lessons came up"


@pytest.mark.browser_context(**LAPTOP)
def test_on_a_laptop_a_new_lesson_is_brought_into_view(page: Page, site_url: str) -> None:
    """The player steps, then reads on down the page while the AI seats play.

    The lesson the next decision brings appears above the screen, and is scrolled into view.
    """
    open_game(page, site_url, query="?speed=normal")
    page.locator("#learn-start").click()
    wait_for_decision(page, "start")
    page.locator("[data-ui='lesson-done']").click()  # the goal; now the lesson on steps
    first = page.locator("#lesson-title").inner_text()
    page.locator("#decision .decision-buttons .btn.is-hint").first.click()  # a marked step
    wait_for_decision(page, "wait")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # down to the log
    page.wait_for_function(
        "(first) => document.documentElement.dataset.parkTurn === 'start'"
        " && document.getElementById('lesson-title')"
        " && document.getElementById('lesson-title').textContent !== first",
        arg=first,
        timeout=120_000,
    )
    page.evaluate(SETTLED_JS)
    expect(page.locator("#lesson-title")).to_be_in_viewport(ratio=1)
    problems = readable_problems(page.evaluate(READABLE_JS), "a laptop's second lesson")
    assert not problems, problems


@pytest.mark.parametrize("locale", sized(LAPTOP))
def test_on_a_laptop_the_header_is_one_row_and_every_seat_in_view(
    page: Page, site_url: str, locale: str
) -> None:
    """With "Replay the last game" among its buttons too.

    Each seat's score, Month counters and cards in hand beside the status; the hand whole in view as
    a turn opens.
    """
    found = finished_position()
    page.add_init_script(
        script=f"localStorage.setItem('park.last-game', {json.dumps(found.save)});"
    )
    open_game(page, site_url)
    expect(page.locator("#btn-replay-last")).to_be_visible()
    fill_new_game(page, opponents=5, seed=4242)
    press_start(page)
    wait_for_decision(page, "start")
    assert page.evaluate(ONE_ROW_JS, "header.topbar > *, #top-menu > :not([hidden])")
    boards = page.locator(".player-boards .player-board")
    expect(boards).to_have_count(6)
    assert all(page.evaluate(IN_VIEW_JS, ".player-boards .player-board"))
    assert all(page.evaluate(IN_VIEW_JS, ".hand-cards .card")), "the hand is cut"
    screenshot(page, f"table-laptop-{locale}")


@pytest.mark.parametrize("locale", sized(PHONE))
def test_no_screen_is_wider_than_a_phone(page: Page, site_url: str, locale: str) -> None:
    """The form, a turn, the settings, the puzzles, the record and the About dialog.

    At 390 px (a page wider than that makes a phone zoom out or cut its text).
    """
    open_game(page, site_url)
    assert page.evaluate(WIDE_JS) <= 390, "the New game form"
    fill_new_game(page, seed=4242)
    press_start(page)
    wait_for_decision(page, "start")
    assert page.evaluate(WIDE_JS) <= 390, "a turn"
    open_settings(page)
    assert page.evaluate(WIDE_JS) <= 390, "the settings"
    page.keyboard.press("Escape")
    for name in ("puzzles", "record", "about", "rules"):
        page.locator("header .btn-menu").click()
        page.locator(f'#top-menu [data-ui="{name}"]').click()
        page.wait_for_timeout(300)
        assert page.evaluate(WIDE_JS) <= 390, name
        page.keyboard.press("Escape")


def test_a_game_in_progress_is_replaced_only_when_the_player_says_so(
    page: Page, site_url: str
) -> None:
    open_game(page, site_url)
    start_new_game(page, seed=11)
    wait_for_decision(page, "start")
    dialog = page.locator("#replace-dialog")
    for button in ("replace-back", "replace-game"):
        page.locator('#top-menu [data-ui="new"]').click()
        fill_new_game(page, seed=22)
        page.locator(START_BUTTON).click()
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text("Replace the game in progress?")
        dialog.locator(f'[data-ui="{button}"]').click()
        expect(dialog).to_be_hidden()
        wait_for_decision(page, "start")
        assert saved_state(page).settings.seed == (11 if button == "replace-back" else 22)
    page.locator('#top-menu [data-ui="learn"]').click()
    page.locator("#learn-start").click()
    expect(dialog).to_be_visible()  # Learn to play asks too
    screenshot(page, "replace-dialog")


def test_a_finished_game_is_replaced_without_a_question(page: Page, site_url: str) -> None:
    open_game(page, site_url, save=finished_position().save, query=FAST)
    page.locator("#over-dialog [data-ui='new']").click()
    page.get_by_role("button", name="Start the expedition").click()
    expect(page.locator("#replace-dialog")).to_be_hidden()
    wait_for_decision(page, "start")


@pytest.mark.browser_context(locale="ja-JP")
def test_the_question_is_asked_in_japanese(page: Page, site_url: str) -> None:
    page.goto(site_url + FAST)
    wait_for_ready(page)
    page.locator(START_BUTTON).click()
    wait_for_decision(page, "start")
    page.locator('#top-menu [data-ui="new"]').click()
    page.locator(START_BUTTON).click()
    expect(page.locator("#replace-title")).to_have_text("進行中のゲームを終わりにしますか？")
