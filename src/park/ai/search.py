"""What the hard level's search compares and finds.

Each candidate plan with its rollout values (:class:`Candidate`) and one turn's search
(:class:`Search`), as ``park.ai.hard`` runs it and the coach (``park.ai.coach``) and the review
(``park.ai.review``) read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .evaluation import Assessment
from .planner import Plan


@dataclass(slots=True)
class Candidate:
    """One plan the hard level compares, with its rollout values so far.

    Attributes:
        plan: the plan.
        total: the sum of its rollout values (points).
        squares: the sum of their squares (points).
        samples: how many rollouts.
        alive: whether it is still alive (not dropped as clearly behind).
        extra: whether it is an extra plan valued for comparison only.
        kept: whether it is kept (never dropped: an extra, or a candidate equal to one).
        values: its rollout values in deal order: the ``k``-th value of two candidates sampled
            ``k`` times or more comes from the same deal (:meth:`HardBot.search_in_slices`).
    """

    plan: Plan
    total: float = 0.0
    squares: float = 0.0
    samples: int = 0
    alive: bool = True
    extra: bool = False
    kept: bool = False
    values: list[float] = field(default_factory=list)

    @property
    def mean(self) -> float:
        """The mean rollout value (points; 0 before any sample)."""
        return self.total / self.samples if self.samples else 0.0

    @property
    def variance(self) -> float:
        """The sample variance of its rollout values (points squared; 0 before two samples)."""
        if self.samples < 2:
            return 0.0
        mean = self.mean
        return (self.squares - self.samples * mean * mean) / (self.samples - 1)


@dataclass(frozen=True, slots=True)
class Search:
    """What one turn search found.

    Attributes:
        assessment: what it started from.
        candidates: the plans compared (heuristic order).
        best: the best one (the plan played).
        extras: the plans valued alongside, in the order given (an extra equal to a candidate
            is that candidate).
    """

    assessment: Assessment
    candidates: tuple[Candidate, ...]
    best: Candidate
    extras: tuple[Candidate, ...] = ()
