"""Issue 11 in the page: hot-seat, the replay, today's expedition, your record and the story.

A hot-seat game through the privacy screen (no other human's hand in the DOM at any time,
resumed after a reload), the replay stepped forward and back from a seat's chair and with
everything shown, today's expedition dealing the same first hand in two fresh browsers, and
your record and the game's story after a game, kept across a reload.
"""

from __future__ import annotations

import datetime as dt
import re

from playwright.sync_api import Browser, Page, expect
from tools.page_steps import FAST, PRIVACY, fill_new_game, press_start, wait_for_ready

from e2e.game_page import finish, open_game, play_hot_seat_turns, saved_state
from e2e.game_positions import finished_position, nearly_over
from e2e.support import screenshot
from park import Phase, loads
from park.ui.replay.model import Replay

WATCH_HANDS_JS = """
window.parkSeen = [];
let last = "";
new MutationObserver(() => {
  const root = document.getElementById("park-root");
  if (!root) return;
  if (document.documentElement.dataset.parkSynced === "false") return;
  if (document.documentElement.dataset.parkDrawn === "false") return;
  const viewer = document.documentElement.dataset.parkViewer || "";
  const cards = [...root.querySelectorAll("[data-card]")].map((e) => e.dataset.card).sort();
  const key = viewer + "|" + cards.join(",");
  if (key === last) return;
  last = key;
  window.parkSeen.push({viewer, cards, save: localStorage.getItem("park.save")});
}).observe(document, {subtree: true, childList: true, attributes: true});
"""
"""Records, after every change of the page, the hand shown, the cards and the autosave.

That is which human's hand the page says it shows, every card in the DOM and the autosave at
that moment, once the page has saved what it shows (it saves just after it redraws, under a
lock shared with other tabs: ``data-park-synced``).
"""
# A mutation observer's callback runs after the page's Python has finished its redraw, so a
# snapshot never catches the page half-drawn.


def _check_no_other_hand(page: Page) -> int:
    seen = page.evaluate("window.parkSeen")
    for snapshot in seen:
        if not snapshot["save"]:
            continue
        state = loads(snapshot["save"])
        ids = [c.id for c in state.rules.cards]
        in_dom = set(snapshot["cards"])
        for seat in (0, 1):  # a human's hand only on their own turn, once they showed it
            shown = snapshot["viewer"] == str(seat) and state.active == seat
            if not shown and state.phase is not Phase.OVER:
                hand = {ids[c] for c in state.seats[seat].hand}
                assert not in_dom & hand, f"seat {seat}'s hand in the DOM: {in_dom & hand}"
    return len(seen)


def test_a_hot_seat_game_through_the_privacy_screen(page: Page, site_url: str) -> None:
    page.add_init_script(script=WATCH_HANDS_JS)
    open_game(page, site_url, query=FAST)
    fill_new_game(page, name="Ada", others=["Bob"], opponents=2, level="easy", seed=31)
    press_start(page, shown=PRIVACY)
    screenshot(page, "play-modes-1-privacy")
    play_hot_seat_turns(page, 6)
    screenshot(page, "play-modes-2-hot-seat-turn")
    state = saved_state(page)
    assert [(s.name, s.controller) for s in state.settings.seats] == [
        ("Ada", "human"),
        ("Bob", "human"),
        ("Lady Beatrice", "easy"),
        ("Colonel Pembroke", "easy"),
    ]
    assert len(state.log) > 12
    assert _check_no_other_hand(page) > 10
    # Autosave and resume: a reload covers the table again until the player shows the hand.
    page.reload()
    wait_for_ready(page)
    expect(page.locator("#privacy")).to_be_visible()
    assert page.locator("#hand [data-card]").count() == 0
    play_hot_seat_turns(page, 4)
    assert _check_no_other_hand(page) > 5
    # To the end: a bot clicks for both humans, "Show my hand" included, at every turn.
    page.goto(site_url + "?autoplay=easy&speed=instant")
    wait_for_ready(page)
    expect(page.locator("#over-dialog")).to_be_visible(timeout=240_000)
    assert saved_state(page).phase is Phase.OVER
    assert _check_no_other_hand(page) > 40


