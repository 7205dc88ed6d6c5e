"""Try until solved, and see the solution (issue 41, item 2).

A wrong answer, Try again (the second try leaves the rating as it was), then Show the solution:
the best turn played move by move on the map (the pawn and Captain Park move, no move to choose),
with each move's words, stepped to its end with Next and the arrow keys and back with Previous;
closing it gives the try's buttons back, and Try again still works. At 1366x768 and 390x844, in
English and Japanese; on the phone, the move's words, Next and your pawn are in the viewport.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from e2e.game_page import (
    SIZES_AND_LANGUAGES,
    open_game,
    open_puzzles,
    play,
    puzzle_shown,
    wait_for_puzzle,
)
from e2e.support import screenshot
from park.engine.actions import PlayCard, Step
from park.ui.puzzles.catalogue import Puzzle

PUZZLES_KEY = "park.puzzles"
DRAWN_JS = "() => document.documentElement.dataset.parkDrawn !== 'false'"

WORDS = {
    "en": {
        "solution": "The solution",
        "move": "Move {number} of {count}",
        "end": "whole best turn",
    },
    "ja": {"solution": "解答", "move": "{count}手中{number}手目", "end": "最善の手番はすべて"},
}


def stored_record(page: Page) -> dict[str, object]:
    text = page.evaluate(f"() => localStorage.getItem({json.dumps(PUZZLES_KEY)})")
    assert text, "the try was counted"
    record: dict[str, object] = json.loads(text)
    return record


def try_wrong(page: Page, puzzle: Puzzle) -> None:
    """Play the runner-up (not the best turn) and wait for the verdict."""
    play(page, puzzle.runner_up_actions())
    wait_for_puzzle(page, "judged", timeout_ms=120_000)
    expect(page.locator("#puzzle-dialog")).to_be_visible()


def pawn_place(page: Page, seat: int) -> str | None:
    return page.locator(f'#board .pk-pawn[data-seat="{seat}"]').get_attribute("transform")


def park_place(page: Page) -> str | None:
    return page.locator("#board .pk-captain").first.get_attribute("transform")


@pytest.mark.parametrize(("language", "size"), SIZES_AND_LANGUAGES)
def test_try_again_then_the_solution_move_by_move(
    page: Page, site_url: str, language: str, size: str
) -> None:
    words = WORDS[language]
    open_game(page, site_url)
    open_puzzles(page)
    page.locator('#puzzles-hub [data-ui="puzzle-next"]').click()
    wait_for_puzzle(page, "playing")
    puzzle = puzzle_shown(page)

    try_wrong(page, puzzle)  # the first try: it moves the rating
    first = stored_record(page)
    tried = first["tried"]
    assert isinstance(tried, list) and len(tried) == 1 and tried[0][:2] == [puzzle.number, 0]
    page.locator('#puzzle-dialog [data-ui="puzzle-retry"]').click()
    wait_for_puzzle(page, "playing")
    assert puzzle_shown(page) == puzzle
    try_wrong(page, puzzle)  # practice: the rating stays
    assert stored_record(page) == first, "a second try leaves the puzzle record as it was"
    if language == "en":
        expect(page.locator("#puzzle-dialog")).to_contain_text(
            "You had tried this puzzle before: your rating stays"
        )

    show = page.locator('#puzzle-dialog [data-ui="puzzle-solution"]')
    expect(show).to_be_in_viewport()  # beside Try again, without scrolling the verdict
    screenshot(page, f"puzzle-solution-verdict-{language}-{size}")
    show.click()
    wait_for_puzzle(page, "solution")
    expect(page.locator("#puzzle-dialog")).to_be_hidden()
    card = page.locator("#lesson .puzzle-card")
    expect(card).to_contain_text(words["solution"])
    decision = page.locator("#decision .puzzle-solution")
    expect(decision).to_have_attribute("data-move", "0")
    expect(page.locator('#decision [data-ui="puzzle-solution-prev"]')).to_be_disabled()
    expect(page.locator("#board [data-action]")).to_have_count(0)  # nothing to choose
    screenshot(page, f"puzzle-solution-start-{language}-{size}")

    plan = puzzle.best_actions()
    count = len(plan)
    seat = puzzle.seat
    next_button = page.locator('#decision [data-ui="puzzle-solution-next"]')
    for number, action in enumerate(plan, start=1):
        pawn, park = pawn_place(page, seat), park_place(page)
        if number % 2:
            next_button.click()
        else:  # the keyboard steps it too
            next_button.focus()
            page.keyboard.press("ArrowRight")
        page.wait_for_function(DRAWN_JS)
        expect(decision).to_have_attribute("data-move", str(number))
        expect(decision).to_contain_text(words["move"].format(number=number, count=count))
        expect(page.locator("#board [data-action]")).to_have_count(0)
        if isinstance(action, Step):
            assert pawn_place(page, seat) != pawn, "the pawn moved on the map"
        if isinstance(action, PlayCard):
            assert park_place(page) != park, "Captain Park moved on the map"
        if size == "phone" and number < count:  # the move's words and the pawn that stepped
            expect(decision.locator(".decision-title")).to_be_in_viewport()
            expect(next_button).to_be_in_viewport()
        elif size == "phone":  # the end: the panel (issue 48: it scrolls) brought to Try again
            expect(decision.locator(".solution-end")).to_be_in_viewport()
            expect(page.locator('#decision [data-ui="puzzle-retry"]')).to_be_in_viewport()
            if isinstance(action, Step):
                mine = page.locator(f'#board .pk-pawn[data-seat="{seat}"]')
                expect(mine).to_be_in_viewport()
        if number == 1:
            screenshot(page, f"puzzle-solution-move-{language}-{size}")
    expect(decision).to_contain_text(words["end"])
    expect(next_button).to_be_disabled()
    retry = page.locator('#decision [data-ui="puzzle-retry"]')
    if size == "phone":
        retry.scroll_into_view_if_needed()
    expect(retry).to_be_in_viewport()  # a laptop sees it without scrolling
    screenshot(page, f"puzzle-solution-end-{language}-{size}")

    page.locator('#decision [data-ui="puzzle-solution-prev"]').focus()
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(DRAWN_JS)
    expect(decision).to_have_attribute("data-move", str(count - 1))

    page.locator('#decision [data-ui="puzzle-solution-close"]').click()
    wait_for_puzzle(page, "judged")
    expect(page.locator('#decision [data-ui="puzzle-solution"]')).to_be_visible()
    assert stored_record(page) == first, "watching the solution changes no record"

    page.locator('#decision [data-ui="puzzle-retry"]').click()  # and Try again still works
    wait_for_puzzle(page, "playing")
    assert puzzle_shown(page) == puzzle
    expect(page.locator("#board [data-action]").first).to_be_attached()  # a move to choose
