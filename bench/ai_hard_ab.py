"""A/B test of hard-level settings: a HardBot with keyword settings against three normal bots.

Usage: PYTHONPATH=src python bench/ai_hard_ab.py GAMES SEED BUDGET JOBS [key=value ...]
e.g.   PYTHONPATH=src python bench/ai_hard_ab.py 200 5000 0.1 2 horizon=1 shrink=4
Seats rotate as in the tournament; prints the hard bot's wins, win rate and 95% interval.
"""

from __future__ import annotations

import multiprocessing
import random
import sys
from typing import Any

from park import apply, legal_actions, new_game, observe
from park.ai import HardBot, make_bot
from park.cli.tournament import wilson


def _game(task: tuple[int, int, float, dict[str, Any]]) -> bool:
    game, seed, budget, settings = task
    n = 4
    hard_seat = game % n
    bots = [make_bot("normal") for _ in range(n)]
    bots[hard_seat] = HardBot(**settings)
    rngs = [random.Random(f"ab:{seed}:{game}:{i}") for i in range(n)]
    state = new_game(n, seed + game)
    while not state.is_over and state.round <= 300:
        seat = state.active
        action = bots[seat].decide(observe(state, seat), legal_actions(state), rngs[seat], budget)
        state, _ = apply(state, action)
    return state.winner == hard_seat


def main() -> None:
    games, seed, budget, jobs = (
        int(sys.argv[1]),
        int(sys.argv[2]),
        float(sys.argv[3]),
        int(sys.argv[4]),
    )
    settings: dict[str, Any] = {}
    for arg in sys.argv[5:]:
        key, _, value = arg.partition("=")
        settings[key] = float(value) if "." in value else int(value)
    tasks = [(g, seed, budget, settings) for g in range(games)]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        wins = sum(pool.map(_game, tasks))
    low, high = wilson(wins, games)
    print(f"{settings}: {wins}/{games} = {wins / games:.1%} [{low:.1%}, {high:.1%}]")


if __name__ == "__main__":
    main()
