"""Make the puzzle set (``src/park/data/puzzles.json``): positions where one turn is clearly best.

    .venv/bin/python tools/make_puzzles.py --puzzles 320 --jobs 2

It plays games between hard and normal AIs (3 to 5 players; each game's seed recorded, and
its moves, since the hard level thinks on a clock) and, at the start of every turn with more
than one legal action, lists the plans for the turn the hard level would compare
(:func:`candidates`: the best by the normal level's rule of thumb, at most two per first
action). Each is valued on the same sampled deals (``park.ai.deal_values``, common random
numbers). A position becomes a puzzle when, on the puzzle's own sample of :data:`DEALS`
deals, the best plan leads the runner-up by at least :data:`MARGIN` points with a paired
t-value of at least :data:`MIN_T`; when on an independent second sample of :data:`DEALS`
deals the same plan is best, still :data:`CHECK_MARGIN` points ahead with a t-value of at
least :data:`CHECK_T`; and when its first action is not simply the first one offered.
A position where some plan could win the game at the Club is left out (:func:`could_win`),
and so is one where the game ended inside a rollout of either sample (:func:`game_ends`).

Why these numbers: the coach calls a decision that costs 2 points (by the same rollouts) a
moment worth looking at (``park.ai.review.MIN_STAKE``); a puzzle asks for three times that,
about one card in hand as the hard level counts one (5 points). A t-value of 4 on 24 paired
deals leaves a chance far below one in a thousand that the order is noise, and the second
sample must confirm it by itself. A puzzle's rating comes from where the normal level's rule
of thumb ranks the best plan (:func:`rating`): first, it is a puzzle of reading the position;
lower, it needs looking past the obvious.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `tools` (and so `park`) importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import tools  # noqa: F401  (puts src/ on sys.path)

from park.ai.deal_values import run, values_on_deals
from park.ai.evaluation import Assessment
from park.ai.hard import GAME_OVER_VALUE
from park.ai.heuristic import NORMAL_WEIGHTS
from park.ai.levels import ai_level
from park.ai.planner import Plan, plan_turn
from park.engine.actions import Action
from park.engine.observation import Observation, observe
from park.engine.rules import apply, legal_actions, new_game
from park.engine.state import Phase
from park.ui.puzzles.catalogue import PUZZLES_FORMAT, PUZZLES_VERSION
from park.ui.replay.moves import encode_moves
from tools.paths import ROOT
from tools.puzzle_themes import tag

OUT = ROOT / "src" / "park" / "data" / "puzzles.json"
DEALS = 24
"""Sampled deals each candidate is valued on, in the puzzle's sample and in the check."""
SCREEN_DEALS = 8
"""The first deals of the puzzle's sample, valued first: a position whose best plan is not
:data:`MARGIN` / 2 ahead on them is not valued on the rest."""
MARGIN = 6.0
"""Least lead (points) of the best plan over the runner-up on the puzzle's deals."""
MIN_T = 4.0
"""Least paired t-value of that lead."""
CHECK_MARGIN = 3.0
"""Least lead on the independent second sample (the same plan must be best there)."""
CHECK_T = 2.5
"""Least paired t-value of the lead on the second sample."""
MAX_CANDIDATES = 8
"""Plans compared at most (the hard level compares 5)."""
PLAN_MARGIN = 40.0
"""Plans further than this below the best by the rule of thumb are not compared."""
PER_GAME = 8
"""Puzzles kept from one game at most."""
STRIDE = 2
"""Only every second turn start of a game is judged, so a game's puzzles spread over it."""
TABLES = (
    (4, "hard", "normal"),
    (3, "hard", "normal"),
    (5, "normal", "hard"),
    (4, "normal", "hard"),
)
"""Players and the levels that alternate at the table, game by game."""
HARD_BUDGET = 0.05
"""CPU seconds per decision of the hard seats while the games are played."""


Entry = dict[str, Any]
"""A puzzle's entry in the set (``park.ui.puzzles.catalogue``), as JSON-ready values."""


def candidates(view: Observation) -> list[Plan]:
    """The plans compared at ``view``'s turn decision.

    By the normal level's value, best first, within :data:`PLAN_MARGIN` of the best, at most
    two per first action and :data:`MAX_CANDIDATES` in all (as the hard level chooses its
    candidates, more of them).
    """
    plans = sorted(plan_turn(view, Assessment(view, NORMAL_WEIGHTS)), key=lambda p: -p.value)
    top = plans[0].value
    chosen: list[Plan] = []
    per_first: dict[object, int] = {}
    for plan in plans:
        if len(chosen) >= MAX_CANDIDATES or plan.value < top - PLAN_MARGIN:
            break
        first = plan.actions[0]
        if per_first.get(first, 0) >= 2:
            continue
        per_first[first] = per_first.get(first, 0) + 1
        chosen.append(plan)
    return chosen


