"""HTML markup of the page's panels, from the view model: decision, players, hand, log,
game over. Pure string building with every piece of text escaped.

Buttons carry ``data-action="<action text>"`` (``park.parse_action`` reads it back); the page
has one click handler that sends it to the session. The Marketplace's check boxes are
``<input name="market-card" value="<card id>">``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..engine.actions import PlayCard
from .colours import ink_on
from .markup import escape
from .recap import RecapLine
from .text import plural
from .view_types import (
    BreakdownView,
    ButtonView,
    CardView,
    DecisionView,
    GameOverView,
    GameView,
    LogLine,
    PlayerView,
    ScoringBoardView,
)

_DEST_SHORT = {
    "Africa": "Afr",
    "Amazon": "Ama",
    "China": "Chi",
    "Everest": "Eve",
    "South Pole": "S.P.",
}


def hint_id(action: str) -> str:
    """The id of the element holding the hint of the control for ``action`` (its accessible
    description): ``"hint-step-3"`` for ``"step:3"``."""
    return "hint-" + re.sub(r"[^A-Za-z0-9_-]+", "-", action)


def _button(b: ButtonView, *, extra_class: str = "") -> str:
    """A decision button: its name is the label; the hint under it is its description
    (``aria-describedby``), hidden from the name so that name and visible label agree."""
    cls = f"btn btn-{escape(b.style)} {extra_class}".strip()
    described = ""
    detail = ""
    if b.detail:
        hint = hint_id(b.action)
        described = f' aria-describedby="{hint}"'
        detail = f'<span class="btn-detail" id="{hint}" aria-hidden="true">{escape(b.detail)}</span>'
    return (
        f'<button type="button" class="{cls}" data-action="{escape(b.action)}"{described}>'
        f'<span class="btn-label">{escape(b.label)}</span>{detail}</button>'
    )


def card_html(
    card: CardView, *, compact: bool = False, tag: str = "article", play: ButtonView | None = None
) -> str:
    """One card face: type band, name, values per destination, flavour text.

    With ``play`` (the decision button that plays this card), the card holds a "Play" button
    for that action whose click area covers the whole card: clicking a playable card plays
    it. Its name is ``play.label`` ("Play Lion's Tooth…", starting with the visible "Play");
    the hint, the type and the values are its description.
    """
    values = "".join(
        f'<li class="val{" is-best" if d == card.best else ""}{" is-blank" if v is None else ""}">'
        f'<abbr title="{escape(d)}">{escape(_DEST_SHORT[d])}</abbr>'
        f"<b>{'–' if v is None else v}</b></li>"
        for d, v in card.values
    )
    worth = ", ".join(f"{d} {v}" for d, v in card.values if v is not None)
    classes = f"card type-{card.type_slug}" + (" is-playable" if card.playable else "")
    if compact:
        classes += " is-compact"
    badge = '<span class="card-badge">Playable here</span>' if card.playable else ""
    if card.is_new:
        classes += " is-new"
        badge += '<span class="card-badge card-new">New</span>'
    flavor = "" if compact else f'<p class="card-flavor">{escape(card.flavor)}</p>'
    fresh = ", just drawn" if card.is_new else ""
    acts = f'aria-label="{escape(card.name)}: {escape(card.type)}; {escape(worth)}{fresh}"'
    if play is not None:
        classes += f" is-action btn-{escape(play.style)}-card"
        hint = f"card-{hint_id(play.action)}"
        rest = play.label.removeprefix("Play")
        badge = (
            f'<button type="button" class="card-badge card-play" '
            f'data-action="{escape(play.action)}" aria-describedby="{hint}" '
            f'title="{escape(play.label)}: {escape(play.detail)}">'
            f'Play<span class="visually-hidden">{escape(rest)}</span></button>'
            f'<span class="visually-hidden" id="{hint}">{escape(play.detail)}{fresh}</span>'
        ) + badge.replace('<span class="card-badge">Playable here</span>', "")
    return (
        f'<{tag} class="{classes}" data-card="{escape(card.id)}" {acts}>'
        f'<header class="card-type"><span>{escape(card.type)}</span>'
        f"<small>at {escape(card.played_at)}</small></header>"
        f'<h3 class="card-name">{escape(card.name)}</h3>'
        f'<ul class="card-values" aria-hidden="true">{values}</ul>'
        f"{flavor}{badge}</{tag}>"
    )


def chip_html(card: CardView) -> str:
    """A face-up Inventory card in one line: type colour, name and its values."""
    worth = " · ".join(f"{_DEST_SHORT[d]} {v}" for d, v in card.values if v is not None)
    full = ", ".join(f"{d} {v}" for d, v in card.values if v is not None)
    return (
        f'<li class="chip type-{card.type_slug}" data-card="{escape(card.id)}" '
        f'title="{escape(card.type)}: {escape(card.flavor)}" '
        f'aria-label="{escape(card.name)} ({escape(card.type)}): {escape(full)}">'
        f'<span class="chip-name">{escape(card.name)}</span>'
        f'<span class="chip-vals" aria-hidden="true">{escape(worth)}</span></li>'
    )


def breakdown_table(b: BreakdownView) -> str:
    """The five parts of an expedition's score and its total (R83-R88)."""
    rows = "".join(
        f'<tr><th scope="row">{name}</th><td>{value}</td></tr>' for name, value in b.parts
    )
    return (
        f'<table class="breakdown"><tbody>{rows}</tbody>'
        f'<tfoot><tr><th scope="row">Total</th><td>{b.total}</td></tr></tfoot></table>'
    )


