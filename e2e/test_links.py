"""Links (issue 43): a challenge played in a second browser, a shared replay, hostile links refused.

A challenge made at one game's end is opened in a fresh browser context (another person, no save),
played there to its end (a bot in the human's seat, ``?autoplay=easy``, at AI speed Instant) and
the results compared; a shared game opens as a replay for someone with no save; a damaged or
hostile link leaves the game in progress, and the storage, as they were.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tools.page_steps import SAVE_KEY, wait_for_decision, wait_for_ready

from e2e.accessibility import assert_accessible
from e2e.game_page import LAPTOP, PHONE, finish, open_game, saved_state
from e2e.game_positions import nearly_over
from e2e.support import BrowserGuard, screenshot
from park.engine.save import start_of
from park.ui.game.links import (
    ChainResult,
    Challenge,
    SharedGame,
    Table,
    challenge_fragment,
    parse_fragment,
)

SIZES = [
    pytest.param(LAPTOP, "laptop", marks=pytest.mark.browser_context(**LAPTOP), id="laptop"),
    pytest.param(PHONE, "phone", marks=pytest.mark.browser_context(**PHONE), id="phone"),
]
"""The main flows at a laptop's and a phone's size."""
STORAGE_JS = "() => JSON.stringify(Object.assign({}, localStorage))"


def _other(browser: Browser, guard: BrowserGuard, options: dict[str, Any]) -> BrowserContext:
    """A second person's browser: a fresh, guarded context of the same size, nothing stored."""
    context = browser.new_context(locale="en-GB", **options)
    guard.attach_context(context)
    return context


def _open(context: BrowserContext, guard: BrowserGuard, url: str) -> Page:
    page = context.new_page()
    guard.attach_page(page)
    page.goto(url)
    wait_for_ready(page)
    return page


def _with_query(link: str, query: str) -> str:
    """``link`` with ``query`` before its fragment (the page's own address carries none)."""
    base, _hash, fragment = link.partition("#")
    return f"{base}{query}#{fragment}"


def _game_over_link(page: Page, button: str) -> str:
    """Press the game over's ``button`` (its ``data-ui``); the link it shows."""
    page.locator(f'#over-dialog [data-ui="{button}"]').click()
    text = page.locator("#link-text")
    expect(text).to_be_visible()
    return str(text.input_value()).split()[-1]


@pytest.mark.parametrize(("options", "size"), SIZES)
def test_a_challenge_is_played_in_another_browser(
    page: Page, site_url: str, browser: Browser, guard: BrowserGuard, options: Any, size: str
) -> None:
    save, last = nearly_over()
    open_game(page, site_url, save=save)
    finish(page, last)
    over = page.locator("#over-dialog")
    expect(over.locator("#link-challenge")).to_have_text("Challenge a friend")
    link = _game_over_link(page, "link-challenge")
    line = page.locator("#link-text").input_value()
    assert line.startswith("Park challenge from Phileas:"), line
    screenshot(page, f"links-challenge-made-{size}")
    first = saved_state(page)

    other = _other(browser, guard, options)
    try:
        friend = _open(other, guard, _with_query(link, "?speed=instant&autoplay=easy"))
        dialog = friend.locator("#challenge-dialog")
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text("Phileas challenges you to the same deal")
        screenshot(friend, f"links-challenge-offer-{size}")
        assert friend.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')") is None
        dialog.locator('[data-ui="challenge-play"]').click()
        wait_for_decision(friend, "over", timeout_ms=240_000)
        result = friend.locator("#challenge-result")
        expect(result).to_contain_text("The challenge: the same deal")
        expect(result.locator("li")).to_have_count(2)
        expect(result).to_contain_text("Phileas:")
        expect(result.locator(".challenge-you")).to_contain_text("You:")
        screenshot(friend, f"links-challenge-compared-{size}")
        second = saved_state(friend)
        assert start_of(second).seats == start_of(first).seats  # the same deal: the same hands
        assert start_of(second).deck == start_of(first).deck
        passed = _game_over_link(friend, "link-challenge")
        chain = parse_fragment(urlsplit(passed).fragment)
        assert isinstance(chain, Challenge)
        assert [r.name for r in chain.results] == ["Phileas", "You"]
    finally:
        other.close()


