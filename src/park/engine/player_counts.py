"""How many may play: the player-count limits.

They are kept once for the New game form, Your record, the puzzles and the command line.

The published game is for 3 to 7 players (docs/rules.md, "Players and targets"), and the scoring
board has a row of MIN and TARGET for each of those counts (R6); a count without a row is refused
(A30, ``park.engine.scoring_board``). A person alone at the device plays the other seats' AI
opponents. Light on purpose (it imports nothing): the New game form reads it at start-up, before the
engine is loaded.
"""

from __future__ import annotations

MIN_PLAYERS = 3
"""The fewest seats at a table, humans and AIs together (R6, A30)."""
MAX_PLAYERS = 7
"""The most seats at a table, humans and AIs together (R6, A30)."""
PLAYER_COUNTS: tuple[int, ...] = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
"""Every player count a game may have, fewest first: the scoring board's rows (R6)."""
MIN_OPPONENTS = MIN_PLAYERS - 1
"""The fewest AI opponents a person alone at the device plays against."""
MAX_OPPONENTS = MAX_PLAYERS - 1
"""The most AI opponents a person alone at the device plays against."""
