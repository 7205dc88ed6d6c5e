"""park.ui.record.charts and park.ui.record.trends (issue 41, item 4).

The line charts of Your record: points placed where the scale says, one point alone, no points; the
games' score and place over time by opponents' level, with their summaries and numbers as text, in
English and Japanese.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from park.ui.lang.i18n import speaking
from park.ui.record.charts import (
    HEIGHT,
    LEFT,
    PLOT_HEIGHT,
    PLOT_WIDTH,
    TOP,
    WIDTH,
    Point,
    Series,
    legend_html,
    line_chart_svg,
    nice_top,
    point_x,
    point_y,
)
from park.ui.record.store import GameResult, empty_record
from park.ui.record.trends import place_chart_svg, score_chart_svg, trends_html
from tests.ui.record.helpers import game_result, record_of

SVG = "{http://www.w3.org/2000/svg}"


def _result(number: int = 1, **changes: Any) -> GameResult:
    """Game ``number``, played on day ``number`` of December 2026."""
    return game_result(number, **{"date": f"2026-12-{number:02d}", **changes})


def _points(svg: str) -> list[tuple[float, float, str]]:
    root = ET.fromstring(svg)
    return [
        (float(g.attrib["data-x"]), float(g.attrib["data-y"]), g.findtext(f"{SVG}title") or "")
        for g in root.iter(f"{SVG}g")
        if g.attrib.get("class") == "chart-point"
    ]


def _series(*values: float) -> Series:
    return Series(
        "s", "#000000", "circle", tuple(Point(i, v, f"v{v}") for i, v in enumerate(values))
    )


def test_points_are_placed_by_the_scale() -> None:
    svg = line_chart_svg(
        [_series(0, 50, 100)], slots=3, low=0, high=100, ticks=[(0, "0")], label="L"
    )
    points = _points(svg)
    base, top = TOP + PLOT_HEIGHT, TOP
    assert points == [
        (LEFT, base, "v0"),
        (LEFT + PLOT_WIDTH / 2, (base + top) / 2, "v50"),
        (LEFT + PLOT_WIDTH, top, "v100"),
    ]
    root = ET.fromstring(svg)
    assert root.attrib["role"] == "img" and root.attrib["aria-label"] == "L"
    assert root.attrib["viewBox"] == f"0 0 {WIDTH} {HEIGHT}"
    assert root.findtext(f"{SVG}title") == "L"
    assert len(list(root.iter(f"{SVG}polyline"))) == 1


def test_an_inverted_chart_puts_the_low_value_on_top() -> None:
    assert point_y(1, 1, 4, inverted=True) == TOP
    assert point_y(4, 1, 4, inverted=True) == TOP + PLOT_HEIGHT
    assert point_y(99, 1, 4) == TOP  # outside: at the edge
    assert point_x(0, 1) == LEFT + PLOT_WIDTH / 2


def test_one_point_is_a_marker_alone_in_the_middle() -> None:
    svg = line_chart_svg([_series(7)], slots=1, low=0, high=10, ticks=[], label="L")
    assert _points(svg) == [(LEFT + PLOT_WIDTH / 2, point_y(7, 0, 10), "v7")]
    assert "<polyline" not in svg


def test_no_points_no_chart() -> None:
    assert line_chart_svg([_series()], slots=0, low=0, high=1, ticks=[], label="L") == ""
    assert score_chart_svg(()) == "" and place_chart_svg(()) == ""
    assert trends_html(empty_record()) == ""
    assert legend_html([_series(1)]) == ""  # one line needs no legend


def test_nice_top() -> None:
    assert nice_top(151, 50) == 200 and nice_top(150, 50) == 150 and nice_top(0, 50) == 50


def test_the_games_charts_show_score_and_place_by_level() -> None:
    results = (
        _result(1, level="easy", score=40, place=3),
        _result(2, level="hard", score=151, place=1, won=True),
        _result(3, level="easy", score=90, place=2),
    )
    html = trends_html(record_of(*results))
    ET.fromstring(f"<div>{html}</div>")  # well-formed
    scores = _points(score_chart_svg(results))
    assert [title.split(":")[0] for _x, _y, title in scores] == [
        "1 December 2026",
        "3 December 2026",  # the easy line first (the levels' order), then hard
        "2 December 2026",
    ]
    by_title = {title.split(":")[0]: (x, y) for x, y, title in scores}
    assert by_title["2 December 2026"] == (point_x(1, 3), round(point_y(151, 0, 200), 1))
    places = _points(place_chart_svg(results))
    assert {round(y, 1) for _x, y, title in places if title.startswith("2 December")} == {TOP}
    assert "Easy AI" in html and "Hard AI" in html  # the legend
    assert 'class="chart-legend"' in html
    assert "Your score in your last 3 games, oldest first. Easy AI: 40, 90. Hard AI: 151." in html
    assert "Your place in your last 3 games, oldest first. Easy AI: 3rd of 4, 2nd of 4." in html
    assert html.index("3 December 2026</td>") < html.index("1 December 2026</td>")  # latest first


def test_the_games_charts_in_japanese() -> None:
    results = (_result(1, level="hard", score=40, place=3), _result(2, level="hard"))
    with speaking("ja"):
        html = trends_html(record_of(*results))
    assert "2026年12月1日" in html
    assert "Your" not in html and "oldest" not in html


@pytest.mark.parametrize("count", [1, 20])
def test_the_charts_draw_every_recent_result(count: int) -> None:
    results = tuple(_result(n, score=n * 7) for n in range(1, count + 1))
    assert len(_points(score_chart_svg(results))) == count
    assert len(_points(place_chart_svg(results))) == count
