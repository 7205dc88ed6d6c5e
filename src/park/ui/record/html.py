"""Markup of "Your record", from a :class:`~park.ui.record.store.Record`.

The dialog's body (totals, a table of games played and won per opponent level and player count, the
best score, the longest expedition) and the small SVG chart of the last results. Pure string
building with every piece of text escaped; colours are attributes, so the chart reads without the
stylesheet (whose ``record-`` rules only set sizes and fonts).
"""

from __future__ import annotations

from collections.abc import Sequence

from park.ui.lang.i18n import N_, _, ngettext, pgettext
from park.ui.lang.levels import LEVEL_LABELS as LEVELS_LABELLED
from park.ui.play.markup import escape
from park.ui.record.store import NO_AI, RECENT_LIMIT, GameResult, Record
from park.ui.setup.daily import day_words
from park.ui.setup.modes import PlayMode

LEVEL_LABELS: dict[str, str] = {e.name: e.seat for e in LEVELS_LABELLED} | {
    NO_AI: N_("People only")
}
"""How the record names the opponents of each level (``"none"``: every seat a person), in
English (shown translated: :func:`level_label`)."""

EMPTY_TEXT = N_("No finished games yet: your results appear here after your first game.")
"""What the dialog says for a record of no games (English; shown translated)."""
GUIDED_TEXT = N_(
    "Your guided first game (Learn to play) is not counted in your record: your results "
    "appear here from your first ordinary game."
)
"""Why the guided first game at the table is not in the record (English; shown translated)."""

WIN_COLOUR = "#8a6318"
"""A won game's bar (the site's dark brass), which also carries a star."""
OTHER_COLOUR = "#2471a3"
"""The bar of a game not won (blue; 4.4:1 on the dialog's paper)."""
INK = "#2b1d12"
INK_SOFT = "#5a4530"
STAR_COLOUR = "#b8862b"

_SLOT = 15
_BAR = 11
_LEFT = 26
_FONT = 11
"""Labels' size in the chart's units: at least 11 CSS px, as the chart is never drawn smaller
than its units (styles/table.css; issue 48)."""
_TOP = 16
_HEIGHT = 96
_BASE = _TOP + _HEIGHT
_WIDTH = _LEFT + _SLOT * RECENT_LIMIT + 4
_STAR = "0,-5.5 1.4,-1.9 5.2,-1.7 2.2,0.7 3.2,4.4 0,2.3 -3.2,4.4 -2.2,0.7 -5.2,-1.7 -1.4,-1.9"


def level_label(level: str) -> str:
    """The opponents of ``level`` (a key of :data:`LEVEL_LABELS`) in the page's language."""
    label = LEVEL_LABELS.get(level)
    return _(label) if label else level


def _points(count: int) -> str:
    return ngettext("{count} point", "{count} points", count).format(count=f"{count:,}")


def result_words(result: GameResult) -> str:
    """One result in words, for a bar's tooltip.

    ``"1 December 2026: 2nd of 4 players, 151 points, a win; against Hard AI; Today's expedition"``.
    """
    words = ngettext(
        "{date}: {place} of {players} player, {points}",
        "{date}: {place} of {players} players, {points}",
        result.players,
    ).format(
        date=day_words(result.date),
        place=result.place_text,
        players=result.players,
        points=_points(result.score),
    )
    if result.won:
        words = _("{result}, a win").format(result=words)
    if result.level == "none":
        words = _("{result}; people only").format(result=words)
    else:
        words = _("{result}; against {opponents}").format(
            result=words, opponents=level_label(result.level)
        )
    if result.daily:
        words = _("{result}; Today's expedition").format(result=words)
    if result.live:
        words = _("{result}; live, with friends on their own devices").format(result=words)
    return words


def chart_label(results: Sequence[GameResult]) -> str:
    """The chart's summary for screen readers.

    ``"Your last 8 results: 3 wins; scores from 40 to 151."`` (``""`` for no results).
    """
    if not results:
        return ""
    wins = sum(r.won for r in results)
    if wins == 0:
        won = _("no wins")
    else:
        won = ngettext("{count} win", "{count} wins", wins).format(count=f"{wins:,}")
    scores = [r.score for r in results]
    if len(results) == 1:
        return _("Your last result: {wins}; score {score}.").format(wins=won, score=scores[0])
    low, high = min(scores), max(scores)
    if low == high:
        spread = _("every score {score}").format(score=low)
    else:
        spread = _("scores from {low} to {high}").format(low=low, high=high)
    count = len(results)
    return ngettext(
        "Your last {count} result: {wins}; {spread}.",
        "Your last {count} results: {wins}; {spread}.",
        count,
    ).format(count=count, wins=won, spread=spread)


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
        f'<text x="{middle}" y="{_BASE + 12}" text-anchor="middle" font-size="{_FONT}" '
        f'fill="{INK}">{escape(result.place_text)}</text></g>'
    )


