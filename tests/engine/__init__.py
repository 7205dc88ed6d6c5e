"""The engine's tests (``park.engine``).

The rules R1-R104, the rulings, the scenarios (docs/rules.md), the data, saves, undo, the events
and the recorded games (``golden_games.py``).
"""
