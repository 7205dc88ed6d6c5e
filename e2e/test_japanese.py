"""The Japanese edition (issue 13).

A first visit follows the browser's language, the Language control switches and is remembered across
a reload, ``<html lang>`` follows, and a turn, the log and the Rules page read in Japanese with no
English left, on a desktop and a 390 px phone, nothing overflowing.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tools.page_steps import FAST, fill_new_game, press_start, wait_for_decision, wait_for_ready

from e2e.game_page import choose_setting, header_button
from e2e.support import screenshot

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

ALLOWED_LATIN = {
    "AI",  # written so in Japanese
    "English",  # the Language control names each language in itself
    "UTC",
    "Ctrl",  # keys, as printed on them
    "Page",
    "Up",
    "Down",
    "Home",
    "End",
    "Python",  # the About page: names of software and people
    "Pyodide",
    "PyScript",
    "James",
    "Ernest",
    "Cheapass",
    "Games",
    "MB",
}
ORIGINAL_TITLE = "Captain Park's Imaginary Polar Expedition"

VISIBLE_TEXT_JS = """
(root) => {
  const el = document.querySelector(root);
  const texts = [];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) { texts.push(node.textContent); return; }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const style = getComputedStyle(node);
    if (node.hidden || style.display === "none" || style.visibility === "hidden") return;
    if (node.matches("option:not(:checked)")) return;
    if (node.getAttribute("translate") === "no") return;  // codes: the build's id
    for (const attr of ["aria-label", "placeholder", "title", "alt"]) {
      if (node.getAttribute(attr)) texts.push(node.getAttribute(attr));
    }
    for (const child of node.childNodes) walk(child);
  };
  walk(el);
  return texts.join(" ");
}
"""
"""The text a player reads (or hears) in ``root``.

Visible text and the names screen readers say, leaving out closed dialogs, hidden sections, the
menus' unselected options and what is marked ``translate="no"`` (the About dialog's version,
commit and snapshot id).
"""

OVERFLOW_JS = """
() => {
  const wide = [];
  if (document.documentElement.scrollWidth > window.innerWidth + 1) wide.push("the page");
  for (const el of document.querySelectorAll(
      "#park-root button, #park-root label, #park-root h2, #hand li, #log li, .card-name")) {
    if (!el.offsetParent) continue;
    let scroller = false;  // a strip made to scroll sideways (the phone's panel buttons)
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (["auto", "scroll"].includes(getComputedStyle(up).overflowX)) scroller = true;
    }
    if (scroller) continue;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === "visible") {
      wide.push(el.outerHTML.slice(0, 120));
    }
    const box = el.getBoundingClientRect();
    if (box.right > window.innerWidth + 1) wide.push("off-screen: " + el.outerHTML.slice(0, 120));
  }
  return wide;
}
"""


def english_words(text: str, names: tuple[str, ...] = ()) -> list[str]:
    """The Latin-letter words of ``text`` a Japanese player should not meet.

    Player names and the original title are set aside.
    """
    for name in (ORIGINAL_TITLE, *names):
        text = text.replace(name, " ")
    return sorted({w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in ALLOWED_LATIN})


def _read(page: Page, root: str) -> str:
    text = page.evaluate(VISIBLE_TEXT_JS, root)
    assert isinstance(text, str)
    return text


def _play_a_turn_in_japanese(page: Page, shot: str) -> None:
    """Start a game from the form, take the first step offered, and check what is read."""
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#setup-title")).to_have_text(re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]"))
    assert english_words(_read(page, "#park-root")) == []
    screenshot(page, f"{shot}-setup")
    fill_new_game(page, name="エイダ", seed=4242)
    press_start(page)
    wait_for_decision(page, "start")
    page.locator("#decision button[data-action^='step:']").first.click()
    page.wait_for_function(
        "() => document.documentElement.dataset.parkTurn !== 'start'", timeout=60_000
    )
    wait_for_decision(page, "start", timeout_ms=120_000)  # the AIs' turns, then ours again
    log = page.locator("#log li").all_text_contents()
    assert len(log) >= 4 and all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", line) for line in log)
    assert english_words(_read(page, "#park-root"), ("エイダ",)) == [], "the table"
    assert english_words("\n".join(log)) == [], "the log"
    assert page.evaluate(OVERFLOW_JS) == []
    counts = page.locator("#status .status-meta")  # every count shown, the discards too
    expect(counts).to_contain_text("捨て札")
    assert counts.evaluate("(e) => e.scrollWidth <= e.clientWidth + 1"), "the counts are cut"
    screenshot(page, f"{shot}-game")
    header_button(page, "rules").click()
    rules = page.locator("#rules-dialog")
    expect(rules).to_be_visible()
    assert english_words(_read(page, "#rules-dialog")) == [], "the Rules page"
    screenshot(page, f"{shot}-rules")
    page.keyboard.press("Escape")
    header_button(page, "about").click()
    assert english_words(_read(page, "#about-dialog")) == [], "the About page"
    page.keyboard.press("Escape")


@pytest.mark.browser_context(locale="ja-JP")
def test_a_first_visit_follows_a_japanese_browser(page: Page, site_url: str) -> None:
    page.goto(site_url + FAST)
    wait_for_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#language")).to_have_value("ja")
    expect(page.locator("#language-setting")).to_contain_text("言語")
    assert english_words(_read(page, "#park-root")) == []


def test_switching_to_japanese_plays_a_turn_and_is_remembered(page: Page, site_url: str) -> None:
    page.goto(site_url + FAST)
    wait_for_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#language-setting")).to_contain_text("Language")
    choose_setting(page, "language", "ja")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    wait_for_ready(page)
    _play_a_turn_in_japanese(page, "ja-desktop")
    page.reload()
    wait_for_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#game")).to_be_visible()  # the game resumed, in Japanese
    assert english_words(_read(page, "#park-root"), ("エイダ",)) == []
    choose_setting(page, "language", "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    wait_for_ready(page)
    expect(page.locator("#language-setting")).to_contain_text("Language")


@pytest.mark.browser_context(**PHONE)
def test_japanese_on_a_phone(page: Page, site_url: str) -> None:
    page.goto(site_url + FAST)
    wait_for_ready(page)
    choose_setting(page, "language", "ja")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    wait_for_ready(page)
    _play_a_turn_in_japanese(page, "ja-phone")
    page.reload()
    wait_for_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
