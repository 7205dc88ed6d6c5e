"""The figures behind the warnings' threshold (``park.ui.play.warnings.WARN_AT``).

How Park's reach chances of the steps a player could take fall, in games between normal AIs.

Usage: PYTHONPATH=src python bench/warning_threshold.py [GAMES] [PLAYERS]   (default 12, 4)
At every start of seat 0's turn with Month counters, the chance (``move_risks``) of each legal
step that does not walk into Captain Park is counted in tenths (0-9%, 10-19%, … 90-100%);
prints the share in each tenth, the share between 40% and 60%, the share the rule warns and
how many decisions had every move warned.
"""

from __future__ import annotations

import random
import sys
from collections import Counter

from park import Phase, Step, apply, legal_actions, new_game, observe
from park.ai import make_bot
from park.ui.play.warnings import REACH, move_risks, percent


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    tenths: Counter[int] = Counter()
    warned = decisions = every = 0
    for seed in range(games):
        state = new_game(players, seed)
        bots = [make_bot("normal") for _ in range(players)]
        rng = random.Random(seed)
        for _ in range(3000):
            if state.phase is Phase.OVER:
                break
            if state.active == 0 and state.phase is Phase.START and state.seats[0].months:
                legal = legal_actions(state)
                risks = move_risks(observe(state, 0), legal)
                decisions += 1
                every += all(r.warned for r in risks.values())
                for action in legal:
                    risk = risks[str(action)]
                    if isinstance(action, Step) and risk.cause == REACH:
                        tenths[min(percent(risk.chance) // 10, 9)] += 1
                        warned += risk.warned
            view = observe(state, state.active)
            action = bots[state.active].decide(view, legal_actions(state), rng)
            state, _ = apply(state, action)
    steps = sum(tenths.values())
    for tenth in range(10):
        print(
            f"{tenth * 10:3d}-{tenth * 10 + 9 if tenth < 9 else 100}%: {tenths[tenth] / steps:6.1%}"
        )
    print(f"40-59%: {(tenths[4] + tenths[5]) / steps:.1%} of {steps} steps")
    print(f"warned: {warned / steps:.1%}; decisions with every move warned: {every} of {decisions}")


if __name__ == "__main__":
    main()
