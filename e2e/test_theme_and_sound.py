"""A dark table, Windows' high-contrast mode, and sound (issue 43, items 3 and 4).

The theme follows the system's ``prefers-color-scheme`` or the Settings' Theme (kept across a
reload, in force before Python is ready); axe finds nothing on the New game form and a turn in
either theme; forced colours keep the controls and the map's spaces visible. Sound is off until
turned on: off, no ``AudioContext`` is ever made; on, a turn of yours chimes after a click.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect
from tools.page_steps import (
    MAP_MOVE,
    SAVE_KEY,
    start_new_game,
    wait_for_decision,
    wait_for_ready,
)

from e2e.accessibility import assert_accessible
from e2e.game_page import SIZES_AND_LANGUAGES, open_game, open_settings
from e2e.support import screenshot

THEME_KEY = "park.theme"
LIGHT_TABLE, DARK_TABLE = "#1e2f26", "#0f1712"
"""park.css's ``--table`` in each theme: the browser's bar matches it."""
SOUND_KEY = "park.sound"
"""The page's storage keys for the two settings (``web/storage.py``)."""

COUNT_AUDIO = """
window.parkAudio = {contexts: 0, started: 0};
const Real = window.AudioContext;
if (Real) {
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); window.parkAudio.contexts += 1; }
    createOscillator() {
      const oscillator = super.createOscillator();
      const start = oscillator.start.bind(oscillator);
      oscillator.start = (...args) => { window.parkAudio.started += 1; return start(...args); };
      return oscillator;
    }
  };
}
"""
"""An init script that counts the ``AudioContext``s made and the oscillators started."""

BACKGROUND_LUMINANCE = """(selector) => {
  const colour = getComputedStyle(document.querySelector(selector)).backgroundColor;
  const [r, g, b] = colour.match(/[0-9.]+/g).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}"""
"""A rough brightness (0 to 1) of an element's background colour."""


def keep_setting(page: Page, key: str, value: str) -> None:
    """Store a setting before the page's scripts run (every load of the tab)."""
    page.add_init_script(script=f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)});")


def theme(page: Page) -> str:
    """The theme in force, as ``<html data-theme>`` says."""
    return str(page.evaluate("document.documentElement.dataset.theme"))


def expect_bar(page: Page, colour: str) -> None:
    """The browser's bar (``<meta name="theme-color">``) is ``colour``: the table's."""
    expect(page.locator('meta[name="theme-color"]')).to_have_attribute("content", colour)


@pytest.mark.browser_context(color_scheme="dark")
def test_a_dark_system_gets_a_dark_table_at_once(page: Page, site_url: str) -> None:
    page.goto(site_url, wait_until="domcontentloaded")
    assert theme(page) == "dark"  # boot.js, before Python: no light flash
    expect_bar(page, DARK_TABLE)
    wait_for_ready(page)
    assert theme(page) == "dark"
    expect(page.locator("#theme")).to_have_value("system")
    assert page.evaluate(BACKGROUND_LUMINANCE, ".setup-card") < 0.25
    page.emulate_media(color_scheme="light")  # the system changes while the page is open
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    expect_bar(page, LIGHT_TABLE)
    assert page.evaluate(BACKGROUND_LUMINANCE, ".setup-card") > 0.75