def could_win(view: Observation) -> bool:
    """Whether some plan for the turn scores enough at the Club to win the game (R99).

    Such a position is left out (a puzzle is one turn, never the game's end).
    """
    score = view.me.score
    plans = plan_turn(view, Assessment(view, NORMAL_WEIGHTS))
    return any(score + plan.end[5] >= view.target for plan in plans)


def game_ends(values: Sequence[Sequence[float]]) -> bool:
    """Whether the game ended inside a rollout of any plan.

    Whether the game ended inside a rollout of any plan (a rollout's value is then
    ±``GAME_OVER_VALUE``): a few such deals outweigh all the others, and 24 deals cannot say
    how often they come, so such a position is no puzzle.
    """
    return any(abs(value) == GAME_OVER_VALUE for plan in values for value in plan)


def lead(best: Sequence[float], other: Sequence[float]) -> tuple[float, float]:
    """The mean of the paired differences ``best - other`` and its t-value.

    The mean of the paired differences ``best - other`` and its t-value (infinite when the
    differences do not vary and are positive).
    """
    diffs = [b - o for b, o in zip(best, other, strict=True)]
    mean = statistics.fmean(diffs)
    spread = statistics.stdev(diffs) if len(diffs) > 1 else 0.0
    if spread == 0:
        return mean, math.inf if mean > 0 else 0.0
    return mean, mean / (spread / math.sqrt(len(diffs)))


def rating(rank: int, first_moves: int) -> int:
    """A puzzle's rating from ``rank`` and ``first_moves``.

    A puzzle's rating from ``rank``, where the rule of thumb ranks the best plan (0: first),
    and ``first_moves``, how many first actions were legal: 1200, plus 250 a place the best
    plan stands below the rule of thumb's first (up to three), plus 25 a first action beyond
    the first (up to six).
    """
    return 1200 + 250 * min(rank, 3) + 25 * min(max(first_moves - 1, 0), 6)


def judge(view: Observation, legal: Sequence[object], key: str, check_key: str) -> Entry | None:
    """The puzzle at ``view``, or ``None`` if no plan is clearly best there.

    The puzzle at ``view`` (its seat to start a turn), without its game and place, or
    ``None`` if no plan is clearly best there (see the module docstring).
    """
    plans = candidates(view)
    if len(plans) < 2 or could_win(view):
        return None
    first = run(values_on_deals(view, [p.actions for p in plans], SCREEN_DEALS, key))
    ahead = sorted(statistics.fmean(v) for v in first)
    if ahead[-1] - ahead[-2] < MARGIN / 2:
        return None  # not clearly ahead on the first deals: not worth the whole sample
    values = run(values_on_deals(view, [p.actions for p in plans], DEALS, key))
    if game_ends(values):
        return None
    means = [statistics.fmean(v) for v in values]
    order = sorted(range(len(plans)), key=lambda i: -means[i])
    best, runner = order[0], order[1]
    gap, t = lead(values[best], values[runner])
    if gap < MARGIN or t < MIN_T or plans[best].actions[0] == legal[0]:
        return None
    checked = run(values_on_deals(view, [p.actions for p in plans], DEALS, check_key))
    if game_ends(checked):
        return None
    check_means = [statistics.fmean(v) for v in checked]
    check_order = sorted(range(len(plans)), key=lambda i: -check_means[i])
    if check_order[0] != best:
        return None
    check_gap, check_t = lead(checked[best], checked[check_order[1]])
    if check_gap < CHECK_MARGIN or check_t < CHECK_T:
        return None
    firsts = {p.actions[0] for p in plan_turn(view, Assessment(view, NORMAL_WEIGHTS))}
    return {
        "seat": view.seat,
        "best": [str(a) for a in plans[best].actions],
        "runner_up": [str(a) for a in plans[runner].actions],
        "values": [round(means[best], 2), round(means[runner], 2)],
        "check": [round(check_means[best], 2), round(check_means[runner], 2)],
        "rating": rating(best, len(firsts)),
        "rank": best,
    }


