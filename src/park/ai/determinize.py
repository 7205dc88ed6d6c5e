"""Sampling a full game state consistent with one seat's observation (for the hard level).

The seat knows its own hand, every Inventory, the discard pile, hand sizes and the deck size
(R40, R103, R104). Every other card is "unseen": it is in some rival's hand or in the deck. A
determinization deals the unseen cards at random into the rivals' hands (each gets exactly its
known hand size) and the deck (exactly the known deck size, in random order), and picks a fresh
seed for future reshuffles. Nothing hidden from the seat is used.
"""

from __future__ import annotations

import random

from ..engine.observation import Observation, state_of
from ..engine.state import GameState, Options


def unseen_cards(view: Observation) -> list[int]:
    """The cards ``view``'s seat cannot see, in a fixed order (card index).

    Every card except its own hand, all Inventories and the discard pile (R40, R103, R104).
    They are the rivals' hands and the deck.
    """
    seen = [False] * len(view.rules.cards)
    for c in view.hand:
        seen[c] = True
    for s in view.seats:
        for c in s.inventory:
            seen[c] = True
    for c in view.discard:
        seen[c] = True
    return [c for c, s in enumerate(seen) if not s]


def determinize(
    view: Observation,
    rng: random.Random,
    *,
    unseen: list[int] | None = None,
    options: Options | None = None,
) -> GameState:
    """A :class:`GameState` that ``view``'s seat cannot tell apart from the real one.

    ``unseen``: the seat's unseen cards if already computed (``unseen_cards(view)``);
    ``options``: the game's rule options if known (default: our rulings; the observation does
    not carry them). The state's action log is empty and its seed is drawn from ``rng``.
    In a real game the unseen cards are exactly the rival hands plus the deck. For a position
    built by hand where they are not, the deck gets what is left after dealing the rival hands
    (spare cards are left out; hands are dealt first if cards are short), so bots never fail.
    """
    pool = list(unseen_cards(view) if unseen is None else unseen)
    rng.shuffle(pool)
    hands: list[tuple[int, ...]] = []
    taken = 0
    for i, s in enumerate(view.seats):
        if i == view.seat:
            hands.append(view.hand)
        else:
            hands.append(tuple(pool[taken : taken + s.hand_size]))
            taken += s.hand_size
    deck = tuple(pool[taken : taken + view.deck_size])
    return state_of(view, hands, deck, seed=rng.getrandbits(48), options=options, shuffles=1)
