"""After the game: the moments where the hard level would have done clearly better.

:func:`review_in_slices` replays a finished game's actions and, at the start of each of one
seat's turns that offered a choice, lets the hard level (:class:`~park.ai.hard.HardBot`)
search the turn with what the seat actually did as an extra plan, valued on the same
sampled deals (common random numbers). A decision's stake is the hard level's mean rollout
value for its own choice minus the one for the seat's, over the deals both were played on:
points, as the hard level counts them. The :data:`MOST` largest stakes of at least
:data:`MIN_STAKE` are the moments to look at (with fewer than :data:`FEWEST` of those, the
largest other stakes above zero make up the number), each with the advice
(``park.ai.coach``) that explains the better plan against the seat's. Marketplace exchanges
and Fad choices are not turn plans and are not reviewed.

Every search sees only the seat's observation at that time (R104). It runs in slices, and
reports its progress between them, so the page shows a progress bar and can stop it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..engine.actions import Action
from ..engine.observation import observe
from ..engine.rules import apply, legal_actions
from ..engine.state import TURN_PHASES, GameState, Phase
from .coach import Advice, advise_from_search
from .hard import HardBot
from .planner import Plan
from .search import Candidate

MOST = 5
"""At most this many moments are kept."""
FEWEST = 3
"""Moments shown when that many decisions cost anything at all."""
MIN_STAKE = 2.0
"""Decisions that cost less than this (points, by the hard level's rollouts) are not moments."""
MIN_SAMPLES = 3
"""A stake is trusted only when both plans had at least this many rollouts."""
REVIEW_BUDGET = 0.3
"""Seconds of thinking per decision reviewed (the hard level's quick setting)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One turn start of the reviewed seat.

    Attributes:
        index: how many actions of the game came before it.
        state: the game then.
        played: the seat's own actions of that turn (its steps, plays and Club decision; a
            Marketplace exchange is not part of a turn plan).
    """

    index: int
    state: GameState
    played: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Moment:
    """A decision worth looking at.

    Attributes:
        decision: the decision.
        advice: the hard level's advice there (its ``alternative`` is what the seat played).
        at_stake: the points at stake (> 0, and at least :data:`MIN_STAKE` unless fewer than
            :data:`FEWEST` decisions reached it): the hard level's mean rollout value of its
            plan minus the seat's, over the same deals.
    """

    decision: Decision
    advice: Advice
    at_stake: float

    @property
    def turn(self) -> int:
        """The game's turn number at the decision."""
        return self.decision.state.turn

    @property
    def round(self) -> int:
        """The round at the decision."""
        return self.decision.state.round


@dataclass(frozen=True, slots=True)
class ReviewProgress:
    """``done`` of ``total`` decisions reviewed so far."""

    done: int
    total: int


@dataclass(frozen=True, slots=True)
class Review:
    """The finished review.

    Attributes:
        moments: the moments (largest stake first).
        reviewed: the reviewed decisions.
    """

    moments: tuple[Moment, ...]
    reviewed: int


def decisions(start: GameState, actions: Sequence[Action], seat: int) -> list[Decision]:
    """Every turn start of ``seat`` with more than one legal action.

    Found by replaying ``actions`` from ``start``.

    Raises:
        IllegalActionError: (:class:`~park.engine.errors.IllegalActionError`) if an action does
            not replay (a damaged log).
    """
    found: list[Decision] = []
    state = start
    open_turn: tuple[int, GameState, list[Action]] | None = None
    for index, action in enumerate(actions):
        starts = state.active == seat and state.phase is Phase.START and open_turn is None
        if starts and len(legal_actions(state)) > 1:
            open_turn = (index, state, [])
        if open_turn is not None and state.phase in TURN_PHASES and state.active == seat:
            open_turn[2].append(action)
        state, _ = apply(state, action)
        if open_turn is not None and (
            state.active != seat
            or state.turn != open_turn[1].turn
            or state.phase not in TURN_PHASES
        ):
            found.append(Decision(open_turn[0], open_turn[1], tuple(open_turn[2])))
            open_turn = None
    if open_turn is not None and open_turn[2]:
        found.append(Decision(open_turn[0], open_turn[1], tuple(open_turn[2])))
    return found


def review_in_slices(
    start: GameState,
    actions: Sequence[Action],
    seat: int,
    *,
    budget: float = REVIEW_BUDGET,
    clock: Callable[[], float] = time.perf_counter,
) -> Iterator[ReviewProgress | Review]:
    """Review ``seat``'s decisions in the game played by ``actions`` from ``start``.

    Yields a :class:`ReviewProgress` between thinking slices and finally the :class:`Review`.

    ``budget``: seconds of thinking per decision on ``clock``. Each search's RNG is seeded from
    the game's seed and the decision's place, so a review is repeatable with the same clock.
    """
    found = decisions(start, actions, seat)
    total = len(found)
    yield ReviewProgress(0, total)
    moments: list[Moment] = []
    for done, decision in enumerate(found):
        view = observe(decision.state, seat)
        rng = random.Random(f"park-review:{start.settings.seed}:{seat}:{decision.index}")
        played = Plan(decision.played, 0.0, ("", 0, 0, (), (), 0, 0, 0))
        bot = HardBot(clock=clock)
        search_run = bot.search_in_slices(view, rng, budget, extra=(played,))
        while True:
            try:
                next(search_run)
            except StopIteration as stop:
                search = stop.value
                break
            yield ReviewProgress(done, total)
        mine = search.extras[0]
        best = search.best
        shared = min(len(best.values), len(mine.values))
        if mine is not best and shared >= MIN_SAMPLES:
            ours, theirs = _over(best, shared), _over(mine, shared)
            stake = ours.mean - theirs.mean
            if stake > 0:
                advice = advise_from_search(
                    view, search, ours, theirs, rollouts=bot.last_rollouts, choices=2
                )
                moments.append(Moment(decision, advice, stake))
        yield ReviewProgress(done + 1, total)
    moments.sort(key=lambda m: -m.at_stake)
    chosen = [m for m in moments if m.at_stake >= MIN_STAKE][:MOST]
    if len(chosen) < FEWEST:
        chosen = moments[:FEWEST]
    yield Review(tuple(chosen), total)


def _over(candidate: Candidate, deals: int) -> Candidate:
    """``candidate`` as valued on its first ``deals`` sampled deals only."""
    values = candidate.values[:deals]
    return Candidate(
        candidate.plan,
        total=sum(values),
        squares=sum(v * v for v in values),
        samples=len(values),
        extra=candidate.extra,
        values=values,
    )
