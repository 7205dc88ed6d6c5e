"""What the hard level's search compares and finds.

One rollout's value in its parts (:class:`RolloutParts`), each candidate plan with its rollout
values (:class:`Candidate`) and one turn's search (:class:`Search`), as ``park.ai.hard`` runs it
and the coach (``park.ai.coach``), the review (``park.ai.review``) and the puzzles' verdict read
it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .evaluation import Assessment
from .planner import Plan


@dataclass(frozen=True, slots=True)
class RolloutParts:
    """One rollout's outcome for the seat it values, in the parts its value adds up from.

    The seat played a plan for the rest of its turn, then every seat played on until the seat's
    next turn began (:meth:`park.ai.hard.HardBot.rollout_parts`).

    Attributes:
        points: points the seat scored from the plan's start to its next turn.
        scoring: what scoring an expedition is worth beyond its points: its Month counters,
            which the seat need not gather again (the weights' rate x Month counters needed).
        next_turn: what the seat's best plan for its next turn is worth (points, by the
            evaluation: the cards it holds, where it stands, its Month counters, Captain Park).
        rivals: what the rivals gained meanwhile, as the seat weighs it (their points in part,
            and the progress they carry); subtracted.
        game_over: the game's end inside the rollout: won (+400) or lost (-400), else ``None``.
        months_after_turn: the seat's Month counters at the end of the plan's turn.
        months_at_next_turn: its Month counters when its next turn began, with that turn's new
            one (R15): ``months_after_turn + 1`` unless Captain Park caught it (R62).
        exact: the value as the search adds it up (the same sum in the search's order, so its
            decisions do not move by a rounding); ``None``: the parts' sum.
    """

    points: float = 0.0
    scoring: float = 0.0
    next_turn: float = 0.0
    rivals: float = 0.0
    game_over: float | None = None
    months_after_turn: int = 0
    months_at_next_turn: int = 0
    exact: float | None = None

    @property
    def value(self) -> float:
        """The rollout's value: its game over's, else its parts added up (points)."""
        if self.game_over is not None:
            return self.game_over
        if self.exact is not None:
            return self.exact
        return self.points + self.scoring + self.next_turn - self.rivals

    @property
    def caught(self) -> bool:
        """Whether Captain Park took Month counters from the seat before its next turn (R62).

        Its next turn adds one (R15): caught when it starts with no more than it ended with.
        """
        return self.game_over is None and self.months_at_next_turn <= self.months_after_turn


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
        parts: the same rollouts, in their parts.
    """

    plan: Plan
    total: float = 0.0
    squares: float = 0.0
    samples: int = 0
    alive: bool = True
    extra: bool = False
    kept: bool = False
    values: list[float] = field(default_factory=list)
    parts: list[RolloutParts] = field(default_factory=list)

    def add(self, parts: RolloutParts) -> None:
        """Count one more rollout, whose outcome is ``parts``."""
        value = parts.value
        self.total += value
        self.squares += value * value
        self.samples += 1
        self.values.append(value)
        self.parts.append(parts)

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
