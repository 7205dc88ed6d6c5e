"""Engine speed.

Play random 4-player games with ``legal_actions`` + ``apply`` and report decisions per second,
games per second and the average number of decisions per game.

Run from the repository root::

    PYTHONPATH=src python3 bench/engine_speed.py [--games N] [--players P] [--seed S]

Each decision is one ``legal_actions`` call plus one ``apply`` of a uniformly random legal
action. Games stop when someone wins or after ``--max-rounds`` rounds. The target is at least
20,000 decisions per second on CPython.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from dataclasses import dataclass

from park import apply, legal_actions, new_game

TARGET_DECISIONS_PER_SECOND = 20_000


@dataclass(frozen=True)
class Result:
    """Totals of one benchmark run."""

    games: int
    finished: int
    decisions: int
    seconds: float

    @property
    def decisions_per_second(self) -> float:
        """Decisions (legal_actions + apply) per wall-clock second."""
        return self.decisions / self.seconds

    @property
    def games_per_second(self) -> float:
        """Games played per wall-clock second."""
        return self.games / self.seconds

    @property
    def decisions_per_game(self) -> float:
        """Average decisions in one game."""
        return self.decisions / self.games


def play_game(players: int, seed: int, max_rounds: int) -> tuple[int, bool]:
    """Play one random game; return (decisions made, whether it reached a winner)."""
    rng = random.Random(seed)
    state = new_game(players, seed)
    decisions = 0
    while not state.is_over and state.round <= max_rounds:
        state, _events = apply(state, rng.choice(legal_actions(state)))
        decisions += 1
    return decisions, state.is_over


def run(games: int, players: int, seed: int, max_rounds: int) -> Result:
    """Play ``games`` games with seeds ``seed``, ``seed + 1``, ... and time them all."""
    decisions = 0
    finished = 0
    start = time.perf_counter()
    for i in range(games):
        made, over = play_game(players, seed + i, max_rounds)
        decisions += made
        finished += over
    return Result(games, finished, decisions, time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, run the benchmark and print the figures. Returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument(
        "--max-rounds", type=int, default=300, help="cut a game off after this many rounds"
    )
    parser.add_argument("--warmup", type=int, default=3, help="untimed games first (default 3)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")

    if args.warmup:
        run(args.warmup, args.players, -args.warmup - 1, args.max_rounds)
    result = run(args.games, args.players, args.seed, args.max_rounds)
    print(f"Python {platform.python_version()} ({platform.python_implementation()})")
    print(f"{result.games} random {args.players}-player games in {result.seconds:.2f} s")
    print(f"  finished with a winner:  {result.finished}/{result.games}")
    print(f"  decisions per second:    {result.decisions_per_second:,.0f}")
    print(f"  games per second:        {result.games_per_second:,.1f}")
    print(f"  decisions per game:      {result.decisions_per_game:,.1f}")
    verdict = "meets" if result.decisions_per_second >= TARGET_DECISIONS_PER_SECOND else "BELOW"
    print(f"  {verdict} the target of {TARGET_DECISIONS_PER_SECOND:,} decisions per second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
