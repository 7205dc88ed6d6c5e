"""A friend joins a Chromium host's live table from another engine (issue 52).

The host's page is the e2e suite's Chromium; the friend's is Firefox or WebKit, on the same
served site, connected by the invitation and reply links alone. A browser with WebRTC plays on
to the end of the game; one without (Debian's WebKitGTK is built without it) says so plainly on
the invitation, and nothing breaks.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tools.engines import EnginePage
from tools.page_steps import engine_wait_for_ready

from e2e.engines.helpers import engine_screenshot
from e2e.engines.site_server import RecordingSite
from e2e.game_page import saved_state
from e2e.live_pages import LIVE_QUERY, PLAY_FIRST_CHOICE, host_table, invitation, take_reply

GAME_SECONDS = 420.0
HAS_WEBRTC_JS = "() => typeof RTCPeerConnection === 'function'"
REPLY_JS = "() => document.querySelector('#live-reply-link').value || null"
SCREEN_JS = "() => document.documentElement.dataset.parkScreen === 'game'"
OVER_JS = "() => document.documentElement.dataset.parkTurn === 'over'"
PROBLEM_JS = """() => {
  const problem = document.querySelector("#join-problem");
  return problem.hidden ? null : problem.textContent;
}"""
NAME_JS = """(name) => {
  const field = document.querySelector('#live-name');
  field.value = name;
  field.dispatchEvent(new Event('input', {bubbles: true}));
}"""


@pytest.mark.timeout(GAME_SECONDS + 180)
def test_a_friend_in_another_engine_joins_a_chromium_hosts_table(
    browser: Browser, recording_site: RecordingSite, engine_page: EnginePage
) -> None:
    host = browser.new_context(locale="en-GB").new_page()
    try:
        host.goto(recording_site.url + LIVE_QUERY + "&autoplay=easy&speed=instant")
        host.wait_for_selector("html[data-park-ready='true']", state="attached", timeout=120_000)
        host_table(host, "Ann", friends=1, opponents=1)
        link = invitation(host, 1)
        friend = engine_page
        friend.goto(link)
        engine_wait_for_ready(friend)
        friend.evaluate(NAME_JS, "Bea")
        friend.click("#live-reply")
        if not friend.evaluate(HAS_WEBRTC_JS):
            said = friend.wait_for(PROBLEM_JS, timeout=30)
            assert "no WebRTC" in said
            engine_screenshot(friend, "live-no-webrtc")
            return
        reply = friend.wait_for(REPLY_JS, timeout=30)
        take_reply(host, reply)
        expect(host.locator('.live-seat[data-seat="1"]')).to_have_attribute(
            "data-state", "here", timeout=30_000
        )
        host.locator("#live-start").click()
        friend.wait_for(SCREEN_JS, timeout=30)
        engine_screenshot(friend, "live-friend-table")
        friend.evaluate(f"() => {{ {PLAY_FIRST_CHOICE} }}")
        expect(host.locator("html")).to_have_attribute(
            "data-park-turn", "over", timeout=GAME_SECONDS * 1000
        )
        friend.wait_for(OVER_JS, timeout=60)
        state = saved_state(host)
        assert state.winner is not None
        shown = friend.evaluate(
            "() => [...document.querySelectorAll('#hand [data-card]')].map(e => e.dataset.card)"
        )
        assert set(shown) == {state.rules.cards[c].id for c in state.seats[1].hand}
    finally:
        host.context.close()
