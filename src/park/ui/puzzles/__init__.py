"""Puzzles: find the best turn (the set, the position, the verdict, the rating, the day's)."""
