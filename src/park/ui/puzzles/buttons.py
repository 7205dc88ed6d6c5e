"""The ``data-ui`` names of the puzzles' buttons.

Shared by their markup (:mod:`park.ui.puzzles.html`) and the page's command table
(``park.ui.page.update``).

A module of its own, importing nothing, so that the page's command table, made before the
page is ready, loads none of the puzzles' code (the puzzles load when first opened).
"""

from __future__ import annotations

PUZZLE_DAILY = "puzzle-daily"
"""``data-ui`` of the button that opens the puzzle of the day."""
PUZZLE_NEXT = "puzzle-next"
"""``data-ui`` of the button that opens the next puzzle."""
PUZZLE_RETRY = "puzzle-retry"
"""``data-ui`` of the button that sets the puzzle's position again."""
PUZZLE_LEAVE = "puzzle-leave"
"""``data-ui`` of the button that leaves the puzzles (back to the game or the form)."""
PUZZLE_VERDICT = "puzzle-verdict"
"""``data-ui`` of the button that opens the verdict again."""

PUZZLE_SOLUTION = "puzzle-solution"
"""``data-ui`` of the button that shows the solution (the best turn, move by move)."""
PUZZLE_SOLUTION_PREV = "puzzle-solution-prev"
"""``data-ui`` of the button that takes the solution back one move."""
PUZZLE_SOLUTION_NEXT = "puzzle-solution-next"
"""``data-ui`` of the button that plays the solution's next move."""
PUZZLE_SOLUTION_CLOSE = "puzzle-solution-close"
"""``data-ui`` of the button that closes the solution (back to the end of the try)."""

__all__ = [
    "PUZZLE_DAILY",
    "PUZZLE_LEAVE",
    "PUZZLE_NEXT",
    "PUZZLE_RETRY",
    "PUZZLE_SOLUTION",
    "PUZZLE_SOLUTION_CLOSE",
    "PUZZLE_SOLUTION_NEXT",
    "PUZZLE_SOLUTION_PREV",
    "PUZZLE_VERDICT",
]
