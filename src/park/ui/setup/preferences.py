"""The Settings' Theme (System, Light, Dark) and Sound (Off, On) menus' values (issue 43).

Each is kept in the browser (``web/storage.py``'s ``THEME_KEY``, ``SOUND_KEY``). The Theme
choice is kept in the browser (``web/storage.py``'s ``THEME_KEY``); ``web/boot.js`` reads it
before the page is drawn, so a dark table never flashes light, and follows the system's
``prefers-color-scheme`` while the choice is System. The page says the theme in force as
``<html data-theme="light|dark">``, which the style sheet reads. Sound is off until the player
turns it on; what it plays is ``park.ui.setup.sounds``'s. This module imports nothing: the page
reads both at start-up.
"""

from __future__ import annotations

THEMES: tuple[str, ...] = ("system", "light", "dark")
"""The Theme menu's values, in its order: follow the system, or always light, or always dark."""
DEFAULT_THEME = "system"


def theme_setting(value: str | None) -> str:
    """The Theme setting ``value``, or :data:`DEFAULT_THEME` for anything else (``None`` too)."""
    return value if value in THEMES else DEFAULT_THEME


def resolved_theme(choice: str | None, *, system_dark: bool) -> str:
    """The theme in force, ``"light"`` or ``"dark"``, for the setting ``choice``.

    ``system_dark`` is whether the system prefers dark (``prefers-color-scheme: dark``); it
    decides while the setting is System (or unknown). ``web/boot.js`` follows the same rule.
    """
    setting = theme_setting(choice)
    if setting == "system":
        return "dark" if system_dark else "light"
    return setting


SOUND_SETTINGS: tuple[str, ...] = ("off", "on")
"""The Sound menu's values, in its order."""
DEFAULT_SOUND = "off"
"""Sound is off until the player turns it on."""


def sound_setting(value: str | None) -> str:
    """The Sound setting ``value``, or :data:`DEFAULT_SOUND` for anything else (``None`` too)."""
    return value if value in SOUND_SETTINGS else DEFAULT_SOUND
