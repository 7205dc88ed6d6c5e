"""Playing human turns by clicking.

A step, a card play and a chain, the Marketplace, the Club; the AI seats take their turns in
between.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tools.page_steps import decision_button, space, start_new_game, wait_for_decision

from e2e.game_page import (
    IN_WINDOW_JS,
    human_turn_lines,
    log_text,
    open_game,
    open_panel,
    saved_state,
    visible_text_without_log,
)
from e2e.game_positions import Found, chain_position, club_position, market_position
from e2e.support import screenshot
from park import Phase
from park.ui.lang.text import space_labels

LABELS = space_labels()


@pytest.mark.smoke
def test_new_game_against_three_ais_then_a_step(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    expect(page.locator("#setup")).to_be_visible()
    screenshot(page, "game-01-new-game-form")
    start_new_game(page, opponents=3, level="easy", seed=4242)
    expect(page.locator("#players .player")).to_have_count(4)
    wait_for_decision(page, "start")
    screenshot(page, "game-02-your-turn")

    clickable = page.locator('#board [data-space][role="button"]')
    assert clickable.count() >= 2
    target = clickable.first.get_attribute("data-space")
    assert target is not None
    expect(clickable.first).to_have_attribute("aria-label", f"Step to {LABELS[target]}")
    clickable.first.click()
    expect(page.locator("#log")).to_contain_text(f"You stepped to {LABELS[target]}")
    if page.evaluate("document.documentElement.dataset.parkTurn") == "play":
        decision_button(page, "skip").click()
    # The three AI seats play their turns, then it is the human's turn again.
    wait_for_decision(page, "start")
    log = log_text(page)
    assert "Lady Beatrice's turn" in log and "Professor Quill's turn" in log

    # Only the human's hand is in the page: no AI hand content anywhere in the DOM.
    state = saved_state(page)
    markup = visible_text_without_log(page)
    cards = state.rules.cards
    for seat, s in enumerate(state.seats[1:], start=1):
        assert s.hand, f"seat {seat} holds cards"
        for c in s.hand:
            assert cards[c].name not in markup
            assert f'data-card="{cards[c].id}"' not in markup
    for c in state.seats[0].hand:
        assert f'data-card="{cards[c].id}"' in markup


def _at_the_first_shop(page: Page, site_url: str) -> Found:
    """Resume :func:`chain_position` and step into its first shop (where a card can be played).

    Return the position.
    """
    found = chain_position()
    open_game(page, site_url, save=found.save)
    wait_for_decision(page, "start")
    space(page, found.moves[0].removeprefix("step:")).click()
    wait_for_decision(page, "play")
    return found


def test_card_play_and_a_chain(page: Page, site_url: str) -> None:
    found = _at_the_first_shop(page, site_url)
    _, play1, second, play2 = found.moves
    expect(page.locator("#hand .card.is-playable").first).to_be_visible()
    screenshot(page, "game-03-at-a-shop")
    decision_button(page, play1).click()
    wait_for_decision(page, "step_again")
    expect(page.locator(".pk-captain")).to_have_attribute(
        "aria-label", f"Captain Park on number {found.state.park % 14 + 1}"
    )
    expect(page.locator("#decision")).to_contain_text("Captain Park moved to")
    screenshot(page, "game-04-step-again")

    space(page, second.removeprefix("step:")).click()
    wait_for_decision(page, "play")
    # The second card is played by clicking it in the hand rather than its button.
    in_hand = page.locator(f'#hand .card button[data-action="{play2}"]')
    expect(in_hand).to_have_accessible_name(re.compile("^Play "))
    card = page.locator("#hand .card.is-action").filter(
        has=page.locator(f'button[data-action="{play2}"]')
    )
    card.click(position={"x": 20, "y": 40})  # anywhere on the card plays it
    wait_for_decision(page, "step_again")
    page.locator("#decision").get_by_role("button", name="End my turn").click()

    this_turn = human_turn_lines(page)
    assert sum(line.startswith("You played") for line in this_turn) == 2
    assert sum(line.startswith("Captain Park moved to") for line in this_turn) == 2
    state = saved_state(page)
    me = state.seats[0]
    cards = state.rules.cards
    played = {cards[c].id for c in me.inventory}
    assert {play1.removeprefix("play:"), play2.removeprefix("play:")} <= played


def test_marketplace_exchange(page: Page, site_url: str) -> None:
    found = market_position()
    open_game(page, site_url, save=found.save)
    wait_for_decision(page, "start")
    space(page, "market").click()
    wait_for_decision(page, "market")
    boxes = page.locator('#decision input[name="market-card"]')
    hand_size = boxes.count()
    assert hand_size >= 3
    go = page.locator("#decision .market-go")
    expect(go).to_have_accessible_name("Keep my hand")
    boxes.nth(0).check()
    boxes.nth(1).check()
    expect(go).to_have_accessible_name("Exchange 2 cards")
    screenshot(page, "game-05-marketplace")
    go.click()
    expect(page.locator("#log")).to_contain_text("You drew 2 replacement cards.")
    this_turn = human_turn_lines(page)
    assert sum(line.startswith("You discarded") for line in this_turn) == 2
    state = saved_state(page)
    assert len(state.seats[0].hand) == hand_size


def _overlap(page: Page, first: str, second: str) -> float:
    """The area (CSS px²) two elements' boxes share on the screen."""
    a, b = (page.locator(selector).bounding_box() for selector in (first, second))
    assert a is not None and b is not None
    width = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    height = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return max(0.0, width) * max(0.0, height)


