"""The settings kept in this browser.

The AI's pace and thinking time, Park's reach, the theme, the sound and the language; chosen here,
or in another tab of this browser (issue 49).

A setting chosen here is kept (an effect); one changed in another tab arrives as its storage key
and is taken here too, without keeping it again. A new language reloads the page once the game is
saved (a tab whose game went on in another tab does not follow another tab's choice: its unsaved
moves would be lost without a word).
"""

from __future__ import annotations

from dataclasses import replace

from park.ui.lang.i18n import _
from park.ui.page.effects import KeepLanguage, Reload, Store
from park.ui.page.keys import (
    LANGUAGE_KEY,
    REACH_KEY,
    SAVE_KEY,
    SOUND_KEY,
    SPEED_KEY,
    THEME_KEY,
    THINKING_KEY,
)
from park.ui.page.state import Notice, PageState, Settings
from park.ui.page.step import Step
from park.ui.setup.pace import speed_setting
from park.ui.setup.preferences import sound_setting, theme_setting
from park.ui.setup.settings import DEFAULT_THINKING, THINKING_TIMES

SETTING_KEYS = {
    SPEED_KEY: "speed",
    THINKING_KEY: "thinking",
    REACH_KEY: "reach",
    THEME_KEY: "theme",
    SOUND_KEY: "sound",
    LANGUAGE_KEY: "language",
}
"""Each setting's storage key and its name in :class:`~park.ui.page.state.Settings`."""

WHAT = {
    "speed": "the AI's speed",
    "thinking": "the thinking time",
    "reach": "the Park's reach setting",
    "theme": "the theme",
    "sound": "the sound setting",
    "language": "the choice of language",
}
"""What each setting is, for the console when it cannot be kept."""


def _with(settings: Settings, name: str, value: str) -> Settings:
    """``settings`` with setting ``name`` taken from ``value`` (an unknown value: its default)."""
    if name == "speed":
        return replace(settings, speed=speed_setting(value))
    if name == "thinking":
        thinking = value if value in THINKING_TIMES else DEFAULT_THINKING
        return replace(settings, thinking=thinking)
    if name == "reach":
        return replace(settings, reach=value == "on")
    if name == "theme":
        return replace(settings, theme=theme_setting(value))
    if name == "sound":
        return replace(settings, sound=sound_setting(value))
    return settings


def _kept(settings: Settings, name: str) -> str:
    """How setting ``name`` is kept in storage."""
    if name == "reach":
        return "on" if settings.reach else "off"
    return str(getattr(settings, name))


def choose(state: PageState, name: str, value: str) -> Step:
    """The menu of setting ``name`` chose ``value``: taken and kept.

    The language: kept, and the page reloads in it once the game is saved; where the browser
    cannot keep the choice, the page stays as it is and says so (:func:`language_not_kept`).
    """
    if name == "language":
        return _choose_language(state, value)
    settings = _with(state.settings, name, value)
    key = next(key for key, setting in SETTING_KEYS.items() if setting == name)
    kept = Store(key, _kept(settings, name), WHAT[name])
    return Step(replace(state, settings=settings), (kept,))


def _choose_language(state: PageState, value: str) -> Step:
    if value == state.settings.language:
        return Step(state)
    return Step(state, (KeepLanguage(value),))


def language_not_kept(state: PageState) -> Step:
    """The browser did not keep the choice of language: the page stays as it is and says so."""
    words = _("This browser cannot keep a choice of language: the page stays as it is.")
    return Step(replace(state, notice=Notice(words)))


def toggle_reach(state: PageState) -> Step:
    """Show or hide Park's reach on the map, and remember it."""
    return choose(state, "reach", "off" if state.settings.reach else "on")


def taken_from_another_tab(state: PageState, key: str, value: str) -> Step | None:
    """Another tab stored setting ``key`` as ``value``: take it here too (not kept again).

    A new language reloads this tab in it (the game saved first), unless the game went on in
    another tab. ``None`` for a key that is no setting.
    """
    name = SETTING_KEYS.get(key)
    if name is None:
        return None
    if name == "language":
        if value != state.settings.language and not state.saving.stale:
            return Step(state, (Reload(),))
        return Step(state)
    return Step(replace(state, settings=_with(state.settings, name, value)))


def system_theme(state: PageState, *, dark: bool) -> PageState:
    """The system's dark preference changed (it decides while the theme is System)."""
    return replace(state, settings=replace(state.settings, system_dark=dark))


def is_save_key(key: str | None) -> bool:
    """Whether another tab's storage change ``key`` may be the autosave's (``None``: cleared)."""
    return key is None or key == SAVE_KEY