def _score_option(b: BreakdownView, button: ButtonView | None, *, folded: bool = False) -> str:
    """One of the Club's choices: the destination, its total, the five parts, the proof and
    the button; ``folded``: in a closed ``<details>`` (only the best is shown open, so the
    panel stays short)."""
    cards = ", ".join(escape(c) for c in b.cards)
    worthless = (
        f'<p class="worthless">Discarded as worthless first: {", ".join(escape(c) for c in b.worthless)}</p>'
        if b.worthless
        else ""
    )
    btn = _button(button) if button else ""
    head = f'<h3>{escape(b.destination)} <span class="total">{b.total} points</span></h3>'
    body = f'{breakdown_table(b)}<p class="proof">Proof: {cards}</p>{worthless}{btn}'
    if folded:
        return (
            f'<details class="score-option dest-{escape(b.slug)}">'
            f"<summary>{head}</summary>{body}</details>"
        )
    return f'<div class="score-option dest-{escape(b.slug)}">{head}{body}</div>'


UNDO_BUTTON = (
    '<button type="button" class="btn btn-undo" data-ui="undo" aria-keyshortcuts="Control+Z" '
    'title="Take back your last decision (Ctrl+Z)">Undo</button>'
)
"""The Undo button, shown under the decision while the human can take a decision back."""

PLAY_AGAIN_BUTTON = (
    '<button type="button" class="btn btn-primary" data-ui="again">Play again</button>'
)
"""Starts a new deal with the same table (name, opponents, level)."""


def decision_html(
    d: DecisionView, *, can_undo: bool = False, undo_note: str | None = None
) -> str:
    """The decision panel: title, prompt and one button per choice; with ``can_undo`` an
    Undo button after them, else ``undo_note`` (why nothing can be taken back) if given."""
    html = _decision_body(d)
    if can_undo:
        html = html[: -len("</div>")] + f'<div class="undo-bar">{UNDO_BUTTON}</div></div>'
    elif undo_note:
        note = f'<p class="undo-note">{escape(undo_note)}</p>'
        html = html[: -len("</div>")] + f'<div class="undo-bar">{note}</div></div>'
    return html


