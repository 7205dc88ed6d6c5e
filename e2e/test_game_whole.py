"""A whole game to its game-over screen, the phone layout, and the Rules and About pages."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tools.page_steps import start_new_game, wait_for_decision

from e2e.game_page import log_text, open_game, open_panel, saved_state
from e2e.support import screenshot

COUNT_CSP_VIOLATIONS_JS = """
window.parkCspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.parkCspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def test_a_whole_game_to_the_game_over_screen(page: Page, site_url: str) -> None:
    # Every securitypolicyviolation event of the whole game is counted: there must be none.
    page.add_init_script(script=COUNT_CSP_VIOLATIONS_JS)
    # ?autoplay lets a bot play the human seat by clicking the page's own buttons and spaces.
    open_game(page, site_url, query="?autoplay=easy&speed=instant")
    start_new_game(page, name="Nellie", opponents=6, level="easy", seed=7)
    dialog = page.locator("#over-dialog")
    expect(dialog).to_be_visible(timeout=240_000)
    state = saved_state(page)
    assert state.winner is not None
    winner = state.settings.seats[state.winner].name
    expect(dialog.locator(".over-headline")).to_contain_text("wins with" if state.winner else "win")
    standings = dialog.locator(".standing")
    expect(standings).to_have_count(7)
    expect(standings.first).to_contain_text(winner)
    expect(standings.first).to_contain_text(f"{state.seats[state.winner].score} points")
    first_expedition = state.seats[state.winner].expeditions[0]
    expect(standings.first.locator(".expeditions li").first).to_contain_text(
        f"{first_expedition.destination}"
    )
    expect(standings.first.locator(".expeditions li").first).to_contain_text(
        f"= {first_expedition.total}"
    )
    log = log_text(page)
    assert "You played" in log or "You stepped" in log, "the human seat was played by clicks"
    screenshot(page, "game-11-game-over")
    page.locator("#over-dialog").get_by_role("button", name="Look at the board").click()
    wait_for_decision(page, "over")
    expect(page.locator("#decision").get_by_role("button", name="New game")).to_be_visible()
    # Play again: the same table (name, six easy opponents), a new deal.
    page.locator("#decision").get_by_role("button", name="Play again").click()
    expect(page.locator("#players .player")).to_have_count(7)
    expect(page.locator("#over-dialog")).to_be_hidden()
    again = saved_state(page)
    assert [s.name for s in again.settings.seats] == [s.name for s in state.settings.seats]
    assert {s.controller for s in again.settings.seats[1:]} == {"easy"}
    assert again.settings.seed != state.settings.seed and again.winner is None
    page.get_by_role("button", name="New game").first.click()
    expect(page.locator("#setup")).to_be_visible()
    assert page.evaluate("window.parkCspViolations") == []
    # A bot played the human seat: the game is nobody's own, and not in "Your record".
    page.get_by_role("button", name="Your record").click()
    expect(page.locator("#record-dialog")).to_contain_text("No finished games yet")


def test_the_page_sets_a_content_security_policy_of_its_own_files(park_page: Page) -> None:
    policy = park_page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute(
        "content"
    )
    assert policy is not None
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
    assert directives["default-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert "http" not in policy and "*" not in policy, "no other host is allowed"
    # inline scripts stay forbidden: only eval and WebAssembly compilation, which Pyodide needs
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval' 'unsafe-eval'"


MAP_TEXT_SIZES_JS = """() =>
  [...document.querySelectorAll('#board .pk-label, #board .pk-plaque text')]
    .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"""
"""The drawn font size (CSS px) of every space label and number plaque on the map.

That is its size in the map's units times the map's scale.
"""


@pytest.mark.browser_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
def test_phone_sized_screen(page: Page, site_url: str) -> None:
    open_game(page, site_url, query="?speed=fast")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "phone-01-new-game")
    start_new_game(page, seed=4242)
    wait_for_decision(page, "start")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The table is one screen (issue 48): the page does not scroll.
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= 844, f"the page is {height} px tall during the turn"
    # Map labels at least 11 px.
    sizes = page.evaluate(MAP_TEXT_SIZES_JS)
    assert sizes and min(sizes) >= 11, f"the smallest map label is {min(sizes):.1f} px"
    # The player's pawn is in view in the map's sideways-scrolling frame.
    here = page.locator("#board .pk-space.is-here").bounding_box()
    frame = page.locator("#board").bounding_box()
    assert here is not None and frame is not None
    assert frame["x"] <= here["x"] and here["x"] + here["width"] <= frame["x"] + frame["width"]
    # The map does not move when the turn passes to the AI seats (the decision under it
    # changes size).
    top_js = "(id) => document.getElementById(id).getBoundingClientRect().top + window.scrollY"
    map_top, hand_top = page.evaluate(top_js, "board"), page.evaluate(top_js, "hand")
    page.locator("#decision [data-action]").last.click()  # stay put
    wait_for_decision(page, "wait")
    moved = page.evaluate(top_js, "board")
    assert abs(moved - map_top) < 1, f"the map jumped by {moved - map_top} px as the turn passed"
    hand_moved = page.evaluate(top_js, "hand")
    assert abs(hand_moved - hand_top) < 1, f"the hand jumped by {hand_moved - hand_top} px"
    wait_for_decision(page, "start")
    # A tap on the map brings the next question into view.
    page.evaluate("window.scrollTo(0, 0)")
    shop = page.locator('#board [role="button"][data-action]').filter(
        has=page.locator("desc", has_text="you can play")
    )
    if shop.count():
        shop.first.click()
        wait_for_decision(page, "play")
        page.wait_for_function(
            "() => { const r = document.getElementById('decision').getBoundingClientRect();"
            " return r.top >= 0 && r.top < window.innerHeight - 100; }",
            timeout=5_000,
        )
        page.locator('#decision [data-action="skip"]').click()
        wait_for_decision(page, "start")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The latest events just above the decision; the players, the scoring board and the
    # log fold away into the menu until asked for (a sheet, issue 48).
    latest = page.get_by_role("region", name="Latest events").bounding_box()
    decision = page.locator("#decision").bounding_box()
    assert latest is not None and decision is not None and latest["y"] < decision["y"]
    expect(page.locator("#players-panel")).to_be_hidden()
    open_panel(page, "players")
    expect(page.locator("#players-panel")).to_be_visible()
    players = page.locator('#top-menu [data-ui="toggle-panel"][data-panel="players"]')
    expect(players).to_have_attribute("aria-expanded", "true")
    screenshot(page, "phone-02-game")


def test_rules_and_about(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    start_new_game(page, seed=1)
    page.get_by_role("button", name="Rules").click()
    rules = page.locator("#rules-dialog")
    expect(rules).to_be_visible()
    expect(rules).to_contain_text("Captain Park")
    expect(rules).to_contain_text("Month counter")
    screenshot(page, "game-12-rules")
    rules.get_by_role("button", name="Close").click()
    expect(rules).to_be_hidden()
    page.get_by_role("button", name="About").click()
    about = page.locator("#about-dialog")
    expect(about).to_contain_text("James Ernest")
    expect(about).to_contain_text("Cheapass Games")
    expect(about).to_contain_text("our own design")
    expect(about).to_contain_text("90 cards")
    screenshot(page, "game-13-about")
    about.get_by_role("button", name="Close").click()
    wait_for_decision(page, "start")