@pytest.mark.parametrize(
    "size", [{"width": 1366, "height": 768}, {"width": 390, "height": 844}], ids=["laptop", "phone"]
)
def test_the_news_of_a_score_leaves_the_map_in_view(
    page: Page, site_url: str, size: dict[str, int]
) -> None:
    """Issue 26, item 6: "You scored" shows beside the map (laptop) or under it (phone)."""
    page.set_viewport_size(size)  # type: ignore[arg-type]
    found = club_position()
    open_game(page, site_url, save=found.save, query="?speed=normal")
    wait_for_decision(page, "start")
    space(page, "club").click()
    wait_for_decision(page, "club")
    page.locator("#decision .score-option").first.get_by_role("button").click()
    if page.evaluate("document.documentElement.dataset.parkTurn") == "fad":
        page.locator("#decision button").first.click()
    expect(page.locator("#notice")).to_be_visible()
    page.locator("#board").scroll_into_view_if_needed()
    screenshot(page, f"game-07-scored-news-{size['width']}")
    assert _overlap(page, "#notice", "#board") == 0


@pytest.mark.parametrize(
    "size", [{"width": 1366, "height": 768}, {"width": 390, "height": 844}], ids=["laptop", "phone"]
)
def test_moves_say_when_the_turn_ends_and_scoring_terms_are_explained(
    page: Page, site_url: str, size: dict[str, int]
) -> None:
    """Issue 26, item 2: each step's button says whether the turn ends.

    "Div.", "End." and "Nov." are abbreviations with their full names, explained under the table.
    """
    page.set_viewport_size(size)  # type: ignore[arg-type]
    open_game(page, site_url, save=club_position().save)
    wait_for_decision(page, "start")
    steps = page.locator("#decision [data-action^='step:'], #decision [data-action='stay']")
    assert steps.count() > 0
    for description in steps.evaluate_all(
        "(bs) => bs.map(b =>"
        " document.getElementById(b.getAttribute('aria-describedby')).textContent)"
    ):
        assert "turn ends" in description or "end your turn" in description, description
    if size["width"] < 992:  # a narrow screen opens it as a sheet, from the menu
        open_panel(page, "outlook")
    outlook = page.locator(".outlook")
    expect(outlook.locator("abbr[title='Diversity bonus']")).to_have_text("Div.")
    expect(outlook.locator(".outlook-legend")).to_contain_text("Novelty bonus")
    outlook.scroll_into_view_if_needed()
    screenshot(page, f"game-02-outlook-legend-{size['width']}")


