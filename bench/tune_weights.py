"""Tune the normal level's evaluation weights by self-play with CMA-ES (issue 9).

    .venv/bin/pip install -e '.[tune]'     # cma: a bench-only dependency, never the wheel's
    .venv/bin/python bench/tune_weights.py --generations 14 --games 60 --jobs 2 --write

Each candidate (a :class:`~park.ai.weights.Weights`) plays ``--games`` 4-player games, seats
rotated, against three of each opponent in ``OPPONENTS`` (the four sparring partners of
``bench/sparring.py`` and the normal level as shipped when the run started); its fitness is its
mean win share over those matches. Every candidate of a generation plays the same deals
(common random numbers), and each generation new ones. CMA-ES works on the weights scaled by
``SEARCH`` (a start value and a step per weight, clipped to a range). At the end the
distribution's mean is checked on ``--check-games`` fresh deals per opponent against the start
weights on the same deals; ``--write`` saves it to ``src/park/ai/weights.toml`` with this
command and both results, only if it won more. A benchmark tool, not shipped.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import multiprocessing
import sys
from collections.abc import Sequence
from dataclasses import asdict, fields, replace
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `bench` and `park` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from park.ai.heuristic import NORMAL_WEIGHTS, HeuristicBot
from park.ai.tuned import WEIGHTS_FILE, format_weights
from park.ai.weights import Weights
from park.cli.tournament import play_game

ROOT = Path(__file__).resolve().parents[1]
OPPONENTS: dict[str, str] = {
    # by module name, as the tournament imports bots (mypy checks bench/ as top-level modules)
    **importlib.import_module("bench.tournament").SPARRING_PARTNERS,
    "normal": "normal",
}
"""The matches of the fitness: three of each of these against the candidate."""

SEARCH: dict[str, tuple[float, float, float]] = {
    "hand_share": (0.15, 0.05, 1.0),
    "novelty_share": (0.15, 0.2, 1.0),
    "fad_kept": (0.15, 0.1, 1.0),
    "fad_new": (0.06, 0.0, 0.5),
    "rate": (1.5, 1.0, 12.0),
    "card_value": (0.6, 0.0, 5.0),
    "card_decay": (0.06, 0.5, 1.0),
    "rival_damage": (0.15, 0.0, 1.5),
    "rival_damage_leader": (0.2, 0.0, 2.0),
    "rival_damage_threat": (0.3, 0.0, 3.0),
    "threat_first": (0.15, 0.2, 1.0),
    "threat_more": (0.15, 0.1, 1.0),
    "risk_aversion": (0.3, 0.2, 3.0),
    "exchange_margin": (2.0, -10.0, 6.0),
}
"""Per tuned weight: (step of one unit of the search's scale, lowest, highest). The other
fields of :class:`Weights` keep the start weights' values."""

_candidate = NORMAL_WEIGHTS
"""The weights :func:`make_candidate` gives its bot (set by :func:`_play` in each worker)."""


def make_candidate() -> HeuristicBot:
    """The bot being tuned: the normal level with this worker's current candidate weights."""
    return HeuristicBot(_candidate, level="normal")


def make_untuned() -> HeuristicBot:
    """The normal level with the hand-set weights it had before any tuning.

    The normal level with the hand-set weights it had before any tuning (the defaults of
    :class:`Weights`), for ``bench/tournament.py --bots normal,untuned,...``.
    """
    return HeuristicBot(Weights(), level="untuned")


def weights_at(x: Sequence[float], start: Weights) -> Weights:
    """``start`` moved by ``x`` (one number per :data:`SEARCH` entry, in steps), clipped."""
    changes: dict[str, Any] = {}
    for (name, (step, low, high)), offset in zip(SEARCH.items(), x, strict=True):
        value = float(getattr(start, name) + step * float(offset))  # no numpy floats
        changes[name] = round(min(high, max(low, value)), 4)
    return replace(start, **changes)


def _play(task: tuple[dict[str, Any], str, int, int]) -> float:
    """Worker: one game of the candidate against three of ``opponent``; 1.0 for a win."""
    weights, opponent, game, seed = task
    # The tournament imports the factory by name: set the candidate on that module (when run
    # as a script, this function belongs to ``__main__``, another module object).
    setattr(importlib.import_module("bench.tune_weights"), "_candidate", Weights(**weights))  # noqa: B010
    record = play_game(
        ["bench.tune_weights:make_candidate", *[OPPONENTS[opponent]] * 3], game, seed
    )
    return 1.0 if record.winner == 0 else 0.0


def fitness(
    pool: Any, candidates: Sequence[Weights], games: int, seed: int
) -> list[dict[str, float]]:
    """Each candidate's win share (0..1) against each opponent, over ``games`` games.

    Each candidate's win share (0..1) against each opponent, over ``games`` games (at most
    1,000; the same for every candidate): against the ``k``-th opponent, game seeds
    ``seed + 1000 * k`` onwards.
    """
    tasks = [
        (asdict(w), opponent, game, seed + 1000 * k)
        for w in candidates
        for k, opponent in enumerate(OPPONENTS)
        for game in range(games)
    ]
    wins = pool.map(_play, tasks, chunksize=4)
    out: list[dict[str, float]] = []
    per = games * len(OPPONENTS)
    for i in range(len(candidates)):
        mine = wins[i * per : (i + 1) * per]
        out.append(
            {
                opponent: sum(mine[k * games : (k + 1) * games]) / games
                for k, opponent in enumerate(OPPONENTS)
            }
        )
    return out


def _mean(shares: dict[str, float]) -> float:
    return sum(shares.values()) / len(shares)


def _describe(shares: dict[str, float]) -> str:
    parts = ", ".join(f"{name} {share:.1%}" for name, share in shares.items())
    return f"mean {_mean(shares):.1%} ({parts})"


def main(argv: list[str] | None = None) -> int:
    """Run the tuning; prints each generation's best and mean fitness, and the check."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--generations", type=int, default=14)
    parser.add_argument("--games", type=int, default=60, help="games per opponent per candidate")
    parser.add_argument("--popsize", type=int, default=0, help="candidates per generation")
    parser.add_argument("--sigma", type=float, default=1.0, help="initial step, in SEARCH steps")
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--check-games", type=int, default=400, help="per opponent, at the end")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--write", action="store_true", help=f"save to src/park/ai/{WEIGHTS_FILE}")
    args = parser.parse_args(argv)
    if max(args.games, args.check_games) > 1000:
        parser.error("at most 1000 games per opponent (the opponents' deals would overlap)")
    try:
        cma: Any = importlib.import_module("cma")
    except ImportError:
        print("error: needs the cma package: .venv/bin/pip install -e '.[tune]'", file=sys.stderr)
        return 2
    start = NORMAL_WEIGHTS
    options: dict[str, Any] = {"seed": args.seed, "verbose": -9}
    if args.popsize:
        options["popsize"] = args.popsize
    es = cma.CMAEvolutionStrategy([0.0] * len(SEARCH), args.sigma, options)
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for generation in range(args.generations):
            xs = es.ask()
            candidates = [weights_at(x, start) for x in xs]
            seed = args.seed + 100_000 * (generation + 1)
            shares = fitness(pool, candidates, args.games, seed)
            es.tell(xs, [-_mean(s) for s in shares])
            best = max(range(len(xs)), key=lambda i: _mean(shares[i]))
            mean = sum(_mean(s) for s in shares) / len(shares)
            print(
                f"generation {generation + 1}: population mean {mean:.1%}, "
                f"best {_describe(shares[best])}",
                flush=True,
            )
            # The distribution's mean so far, should the run be stopped early.
            print(f"  mean weights: {asdict(weights_at(es.result.xfavorite, start))}", flush=True)
        tuned = weights_at(es.result.xfavorite, start)
        check_seed = args.seed + 50_000_000
        before, after = fitness(pool, [start, tuned], args.check_games, check_seed)
    print(f"start weights: {_describe(before)}")
    print(f"tuned weights: {_describe(after)}")
    for spec in fields(Weights):
        old, new = getattr(start, spec.name), getattr(tuned, spec.name)
        if old != new:
            print(f"  {spec.name}: {old} -> {new}")
    if args.write and _mean(after) > _mean(before):
        command = "bench/tune_weights.py " + " ".join(argv if argv is not None else sys.argv[1:])
        text = format_weights(
            tuned,
            {
                "command": command,
                "date": datetime.date.today().isoformat(),
                "check": f"{args.check_games} games per opponent, seed {check_seed}",
                "before": _describe(before),
                "after": _describe(after),
            },
        )
        (ROOT / "src" / "park" / "ai" / WEIGHTS_FILE).write_text(text, encoding="utf-8")
        print(f"written to src/park/ai/{WEIGHTS_FILE}")
    elif args.write:
        print("not written: the tuned weights did not win more than the start weights")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
