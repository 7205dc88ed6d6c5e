"""Per-level play statistics from bot games: expeditions, their size, Month counters lost.

Usage: PYTHONPATH=src python bench/ai_stats.py normal,easy,easy,easy GAMES [SEED]
Prints, per bot: expeditions per game, mean expedition total, mean months at scoring, cards per
expedition, months lost to Captain Park (landings and walking in) per game, cards played per game.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections import defaultdict

from park import EventKind, apply, legal_actions, new_game, observe
from park.ai import make_bot


def main() -> None:
    levels = sys.argv[1].split(",")
    games = int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    n = len(levels)
    stats: dict[int, dict[str, list[float]]] = {j: defaultdict(list) for j in range(n)}
    wins = [0] * n
    for g in range(games):
        seat_of = [(j + g) % n for j in range(n)]
        bot_at = {s: j for j, s in enumerate(seat_of)}
        bots = [make_bot(lv) for lv in levels]
        rngs = [random.Random(f"{seed}:{g}:{j}") for j in range(n)]
        state = new_game(n, seed + g)
        lost = [0] * n
        lost_club = [0] * n
        played = [0] * n
        while not state.is_over and state.round <= 300:
            j = bot_at[state.active]
            action = bots[j].decide(observe(state, state.active), legal_actions(state), rngs[j])
            state, events = apply(state, action)
            for e in events:
                if e.kind == EventKind.MONTHS_LOST and e.seat is not None:
                    if e.data["reason"] in ("park_landed", "walked_into_park", "stayed_with_park"):
                        lost[bot_at[e.seat]] += e.data["months"]
                    elif e.data["reason"] == "ended_in_club":
                        lost_club[bot_at[e.seat]] += e.data["months"]
                if e.kind == EventKind.CARD_PLAYED and e.seat is not None:
                    played[bot_at[e.seat]] += 1
        if state.winner is not None:
            wins[bot_at[state.winner]] += 1
        for j in range(n):
            seat = state.seats[seat_of[j]]
            st = stats[j]
            st["expeditions"].append(len(seat.expeditions))
            for x in seat.expeditions:
                st["total"].append(x.total)
                st["months"].append(x.months)
                st["cards"].append(len(x.cards))
            st["lost"].append(lost[j])
            st["lost_club_unscored"].append(lost_club[j])
            st["played"].append(played[j])
            st["rounds"].append(state.round)
    for j, level in enumerate(levels):
        st = stats[j]

        def m(key: str, st: dict[str, list[float]] = st) -> str:
            return f"{statistics.mean(st[key]):.1f}" if st[key] else "-"

        print(
            f"{j + 1}:{level:<7} wins {wins[j]:>3}  exp/game {m('expeditions')}  total {m('total')}"
            f"  months {m('months')}  cards/exp {m('cards')}  lost-to-Park/game {m('lost')}"
            f"  club-lost {m('lost_club_unscored')}  played/game {m('played')}"
            f"  rounds {m('rounds')}"
        )


if __name__ == "__main__":
    main()
