"""The replay's markup.

One step of a :class:`~park.ui.replay.model.Replay` from a seat's chair or, after the game, with
everything shown.

From a seat's chair the markup is built from that seat's observation only (its hand and
everything public, R103-R104), the very view an AI seat decided from; "everything" adds every
hand and the deck in order. :func:`replay_parts` gives the page its elements by id.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from park.engine.deck import Card
from park.engine.events import Event, EventKind
from park.engine.levels import HUMAN
from park.engine.observation import observe
from park.engine.state import Phase
from park.ui.lang.i18n import _, card_in_sentence, ngettext, pgettext, term
from park.ui.lang.text import describe, is_you_name, level_name, possessive
from park.ui.play.board_svg import board_svg
from park.ui.play.markup import escape
from park.ui.play.panels import chip_html, players_html
from park.ui.play.scoring_svg import scoring_svg
from park.ui.play.view import build_view
from park.ui.play.view_types import card_view
from park.ui.replay.model import Replay

EVERYTHING = "all"
"""The viewer choice that shows every hand and the deck (only once the game is over)."""
PUBLIC = "public"
"""The viewer choice that shows only what was public: no hand, no private event (a shared game
whose sharer did not reveal the hands, ``park.ui.game.links``)."""
DECK_SHOWN = 12
"""How many of the deck's next cards "everything" lists, in the order they will be drawn."""


@dataclass(frozen=True, slots=True)
class ReplayParts:
    """A replay step as the page shows it.

    ``markup`` by element id, ``label`` for the turn slider's value text ("Turn 12 of 80"), ``turn``
    the 0-based turn shown and ``turns`` how many there are.
    """

    markup: dict[str, str]
    label: str
    turn: int
    turns: int


def viewer_seat(viewer: str, replay: Replay) -> int | None:
    """The seat a viewer choice names (``"0"``, ``"1"`` …), or ``None`` for :data:`EVERYTHING`.

    Raises ``ValueError`` for anything else, and for everything while the game is not over (a hand
    would be shown to someone still playing).
    """
    final = replay.states[-1]
    if viewer == PUBLIC:
        return None
    if viewer == EVERYTHING:
        if final.phase is not Phase.OVER:
            raise ValueError("everything is shown only once the game is over")
        return None
    if viewer.isdigit() and int(viewer) < len(final.seats):
        return int(viewer)
    raise ValueError(f"no seat {viewer!r} in this game")


def viewer_options(replay: Replay, *, public_only: bool = False) -> list[tuple[str, str]]:
    """The choices of whose view to see.

    Each seat ("Ada's view"), then everything once the game is over, as ``(value, label)`` pairs;
    ``public_only`` (a shared game whose hands were not revealed): only :data:`PUBLIC`.
    """
    if public_only:
        return [(PUBLIC, _("What everyone saw: no hand is shown"))]
    final = replay.states[-1]
    options = [
        (str(i), _("{name} ({level})").format(name=spec.name, level=level_name(spec.controller)))
        for i, spec in enumerate(final.settings.seats)
    ]
    if final.phase is Phase.OVER:
        options.append((EVERYTHING, _("Everything: every hand and the deck")))
    return options


def _line(event: Event, names: list[str], cards: Mapping[str, Card]) -> str | None:
    if event.kind == EventKind.DREW_CARD and event.seat is not None:  # private: name the seat
        card = cards.get(str(event.data.get("card", "")))
        if card is None:
            return None
        return _("{name} drew {card} ({type}).").format(
            name=names[event.seat], card=card_in_sentence(card), type=term(card.type)
        )
    return describe(event, names, cards)


def _what_happened(
    replay: Replay, index: int, seat: int | None, cards: Mapping[str, Card], *, public: bool
) -> str:
    if index == 0:
        deal = _("The deal: nobody has moved yet.")
        return f'<p class="replay-what">{escape(deal)}</p>'
    step = replay.steps[index - 1]
    names = [s.name for s in replay.states[0].settings.seats]
    lines = [
        text
        for event in step.events
        if (seat is None and not public) or event.visible_to(seat)
        for text in (_line(event, names, cards),)
        if text is not None
    ]
    hidden = _("{name} decided something only they could see.").format(name=names[step.actor])
    items = "".join(f"<li>{escape(text)}</li>" for text in lines) or f"<li>{escape(hidden)}</li>"
    who = _("{whose} decision:").format(whose=possessive(names[step.actor]))
    return f'<p class="replay-who">{escape(who)}</p><ul class="replay-what">{items}</ul>'


