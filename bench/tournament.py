"""``python -m park tournament`` with the sparring partners of ``bench/sparring.py`` (issue 9).

    python bench/tournament.py --players 4 --games 1000 --bots normal,racer,racer,racer --jobs 2

Takes the same options; ``--bots`` also accepts ``racer``, ``hoarder``, ``cycler`` and
``pusher``, and ``untuned`` (normal with its hand-set weights; any other ``module:factory``
works too). A benchmark tool, not shipped.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `bench` and `park` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from park.cli import main as park_main

SPARRING_PARTNERS = {
    "racer": "bench.sparring:make_racer",
    "hoarder": "bench.sparring:make_hoarder",
    "cycler": "bench.sparring:make_cycler",
    "pusher": "bench.sparring:make_pusher",
}
"""The sparring partners' names for ``--bots``, and the factory the tournament imports for
each (in every worker process too, so by module name)."""
OTHER_BOTS = {"untuned": "bench.tune_weights:make_untuned"}
"""More names for ``--bots``: ``untuned`` is the normal level with its hand-set weights."""
NAMES = {**SPARRING_PARTNERS, **OTHER_BOTS}


def expand(argv: list[str]) -> list[str]:
    """``argv`` for ``python -m park tournament`` with the sparring partners resolved.

    ``argv`` for ``python -m park tournament`` with the sparring partners' short names in
    ``--bots`` replaced by their ``module:factory``.
    """
    out = list(argv)
    for i, arg in enumerate(out):
        if arg == "--bots" and i + 1 < len(out):
            out[i + 1] = _expanded(out[i + 1])
        elif arg.startswith("--bots="):
            out[i] = "--bots=" + _expanded(arg.removeprefix("--bots="))
    return out


def _expanded(bots: str) -> str:
    """A ``--bots`` value with every short name replaced by its ``module:factory``."""
    return ",".join(NAMES.get(b.strip(), b.strip()) for b in bots.split(","))


def main(argv: list[str] | None = None) -> int:
    """Run the tournament command with the sparring partners available."""
    return park_main(["tournament", *expand(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    raise SystemExit(main())
