"""Engine and AI speed of this checkout against another commit, measured in one run.

    .venv/bin/python bench/compare_trees.py BASE_COMMIT [--rounds 5] [--games 100]

Extracts ``BASE_COMMIT``'s ``src/`` into a temporary folder (``git archive``) and runs
``bench/engine_speed.py`` (decisions per second of random play) and ``bench/ai_speed.py``
(normal-level CPU time per decision, hard-level rollouts per CPU second) from THIS checkout's bench
scripts against both source trees, alternately, ``--rounds`` times. Prints each figure's median for
both trees and the ratio this/base: the machines are shared and noisy, so only a ratio measured in
the same run means anything. Both trees must offer the public names the scripts use
(``park.new_game``, ``park.ai.HardBot``...), which every commit since the AI landed does.

This is a benchmark, not a test: it only reports.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"

FIGURES: dict[str, tuple[str, str, bool]] = {
    # name: (script, regular expression of the figure, whether higher is better)
    "engine decisions per second": ("engine_speed.py", r"decisions per second:\s+([\d,]+)", True),
    "normal CPU ms per decision, p50": ("ai_speed.py", r"CPU ms p50 ([\d.]+)", False),
    "normal CPU ms per decision, p95": ("ai_speed.py", r"p95 ([\d.]+)", False),
    "hard rollouts per CPU second": ("ai_speed.py", r"= (\d+) per CPU second", True),
}


def run_script(script: str, src: Path, args: list[str]) -> str:
    """Run ``bench/<script>`` with ``src`` as the ``park`` source tree; return its output."""
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    return done.stdout


def measure(src: Path, games: int) -> dict[str, float]:
    """Every figure of :data:`FIGURES` for the tree ``src``, from one run of each script."""
    outputs = {
        "engine_speed.py": run_script("engine_speed.py", src, ["--games", str(games)]),
        "ai_speed.py": run_script("ai_speed.py", src, [str(max(1, games // 12))]),
    }
    figures: dict[str, float] = {}
    for name, (script, pattern, _) in FIGURES.items():
        found = re.search(pattern, outputs[script])
        if found is None:
            raise SystemExit(f"{script} printed no '{name}':\n{outputs[script]}")
        figures[name] = float(found.group(1).replace(",", ""))
    return figures


def main() -> int:
    """Parse the arguments, measure both trees alternately and print the medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="the commit to compare against (e.g. a hash or HEAD~3)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per tree (default 5)")
    parser.add_argument("--games", type=int, default=100, help="random games per engine round")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        base.mkdir()
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.base, "src"], capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive.stdout, check=True)
        trees = {"this": ROOT / "src", "base": base / "src"}
        results: dict[str, list[dict[str, float]]] = {"this": [], "base": []}
        for round_number in range(1, args.rounds + 1):
            order = ("base", "this") if round_number % 2 else ("this", "base")
            for which in order:
                results[which].append(measure(trees[which], args.games))
            print(f"round {round_number}/{args.rounds} done", file=sys.stderr)
    print(f"{'figure':34} {'base':>10} {'this':>10} {'this/base':>10}")
    for name, (_, _, higher_better) in FIGURES.items():
        base_median = statistics.median(r[name] for r in results["base"])
        this_median = statistics.median(r[name] for r in results["this"])
        ratio = this_median / base_median
        better = "faster" if (ratio > 1) == higher_better else "slower"
        print(f"{name:34} {base_median:10,.2f} {this_median:10,.2f} {ratio:10.3f}  ({better})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
