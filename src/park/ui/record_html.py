"""Markup of "Your record", from a :class:`~park.ui.record.Record`: the dialog's body (totals,
a table of games played and won per opponent level and player count, the best score, the
longest expedition) and the small SVG chart of the last results. Pure string building with
every piece of text escaped; colours are attributes, so the chart reads without the
stylesheet (whose ``record-`` rules only set sizes and fonts)."""

from __future__ import annotations

from collections.abc import Sequence

from .markup import escape
from .record import RECENT_LIMIT, GameResult, Record

LEVEL_LABELS: dict[str, str] = {
    "easy": "Easy AI",
    "normal": "Normal AI",
    "hard": "Hard AI",
    "random": "Random AI",
    "none": "People only",
}
"""How the record names the opponents of each level (``"none"``: every seat a person)."""

EMPTY_TEXT = "No finished games yet: your results appear here after your first game."

WIN_COLOUR = "#8a6318"
"""A won game's bar (the site's dark brass), which also carries a star."""
OTHER_COLOUR = "#2471a3"
"""The bar of a game not won (blue; 4.4:1 on the dialog's paper)."""
INK = "#2b1d12"
INK_SOFT = "#5a4530"
STAR_COLOUR = "#b8862b"

_SLOT = 20
_BAR = 14
_LEFT = 30
_TOP = 16
_HEIGHT = 96
_BASE = _TOP + _HEIGHT
_WIDTH = _LEFT + _SLOT * RECENT_LIMIT + 4
_STAR = "0,-5.5 1.4,-1.9 5.2,-1.7 2.2,0.7 3.2,4.4 0,2.3 -3.2,4.4 -2.2,0.7 -5.2,-1.7 -1.4,-1.9"


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word if count == 1 else word + 's'}"


def _opponents(result: GameResult) -> str:
    level = LEVEL_LABELS.get(result.level, result.level)
    return "people only" if result.level == "none" else f"against {level}"


def result_words(result: GameResult) -> str:
    """One result in words, for a bar's tooltip: ``"2026-12-01: 2nd of 4 players, 151
    points, a win; against Hard AI; Today's expedition"``."""
    words = (
        f"{result.date}: {result.place_text} of {result.players} players, "
        f"{_plural(result.score, 'point')}"
    )
    if result.won:
        words += ", a win"
    words += f"; {_opponents(result)}"
    if result.daily:
        words += "; Today's expedition"
    return words


def chart_label(results: Sequence[GameResult]) -> str:
    """The chart's summary for screen readers: ``"Your last 8 results: 3 wins; scores from
    40 to 151."`` (``""`` for no results)."""
    if not results:
        return ""
    wins = sum(r.won for r in results)
    won = "no wins" if wins == 0 else _plural(wins, "win")
    scores = [r.score for r in results]
    if len(results) == 1:
        return f"Your last result: {won}; score {scores[0]}."
    low, high = min(scores), max(scores)
    spread = f"every score {low}" if low == high else f"scores from {low} to {high}"
    return f"Your last {len(results)} results: {won}; {spread}."


def _bar(result: GameResult, slot: int, top: int) -> str:
    height = max(2, round(result.score * _HEIGHT / top))
    x = _LEFT + slot * _SLOT + (_SLOT - _BAR) // 2
    y = _BASE - height
    middle = x + _BAR // 2
    fill = WIN_COLOUR if result.won else OTHER_COLOUR
    star = ""
    if result.won:
        star = (
            f'<polygon class="record-star" points="{_STAR}" '
            f'transform="translate({middle} {y - 7})" fill="{STAR_COLOUR}" stroke="{INK}" '
            'stroke-width="0.6"/>'
        )
    return (
        f'<g class="record-bar{" is-win" if result.won else ""}" '
        f'data-game="{escape(result.game)}">'
        f"<title>{escape(result_words(result))}</title>"
        f'<rect x="{x}" y="{y}" width="{_BAR}" height="{height}" rx="2" fill="{fill}"/>'
        f"{star}"
        f'<text x="{middle}" y="{_BASE + 11}" text-anchor="middle" font-size="8" '
        f'fill="{INK}">{escape(result.place_text)}</text></g>'
    )


