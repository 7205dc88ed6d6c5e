"""Markup of the game's story for the game-over dialog (:mod:`park.ui.story.model`).

A line chart of every player's score by round (inline SVG), then per player their expeditions
(R79-R88) and the Month counters Captain Park took from them, with whose card sent him (R42,
R62-R66).

Pure string building: every piece of text is escaped (``park.ui.play.markup.escape``); classes
start ``story-``; the only inline colours are the seats' own, as SVG presentation
attributes or the ``--seat`` custom property the page's other panels use.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from park.engine.board import Board
from park.engine.deck import Card
from park.ui.lang.i18n import N_, _, card_in_sentence, ngettext, pgettext, term
from park.ui.lang.text import card_words, listing, space_labels, with_article
from park.ui.play.markup import escape
from park.ui.play.panels import seat_tag
from park.ui.story.model import (
    PARK_LANDED,
    STAYED_WITH_PARK,
    ExpeditionStory,
    MonthsLost,
    Story,
)

DASHES: tuple[str, ...] = ("", "7 3", "2 2.5", "9 3 2 3", "4 4", "1 3", "12 3 3 3")
"""The dash of each seat's line (by seat, repeating): lines differ by more than colour."""
MARKERS: tuple[str, ...] = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "triangle-down",
    "ring",
    "hollow-square",
)
"""The marker shape of each seat's line (by seat, repeating)."""

STORY_TITLE = N_("The game's story")
"""The section's heading (English; shown translated)."""
CHART_CAPTION = N_("Every player's score at the end of each round")
"""The caption under the chart (English; shown translated)."""

_WIDTH = 390
_LEFT, _RIGHT, _TOP = 44, 14, 14
_PLOT_HEIGHT = 150
_LEGEND_ROW = 20
_SHORT_NAME = 16
"""Names up to this long fit the legend's two columns; a longer one puts it in one."""
_PAPER = "#fbf4e2"
_INK = "#1b130c"
_TICK = 'font-size="12" fill="#5a4530"'
_LABEL = f'font-size="13" fill="{_INK}"'


def _num(value: float) -> str:
    """A coordinate with at most one decimal, the same text on every run."""
    return f"{round(value, 1):g}"


def _step(span: float, steps: Sequence[int], most: int) -> int:
    for step in steps:
        if span / step <= most:
            return step
    return steps[-1] * (int(span // (steps[-1] * most)) + 1)


def _marker(shape: str, x: float, y: float, colour: str) -> str:
    """One data point of a seat's line, drawn as the seat's ``shape``."""
    r = 3.6
    fill = f'fill="{escape(colour)}" stroke="{_PAPER}" stroke-width="0.8"'
    hollow = f'fill="{_PAPER}" stroke="{escape(colour)}" stroke-width="1.6"'
    if shape == "circle":
        return f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{r}" {fill}/>'
    if shape == "ring":
        return f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r - 0.6)}" {hollow}/>'
    if shape in ("square", "hollow-square"):
        side = 2 * r - (1.2 if shape == "hollow-square" else 0.4)
        return (
            f'<rect x="{_num(x - side / 2)}" y="{_num(y - side / 2)}" width="{_num(side)}" '
            f'height="{_num(side)}" {hollow if shape == "hollow-square" else fill}/>'
        )
    if shape == "diamond":
        d = r * 1.35
        points: tuple[tuple[float, float], ...] = ((x, y - d), (x + d, y), (x, y + d), (x - d, y))
    else:
        sign = -1 if shape == "triangle" else 1
        points = ((x, y + sign * r * 1.3), (x + r * 1.2, y - sign * r), (x - r * 1.2, y - sign * r))
    path = " ".join(f"{_num(px)},{_num(py)}" for px, py in points)
    return f'<polygon points="{path}" {fill}/>'


