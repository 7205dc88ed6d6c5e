"""The puzzles' themes (issue 41): tagged when the set is made, picked in the hub.

Every shipped puzzle has known themes, each theme has puzzles, the tags are what the tool computes
from the best plan against the runner-up, the hub offers each theme with its count and how the
person does in it, and "Next puzzle" keeps to the theme picked.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re

import pytest
from tools.puzzle_themes import SET, puzzle_themes, tag

from park.ui.lang.i18n import speaking
from park.ui.puzzles.catalogue import PUZZLES_VERSION, load_puzzles
from park.ui.puzzles.html import hub_html, themes_html
from park.ui.puzzles.progress import PuzzleRecord, next_puzzle
from park.ui.puzzles.themes import THEME_IDS, theme_counts, theme_results, with_theme

DAY = dt.date(2026, 12, 5)


def test_every_puzzle_has_known_themes_and_every_theme_has_puzzles() -> None:
    puzzles = load_puzzles()
    assert all(p.themes and set(p.themes) <= set(THEME_IDS) for p in puzzles.puzzles)
    counts = theme_counts(puzzles)
    assert all(counts[theme] >= 5 for theme in THEME_IDS), counts
    assert sum(counts.values()) >= len(puzzles.puzzles)


@pytest.mark.slow
@pytest.mark.parametrize("number", [219, 17, 40, 100, 160, 190])
def test_the_stored_themes_are_what_the_tool_finds(number: int) -> None:
    puzzles = load_puzzles()
    puzzle = puzzles.number(number)
    assert puzzle_themes(puzzle, puzzles.deals) == puzzle.themes


@pytest.mark.slow
def test_the_tool_tags_a_set_made_without_themes_as_the_shipped_one_is() -> None:
    shipped = json.loads(SET.read_text(encoding="utf-8"))
    two = [{k: v for k, v in p.items() if k != "themes"} for p in shipped["puzzles"][16:18]]
    tagged = tag(dict(shipped, puzzles=two))
    assert tagged["version"] == PUZZLES_VERSION
    assert [p["themes"] for p in tagged["puzzles"]] == [
        list(load_puzzles().number(n).themes) for n in (17, 18)
    ]
    assert [{k: v for k, v in p.items() if k != "themes"} for p in tagged["puzzles"]] == two


@pytest.mark.slow
def test_the_themes_name_what_the_best_turn_is_about() -> None:
    """A kept card (219), Captain Park dodged (17), the Marketplace (40), a score (160)."""
    puzzles = load_puzzles()
    assert "kept_card" in puzzles.number(219).themes
    assert "park" in puzzles.number(17).themes
    assert "market" in puzzles.number(40).themes
    assert "club" in puzzles.number(160).themes or "months" in puzzles.number(190).themes


def test_how_the_person_does_in_each_theme() -> None:
    puzzles = load_puzzles()
    kept_card = with_theme(puzzles, "kept_card")
    record = PuzzleRecord(tried=((kept_card[0].number, True), (kept_card[1].number, False)))
    results = theme_results(record, puzzles)
    assert results["kept_card"] == (2, 1)
    assert sum(tried for tried, _solved in results.values()) >= 2


def test_the_next_puzzle_keeps_to_the_theme_picked() -> None:
    puzzles = load_puzzles()
    record = PuzzleRecord()
    for theme in THEME_IDS:
        found = next_puzzle(record, puzzles, theme=theme)
        assert theme in found.themes
    market = with_theme(puzzles, "market")
    tried = PuzzleRecord(tried=tuple((p.number, True) for p in market))
    again = next_puzzle(tried, puzzles, after=market[0].number, theme="market")
    assert again.number == market[1].number  # all tried: round again, in the order first tried
    with pytest.raises(KeyError):
        next_puzzle(record, puzzles, theme="juggling")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_hub_offers_each_theme_with_its_count_and_results(language: str) -> None:
    puzzles = load_puzzles()
    counts = theme_counts(puzzles)
    record = PuzzleRecord(tried=((with_theme(puzzles, "park")[0].number, True),))
    with speaking(language):
        themes = themes_html(counts, theme_results(record, puzzles), "park")
        hub = hub_html(record, DAY, 317, in_game=False, themes=themes)
    options = re.findall(r'<option value="([a-z_]*)"( selected)?>([^<]*)</option>', hub)
    assert [value for value, _picked, _label in options] == ["", *THEME_IDS]
    assert [value for value, picked, _label in options if picked] == ["park"]
    for value, _picked, label in options[1:]:
        assert f"{counts[value]}" in html.unescape(label)
    if language == "en":
        assert "Dodging Captain Park: solved 1 of 1 puzzle tried." in html.unescape(hub)
    else:
        said = "キャプテン・パークを避ける：挑戦した1問のうち1問を解きました。"
        assert said in html.unescape(hub)