def test_the_replay_steps_through_a_finished_game(page: Page, site_url: str) -> None:
    found = finished_position()
    final = found.state
    open_game(page, site_url, save=found.save)
    dialog = page.locator("#over-dialog")
    expect(dialog).to_be_visible()
    # The game's story, and the record counted once.
    story = dialog.locator("#story")
    expect(story.get_by_role("heading", name="The game's story")).to_be_visible()
    expect(story.locator("svg")).to_have_count(1)
    winner = final.settings.seats[final.winner or 0].name
    expect(story).to_contain_text(winner)
    dialog.get_by_role("button", name="Replay the game").click()
    replay = page.locator("#replay")
    expect(replay).to_be_visible()
    expect(page.locator("#replay-caption")).to_contain_text("The deal")
    page.get_by_role("button", name="Next", exact=True).click()
    expect(page.locator("#replay-caption")).to_contain_text(f"decision 1 of {len(final.log)}")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-caption")).to_contain_text("decision 2 of")
    page.get_by_role("button", name="Previous", exact=True).click()
    expect(page.locator("#replay-caption")).to_contain_text("decision 1 of")
    page.get_by_role("button", name="Next turn").click()
    steps = Replay(final)
    turn = steps.turn_index(steps.next_turn(1)) + 1
    expect(page.locator("#replay-turn-label")).to_have_text(
        f"Turn {turn} of {len(steps.turn_starts)}"
    )
    page.locator("#replay-turn").fill("8")
    expect(page.locator("#replay-turn-label")).to_have_text(re.compile(r"Turn 9 of \d+"))
    # From Phileas's chair: his hand only; everything: every hand and the deck.
    expect(page.locator("#replay-hands .replay-hand")).to_have_count(1)
    expect(page.locator("#replay-caption")).to_contain_text("What Phileas knew then")
    page.locator("#replay-viewer").select_option("1")
    expect(page.locator("#replay-caption")).to_contain_text("based on this alone")
    page.locator("#replay-viewer").select_option("all")
    expect(page.locator("#replay-hands .replay-hand")).to_have_count(len(final.seats) + 1)
    screenshot(page, "play-modes-3-replay-everything")
    page.locator("#replay-next").focus()  # the slider and the menus keep their own keys
    page.keyboard.press("PageDown")
    expect(page.locator("#replay-turn-label")).to_have_text(re.compile(r"Turn 10 of \d+"))
    page.keyboard.press("End")
    expect(page.locator("#replay-caption")).to_contain_text(
        f"decision {len(final.log)} of {len(final.log)}"
    )
    page.keyboard.press("Home")
    expect(page.locator("#replay-caption")).to_contain_text("The deal")
    page.get_by_role("button", name="Close the replay").click()
    expect(replay).to_be_hidden()
    # Your record: this game, kept across a reload; the last game can be replayed again.
    page.get_by_role("button", name="Your record").click()
    record = page.locator("#record-dialog")
    expect(record).to_contain_text("1 game played")
    expect(record.locator("svg .record-bar")).to_have_count(1)
    screenshot(page, "play-modes-4-record")
    record.get_by_role("button", name="Close").click()
    page.reload()
    wait_for_ready(page)
    dialog.get_by_role("button", name="Look at the board").click()  # it resumes game over
    page.get_by_role("button", name="Your record").click()
    expect(page.locator("#record-dialog")).to_contain_text("1 game played")  # not twice
    page.locator("#record-dialog").get_by_role("button", name="Close").click()
    expect(page.get_by_role("button", name="Replay the last game")).to_be_visible()


def test_todays_expedition_deals_the_same_first_hand_in_two_browsers(
    browser: Browser, site_url: str
) -> None:
    hands = []
    for name in ("Ada", "Bea"):
        context = browser.new_context(service_workers="block", locale="en-GB")
        try:
            page = context.new_page()
            page.goto(site_url + FAST)
            wait_for_ready(page)
            fill_new_game(page, name=name, opponents=2, level="easy")
            page.get_by_role("button", name="Today's expedition").click()
            page.locator("#hand [data-card]").first.wait_for()
            hands.append(
                sorted(
                    page.locator("#hand [data-card]").evaluate_all(
                        "(e) => e.map(c => c.dataset.card)"
                    )
                )
            )
            state = saved_state(page)
            assert state.settings.seats[0].name == name
            save = page.evaluate("localStorage.getItem('park.save')")
            assert '"daily"' in save
        finally:
            context.close()
    assert hands[0] == hands[1] and len(hands[0]) >= 3


def test_todays_expedition_result_carries_the_address_and_the_form_says_it_was_played(
    page: Page, site_url: str
) -> None:
    """Issue 27 item 4: the line to share carries the site's address (the page's own URL).

    The New game form then says today's expedition was played, with the daily streak.
    """
    today = dt.datetime.now(dt.UTC).date().isoformat()
    save, last = nearly_over(day=today)
    open_game(page, site_url, save=save)
    finish(page, last)
    expect(page.locator("#daily-share")).to_be_visible()
    line = page.locator("#daily-text").input_value()
    address = page.evaluate("() => location.origin + location.pathname")
    assert line.startswith("Park, ") and line.endswith(f" {address}"), line
    assert " of 3, " in line and " points, " in line, line
    page.locator("#over-dialog").get_by_role("button", name="New game").click()
    note = page.locator("#daily-played")
    expect(note).to_be_visible()
    expect(note).to_contain_text("You already played today's expedition")
    expect(note).to_contain_text("Daily streak: 1 day.")
