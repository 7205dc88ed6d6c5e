"""What stepping into a space does, by the space's kind (R31-R54).

The lowest piece of the turn rules: :class:`~park.engine.ruleset.Ruleset` precomputes each space's
effect with :func:`space_effect`, and the turn rules (``park.engine.turn_rules``, which read the
ruleset) and the AI compare against :class:`SpaceEffect`.
"""

from __future__ import annotations

from enum import IntEnum

from .terms import CAFE, CLUB, HOTEL, MARKETPLACE


class SpaceEffect(IntEnum):
    """What stepping into a space does (R31-R54). Compare members with ``is``."""

    SHOP = 0
    """Play a card of the shop's type or not (R37, R38, R45); a play moves Park (R42)."""
    CAFE = 1
    """Draw one card; the turn ends (R34)."""
    HOTEL = 2
    """Nothing happens; the turn ends. Captain Park never comes here (R32, R33)."""
    MARKETPLACE = 3
    """Exchange cards, then the turn ends; Captain Park never comes here (R46-R49)."""
    CLUB = 4
    """Draw one card, then score an expedition if qualified; the turn ends (R51, R53, A18)."""


_EFFECT_OF_KIND = {
    CAFE: SpaceEffect.CAFE,
    HOTEL: SpaceEffect.HOTEL,
    MARKETPLACE: SpaceEffect.MARKETPLACE,
    CLUB: SpaceEffect.CLUB,
}


def space_effect(kind: str) -> SpaceEffect:
    """What entering a space of ``kind`` (one of ``SPACE_KINDS``) does.

    Every kind not named (the five shops) is a :attr:`SpaceEffect.SHOP` (R31).
    """
    return _EFFECT_OF_KIND.get(kind, SpaceEffect.SHOP)
