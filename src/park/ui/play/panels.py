"""HTML markup of the page's panels, from the view model.

Decision, players, hand, game over (the log is ``log_html``'s). Pure string building with every
piece of text escaped.

Buttons carry ``data-action="<action text>"`` (``park.parse_action`` reads it back); the page
has one click handler that sends it to the session. The Marketplace's check boxes are
``<input name="market-card" value="<card id>">``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from park.engine.actions import PlayCard
from park.ui.lang.i18n import _, ngettext, pgettext, term
from park.ui.lang.text import is_you_name, listing, months_note
from park.ui.play.card_faces import card_html, chip_html, hint_id, worth_text
from park.ui.play.colours import ink_on
from park.ui.play.decision import exchange_label
from park.ui.play.log_html import log_item
from park.ui.play.markup import escape
from park.ui.play.scoring_terms import outlook_heads_html, outlook_legend_html
from park.ui.play.view_types import (
    BreakdownView,
    ButtonView,
    DecisionView,
    GameOverView,
    GameView,
    LogLine,
    PlayerView,
    RecapLine,
    ScoringBoardView,
)


def _button(b: ButtonView, *, extra_class: str = "") -> str:
    """A decision button.

    Its name is the label; the hint under it is its description (``aria-describedby``), hidden from
    the name so that name and visible label agree.
    """
    cls = f"btn btn-{escape(b.style)} {extra_class}".strip()
    described = ""
    detail = ""
    if b.detail:
        hint = hint_id(b.action)
        described = f' aria-describedby="{hint}"'
        detail = (
            f'<span class="btn-detail" id="{hint}" aria-hidden="true">{escape(b.detail)}</span>'
        )
    return (
        f'<button type="button" class="{cls}" data-action="{escape(b.action)}"{described}>'
        f'<span class="btn-label">{escape(b.label)}</span>{detail}</button>'
    )


def breakdown_table(b: BreakdownView) -> str:
    """The five parts of an expedition's score and its total (R83-R88), as one row.

    A column a part (its name the column's header), the total last: two lines of text, so the
    Club's choices stay short enough for the table's one screen (issue 48).
    """
    names = [name for name, _value in b.parts] + [_("Total")]
    values = [str(value) for _name, value in b.parts] + [str(b.total)]
    head = "".join(f'<th scope="col">{escape(name)}</th>' for name in names)
    cells = "".join(f"<td>{value}</td>" for value in values)
    return (
        f'<table class="breakdown"><thead><tr>{head}</tr></thead>'
        f"<tbody><tr>{cells}</tr></tbody></table>"
    )


def _score_option(b: BreakdownView, button: ButtonView | None, *, folded: bool = False) -> str:
    """One of the Club's choices.

    The destination, its total, the five parts, the proof and the button; ``folded``: in a closed
    ``<details>`` (only the best is shown open, so the panel stays short).
    """
    proof = _("Proof: {cards}").format(cards=listing(b.cards))
    first = _("Discarded first, worth nothing for {destination}, so not counted: {cards}").format(
        destination=term(b.destination), cards=listing(b.worthless)
    )
    worthless = f'<p class="worthless">{escape(first)}</p>' if b.worthless else ""
    btn = _button(button) if button else ""
    points = ngettext("{count} point", "{count} points", b.total).format(count=b.total)
    head = f'<h3>{escape(term(b.destination))} <span class="total">{escape(points)}</span></h3>'
    body = f'{breakdown_table(b)}<p class="proof">{escape(proof)}</p>{worthless}{btn}'
    if folded:
        return (
            f'<details class="score-option dest-{escape(b.slug)}">'
            f"<summary>{head}</summary>{body}</details>"
        )
    return f'<div class="score-option dest-{escape(b.slug)}">{head}{body}</div>'


def undo_button() -> str:
    """The Undo button, shown under the decision while the human can take a decision back."""
    title = _("Take back your last decision (Ctrl+Z)")
    undo = _("Undo")
    return (
        '<button type="button" class="btn btn-undo" data-ui="undo" aria-keyshortcuts="Control+Z" '
        f'title="{escape(title)}">{escape(undo)}</button>'
    )


def play_again_button() -> str:
    """Starts a new deal with the same table (name, opponents, level)."""
    again = _("Play again")
    return f'<button type="button" class="btn btn-primary" data-ui="again">{escape(again)}</button>'


def decision_html(
    d: DecisionView,
    *,
    can_undo: bool = False,
    undo_note: str | None = None,
    can_skip: bool = False,
    ticked: frozenset[str] = frozenset(),
) -> str:
    """The decision panel.

    Title, prompt and one button per choice; with ``can_undo`` an Undo button after them, else
    ``undo_note`` (why nothing can be taken back) if given. While an AI seat plays (a ``"wait"``
    view) with ``can_skip``, a "Skip to my turn" button (``data-ui="skip"``: the AI turns go on
    without pauses until the player must decide). At the Marketplace the cards ``ticked`` (ids) are
    ticked, and the exchange's button says how many go (R46, R47).
    """
    extra = ""
    if can_skip and d.kind == "wait":
        label = _("Skip to my turn")
        extra += (
            '<button type="button" class="btn btn-secondary skip-turn" data-ui="skip">'
            f"{escape(label)}</button>"
        )
    if can_undo:
        extra += f'<div class="undo-bar">{undo_button()}</div>'
    elif undo_note:
        extra += f'<div class="undo-bar"><p class="undo-note">{escape(undo_note)}</p></div>'
    html = _decision_body(d, ticked)
    return html[: -len("</div>")] + extra + "</div>" if extra else html


def _decision_body(d: DecisionView, ticked: frozenset[str] = frozenset()) -> str:
    head = (
        f'<h2 class="decision-title">{escape(d.title)}</h2>'
        f'<p class="decision-prompt">{escape(d.prompt)}</p>'
    )
    if d.kind == "over":
        results, new = _("See the results"), _("New game")
        return (
            f'<div class="decision is-over" data-kind="over">{head}<div class="decision-buttons">'
            f"{play_again_button()}"
            '<button type="button" class="btn btn-secondary" data-ui="results">'
            f"{escape(results)}</button>"
            '<button type="button" class="btn btn-secondary" data-ui="new">'
            f"{escape(new)}</button></div></div>"
        )
    if d.kind == "wait":
        return (
            f'<div class="decision is-wait" data-kind="wait">{head}'
            '<div class="thinking" aria-hidden="true"><span></span><span></span><span></span></div>'
            "</div>"
        )
    if d.kind == "market":
        exchange, yours = _("Exchange {card}"), _("Your hand")
        boxes = "".join(
            f'<label class="market-pick"><input type="checkbox" name="market-card" '
            f'value="{escape(c.id)}" aria-label="{escape(exchange.format(card=c.name))}"'
            f"{' checked' if c.id in ticked else ''}>"
            f"{card_html(c, compact=True, tag='div')}</label>"
            for c in d.market_cards
        )
        count = sum(c.id in ticked for c in d.market_cards)
        buttons = "".join(
            _button(replace(b, label=exchange_label(count)), extra_class="market-go")
            for b in d.buttons
        )
        return (
            f'<div class="decision" data-kind="market">{head}'
            f'<fieldset class="market-cards"><legend>{escape(yours)}</legend>{boxes}</fieldset>'
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
    """The small tag after a seat's name: "You" for the human, else the bot's level.

    The small tag after a seat's name: "You" for the human (none if the name already says so, e.g. a
    blank name on the form), else the bot's level ("Normal AI").
    """
    if is_you:
        return "" if is_you_name(name) else _("You")
    return level_name


def _tag_html(tag: str) -> str:
    return f'<span class="tag">{escape(tag)}</span>' if tag else ""


def _winner_flag() -> str:
    winner = _("Winner")
    return f'<span class="win-flag">{escape(winner)}</span>'


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
    playing, empty = _("Playing"), pgettext("inventory", "empty")
    flag = f'<span class="turn-flag">{escape(playing)}</span>' if p.is_active else ""
    flag += _winner_flag() if p.is_winner else ""
    inv = (
        "".join(chip_html(c) for c in p.inventory)
        if p.inventory
        else f'<li class="empty">{escape(empty)}</li>'
    )
    scored = _(
        "Scored this cycle: {destinations} (no destination twice until all five are scored)"
    ).format(destinations=listing([term(d) for d in p.visited]))
    visited = f'<p class="visited">{escape(scored)}</p>' if p.visited else ""
    heads = {
        "score": _("Score"),
        "months": _("Month counters"),
        "hand": _("Hand"),
        "at": pgettext("player", "At"),
    }
    hand = ngettext("{count} card", "{count} cards", p.hand_size).format(count=p.hand_size)
    inventory = _("Inventory ({count})").format(count=len(p.inventory))
    progress = min(100, round(100 * p.score / p.target)) if p.target else 0
    return (
        f'<li class="{" ".join(classes)}" style="--seat:{escape(p.colour)}" data-seat="{p.seat}">'
        f'<div class="player-head"><span class="swatch" aria-hidden="true" '
        f'style="color:{ink_on(p.colour)}">{escape(p.letter)}</span>'
        f'<span class="player-name">{escape(p.name)}</span>'
        f"{_tag_html(tag)}{flag}</div>"
        f'<dl class="player-stats">'
        f'<div class="stat-score"><dt>{escape(heads["score"])}</dt>'
        f"<dd><b>{p.score}</b> / {p.target}"
        f'<span class="bar"><span style="width:{progress}%"></span></span></dd></div>'
        f'<div class="stat-months"><dt>{escape(heads["months"])}</dt><dd>{_months(p)}'
        f"<b>{p.months}</b> / {p.months_needed}</dd></div>"
        f"<div><dt>{escape(heads['hand'])}</dt><dd>{escape(hand)}</dd></div>"
        f"<div><dt>{escape(heads['at'])}</dt><dd>{escape(p.position)}</dd></div>"
        "</dl>"
        f'<div class="inventory"><h3>{escape(inventory)}</h3>'
        f'<ul class="inv-cards">{inv}</ul></div>{visited}</li>'
    )


def players_html(players: Sequence[PlayerView]) -> str:
    """Every seat, in turn order."""
    return f'<ul class="players">{"".join(player_html(p) for p in players)}</ul>'


def outlook_note(view: GameView) -> str:
    """The line above "If you scored now".

    The line above "If you scored now": the viewer's Month counters against what scoring needs
    (R75), and why a row is greyed: too few Month counters, or a destination already scored this
    cycle (R76).
    """
    me = view.players[view.seat]
    note = months_note(me.months, me.months_needed)
    if me.months < me.months_needed:
        more = me.months_needed - me.months
        return ngettext(
            "{note} Greyed: {count} more Month counter needed.",
            "{note} Greyed: {count} more Month counters needed.",
            more,
        ).format(note=note, count=more)
    if any(not b.qualifies for b in view.outlook):
        return _("{note} Greyed: already scored this cycle.").format(note=note)
    return note


STRIP_AT = 11
"""A hand of this many cards or more is a strip that scrolls sideways on a laptop (issue 48,
``styles/table.css``), reached by the keyboard too."""


def hand_html(view: GameView) -> str:
    """The viewer's hand and what their Inventory would score now.

    Each card is an item of the list holding a card face (an ``<article>``); a hand of
    :data:`STRIP_AT` cards or more is marked ``is-strip`` and takes the focus (it scrolls).
    """
    buttons = {b.action: b for b in view.decision.buttons}
    cards = "".join(
        f"<li>{card_html(c, play=play)}</li>"
        for c in view.hand
        for play in (buttons.get(str(PlayCard(c.id))),)
    )
    if not cards:
        none = _("No cards in hand.")
        cards = f'<li class="empty">{escape(none)}</li>'
    outlook = ""
    if view.outlook and view.over is None:
        rows = "".join(
            f'<tr class="{"ok" if b.qualifies else "not-yet"}">'
            f'<th scope="row">{escape(term(b.destination))}</th>'
            + "".join(f"<td>{v}</td>" for _name, v in b.parts)
            + f"<td><b>{b.total}</b></td></tr>"
            for b in view.outlook
        )
        title, close = _("If you scored now"), _("Close")
        outlook = (
            '<div class="outlook">'
            '<button type="button" class="btn btn-secondary sheet-close" data-ui="close-sheets">'
            f"{escape(close)}</button><h3>{escape(title)}</h3>"
            f'<p class="outlook-need">{escape(outlook_note(view))}</p>'
            f'<div class="table-wrap"><table><thead><tr>{outlook_heads_html()}</tr>'
            f"</thead><tbody>{rows}</tbody></table></div>{outlook_legend_html()}</div>"
        )
    strip = ' is-strip" tabindex="0' if len(view.hand) >= STRIP_AT else ""
    return f'<ul class="hand-cards{strip}">{cards}</ul>{outlook}'


def _recap_item(line: RecapLine) -> str:
    return f'<li class="recap-{escape(line.kind)}">{escape(line.text)}</li>'


def latest_html(
    lines: Sequence[LogLine],
    colours: Sequence[str],
    count: int = 3,
    *,
    recap: Sequence[RecapLine] = (),
) -> str:
    """On a phone, what touched the player since their last turn, just above the decision.

    On a phone, just above the decision: what touched the player since their last turn (the
    ``recap`` lines of Captain Park catching them, scores and the Fad), or else the last ``count``
    log lines, oldest first.
    """
    news = [line for line in recap if line.kind in ("caught", "scored", "fad")][:count]
    if news:
        items = "".join(_recap_item(line) for line in news)
        return f'<ol class="latest-lines is-recap">{items}</ol>'
    shown = [line for line in lines if line.kind != "setup"][-count:]
    items = "".join(log_item(line, colours) for line in shown)
    return f'<ol class="latest-lines">{items}</ol>'


def recap_html(lines: Sequence[RecapLine], *, your_turn: bool) -> str:
    """The "Since your last turn" region's contents.

    One line each (``park.ui.game.recap``); while the AI seats play, what has happened so far.
    """
    items = "".join(_recap_item(line) for line in lines)
    so_far = _("So far, while the others play:")
    note = "" if your_turn else f'<p class="recap-note">{escape(so_far)}</p>'
    return f'{note}<ul class="recap-lines">{items}</ul>'


def game_over_html(over: GameOverView) -> str:
    """The game-over screen: the winner, every player's score and each expedition scored."""
    sub = _(
        "The finest adventurer in the land must now wear the ceremonial fig and feather "
        "headdress and an unconvincing false moustache."
    )
    rows = []
    turn, none = _("turn {turn}"), _("No expedition scored.")
    for s in over.standings:
        if s.expeditions:
            exps = "".join(
                f'<li><span class="exp-dest">{escape(term(e.destination))}</span>'
                f'<span class="exp-sum">'
                + " + ".join(
                    escape(_("{part} {points}").format(part=name, points=value))
                    for name, value in e.parts
                )
                + f" = <b>{e.total}</b></span>"
                f'<span class="exp-turn">{escape(turn.format(turn=e.turn))}</span></li>'
                for e in s.expeditions
            )
            exps = f'<ol class="expeditions">{exps}</ol>'
        else:
            exps = f'<p class="no-exp">{escape(none)}</p>'
        badge = _winner_flag() if s.is_winner else ""
        points = ngettext("{count} point", "{count} points", s.score).format(count=s.score)
        rows.append(
            f'<li class="standing{" is-winner" if s.is_winner else ""}"'
            f' style="--seat:{escape(s.colour)}">'
            f'<div class="standing-head"><span class="swatch" aria-hidden="true"></span>'
            f'<span class="player-name">{escape(s.name)}</span>'
            f"{_tag_html(seat_tag(s.name, is_you=s.is_you, level_name=s.level_name))}{badge}"
            f'<span class="standing-score">{escape(points)}</span></div>{exps}</li>'
        )
    return (
        f'<h2 id="over-title" class="over-headline" tabindex="-1" autofocus>'
        f"{escape(over.headline)}</h2>"
        f'<p class="over-sub">{escape(sub)}</p>'
        f'<ol class="standings">{"".join(rows)}</ol>'
    )


