"""Taking back decisions: ``can_undo`` and ``undo`` (a convenience of this edition, not a rule).

A seat may take back its own decisions of the current turn, one at a time, back to the last
point where hidden information was revealed or randomness used: a card drawn at a Café, the
Gentlemen's Club or the Marketplace, a Fad card turned over, a reshuffle. Those, the start of
the turn and the end of the game set :attr:`GameState.undo_floor` (``park.engine.rules.apply``).
Everything else a decision does is public and fixed, so it is taken back with it: a step, a
card played into the Inventory together with Captain Park's move it caused and the Month
counters that move cost, a card discarded at the Marketplace, a Fad chosen among tied
destinations.

Undoing replays the action log without its last action, so the state is exactly the one the
seat decided from, and the save stays a replay of the actions.
"""

from __future__ import annotations

from .errors import IllegalActionError
from .rules import apply
from .save import start_of
from .state import GameState, Phase


class UndoError(IllegalActionError):
    """``undo`` was asked for when nothing can be taken back; the state is unchanged."""


def can_undo(state: GameState, seat: int | None = None) -> bool:
    """Whether the last action of ``state`` can be taken back.

    With ``seat``, also whether it is that seat's: the seat to decide. O(1): reads
    :attr:`GameState.undo_floor`.
    """
    if state.phase is Phase.OVER or len(state.log) <= state.undo_floor:
        return False
    return seat is None or seat == state.active


def undo(state: GameState, seat: int | None = None) -> GameState:
    """The state before the last action of ``state``, replayed from the start of its log.

    ``seat``: the seat asking (default: whoever is to decide). Raises :class:`UndoError`
    when :func:`can_undo` is false: another seat's turn, the start of a turn, just after a
    draw, a Fad reveal or a shuffle, or the game over.
    """
    if not can_undo(state, seat):
        raise UndoError(_why_not(state, seat))
    *earlier, last = state.log
    replayed = start_of(state)
    for action in earlier:
        replayed, _ = apply(replayed, action)
    if apply(replayed, last)[0] != state:  # a position built by hand, not reached by its log
        raise UndoError("nothing can be undone: this position was not reached by its moves")
    return replayed


def _why_not(state: GameState, seat: int | None) -> str:
    if state.phase is Phase.OVER:
        return "nothing can be undone: the game is over"
    if seat is not None and seat != state.active:
        return "nothing can be undone: it is not your turn"
    return "nothing can be undone: the turn has just begun, or a card was just drawn or revealed"