def _decision_body(d: DecisionView) -> str:
    head = (
        f'<h2 class="decision-title">{escape(d.title)}</h2>'
        f'<p class="decision-prompt">{escape(d.prompt)}</p>'
    )
    if d.kind == "over":
        return (
            f'<div class="decision is-over" data-kind="over">{head}<div class="decision-buttons">'
            f"{PLAY_AGAIN_BUTTON}"
            '<button type="button" class="btn btn-secondary" data-ui="results">See the results</button>'
            '<button type="button" class="btn btn-secondary" data-ui="new">New game</button>'
            "</div></div>"
        )
    if d.kind == "wait":
        return (
            f'<div class="decision is-wait" data-kind="wait">{head}'
            '<div class="thinking" aria-hidden="true"><span></span><span></span><span></span></div>'
            "</div>"
        )
    if d.kind == "market":
        boxes = "".join(
            f'<label class="market-pick"><input type="checkbox" name="market-card" '
            f'value="{escape(c.id)}" aria-label="Exchange {escape(c.name)}">'
            f"{card_html(c, compact=True, tag='div')}</label>"
            for c in d.market_cards
        )
        buttons = "".join(_button(b, extra_class="market-go") for b in d.buttons)
        return (
            f'<div class="decision" data-kind="market">{head}'
            f'<fieldset class="market-cards"><legend>Your hand</legend>{boxes}</fieldset>'
            f'<div class="decision-buttons">{buttons}</div></div>'
        )
    if d.kind == "club":
        by_action = {b.action: b for b in d.buttons}
        options = "".join(
            _score_option(o, by_action.get(o.action or ""), folded=k > 0)
            for k, o in enumerate(d.score_options)
        )
        rest = "".join(
            _button(b) for b in d.buttons if b.action not in {o.action for o in d.score_options}
        )
        return (
            f'<div class="decision" data-kind="club">{head}'
            f'<div class="score-options">{options}</div>'
            f'<div class="decision-buttons">{rest}</div></div>'
        )
    buttons = "".join(_button(b) for b in d.buttons)
    return (
        f'<div class="decision" data-kind="{escape(d.kind)}">{head}'
        f'<div class="decision-buttons">{buttons}</div></div>'
    )


def _months(p: PlayerView) -> str:
    shown = max(p.months_needed, p.months)
    tokens = "".join(
        f'<i class="{"on" if i < p.months else "off"}{" need" if i < p.months_needed else ""}"></i>'
        for i in range(min(shown, 14))
    )
    more = f"<small>+{shown - 14}</small>" if shown > 14 else ""
    return f'<span class="months" aria-hidden="true">{tokens}{more}</span>'


def seat_tag(name: str, *, is_you: bool, level_name: str) -> str:
    """The small tag after a seat's name: "You" for the human (none if the name already
    says so, e.g. a blank name on the form), else the bot's level ("Normal AI")."""
    if is_you:
        return "" if name.strip().casefold() == "you" else "You"
    return level_name


def _tag_html(tag: str) -> str:
    return f'<span class="tag">{escape(tag)}</span>' if tag else ""


def player_html(p: PlayerView) -> str:
    """One seat in the players panel (everything here is public)."""
    classes = ["player"]
    if p.is_active:
        classes.append("is-active")
    if p.is_you:
        classes.append("is-you")
    if p.is_winner:
        classes.append("is-winner")
    tag = seat_tag(p.name, is_you=p.is_you, level_name=p.level_name)
    flag = '<span class="turn-flag">Playing</span>' if p.is_active else ""
    flag += '<span class="win-flag">Winner</span>' if p.is_winner else ""
    inv = (
        "".join(chip_html(c) for c in p.inventory)
        if p.inventory
        else '<li class="empty">empty</li>'
    )
    visited = (
        f'<p class="visited">Scored this cycle: {escape(", ".join(p.visited))}</p>'
        if p.visited
        else ""
    )
    progress = min(100, round(100 * p.score / p.target)) if p.target else 0
    return (
        f'<li class="{" ".join(classes)}" style="--seat:{escape(p.colour)}" data-seat="{p.seat}">'
        f'<div class="player-head"><span class="swatch" aria-hidden="true" '
        f'style="color:{ink_on(p.colour)}">{escape(p.letter)}</span>'
        f'<span class="player-name">{escape(p.name)}</span>'
        f"{_tag_html(tag)}{flag}</div>"
        f'<dl class="player-stats">'
        f'<div class="stat-score"><dt>Score</dt><dd><b>{p.score}</b> / {p.target}'
        f'<span class="bar"><span style="width:{progress}%"></span></span></dd></div>'
        f'<div class="stat-months"><dt>Month counters</dt><dd>{_months(p)}'
        f"<b>{p.months}</b> / {p.months_needed}</dd></div>"
        f"<div><dt>Hand</dt><dd>{plural(p.hand_size, 'card')}</dd></div>"
        f"<div><dt>At</dt><dd>{escape(p.position)}</dd></div>"
        "</dl>"
        f'<div class="inventory"><h3>Inventory ({len(p.inventory)})</h3>'
        f'<ul class="inv-cards">{inv}</ul></div>{visited}</li>'
    )