def test_the_theme_setting_is_kept_across_a_reload(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    assert theme(page) == "light"
    expect_bar(page, LIGHT_TABLE)
    open_settings(page).locator("#theme").select_option("dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect_bar(page, DARK_TABLE)  # set by Python: boot.js keeps the bar so
    assert page.evaluate(f"localStorage.getItem({json.dumps(THEME_KEY)})") == "dark"
    page.reload(wait_until="domcontentloaded")
    assert theme(page) == "dark"
    wait_for_ready(page)
    expect(page.locator("#theme")).to_have_value("dark")
    page.emulate_media(color_scheme="dark")
    open_settings(page).locator("#theme").select_option("light")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")


@pytest.mark.parametrize("chosen", ["light", "dark"])
def test_axe_finds_nothing_in_either_theme(page: Page, site_url: str, chosen: str) -> None:
    keep_setting(page, THEME_KEY, chosen)
    open_game(page, site_url)
    assert theme(page) == chosen
    assert_accessible(page, f"the New game form ({chosen})")
    start_new_game(page, seed=4242)
    wait_for_decision(page, "start")
    assert_accessible(page, f"a turn ({chosen})")
    open_settings(page)
    assert_accessible(page, f"the Settings ({chosen})")


@pytest.mark.parametrize(("language", "size"), SIZES_AND_LANGUAGES)
def test_the_dark_table_at_each_size(page: Page, site_url: str, language: str, size: str) -> None:
    keep_setting(page, THEME_KEY, "dark")
    open_game(page, site_url)
    assert page.evaluate("document.documentElement.lang") == language
    screenshot(page, f"dark-form-{language}-{size}")
    start_new_game(page, seed=4242)
    wait_for_decision(page, "start")
    assert theme(page) == "dark"
    for panel in ("#decision", "#hand"):
        assert (
            page.evaluate(BACKGROUND_LUMINANCE, f"{panel}") < 0.3
            or page.evaluate(BACKGROUND_LUMINANCE, f"#game .panel:has({panel})") < 0.3
        )
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, "nothing sticks out sideways"
    screenshot(page, f"dark-game-{language}-{size}")


def test_forced_colours_keep_every_control_visible(page: Page, site_url: str) -> None:
    page.emulate_media(forced_colors="active")
    open_game(page, site_url)
    start_new_game(page, seed=4242)
    wait_for_decision(page, "start")
    assert page.evaluate("matchMedia('(forced-colors: active)').matches")
    buttons = page.locator("#decision button, header .btn, .coach-buttons .btn")
    assert buttons.count() > 3
    for index in range(buttons.count()):
        button = buttons.nth(index)
        if not button.is_visible():
            continue
        border = button.evaluate(
            "b => { const s = getComputedStyle(b); return [s.borderTopStyle, s.borderTopWidth]; }"
        )
        assert border[0] != "none" and border[1] != "0px", button.inner_text()
    spaces = page.locator(MAP_MOVE)
    assert spaces.count() > 0
    for index in range(spaces.count()):
        halo = spaces.nth(index).locator(".pk-halo")
        stroke = halo.evaluate("h => [getComputedStyle(h).stroke, getComputedStyle(h).strokeWidth]")
        assert stroke[0] not in ("none", "") and stroke[1] != "0px"
    page.locator("#decision button").first.focus()
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    page.keyboard.press("Tab")
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert ring != "none", "the focus ring stays"
    screenshot(page, "forced-colours-game")


def play_until_my_next_turn(page: Page) -> None:
    """Stay put (a click: a user gesture) and wait until the human's next turn begins."""
    status = page.locator("#status").inner_text()
    page.locator('#decision [data-action="stay"]').click()
    page.wait_for_function(
        "(status) => document.getElementById('status').innerText !== status"
        " && document.documentElement.dataset.parkTurn === 'start'",
        arg=status,
    )


def test_sound_off_makes_no_audio_context(page: Page, site_url: str) -> None:
    page.add_init_script(script=COUNT_AUDIO)
    open_game(page, site_url)
    expect(page.locator("#sound")).to_have_value("off")
    assert page.evaluate(f"localStorage.getItem({json.dumps(SOUND_KEY)})") is None
    start_new_game(page, seed=4242)
    wait_for_decision(page, "start")
    play_until_my_next_turn(page)
    assert page.evaluate("window.parkAudio") == {"contexts": 0, "started": 0}


def test_sound_on_chimes_for_your_turn_after_a_click(page: Page, site_url: str) -> None:
    page.add_init_script(script=COUNT_AUDIO)
    open_game(page, site_url)
    assert page.evaluate("window.parkAudio.contexts") == 0
    open_settings(page).locator("#sound").select_option("on")
    assert page.evaluate(f"localStorage.getItem({json.dumps(SOUND_KEY)})") == "on"
    page.keyboard.press("Escape")
    assert page.evaluate("window.parkAudio.contexts") == 0, "nothing is made before a sound"
    start_new_game(page, seed=4242)  # the AI seats play first: then it is your turn
    wait_for_decision(page, "start")
    page.wait_for_function("window.parkAudio.started > 0")
    assert page.evaluate("window.parkAudio.contexts") == 1
    page.reload()
    wait_for_ready(page)
    expect(page.locator("#sound")).to_have_value("on")
    assert page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})") is not None
