"""Bot tournaments: ``python -m park tournament --players 4 --games N --bots hard,normal,...``.

A bot is an AI level (``LEVELS``) or ``module:factory``, a function that returns a bot, imported
by name (in every worker process too): the sparring partners of ``bench/sparring.py`` are
played this way (``bench/tournament.py`` gives them short names).

Each game seats the listed bots with the seats rotated (game ``i`` moves every bot ``i`` seats
on), so no bot keeps an advantage of seat order; who starts is drawn by the game seed (R13).
A game still running at the round cap counts as a game nobody won. Reported per bot (in the
order listed): win rate with a 95% Wilson interval, median final score, and decision time
p50 / p95 / max (seconds per ``decide`` call).
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..ai import LEVELS, Bot, ai_level
from ..engine.levels import thinking_time, thinks_on_budget
from ..engine.observation import observe
from ..engine.rules import apply, legal_actions, new_game
from .arguments import add_table_arguments, positive

DEFAULT_ROUND_CAP = 300
"""A game still going after this many rounds is stopped and counted as won by nobody."""


@dataclass(slots=True)
class GameRecord:
    """One game's outcome.

    Attributes:
        seat_of: ``seat_of[j]`` is the seat bot ``j`` sat in.
        winner: the bot index that won (``None`` if capped).
        scores: ``scores[j]`` is bot ``j``'s final score.
        times: ``times[j]`` is its decision times in seconds (wall clock).
        rounds: the game length.
        cpu: ``cpu[j]`` is the same decisions in CPU seconds of this process (unaffected by
            other processes taking the CPU away).
    """

    seat_of: list[int]
    winner: int | None
    scores: list[int]
    times: list[list[float]]
    rounds: int
    cpu: list[list[float]] = field(default_factory=list)


def make_player(spec: str) -> Bot:
    """A fresh bot for ``spec``.

    ``spec`` is an AI level, or ``module:factory`` (the factory is called with no arguments). A
    level that thinks on a budget (the hard one) thinks on this process's CPU clock
    (``time.process_time``): its budget is CPU time, so other work on a busy machine does not
    change its strength.

    Raises:
        ValueError: for an unknown level or a factory that cannot be imported or does not
            make a bot.
    """
    if spec in LEVELS:
        return ai_level(spec).bot(time.process_time)
    module_name, _, factory_name = spec.partition(":")
    if not module_name or not factory_name:
        raise ValueError(
            f"unknown AI level {spec!r}; expected one of {', '.join(LEVELS)} or module:factory"
        )
    try:
        factory = getattr(importlib.import_module(module_name), factory_name)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"cannot load the bot {spec!r}: {exc}") from None
    if not callable(factory):
        raise ValueError(f"{spec!r} is not a function that makes a bot")
    try:
        bot = factory()
    except TypeError as exc:
        raise ValueError(f"{spec!r} cannot be called without arguments: {exc}") from None
    if not isinstance(bot, Bot):
        raise ValueError(f"{spec!r} made {bot!r}, which is not a bot")
    return bot


def play_game(
    levels: Sequence[str],
    game: int,
    seed: int,
    *,
    budget: float | None = None,
    round_cap: int = DEFAULT_ROUND_CAP,
) -> GameRecord:
    """Play one game of bots ``levels`` with game seed ``seed + game``.

    ``levels``: levels or ``module:factory``, see :func:`make_player`; bot ``j`` sits in seat
    ``(j + game) % n``. Each bot gets its own RNG seeded from ``seed``, ``game`` and ``j``.

    ``budget``: thinking time in seconds; each bot gets it as its level's thinking time
    (``park.engine.levels.thinking_time``: stretched by the level's factor, only levels that
    think on a budget use it), a ``module:factory`` bot as it is.

    Raises:
        ValueError: for an unknown level or an unsupported player count.
    """
    n = len(levels)
    seat_of = [(j + game) % n for j in range(n)]
    bot_at = [0] * n
    for j, s in enumerate(seat_of):
        bot_at[s] = j
    bots = [make_player(level) for level in levels]
    budgets = [thinking_time(level, budget) for level in levels]
    rngs = [random.Random(f"park-bot:{seed}:{game}:{j}") for j in range(n)]
    times: list[list[float]] = [[] for _ in range(n)]
    cpu: list[list[float]] = [[] for _ in range(n)]
    state = new_game(n, seed + game)
    while not state.is_over and state.round <= round_cap:
        seat = state.active
        j = bot_at[seat]
        legal = legal_actions(state)
        view = observe(state, seat)
        started = time.perf_counter()
        started_cpu = time.process_time()
        action = bots[j].decide(view, legal, rngs[j], budgets[j])
        times[j].append(time.perf_counter() - started)
        cpu[j].append(time.process_time() - started_cpu)
        state, _ = apply(state, action)
    winner = bot_at[state.winner] if state.winner is not None else None
    scores = [state.seats[seat_of[j]].score for j in range(n)]
    return GameRecord(seat_of, winner, scores, times, state.round, cpu)


def _play_one(args: tuple[tuple[str, ...], int, int, float | None, int]) -> GameRecord:
    levels, game, seed, budget, round_cap = args
    return play_game(levels, game, seed, budget=budget, round_cap=round_cap)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% for the default ``z``) of ``wins`` out of ``games``.

    As ``(low, high)`` in 0..1; ``(0.0, 1.0)`` when ``games`` is 0.
    """
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], pct: float) -> float:
    """The ``pct``-th percentile (0..100, nearest rank) of ``values``; 0.0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, math.ceil(pct / 100 * len(ordered)) - 1))
    return ordered[rank]


@dataclass(slots=True)
class TournamentResult:
    """Everything a tournament produced: the settings and one :class:`GameRecord` per game."""

    levels: tuple[str, ...]
    seed: int
    budget: float | None
    round_cap: int
    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0
    names: tuple[str, ...] = ()
    """How the report names each bot: its ``level`` (a sparring partner's style), else its spec."""

    def lines(self) -> list[str]:
        """The report as printable lines."""
        games = len(self.records)
        capped = sum(1 for r in self.records if r.winner is None)
        n = len(self.levels)
        budget = "default" if self.budget is None else f"{self.budget:g} s"
        rounds = [r.rounds for r in self.records]
        names = self.names or self.levels
        out = [
            f"{games} games, {n} players, bots {','.join(names)}, seed {self.seed}, "
            f"budget {budget}, {self.seconds:.1f} s",
            f"capped at {self.round_cap} rounds (no winner): {capped}",
            f"game length (rounds): median {statistics.median(rounds) if rounds else 0:g}",
            f"{'bot':<12} {'wins':>5} {'win rate':>9} {'95% CI':>15} {'med score':>9}"
            f" {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}",
        ]
        for j, level in enumerate(names):
            wins = sum(1 for r in self.records if r.winner == j)
            low, high = wilson(wins, games)
            scores = [r.scores[j] for r in self.records]
            times = [t for r in self.records for t in r.times[j]]
            out.append(
                f"{f'{j + 1}:{level}':<12} {wins:>5} {wins / max(games, 1):>9.1%}"
                f" {f'[{low:.1%}, {high:.1%}]':>15}"
                f" {statistics.median(scores) if scores else 0:>9g}"
                f" {percentile(times, 50) * 1000:>8.2f} {percentile(times, 95) * 1000:>8.2f}"
                f" {max(times, default=0.0) * 1000:>8.2f}"
            )
        for j, level in enumerate(self.levels):
            level_budget = thinking_time(level, self.budget)
            if level_budget is not None and thinks_on_budget([level]):
                limit = level_budget * 1.1
                times = [t for r in self.records for t in r.times[j]]
                cpu = [t for r in self.records for t in r.cpu[j]]
                over = sum(1 for t in times if t > limit)
                over_cpu = sum(1 for t in cpu if t > limit)
                out.append(
                    f"{j + 1}:{level} decisions over the budget + 10% ({limit * 1000:.0f} ms):"
                    f" {over} of {len(times)} by the wall clock, {over_cpu} in CPU time"
                    f" (CPU ms p95 {percentile(cpu, 95) * 1000:.2f},"
                    f" max {max(cpu, default=0) * 1000:.2f})"
                )
        if len(set(names)) < n:
            for level in dict.fromkeys(names):
                idx = [j for j, lv in enumerate(names) if lv == level]
                if len(idx) < 2:
                    continue
                wins = sum(1 for r in self.records if r.winner in idx)
                low, high = wilson(wins, games)
                out.append(
                    f"all {len(idx)} {level}: {wins} wins, {wins / max(games, 1):.1%}"
                    f" [{low:.1%}, {high:.1%}] of games"
                )
        return out


def run_tournament(
    levels: Sequence[str],
    games: int,
    seed: int,
    *,
    budget: float | None = None,
    round_cap: int = DEFAULT_ROUND_CAP,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentResult:
    """Play ``games`` games between the bots ``levels``.

    Game ``i`` has seed ``seed + i``, seats rotated by ``i``. ``levels``: 3..7 of ``LEVELS`` or
    ``module:factory``, see :func:`make_player`. ``jobs`` > 1 plays games in that many
    processes (CPython only). ``progress(done, games)`` is called after each game.

    Raises:
        ValueError: for an unknown level, a bad player count or non-positive counts.
    """
    if games < 1 or round_cap < 1 or jobs < 1:
        raise ValueError("games, round cap and jobs must be at least 1")
    # Validates each bot before any game starts, and names it for the report.
    names = tuple(getattr(make_player(level), "level", "") or level for level in levels)
    new_game(len(levels), seed)  # validates the player count
    result = TournamentResult(tuple(levels), seed, budget, round_cap, names=names)
    tasks = [(tuple(levels), i, seed, budget, round_cap) for i in range(games)]
    started = time.perf_counter()
    if jobs == 1:
        for task in tasks:
            result.records.append(_play_one(task))
            if progress:
                progress(len(result.records), games)
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for record in pool.imap(_play_one, tasks):
                result.records.append(record)
                if progress:
                    progress(len(result.records), games)
    result.seconds = time.perf_counter() - started
    return result


def _budget(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, got {text}")
    return value


def add_tournament_command(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``tournament`` subcommand to an ``argparse`` subparsers object; returns it."""
    cmd: argparse.ArgumentParser = subparsers.add_parser(
        "tournament", help="play AI levels against each other and print win rates"
    )
    add_table_arguments(cmd, DEFAULT_ROUND_CAP)
    cmd.add_argument(
        "--bots",
        default="normal,random,random,random",
        help="comma-separated bots, one per seat: AI levels or module:factory "
        "(default normal,random,random,random)",
    )
    cmd.add_argument(
        "--budget",
        type=_budget,
        default=None,
        help="thinking time per decision (s) of the levels that think on a budget (hard), "
        "times each level's factor",
    )
    cmd.add_argument("--jobs", type=positive, default=1, help="parallel processes (default 1)")
    cmd.add_argument("--progress", action="store_true", help="print a line every 10 games")
    cmd.set_defaults(run=run_tournament_command)
    return cmd


def run_tournament_command(args: argparse.Namespace) -> int:
    """Run the ``tournament`` subcommand from parsed ``args``; returns the exit code."""
    levels = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(levels) != args.players:
        print(
            f"error: --bots lists {len(levels)} bots but --players is {args.players}",
            file=sys.stderr,
        )
        return 2

    def report(done: int, total: int) -> None:
        if args.progress and (done % 10 == 0 or done == total):
            print(f"... {done}/{total} games", file=sys.stderr, flush=True)

    try:
        result = run_tournament(
            levels,
            args.games,
            args.seed,
            budget=args.budget,
            round_cap=args.round_cap,
            jobs=args.jobs,
            progress=report,
        )
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(result.lines()))
    return 0
