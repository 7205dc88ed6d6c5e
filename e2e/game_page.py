"""Helpers for the game's end-to-end tests.

Open the page (optionally resuming a given autosave), the header's menus and settings, and read what
the page shows (the autosave, the log), and a puzzle's steps (open one, play a turn with the real
controls, wait for its verdict or its solution). The steps the benchmarks take too (a new game, a
decision, the map and the decision's buttons) are ``tools/page_steps.py``'s.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import pytest
from playwright.sync_api import Locator, Page, expect
from tools.page_steps import (
    FAST,
    SAVE_KEY,
    decision_button,
    space,
    wait_for_decision,
    wait_for_ready,
)

from park import GameState, loads
from park.engine.actions import Action, Step
from park.engine.save import Note, restore
from park.ui.puzzles.catalogue import Puzzle, load_puzzles

LAPTOP = {"viewport": {"width": 1366, "height": 768}}
"""A laptop's window (a browser context's options)."""
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
"""A phone's screen, touch, as a browser context's options."""
SIZES_AND_LANGUAGES = [
    pytest.param("en", "laptop", marks=pytest.mark.browser_context(**LAPTOP), id="en-laptop"),
    pytest.param("en", "phone", marks=pytest.mark.browser_context(**PHONE), id="en-phone"),
    pytest.param(
        "ja", "laptop", marks=pytest.mark.browser_context(locale="ja-JP", **LAPTOP), id="ja-laptop"
    ),
    pytest.param(
        "ja", "phone", marks=pytest.mark.browser_context(locale="ja-JP", **PHONE), id="ja-phone"
    ),
]
"""``(language, size)`` parameters: a laptop and a phone, in English and Japanese."""


def open_game(page: Page, site_url: str, *, save: str | None = None, query: str = FAST) -> None:
    """Open the game.

    With ``save``, the page starts by resuming it (it is put in ``localStorage`` before the page's
    scripts run, once per tab, so a reload keeps the page's own autosave).
    """
    if save is not None:
        page.add_init_script(
            script=(
                "if (!sessionStorage.getItem('park-e2e-seeded')) {"
                f"  localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(save)});"
                "  sessionStorage.setItem('park-e2e-seeded', '1');"
                "}"
            )
        )
    page.goto(site_url + query)
    wait_for_ready(page)


def header_button(page: Page, name: str) -> Locator:
    """The header's button ``name`` (its ``data-ui``).

    The menu opened first where the header keeps its buttons in one (a narrow screen).
    """
    menu = page.locator("header .btn-menu")
    if menu.is_visible():
        menu.click()
    return page.locator(f'#top-menu [data-ui="{name}"]')


def open_panel(page: Page, panel: str) -> None:
    """Open the table's panel ``panel`` from the header's menu (a narrow screen, issue 48)."""
    header_button(page, "toggle-panel")  # the menu opened
    page.locator(f'#top-menu [data-ui="toggle-panel"][data-panel="{panel}"]').click()


def open_settings(page: Page) -> Locator:
    """Open the header's Settings dialog (on a narrow screen through its Menu); return it."""
    header_button(page, "settings").click()
    dialog = page.locator("#settings-dialog")
    dialog.wait_for(state="visible")
    return dialog


def choose_setting(page: Page, select: str, value: str) -> None:
    """Choose ``value`` in the Settings dialog's menu ``select``, then close the dialog.

    ``select`` is the menu's id: ``"speed"``, ``"thinking"`` or ``"language"``. A new language
    reloads the page instead of closing the dialog.
    """
    dialog = open_settings(page)
    page.locator(f"#{select}").select_option(value)
    if select != "language":
        dialog.locator('[data-ui="close-dialog"]').click()
        dialog.wait_for(state="hidden")


def finish(page: Page, action: str) -> None:
    """Make the human's last decision of a ``game_positions.nearly_over`` game.

    The decision is given as the text of its action; then wait for the game over.
    """
    page.wait_for_function(
        "() => !['wait', undefined].includes(document.documentElement.dataset.parkTurn)"
    )
    page.locator(f'[data-action="{action}"]').first.click()
    wait_for_decision(page, "over", timeout_ms=120_000)


def log_text(page: Page) -> str:
    """The game log's lines, oldest first, one per line (those of collapsed rounds too)."""
    lines = page.locator("#log li").all_text_contents()
    return "\n".join(lines)


SAVED_JS = """(key) => new Promise((resolve) => {
  const html = document.documentElement;
  const saved = () => html.dataset.parkSynced !== 'false' && html.dataset.parkDrawn !== 'false';
  if (saved()) return resolve(localStorage.getItem(key));
  const watch = new MutationObserver(() => {
    if (saved()) { watch.disconnect(); resolve(localStorage.getItem(key)); }
  });
  watch.observe(html, {
    attributes: true, attributeFilter: ['data-park-synced', 'data-park-drawn'] });
})"""
"""The autosave's text as soon as the page has written what it shows.

While the AI seats play on, that moment passes quickly: it is caught as it happens.
"""


def saved_state(page: Page) -> GameState:
    """The game in the page's autosave, once the page has written it.

    The page writes it (it saves under a lock shared with other tabs, just after it
    redraws).
    """
    text = page.evaluate(SAVED_JS, SAVE_KEY)
    assert isinstance(text, str), "the page saved nothing"
    return loads(text)


IN_WINDOW_JS = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
}"""
"""Whether the element ``selector`` finds lies wholly inside the window."""


def saved_notes(page: Page) -> Mapping[str, Note]:
    """The notes of the page's autosave (the mode, the coach), once the page has written it."""
    text = page.evaluate(SAVED_JS, SAVE_KEY)
    assert isinstance(text, str), "the page saved nothing"
    return restore(text).notes


