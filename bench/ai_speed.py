"""AI speed: CPU time per normal-level decision and hard-level rollouts per CPU second.

Usage: PYTHONPATH=src python bench/ai_speed.py [GAMES]
Plays GAMES 4-player games of normal bots, timing every decision with ``time.process_time``
(CPU time, so other processes on a busy machine distort it less than wall time), then runs the
hard level on positions from those games with a fixed number of clock readings and reports
rollouts per CPU second.
"""

from __future__ import annotations

import random
import sys
import time

from park import GameState, apply, legal_actions, new_game, observe
from park.ai import HardBot, make_bot


class CountingClock:
    """A fake clock: each reading advances 1 ms, so every decision does the same work."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    times: list[float] = []
    positions: list[GameState] = []
    for g in range(games):
        bots = [make_bot("normal") for _ in range(4)]
        rng = random.Random(g)
        state = new_game(4, g)
        while not state.is_over:
            legal = legal_actions(state)
            view = observe(state, state.active)
            started = time.process_time()
            action = bots[state.active].decide(view, legal, rng)
            times.append(time.process_time() - started)
            if len(legal) > 1 and state.phase.value == "start" and rng.random() < 0.1:
                positions.append(state)
            state, _ = apply(state, action)
    times.sort()
    n = len(times)
    print(
        f"normal: {n} decisions, CPU ms p50 {times[n // 2] * 1000:.2f}"
        f" p95 {times[int(n * 0.95)] * 1000:.2f} max {times[-1] * 1000:.2f}"
    )
    rollouts = 0
    started = time.process_time()
    for i, state in enumerate(positions[:40]):
        bot = HardBot(clock=CountingClock())
        bot.decide(observe(state, state.active), legal_actions(state), random.Random(i), 0.3)
        rollouts += bot.last_rollouts
    spent = time.process_time() - started
    print(f"hard: {rollouts} rollouts in {spent:.2f} CPU s = {rollouts / spent:.0f} per CPU second")


if __name__ == "__main__":
    main()
