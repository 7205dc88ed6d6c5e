"""What the player is told and can take back (issue 15).

"Since your last turn", Undo (the button and Ctrl+Z), the log in order, the focus after a redraw,
the live region, the tab title, a card just drawn marked "New".
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tools.page_steps import decision_button, space, start_new_game, wait_for_decision

from e2e.game_page import log_text, open_game, saved_state
from e2e.game_positions import chain_position, warned_step_position
from e2e.support import screenshot
from park import Phase, legal_actions, observe
from park.ui.play.warnings import WARN_AT, move_risks


def test_undo_takes_back_a_step_and_a_card_with_the_button_and_ctrl_z(
    page: Page, site_url: str
) -> None:
    found = chain_position()
    open_game(page, site_url, save=found.save)
    wait_for_decision(page, "start")
    undo = page.locator("#decision").get_by_role("button", name="Undo")
    expect(undo).to_have_count(0)  # nothing to take back when the turn begins
    expect(page).to_have_title(re.compile("^Your turn"))

    step, card = found.moves[0], found.moves[1]
    decision_button(page, step).click()
    wait_for_decision(page, "play")
    expect(undo).to_be_visible()
    page.locator(f'#hand [data-action="{card}"]').click()
    wait_for_decision(page, "step_again")
    assert saved_state(page).park != found.state.park, "the card moved Captain Park"
    screenshot(page, "turn-undo")

    page.keyboard.press("Control+z")  # takes back the card and Captain Park's move
    wait_for_decision(page, "play")
    back = saved_state(page)
    assert back.park == found.state.park and len(back.log) == len(found.state.log) + 1
    # After a redraw the focus is on the decision's first control, never lost to the body.
    assert page.evaluate("document.activeElement.closest('#decision') !== null")

    undo.click()  # takes back the step
    wait_for_decision(page, "start")
    start = saved_state(page)
    assert start == found.state and start.phase is Phase.START
    assert "You stepped to" not in log_text(page).split("The saved game was resumed.")[-1]
    expect(undo).to_have_count(0)

    page.reload()  # the save is still a replay of the moves
    wait_for_decision(page, "start")
    assert saved_state(page) == found.state


def test_since_your_last_turn_the_log_in_order_and_the_live_region(
    page: Page, site_url: str
) -> None:
    open_game(page, site_url)
    start_new_game(page, name="Ada", opponents=3, level="easy", seed=4242)
    wait_for_decision(page, "start")
    region = page.get_by_role("region", name="Since your last turn")
    expect(region).to_be_visible()
    expect(region).to_contain_text(re.compile(r"You have \d+ Month counters?; scoring needs 6\."))
    expect(page).to_have_title(re.compile("^Your turn · "))

    page.locator("#decision [data-action]").last.click()  # stay put: the AI seats play
    wait_for_decision(page, "start")
    # The button pressed is gone: the focus is on the decision's first control.
    first = page.locator("#decision button").first
    expect(first).to_be_focused()
    expect(page.locator("#announce")).to_contain_text("Your turn.")
    expect(page.locator("#announce")).to_contain_text(re.compile(r"\w+ \w+ .+\."))
    expect(region).to_contain_text("Captain Park")

    # The log reads in order: the last line is the human's turn just begun, and the
    # rounds before the last two are collapsed.
    lines = log_text(page).splitlines()
    assert lines[-1].startswith("Your turn "), lines[-3:]
    assert lines.index("You stayed put at the Gentlemen's Club.") < len(lines) - 3
    expect(page.locator("#log details.log-round[open]").last).to_contain_text("Your turn")
    log = page.locator("#log")
    at_bottom = log.evaluate("e => e.scrollHeight - e.scrollTop - e.clientHeight < 24")
    assert at_bottom, "the log is scrolled to its newest line"
    screenshot(page, "turn-since-your-last-turn")


def test_a_card_drawn_at_a_cafe_is_marked_new(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    start_new_game(page, name="Ada", opponents=2, level="easy", seed=4242)
    wait_for_decision(page, "start")
    cafe = page.locator("#decision [data-action]").filter(has_text="draw a card").first
    cafe.click()
    wait_for_decision(page, "start")
    new = page.locator("#hand .card.is-new")
    expect(new).to_have_count(1)
    expect(new).to_contain_text("New")
    page.locator("#decision [data-action]").last.click()  # the next decision clears it
    expect(new).to_have_count(0)


@pytest.mark.browser_context(viewport={"width": 1366, "height": 900})
def test_on_a_laptop_the_log_and_since_your_last_turn_are_in_view(
    page: Page, site_url: str
) -> None:
    open_game(page, site_url)
    start_new_game(page, name="Ada", opponents=4, level="easy", seed=77)
    page.locator("#decision [data-action]").last.click()  # stay put; the AI seats play
    wait_for_decision(page, "start")
    for name in ("Since your last turn", "Game log"):
        box = page.get_by_role("region", name=name).bounding_box()
        assert box is not None and box["y"] + 80 <= 900, f"{name} is below the fold"
    newest = page.locator("#log li").last.bounding_box()
    assert newest is not None and newest["y"] + newest["height"] <= 900


@pytest.mark.browser_context(viewport={"width": 683, "height": 450})
def test_at_200_percent_zoom_the_game_opens_at_its_top(page: Page, site_url: str) -> None:
    # 1366x900 at 200% zoom is a 683x450 viewport: the Start button is far down the form.
    open_game(page, site_url)
    start_new_game(page, name="Ada", opponents=3, level="easy", seed=5)
    wait_for_decision(page, "start")
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate("document.activeElement.closest('#decision') !== null")
    board = page.locator("#board").bounding_box()
    assert board is not None and board["height"] <= 0.75 * 450, "the map leaves room below it"


def test_skip_to_my_turn_plays_the_ai_turns_without_pauses(page: Page, site_url: str) -> None:
    """Issue 26: at the slow pace.

    The three AI seats before the player would pause at least 1.5 s before each turn (4.5 s in all);
    "Skip to my turn" plays them at once, and the log says what they did.
    """
    open_game(page, site_url, query="?speed=slow")
    start_new_game(page, seed=1)  # the three AI seats play before the player
    wait_for_decision(page, "wait")
    skip = page.locator("#decision").get_by_role("button", name="Skip to my turn")
    expect(skip).to_be_visible()
    screenshot(page, "skip-to-my-turn")
    started = float(page.evaluate("performance.now()"))
    skip.click()
    wait_for_decision(page, "start", timeout_ms=30_000)
    took = float(page.evaluate("performance.now()")) - started
    assert took < 3_000, f"the AI turns took {took:.0f} ms after Skip to my turn"
    expect(skip).to_have_count(0)
    log = log_text(page)
    for spec in saved_state(page).settings.seats[1:]:
        assert spec.name in log, f"{spec.name}'s turn is not in the log"


def test_a_step_captain_park_will_likely_land_on_is_warned_with_its_chance(
    page: Page, site_url: str
) -> None:
    """Warnings mean one thing (issue 39).

    A step whose chance of Captain Park landing there before the next turn is ``WARN_AT`` percent or
    more is a red ⚠ button, never a green one, its words saying the chance; the map draws the space
    warned and describes it the same.
    """
    found = warned_step_position()
    (step,) = found.moves
    risk = move_risks(observe(found.state, found.state.active), legal_actions(found.state))[step]
    odds = f"lands here before your next turn: about {round(risk.chance * 100)}%"
    open_game(page, site_url, save=found.save)
    wait_for_decision(page, "start")
    warned = decision_button(page, step)
    expect(warned).to_have_class(re.compile(r"\bbtn-danger\b"))
    expect(warned).not_to_have_class(re.compile(r"\bbtn-primary\b"))
    expect(warned).to_contain_text(
        re.compile(r"Captain Park (almost certainly|very likely|likely)")
    )
    expect(warned).to_contain_text(odds)
    assert "⚠" in warned.evaluate(
        "b => getComputedStyle(b.querySelector('.btn-label'), '::before').content"
    )
    drawn = space(page, step.removeprefix("step:"))
    expect(drawn).to_have_class(re.compile(r"\bis-costly\b"))
    expect(drawn.locator(".pk-warn")).to_have_count(1)
    expect(drawn).to_have_accessible_description(re.compile(re.escape(odds)))
    # No primary button anywhere in the decision speaks of a chance of WARN_AT% or more.
    for detail in page.locator("#decision .btn-primary .btn-detail").all_inner_texts():
        assert all(int(p) < WARN_AT for p in re.findall(r"about (\d+)%", detail)), detail
