"""A puzzle's verdict.

The person's turn valued on the puzzle's own sampled deals, against the best plan and the runner-up.

:func:`judge_in_slices` values the best plan, the runner-up and the person's plan (when it is
neither) on the same deals the puzzle set was made with (``park.ai.deal_values``, the key
:attr:`~park.ui.puzzles.catalogue.Puzzle.deal_key`): common random numbers, so the three are
compared on equal terms, and a plan that ends the turn as the best plan does is worth what
it is worth. The puzzle is solved when the person's plan is worth at least the midpoint
between the best plan and the runner-up, or when the deals cannot tell it from the best plan
(``park.ai.difference``). The coach (``park.ai.coach.advise_plans``) gives the facts the reason
is written from, and the outcomes' parts what made the difference: the best plan against the
person's, or against the runner-up when the person found the best.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from park.engine.actions import Action
from park.engine.observation import observe
from park.engine.state import GameState
from park.ui.puzzles.catalogue import Puzzle
from park.ui.puzzles.position import PuzzlePosition

if TYPE_CHECKING:
    from park.ai.advice import Advice
    from park.ai.difference import Difference
    from park.ai.search import RolloutParts


def _mean(values: tuple[float, ...]) -> float:
    return sum(values) / len(values)


@dataclass(frozen=True, slots=True)
class Verdict:
    """How the person's turn in ``puzzle`` went.

    The decisions they ``played``; the mean values (points, as the hard level counts them) of the
    ``best`` plan, the ``runner_up`` and ``yours`` on the puzzle's ``deals`` sampled deals; the
    coach's ``advice``, the best plan against ``yours`` (against the runner-up when you played the
    best), and the ``difference`` between those two, deal by deal.
    """

    puzzle: Puzzle
    played: tuple[Action, ...]
    best: float
    runner_up: float
    yours: float
    deals: int
    advice: Advice
    difference: Difference

    @property
    def solved(self) -> bool:
        """Whether the person's plan is as good as the best one.

        Worth at least the midpoint between the best plan and the runner-up on the same deals (the
        best plan itself, or one as good), or one the deals cannot tell from the best plan.
        """
        midpoint = self.yours >= (self.best + self.runner_up) / 2
        return midpoint or (not self.found_best and not self.difference.tellable)

    @property
    def found_best(self) -> bool:
        """Whether the person played the best plan itself, decision for decision."""
        return self.played == self.puzzle.best_actions()


def judge_in_slices(
    position: PuzzlePosition, state: GameState, deals: int
) -> Generator[None, None, Verdict]:
    """The verdict on the turn played from ``position.start`` to ``state``.

    The turn must be over (:meth:`PuzzlePosition.over`); its plans are valued on the puzzle's first
    ``deals`` deals; yields ``None`` between slices of thinking (the page awaits
    ``asyncio.sleep(0)``). Raises ``ValueError`` if the turn is not over.
    """
    from park.ai.deal_values import parts_on_deals

    if not position.over(state):
        raise ValueError("the puzzle's turn is not over yet")
    puzzle = position.puzzle
    view = observe(position.start, puzzle.seat)
    played = position.played(state)
    plans = verdict_plans(puzzle, played)
    outcomes = yield from parts_on_deals(view, plans, deals, puzzle.deal_key)
    return verdict_from(position, played, outcomes)


def verdict_plans(puzzle: Puzzle, played: tuple[Action, ...]) -> list[tuple[Action, ...]]:
    """The plans a verdict values: the best, the runner-up and ``played`` (when it is neither)."""
    plans = [puzzle.best_actions(), puzzle.runner_up_actions()]
    if played not in plans:
        plans.append(played)
    return plans


def verdict_from(
    position: PuzzlePosition,
    played: tuple[Action, ...],
    outcomes: Sequence[Sequence[RolloutParts]],
) -> Verdict:
    """The verdict on ``played``, from the ``outcomes`` on the puzzle's deals of its plans.

    ``outcomes``: per plan of :func:`verdict_plans` (more plans after those may follow: a plan's
    outcome on a deal does not depend on the plans valued with it), one outcome per deal.
    """
    from park.ai.coach import advise_plans
    from park.ai.difference import difference

    puzzle = position.puzzle
    view = observe(position.start, puzzle.seat)
    plans = verdict_plans(puzzle, played)
    best = plans[0]
    values = [tuple(o.value for o in found) for found in outcomes[: len(plans)]]
    deals = len(values[0])
    index = plans.index(played)
    other = 1 if played == best else index
    return Verdict(
        puzzle=puzzle,
        played=played,
        best=_mean(values[0]),
        runner_up=_mean(values[1]),
        yours=_mean(values[index]),
        deals=deals,
        advice=advise_plans(view, best, values[0], plans[other], values[other]),
        difference=difference(outcomes[0], outcomes[other]),
    )
