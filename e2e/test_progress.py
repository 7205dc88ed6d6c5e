"""Your progress in Your record (issue 41, item 4).

The games' score and place charts by opponents, the puzzle rating chart and the puzzles tried show
in Your record and are in view once scrolled to, on a laptop and a phone, in English and Japanese;
the record file carries the puzzle record: exported, then imported in a fresh browser, it brings the
puzzle rating back.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tools.page_steps import wait_for_ready

from e2e.game_page import LAPTOP, SIZES_AND_LANGUAGES, header_button
from e2e.support import BrowserGuard, screenshot
from park.ui.puzzles.progress import PuzzleRecord, dumps_puzzle_record
from park.ui.record.store import GameResult, add_result, dumps_record, empty_record

RECORD_KEY = "park.record"
PUZZLES_KEY = "park.puzzles"

TRIES = (
    (12, True, "2026-11-20", 1592.3),
    (40, False, "2026-11-21", 1510.8),
    (77, True, "2026-11-23", 1580.1),
    (101, True, "2026-11-28", 1641.0),
    (5, False, "2026-12-02", 1589.6),
    (230, True, "2026-12-04", 1623.4),
)
PUZZLES = PuzzleRecord(
    rating=1623.4,
    deviation=240.0,
    tried=tuple((n, solved) for n, solved, _day, _rating in TRIES),
    dated=tuple((n, day, rating) for n, _solved, day, rating in TRIES),
)


def games_text() -> str:
    """A game record of six games against easy, normal and hard AIs."""
    record = empty_record()
    for number, (level, score, place) in enumerate(
        [
            ("easy", 62, 2),
            ("easy", 118, 1),
            ("normal", 75, 3),
            ("hard", 54, 4),
            ("normal", 131, 1),
            ("hard", 96, 2),
        ],
        start=1,
    ):
        record = add_result(
            record,
            GameResult(
                game=f"{500 + number}:{300 + number}",
                date=f"2026-11-{10 + number * 3:02d}",
                level=level,
                players=4,
                humans=1,
                place=place,
                score=score,
                won=place == 1,
                expeditions=3,
                longest=6,
            ),
        )
    return dumps_record(record)


def seed(page: Page, *, games: bool = True) -> None:
    """Put the records in ``localStorage`` before the page's scripts run."""
    kept = {PUZZLES_KEY: dumps_puzzle_record(PUZZLES)}
    if games:
        kept[RECORD_KEY] = games_text()
    page.add_init_script(
        script="".join(
            f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)});"
            for key, value in kept.items()
        )
    )


def open_record(page: Page) -> None:
    header_button(page, "record").click()
    expect(page.locator("#record-dialog")).to_be_visible()


def in_view(page: Page, selector: str, *, min_width: float) -> None:
    """The part ``selector`` of Your record is in the viewport once scrolled to, and wide enough."""
    part = page.locator(f"#record-dialog {selector}").first
    part.scroll_into_view_if_needed()
    expect(part).to_be_in_viewport()
    box = part.bounding_box()
    assert box is not None and box["width"] >= min_width, (selector, box)


@pytest.mark.parametrize(("language", "size"), SIZES_AND_LANGUAGES)
def test_the_charts_and_the_puzzles_tried_show_in_your_record(
    page: Page, site_url: str, language: str, size: str
) -> None:
    seed(page)
    page.goto(site_url)
    wait_for_ready(page)
    open_record(page)
    dialog = page.locator("#record-dialog")
    words = {
        "en": ("Your games over time", "Your puzzles over time", "Solved", "20 November 2026"),
        "ja": ("ゲームの推移", "パズルの推移", "正解", "2026年11月20日"),
    }[language]
    for said in words:
        expect(dialog).to_contain_text(said)
    min_width = 280 if size == "phone" else 400
    for selector in (
        '[data-chart="scores"]',
        '[data-chart="places"]',
        ".chart-legend",
        '[data-chart="puzzle-rating"]',
        ".puzzles-tried",
    ):
        in_view(page, selector, min_width=min_width if selector.startswith("[") else 150)
        screenshot(page, f"progress-{size}-{language}-{selector.strip('[].').replace('=', '-')}")
    rating = dialog.locator('[data-chart="puzzle-rating"]')
    assert rating.get_attribute("role") == "img"
    label = rating.get_attribute("aria-label") or ""
    assert "1511" in label and "1641" in label and "1623" in label  # low, high, now
    expect(rating.locator(".chart-point")).to_have_count(len(TRIES))
    expect(dialog.locator('[data-chart="scores"] .chart-point')).to_have_count(6)
    rows = dialog.locator(".puzzles-tried tbody tr")
    expect(rows).to_have_count(len(TRIES))
    expect(rows.first).to_contain_text("230")  # the latest first
    expect(rows.first).to_contain_text("1623")
    dialog.locator(".chart-numbers summary").click()  # the games' numbers as text
    table = dialog.locator(".chart-numbers table")
    table.scroll_into_view_if_needed()
    expect(table).to_be_in_viewport()
    expect(table).to_contain_text("131")


@pytest.mark.browser_context(**LAPTOP)
def test_export_then_import_in_a_fresh_browser_brings_the_puzzle_rating_back(
    page: Page, site_url: str, browser: Browser, guard: BrowserGuard, tmp_path: Path
) -> None:
    seed(page, games=False)  # a puzzle record alone is exported too
    page.goto(site_url)
    wait_for_ready(page)
    open_record(page)
    with page.expect_download() as info:
        page.locator("#record-export").click()
    exported = info.value.path().read_text(encoding="utf-8")
    assert json.loads(exported)["format"] == "park-record-file"
    record_file = tmp_path / "park-record.json"
    record_file.write_text(exported, encoding="utf-8")

    fresh = browser.new_context(locale="en-GB", viewport={"width": 1366, "height": 768})
    guard.attach_context(fresh)
    try:
        other = fresh.new_page()
        guard.attach_page(other)
        other.goto(site_url)
        wait_for_ready(other)
        open_record(other)
        dialog = other.locator("#record-dialog")
        expect(dialog).to_contain_text("Your puzzle rating: 1500")
        other.locator("#record-import").set_input_files(str(record_file))
        expect(other.locator("#record-note")).to_contain_text("Your record was imported")
        expect(dialog).to_contain_text("Your puzzle rating: 1623")
        expect(dialog.locator(".puzzles-tried tbody tr")).to_have_count(len(TRIES))
        kept = other.evaluate(f"localStorage.getItem({json.dumps(PUZZLES_KEY)})")
        assert json.loads(kept)["rating"][0] == pytest.approx(1623.4)
        other.keyboard.press("Escape")
        header_button(other, "puzzles").click()
        expect(other.locator("#puzzles-hub")).to_contain_text("Your puzzle rating: 1623")
        # an older file, the game record alone, still imports and leaves the puzzles as they are
        older = tmp_path / "older.json"
        older.write_text(games_text(), encoding="utf-8")
        other.keyboard.press("Escape")
        open_record(other)
        other.locator("#record-import").set_input_files(str(older))
        expect(other.locator("#record-note")).to_contain_text("Your record was imported")
        expect(dialog).to_contain_text("6 games played")
        expect(dialog).to_contain_text("Your puzzle rating: 1623")
    finally:
        fresh.close()