def play(game: int, base_seed: int) -> tuple[Entry, list[Entry], int]:
    """Play game ``game`` (seed ``base_seed + game``) and keep its puzzles.

    Returns the game's entry (its moves up to its last puzzle), the puzzles found and the
    positions judged.
    """
    players, first, second = TABLES[game % len(TABLES)]
    seats = [first if i % 2 == 0 else second for i in range(players)]
    bots = [ai_level(level).bot(time.process_time) for level in seats]
    rngs = [random.Random(f"park-puzzle-game:{base_seed}:{game}:{i}") for i in range(players)]
    seed = base_seed + game
    state = new_game(players, seed)
    found: list[Entry] = []
    judged = turn_starts = 0
    while not state.is_over and len(found) < PER_GAME:
        seat = state.active
        legal = legal_actions(state)
        view = observe(state, seat)
        starts = state.phase is Phase.START and len(legal) > 1
        if starts:
            turn_starts += 1
        if starts and (turn_starts + game) % STRIDE == 0:
            judged += 1
            at = len(state.log)
            key = f"puzzle:{seed}:{at}:{seat}"
            puzzle = judge(view, legal, key, f"puzzle-check:{seed}:{at}:{seat}")
            if puzzle is not None:
                found.append({"at": at, **puzzle})
        action = bots[seat].decide(view, legal, rngs[seat], HARD_BUDGET)
        state, _ = apply(state, action)
    last = max((p["at"] for p in found), default=0)
    try:
        moves = encoded_moves(players, seed, [state.log[i] for i in range(last)])
    except ValueError as exc:  # a move past the 36th legal action: the game is left out
        print(f"game {game} is left out: {exc}")
        return {"seed": seed, "seats": seats, "moves": ""}, [], judged
    return {"seed": seed, "seats": seats, "moves": moves}, found, judged


def encoded_moves(players: int, seed: int, actions: Sequence[Action]) -> str:
    """``actions`` written one digit a move, in base 36.

    ``actions``, played from the deal of ``players`` seats and ``seed``, written one digit a
    move: its index among the legal actions then, in base 36 (``park.ui.replay.moves``, which
    shared links use too). Raises ``ValueError`` for a move that is not legal, or past the
    36th legal action.
    """
    return encode_moves(new_game(players, seed), actions)


def _play(args: tuple[int, int]) -> tuple[int, Entry, list[Entry], int]:
    game, base_seed = args
    entry, found, judged = play(game, base_seed)
    return game, entry, found, judged


def make(target: int, jobs: int, base_seed: int) -> tuple[dict[str, Any], dict[str, float]]:
    """Play games until ``target`` puzzles are found (``jobs`` processes).

    Returns the set's JSON data and figures of the run.
    """
    started = time.perf_counter()
    results: dict[int, tuple[Entry, list[Entry]]] = {}
    judged = count = 0
    with multiprocessing.Pool(jobs) as pool:
        for game, entry, found, seen in pool.imap_unordered(
            _play, ((g, base_seed) for g in range(10_000))
        ):
            results[game] = (entry, found)
            judged += seen
            count += len(found)
            print(f"game {game}: {len(found)} puzzles of {seen} positions ({count} in all)")
            if count >= target:
                pool.terminate()
                break
    games: list[Entry] = []
    puzzles: list[Entry] = []
    for game in sorted(results):
        entry, found = results[game]
        if found:
            puzzles += [{"game": len(games), **p} for p in found]
            games.append(entry)
    data = {
        "format": PUZZLES_FORMAT,
        "version": PUZZLES_VERSION,
        "deals": DEALS,
        "check_deals": DEALS,
        "margin": MARGIN,
        "games": games,
        "puzzles": puzzles,
    }
    figures = {
        "puzzles": len(puzzles),
        "games": len(results),
        "positions": judged,
        "seconds": time.perf_counter() - started,
    }
    return data, figures


def main(argv: Sequence[str] | None = None) -> int:
    """Make the set and write it (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=320, help="puzzles to find at least")
    parser.add_argument("--jobs", type=int, default=2, help="processes playing games")
    parser.add_argument("--seed", type=int, default=270_000, help="the first game's seed")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the set")
    args = parser.parse_args(argv)
    data, figures = make(args.puzzles, args.jobs, args.seed)
    data = tag(data)  # each puzzle's themes (tools/puzzle_themes.py)
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    margins = [p["values"][0] - p["values"][1] for p in data["puzzles"]]
    ranks = [p["rank"] for p in data["puzzles"]]
    print(
        f"{figures['puzzles']} puzzles from {figures['games']} games "
        f"({figures['positions']} positions judged) in {figures['seconds']:.0f} s; "
        f"margin median {statistics.median(margins):.1f}, min {min(margins):.1f}, "
        f"max {max(margins):.1f} points; rule of thumb's first: "
        f"{ranks.count(0)}, second: {ranks.count(1)}, lower: {sum(r > 1 for r in ranks)}; "
        f"{args.out.stat().st_size / 1024:.1f} KiB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
