"""The person's puzzle rating: a Bayesian skill rating that moves with each puzzle's first try.

The sums are openskill's (a well-kept rating library, MIT; its Bradley-Terry model, the
pairwise one closest to Glicko-2), on the familiar scale of chess ratings: a new player
stands at :data:`START_RATING` ± :data:`START_DEVIATION`, and a puzzle is an opponent of
its own rating (``park.ui.puzzles.catalogue.Puzzle.rating``) known to ±
:data:`PUZZLE_DEVIATION`. Solving it counts as a win, anything else as a loss. openskill is
imported when a result is rated, not before.
"""

from __future__ import annotations

START_RATING = 1500.0
"""A new player's rating."""
START_DEVIATION = 350.0
"""How uncertain a new player's rating is (one standard deviation, rating points)."""
PUZZLE_DEVIATION = 80.0
"""How uncertain a puzzle's rating is."""
BETA = 200.0
"""The spread of one result (rating points): a player 200 points above a puzzle solves it
about three times in four."""


def rated(
    rating: float, deviation: float, puzzle_rating: int, *, solved: bool
) -> tuple[float, float]:
    """The rating and its deviation (rating points) after one try of a puzzle.

    The puzzle is rated ``puzzle_rating``; from ``rating`` ± ``deviation``: up when ``solved``, down
    otherwise; the deviation shrinks as results come in. Raises ``ValueError`` for a deviation that
    is not above 0.
    """
    if not deviation > 0:
        raise ValueError(f"a rating's deviation is above 0, not {deviation}")
    from openskill.models import BradleyTerryFull

    model = BradleyTerryFull(mu=START_RATING, sigma=START_DEVIATION, beta=BETA)
    player = model.rating(mu=rating, sigma=deviation)
    puzzle = model.rating(mu=float(puzzle_rating), sigma=PUZZLE_DEVIATION)
    [[after], _puzzle] = model.rate([[player], [puzzle]], ranks=[0, 1] if solved else [1, 0])
    return after.mu, after.sigma


__all__ = ["BETA", "PUZZLE_DEVIATION", "START_DEVIATION", "START_RATING", "rated"]
