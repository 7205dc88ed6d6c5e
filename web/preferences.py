"""The Settings' Theme and Sound menus, and the game's sounds (issue 43).

Both are kept in this browser (``THEME_KEY``, ``SOUND_KEY``; ``park.ui.setup.preferences``) and
followed when another tab changes them. The theme is said on ``<html data-theme>`` (``web/boot.js``
sets it before anything is drawn and follows the system while the choice is System); the style
sheet does the rest.

Sound is off until the player turns it on. Which cues a decision makes is
``park.ui.setup.sounds``'s; here they are played with the Web Audio API, one oscillator a tone, no
files. The ``AudioContext`` is made only when a cue is to be played with Sound on, after the
player has clicked or pressed a key on the page (``navigator.userActivation``), never before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window  # type: ignore[import-not-found]
from storage import SOUND_KEY, THEME_KEY, storage_get, storage_set

from park.ui.setup.preferences import resolved_theme, sound_setting, theme_setting

if TYPE_CHECKING:
    from page import Page

    from park.ui.game.session import Session
    from park.ui.setup.sounds import Cue

MAX_QUEUE = 1.0
"""Seconds a cue may wait behind the ones playing; a later one is dropped (Skip to my turn)."""


class Preferences:
    """The Theme and Sound settings of the page, and the sounds of its game."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.theme = theme_setting(storage_get(THEME_KEY))
        self.sound = sound_setting(storage_get(SOUND_KEY))
        self.audio: Any = None
        """The ``AudioContext``, made when the first cue plays."""
        self.free_at = 0.0
        """When (the context's clock) the last cue started ends."""
        self.show()

    def show(self) -> None:
        """The menus show the settings, and ``<html>`` the theme in force."""
        document.getElementById("theme").value = self.theme
        document.getElementById("sound").value = self.sound
        root = document.documentElement
        root.dataset.themeChoice = self.theme
        query = window.matchMedia("(prefers-color-scheme: dark)")
        root.dataset.theme = resolved_theme(self.theme, system_dark=bool(query.matches))

    def on_change(self, target: Any) -> bool:
        """The Theme or Sound menu changed (kept); ``False`` for another control."""
        return self.take(str(target.id), str(target.value), keep=True)

    def take_setting(self, key: str, value: str) -> bool:
        """Another tab changed the theme or the sound (its storage ``key``); ``False`` else."""
        names = {THEME_KEY: "theme", SOUND_KEY: "sound"}
        return key in names and self.take(names[key], value, keep=False)

    def take(self, name: str, value: str, *, keep: bool) -> bool:
        """Setting ``name`` (``"theme"`` or ``"sound"``) is now ``value``; ``keep`` stores it."""
        if name == "theme":
            self.theme = theme_setting(value)
            if keep:
                storage_set(THEME_KEY, self.theme, what="the theme")
        elif name == "sound":
            self.sound = sound_setting(value)
            if keep:
                storage_set(SOUND_KEY, self.sound, what="the sound setting")
        else:
            return False
        self.show()
        return True

    def heard(self, session: Session) -> None:
        """The game ``session`` moved on: play the cues of its latest decision (Sound on)."""
        if self.sound != "on" or not gestured():
            return
        from park.ui.setup.sounds import cues

        try:
            for cue in cues(session.recent, session.humans):
                self.play(cue)
        except Exception as exc:  # a browser without Web Audio: the game goes on in silence
            window.console.warn(f"Park: a sound could not be played: {exc!r}")

    def play(self, cue: Cue) -> None:
        """Play ``cue``'s tones after those playing (dropped when the queue is too long)."""
        from park.ui.setup.sounds import CUE_TONES, cue_length

        if self.audio is None:
            self.audio = window.AudioContext.new()
        audio = self.audio
        if str(audio.state) == "suspended":
            audio.resume()
        now = float(audio.currentTime)
        start = max(now, self.free_at)
        if start - now > MAX_QUEUE:
            return
        self.free_at = start + cue_length(cue)
        for tone in CUE_TONES[cue]:
            begin, end = start + tone.start, start + tone.start + tone.length
            oscillator = audio.createOscillator()
            oscillator.type = tone.wave
            oscillator.frequency.value = tone.frequency
            gain = audio.createGain()
            gain.gain.setValueAtTime(tone.volume, begin)
            gain.gain.exponentialRampToValueAtTime(0.001, end)
            oscillator.connect(gain)
            gain.connect(audio.destination)
            oscillator.start(begin)
            oscillator.stop(end)


def gestured() -> bool:
    """Whether the player has clicked or pressed a key on the page (``userActivation``).

    A browser without ``navigator.userActivation`` counts as yes: its ``AudioContext`` stays
    silent (suspended) until a gesture anyway.
    """
    activation = getattr(window.navigator, "userActivation", None)
    return activation is None or bool(activation.hasBeenActive)
