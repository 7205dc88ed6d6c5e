"""Steps of a live table across browser contexts (issue 52), shared by the live tests.

Every page opens with ``?stun=none``: the pages connect over this machine's own network, and no
STUN server is asked (no request may leave 127.0.0.1). Each page records every message its data
channels receive and the channels themselves (:data:`RECORD_CHANNELS`), so a test can read what a
friend's page was sent and send what a hostile page would.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect
from tools.page_steps import wait_for_ready

from e2e.support import BrowserGuard

LIVE_QUERY = "?stun=none"
"""No STUN server: the pages find each other on this machine."""
RECORD_CHANNELS = """
window.parkLive = {received: [], channels: []};
(() => {
  const Native = window.RTCPeerConnection;
  function Recorded(...args) {
    const connection = new Native(...args);
    const keep = (channel) => {
      window.parkLive.channels.push(channel);
      channel.addEventListener("message", (event) => window.parkLive.received.push(event.data));
    };
    connection.addEventListener("datachannel", (event) => keep(event.channel));
    const make = connection.createDataChannel.bind(connection);
    connection.createDataChannel = (...more) => { const c = make(...more); keep(c); return c; };
    return connection;
  }
  Recorded.prototype = Native.prototype;
  window.RTCPeerConnection = Recorded;
})();
"""
PLAY_FIRST_CHOICE = """
window.parkPlaying = setInterval(() => {
  if (document.documentElement.dataset.parkTurn === "wait") return;
  const go = document.querySelector(
    '#decision .market-go, #decision [data-action]:not([disabled])');
  if (go) go.click();
}, 120);
"""
"""A friend who plays the first choice the decision offers, whenever it is their turn."""


@dataclass
class Table:
    """A live table's pages: the host's, then each friend's (by seat)."""

    host: Page
    friends: dict[int, Page]
    contexts: list[BrowserContext]


def open_live_page(context: BrowserContext, url: str) -> Page:
    """A page of ``context`` at ``url``, its channels recorded, ready."""
    page = context.new_page()
    page.add_init_script(script=RECORD_CHANNELS)
    page.goto(url)
    wait_for_ready(page)
    return page


def invitation(host: Page, seat: int) -> str:
    """The invitation link the host's page made for ``seat``."""
    box = host.locator(f"#live-invite-{seat}")
    expect(box).to_have_value(lambda_value_prefix("http"), timeout=20_000)
    return box.input_value()


def lambda_value_prefix(prefix: str) -> Any:
    """A pattern for a value that starts with ``prefix`` (a link once made)."""
    import re

    return re.compile(f"^{re.escape(prefix)}.+")


def join(friend: Page, link: str, name: str) -> str:
    """Open ``link`` on ``friend``'s page as ``name``; returns the reply to send back."""
    friend.goto(link)
    wait_for_ready(friend)
    expect(friend.locator("#join-dialog")).to_be_visible()
    friend.locator("#live-name").fill(name)
    friend.locator("#live-reply").click()
    box = friend.locator("#live-reply-link")
    expect(box).to_have_value(lambda_value_prefix("http"), timeout=20_000)
    return box.input_value()


def take_reply(host: Page, reply: str) -> None:
    """Paste ``reply`` into the host's table dialog and take it."""
    host.locator("#live-reply-text").fill(reply)
    host.locator("#live-connect").click()


def host_table(host: Page, name: str, friends: int, opponents: int) -> None:
    """Open a live table on the host's New game form."""
    host.locator("#f-name").fill(name)
    host.locator("#f-opponents").select_option(str(opponents))
    host.locator("#f-level").select_option("easy")
    host.locator("#f-friends").select_option(str(friends))
    host.locator("#live-host").click()
    expect(host.locator("#live-dialog")).to_be_visible()


@contextmanager
def live_table(
    browser: Browser,
    guard: BrowserGuard,
    site_url: str,
    *,
    friends: int = 1,
    opponents: int = 1,
    host_query: str = "",
) -> Iterator[Table]:
    """A live table dealt: the host's page and each friend's, in contexts of their own."""
    contexts = []
    try:
        host_context = browser.new_context(locale="en-GB")
        contexts.append(host_context)
        guard.attach_context(host_context)
        host = open_live_page(host_context, site_url + LIVE_QUERY + host_query)
        guard.attach_page(host)
        host_table(host, "Ann", friends, opponents)
        pages = {}
        for seat in range(1, friends + 1):
            context = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 844})
            contexts.append(context)
            guard.attach_context(context)
            friend = context.new_page()
            friend.add_init_script(script=RECORD_CHANNELS)
            guard.attach_page(friend)
            reply = join(friend, invitation(host, seat), FRIEND_NAMES[seat - 1])
            take_reply(host, reply)
            expect(host.locator(f'.live-seat[data-seat="{seat}"]')).to_have_attribute(
                "data-state", "here", timeout=20_000
            )
            pages[seat] = friend
        host.locator("#live-start").click()
        for friend in pages.values():
            expect(friend.locator("html")).to_have_attribute("data-park-screen", "game")
        yield Table(host, pages, contexts)
    finally:
        for context in contexts:
            context.close()


FRIEND_NAMES = ("Bea", "Cy", "Dot", "Eve", "Fay", "Gus")
"""The friends' names, by seat."""


def received(page: Page) -> list[dict[str, Any]]:
    """Every message ``page``'s channels received, read as JSON."""
    return [json.loads(text) for text in page.evaluate("window.parkLive.received")]


def send_raw(friend: Page, text: str) -> None:
    """Send ``text`` on the friend's channel to the host, as a hostile page would."""
    friend.evaluate("(text) => window.parkLive.channels.at(-1).send(text)", text)


def moves(page: Page) -> int:
    """The game's actions played, as the page shows them (``data-park-moves``)."""
    return int(page.evaluate("document.documentElement.dataset.parkMoves || '0'"))


def wait_moves(page: Page, at_least: int, timeout_ms: float = 60_000) -> None:
    """Wait until ``page`` shows a game of at least ``at_least`` actions played."""
    page.wait_for_function(
        "(n) => Number(document.documentElement.dataset.parkMoves || 0) >= n",
        arg=at_least,
        timeout=timeout_ms,
    )
