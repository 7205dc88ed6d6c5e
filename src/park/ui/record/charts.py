"""Line charts over time, drawn as inline SVG by our own Python (no charting library).

:func:`line_chart_svg` draws one or more :class:`Series` of values, oldest on the left, on a chart
small enough for a phone's dialog and read the same on a laptop's (the SVG scales with its
``viewBox``). Every chart is an image for screen readers (``role="img"`` and an ``aria-label``
summing it up, a ``<title>`` of the same), and every point carries a ``<title>`` in words; the
numbers themselves are also given as text beside the chart (a table or a list), by the caller.
Colours are attributes, so a chart reads without the stylesheet. Pure string building; the same
arguments always give the same markup.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from park.ui.play.markup import escape

WIDTH = 340
"""The chart's width in its own units (about a phone dialog's width in CSS pixels)."""
HEIGHT = 170
LEFT = 40
"""Room at the left for the values' labels."""
RIGHT = 10
TOP = 10
BOTTOM = 26
"""Room at the bottom for the first and the last day."""
PLOT_WIDTH = WIDTH - LEFT - RIGHT
PLOT_HEIGHT = HEIGHT - TOP - BOTTOM
MARKERS_UP_TO = 60
"""Points are marked one by one up to this many in a series; past it the line alone is drawn."""

INK = "#2b1d12"
INK_SOFT = "#5a4530"
GRID = "#cdbb93"
FONT = 11

SHAPES = ("circle", "square", "diamond", "triangle", "cross")
"""The markers, one a series, so series differ by more than their colour."""


@dataclass(frozen=True, slots=True)
class Point:
    """One value: its ``slot`` (0 the oldest of the chart's ``slots``), ``value``, ``words``.

    ``words``: the point in words, its ``<title>``.
    """

    slot: int
    value: float
    words: str


@dataclass(frozen=True, slots=True)
class Series:
    """The points of one line, oldest first, its ``label``, ``colour`` and marker ``shape``."""

    label: str
    colour: str
    shape: str
    points: tuple[Point, ...]


def point_x(slot: int, slots: int) -> float:
    """Where ``slot`` of ``slots`` stands across the chart (one slot alone: the middle)."""
    if slots <= 1:
        return LEFT + PLOT_WIDTH / 2
    return LEFT + PLOT_WIDTH * slot / (slots - 1)


def point_y(value: float, low: float, high: float, *, inverted: bool = False) -> float:
    """Where ``value`` stands up the chart between ``low`` (the bottom) and ``high`` (the top).

    ``inverted``: ``low`` at the top (a place, 1st best). A value outside is drawn at the edge.
    """
    span = high - low
    share = 0.5 if span <= 0 else (min(max(value, low), high) - low) / span
    if inverted:
        share = 1 - share
    return TOP + PLOT_HEIGHT * (1 - share)


