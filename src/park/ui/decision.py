"""The decision panel: what the viewing seat must decide now, with one button per choice
(R21-R54 as the page asks them), built from the observation and the legal actions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..engine.actions import (
    Action,
    ChooseFad,
    DeclineScore,
    Discard,
    FinishExchange,
    PlayCard,
    Score,
    SkipPlay,
    Stay,
    Step,
)
from ..engine.observation import Observation
from ..engine.state import Phase
from ..engine.terms import DESTINATIONS, SHOP_CARD_TYPE
from .outlook import expedition_outlook, park_landing_note, stay_hint
from .text import LEVEL_NAMES, plural, with_article
from .view_types import DANGER, BoardView, ButtonView, DecisionView, card_view


def worth(values: Mapping[str, int]) -> str:
    """What a card is worth, destination by destination in the scoring board's order:
    ``"Africa 8, Amazon 3"`` (so a card can be chosen from its button alone)."""
    return ", ".join(f"{d} {values[d]}" for d in DESTINATIONS if values.get(d))

def exchange_label(selected: int) -> str:
    """The Marketplace button's text for ``selected`` chosen cards (R46, R47)."""
    if selected == 0:
        return "Keep my hand"
    return f"Exchange {plural(selected, 'card')}"


def decision_view(obs: Observation, legal: Sequence[Action], board: BoardView) -> DecisionView:
    """What ``obs.seat`` must decide now (a ``"wait"`` view during another seat's turn, an
    ``"over"`` view once the game has ended). ``legal``: the legal actions, used only on the
    seat's own turn; ``board``: the board view, for the spaces' labels and hints."""
    cards = obs.rules.cards
    index = obs.rules.card_index
    labels = {s.id: s for s in board.spaces}
    me = obs.me
    here = with_article(labels[me.position].label)
    if obs.phase is Phase.OVER:
        return DecisionView("over", "Game over", "The game has ended.", ())
    if not obs.my_turn:
        active = obs.seats[obs.active]
        level = LEVEL_NAMES.get(active.spec.controller, "")
        return DecisionView(
            "wait",
            f"{active.spec.name}'s turn",
            f"{active.spec.name} ({level}) is thinking… Watch the map and the log.",
            (),
        )
    phase = obs.phase
    if phase in (Phase.START, Phase.STEP_AGAIN):
        # A step the map marks costly (SpaceView.costly: Captain Park is there, R63, or the
        # Club when the player cannot score, R52) is a danger button too.
        buttons = [
            ButtonView(
                str(a),
                f"Step to {labels[a.space].label}",
                labels[a.space].hint,
                DANGER if labels[a.space].costly else "primary",
            )
            for a in legal
            if isinstance(a, Step)
        ]
        if phase is Phase.START:
            hint, clears_months = stay_hint(obs)
            style = DANGER if clears_months and me.months else "secondary"
            buttons.append(ButtonView(str(Stay()), "Stay put", hint, style))
            return DecisionView(
                "start",
                "Your turn",
                f"You are at {here} with {plural(me.months, 'Month counter')}. "
                "Choose a highlighted space on the map, or a move below.",
                tuple(buttons),
            )
        buttons.append(
            ButtonView(str(Stay()), "End my turn", f"stay at {here}; the turn ends", "secondary")
        )
        return DecisionView(
            "step_again",
            "Step again?",
            f"Captain Park moved to {with_article(labels[obs.park_space].label)}. "
            f"You may take another step, or end your turn at {here}.",
            tuple(buttons),
        )
    if phase is Phase.PLAY:
        shop = labels[me.position]
        landing, lands_on_you = park_landing_note(obs)
        plays = [
            ButtonView(
                str(a),
                f"Play {card.name}",
                f"{card.type}, {worth(card.values)}; {landing}",
                DANGER if lands_on_you else "primary",
            )
            for a in legal
            if isinstance(a, PlayCard)
            for card in (cards[index[a.card]],)
        ]
        plays.append(ButtonView(str(SkipPlay()), "Play no card", "the turn ends", "secondary"))
        card_type = SHOP_CARD_TYPE.get(shop.kind, "card")
        prompt = (
            f"Play one {card_type} into your Inventory? Captain Park then moves one number "
            f"({landing}) and you may step again."
            if len(plays) > 1
            else f"You hold no {card_type} to play here, so your turn ends."
        )
        return DecisionView("play", f"At {shop.label}", prompt, tuple(plays))
    if phase is Phase.MARKET:
        discards = [a for a in legal if isinstance(a, Discard)]
        hand = tuple(card_view(cards[index[a.card]]) for a in discards)
        done = obs.pending_draws
        prompt = "Tick the cards to give up; you draw as many new ones."
        if done:
            prompt += f" ({plural(done, 'card')} already discarded.)"
        return DecisionView(
            "market",
            "At the Marketplace",
            prompt,
            (ButtonView(str(FinishExchange()), exchange_label(0)),),
            market_cards=hand,
        )
    if phase is Phase.CLUB:
        outlook = {b.destination: b for b in expedition_outlook(obs)}
        options = tuple(
            sorted(
                (
                    replace(outlook[a.destination], action=str(a))
                    for a in legal
                    if isinstance(a, Score)
                ),
                key=lambda o: -o.total,
            )
        )
        score_buttons = tuple(
            ButtonView(o.action or "", f"Score {o.destination} for {o.total} points")
            for o in options
        )
        decline = ButtonView(
            str(DeclineScore()),
            "Decline to score",
            "keep your Inventory; you still lose your Month counters",
            "secondary",
        )
        return DecisionView(
            "club",
            "At the Gentlemen's Club",
            f"You qualify with {plural(me.months, 'Month counter')}. Score one expedition, "
            "or decline. Either way your Month counters are cleared at the end of the turn.",
            (*score_buttons, decline),
            score_options=options,
        )
    if phase is Phase.FAD:
        choices = tuple(
            ButtonView(str(a), f"Make {a.destination} the Fad")
            for a in legal
            if isinstance(a, ChooseFad)
        )
        return DecisionView(
            "fad",
            "Choose the Fad",
            "The card turned over is worth the most for more than one destination. "
            "Pick the new Fad.",
            choices,
        )
    return DecisionView(
        str(phase), "Your turn", "", tuple(ButtonView(str(a), str(a)) for a in legal)
    )
