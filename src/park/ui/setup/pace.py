"""The AI seats' pace in the page: paced by turn, not by decision (issue 26).

An AI turn is one to nine decisions (a step, a step again, a card, a draw; about 2.7 on
average). The page pauses the full beat of the header's speed setting before an AI turn
begins, so a player sees whose turn it is, and a shorter beat between two decisions of the
same turn, long enough for a step to slide on the map. "Skip to my turn" plays the rest of
the AI turns without any pause, until the human seat must decide.
"""

from __future__ import annotations

SPEEDS: dict[str, float] = {"slow": 1.5, "normal": 0.75, "fast": 0.25, "instant": 0.0}
"""Seconds of pause before an AI turn, for each setting of the header's AI speed menu."""
DEFAULT_SPEED = "normal"
WITHIN_TURN_SHARE = 0.4
"""The pause between two decisions of the same AI turn, as a share of the turn's pause."""
SLIDE_SHARE = 0.6
"""How much of a pause a move takes to slide on the map (the rest shows it at rest)."""


def speed_setting(value: str | None) -> str:
    """The AI speed setting ``value``, or :data:`DEFAULT_SPEED` for anything else.

    ``value`` is a key of :data:`SPEEDS` (from the URL, the storage or the menu); anything else,
    ``None`` included, gives the default.
    """
    return value if value in SPEEDS else DEFAULT_SPEED


def pause_before(speed: str, *, new_turn: bool, skipping: bool = False) -> float:
    """Seconds (>= 0) to wait before the next AI decision at ``speed``.

    ``speed`` is a setting of :data:`SPEEDS`; another value counts as the default. The full beat
    when it begins a ``new_turn``, :data:`WITHIN_TURN_SHARE` of it within a turn, none while
    ``skipping`` ("Skip to my turn").
    """
    if skipping:
        return 0.0
    beat = SPEEDS[speed_setting(speed)]
    return beat if new_turn else beat * WITHIN_TURN_SHARE


def slide_time(pause: float) -> float:
    """Seconds (>= 0) a move slides on the map after a ``pause`` of that many seconds."""
    return max(pause, 0.0) * SLIDE_SHARE
