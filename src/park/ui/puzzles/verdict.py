"""A puzzle's verdict.

The person's turn valued on the puzzle's own sampled deals, against the best plan and the runner-up.

:func:`judge_in_slices` values the best plan, the runner-up and the person's plan (when it is
neither) on the same deals the puzzle set was made with (``park.ai.deal_values``, the key
:attr:`~park.ui.puzzles.catalogue.Puzzle.deal_key`): common random numbers, so the three are
compared on equal terms, and a plan that ends the turn as the best plan does is worth what
it is worth. The puzzle is solved when the person's plan is worth at least the midpoint
between the best plan and the runner-up. The coach (``park.ai.coach.advise_plans``) gives
the facts the reason is written from: the best plan against the person's, or against the
runner-up when the person found the best.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from park.engine.actions import Action
from park.engine.observation import observe
from park.engine.state import GameState
from park.ui.puzzles.catalogue import Puzzle
from park.ui.puzzles.position import PuzzlePosition

if TYPE_CHECKING:
    from park.ai.advice import Advice


def _mean(values: tuple[float, ...]) -> float:
    return sum(values) / len(values)


@dataclass(frozen=True, slots=True)
class Verdict:
    """How the person's turn in ``puzzle`` went.

    The decisions they ``played``; the mean values (points, as the hard level counts them) of the
    ``best`` plan, the ``runner_up`` and ``yours`` on the puzzle's ``deals`` sampled deals; and the
    coach's ``advice``, the best plan against ``yours`` (against the runner-up when you played the
    best).
    """

    puzzle: Puzzle
    played: tuple[Action, ...]
    best: float
    runner_up: float
    yours: float
    deals: int
    advice: Advice

    @property
    def solved(self) -> bool:
        """Whether the person's plan is worth at least the midpoint of the two plans.

        The midpoint between the best plan and the runner-up on the same deals (the best plan
        itself, or one as good).
        """
        return self.yours >= (self.best + self.runner_up) / 2

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
    from park.ai.coach import advise_plans
    from park.ai.deal_values import values_on_deals

    if not position.over(state):
        raise ValueError("the puzzle's turn is not over yet")
    puzzle = position.puzzle
    view = observe(position.start, puzzle.seat)
    played = position.played(state)
    best, runner_up = puzzle.best_actions(), puzzle.runner_up_actions()
    plans = [best, runner_up]
    if played not in plans:
        plans.append(played)
    values = yield from values_on_deals(view, plans, deals, puzzle.deal_key)
    yours = values[plans.index(played)]
    other, other_values = (runner_up, values[1]) if played == best else (played, yours)
    return Verdict(
        puzzle=puzzle,
        played=played,
        best=_mean(values[0]),
        runner_up=_mean(values[1]),
        yours=_mean(yours),
        deals=deals,
        advice=advise_plans(view, best, values[0], other, other_values),
    )