def results_chart_svg(results: Sequence[GameResult]) -> str:
    """A small inline SVG of ``results``: one bar per game.

    ``results`` come oldest first; only the last :data:`RECENT_LIMIT` are drawn. Each bar is as tall
    as its score against the best of them, in :data:`WIN_COLOUR` with a star for a win and
    :data:`OTHER_COLOUR` otherwise, the place written under it, a ``<title>`` in words per bar
    (:func:`result_words`) and the whole summed up in its ``aria-label`` (:func:`chart_label`). Bars
    keep their width whatever their number. ``""`` for no results. The same results always give the
    same markup.
    """
    shown = list(results)[-RECENT_LIMIT:]
    if not shown:
        return ""
    top = max(1, *(r.score for r in shown))
    bars = "".join(_bar(r, slot, top) for slot, r in enumerate(shown))
    axis = (
        f'<line x1="{_LEFT - 3}" y1="{_BASE}" x2="{_WIDTH - 2}" y2="{_BASE}" '
        f'stroke="{INK_SOFT}" stroke-width="1"/>'
        f'<text x="{_LEFT - 4}" y="{_TOP + 4}" text-anchor="end" font-size="{_FONT}" '
        f'fill="{INK_SOFT}">{top}</text>'
        f'<text x="{_LEFT - 4}" y="{_BASE}" text-anchor="end" font-size="{_FONT}" '
        f'fill="{INK_SOFT}">0</text>'
    )
    return (
        f'<svg class="record-chart" viewBox="0 0 {_WIDTH} {_BASE + 16}" '
        'xmlns="http://www.w3.org/2000/svg" role="img" '
        f'aria-label="{escape(chart_label(shown))}">{axis}{bars}</svg>'
    )


def _table(record: Record) -> str:
    rows = "".join(
        '<tr><th scope="row">'
        + escape(
            ngettext("{opponents}, {count} player", "{opponents}, {count} players", players).format(
                opponents=level_label(level), count=players
            )
        )
        + f"</th><td>{tally.played:,}</td><td>{tally.won:,}</td></tr>"
        for (level, players), tally in record.tallies.items()
    )
    caption = _("Games played and won, by opponents and number of players")
    opponents = pgettext("record table", "Opponents")
    played = pgettext("record table", "Played")
    won = pgettext("record table", "Won")
    return (
        f'<table class="record-table"><caption>{escape(caption)}</caption><thead><tr>'
        f'<th scope="col">{escape(opponents)}</th>'
        f'<th scope="col">{escape(played)}</th>'
        f'<th scope="col">{escape(won)}</th>'
        f"</tr></thead><tbody>{rows}</tbody></table>"
    )


def record_html(record: Record) -> str:
    """The body of the "Your record" dialog.

    The totals in a sentence ("12 games played, 5 won."), the best score and the longest expedition,
    a table of games played and won per opponent level and player count, and the chart of the recent
    results (:func:`results_chart_svg`) with a legend. For a record of no games, one sentence
    (:data:`EMPTY_TEXT`).
    """
    if record.played == 0:
        return f'<div class="record"><p class="record-empty">{escape(_(EMPTY_TEXT))}</p></div>'
    played, won = record.played, record.won
    totals = ngettext(
        "{count} game played, {won} won.", "{count} games played, {won} won.", played
    ).format(count=f"{played:,}", won=f"{won:,}")
    if record.longest:
        longest = ngettext(
            "{count} Month counter", "{count} Month counters", record.longest
        ).format(count=f"{record.longest:,}")
    else:
        longest = _("none scored yet")
    best = pgettext("record", "Best score")
    longest_label = pgettext("record", "Longest expedition")
    bests = (
        '<dl class="record-bests">'
        f"<div><dt>{escape(best)}</dt><dd>{escape(_points(record.best_score))}</dd></div>"
        f"<div><dt>{escape(longest_label)}</dt><dd>{escape(longest)}</dd></div></dl>"
    )
    chart = ""
    if record.recent:
        count = len(record.recent)
        if count == 1:
            heading = _("Your last result")
        else:
            heading = ngettext(
                "Your last {count} result", "Your last {count} results", count
            ).format(count=count)
        legend = _(
            "Each bar is a game, oldest first, as tall as its score; a gold bar with a star is "
            "a win; under each bar, your place."
        )
        chart = (
            f'<h3 class="record-heading">{escape(heading)}</h3>'
            f'<figure class="record-figure">{results_chart_svg(record.recent)}'
            f'<figcaption class="record-legend">{escape(legend)}</figcaption></figure>'
        )
    return (
        f'<div class="record"><p class="record-totals">{escape(totals)}</p>'
        f"{bests}{_table(record)}{chart}</div>"
    )


def not_counted_html(mode: PlayMode | None) -> str:
    """Why the game at the table is missing from "Your record".

    The game is played as ``mode`` (``None``: no game). A guided first game never counts
    (``park.ui.setup.modes``), and the dialog says so (:data:`GUIDED_TEXT`). ``""`` for any other
    game.
    """
    if mode is None or not mode.is_tutorial:
        return ""
    return f'<p class="record-not-counted">{escape(_(GUIDED_TEXT))}</p>'