def chart_summary(story: Story) -> str:
    """The chart in one sentence, for its ``aria-label``.

    "Scores by round: Lady Agatha reached 150 in round 21; You scored no points." (each player's
    final score and the round they reached it in, seat order), then the target (R99).
    """
    parts: list[str] = []
    for player in story.players:
        final = player.score
        reached = next(
            (k for k, scores in enumerate(story.rounds) if scores[player.seat] >= final),
            len(story.rounds) - 1,
        )
        if final == 0:
            part = _("{name} scored no points").format(name=player.name)
        elif reached == 0:
            part = _("{name} had {score} from the start").format(name=player.name, score=final)
        else:
            part = _("{name} reached {score} in round {round}").format(
                name=player.name, score=final, round=story.first_round + reached
            )
        parts.append(part)
    players = pgettext("separator between players' results", "; ").join(parts)
    if story.target:
        return _("Scores by round: {players}. Target {target}.").format(
            players=players, target=story.target
        )
    return _("Scores by round: {players}.").format(players=players)


def score_chart_svg(story: Story) -> str:
    """An inline SVG line chart of every player's score at the end of each round.

    The score (y, points) at the end of each round (x) of ``story.rounds``: one ``<polyline>`` per
    player in seat order, in the seat's colour, with its own dash (:data:`DASHES`) and marker shape
    (:data:`MARKERS`) on every round the score rose (an expedition, R88) and at the end; a dashed
    target line (R99); axis labels; a legend of names (two columns, or one if a name is long).
    ``role="img"`` with :func:`chart_summary` as its ``aria-label``; a ``<title>`` for the chart and
    one per line. Deterministic; the viewBox is 390 wide, so it fits a phone screen at 100% width.
    Raises nothing.
    """
    rounds = story.rounds or (tuple(0 for _ in story.players),)
    count = max(1, len(rounds) - 1)
    top = max([story.target, *(max(r, default=0) for r in rounds), 1])
    y_step = _step(top, (10, 20, 25, 50, 100, 200, 250, 500), 5)
    y_max = -(-top // y_step) * y_step
    x_step = _step(count, (1, 2, 5, 10, 20, 25, 50, 100), 8)
    plot_w = _WIDTH - _LEFT - _RIGHT
    bottom = _TOP + _PLOT_HEIGHT

    def x_at(k: int) -> float:
        return _LEFT + plot_w * k / count

    def y_at(points: int) -> float:
        return bottom - _PLOT_HEIGHT * points / y_max

    grid: list[str] = []
    for value in range(0, y_max + 1, y_step):
        y = _num(y_at(value))
        grid.append(
            f'<line class="story-grid" x1="{_LEFT}" x2="{_LEFT + plot_w}" y1="{y}" y2="{y}" '
            'stroke="#d8c094" stroke-width="0.6"/>'
            f'<text class="story-tick" x="{_LEFT - 5}" y="{y}" dy="0.35em" '
            f'text-anchor="end" {_TICK}>{value}</text>'
        )
    first = story.first_round
    labelled = [k for k in range(count + 1) if k == 0 or (first + k) % x_step == 0]
    if labelled[-1] != count and 2 * (count - labelled[-1]) >= x_step:
        labelled.append(count)  # the last round, unless it would crowd the label before it
    for k in labelled:
        x = _num(x_at(k))
        grid.append(
            f'<line class="story-axis" x1="{x}" x2="{x}" y1="{bottom}" y2="{bottom + 4}" '
            f'stroke="{_INK}"/>'
            f'<text class="story-tick" x="{x}" y="{bottom + 16}" '
            f'text-anchor="middle" {_TICK}>{first + k}</text>'
        )
    if story.target:
        y = _num(y_at(story.target))
        target = pgettext("score chart", "Target {target}").format(target=story.target)
        grid.append(
            f'<line class="story-target" x1="{_LEFT}" x2="{_LEFT + plot_w}" y1="{y}" y2="{y}" '
            f'stroke="#8a6318" stroke-dasharray="3 3"/>'
            f'<text class="story-target-label" x="{_LEFT + 4}" y="{_num(y_at(story.target) - 4)}" '
            'font-size="12" fill="#8a6318">'
            f"{escape(target)}</text>"
        )
    lines: list[str] = []
    legend: list[str] = []
    legend_top = bottom + 48
    columns = 2 if all(len(p.name) <= _SHORT_NAME for p in story.players) else 1
    for player in story.players:
        i = player.seat
        colour = escape(player.colour)
        dash = DASHES[i % len(DASHES)]
        shape = MARKERS[i % len(MARKERS)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        points = [(x_at(k), y_at(scores[i])) for k, scores in enumerate(rounds)]
        marks = "".join(
            _marker(shape, x, y, player.colour)
            for k, (x, y) in enumerate(points)
            if k == len(points) - 1 or (k and rounds[k][i] > rounds[k - 1][i])
        )
        path = " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
        lines.append(
            f'<g class="story-line" data-seat="{i}">'
            f"<title>{escape(_line_title(player.name, player.score))}</title>"
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.2" '
            f'stroke-linejoin="round"{dash_attr}/>{marks}</g>'
        )
        lx = 8 + (i % columns) * 190
        ly = legend_top + (i // columns) * _LEGEND_ROW
        legend.append(
            f'<g class="story-key">'
            f'<line x1="{lx}" x2="{lx + 26}" y1="{ly}" y2="{ly}" stroke="{colour}" '
            f'stroke-width="2.2"{dash_attr}/>{_marker(shape, lx + 13, ly, player.colour)}'
            f'<text class="story-key-name" x="{lx + 32}" y="{ly}" dy="0.35em" {_LABEL}>'
            f"{escape(player.name)}</text></g>"
        )
    height = legend_top + -(-len(story.players) // columns) * _LEGEND_ROW - 6
    summary = escape(chart_summary(story))
    x_label = escape(pgettext("score chart axis", "Round"))
    y_label = escape(pgettext("score chart axis", "Points"))
    return (
        f'<svg class="story-chart-svg" viewBox="0 0 {_WIDTH} {height}" '
        f'xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{summary}">'
        f"<title>{summary}</title>"
        f'<rect class="story-chart-bg" x="0.5" y="0.5" width="{_WIDTH - 1}" '
        f'height="{height - 1}" rx="6" fill="{_PAPER}"/>'
        f"{''.join(grid)}"
        f'<line class="story-axis" x1="{_LEFT}" x2="{_LEFT + plot_w}" y1="{bottom}" '
        f'y2="{bottom}" stroke="{_INK}"/>'
        f'<line class="story-axis" x1="{_LEFT}" x2="{_LEFT}" y1="{_TOP}" y2="{bottom}" '
        f'stroke="{_INK}"/>'
        f'<text class="story-axis-label" x="{_LEFT + plot_w / 2:g}" y="{bottom + 32}" '
        f'text-anchor="middle" {_LABEL}>{x_label}</text>'
        f'<text class="story-axis-label story-axis-y" x="12" y="{_TOP + _PLOT_HEIGHT / 2:g}" '
        f'text-anchor="middle" {_LABEL} transform="rotate(-90 12 {_TOP + _PLOT_HEIGHT / 2:g})">'
        f"{y_label}</text>"
        f"{''.join(lines)}{''.join(legend)}</svg>"
    )


def _points(count: int) -> str:
    return ngettext("{count} point", "{count} points", count).format(count=count)


def _months(count: int) -> str:
    return ngettext("{count} Month counter", "{count} Month counters", count).format(count=count)


def _line_title(name: str, score: int) -> str:
    """A chart line's tooltip: "Ada: 151 points"."""
    return ngettext("{name}: {count} point", "{name}: {count} points", score).format(
        name=name, count=score
    )


def _card_words(card_id: str, cards: Mapping[str, Card]) -> str:
    card = cards.get(card_id)
    return card_id if card is None else card_words(card)


def _expedition_parts(
    expedition: ExpeditionStory, cards: Mapping[str, Card]
) -> tuple[str, dict[str, str]]:
    """The message of an expedition's sentence and its values (``points`` last)."""
    e = expedition
    x = e.expedition
    proof = listing([_card_words(c, cards) for c in e.cards]) or _("no cards")
    message = _(
        "Turn {turn}: {destination} with {cards}; {months}; Basic score {basic}, Diversity "
        "bonus {diversity}, Endurance bonus {endurance}, Fad bonus {fad}, Novelty bonus "
        "{novelty}: {points}"
    )
    values = {
        "turn": str(e.turn),
        "destination": term(x.destination),
        "cards": proof,
        "months": _months(x.months),
        "basic": str(x.basic),
        "diversity": str(x.diversity),
        "endurance": str(x.endurance),
        "fad": str(x.fad),
        "novelty": str(x.novelty),
        "points": _points(x.total),
    }
    return message, values


def expedition_sentence(expedition: ExpeditionStory, cards: Mapping[str, Card]) -> str:
    """One expedition in words (R79-R88).

    "Turn 14: Everest with Ice Axe (Artifact), Sherpa Tale (Anecdote); 7 Month counters; Basic score
    12, Diversity bonus 10, Endurance bonus 3, Fad bonus 10, Novelty bonus 0: 35 points". ``cards``
    maps card ids to cards (an unknown id is shown as it is).
    """
    message, values = _expedition_parts(expedition, cards)
    return message.format(**values)


_LOSS_BY_CARD: Mapping[str, str] = {
    "own_you": N_(
        "Turn {turn}: lost {months} on {space}: Captain Park was sent by your own card ({card})."
    ),
    "own_them": N_(
        "Turn {turn}: lost {months} on {space}: Captain Park was sent by their own card ({card})."
    ),
    "you": N_(
        "Turn {turn}: lost {months} on {space}: Captain Park was sent by your card ({card})."
    ),
    "other": N_(
        "Turn {turn}: lost {months} on {space}: Captain Park was sent by {name}'s card ({card})."
    ),
}
"""A loss to Captain Park whom a known card sent, by whose card it was (A24)."""
_LOSS_BY_UNKNOWN_CARD: Mapping[str, str] = {
    "own_you": N_("Turn {turn}: lost {months} on {space}: Captain Park was sent by your own card."),
    "own_them": N_(
        "Turn {turn}: lost {months} on {space}: Captain Park was sent by their own card."
    ),
    "you": N_("Turn {turn}: lost {months} on {space}: Captain Park was sent by your card."),
    "other": N_("Turn {turn}: lost {months} on {space}: Captain Park was sent by {name}'s card."),
}
"""The same, when the card is not known."""


def loss_sentence(
    loss: MonthsLost,
    *,
    loser: int,
    names: Sequence[str],
    cards: Mapping[str, Card],
    board: Board,
    you: int | None = None,
) -> str:
    """One loss of Month counters to Captain Park in words, for ``loser``'s list.

    "Turn 9: lost 4 Month counters on Café 3: Captain Park was sent by Lady Agatha's card (Ice
    Axe)." (R62; "your own card" / "their own card" when the loser sent him, A24), "Turn 9: lost 4
    Month counters: walked into Captain Park on Café 3." (R63), or "…: stayed put with Captain Park
    on Café 3." (R66, A1). ``names`` in seat order; ``you`` the viewer.
    """
    values = {
        "turn": str(loss.turn),
        "months": _months(loss.months),
        "space": with_article(space_labels(board).get(loss.space, loss.space)),
    }
    if loss.reason == STAYED_WITH_PARK:
        return _("Turn {turn}: lost {months}: stayed put with Captain Park on {space}.").format(
            **values
        )
    if loss.reason != PARK_LANDED:
        return _("Turn {turn}: lost {months}: walked into Captain Park on {space}.").format(
            **values
        )
    sender = loss.sent_by
    if sender is None:
        return _("Turn {turn}: lost {months} on {space}: Captain Park landed there.").format(
            **values
        )
    card = cards.get(loss.card or "")
    if sender == loser:
        owner = "own_you" if sender == you else "own_them"
    else:
        owner = "you" if sender == you else "other"
    message = (_LOSS_BY_CARD if card else _LOSS_BY_UNKNOWN_CARD)[owner]
    return _(message).format(
        **values, name=names[sender], card=card_in_sentence(card) if card else ""
    )


def _expedition_item(expedition: ExpeditionStory, cards: Mapping[str, Card]) -> str:
    """An expedition's sentence as a list item, its points in bold."""
    message, values = _expedition_parts(expedition, cards)
    escaped = {key: escape(value) for key, value in values.items()}
    escaped["points"] = f'<b class="story-total">{escaped["points"]}</b>'
    return f'<li class="story-exp">{escape(message).format(**escaped)}</li>'


def _player_html(
    story: Story,
    seat: int,
    *,
    cards: Mapping[str, Card],
    board: Board,
    you: int | None,
) -> str:
    player = story.players[seat]
    names = [p.name for p in story.players]
    is_you = seat == you
    tag = seat_tag(player.name, is_you=is_you, level_name="")
    tag_html = f'<span class="tag story-you">{escape(tag)}</span>' if tag else ""
    win = ""
    if story.winner == seat:
        winner = pgettext("game story", "Winner")
        win = f'<span class="win-flag">{escape(winner)}</span>'
    count = len(player.expeditions)
    lost = player.total_months_lost
    facts = _("{points} · {expeditions} · {lost}").format(
        points=_points(player.score),
        expeditions=ngettext("{count} expedition", "{count} expeditions", count).format(
            count=count
        ),
        lost=ngettext(
            "{count} Month counter lost to Captain Park",
            "{count} Month counters lost to Captain Park",
            lost,
        ).format(count=lost),
    )
    if player.expeditions:
        items = "".join(_expedition_item(e, cards) for e in player.expeditions)
        exps = f'<ol class="story-exps">{items}</ol>'
    else:
        none = _("No expedition scored.")
        exps = f'<p class="story-none">{escape(none)}</p>'
    if player.months_lost:
        items = "".join(
            '<li class="story-loss">'
            + escape(loss_sentence(m, loser=seat, names=names, cards=cards, board=board, you=you))
            + "</li>"
            for m in player.months_lost
        )
        losses = f'<ol class="story-losses">{items}</ol>'
    else:
        never = (
            _("Captain Park never caught you.") if is_you else _("Captain Park never caught them.")
        )
        losses = f'<p class="story-none">{escape(never)}</p>'
    opened = " open" if is_you else ""
    expeditions = pgettext("game story", "Expeditions")
    lost_heading = _("Month counters lost to Captain Park")
    return (
        f'<li class="story-player{" is-winner" if win else ""}"'
        f' style="--seat:{escape(player.colour)}" '
        f'data-seat="{seat}"><details{opened}><summary class="story-head">'
        f'<span class="swatch" aria-hidden="true"></span>'
        f'<span class="story-name">{escape(player.name)}</span>{tag_html}{win}'
        f'<span class="story-facts">{escape(facts)}</span></summary>'
        f'<h4 class="story-sub">{escape(expeditions)}</h4>{exps}'
        f'<h4 class="story-sub">{escape(lost_heading)}</h4>{losses}'
        "</details></li>"
    )


def story_html(
    story: Story, *, cards: Mapping[str, Card], board: Board, you: int | None = None
) -> str:
    """The game's story as a ``<section>`` for the game-over dialog.

    The heading "The game's story", the score-by-round chart (:func:`score_chart_svg`), then one
    folding ``<details>`` per player in seat order (the viewer's, ``you``, open and tagged "You"):
    name, points, expeditions and Month counters lost, each expedition in words
    (:func:`expedition_sentence`, R79-R88) or "No expedition scored.", and each loss to Captain Park
    (:func:`loss_sentence`, R62-R66). ``cards`` maps card ids to cards; ``board`` names the spaces.
    Every text is escaped. Raises nothing for a consistent story (``IndexError`` if a loss names a
    seat the story does not have).
    """
    players = "".join(
        _player_html(story, p.seat, cards=cards, board=board, you=you) for p in story.players
    )
    return (
        '<section class="story" aria-labelledby="story-title">'
        f'<h3 class="story-title" id="story-title">{escape(_(STORY_TITLE))}</h3>'
        f'<figure class="story-chart">{score_chart_svg(story)}'
        f'<figcaption class="story-caption">{escape(_(CHART_CAPTION))}</figcaption></figure>'
        f'<ul class="story-players">{players}</ul></section>'
    )


__all__ = [
    "CHART_CAPTION",
    "DASHES",
    "MARKERS",
    "STORY_TITLE",
    "chart_summary",
    "expedition_sentence",
    "loss_sentence",
    "score_chart_svg",
    "story_html",
]