def results_chart_svg(results: Sequence[GameResult]) -> str:
    """A small inline SVG of ``results`` (oldest first; only the last :data:`RECENT_LIMIT`
    are drawn): one bar per game, as tall as its score against the best of them, in
    :data:`WIN_COLOUR` with a star for a win and :data:`OTHER_COLOUR` otherwise, the place
    written under it, a ``<title>`` in words per bar (:func:`result_words`) and the whole
    summed up in its ``aria-label`` (:func:`chart_label`). Bars keep their width whatever
    their number. ``""`` for no results. The same results always give the same markup."""
    shown = list(results)[-RECENT_LIMIT:]
    if not shown:
        return ""
    top = max(1, *(r.score for r in shown))
    bars = "".join(_bar(r, slot, top) for slot, r in enumerate(shown))
    axis = (
        f'<line x1="{_LEFT - 3}" y1="{_BASE}" x2="{_WIDTH - 2}" y2="{_BASE}" '
        f'stroke="{INK_SOFT}" stroke-width="1"/>'
        f'<text x="{_LEFT - 5}" y="{_TOP + 3}" text-anchor="end" font-size="8" '
        f'fill="{INK_SOFT}">{top}</text>'
        f'<text x="{_LEFT - 5}" y="{_BASE}" text-anchor="end" font-size="8" '
        f'fill="{INK_SOFT}">0</text>'
    )
    return (
        f'<svg class="record-chart" viewBox="0 0 {_WIDTH} {_BASE + 16}" '
        'xmlns="http://www.w3.org/2000/svg" role="img" '
        f'aria-label="{escape(chart_label(shown))}">{axis}{bars}</svg>'
    )


def _table(record: Record) -> str:
    rows = "".join(
        f'<tr><th scope="row">{escape(LEVEL_LABELS.get(level, level))}, '
        f"{players} players</th><td>{tally.played:,}</td><td>{tally.won:,}</td></tr>"
        for (level, players), tally in record.tallies.items()
    )
    return (
        '<table class="record-table"><caption>Games played and won, by opponents and '
        "number of players</caption><thead><tr>"
        '<th scope="col">Opponents</th><th scope="col">Played</th><th scope="col">Won</th>'
        f"</tr></thead><tbody>{rows}</tbody></table>"
    )


def record_html(record: Record) -> str:
    """The body of the "Your record" dialog: the totals in a sentence ("12 games played, 5
    won."), the best score and the longest expedition, a table of games played and won per
    opponent level and player count, and the chart of the recent results
    (:func:`results_chart_svg`) with a legend. For a record of no games, one sentence
    (:data:`EMPTY_TEXT`)."""
    if record.played == 0:
        return f'<div class="record"><p class="record-empty">{escape(EMPTY_TEXT)}</p></div>'
    played, won = record.played, record.won
    totals = f"{_plural(played, 'game')} played, {won:,} won."
    longest = _plural(record.longest, "Month counter") if record.longest else "none scored yet"
    bests = (
        '<dl class="record-bests">'
        f"<div><dt>Best score</dt><dd>{escape(_plural(record.best_score, 'point'))}</dd></div>"
        f"<div><dt>Longest expedition</dt><dd>{escape(longest)}</dd></div></dl>"
    )
    chart = ""
    if record.recent:
        count = len(record.recent)
        heading = "Your last result" if count == 1 else f"Your last {count} results"
        chart = (
            f'<h3 class="record-heading">{escape(heading)}</h3>'
            f'<figure class="record-figure">{results_chart_svg(record.recent)}'
            '<figcaption class="record-legend">Each bar is a game, oldest first, as tall as '
            "its score; a gold bar with a star is a win; under each bar, your place."
            "</figcaption></figure>"
        )
    return (
        f'<div class="record"><p class="record-totals">{escape(totals)}</p>'
        f"{bests}{_table(record)}{chart}</div>"
    )