def players_html(players: Sequence[PlayerView]) -> str:
    """Every seat, in turn order."""
    return f'<ul class="players">{"".join(player_html(p) for p in players)}</ul>'


def outlook_note(view: GameView) -> str:
    """The line above "If you scored now": the viewer's Month counters against what scoring
    needs (R75), and why a row is greyed: too few Month counters, or a destination already
    scored this cycle (R76)."""
    me = view.players[view.seat]
    note = f"You have {plural(me.months, 'Month counter')}; scoring needs {me.months_needed}."
    if me.months < me.months_needed:
        return (
            f"{note} Greyed: {plural(me.months_needed - me.months, 'more Month counter')} needed."
        )
    if any(not b.qualifies for b in view.outlook):
        return f"{note} Greyed: already scored this cycle."
    return note


def hand_html(view: GameView) -> str:
    """The viewer's hand and what their Inventory would score now.

    Each card is an item of the list holding a card face (an ``<article>``)."""
    buttons = {b.action: b for b in view.decision.buttons}
    cards = "".join(
        f"<li>{card_html(c, play=play)}</li>"
        for c in view.hand
        for play in (buttons.get(str(PlayCard(c.id))),)
    )
    if not cards:
        cards = '<li class="empty">No cards in hand.</li>'
    outlook = ""
    if view.outlook and view.over is None:
        rows = "".join(
            f'<tr class="{"ok" if b.qualifies else "not-yet"}"><th scope="row">{escape(b.destination)}</th>'
            + "".join(f"<td>{v}</td>" for _, v in b.parts)
            + f"<td><b>{b.total}</b></td></tr>"
            for b in view.outlook
        )
        outlook = (
            '<div class="outlook"><h3>If you scored now</h3>'
            f'<p class="outlook-need">{escape(outlook_note(view))}</p>'
            '<div class="table-wrap"><table><thead><tr><th scope="col">Destination</th>'
            '<th scope="col">Basic</th><th scope="col">Div.</th><th scope="col">End.</th>'
            '<th scope="col">Fad</th><th scope="col">Nov.</th><th scope="col">Total</th></tr>'
            f"</thead><tbody>{rows}</tbody></table></div></div>"
        )
    return f'<ul class="hand-cards">{cards}</ul>{outlook}'


def _log_item(line: LogLine, colours: Sequence[str]) -> str:
    colour = colours[line.seat] if line.seat is not None and line.seat < len(colours) else ""
    style = f' style="--seat:{escape(colour)}"' if colour else ""
    return f'<li class="log-{escape(line.kind)}"{style}>{escape(line.text)}</li>'


def log_html(
    lines: Sequence[LogLine],
    colours: Sequence[str],
    *,
    players: int,
    open_rounds: int = 2,
    limit: int = 600,
) -> str:
    """The game log in order, oldest first, grouped by turn and by round (every seat has one
    turn a round): each round a ``<details>`` with its turns, the last ``open_rounds`` rounds
    open and earlier ones collapsed. ``lines``: the session's log (the last ``limit`` are
    shown); ``players``: seats at the table."""
    shown = list(lines[-limit:])
    earlier = len(shown) < len(lines)
    if earlier:  # start at a turn's beginning, and say that earlier turns are left out
        start = next((i for i, line in enumerate(shown) if line.kind == "turn_started"), 0)
        shown = shown[start:]
    rounds: list[tuple[int, list[list[LogLine]]]] = []
    for line in shown:
        round_ = (line.turn - 1) // players + 1 if line.turn > 0 else 1
        if not rounds or rounds[-1][0] != round_:
            rounds.append((round_, [[]]))
        turns = rounds[-1][1]
        if line.kind == "turn_started" and turns[-1]:
            turns.append([])
        turns[-1].append(line)
    parts = []
    for k, (round_, turns) in enumerate(rounds):
        body = "".join(
            f'<ol class="log-turn">{"".join(_log_item(line, colours) for line in turn)}</ol>'
            for turn in turns
            if turn
        )
        opened = " open" if k >= len(rounds) - open_rounds else ""
        parts.append(
            f'<details class="log-round" data-round="{round_}"{opened}>'
            f"<summary>Round {round_}</summary>{body}</details>"
        )
    note = '<p class="log-note">Earlier turns are not shown.</p>' if earlier else ""
    return f'<div class="log-rounds">{note}{"".join(parts)}</div>'


