"""The fixed material a game is played with: board, deck and scoring board.

With them, the tables the engine and the AI look up on every move (computed once per ruleset).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from .actions import Discard, PlayCard, Step
from .board import Board, load_board
from .deck import Card, load_deck
from .scoring_board import ScoringBoard, load_scoring_board
from .space_effects import SpaceEffect, space_effect
from .terms import CARD_TYPES, DESTINATIONS


@dataclass(frozen=True, eq=False)
class Ruleset:
    """Board + cards + scoring board. Compared by identity; build with :func:`make_ruleset`.

    Cards are referred to inside a game state by their index in ``cards`` (0..89).
    """

    board: Board
    cards: tuple[Card, ...]
    scoring: ScoringBoard
    card_index: dict[str, int] = field(repr=False)
    card_type: tuple[str, ...] = field(repr=False)
    card_values: tuple[tuple[int, ...], ...] = field(repr=False)
    """``card_values[card][d]``: points of a card for ``DESTINATIONS[d]`` (0 when blank)."""
    steps: dict[str, tuple[Step, ...]] = field(repr=False)
    """``steps[space]``: the :class:`Step` to each neighbour of ``space`` (R22)."""
    plays: tuple[PlayCard, ...] = field(repr=False)
    """``plays[card]``: the :class:`PlayCard` action of each card (R38)."""
    discards: tuple[Discard, ...] = field(repr=False)
    """``discards[card]``: the :class:`Discard` action of each card (R46)."""
    type_index: tuple[int, ...] = field(repr=False)
    """``type_index[card]``: the card's type as an index into ``CARD_TYPES`` (R4)."""
    effect: dict[str, SpaceEffect] = field(repr=False)
    """``effect[space]``: what stepping into the space does (R31-R54)."""
    park_number: dict[str, int] = field(repr=False)
    """``park_number[space]``: its number on Captain Park's route, or 0 for the Club, the
    Marketplace and the Hotels, where he never comes (R33, R49, R58, A7)."""
    shop_type: dict[str, int] = field(repr=False)
    """``shop_type[space]``: index into ``CARD_TYPES`` of the card type the shop takes (R37),
    or -1 for a space that is not a shop."""
    park_moves: dict[int, tuple[int, str]] = field(repr=False)
    """``park_moves[n]``: Captain Park's next number after ``n`` and the space it is on (R59)."""

    def card(self, index: int) -> Card:
        """The card at ``index`` in the deck."""
        return self.cards[index]


def make_ruleset(board: Board, cards: tuple[Card, ...], scoring: ScoringBoard) -> Ruleset:
    """Bundle a board, a deck and a scoring board.

    Precomputes the per-card and per-space lookups.
    """
    spaces = board.spaces
    return Ruleset(
        board=board,
        cards=cards,
        scoring=scoring,
        card_index={c.id: i for i, c in enumerate(cards)},
        card_type=tuple(c.type for c in cards),
        card_values=tuple(tuple(c.value(d) for d in DESTINATIONS) for c in cards),
        steps={s: tuple(Step(n) for n in ns) for s, ns in board.neighbours.items()},
        plays=tuple(PlayCard(c.id) for c in cards),
        discards=tuple(Discard(c.id) for c in cards),
        type_index=tuple(CARD_TYPES.index(c.type) for c in cards),
        effect={s.id: space_effect(s.kind) for s in spaces},
        park_number={s.id: s.number or 0 for s in spaces},
        shop_type={
            s.id: CARD_TYPES.index(s.card_type) if s.card_type is not None else -1 for s in spaces
        },
        park_moves={
            n: (board.next_park_number(n), board.park_space(board.next_park_number(n)))
            for n in range(1, len(board.route) + 1)
        },
    )


@cache
def standard_ruleset() -> Ruleset:
    """The shipped London board, 90-card deck and scoring board. Raises ``DataError`` if invalid."""
    return make_ruleset(load_board(), load_deck(), load_scoring_board())


__all__ = ["CARD_TYPES", "DESTINATIONS", "Ruleset", "make_ruleset", "standard_ruleset"]
