"""Short sounds for the moments of a game (issue 43).

Four cues: your turn, Captain Park catching a pawn, an expedition scored, the end of the game.
Which of the engine's events make which cue (:func:`cues`) and what each cue plays (its tones,
:data:`CUE_TONES`) are worked out here, without a browser; ``web/audio.py`` plays the tones
with the Web Audio API (no sound files), only when the player has turned Sound on, and never
before a click or a key. The setting itself is ``park.ui.setup.preferences``'s.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from park.engine.events import Event, EventKind


class Cue(StrEnum):
    """A moment of the game that has a sound."""

    YOUR_TURN = "your_turn"
    """A turn of a person at this device begins."""
    CAUGHT = "caught"
    """Captain Park landed on one or more pawns (R62)."""
    SCORED = "scored"
    """A seat scored an expedition in the Gentlemen's Club (R79-R88)."""
    GAME_OVER = "game_over"
    """A score reached the target: the game is over (R99-R101)."""


@dataclass(frozen=True, slots=True)
class Tone:
    """One note of a cue.

    Attributes:
        frequency: its pitch, in Hz.
        start: when it starts, in seconds after the cue's start.
        length: how long it sounds, in seconds (it fades out over that time).
        wave: the oscillator's wave (``"sine"``, ``"triangle"``, ``"square"``).
        volume: its peak gain, 0 to 1 (kept low: these are table noises, not alarms).
    """

    frequency: float
    start: float
    length: float
    wave: str = "sine"
    volume: float = 0.15


CUE_TONES: dict[Cue, tuple[Tone, ...]] = {
    Cue.YOUR_TURN: (Tone(660.0, 0.0, 0.12), Tone(880.0, 0.1, 0.18)),
    Cue.CAUGHT: (
        Tone(330.0, 0.0, 0.14, "square", 0.06),
        Tone(247.0, 0.13, 0.14, "square", 0.06),
        Tone(185.0, 0.26, 0.28, "square", 0.06),
    ),
    Cue.SCORED: (
        Tone(523.3, 0.0, 0.12, "triangle"),
        Tone(659.3, 0.1, 0.12, "triangle"),
        Tone(784.0, 0.2, 0.3, "triangle"),
    ),
    Cue.GAME_OVER: (
        Tone(392.0, 0.0, 0.2, "triangle"),
        Tone(523.3, 0.18, 0.2, "triangle"),
        Tone(659.3, 0.36, 0.2, "triangle"),
        Tone(784.0, 0.54, 0.6, "triangle"),
    ),
}
"""What each cue plays: a rising two-note chime for your turn, a falling buzz for Captain Park,
a rising arpeggio for a score, a longer fanfare for the end of the game."""


def cue_length(cue: Cue) -> float:
    """Seconds from the start of ``cue``'s first tone to the end of its last."""
    return max(tone.start + tone.length for tone in CUE_TONES[cue])


def cue_for(event: Event, humans: Iterable[int]) -> Cue | None:
    """The cue ``event`` makes, or ``None``.

    A turn of one of ``humans`` (the seats of the people at this device) beginning, Captain Park
    landing on pawns (not on an empty space), a score, the game won.
    """
    kind = event.kind
    if kind == EventKind.TURN_STARTED:
        return Cue.YOUR_TURN if event.seat in set(humans) else None
    if kind == EventKind.PARK_MOVED:
        seats = event.data.get("seats", [])
        return Cue.CAUGHT if isinstance(seats, list) and seats else None
    if kind == EventKind.SCORED:
        return Cue.SCORED
    if kind == EventKind.GAME_WON:
        return Cue.GAME_OVER
    return None


def cues(events: Iterable[Event], humans: Iterable[int]) -> tuple[Cue, ...]:
    """The cues of one decision's ``events``, in order, each at most once.

    The end of the game says it all: once the game is won, no other cue plays with it (the score
    that won it, or a next turn, would only muddle the fanfare).
    """
    seats = frozenset(humans)
    found: list[Cue] = []
    for event in events:
        cue = cue_for(event, seats)
        if cue is not None and cue not in found:
            found.append(cue)
    return (Cue.GAME_OVER,) if Cue.GAME_OVER in found else tuple(found)
