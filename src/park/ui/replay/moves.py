"""A game's moves written one character each, as the puzzle set and the shared links store them.

Each move is its index among the legal actions at that point (``legal_actions``, the engine's own
order), written in base 36 (``0``-``9``, ``a``-``z``): a game of 150 to 400 decisions is as many
characters. The puzzle set (``park.ui.puzzles.catalogue``, ``tools/make_puzzles.py``) and a shared
game's link (``park.ui.game.links``) both use this module.
"""

from __future__ import annotations

from collections.abc import Iterable

from park.engine.actions import Action
from park.engine.rules import apply, legal_actions
from park.engine.state import GameState

MOVE_BASE = 36
"""A game's moves are written in this base, one digit a move."""
MOVE_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
"""The digits, in order: a move's index among the legal actions is its digit's place here."""


def encode_moves(start: GameState, actions: Iterable[Action]) -> str:
    """``actions``, played from ``start``, written one digit a move.

    Raises ``ValueError`` for a move that is not legal where it is played, or past the 36th legal
    action.
    """
    state = start
    written = []
    for action in actions:
        index = legal_actions(state).index(action)
        if index >= MOVE_BASE:
            raise ValueError(f"{action} is legal action number {index + 1}: past base 36")
        written.append(MOVE_DIGITS[index])
        state, _events = apply(state, action)
    return "".join(written)


def move_indexes(moves: str) -> tuple[int, ...]:
    """The moves written in ``moves`` as indexes into the legal actions, in order.

    Raises ``ValueError`` for a character that is not a digit of :data:`MOVE_DIGITS`.
    """
    if any(move not in MOVE_DIGITS for move in moves):
        raise ValueError("a move is written 0-9 or a-z")
    return tuple(MOVE_DIGITS.index(move) for move in moves)


def play_moves(start: GameState, moves: str) -> GameState:
    """The state ``moves`` lead to from ``start``.

    Raises ``ValueError`` naming the first move that is not among the legal actions (or any
    move after the game's end).
    """
    state = start
    for number, index in enumerate(move_indexes(moves), start=1):
        legal = () if state.is_over else legal_actions(state)
        if index >= len(legal):
            raise ValueError(f"move {number} is number {index + 1} of {len(legal)} legal actions")
        state, _events = apply(state, legal[index])
    return state