def _num(value: float) -> str:
    """A coordinate, to a tenth (``12`` rather than ``12.0``)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def marker_svg(shape: str, x: float, y: float, colour: str, size: float = 4.0) -> str:
    """A marker of ``shape`` centred on ``x``, ``y`` (also used in a legend's swatch)."""
    ax, ay = _num(x), _num(y)
    stroke = f'fill="{colour}" stroke="{INK}" stroke-width="0.8"'
    if shape == "square":
        return (
            f'<rect x="{_num(x - size)}" y="{_num(y - size)}" width="{_num(2 * size)}" '
            f'height="{_num(2 * size)}" {stroke}/>'
        )
    if shape == "diamond":
        s = size * 1.3
        points = f"{ax},{_num(y - s)} {_num(x + s)},{ay} {ax},{_num(y + s)} {_num(x - s)},{ay}"
        return f'<polygon points="{points}" {stroke}/>'
    if shape == "triangle":
        s = size * 1.3
        foot = _num(y + s * 0.8)
        points = f"{ax},{_num(y - s)} {_num(x + s)},{foot} {_num(x - s)},{foot}"
        return f'<polygon points="{points}" {stroke}/>'
    if shape == "cross":
        s = size
        return (
            f'<path d="M{_num(x - s)} {_num(y - s)}L{_num(x + s)} {_num(y + s)}'
            f'M{_num(x - s)} {_num(y + s)}L{_num(x + s)} {_num(y - s)}" stroke="{colour}" '
            'stroke-width="2.4" fill="none"/>'
        )
    return f'<circle cx="{ax}" cy="{ay}" r="{_num(size)}" {stroke}/>'


def swatch_svg(series: Series) -> str:
    """A legend's small picture of ``series``: its colour and marker, hidden from screen readers."""
    return (
        '<svg class="chart-swatch" viewBox="0 0 24 12" width="24" height="12" aria-hidden="true">'
        f'<line x1="0" y1="6" x2="24" y2="6" stroke="{series.colour}" stroke-width="2"/>'
        f"{marker_svg(series.shape, 12, 6, series.colour, 3.5)}</svg>"
    )


def _axes(
    ticks: Sequence[tuple[float, str]],
    low: float,
    high: float,
    inverted: bool,
    first: str,
    last: str,
) -> str:
    parts = []
    for value, text in ticks:
        y = _num(point_y(value, low, high, inverted=inverted))
        parts.append(
            f'<line x1="{LEFT}" y1="{y}" x2="{WIDTH - RIGHT}" y2="{y}" stroke="{GRID}" '
            'stroke-width="0.8"/>'
            f'<text x="{LEFT - 5}" y="{y}" dy="0.35em" text-anchor="end" font-size="{FONT}" '
            f'fill="{INK_SOFT}">{escape(text)}</text>'
        )
    base = TOP + PLOT_HEIGHT
    parts.append(
        f'<line x1="{LEFT}" y1="{base}" x2="{WIDTH - RIGHT}" y2="{base}" stroke="{INK_SOFT}" '
        'stroke-width="1"/>'
    )
    below = base + 17
    if first:
        parts.append(
            f'<text x="{LEFT}" y="{below}" text-anchor="start" font-size="{FONT}" '
            f'fill="{INK_SOFT}">{escape(first)}</text>'
        )
    if last and last != first:
        parts.append(
            f'<text x="{WIDTH - RIGHT}" y="{below}" text-anchor="end" font-size="{FONT}" '
            f'fill="{INK_SOFT}">{escape(last)}</text>'
        )
    return "".join(parts)


def _series_svg(
    series: Series, slots: int, low: float, high: float, inverted: bool, index: int
) -> str:
    places = [
        (point_x(p.slot, slots), point_y(p.value, low, high, inverted=inverted), p)
        for p in series.points
    ]
    line = ""
    if len(places) > 1:
        path = " ".join(f"{_num(x)},{_num(y)}" for x, y, _p in places)
        line = (
            f'<polyline points="{path}" fill="none" stroke="{series.colour}" stroke-width="2" '
            'stroke-linejoin="round"/>'
        )
    marks = ""
    if len(places) <= MARKERS_UP_TO:
        marks = "".join(
            f'<g class="chart-point" data-x="{_num(x)}" data-y="{_num(y)}">'
            f"<title>{escape(p.words)}</title>{marker_svg(series.shape, x, y, series.colour)}</g>"
            for x, y, p in places
        )
    return f'<g class="chart-series" data-series="{index}">{line}{marks}</g>'


def line_chart_svg(
    series: Sequence[Series],
    *,
    slots: int,
    low: float,
    high: float,
    ticks: Sequence[tuple[float, str]],
    label: str,
    first: str = "",
    last: str = "",
    inverted: bool = False,
    name: str = "",
) -> str:
    """An inline SVG of ``series`` over ``slots`` places in time, oldest at the left.

    Values from ``low`` (the bottom; the top when ``inverted``) to ``high``, with a grid line and a
    label at each of ``ticks`` (value, text); ``first`` and ``last`` written under the left and
    right ends (the first and the last day); ``label`` sums the chart up for screen readers (its
    ``aria-label`` and ``<title>``); ``name`` is its ``data-chart``. A series of one point is a
    marker alone. ``""`` when no series has a point.
    """
    if not any(s.points for s in series):
        return ""
    drawn = "".join(
        _series_svg(s, slots, low, high, inverted, i) for i, s in enumerate(series) if s.points
    )
    return (
        f'<svg class="chart" data-chart="{escape(name)}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>"
        f"{_axes(ticks, low, high, inverted, first, last)}{drawn}</svg>"
    )


def legend_html(series: Sequence[Series]) -> str:
    """The legend of several series: each one's swatch and label (``""`` for one series or none)."""
    shown = [s for s in series if s.points]
    if len(shown) < 2:
        return ""
    items = "".join(f"<li>{swatch_svg(s)}{escape(s.label)}</li>" for s in shown)
    return f'<ul class="chart-legend">{items}</ul>'


def nice_top(value: float, step: int) -> int:
    """``value`` rounded up to a whole number of ``step`` (at least one step)."""
    return max(1, math.ceil(value / step)) * step


__all__ = [
    "HEIGHT",
    "LEFT",
    "PLOT_HEIGHT",
    "PLOT_WIDTH",
    "SHAPES",
    "TOP",
    "WIDTH",
    "Point",
    "Series",
    "legend_html",
    "line_chart_svg",
    "marker_svg",
    "nice_top",
    "point_x",
    "point_y",
    "swatch_svg",
]
