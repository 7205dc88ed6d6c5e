"""The table in one screen (issue 48): what a decision needs is in the viewport at every size.

At each of at least ten decisions of a game, on phones held upright (390x844, 375x667, 360x640)
and on their side (844x390), a tablet (768x1024) and a laptop (1366x768): the map (a quarter of
the window, your pawn inside), every decision button, your hand's card names and every seat's
score and Month counters are seen, not clipped by a part that scrolls; below a laptop's width
the page itself never scrolls. What "seen" means: ``tools.table_checks``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page
from tools.page_steps import FAST, fill_new_game, press_start
from tools.table_checks import SEEN_JS, TABLE_JS, table_problems

from e2e.game_page import header_button, open_game, open_puzzles, wait_for_puzzle
from e2e.game_positions import finished_position
from e2e.support import screenshot
from park.ui.puzzles.buttons import PUZZLE_LEAVE

PHONE = {"is_mobile": True, "has_touch": True}
SIZES: dict[str, dict[str, Any]] = {
    "390x844": {"viewport": {"width": 390, "height": 844}, **PHONE},
    "375x667": {"viewport": {"width": 375, "height": 667}, **PHONE},
    "360x640": {"viewport": {"width": 360, "height": 640}, **PHONE},
    "844x390": {"viewport": {"width": 844, "height": 390}, **PHONE},
    "768x1024": {"viewport": {"width": 768, "height": 1024}, **PHONE},
    "1366x768": {"viewport": {"width": 1366, "height": 768}},
}
"""Each size's browser context."""

DECISIONS = 10
"""How many of the human's decisions each game is checked at."""

AT_DECISION_JS = """() => ['start', 'play', 'step_again', 'market', 'club', 'fad']
  .includes(document.documentElement.dataset.parkTurn)
  && document.documentElement.dataset.parkDrawn !== 'false'"""

SETTLED_JS = """() => new Promise((done) => {
  let last = '', still = 0;
  const look = () => {
    const frame = document.getElementById('board');
    const now = [scrollY, frame.scrollLeft, frame.scrollTop, frame.clientHeight].join();
    still = now === last ? still + 1 : 0;
    last = now;
    if (still >= 10) done(true); else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""
"""Resolves once neither the page nor the map has moved for ten frames."""


def _cases() -> list[Any]:
    cases = [
        pytest.param(size, "en-GB", marks=pytest.mark.browser_context(**options, locale="en-GB"))
        for size, options in SIZES.items()
    ]
    cases += [
        pytest.param(
            size, "ja-JP", marks=pytest.mark.browser_context(**SIZES[size], locale="ja-JP")
        )
        for size in ("390x844", "360x640", "1366x768")
    ]
    return cases


def check_table(page: Page, seats: int, where: str) -> dict[str, Any]:
    """Wait until the decision shown is settled; fail with what a player would miss."""
    page.wait_for_function(AT_DECISION_JS, timeout=120_000)
    page.wait_for_timeout(250)  # the redraw's second task centres the map
    page.evaluate(SETTLED_JS)
    table: dict[str, Any] = page.evaluate(TABLE_JS)
    one_screen = page.viewport_size is not None and page.viewport_size["width"] <= 992
    hand = table["kind"] not in ("market", "club")
    problems = table_problems(table, one_screen=one_screen, seats=seats, hand=hand)
    assert not problems, f"{where}: {problems}"
    return table


def take_a_decision(page: Page, number: int) -> None:
    """Press one of the decision's buttons (a different one from turn to turn)."""
    buttons = page.locator("#decision .decision-buttons .btn:not([disabled])")
    if not buttons.count():
        buttons = page.locator("#decision button:not([disabled]):not(.btn-undo)")
    moves = page.evaluate("() => document.documentElement.dataset.parkMoves")
    buttons.nth(number % buttons.count()).click()
    page.wait_for_function(
        "(moves) => document.documentElement.dataset.parkMoves !== moves", arg=moves
    )


@pytest.mark.parametrize(("size", "locale"), _cases())
def test_every_decision_shows_the_whole_table(
    page: Page, site_url: str, size: str, locale: str
) -> None:
    open_game(page, site_url, query=FAST)
    fill_new_game(page, opponents=3, seed=4242)
    press_start(page)
    kinds = []
    for number in range(DECISIONS):
        table = check_table(page, seats=4, where=f"{size} {locale}, decision {number + 1}")
        kinds.append(table["kind"])
        if number in (0, DECISIONS - 1):
            screenshot(page, f"one-screen-{size}-{locale}-{number + 1}")
        take_a_decision(page, number)
    assert len(kinds) == DECISIONS


MODE_SIZES = ("390x844", "360x640", "844x390")


@pytest.mark.parametrize(
    "size",
    [pytest.param(s, marks=pytest.mark.browser_context(**SIZES[s]), id=s) for s in MODE_SIZES],
)
def test_a_puzzle_and_a_replay_are_one_screen_too(page: Page, site_url: str, size: str) -> None:
    """Issue 48, item 3: the same one-screen table in a puzzle and in the replay.

    A puzzle's decision with the whole hand in view; the replay's map with Previous and Next
    under it, without scrolling the page.
    """
    found = finished_position()
    page.add_init_script(
        script=f"localStorage.setItem('park.last-game', {json.dumps(found.save)});"
    )
    open_game(page, site_url, query=FAST)
    open_puzzles(page)
    page.locator("#puzzles-hub button").first.click()
    wait_for_puzzle(page, "playing")
    page.evaluate(SETTLED_JS)
    table = page.evaluate(TABLE_JS)
    seats = page.locator("#board .pk-pawn").count()  # a pawn a seat
    problems = table_problems(table, one_screen=True, seats=seats)
    assert not problems, f"{size}, a puzzle: {problems}"
    screenshot(page, f"one-screen-puzzle-{size}")
    page.locator(f"#lesson [data-ui='{PUZZLE_LEAVE}']").click()
    header_button(page, "replay-last").click()
    page.locator("#replay-next").click()
    seen = page.evaluate(
        SEEN_JS, "#replay-prev, #replay-next, #replay-prev-turn, #replay-next-turn"
    )
    assert seen == [True] * 4, f"{size}, the replay's buttons: {seen}"
    board = page.locator("#replay-board").bounding_box()
    assert board is not None and board["height"] >= 0.24 * SIZES[size]["viewport"]["height"]
    height = SIZES[size]["viewport"]["height"]
    assert page.evaluate("document.documentElement.scrollHeight") <= height
    screenshot(page, f"one-screen-replay-{size}")
