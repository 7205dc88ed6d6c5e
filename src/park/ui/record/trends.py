"""Your games over time, in "Your record": score and place by opponents' level.

Two line charts (``park.ui.record.charts``) of the record's recent results (the last
:data:`~park.ui.record.parts.RECENT_LIMIT` games, oldest at the left): the score of each game, and
its place (1st at the top), one line a level of opponents, with a legend, and the same numbers as
a table (latest first) for anyone who cannot see the charts. Pure functions, in the page's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from park.ui.lang.i18n import _, ngettext, pgettext
from park.ui.play.markup import escape
from park.ui.record.charts import (
    SHAPES,
    Point,
    Series,
    legend_html,
    line_chart_svg,
    nice_top,
)
from park.ui.record.html import level_label, result_words
from park.ui.record.parts import LEVELS, GameResult, Record, _ordinal
from park.ui.setup.daily import day_words

LEVEL_COLOURS = ("#2e7d32", "#2471a3", "#a93226", "#7d3c98", "#8a6318", "#5a4530")
"""A line's colour by its level's place in :data:`~park.ui.record.parts.LEVELS` (each at least
4.5:1 on the dialog's paper)."""


def level_style(level: str) -> tuple[str, str]:
    """The colour and marker shape of the line of opponents of ``level``."""
    index = LEVELS.index(level) if level in LEVELS else len(LEVELS)
    return LEVEL_COLOURS[index % len(LEVEL_COLOURS)], SHAPES[index % len(SHAPES)]


def _series(results: Sequence[GameResult], value: str) -> list[Series]:
    series = []
    for level in LEVELS:
        points = tuple(
            Point(slot, float(getattr(r, value)), result_words(r))
            for slot, r in enumerate(results)
            if r.level == level
        )
        if points:
            colour, shape = level_style(level)
            series.append(Series(level_label(level), colour, shape, points))
    return series


def _by_level(results: Sequence[GameResult], words: str) -> str:
    """Each level's values in words, oldest first: ``"Hard AI: 120, 95. Easy AI: 40."``."""
    parts = []
    for level in LEVELS:
        mine = [r for r in results if r.level == level]
        if mine:
            if words == "score":
                values = ", ".join(f"{r.score:,}" for r in mine)
            else:
                values = ", ".join(
                    _("{place} of {players}").format(place=r.place_text, players=r.players)
                    for r in mine
                )
            parts.append(
                _("{opponents}: {values}.").format(opponents=level_label(level), values=values)
            )
    return " ".join(parts)


def score_label(results: Sequence[GameResult]) -> str:
    """The score chart summed up for screen readers: every score, by opponents."""
    count = len(results)
    head = ngettext(
        "Your score in your last {count} game, oldest first.",
        "Your score in your last {count} games, oldest first.",
        count,
    ).format(count=count)
    return f"{head} {_by_level(results, 'score')}"


def place_label(results: Sequence[GameResult]) -> str:
    """The place chart summed up for screen readers: every place, by opponents."""
    count = len(results)
    head = ngettext(
        "Your place in your last {count} game, oldest first.",
        "Your place in your last {count} games, oldest first.",
        count,
    ).format(count=count)
    return f"{head} {_by_level(results, 'place')}"


def score_chart_svg(results: Sequence[GameResult]) -> str:
    """The score of each of ``results`` (oldest first), one line a level; ``""`` for none."""
    if not results:
        return ""
    top = nice_top(max(r.score for r in results), 50)
    ticks = [(0.0, "0"), (top / 2, f"{top // 2:,}"), (float(top), f"{top:,}")]
    return line_chart_svg(
        _series(results, "score"),
        slots=len(results),
        low=0,
        high=top,
        ticks=ticks,
        label=score_label(results),
        first=day_words(results[0].date),
        last=day_words(results[-1].date),
        name="scores",
    )


def place_chart_svg(results: Sequence[GameResult]) -> str:
    """The place of each of ``results`` (oldest first), 1st at the top; ``""`` for none."""
    if not results:
        return ""
    last_place = max(2, *(r.players for r in results))
    ticks = [(float(place), _ordinal(place)) for place in range(1, last_place + 1)]
    return line_chart_svg(
        _series(results, "place"),
        slots=len(results),
        low=1,
        high=last_place,
        ticks=ticks,
        label=place_label(results),
        first=day_words(results[0].date),
        last=day_words(results[-1].date),
        inverted=True,
        name="places",
    )


def _numbers(results: Sequence[GameResult]) -> str:
    rows = "".join(
        f"<tr><td>{escape(day_words(r.date))}</td><td>{escape(level_label(r.level))}</td>"
        f"<td>{r.score:,}</td>"
        f"<td>{escape(_('{place} of {players}').format(place=r.place_text, players=r.players))}"
        "</td></tr>"
        for r in reversed(results)
    )
    heads = (
        pgettext("record table", "Date"),
        pgettext("record table", "Opponents"),
        pgettext("record table", "Score"),
        pgettext("record table", "Place"),
    )
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    summary = _("The numbers, latest first")
    return (
        f'<details class="chart-numbers"><summary>{escape(summary)}</summary>'
        f'<table class="record-table"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody>'
        "</table></details>"
    )


def trends_html(record: Record) -> str:
    """Your games over time: the recent results' score and place charts.

    With their legend and their numbers as a table; ``""`` for a record of no recent results.
    """
    results = record.recent
    if not results:
        return ""
    series = _series(results, "score")
    heading = _("Your games over time")
    scores = _("Your score in each game, oldest at the left.")
    places = _("Your place in each game: 1st at the top.")
    return (
        '<section class="record-trends" aria-labelledby="record-trends-title">'
        f'<h3 id="record-trends-title" class="record-heading">{escape(heading)}</h3>'
        f"{legend_html(series)}"
        f'<figure class="chart-figure">{score_chart_svg(results)}'
        f"<figcaption>{escape(scores)}</figcaption></figure>"
        f'<figure class="chart-figure">{place_chart_svg(results)}'
        f"<figcaption>{escape(places)}</figcaption></figure>"
        f"{_numbers(results)}</section>"
    )


__all__ = [
    "LEVEL_COLOURS",
    "level_style",
    "place_chart_svg",
    "place_label",
    "score_chart_svg",
    "score_label",
    "trends_html",
]
