"""Random-play simulation: many games with uniformly random legal choices, and their figures."""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from ..engine.rules import apply, legal_actions, new_game

DEFAULT_ROUND_CAP = 500
"""Random play may never finish (A31): a game still going after this many rounds is stopped."""


@dataclass(frozen=True, slots=True)
class SimulationReport:
    """Figures of a batch of random games.

    ``rounds``: each game's length in rounds; ``winning_scores``: the winner's final score of each
    finished game; ``capped``: games stopped at the round cap; ``decisions``: actions applied in
    all; ``seconds``: wall-clock time spent in ``legal_actions`` + ``apply`` and setup.
    """

    players: int
    games: int
    rounds: tuple[int, ...]
    winning_scores: tuple[int, ...]
    capped: int
    decisions: int
    seconds: float

    def lines(self) -> list[str]:
        """The report as printable lines."""
        secs = max(self.seconds, 1e-9)
        out = [
            f"{self.games} random {self.players}-player games in {self.seconds:.2f} s",
            f"games per second:      {self.games / secs:,.1f}",
            f"decisions per second:  {self.decisions / secs:,.0f}",
            f"game length (rounds):  median {_median(self.rounds)}, "
            f"90th percentile {_percentile(self.rounds, 90)}",
        ]
        if self.winning_scores:
            out.append(f"winner's median score: {_median(self.winning_scores)}")
        out.append(f"capped at the round cap: {self.capped}")
        return out


def _median(values: tuple[int, ...]) -> str:
    return f"{statistics.median(values):g}" if values else "n/a"


def _percentile(values: tuple[int, ...], pct: int) -> str:
    if not values:
        return "n/a"
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(pct / 100 * len(ordered) + 0.5) - 1))
    return str(ordered[rank])


def simulate(
    players: int, games: int, seed: int, round_cap: int = DEFAULT_ROUND_CAP
) -> SimulationReport:
    """Play ``games`` games of ``players`` seats (3..7) choosing uniformly among legal actions.

    Game ``i`` uses seed ``seed + i``; the choices come from ``random.Random(seed)``. A game still
    running after ``round_cap`` rounds (≥ 1) is stopped and counted as capped.
    Raises ``ValueError`` for an unsupported player count or non-positive games/round cap.
    """
    if games < 1 or round_cap < 1:
        raise ValueError("games and round_cap must be at least 1")
    chooser = random.Random(seed)
    rounds: list[int] = []
    winning: list[int] = []
    capped = decisions = 0
    started = time.perf_counter()
    for i in range(games):
        state = new_game(players, seed + i)
        while not state.is_over and state.round <= round_cap:
            state, _ = apply(state, chooser.choice(legal_actions(state)))
            decisions += 1
        if state.winner is None:
            capped += 1
            rounds.append(round_cap)
        else:
            rounds.append(state.round)
            winning.append(state.seats[state.winner].score)
    return SimulationReport(
        players=players,
        games=games,
        rounds=tuple(rounds),
        winning_scores=tuple(winning),
        capped=capped,
        decisions=decisions,
        seconds=time.perf_counter() - started,
    )