def visible_text_without_log(page: Page) -> str:
    """All the text and markup of the game except the log (which holds past public events)."""
    result = page.evaluate(
        """() => {
            const root = document.getElementById('park-root').cloneNode(true);
            root.querySelector('#log').remove();
            return root.innerHTML;
        }"""
    )
    assert isinstance(result, str)
    return result.replace("&#x27;", "'").replace("&#39;", "'").replace("&amp;", "&")


def human_turn_lines(page: Page) -> list[str]:
    """The log lines of the human's turn after the page resumed a save, in order.

    The AI seats' turns may already follow.
    """
    after = log_text(page).split("The saved game was resumed.")[-1].strip().splitlines()
    lines: list[str] = []
    for line in after:
        if "'s turn " in line:
            break
        lines.append(line)
    return lines


def play_hot_seat_turns(page: Page, turns: int) -> None:
    """Click through ``turns`` human turns.

    "Show my hand" on the privacy screen, then each decision's last button (the Marketplace: keep
    the hand).
    """
    done = 0
    while done < turns:
        page.wait_for_function(
            "() => ['privacy', 'start', 'play', 'step_again', 'market', 'club', 'fad', 'over']"
            ".includes(document.documentElement.dataset.parkTurn)",
            timeout=60_000,
        )
        kind = page.evaluate("document.documentElement.dataset.parkTurn")
        if kind == "over":
            return
        if kind == "privacy":
            name = page.locator("#privacy-title").inner_text().removesuffix("'s turn")
            expect(page.locator("#game")).to_be_hidden()
            expect(page.locator("#announce")).to_have_text("")  # not the last player's hint
            page.get_by_role("button", name=f"Show my hand, {name}").click()
            expect(page.locator("#hand-title")).to_have_text(f"{name}'s hand")
            done += 1
            continue
        before = page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY)
        if kind == "market":
            page.locator("#decision .market-go").click()
        else:
            page.locator("#decision [data-action]:not([disabled])").last.click()
        page.wait_for_function(
            "([key, b]) => localStorage.getItem(key) !== b", arg=[SAVE_KEY, before]
        )


# -- puzzles ----------------------------------------------------------------------------------


def wait_for_puzzle(page: Page, state: str, timeout_ms: float = 60_000) -> None:
    """Wait until the puzzle is ``playing``, ``weighing``, ``judged`` or ``solution``, and drawn."""
    page.wait_for_function(
        "(state) => document.documentElement.dataset.parkPuzzle === state"
        " && document.documentElement.dataset.parkDrawn !== 'false'",
        arg=state,
        timeout=timeout_ms,
    )


def puzzle_shown(page: Page) -> Puzzle:
    """The puzzle on the screen, by the number its card carries."""
    number = page.locator("#lesson [data-puzzle]").get_attribute("data-puzzle")
    assert number is not None
    return load_puzzles().number(int(number))


def play(page: Page, actions: Sequence[Action]) -> None:
    """Play ``actions`` with the real controls.

    A step on the map, anything else in the decision panel, each drawn before the next.
    """
    for action in actions:
        if isinstance(action, Step):
            space(page, action.space).click()
        else:
            decision_button(page, str(action)).click()
        page.wait_for_function("() => document.documentElement.dataset.parkDrawn !== 'false'")


def open_puzzles(page: Page) -> None:
    """Open the header's Puzzles dialog."""
    header_button(page, "puzzles").click()
    expect(page.locator("#puzzles-dialog")).to_be_visible()
