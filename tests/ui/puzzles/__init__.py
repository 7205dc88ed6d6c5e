"""Tests of ``park.ui.puzzles``: the shipped puzzle set, a puzzle's session, the verdict,
the rating and the puzzle of the day."""
