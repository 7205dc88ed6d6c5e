"""The page's menus that list settings: each option's value and label, and the one chosen at first.

The New game form's Humans at this device (1 to ``MAX_HUMANS``), and the Settings' AI speed
(``park.ui.setup.pace.SPEEDS``), Hard AI thinks (``park.ui.setup.settings.THINKING_TIMES``),
Theme and Sound (``park.ui.setup.preferences``). The values are those modules' (checked on
import: a value without a label, or a label without a value, is refused); the labels are
``N_``-marked English, translated on the page like its other marked texts. ``tools/page_lists.py``
writes each menu's ``<option>`` elements into the built ``index.html``, as it does the AI levels
and the languages from their registries.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from park.ui.lang.i18n import N_
from park.ui.setup.pace import DEFAULT_SPEED, SPEEDS
from park.ui.setup.preferences import DEFAULT_SOUND, DEFAULT_THEME, SOUND_SETTINGS, THEMES
from park.ui.setup.settings import DEFAULT_THINKING, MAX_HUMANS, THINKING_TIMES


@dataclass(frozen=True, slots=True)
class MenuOption:
    """One ``<option>``: its ``value`` and its ``label``.

    ``translated``: the label is ``N_``-marked English the page translates (``data-i18n``);
    otherwise it is shown as it is (a number).
    """

    value: str
    label: str
    translated: bool = True


@dataclass(frozen=True, slots=True)
class Menu:
    """A ``<select>`` of the page: its ``id``, its ``options`` in order, the ``default`` one."""

    id: str
    options: tuple[MenuOption, ...]
    default: str

    @property
    def values(self) -> tuple[str, ...]:
        """The options' values, in order."""
        return tuple(option.value for option in self.options)


def _menu(
    select: str, options: tuple[MenuOption, ...], default: str, values: Collection[str]
) -> Menu:
    """The menu ``select``; raises ``RuntimeError`` unless it has an option for each of ``values``.

    In their order, and ``default`` among them.
    """
    menu = Menu(select, options, default)
    if list(menu.values) != list(values) or default not in values:
        raise RuntimeError(f"park.ui.setup.menus: the {select} menu must list {', '.join(values)}")
    return menu


HUMANS = _menu(
    "f-humans",
    tuple(MenuOption(str(n), str(n), translated=False) for n in range(1, MAX_HUMANS + 1)),
    "1",
    [str(n) for n in range(1, MAX_HUMANS + 1)],
)
"""The New game form's Humans at this device: one (solo) to a whole table (hot-seat)."""

SPEED = _menu(
    "speed",
    (
        MenuOption("slow", N_("Slow")),
        MenuOption("normal", N_("Normal")),
        MenuOption("fast", N_("Fast")),
        MenuOption("instant", N_("Instant")),
    ),
    DEFAULT_SPEED,
    SPEEDS,
)
"""The Settings' AI speed: the pause before an AI turn (``park.ui.setup.pace``)."""

THINKING = _menu(
    "thinking",
    (
        MenuOption("quick", N_("Quick (0.3 s)")),
        MenuOption("normal", N_("Normal (1 s)")),
        MenuOption("deep", N_("Deep (3 s)")),
    ),
    DEFAULT_THINKING,
    THINKING_TIMES,
)
"""The Settings' Hard AI thinks: the thinking time of the levels that think on a budget, each
label with its seconds (a level may think a multiple of them: ``park.engine.levels``)."""

THEME = _menu(
    "theme",
    (
        MenuOption("system", N_("System")),
        MenuOption("light", N_("Light")),
        MenuOption("dark", N_("Dark")),
    ),
    DEFAULT_THEME,
    THEMES,
)
"""The Settings' Theme (``park.ui.setup.preferences``)."""

SOUND = _menu(
    "sound",
    (MenuOption("off", N_("Off")), MenuOption("on", N_("On"))),
    DEFAULT_SOUND,
    SOUND_SETTINGS,
)
"""The Settings' Sound (``park.ui.setup.preferences``)."""

MENUS: tuple[Menu, ...] = (HUMANS, SPEED, THINKING, THEME, SOUND)
"""Every menu ``tools/page_lists.py`` writes into the page, in the page's order."""
