"""Tag each puzzle of the set with its themes (issue 41): what its best turn is about.

    .venv/bin/python tools/puzzle_themes.py            # src/park/data/puzzles.json, in place

For every puzzle, the best plan and the runner-up are played on the puzzle's own deals
(``park.ai.deal_values.parts_on_deals``, the values the set was made with) and compared
(``park.ai.difference``), and the coach's facts of both are read (``park.ai.coach.advise_plans``);
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

from park.ai.coach import advise_plans
from park.ai.deal_values import parts_on_deals, run
from park.ai.difference import difference
from park.engine.observation import observe
from park.ui.puzzles.catalogue import PUZZLES_VERSION, Puzzle, parse_puzzles
from park.ui.puzzles.position import puzzle_state
from park.ui.puzzles.themes import themes_from
from tools.paths import ROOT

SET = ROOT / "src" / "park" / "data" / "puzzles.json"


def puzzle_themes(puzzle: Puzzle, deals: int) -> tuple[str, ...]:
    """The themes of ``puzzle``, from its best plan and runner-up on its first ``deals`` deals."""
    view = observe(puzzle_state(puzzle, "You"), puzzle.seat)
    best, runner_up = puzzle.best_actions(), puzzle.runner_up_actions()
    outcomes = run(parts_on_deals(view, [best, runner_up], deals, puzzle.deal_key))
    values = [tuple(o.value for o in found) for found in outcomes]
    advice = advise_plans(view, best, values[0], runner_up, values[1])
    if advice.alternative is None:
        raise RuntimeError(f"puzzle {puzzle.number}: the runner-up has no facts")
    found = difference(outcomes[0], outcomes[1])
    return themes_from(best, runner_up, found, (advice.best, advice.alternative))


def tag(data: dict[str, Any]) -> dict[str, Any]:
    """The set's JSON ``data`` (version 1 or 2) with each puzzle's themes, as version 2."""
    untagged = dict(data, version=PUZZLES_VERSION)
    untagged["puzzles"] = [dict(p, themes=["club"]) for p in data["puzzles"]]  # parsed, not kept
    puzzles = parse_puzzles(json.dumps(untagged))
    tagged = []
    for item, puzzle in zip(data["puzzles"], puzzles.puzzles, strict=True):
        tagged.append(dict(item, themes=list(puzzle_themes(puzzle, puzzles.deals))))
    return dict(untagged, puzzles=tagged)


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
