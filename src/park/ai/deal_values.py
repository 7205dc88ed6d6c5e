"""Turn plans valued on a fixed number of sampled deals, the same ones every time.

This is the puzzles' measure (``park.ui.puzzles``) and the hints' (issue 50).

The hard level (:mod:`park.ai.hard`) values a plan by rollouts on deals it samples until its
time is up, so two searches of one position see different deals. :func:`values_on_deals`
samples ``deals`` of them from an RNG seeded with a text ``key`` instead: the same key gives
the same deals, in CPython and in the page, and a plan's value on each deal does not depend
on which other plans are valued with it. So a plan valued later (the one a player chose in a
puzzle) is compared with the plans valued when the puzzle was made on exactly the same deals
(common random numbers). Everything is seen from the seat's observation only (R104).

:class:`DealSearch` is the hard level's search (its candidate plans, its rollouts, its choice)
with deals in place of seconds: every candidate is played on the first ``deals`` deals of a key
made from what the seat sees (:func:`position_key`), and one clearly behind is dropped as the
deals come in by the deals' values alone. So one position gets the same hint, on the same deals,
with the same words, on a phone and on a laptop, however long each takes.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Generator, Sequence
from typing import TypeVar

from ..engine.actions import Action
from ..engine.observation import Observation
from ..engine.state import MOVE_PHASES
from .determinize import determinize
from .evaluation import Assessment
from .hard import HardBot
from .search import Candidate, RolloutParts, Search

_T = TypeVar("_T")


def deal_rng(key: str) -> random.Random:
    """The RNG the deals of ``key`` are sampled from."""
    return random.Random(f"park-deals:{key}")


def parts_on_deals(
    view: Observation,
    plans: Sequence[Sequence[Action]],
    deals: int,
    key: str,
    *,
    clock: Callable[[], float] = time.perf_counter,
) -> Generator[None, None, tuple[tuple[RolloutParts, ...], ...]]:
    """Value each of ``plans`` on the first ``deals`` deals sampled from ``key``, in parts.

    Each plan is valued as the hard level values a candidate. Yields ``None`` between slices of
    thinking on ``clock`` (the page awaits ``asyncio.sleep(0)``).

    Args:
        view: the seat's observation at its turn decision.
        plans: the rest of ``view``'s seat's turn, each with its first action legal now.
        deals: how many deals (≥ 1), sampled from :func:`deal_rng` of ``key``.
        key: the text the deals' RNG is seeded with.
        clock: the clock the thinking slices are measured on.

    Returns:
        One tuple of ``deals`` outcomes per plan, in deal order; each outcome's ``value`` in
        points (±400 when the game ends inside the rollout, won or lost, R99).

    Raises:
        ValueError: for fewer than one deal or a view that is not at a turn decision (START,
            PLAY or STEP_AGAIN).
    """
    if deals < 1:
        raise ValueError(f"plans are valued on at least one deal, not {deals}")
    if view.phase not in MOVE_PHASES:
        raise ValueError(f"no turn plan to value in the {view.phase} phase")
    bot = HardBot(clock=clock)
    assess = Assessment(view, bot.weights)
    rng = deal_rng(key)
    found: list[list[RolloutParts]] = [[] for _ in plans]
    bot.start_slice()
    for _ in range(deals):
        world = determinize(view, rng, unseen=assess.unseen)
        seed = rng.getrandbits(32)
        for plan, outcomes in zip(plans, found, strict=True):
            outcomes.append((yield from bot.rollout_parts(world, plan, view.seat, seed)))
            yield from bot.breathe()
    return tuple(tuple(outcomes) for outcomes in found)


def values_on_deals(
    view: Observation,
    plans: Sequence[Sequence[Action]],
    deals: int,
    key: str,
    *,
    clock: Callable[[], float] = time.perf_counter,
) -> Generator[None, None, tuple[tuple[float, ...], ...]]:
    """The values (points) of :func:`parts_on_deals`' outcomes, same arguments and errors."""
    found = yield from parts_on_deals(view, plans, deals, key, clock=clock)
    return tuple(tuple(outcome.value for outcome in outcomes) for outcomes in found)


def run(generator: Generator[None, None, _T]) -> _T:
    """Run :func:`values_on_deals` or :func:`parts_on_deals` to its end without pausing.

    For tools and tests.
    """
    while True:
        try:
            next(generator)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]


MIN_DEALS = 24
"""The fewest deals a hint's comparison rests on (issue 50)."""
PRUNE_FROM = 6
"""Deals every candidate is played on before one may be dropped as clearly behind."""
PRUNE_SPREADS = 2.5
"""A candidate is dropped when the leader's mean is this many standard errors (and a point)
ahead."""
MIN_SPREAD = 4.0
"""The smallest spread of values (points) assumed when dropping a candidate, as the hard level's."""


