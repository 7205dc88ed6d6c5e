"""Tests of ``park.ui.puzzles``.

The shipped puzzle set, a puzzle's session, the verdict, the rating and the puzzle of the day.
"""
