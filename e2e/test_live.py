"""A live table with friends on their own devices (issue 52).

Pages in browser contexts of their own, connected by links alone, playing one game; what a
friend's page holds; a friend who reloads; a seat handed to an AI; hostile messages.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from tools.page_steps import wait_for_ready

from e2e.game_page import saved_state
from e2e.live_pages import (
    LIVE_QUERY,
    PLAY_FIRST_CHOICE,
    host_table,
    invitation,
    join,
    live_table,
    moves,
    open_live_page,
    received,
    send_raw,
    take_reply,
    wait_moves,
)
from e2e.support import BrowserGuard, screenshot

WHOLE_GAME = 420


def _nothing_hidden_reached(friend: Page, seat: int) -> None:
    """Every message the friend's page received holds its own seat's view, no other hand."""
    messages = received(friend)
    assert messages, "the friend's page received nothing"
    for message in messages:
        assert message["t"] in ("history", "table", "refused")
        if message["t"] == "table":
            obs = message["obs"]
            assert obs["seat"] == seat and "deck" not in obs and "seed" not in obs
            assert len(obs["hand"]) == obs["seats"][seat]["hand_size"]  # its own hand only
        for _actor, events in message.get("batches", []):
            assert all(event[3] in (None, seat) for event in events), events


def _hand_shown(page: Page) -> set[str]:
    return set(
        page.locator("#hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    )


@pytest.mark.timeout(WHOLE_GAME + 120)
@pytest.mark.parametrize("friends", [1, 2], ids=["two-pages", "three-pages"])
def test_a_whole_live_game_with_friends_and_an_ai(
    browser: Browser, guard: BrowserGuard, site_url: str, friends: int
) -> None:
    with live_table(
        browser,
        guard,
        site_url,
        friends=friends,
        opponents=1,
        host_query="&autoplay=easy&speed=instant",
    ) as table:
        for page in table.friends.values():
            page.evaluate(PLAY_FIRST_CHOICE)
        screenshot(table.friends[1], f"live-{friends + 1}-friend-playing")
        expect(table.host.locator("html")).to_have_attribute(
            "data-park-turn", "over", timeout=WHOLE_GAME * 1000
        )
        state = saved_state(table.host)
        assert state.winner is not None
        cards = state.rules.cards
        for seat, page in table.friends.items():
            expect(page.locator("html")).to_have_attribute("data-park-turn", "over")
            _nothing_hidden_reached(page, seat)
            assert _hand_shown(page) == {cards[c].id for c in state.seats[seat].hand}
            assert moves(page) == len(state.log)
            expect(page.locator("#status")).to_contain_text("Game ")  # the deal, once over
        log = table.host.locator("#live-log")
        assert "Refused" not in (log.text_content() or "")
        screenshot(table.friends[1], f"live-{friends + 1}-friend-over")


def test_a_friend_who_reloads_comes_back_to_the_same_seat(
    browser: Browser, guard: BrowserGuard, site_url: str
) -> None:
    with live_table(
        browser, guard, site_url, friends=1, opponents=1, host_query="&autoplay=easy&speed=fast"
    ) as table:
        host, friend = table.host, table.friends[1]
        friend.evaluate(PLAY_FIRST_CHOICE)
        wait_moves(host, 6)
        friend.reload()  # the friend's page is gone: their seat is away
        host.locator("#live-open").click()
        seat = host.locator('.live-seat[data-seat="1"]')
        expect(seat).to_have_attribute("data-state", "away", timeout=20_000)
        expect(host.locator("#status")).to_contain_text("away: Bea")
        # the game waits for Bea; the host lets an AI play her seat meanwhile
        seat.get_by_role("button", name="Let the AI play meanwhile").click()
        before = moves(host)
        wait_moves(host, before + 12)
        # a fresh invitation for her seat; the one she used is refused from now on
        seat.get_by_role("button", name="Fresh invitation").click()
        fresh = invitation(host, 1)
        reply = join(friend, fresh, "Bea")
        take_reply(host, reply)
        expect(friend.locator("html")).to_have_attribute("data-park-screen", "game", timeout=20_000)
        expect(seat).to_have_attribute("data-state", "here")
        state = saved_state(host)
        cards = state.rules.cards
        expect(friend.locator("html")).to_have_attribute("data-park-moves", str(len(state.log)))
        assert _hand_shown(friend) == {cards[c].id for c in state.seats[1].hand}
        log = friend.locator("#log").text_content() or ""
        assert "Round 1" in log  # nothing lost: the whole game's log, from the deal
        _nothing_hidden_reached(friend, 1)
        # she plays on (no AI stands in once she is back): her decisions count again
        friend.evaluate(PLAY_FIRST_CHOICE)
        wait_moves(host, len(state.log) + 30)
        assert "Refused" not in (host.locator("#live-log").text_content() or "")
        screenshot(host, "live-host-friend-back")


def test_hostile_messages_from_a_friend_change_nothing(
    browser: Browser, guard: BrowserGuard, site_url: str
) -> None:
    with live_table(browser, guard, site_url, friends=1, opponents=1) as table:
        host, friend = table.host, table.friends[1]
        host.evaluate(PLAY_FIRST_CHOICE.replace("parkPlaying", "parkHostPlaying"))
        expect(friend.locator("html")).not_to_have_attribute(
            "data-park-turn", "wait", timeout=60_000
        )
        host.evaluate("clearInterval(window.parkHostPlaying)")
        before = saved_state(host)
        hostile = [
            "{not json",
            "[1, 2, 3]",
            '{"t": "launch"}',
            '{"t": "act", "n": 1, "action": "step:no-such-space"}',
            '{"t": "act", "n": 2, "action": "score:Africa"}',
            '{"t": "exchange", "n": 3, "cards": ["no-such-card"]}',
            '{"t": "hello", "token": "forged-token-1234567890", "name": "Eve", "language": "en"}',
            '{"t": "act", "n": 4, "action": "stay", "pad": "' + "x" * 100_000 + '"}',
        ]
        for text in hostile:
            send_raw(friend, text)
        # 1 MB: more than the host's page takes (Chromium will not even send it: the host's
        # offer says at most 256 KiB a message)
        sent_1mb = friend.evaluate(
            "() => { try { window.parkLive.channels.at(-1).send('x'.repeat(1 << 20)); return true }"
            " catch (e) { return false } }"
        )
        for _ in range(200):  # a flood
            send_raw(friend, '{"t": "act", "n": 0, "action": "stay"}')
        host.locator("#live-open").click()
        log = host.locator("#live-log")
        expect(log).to_contain_text("too many messages")
        for words in ("not JSON", "an illegal decision", "wrong secret", "more than 4096"):
            expect(log).to_contain_text(words)
        if sent_1mb:
            expect(log).to_contain_text("1048576 characters, more than 4096")
        after = saved_state(host)
        assert len(after.log) == len(before.log) and after.seats == before.seats
        assert friend.locator("html").get_attribute("data-park-turn") != "wait"
        screenshot(host, "live-host-log")


def test_a_reply_opened_in_another_tab_of_the_hosts_browser_takes_the_seat(
    browser: Browser, guard: BrowserGuard, site_url: str
) -> None:
    host_context = browser.new_context(locale="en-GB")
    friend_context = browser.new_context(locale="en-GB")
    try:
        for context in (host_context, friend_context):
            guard.attach_context(context)
        host = open_live_page(host_context, site_url + LIVE_QUERY)
        host_table(host, "Ann", friends=1, opponents=1)
        friend = friend_context.new_page()
        reply = join(friend, invitation(host, 1), "Bea")
        # the host scans the friend's QR code (or taps the reply in a chat): a new tab opens it
        scanned = host_context.new_page()
        scanned.goto(reply)
        wait_for_ready(scanned)
        expect(scanned.locator("#notice")).to_contain_text("another tab took Bea's reply")
        expect(host.locator('.live-seat[data-seat="1"]')).to_have_attribute(
            "data-state", "here", timeout=20_000
        )
    finally:
        host_context.close()
        friend_context.close()
