"""Your puzzles over time, in "Your record": the puzzles tried and the rating chart.

The puzzles tried, latest first (the last :data:`SHOWN`): each one's number, solved or not at the
first try, the day of that try and the rating after it (a try counted before the record kept them,
version 1, says so); and a line chart (``park.ui.record.charts``) of the rating after each first
try, oldest at the left. Pure functions, in the page's language.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from park.ui.lang.i18n import _, ngettext, pgettext
from park.ui.play.markup import escape
from park.ui.puzzles.progress import PuzzleRecord, Try
from park.ui.record.charts import Point, Series, line_chart_svg
from park.ui.setup.daily import day_words

SHOWN = 20
"""Puzzles tried listed at most (the latest)."""
CHARTED = 200
"""First tries the rating chart draws at most (the latest)."""
RATING_COLOUR = "#2471a3"


def _solved(solved: bool) -> str:
    return _("Solved") if solved else _("Not solved")


def try_words(tried: Try) -> str:
    """A try in words, for a point's tooltip.

    ``"Puzzle 17, 4 December 2026: solved; rating after it 1592."``
    """
    if tried.day is None or tried.rating is None:
        return _("Puzzle {number}: {result}.").format(
            number=tried.number, result=_solved(tried.solved).lower()
        )
    return _("Puzzle {number}, {date}: {result}; rating after it {rating}.").format(
        number=tried.number,
        date=day_words(tried.day),
        result=_solved(tried.solved).lower(),
        rating=round(tried.rating),
    )


def _charted(record: PuzzleRecord) -> list[Try]:
    return [t for t in record.tries() if t.day is not None and t.rating is not None][-CHARTED:]


def rating_label(tries: Sequence[Try]) -> str:
    """The rating chart summed up for screen readers (``""`` for no tries)."""
    ratings = [round(t.rating) for t in tries if t.rating is not None]
    if not ratings:
        return ""
    count = len(ratings)
    return ngettext(
        "Your puzzle rating after your last {count} first try: from {low} to {high}, now {now}.",
        "Your puzzle rating after your last {count} first tries: from {low} to {high}, now {now}.",
        count,
    ).format(count=count, low=min(ratings), high=max(ratings), now=ratings[-1])


def rating_chart_svg(record: PuzzleRecord) -> str:
    """The rating after each first try whose day is known, oldest at the left; ``""`` for none.

    The values run between the hundreds around them (at least 100 apart), with a grid line at each
    end; under the ends, the first and the last day.
    """
    tries = _charted(record)
    if not tries:
        return ""
    ratings = [t.rating for t in tries if t.rating is not None]
    low = math.floor(min(ratings) / 100) * 100
    high = max(low + 100, math.ceil(max(ratings) / 100) * 100)
    ticks = [(float(value), str(value)) for value in range(low, high + 1, 100)]
    if len(ticks) > 5:
        ticks = [ticks[0], ticks[len(ticks) // 2], ticks[-1]]
    points = tuple(
        Point(slot, t.rating, try_words(t)) for slot, t in enumerate(tries) if t.rating is not None
    )
    series = Series(_("Puzzle rating"), RATING_COLOUR, "circle", points)
    first, last = tries[0].day, tries[-1].day
    return line_chart_svg(
        [series],
        slots=len(tries),
        low=low,
        high=high,
        ticks=ticks,
        label=rating_label(tries),
        first=day_words(first) if first else "",
        last=day_words(last) if last else "",
        name="puzzle-rating",
    )


def tried_html(record: PuzzleRecord) -> str:
    """The table of the puzzles tried, latest first (the last :data:`SHOWN`); ``""`` for none."""
    tries = record.tries()
    if not tries:
        return ""
    unknown = _("not recorded")
    rows = "".join(
        f'<tr class="{"is-solved" if t.solved else "is-missed"}">'
        f'<th scope="row">{t.number}</th><td>{escape(_solved(t.solved))}</td>'
        f"<td>{escape(day_words(t.day) if t.day else unknown)}</td>"
        f"<td>{escape(str(round(t.rating)) if t.rating is not None else unknown)}</td></tr>"
        for t in reversed(tries[-SHOWN:])
    )
    heads = (
        pgettext("puzzles tried", "Puzzle"),
        pgettext("puzzles tried", "First try"),
        pgettext("puzzles tried", "Date"),
        pgettext("puzzles tried", "Rating after"),
    )
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    count = len(tries)
    if count > SHOWN:
        caption = ngettext(
            "The last {shown} of the {count} puzzle you tried, latest first",
            "The last {shown} of the {count} puzzles you tried, latest first",
            count,
        ).format(shown=SHOWN, count=f"{count:,}")
    else:
        caption = ngettext(
            "The {count} puzzle you tried",
            "The {count} puzzles you tried, latest first",
            count,
        ).format(count=count)
    return (
        f'<table class="record-table puzzles-tried"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )


def history_html(record: PuzzleRecord) -> str:
    """Your puzzles over time: the rating chart and the puzzles tried; ``""`` for none tried."""
    table = tried_html(record)
    if not table:
        return ""
    chart = rating_chart_svg(record)
    figure = ""
    if chart:
        caption = _("Your puzzle rating after each first try, oldest at the left.")
        figure = (
            f'<figure class="chart-figure">{chart}'
            f"<figcaption>{escape(caption)}</figcaption></figure>"
        )
    heading = _("Your puzzles over time")
    return (
        '<section class="record-puzzle-history" aria-labelledby="record-puzzle-history-title">'
        f'<h3 id="record-puzzle-history-title" class="record-heading">{escape(heading)}</h3>'
        f"{figure}{table}</section>"
    )


__all__ = [
    "CHARTED",
    "SHOWN",
    "history_html",
    "rating_chart_svg",
    "rating_label",
    "tried_html",
    "try_words",
]