def _knew(replay: Replay, seat: int) -> str:
    spec = replay.states[0].settings.seats[seat]
    if spec.controller == HUMAN and is_you_name(spec.name):
        return _(
            "What you knew then: your own hand and everything on the table, never another "
            "hand or the deck."
        )
    if spec.controller == HUMAN:
        return _(
            "What {name} knew then: their own hand and everything on the table, "
            "never another hand or the deck."
        ).format(name=spec.name)
    return _(
        "What {name} ({level}) knew then: its own hand and everything on the table. "
        "Every decision it made was based on this alone: it never saw another hand or the deck."
    ).format(name=spec.name, level=level_name(spec.controller))


def _chips(card_ids: list[str], cards: Mapping[str, Card]) -> str:
    if not card_ids:
        none = pgettext("no cards", "none")
        return f'<li class="empty">{escape(none)}</li>'
    return "".join(chip_html(card_view(cards[c])) for c in card_ids)


def _hands(replay: Replay, index: int, seat: int | None, cards: Mapping[str, Card]) -> str:
    state = replay.states[index]
    ids = [c.id for c in state.rules.cards]
    seats = range(len(state.seats)) if seat is None else (seat,)
    blocks = []
    for i in seats:
        name = state.settings.seats[i].name
        hand = [ids[c] for c in state.seats[i].hand]
        title = ngettext(
            "{whose} hand ({count} card)", "{whose} hand ({count} cards)", len(hand)
        ).format(whose=possessive(name), count=len(hand))
        blocks.append(
            f'<section class="replay-hand"><h3>{escape(title)}</h3>'
            f'<ul class="inv-cards">{_chips(hand, cards)}</ul></section>'
        )
    if seat is None:
        deck = [ids[c] for c in state.deck]
        shown = deck[:DECK_SHOWN]
        more = len(deck) - len(shown)
        rest = ""
        if more > 0:
            words = ngettext("and {count} more card.", "and {count} more cards.", more)
            rest = f'<p class="replay-more">{escape(words.format(count=more))}</p>'
        title = ngettext(
            "The deck, next card first ({count} card)",
            "The deck, next card first ({count} cards)",
            len(deck),
        ).format(count=len(deck))
        blocks.append(
            f'<section class="replay-hand replay-deck"><h3>{escape(title)}</h3>'
            f'<ul class="inv-cards">{_chips(shown, cards)}</ul>{rest}</section>'
        )
    return "".join(blocks)


def replay_parts(replay: Replay, index: int, viewer: str, cards: Mapping[str, Card]) -> ReplayParts:
    """Step ``index`` (kept within the game) seen by ``viewer``, as markup.

    ``viewer`` is a seat number as text, or :data:`EVERYTHING`. The markup is for the page's replay
    elements: ``replay-board``, ``replay-caption``, ``replay-hands``, ``replay-players`` and
    ``replay-scoring``. Raises ``ValueError`` for a viewer :func:`viewer_seat` refuses.
    """
    index = replay.clamp(index)
    seat = viewer_seat(viewer, replay)
    public = viewer == PUBLIC
    state = replay.states[index]
    chair = seat if seat is not None else state.active
    recent = () if index == 0 else replay.steps[index - 1].events
    if seat is not None or public:
        recent = tuple(e for e in recent if e.visible_to(seat))
    view = build_view(observe(state, chair), (), recent)
    turn = replay.turn_index(index)
    turns = len(replay.turn_starts)
    made_in = replay.states[index - 1] if index else state
    where = (
        _("Turn {turn}, round {round} · decision {index} of {last}").format(
            turn=replay.turn_of(index), round=made_in.round, index=index, last=replay.last
        )
        if index
        else ngettext(
            "The deal · {count} decision in this game",
            "The deal · {count} decisions in this game",
            replay.last,
        ).format(count=replay.last)
    )
    if public:
        knew_text = _("What everyone at the table saw: the map, the Inventories and the scores.")
    elif seat is not None:
        knew_text = _knew(replay, seat)
    else:
        knew_text = _("Everything: every hand and the deck, as nobody at the table could see them.")
    knew = f'<p class="replay-knew">{escape(knew_text)}</p>'
    caption = (
        f'<p class="replay-where">{escape(where)}</p>'
        f"{_what_happened(replay, index, seat, cards, public=public)}{knew}"
    )
    return ReplayParts(
        markup={
            "replay-board": board_svg(view.board, prefix="rp"),
            "replay-caption": caption,
            "replay-hands": "" if public else _hands(replay, index, seat, cards),
            "replay-players": players_html([replace(p, is_you=False) for p in view.players]),
            "replay-scoring": scoring_svg(view.scoring),
        },
        label=_("Turn {turn} of {turns}").format(turn=turn + 1, turns=turns),
        turn=turn,
        turns=turns,
    )
