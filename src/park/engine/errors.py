"""The exceptions the engine raises."""

from __future__ import annotations


class ParkError(Exception):
    """Base class of every error raised by the ``park`` package."""


class IllegalActionError(ParkError, ValueError):
    """An action that is not in ``legal_actions(state)`` was applied.

    The state it was applied to is unchanged (states are immutable). The message names the
    current decision and the rejected action.
    """


class SaveError(ParkError, ValueError):
    """A save could not be loaded: corrupt, truncated, tampered with or from a newer version.

    The message says what is wrong in words a player can act on.
    """


class DataError(ParkError, ValueError):
    """A data file shipped with the engine (board, deck, scoring board) is invalid.

    The message names the file and the entry at fault.
    """
