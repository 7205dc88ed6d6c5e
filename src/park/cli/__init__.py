"""The command line: ``python -m park simulate ...`` and ``python -m park tournament ...``.

``simulate``: random games (speed and lengths); ``tournament``: AI levels against each other;
see each module.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .arguments import add_table_arguments
from .simulate import DEFAULT_ROUND_CAP, simulate
from .tournament import add_tournament_command


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="python -m park",
        description="Captain Park's Imaginary Polar Expedition: rules engine tools.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play random games and print speed and lengths")
    add_table_arguments(sim, DEFAULT_ROUND_CAP)
    sim.set_defaults(run=_run_simulate)
    add_tournament_command(commands)
    return parser


def _run_simulate(args: argparse.Namespace) -> int:
    try:
        report = simulate(args.players, args.games, args.seed, args.round_cap)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(report.lines()))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); returns the exit code."""
    args = build_parser().parse_args(argv)
    code: int = args.run(args)
    return code
