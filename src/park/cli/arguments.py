"""The options the command line's subcommands share.

The table (``--players``, ``--games``, ``--seed``, ``--round-cap``) and the check that a count
is positive.
"""

from __future__ import annotations

import argparse

from ..engine.player_counts import MAX_PLAYERS, MIN_PLAYERS


def positive(text: str) -> int:
    """``text`` as a whole number of at least 1.

    Raises:
        argparse.ArgumentTypeError: for 0 or less (a ``ValueError`` for text that is no number,
            which ``argparse`` reports as an invalid value too).
    """
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def add_table_arguments(command: argparse.ArgumentParser, round_cap: int) -> None:
    """Add the table's options to ``command``.

    They are ``--players`` (seats per game, R2), ``--games``, ``--seed`` (of the first game) and
    ``--round-cap`` (rounds before a game is stopped, by default ``round_cap``).
    """
    command.add_argument(
        "--players",
        type=int,
        default=4,
        help=f"seats per game, {MIN_PLAYERS}..{MAX_PLAYERS} (default 4)",
    )
    command.add_argument("--games", type=positive, default=100, help="games to play (default 100)")
    command.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    command.add_argument(
        "--round-cap",
        type=positive,
        default=round_cap,
        help=f"stop a game after this many rounds (default {round_cap})",
    )
