"""The turn rules as small pure functions.

They say what a space does, Captain Park's move after a card play, the cards a shop takes and when a
pawn loses its Month counters.

The engine (``park.engine.table`` carries out a turn with them, ``park.engine.rules`` offers the
legal plays) and the AI's turn planner (``park.ai.planner``) call the same functions, so the two can
never disagree on a rule. They read only the precomputed tables of a
:class:`~park.engine.ruleset.Ruleset` and are cheap enough for the planner's inner loops. What a
space does (:class:`SpaceEffect`, :func:`space_effect`) is kept below the ruleset, which makes its
tables with it, in ``park.engine.space_effects``; this module offers both names too.
"""

from __future__ import annotations

from collections.abc import Iterable

from .ruleset import Ruleset
from .space_effects import SpaceEffect, space_effect

ENDED_IN_CLUB = "ended_in_club"
"""Month loss reason: the turn ended in the Gentlemen's Club (R52)."""
STAYED_WITH_PARK = "stayed_with_park"
"""Month loss reason: the turn ended on Captain Park's space (R66, A1)."""


def walks_into_park(rules: Ruleset, space: str, park: int) -> bool:
    """Whether stepping into ``space`` while Captain Park stands on number ``park`` walks into him.

    If so, the pawn loses its Month counters, and the space still works (R63, R64, A12).
    """
    return rules.park_number[space] == park


def turn_end_loss(rules: Ruleset, space: str, park: int) -> str | None:
    """Why a turn ending on ``space`` (Captain Park on number ``park``) clears the Month counters.

    That is :data:`ENDED_IN_CLUB` (R52), :data:`STAYED_WITH_PARK` (R66, A1), or ``None``.
    """
    if rules.effect[space] is SpaceEffect.CLUB:
        return ENDED_IN_CLUB
    if rules.park_number[space] == park:
        return STAYED_WITH_PARK
    return None


def park_after_play(rules: Ruleset, park: int) -> tuple[int, str]:
    """Captain Park's number after a card play moves him from number ``park``, and where he lands.

    His number goes n+1, the last back to 1 (R42, R59); the pawns on the space he lands on lose
    their months (R62).
    """
    return rules.park_moves[park]


def playable_cards(rules: Ruleset, space: str, hand: Iterable[int]) -> list[int]:
    """The cards of ``hand`` (card indexes, in hand order) that the shop ``space`` takes.

    Those of its card type (R37, R38). Empty for a space that is not a shop.
    """
    wanted = rules.shop_type[space]
    types = rules.type_index
    return [c for c in hand if types[c] == wanted]


__all__ = [
    "ENDED_IN_CLUB",
    "STAYED_WITH_PARK",
    "SpaceEffect",
    "park_after_play",
    "playable_cards",
    "space_effect",
    "turn_end_loss",
    "walks_into_park",
]