def _recap_item(line: RecapLine) -> str:
    return f'<li class="recap-{escape(line.kind)}">{escape(line.text)}</li>'


def latest_html(
    lines: Sequence[LogLine],
    colours: Sequence[str],
    count: int = 3,
    *,
    recap: Sequence[RecapLine] = (),
) -> str:
    """On a phone, just above the decision: what touched the player since their last turn
    (the ``recap`` lines of Captain Park catching them, scores and the Fad), or else the last
    ``count`` log lines, oldest first."""
    news = [line for line in recap if line.kind in ("caught", "scored", "fad")][:count]
    if news:
        items = "".join(_recap_item(line) for line in news)
        return f'<ol class="latest-lines is-recap">{items}</ol>'
    shown = [line for line in lines if line.kind != "setup"][-count:]
    items = "".join(_log_item(line, colours) for line in shown)
    return f'<ol class="latest-lines">{items}</ol>'


def recap_html(lines: Sequence[RecapLine], *, your_turn: bool) -> str:
    """The "Since your last turn" region's contents: one line each (``park.ui.recap``);
    while the AI seats play, what has happened so far."""
    items = "".join(_recap_item(line) for line in lines)
    note = "" if your_turn else '<p class="recap-note">So far, while the others play:</p>'
    return f'{note}<ul class="recap-lines">{items}</ul>'


def game_over_html(over: GameOverView) -> str:
    """The game-over screen: the winner, every player's score and each expedition scored."""
    rows = []
    for s in over.standings:
        if s.expeditions:
            exps = "".join(
                f'<li><span class="exp-dest">{escape(e.destination)}</span>'
                f'<span class="exp-sum">'
                + " + ".join(f"{name} {value}" for name, value in e.parts)
                + f" = <b>{e.total}</b></span>"
                f'<span class="exp-turn">turn {e.turn}</span></li>'
                for e in s.expeditions
            )
            exps = f'<ol class="expeditions">{exps}</ol>'
        else:
            exps = '<p class="no-exp">No expedition scored.</p>'
        badge = '<span class="win-flag">Winner</span>' if s.is_winner else ""
        rows.append(
            f'<li class="standing{" is-winner" if s.is_winner else ""}" style="--seat:{escape(s.colour)}">'
            f'<div class="standing-head"><span class="swatch" aria-hidden="true"></span>'
            f'<span class="player-name">{escape(s.name)}</span>'
            f"{_tag_html(seat_tag(s.name, is_you=s.is_you, level_name=s.level_name))}{badge}"
            f'<span class="standing-score">{s.score} points</span></div>{exps}</li>'
        )
    return (
        f'<h2 id="over-title" class="over-headline" tabindex="-1" autofocus>{escape(over.headline)}</h2>'
        '<p class="over-sub">The finest adventurer in the land must now wear the ceremonial fig '
        "and feather headdress and an unconvincing false moustache.</p>"
        f'<ol class="standings">{"".join(rows)}</ol>'
    )


def scoring_note(scoring: ScoringBoardView) -> str:
    """The scoring board's table row for this game: MIN months and TARGET (R6)."""
    return (
        f"{scoring.players} players: {scoring.months_needed} Month counters needed to score; "
        f"first to {scoring.target} points wins. Fad bonus 10."
    )


def status_html(view: GameView, seed: int) -> str:
    """The line above the map: whose turn, round, deck and discard sizes; once the game is
    over, also its seed (to replay the same deal). The seed is not shown during play: with it
    the deck order and every hand could be worked out (R104)."""
    game = f" · Game {seed}" if view.over is not None else ""
    return (
        f'<span class="status-main">{escape(view.status)}</span>'
        f'<span class="status-meta">Round {view.round} · Turn {view.turn} · '
        f"Deck {view.deck_size} · Discards {view.discard_size}{game}</span>"
    )


__all__ = [
    "breakdown_table",
    "card_html",
    "chip_html",
    "decision_html",
    "game_over_html",
    "hand_html",
    "hint_id",
    "latest_html",
    "log_html",
    "outlook_note",
    "player_html",
    "players_html",
    "recap_html",
    "scoring_note",
    "seat_tag",
    "status_html",
]
