"""Your puzzles over time (issue 41, item 4).

The puzzle record's version 2 (each first try's day and the rating after it; version 1 still read),
damaged and hostile texts refused, the record file that carries both records (an older file without
puzzles still read), and the puzzles' part of Your record: the rating chart and the puzzles tried.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import cast

import pytest

from park.ui.game.transfer import ImportProblem
from park.ui.lang.i18n import speaking
from park.ui.puzzles.catalogue import Puzzle
from park.ui.puzzles.history import SHOWN, history_html, rating_chart_svg, tried_html
from park.ui.puzzles.progress import (
    MAX_TRIED,
    PUZZLE_RECORD_VERSION,
    PuzzleRecord,
    Try,
    add_try,
    dumps_puzzle_record,
    parse_puzzle_record,
)
from park.ui.puzzles.record_file import (
    FILE_FORMAT,
    dumps_record_file,
    read_record_file,
    record_file_text,
)
from park.ui.record.charts import LEFT, PLOT_WIDTH, TOP, point_y
from park.ui.record.parts import RecordError
from park.ui.record.store import GameResult, add_result, dumps_record, empty_record

SVG = "{http://www.w3.org/2000/svg}"
V1 = (
    '{"format":"park-puzzle-record","version":1,"rating":[1480.5,300],'
    '"tried":[[3,1],[7,0]],"days":[["2026-12-01",1]]}'
)


@dataclass(frozen=True)
class _Rated:
    """What a try reads of a puzzle: its number and rating (the set itself is not needed)."""

    number: int
    rating: int


def puzzle(index: int = 0) -> Puzzle:
    return cast(Puzzle, _Rated(number=[12, 40, 77, 101, 5][index], rating=1300 + 100 * index))


def tried_three() -> PuzzleRecord:
    record = PuzzleRecord()
    for index, (solved, day) in enumerate(
        [(True, "2026-12-01"), (False, "2026-12-01"), (True, "2026-12-03")]
    ):
        record = add_try(record, puzzle(index), solved=solved, today=day)
    return record


def test_a_first_try_keeps_its_day_and_the_rating_after_it() -> None:
    record = add_try(PuzzleRecord(), puzzle(), solved=True, today="2026-12-04")
    assert record.tries() == (Try(puzzle().number, True, "2026-12-04", round(record.rating, 1)),)
    again = add_try(record, puzzle(), solved=False, today="2026-12-05")
    assert again == record  # a later try is practice
    unknown = add_try(PuzzleRecord(), puzzle(), solved=False)
    assert unknown.tries() == (Try(puzzle().number, False, None, None),)


def test_version_2_is_written_and_read_back() -> None:
    record = tried_three()
    text = dumps_puzzle_record(record)
    assert json.loads(text)["version"] == PUZZLE_RECORD_VERSION == 2
    again = parse_puzzle_record(text)
    assert again.tries() == record.tries()
    assert again.tried == record.tried and again.days == record.days


def test_version_1_still_reads_its_tries_have_no_day_or_rating() -> None:
    record = parse_puzzle_record(V1)
    assert record.tries() == (Try(3, True, None, None), Try(7, False, None, None))
    assert record.rating == 1480.5 and record.day("2026-12-01") is True
    later = add_try(record, puzzle(), solved=True, today="2026-12-05")
    kept = parse_puzzle_record(dumps_puzzle_record(later))
    assert [t.day for t in kept.tries()] == [None, None, "2026-12-05"]
    assert "not recorded" in tried_html(kept)
    chart = rating_chart_svg(kept)
    assert chart.count('class="chart-point"') == 1  # only the try whose day is known


def test_the_limit_on_puzzles_tried_drops_their_days_too() -> None:
    numbers = range(1_000, 1_000 + MAX_TRIED)  # none of them in the set
    record = PuzzleRecord(
        tried=tuple((n, True) for n in numbers), dated=((1_000, "2026-12-01", 1500.0),)
    )
    later = add_try(record, puzzle(4), solved=True, today="2026-12-02")
    assert len(later.tried) == MAX_TRIED and later.tried[-1] == (5, True)
    assert [number for number, _day, _rating in later.dated] == [5]


def dated_text(entry: str, version: int = 2) -> str:
    return (
        f'{{"format":"park-puzzle-record","version":{version},"rating":[1500,300],'
        f'"tried":[{entry}],"days":[]}}'
    )


@pytest.mark.parametrize(
    "text",
    [
        dated_text('[3,1,"2026-12-01",1500]', version=1),  # a version-1 try has no day
        dated_text('[3,1,"2026-12-01"]'),
        dated_text('[3,1,"2026-13-45",1500]'),
        dated_text('[3,1,"<script>",1500]'),
        dated_text('[3,1,"2026-12-01","1500"]'),
        dated_text('[3,1,"2026-12-01",true]'),
        dated_text('[3,1,"2026-12-01",1e400]'),
        dated_text('[3,1,"2026-12-01",NaN]'),
        dated_text("[3,1,null,null]"),
        dated_text('[3,1,"2026-12-01",1500,0]'),
    ],
)
def test_a_damaged_or_hostile_try_is_refused(text: str) -> None:
    with pytest.raises(RecordError, match="puzzle tried"):
        parse_puzzle_record(text)


def test_a_newer_version_is_marked_newer() -> None:
    with pytest.raises(RecordError) as caught:
        parse_puzzle_record(dated_text("", version=3))
    assert caught.value.newer


def _game_record_text() -> str:
    result = GameResult(
        game="12:34",
        date="2026-12-02",
        level="hard",
        players=4,
        humans=1,
        place=1,
        score=120,
        won=True,
        expeditions=4,
        longest=6,
    )
    return dumps_record(add_result(empty_record(), result))


def test_the_record_file_carries_both_records_back() -> None:
    puzzles = tried_three()
    text = record_file_text(_game_record_text(), dumps_puzzle_record(puzzles))
    assert text is not None and json.loads(text)["format"] == FILE_FORMAT
    record, again = read_record_file(text)
    assert dumps_record(record) == _game_record_text()
    assert again is not None and again.tries() == puzzles.tries()
    assert again.rating == pytest.approx(puzzles.rating, abs=0.001)


def test_a_record_file_with_puzzles_alone_or_nothing() -> None:
    puzzles = tried_three()
    text = record_file_text(None, dumps_puzzle_record(puzzles))
    assert text is not None
    record, again = read_record_file(text)
    assert record.played == 0 and again is not None and again.tried == puzzles.tried
    assert record_file_text(None, None) is None
    only_games = record_file_text(_game_record_text(), None)
    assert only_games == _game_record_text()  # as before the puzzles travelled
    assert read_record_file(only_games)[1] is None


def test_an_older_record_file_without_puzzles_still_imports() -> None:
    record, puzzles = read_record_file(_game_record_text())
    assert record.played == 1 and puzzles is None


def test_a_game_record_this_page_cannot_read_is_exported_as_it_is() -> None:
    newer = '{"format":"park-record","version":9}'
    assert record_file_text(newer, dumps_puzzle_record(tried_three())) == newer
    assert record_file_text(_game_record_text(), "{") == _game_record_text()


def _file(**changes: object) -> str:
    puzzles = PuzzleRecord(tried=((3, True),), dated=((3, "2026-12-01", 1590.0),))
    payload = json.loads(dumps_record_file(empty_record(), puzzles))
    payload.update(changes)
    return json.dumps(payload)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("[" * 50 + "]" * 50, "nested deeper"),
        ("x" * 400_000, "too long"),
        ('{"format":"park-record-file"}', "no valid version"),
        (_file(version=2), "newer version"),
        (_file(version=True), "no valid version"),
        (_file(extra=1), "missing or unknown"),
        (_file(puzzles={"format": "park-puzzle-record", "version": 2}), "puzzle record"),
        (_file(puzzles="<img src=x>"), "not a Park puzzle record"),
        (_file(record=None), "not a Park record"),
        (_file(record={"format": "park-record", "version": 1}), "record is damaged"),
        ('{"format":"something else"}', "not a Park record"),
        ("not json", "not a Park record|unreadable"),
    ],
)
def test_a_bad_record_file_is_refused_with_a_sentence(text: str, problem: str) -> None:
    with pytest.raises(ImportProblem, match=problem) as caught:
        read_record_file(text)
    assert str(caught.value).startswith("This file could not be imported")


def test_the_rating_chart_places_each_first_try() -> None:
    record = tried_three()
    chart = rating_chart_svg(record)
    root = ET.fromstring(chart)
    assert root.attrib["role"] == "img" and "from" in root.attrib["aria-label"]
    points = [
        (float(g.attrib["data-x"]), float(g.attrib["data-y"]))
        for g in root.iter(f"{SVG}g")
        if g.attrib.get("class") == "chart-point"
    ]
    ratings = [t.rating for t in record.tries() if t.rating is not None]
    low = min(ratings) // 100 * 100
    high = max(low + 100, -(-max(ratings) // 100) * 100)
    assert [x for x, _y in points] == [LEFT, LEFT + PLOT_WIDTH / 2, LEFT + PLOT_WIDTH]
    for (_x, y), rating in zip(points, ratings, strict=True):
        assert y == round(point_y(rating, low, high), 1)
    assert "1 December 2026" in chart and "3 December 2026" in chart


def test_one_first_try_is_one_point() -> None:
    record = add_try(PuzzleRecord(), puzzle(), solved=True, today="2026-12-04")
    chart = rating_chart_svg(record)
    assert chart.count('class="chart-point"') == 1 and "<polyline" not in chart
    assert f'data-x="{LEFT + PLOT_WIDTH / 2:g}"' in chart
    assert float(chart.split('data-y="')[1].split('"')[0]) >= TOP


def test_nothing_tried_nothing_shown() -> None:
    assert history_html(PuzzleRecord()) == "" and rating_chart_svg(PuzzleRecord()) == ""


def test_the_puzzles_tried_latest_first_and_at_most_shown() -> None:
    record = tried_three()
    html = history_html(record)
    ET.fromstring(f"<div>{html}</div>")
    rows = html.split("<tbody>")[1]
    numbers = [puzzle(i).number for i in range(3)]
    assert rows.index(f">{numbers[2]}</th>") < rows.index(f">{numbers[0]}</th>")
    assert "Not solved" in rows and "3 December 2026" in rows
    assert "The 3 puzzles you tried, latest first" in html
    many = PuzzleRecord(tried=tuple((n, n % 2 == 0) for n in range(1, 41)))
    table = tried_html(many)
    assert table.count("<tr class=") == SHOWN and f"The last {SHOWN} of the 40" in table


def test_the_puzzles_part_in_japanese() -> None:
    with speaking("ja"):
        html = history_html(tried_three())
    assert "2026年12月1日" in html
    assert "Puzzle" not in html and "latest" not in html and "Solved" not in html
