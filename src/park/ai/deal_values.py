"""Turn plans valued on a fixed number of sampled deals, the same ones every time.

This is the puzzles' measure (``park.ui.puzzles``).

The hard level (:mod:`park.ai.hard`) values a plan by rollouts on deals it samples until its
time is up, so two searches of one position see different deals. :func:`values_on_deals`
samples ``deals`` of them from an RNG seeded with a text ``key`` instead: the same key gives
the same deals, in CPython and in the page, and a plan's value on each deal does not depend
on which other plans are valued with it. So a plan valued later (the one a player chose in a
puzzle) is compared with the plans valued when the puzzle was made on exactly the same deals
(common random numbers). Everything is seen from the seat's observation only (R104).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator, Sequence
from typing import TypeVar

from ..engine.actions import Action
from ..engine.observation import Observation
from ..engine.state import Phase
from .determinize import determinize
from .evaluation import Assessment
from .hard import HardBot
from .search import RolloutParts

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
    if view.phase not in (Phase.START, Phase.PLAY, Phase.STEP_AGAIN):
        raise ValueError(f"no turn plan to value in the {view.phase} phase")
    bot = HardBot(clock=clock)
    assess = Assessment(view, bot.weights)
    rng = deal_rng(key)
    found: list[list[RolloutParts]] = [[] for _ in plans]
    for _ in range(deals):
        world = determinize(view, rng, unseen=assess.unseen)
        seed = rng.getrandbits(32)
        for plan, outcomes in zip(plans, found, strict=True):
            outcomes.append((yield from bot.rollout_parts(world, plan, view.seat, seed)))
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


__all__ = ["deal_rng", "parts_on_deals", "run", "values_on_deals"]
