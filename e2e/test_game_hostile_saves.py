"""Saves that used to brick the page (issue 8).

Each is reported without blaming the player, kept under the backup key with a download, and the next
load is a normal one.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tools.page_steps import BACKUP_KEY, SAVE_KEY, start_new_game, wait_for_decision, wait_for_ready

from e2e.game_page import open_game
from e2e.support import screenshot
from park import SeatSpec, dumps, new_game
from park.engine.save import _checksum


def _signed(change: Any) -> str:
    """A correctly signed save of a new 3-seat game, after ``change(payload)``."""
    state = new_game([SeatSpec("Ada", "#c0392b", "human"), "Bo", "Cy"], 3)
    payload = json.loads(dumps(state))
    payload.pop("checksum")
    change(payload)
    payload["checksum"] = _checksum(payload)
    return json.dumps(payload)


def _seat(field: str, value: Any) -> Any:
    def change(payload: dict[str, Any]) -> None:
        payload["settings"]["seats"][1][field] = value

    return change


def _many_moves(payload: dict[str, Any]) -> None:
    payload["actions"] = ["stay"] * 100_000


def _endless_exchange(payload: dict[str, Any]) -> None:
    """A position owing 10**15 cards from the Marketplace: the exchange would never end."""
    position = payload["position"]
    position.update(phase="market", pending_draws=10**15)
    payload["start"] = position
    payload["actions"] = []


HOSTILE = {
    "deeply-nested": "[" * 100_000 + "]" * 100_000,
    "colour-not-text": _signed(_seat("colour", 7)),
    "controller-not-text": _signed(_seat("controller", ["hard"])),
    "unknown-ai-level": _signed(_seat("controller", "no-such-level")),
    "colour-with-css": _signed(_seat("colour", "red;background-image:url(http://other.host/x)")),
    "100000-moves": _signed(_many_moves),
    "endless-exchange": _signed(_endless_exchange),
}


def _stored(page: Page, key: str) -> str | None:
    value: str | None = page.evaluate("(key) => localStorage.getItem(key)", key)
    return value


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_save_is_kept_reported_and_never_bricks_the_page(
    page: Page, site_url: str, name: str
) -> None:
    save = HOSTILE[name]
    open_game(page, site_url, save=save)
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Your saved game could not be resumed.")
    expect(notice).to_contain_text("It is kept")
    download = page.get_by_role("link", name="Download the saved game")
    expect(download).to_be_visible()
    assert (download.get_attribute("href") or "").startswith("data:application/json")
    expect(page.locator("#setup")).to_be_visible()
    assert _stored(page, SAVE_KEY) is None
    assert _stored(page, BACKUP_KEY) == save
    if name == "unknown-ai-level":
        screenshot(page, "save-kept-and-reported")
    page.reload()  # not bricked: the next load is a normal one, and the backup stays
    wait_for_ready(page)
    expect(page.locator("#setup")).to_be_visible()
    expect(notice).to_be_hidden()
    assert _stored(page, BACKUP_KEY) == save
    kept = page.locator("#backup-note")  # the kept save stays downloadable from the form
    expect(kept).to_be_visible()
    assert (kept.get_by_role("link").get_attribute("href") or "").startswith("data:")
    start_new_game(page, seed=9)
    wait_for_decision(page, "start")