def scoring_note(scoring: ScoringBoardView) -> str:
    """The scoring board's table row for this game: MIN months and TARGET (R6)."""
    return _(
        "{players} players: {months} Month counters needed to score; first to {target} points "
        "wins. Fad bonus 10."
    ).format(players=scoring.players, months=scoring.months_needed, target=scoring.target)


def status_html(view: GameView, seed: int) -> str:
    """The line above the map: whose turn, round, deck and discard sizes.

    The line above the map: whose turn, round, deck and discard sizes; once the game is over, also
    its seed (to replay the same deal). The seed is not shown during play: with it the deck order
    and every hand could be worked out (R104).
    """
    numbers = {
        "round": view.round,
        "turn": view.turn,
        "deck": view.deck_size,
        "discards": view.discard_size,
        "seed": seed,
    }
    if view.over is None:
        meta = _("Round {round} · Turn {turn} · Deck {deck} · Discards {discards}")
    else:
        meta = _("Round {round} · Turn {turn} · Deck {deck} · Discards {discards} · Game {seed}")
    return (
        f'<span class="status-main">{escape(view.status)}</span>'
        f'<span class="status-meta">{escape(meta.format(**numbers))}</span>'
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
    "outlook_note",
    "player_html",
    "players_html",
    "recap_html",
    "scoring_note",
    "seat_tag",
    "status_html",
    "worth_text",
]
