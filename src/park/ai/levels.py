"""The AI level registry's AI part: each level's bot, keyed by the level's name.

The levels themselves (their names, strength order and which one thinks on a time budget)
are ``park.engine.levels.LEVELS``; the labels the page shows are in ``park.ui.lang.levels``.
One entry per level, in the engine's order (checked on import).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from park.engine.levels import AI_LEVELS as LEVEL_NAMES
from park.engine.levels import LEVELS, Level

from .base import Bot
from .hard import make_hard_bot
from .heuristic import make_easy_bot, make_normal_bot
from .random_bot import RandomBot

Clock = Callable[[], float]
"""A clock in seconds, for a level that thinks on a budget."""


@dataclass(frozen=True, slots=True)
class LevelBot:
    """How to make a bot of ``level``.

    ``make`` returns a fresh one; for a level that thinks on a budget it is called with the
    clock to think on.
    """

    level: Level
    make: Callable[..., Bot]

    @property
    def name(self) -> str:
        """The level's name (``"hard"``)."""
        return self.level.name

    def bot(self, clock: Clock | None = None) -> Bot:
        """A fresh bot of this level.

        One that thinks on a budget thinks on ``clock`` (default the real clock; tournaments
        pass ``time.process_time`` for budgets of CPU time).
        """
        if self.level.thinks_on_budget:
            return self.make(clock or time.perf_counter)
        return self.make()


_MAKERS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "easy": make_easy_bot,
    "normal": make_normal_bot,
    "hard": make_hard_bot,
}
if tuple(_MAKERS) != LEVEL_NAMES:  # pragma: no cover
    raise RuntimeError("park.ai.levels needs a bot for each of park.engine.levels.LEVELS")

LEVEL_BOTS: tuple[LevelBot, ...] = tuple(LevelBot(level, _MAKERS[level.name]) for level in LEVELS)
"""Every AI level with its bot, weakest first."""

_BY_NAME = {entry.name: entry for entry in LEVEL_BOTS}


def ai_level(name: str) -> LevelBot:
    """The level called ``name`` with its bot. Raises ``ValueError`` for an unknown level."""
    found = _BY_NAME.get(name)
    if found is None:
        raise ValueError(f"unknown AI level {name!r}; expected one of {', '.join(LEVEL_NAMES)}")
    return found
