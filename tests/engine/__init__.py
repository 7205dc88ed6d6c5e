"""The engine's tests (``park.engine``).

The rules R1-R104, the rulings, RULES.md's scenarios, the data, saves, undo, the events and the
recorded games (``golden_games.py``).
"""
