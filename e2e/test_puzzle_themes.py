"""The puzzles' themes in the Puzzles dialog (issue 41): pick one, play it, see how you do.

At a laptop's and a phone's size, in English and Japanese: the theme picker shows each theme with
its count, in view; "Next puzzle" gives a puzzle of the theme picked, which is kept for the next
visit to the dialog; after a try, the dialog says how the person does in that theme.
"""

from __future__ import annotations

import html

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
from park.ui.lang.i18n import _, speaking
from park.ui.puzzles.catalogue import load_puzzles
from park.ui.puzzles.themes import THEMES, theme_counts

THEME = "park"


@pytest.mark.parametrize(("language", "size"), SIZES_AND_LANGUAGES)
def test_a_theme_is_picked_played_and_its_results_shown(
    page: Page, site_url: str, language: str, size: str
) -> None:
    counts = theme_counts(load_puzzles())
    with speaking(language):
        names = {theme: _(name) for theme, name in THEMES}
    open_game(page, site_url)
    open_puzzles(page)
    picker = page.locator("#puzzle-theme")
    picker.scroll_into_view_if_needed()
    expect(picker).to_be_in_viewport()
    labels = [html.unescape(t) for t in picker.locator("option").all_text_contents()]
    for theme, name in names.items():
        assert any(name in label and str(counts[theme]) in label for label in labels), labels
    picker.select_option(THEME)
    screenshot(page, f"puzzle-themes-{language}-{size}")
    page.locator('#puzzles-hub [data-ui="puzzle-next"]').click()
    wait_for_puzzle(page, "playing")
    puzzle = puzzle_shown(page)
    assert THEME in puzzle.themes, (puzzle.number, puzzle.themes)

    play(page, puzzle.runner_up_actions())
    wait_for_puzzle(page, "judged", timeout_ms=120_000)
    page.locator('#puzzle-dialog [data-ui="puzzle-leave"]').click()
    open_puzzles(page)
    expect(page.locator("#puzzle-theme")).to_have_value(THEME)  # kept for the next visit
    results = page.locator("#puzzles-hub .puzzle-theme-results")
    results.scroll_into_view_if_needed()
    expect(results).to_be_in_viewport()
    expect(results).to_contain_text(names[THEME])
    screenshot(page, f"puzzle-themes-results-{language}-{size}")