def position_key(view: Observation) -> str:
    """The text the deals of ``view``'s decision are sampled from: what its seat sees there.

    Two observations that show the same (the turn, the phase, Captain Park, the Fad, the discard
    pile, the Club's scorings, the seat's hand and every seat's pawn, Month counters, Inventory,
    score, destinations visited and hand size) give the same key, in CPython and in the page.
    """
    seats = ";".join(
        f"{s.position},{s.months},{list(s.inventory)},{s.score},{list(s.visited)},{s.hand_size}"
        for s in view.seats
    )
    return (
        f"turn:{view.turn}:{view.seat}:{view.phase.name}:{view.park}:{view.fad}:"
        f"{list(view.discard)}:{list(view.scorings)}:{list(view.hand)}:{view.deck_size}:{seats}"
    )


class DealSearch:
    """The hard level's search of a turn decision, on ``deals`` deals of ``key`` (R104).

    The candidates are the hard level's (:meth:`HardBot.turn_candidates`). On each deal in turn
    (sampled from :func:`deal_rng` of ``key``, default :func:`position_key` of ``view``) every
    candidate still compared is played, then valued as the hard level values a rollout. From the
    :data:`PRUNE_FROM`-th deal on, a candidate more than :data:`PRUNE_SPREADS` standard errors
    behind the leader is dropped, unless it is the leader or the best candidate whose first
    action differs from the leader's: the two a hint compares are played on every deal. Nothing
    depends on a clock: the clock only says when to yield to the page.

    Attributes:
        deals: how many deals (≥ 1).
        done: deals played so far (0..``deals``).
        rollouts: rollouts run so far.
        result: the :class:`Search` once done, else ``None``.
        failed: the error the thinking raised, if it did (raised again by :meth:`run`).

    Raises:
        ValueError: for fewer than one deal, or a view not at a turn decision (START, PLAY or
            STEP_AGAIN phase).
    """

    def __init__(
        self,
        view: Observation,
        deals: int,
        key: str | None = None,
        *,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if deals < 1:
            raise ValueError(f"plans are valued on at least one deal, not {deals}")
        if view.phase not in MOVE_PHASES:
            raise ValueError(f"no turn plan to search in the {view.phase} phase")
        self.view = view
        self.deals = deals
        self.key = position_key(view) if key is None else key
        self.done = 0
        self.rollouts = 0
        self.result: Search | None = None
        self.failed: Exception | None = None
        self.bot = HardBot(clock=clock)
        self._thinking = self._think()

    def __iter__(self) -> Generator[None, None, Search]:
        return self.run()

    def run(self) -> Generator[None, None, Search]:
        """Go on thinking (from where it was left, by whichever caller) until done.

        Yields ``None`` between slices of thinking; returns the :class:`Search`. Raises what the
        thinking raised, then and on every later call (:attr:`failed`).
        """
        while self.result is None:
            if self.failed is not None:
                raise self.failed
            try:
                next(self._thinking)
            except StopIteration as stop:
                self.result = stop.value
                break
            except Exception as exc:
                self.failed = exc
                raise
            yield None
        return self.result

    def _think(self) -> Generator[None, None, Search]:
        view, bot = self.view, self.bot
        assess = Assessment(view, bot.weights)
        candidates = bot.turn_candidates(view, assess)
        rng = deal_rng(self.key)
        if len(candidates) < 2:
            self.done = self.deals
            return Search(assess, tuple(candidates), candidates[0])
        yield None
        bot.start_slice()
        for deal in range(self.deals):
            world = determinize(view, rng, unseen=assess.unseen)
            seed = rng.getrandbits(32)
            for candidate in candidates:
                if not candidate.alive:
                    continue
                parts = yield from bot.rollout_parts(world, candidate.plan.actions, view.seat, seed)
                candidate.add(parts)
                self.rollouts += 1
                yield from bot.breathe()
            self.done = deal + 1
            if self.done >= PRUNE_FROM:
                _drop_behind(candidates)
        return Search(assess, tuple(candidates), bot.best_of(candidates))


def _drop_behind(candidates: Sequence[Candidate]) -> None:
    """Drop the candidates clearly behind the leader, keeping the two a hint compares.

    The leader, and the best of the others, one with another first action if there is one.
    """
    alive = [c for c in candidates if c.alive]
    leader = max(alive, key=lambda c: c.mean)
    others = [c for c in alive if c is not leader]
    differing = [c for c in others if c.plan.actions[0] != leader.plan.actions[0]] or others
    kept = {id(leader)} | ({id(max(differing, key=lambda c: c.mean))} if differing else set())
    for c in alive:
        if id(c) in kept:
            continue
        spread = max(MIN_SPREAD, math.sqrt(max(c.variance, 0.0) + max(leader.variance, 0.0)))
        if leader.mean - c.mean > PRUNE_SPREADS * spread / math.sqrt(c.samples) + 1.0:
            c.alive = False


__all__ = [
    "MIN_DEALS",
    "DealSearch",
    "deal_rng",
    "parts_on_deals",
    "position_key",
    "run",
    "values_on_deals",
]
