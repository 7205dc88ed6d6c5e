"""What made the difference between two plans, from their outcomes on the same sampled deals.

The coach's measure for a puzzle's verdict and a hint's reason (issue 41). Two plans for the rest
of a turn are played on the same deals (common random numbers: ``park.ai.deal_values`` for a
puzzle, the hard level's search for a hint), each outcome in its parts
(:class:`~park.ai.search.RolloutParts`). Deal by deal, the gap between the two values is split
into those parts, so the mean gap is exactly the sum of the parts' means: the points scored before
the seat's next turn, what that next turn is worth (the cards kept, the Month counters, where the
seat stands, Captain Park), what the rivals gained, and games won or lost inside the rollouts (a
deal where either plan's game ends counts wholly there). With it, the counts a player can check:
on how many deals Captain Park caught the seat before its next turn, and games won and lost.

Whether the deals can tell the two plans apart at all: the mean gap against its standard error
(:data:`TELLING_SPREADS` of them).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.actions import Action, Discard, PlayCard
from .search import RolloutParts

TELLING_SPREADS = 2.0
"""The deals tell two plans apart when the mean gap is at least this many standard errors (about
95% sure of its sign)."""

PARTS = ("points", "next_turn", "rivals", "game_over")
"""The parts a gap is split into, in :attr:`Difference.parts`' order."""


@dataclass(frozen=True, slots=True)
class Side:
    """One plan's outcomes over the deals compared.

    Attributes:
        value: the mean value (points).
        points: the mean points scored by the seat's next turn, an expedition's Month counters
            counted (over the deals where neither plan's game ended, as the parts are).
        next_turn: the mean worth of the seat's next turn (same deals).
        rivals: the mean of what the rivals gained, as the seat weighs it (same deals).
        caught: on how many deals Captain Park caught the seat before its next turn.
        wins: deals whose game the seat won inside the rollout.
        losses: deals whose game it lost.
    """

    value: float
    points: float
    next_turn: float
    rivals: float
    caught: int
    wins: int
    losses: int


@dataclass(frozen=True, slots=True)
class Difference:
    """How one plan (``best``) came out against another (``other``) on the same deals.

    Attributes:
        deals: how many deals both were played on.
        gap: the mean value of ``best`` minus ``other``'s (points; negative when ``other`` did
            better).
        spread: the standard error of ``gap`` (points; 0 below two deals).
        parts: ``gap`` split into :data:`PARTS` (points each; they add up to ``gap``):
            ``rivals`` is what the rivals gained after ``other`` minus after ``best``.
        best: ``best``'s outcomes.
        other: ``other``'s outcomes.
    """

    deals: int
    gap: float
    spread: float
    parts: tuple[float, float, float, float]
    best: Side
    other: Side

    @property
    def tellable(self) -> bool:
        """Whether the deals tell the two plans apart (the gap is past its noise)."""
        return self.deals >= 2 and abs(self.gap) >= TELLING_SPREADS * self.spread

    def carried(self, share: float = 0.25) -> tuple[str, ...]:
        """The parts that carry the gap: in favour of the plan ahead, the largest first.

        Those worth at least ``share`` of the gap and a point; at least the largest one.
        """
        sign = 1.0 if self.gap >= 0 else -1.0
        ranked = sorted(zip(PARTS, self.parts, strict=True), key=lambda p: -sign * p[1])
        least = max(1.0, share * abs(self.gap))
        found = [name for name, size in ranked if sign * size >= least]
        return tuple(found) or (ranked[0][0],)


def _side(outcomes: Sequence[RolloutParts], played: Sequence[int]) -> Side:
    """One plan's :class:`Side`; its means of the parts over the deals ``played`` (indexes)."""
    count = len(played) or 1
    kept = [outcomes[k] for k in played]
    return Side(
        value=sum(o.value for o in outcomes) / len(outcomes),
        points=sum(o.points + o.scoring for o in kept) / count,
        next_turn=sum(o.next_turn for o in kept) / count,
        rivals=sum(o.rivals for o in kept) / count,
        caught=sum(1 for o in outcomes if o.caught),
        wins=sum(1 for o in outcomes if o.game_over is not None and o.game_over > 0),
        losses=sum(1 for o in outcomes if o.game_over is not None and o.game_over < 0),
    )


def difference(best: Sequence[RolloutParts], other: Sequence[RolloutParts]) -> Difference:
    """How ``best`` came out against ``other``, deal by deal (the ``k``-th of each: one deal).

    Only the deals both were played on count (the shorter one's).

    Raises:
        ValueError: if either has no outcome.
    """
    deals = min(len(best), len(other))
    if deals < 1:
        raise ValueError("two plans are compared on at least one deal")
    best, other = best[:deals], other[:deals]
    gaps: list[float] = []
    parts = [0.0, 0.0, 0.0, 0.0]
    for mine, theirs in zip(best, other, strict=True):
        gap = mine.value - theirs.value
        gaps.append(gap)
        if mine.game_over is not None or theirs.game_over is not None:
            parts[3] += gap
            continue
        parts[0] += mine.points + mine.scoring - theirs.points - theirs.scoring
        parts[1] += mine.next_turn - theirs.next_turn
        parts[2] += theirs.rivals - mine.rivals
    played = [k for k in range(deals) if best[k].game_over is None and other[k].game_over is None]
    mean = sum(gaps) / deals
    spread = 0.0
    if deals >= 2:
        variance = sum((g - mean) ** 2 for g in gaps) / (deals - 1)
        spread = math.sqrt(variance / deals)
    split = (parts[0] / deals, parts[1] / deals, parts[2] / deals, parts[3] / deals)
    return Difference(deals, mean, spread, split, _side(best, played), _side(other, played))


def cards_used(plan: Sequence[Action]) -> tuple[str, ...]:
    """The cards a plan takes from the hand: played into the Inventory (R38) or discarded (R46)."""
    return tuple(a.card for a in plan if isinstance(a, PlayCard | Discard))


def cards_kept(plan: Sequence[Action], other: Sequence[Action]) -> tuple[str, ...]:
    """The cards ``other`` takes from the hand that ``plan`` keeps there, in ``other``'s order."""
    used = cards_used(plan)
    return tuple(card for card in cards_used(other) if card not in used)


__all__ = [
    "PARTS",
    "TELLING_SPREADS",
    "Difference",
    "Side",
    "cards_kept",
    "cards_used",
    "difference",
]
