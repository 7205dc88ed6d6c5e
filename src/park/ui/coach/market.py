"""The coach's reason at the Marketplace: each card's worth against a fresh card's (R46, R47).

Written from the hard level's exchange facts (``park.ai.advice.ExchangeFacts``, the normal
level's own figures: the worth of each card in hand to the expedition in view, and what an unseen
card is worth on average); ``park.ui.coach.text`` says it as a hint's reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from park.engine.deck import Card
from park.ui.coach.plan import card_label
from park.ui.lang.i18n import _, term
from park.ui.lang.text import listing

if TYPE_CHECKING:  # the AI is loaded only when a hint is asked for
    from park.ai.advice import Advice


def market_reason(advice: Advice, cards: Mapping[str, Card]) -> tuple[str, ...] | None:
    """Each card's worth to the expedition against a fresh card's (R46, R47).

    One sentence, from ``advice``'s exchange facts (``None`` without them); ``cards``: the game's
    cards by id.
    """
    exchange = advice.exchange
    if exchange is None or not exchange.worth:
        return None
    aim = term(exchange.destination) if exchange.destination else ""
    mean = f"{exchange.mean:.1f}"
    worth = dict(exchange.worth)
    if not exchange.discards:
        card, lowest = min(exchange.worth, key=lambda w: w[1])
        more = lowest >= exchange.mean
        if aim and more:
            said = _(
                "Keep your hand: even your weakest card, {card}, is worth about {worth} points "
                "to your {destination} expedition, more than a new card would be worth about "
                "{mean} points on average."
            )
        elif aim:
            said = _(
                "Keep your hand: even your weakest card, {card}, is worth about {worth} points "
                "to your {destination} expedition, too close to what a new card would be worth "
                "about {mean} points on average."
            )
        elif more:
            said = _(
                "Keep your hand: even your weakest card, {card}, is worth about {worth} points "
                "to you, more than a new card would be worth about {mean} points on average."
            )
        else:
            said = _(
                "Keep your hand: even your weakest card, {card}, is worth about {worth} points "
                "to you, too close to what a new card would be worth about {mean} points on "
                "average."
            )
        return (
            said.format(
                card=card_label(card, cards), worth=f"{lowest:.1f}", destination=aim, mean=mean
            ),
        )
    named = [
        _("{card} (0 points: no destination still open values it)").format(
            card=card_label(card, cards)
        )
        if worth.get(card, 0.0) == 0
        else _("{card} (about {worth} points)").format(
            card=card_label(card, cards), worth=f"{worth.get(card, 0.0):.1f}"
        )
        for card in exchange.discards
    ]
    if aim:
        said = _(
            "To your {destination} expedition a new card would be worth about {mean} points on "
            "average (the AI's estimate; a card for another open destination counts less); "
            "these are worth less to you now: {cards}."
        )
    else:
        said = _(
            "To you a new card would be worth about {mean} points on average (the AI's "
            "estimate; a card for another open destination counts less); these are worth less "
            "to you now: {cards}."
        )
    return (said.format(destination=aim, mean=mean, cards=listing(named)),)


__all__ = ["market_reason"]
