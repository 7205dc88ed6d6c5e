"""The game's sounds (the effect ``Sounds``; issue 49).

Which cues a decision makes is ``park.ui.setup.sounds``'s (and whether Sound is on, the page's
state); here they are played with the Web Audio API, one oscillator a tone, no files. The
``AudioContext`` is made only when a cue is to be played, after the player has clicked or pressed a
key on the page (``navigator.userActivation``), never before; a context the system suspended or
interrupted (a phone call, another app) is resumed, and made anew if it will not play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import window  # type: ignore[import-not-found]

if TYPE_CHECKING:
    from park.ui.setup.sounds import Cue

MAX_QUEUE = 1.0
"""Seconds a cue may wait behind the ones playing; a later one is dropped (Skip to my turn)."""


def gestured() -> bool:
    """Whether the player has clicked or pressed a key on the page (``userActivation``).

    A browser without ``navigator.userActivation`` counts as yes: its ``AudioContext`` stays
    silent (suspended) until a gesture anyway.
    """
    activation = getattr(window.navigator, "userActivation", None)
    return activation is None or bool(activation.hasBeenActive)


class Audio:
    """Plays cues.

    Its ``AudioContext`` and its clock's queue are resources, not the page's state.
    """

    def __init__(self) -> None:
        self.context: Any = None
        self.free_at = 0.0
        """When (the context's clock) the last cue started ends."""

    def play_all(self, cues: tuple[Cue, ...]) -> None:
        """Play ``cues`` one after another (after the player's first gesture)."""
        if not gestured():
            return
        try:
            for cue in cues:
                self.play(cue)
        except Exception as exc:  # a browser without Web Audio: the game goes on in silence
            window.console.warn(f"Park: a sound could not be played: {exc!r}")

    def _ready(self) -> Any:
        """The audio context, resumed where the system suspended or interrupted it.

        Safari marks it "interrupted" after a call; one that was closed is made anew.
        """
        if self.context is None or str(self.context.state) == "closed":
            self.context = window.AudioContext.new()
            self.free_at = 0.0
        if str(self.context.state) in ("suspended", "interrupted"):
            self.context.resume()
        return self.context

    def play(self, cue: Cue) -> None:
        """Play ``cue``'s tones after those playing (dropped when the queue is too long)."""
        from park.ui.setup.sounds import CUE_TONES, cue_length

        audio = self._ready()
        now = float(audio.currentTime)
        start = max(now, self.free_at)
        if start - now > MAX_QUEUE:
            return
        self.free_at = start + cue_length(cue)
        for tone in CUE_TONES[cue]:
            begin, end = start + tone.start, start + tone.start + tone.length
            oscillator = audio.createOscillator()
            oscillator.type = tone.wave
            oscillator.frequency.setValueAtTime(tone.frequency, begin)
            gain = audio.createGain()
            gain.gain.setValueAtTime(tone.volume, begin)
            gain.gain.exponentialRampToValueAtTime(0.001, end)
            oscillator.connect(gain)
            gain.connect(audio.destination)
            oscillator.start(begin)
            oscillator.stop(end)
