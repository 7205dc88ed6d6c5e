"""Accessibility: axe-core finds no violation on any screen of the game.

Screens: the New game form, a turn (the human's step decision), the Rules dialog, a shop with
cards playable from the hand, the Marketplace (a card picked to exchange), the Gentlemen's
Club, and game over (its dialog, then the board behind it). The check itself, and what it
asserts: ``e2e/accessibility.py`` (other screens' tests call it too).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tools.page_steps import decision_button, start_new_game, wait_for_decision

from e2e.accessibility import AXE, assert_accessible
from e2e.game_page import open_game, open_panel
from e2e.game_positions import (
    Found,
    chain_position,
    club_position,
    finished_position,
    market_position,
)


def test_the_new_game_form_a_turn_and_the_rules(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    expect(page.locator("#setup")).to_be_visible()
    assert_accessible(page, "the New game form")
    start_new_game(page, seed=4242)
    wait_for_decision(page, "start")
    assert_accessible(page, "a turn (the step decision)")
    page.get_by_role("button", name="Rules").click()
    expect(page.locator("#rules-dialog")).to_be_visible()
    assert_accessible(page, "the Rules dialog")


@pytest.mark.parametrize(
    ("kind", "position", "screen"),
    [
        ("play", chain_position, "a shop, with cards playable from the hand"),
        ("market", market_position, "the Marketplace decision, a card picked to exchange"),
        ("club", club_position, "the Gentlemen's Club decision"),
    ],
    ids=["shop", "marketplace", "club"],
)
def test_a_decision(
    page: Page, site_url: str, kind: str, position: Callable[[], Found], screen: str
) -> None:
    found = position()
    open_game(page, site_url, save=found.save)
    wait_for_decision(page, "start")
    decision_button(page, found.moves[0]).click()
    wait_for_decision(page, kind)
    if kind == "market":
        page.locator('#decision input[name="market-card"]').first.check()
    assert_accessible(page, screen)


@pytest.mark.browser_context(viewport={"width": 390, "height": 844})
def test_a_turn_on_a_phone(page: Page, site_url: str) -> None:
    # The phone layout has its own parts: the seats' row, the strip above the decision, the
    # compact decision and hand, and the menu's panels (one of them opened here as a sheet).
    open_game(page, site_url)
    start_new_game(page, seed=4242)
    wait_for_decision(page, "start")
    open_panel(page, "players")  # from the menu, a sheet (issue 48)
    expect(page.locator("#players-panel")).to_be_visible()
    assert_accessible(page, "a turn on a phone")


def test_game_over(page: Page, site_url: str) -> None:
    open_game(page, site_url, save=finished_position().save)
    dialog = page.locator("#over-dialog")
    expect(dialog).to_be_visible()
    assert_accessible(page, "the game-over dialog")
    dialog.get_by_role("button", name="Look at the board").click()
    wait_for_decision(page, "over")
    expect(dialog).to_be_hidden()
    assert_accessible(page, "the board once the game is over")


def test_axe_core_is_a_test_tool_never_shipped(site_dir: Path) -> None:
    shipped = [p.relative_to(site_dir) for p in site_dir.rglob("axe*")]
    assert shipped == [], "axe-core is in node_modules for the tests only"
    assert AXE.name not in (site_dir / "sw.js").read_text(encoding="utf-8")
