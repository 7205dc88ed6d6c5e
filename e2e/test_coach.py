"""The AI as a coach in the page (issue 12).

A hint in a turn (marked on the map and in the decision, said by the live region, the page answering
while it thinks), Park's reach on the map, a game without hints, and "Moments to look at" after a
short game; axe-core finds no violation with a hint and Park's reach shown, nor in the moments.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from tools.page_steps import decision_button, start_new_game, wait_for_decision

from e2e.accessibility import assert_accessible
from e2e.game_page import open_game
from e2e.game_positions import finished_position
from e2e.support import screenshot


def test_a_hint_marks_its_plan_and_says_why(page: Page, site_url: str) -> None:
    open_game(page, site_url, query="?speed=instant&thinking=deep")
    start_new_game(page, seed=77)
    wait_for_decision(page, "start")
    coach = page.locator("#coach")
    coach.get_by_role("button", name="Hint").click()  # thought about since the turn opened
    box = page.locator("#hint .hint-box")
    expect(box).to_be_visible(timeout=30_000)
    expect(box).to_have_attribute("data-deals", "48")
    expect(box).to_contain_text(re.compile(r"Hint: (Step|Stay)"))
    reason = box.locator(".hint-reason")
    expect(reason.first).to_contain_text(re.compile(r"\d"))  # its figures, never canned
    marked = page.locator("#decision .is-hint")
    expect(marked).to_have_count(1)
    action = marked.get_attribute("data-action") or ""
    if action.startswith("step:"):
        expect(page.locator(f'#board .pk-space.is-hint[data-action="{action}"]')).to_have_count(1)
        expect(page.locator("#board .pk-route.is-hint")).to_have_count(1)
    expect(page.locator("#announce")).to_contain_text("Hint:")
    page.locator("#coach").get_by_role("button", name="Park's reach").click()
    expect(page.locator("#board .pk-reach")).to_have_count(1)
    assert_accessible(page, "a hint shown, with Park's reach on the map")
    screenshot(page, "coach-hint")
    plan = box.locator(".hint-plan").inner_text().removeprefix("Hint: ")
    marked.click()
    if ", then " in plan:  # the rest of the plan stays up while the player follows it
        rest_box = page.locator("#hint .hint-plan")
        expect(rest_box).to_be_visible()
        expect(rest_box).not_to_have_text(f"Hint: {plan}")
        rest = rest_box.inner_text().removeprefix("Hint: ")
        assert rest[0].lower() + rest[1:] in plan
    else:  # a plan of one decision is done
        expect(page.locator("#hint .hint-box")).to_have_count(0)


def test_a_hint_thought_from_scratch_says_its_deals_and_the_page_answers(
    page: Page, site_url: str
) -> None:
    """Issue 50: a decision later in the turn is not thought about before the Hint is pressed.

    On a phone's CPU its 48 deals take seconds: the button says how many are done, the Rules open
    meanwhile, and the hint comes on all 48.
    """
    open_game(page, site_url, query="?speed=instant&thinking=deep")
    start_new_game(page, seed=77)
    wait_for_decision(page, "start")
    decision_button(page, "step:6").click()  # the News Stand: a Fact may be played there
    wait_for_decision(page, "play")
    devtools = page.context.new_cdp_session(page)
    devtools.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    coach = page.locator("#coach")
    coach.get_by_role("button", name="Hint").click()
    thinking = coach.get_by_role("button", name=re.compile(r"Hint: Thinking… \d+.48 sampled deals"))
    expect(thinking).to_be_disabled()
    page.get_by_role("button", name="Rules").click()
    expect(page.locator("#rules-dialog")).to_be_visible()
    page.locator("#rules-dialog").get_by_role("button", name="Close").click()
    devtools.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    box = page.locator("#hint .hint-box")
    expect(box).to_be_visible(timeout=30_000)
    expect(box).to_have_attribute("data-deals", "48")


def test_parks_reach_shades_the_map_and_is_remembered(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    start_new_game(page, seed=78)
    wait_for_decision(page, "start")
    toggle = page.locator("#coach").get_by_role("button", name="Park's reach")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#board .pk-reach")).to_have_count(0)
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#board .pk-reach")).to_have_count(1)
    badges = page.locator("#board .pk-reach-badges text")
    assert badges.count() >= 10
    descriptions = page.locator("#board desc").all_text_contents()
    odds = [d for d in descriptions if "Captain Park lands here before your next turn" in d]
    assert len(odds) >= 5 and all(re.search(r"about \d+%|under 1%", d) for d in odds)
    screenshot(page, "coach-reach")
    page.reload()
    wait_for_decision(page, "start")
    expect(page.locator("#coach").get_by_role("button", name="Park's reach")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(page.locator("#board .pk-reach")).to_have_count(1)


def test_a_game_without_hints_has_no_hint_and_its_record_says_so(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    page.locator("#f-hints").uncheck()
    start_new_game(page, seed=79)
    wait_for_decision(page, "start")
    expect(page.get_by_role("button", name="Hint")).to_have_count(0)
    expect(page.get_by_role("button", name="Park's reach")).to_have_count(0)
    page.reload()
    wait_for_decision(page, "start")
    expect(page.get_by_role("button", name="Hint")).to_have_count(0)


def test_moments_to_look_at_after_a_short_game(page: Page, site_url: str) -> None:
    found = finished_position()
    open_game(page, site_url, save=found.save)
    dialog = page.locator("#over-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".hints-record")).to_have_text("No hints used.")
    moments = dialog.locator("#moments")
    find = moments.get_by_role("button", name="Find moments to look at")
    find.click()
    expect(moments.locator("progress")).to_be_visible()
    moments.get_by_role("button", name="Cancel").click()
    expect(find).to_be_visible()
    find.click()
    expect(moments.locator("progress")).to_be_visible()
    items = moments.locator(".moment")
    expect(items.first).to_be_visible(timeout=120_000)
    count = items.count()
    assert 1 <= count <= 5
    first = items.first
    expect(first.locator("h4")).to_contain_text(re.compile(r"about \d+ points at stake"))
    expect(first).to_contain_text("You:")
    expect(first).to_contain_text("The hard AI:")
    expect(first.locator("figure svg[role=img]")).to_have_count(1)
    expect(first.locator("figure .pk-route.is-hint")).to_have_count(1)
    assert_accessible(page, "the moments to look at, after the game")
    screenshot(page, "coach-moments")