@pytest.mark.parametrize(("options", "size"), SIZES)
def test_a_shared_replay_opens_with_no_save(
    page: Page, site_url: str, browser: Browser, guard: BrowserGuard, options: Any, size: str
) -> None:
    save, last = nearly_over()
    open_game(page, site_url, save=save)
    finish(page, last)
    link = _game_over_link(page, "link-replay")
    page.locator("#link-reveal").check()
    revealed = page.locator("#link-text").input_value()
    assert revealed != link
    other = _other(browser, guard, options)
    try:
        viewer = _open(other, guard, link)
        expect(viewer.locator("#replay")).to_be_visible()
        options_shown = viewer.locator("#replay-viewer option")
        expect(options_shown).to_have_count(1)
        assert options_shown.first.get_attribute("value") == "public"
        expect(viewer.locator("#replay-hands")).to_be_empty()
        expect(viewer.locator(".replay-hands-panel")).to_be_hidden()  # no empty bar in its place
        expect(viewer.locator("#replay-next")).to_be_disabled()  # opened at the game's end
        assert viewer.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')") is None
        screenshot(viewer, f"links-replay-public-{size}")
        viewer.locator("#replay-title").click()
        viewer.keyboard.press("Home")
        expect(viewer.locator("#replay-prev")).to_be_disabled()
        viewer.locator('[data-ui="replay-share"]').click()
        at_start = parse_fragment(urlsplit(viewer.locator("#replay-link").input_value()).fragment)
        assert isinstance(at_start, SharedGame) and at_start.at == 0 and not at_start.reveal
        expect(viewer.locator("#replay-reveal")).to_be_disabled()
        viewer.goto(revealed.replace("#", "?speed=fast#", 1))
        wait_for_ready(viewer)
        expect(viewer.locator("#replay-viewer")).to_have_value("all")
        expect(viewer.locator("#replay-hands .replay-hand").first).to_be_visible()
        expect(viewer.locator(".replay-hands-panel")).to_be_visible()
    finally:
        other.close()


@pytest.mark.browser_context(**LAPTOP)
def test_hostile_links_leave_the_game_alone(page: Page, site_url: str) -> None:
    save, _last = nearly_over()
    open_game(page, site_url, save=save)
    before = page.evaluate(STORAGE_JS)
    damaged = challenge_fragment(
        Challenge(Table(3, ("human", "easy", "easy")), (ChainResult("Ada", 100, 1, "2026-12-01"),))
    )
    hostile = [
        damaged[:-3] + ("A" if damaged[-3] != "A" else "B") + damaged[-2:],
        "c1." + "A" * 3000,
        "c9.AAAAAAAAAA",
        "r1.!!!.<script>",
    ]
    for fragment in hostile:
        page.evaluate("(f) => { location.hash = f; }", fragment)
        notice = page.locator("#notice-text")
        expect(notice).to_contain_text("link")
        expect(page.locator("#game")).to_be_visible()
        assert page.evaluate(STORAGE_JS) == before
        page.locator('#notice [data-ui="dismiss"]').click()
    markup = "<img src=x onerror=f()>"
    challenge = Challenge(
        Table(7, ("human", "easy", "easy")), (ChainResult(markup, 120, 1, "2026-12-01"),)
    )
    page.evaluate("(f) => { location.hash = f; }", challenge_fragment(challenge))
    offer = page.locator("#challenge-offer")
    expect(offer).to_contain_text(markup)
    expect(offer.locator("img")).to_have_count(0)
    page.locator('#challenge-dialog [data-ui="challenge-play"]').click()
    replace = page.locator("#replace-dialog")
    expect(replace).to_be_visible()
    replace.locator('[data-ui="replace-back"]').click()
    expect(page.locator("#game")).to_be_visible()
    assert (
        page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')") == json.loads(before)[SAVE_KEY]
    )
    screenshot(page, "links-hostile-refused")


@pytest.mark.browser_context(locale="ja-JP", **PHONE)
def test_a_challenge_is_offered_in_japanese_on_a_phone(page: Page, site_url: str) -> None:
    """The challenge's offer in Japanese at 390x844: in view, no English but names, axe clean."""
    challenge = Challenge(
        Table(11, ("human", "normal", "normal", "normal")),
        (ChainResult("Ada", 143, 1, "2026-12-01"), ChainResult("Bram", 121, 2, "2026-12-02")),
    )
    page.goto(site_url + "#" + challenge_fragment(challenge))
    wait_for_ready(page)
    offer = page.locator("#challenge-dialog")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("Ada")
    expect(offer).to_contain_text("143")
    play = offer.locator('[data-ui="challenge-play"]')
    play.scroll_into_view_if_needed()
    expect(play).to_be_in_viewport()
    text = offer.inner_text().replace("Ada", "").replace("Bram", "")
    assert not re.search(r"[A-Za-z]{3,}", text), text
    assert_accessible(page, "a challenge's offer, in Japanese")
    screenshot(page, "links-challenge-offer-ja-phone")


def test_a_challenge_opens_offline_after_the_first_visit(
    page: Page, context: BrowserContext, site_url: str
) -> None:
    """The link's fragment never reaches a server: the service worker's page opens it offline."""
    page.goto(site_url)
    wait_for_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    challenge = Challenge(
        Table(5, ("human", "easy", "easy")), (ChainResult("Ada", 120, 1, "2026-12-01"),)
    )
    context.set_offline(True)
    try:
        response = page.goto(site_url + "?speed=fast#" + challenge_fragment(challenge))
        assert response is not None and response.from_service_worker  # a new page, offline
        wait_for_ready(page)
        offer = page.locator("#challenge-dialog")
        expect(offer).to_be_visible()
        expect(offer).to_contain_text("Ada")
        offer.locator('[data-ui="challenge-play"]').click()
        wait_for_decision(page, "start")
        saved = f"() => JSON.parse(localStorage.getItem('{SAVE_KEY}')).settings.seed"
        page.wait_for_function(f"() => localStorage.getItem('{SAVE_KEY}') !== null")
        seed = page.evaluate(saved)
        assert seed == 5
    finally:
        context.set_offline(False)