def test_scoring_at_the_club(page: Page, site_url: str) -> None:
    found = club_position()
    # At the normal AI speed the news stays up while the AI seats play (at Instant they may
    # reach the human's next turn, which clears it, before the news is looked at).
    open_game(page, site_url, save=found.save, query="?speed=normal")
    wait_for_decision(page, "start")
    space(page, "club").click()
    wait_for_decision(page, "club")
    options = page.locator("#decision .score-option")
    assert options.count() >= 1
    for part in ("Basic", "Diversity", "Endurance", "Fad", "Novelty", "Total"):
        expect(options.first.locator("table.breakdown")).to_contain_text(part)
    screenshot(page, "game-06-club")
    # Issue 26: the Club says what scoring discards and why, and that the turn ends.
    expect(page.locator("#decision .decision-prompt")).to_contain_text(
        "Scoring discards your whole Inventory"
    )
    expect(options.first.get_by_role("button")).to_have_accessible_description(
        "your whole Inventory is discarded; your turn ends"
    )
    button = options.first.get_by_role("button")
    name = button.inner_text()
    assert name.startswith("Score ")
    destination = name.removeprefix("Score ").split(" for ")[0]
    button.click()
    if page.evaluate("document.documentElement.dataset.parkTurn") == "fad":
        page.locator("#decision button").first.click()
    expect(page.locator("#log")).to_contain_text(f"You scored an expedition to {destination}")
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_have_class(re.compile(r"\bis-good\b"))
    expect(notice).to_contain_text(f"You scored an expedition to {destination}")
    slug = destination.lower().replace(" ", "-")
    label = page.locator(f'#scoring [data-destination="{slug}"]').get_attribute("aria-label")
    assert label is not None and re.search(r"Novelty dots \d+ covered", label), label
    state = saved_state(page)
    assert state.seats[0].score > 0
    assert state.phase is not Phase.CLUB
    screenshot(page, "game-07-after-scoring")
    # The news shows over the page, never pushing the map, and clears when your turn starts.
    assert notice.evaluate("n => getComputedStyle(n).position") == "fixed"
    wait_for_decision(page, "start")
    expect(notice).to_be_hidden()
    expect(page.get_by_role("region", name="Since your last turn")).to_be_visible()


def test_a_double_click_on_a_decision_makes_only_one_move(page: Page, site_url: str) -> None:
    found = _at_the_first_shop(page, site_url)
    first, play1, _, _ = found.moves
    # The second click would land on the button that replaces the first ("Step to ...").
    decision_button(page, play1).dblclick()
    wait_for_decision(page, "step_again")
    state = saved_state(page)
    assert state.phase is Phase.STEP_AGAIN
    assert state.seats[0].position == first.removeprefix("step:")
    assert len(state.log) == len(found.state.log) + 2


def test_rules_open_at_their_beginning(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    page.locator('[data-ui="rules"]').first.click()
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#rules-title")).to_be_focused()
    assert dialog.evaluate("d => d.scrollTop") == 0


def test_a_click_beside_a_dialog_closes_it(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    page.locator('[data-ui="about"]').first.click()
    dialog = page.locator("#about-dialog")
    expect(dialog).to_be_visible()
    page.mouse.click(5, 5)  # on the backdrop, outside the dialog's box
    expect(dialog).to_be_hidden()


@pytest.mark.parametrize("panel", ["players", "scoring", "log", "since"])
@pytest.mark.browser_context(viewport={"width": 390, "height": 844})
def test_on_a_phone_a_panel_opened_from_the_menu_is_a_sheet_in_view(
    page: Page, site_url: str, panel: str
) -> None:
    """Issues 26 and 48: on a phone the panels fold away into the header's menu.

    The one opened covers the foot of the screen, whole in view, one at a time; its Close
    button (or Escape) closes it, and the page never scrolls.
    """
    open_game(page, site_url)
    start_new_game(page)
    wait_for_decision(page, "start")
    open_panel(page, "since" if panel != "since" else "players")
    open_panel(page, panel)
    shown = page.locator(f"#game .{panel}-panel")
    expect(shown).to_be_visible()
    expect(page.locator(f"#{panel}-title")).to_be_in_viewport(ratio=1)
    other = "since" if panel != "since" else "players"
    expect(page.locator(f"#game .{other}-panel")).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollHeight") <= 844
    if panel == "players":
        screenshot(page, "game-08-phone-players-opened")
        page.keyboard.press("Escape")
    else:
        shown.locator(".sheet-close").click()
    expect(shown).to_be_hidden()


@pytest.mark.browser_context(viewport={"width": 1366, "height": 768})
def test_on_a_laptop_the_decision_the_hand_and_the_pawn_are_in_view_together(
    page: Page, site_url: str
) -> None:
    """Issue 26, item 3: at 1366x768 a turn needs no scrolling.

    With the page at its top as a turn opens, the whole map (so your pawn and Captain Park), the
    decision and your hand need no scrolling.
    """
    open_game(page, site_url)
    start_new_game(page, seed=4242)
    wait_for_decision(page, "start")
    assert page.evaluate("scrollY") == 0
    for selector in (
        "#board svg",
        ".pk-pawn.is-you",
        "#decision",
        ".hand-cards .card",
        ".hand-panel h2",
    ):
        assert page.evaluate(IN_WINDOW_JS, selector), f"{selector} is not in view"
    screenshot(page, "game-laptop")
