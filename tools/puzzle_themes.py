"""Tag each puzzle of the set with its themes (issue 41): what its best turn is about.

    .venv/bin/python tools/puzzle_themes.py            # src/park/data/puzzles.json, in place

For every puzzle, the verdict on its best plan (``park.ui.puzzles.verdict``) plays it and the
runner-up on the puzzle's own deals (the values the set was made with), compares them
(``park.ai.difference``) and reads the coach's facts of both;
``park.ui.puzzles.themes.themes_from`` names the themes. The set is written again as version
``PUZZLES_VERSION`` with a ``themes`` list in each puzzle, the rest unchanged.
``tools/make_puzzles.py`` tags a new set the same way. About a second a puzzle.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from park.ai.deal_values import run
from park.engine.rules import apply
from park.ui.puzzles.catalogue import PUZZLES_VERSION, Puzzle, parse_puzzles
from park.ui.puzzles.position import PuzzlePosition, puzzle_state
from park.ui.puzzles.themes import themes_from
from park.ui.puzzles.verdict import judge_in_slices
from tools.paths import ROOT

SET = ROOT / "src" / "park" / "data" / "puzzles.json"


def puzzle_themes(puzzle: Puzzle, deals: int) -> tuple[str, ...]:
    """The themes of ``puzzle``, from its best plan and runner-up on its first ``deals`` deals.

    The verdict on the best plan played (``park.ui.puzzles.verdict``) compares it with the
    runner-up: its difference and the coach's facts of both name the themes.
    """
    position = PuzzlePosition(puzzle, puzzle_state(puzzle, "You"))
    state = position.start
    for action in puzzle.best_actions():
        state, _events = apply(state, action)
    verdict = run(judge_in_slices(position, state, deals))
    advice = verdict.advice
    if advice.alternative is None:
        raise RuntimeError(f"puzzle {puzzle.number}: the runner-up has no facts")
    facts = (advice.best, advice.alternative)
    return themes_from(puzzle.best_actions(), puzzle.runner_up_actions(), verdict.difference, facts)


def tag(data: dict[str, Any]) -> dict[str, Any]:
    """The set's JSON ``data`` (version 1 or 2) with each puzzle's themes, as version 2."""
    data = dict(data, version=PUZZLES_VERSION)
    puzzles = parse_puzzles(json.dumps(data), themed=False)
    tagged = []
    for item, puzzle in zip(data["puzzles"], puzzles.puzzles, strict=True):
        tagged.append(dict(item, themes=list(puzzle_themes(puzzle, puzzles.deals))))
    return dict(data, puzzles=tagged)


def main(argv: Sequence[str] | None = None) -> int:
    """Tag the set and write it again (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=Path, default=SET, help="the puzzle set to tag, in place")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    data = tag(json.loads(args.set.read_text(encoding="utf-8")))
    args.set.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    counts = collections.Counter(t for p in data["puzzles"] for t in p["themes"])
    print(
        f"{len(data['puzzles'])} puzzles tagged in {time.perf_counter() - started:.0f} s: "
        + ", ".join(f"{theme} {count}" for theme, count in counts.most_common())
    )
    return 0


__all__ = ["puzzle_themes", "tag"]

if __name__ == "__main__":
    raise SystemExit(main())
