"""The AI level registry: who may play a seat, the levels in order, and how each one thinks.

Who may play a seat is a person or an AI level; the levels are in strength order; each has the
letter that names it in a link, and says whether it thinks on a time budget and for how long.

The engine only records a seat's controller (for the page and the command line) and refuses one it
does not know, so a save cannot name a level the page could not play: that is why the registry
starts here, the lowest layer that needs it. Each level's bot is in ``park.ai.levels``, its labels
in ``park.ui.lang.levels``, both keyed by these names (and checked against them on import). To add a
level: an entry here, its bot (in a module of its own) there, its labels in the UI's list.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

HUMAN = "human"
"""The controller of a seat a person plays."""
HUMAN_CODE = "p"
"""The letter of a seat a person plays in a link (``park.ui.game.links``)."""


@dataclass(frozen=True, slots=True)
class Level:
    """One AI level.

    Attributes:
        name: a seat's controller, in saves and URLs.
        code: the one lowercase letter that names it in a challenge or a shared game's link
            (``park.ui.game.links.SEAT_CODES``); never changed once links carry it.
        thinks_on_budget: whether it uses its decision budget (the page's "Hard AI thinks" setting,
            the tournament's ``--budget``) where the others decide at once.
        thinking: for a level that thinks on a budget, how many times that budget it thinks per
            decision (1: the setting's time; 2: twice as long). See :func:`thinking_time`.
    """

    name: str
    code: str
    thinks_on_budget: bool = False
    thinking: float = 1.0


LEVELS: tuple[Level, ...] = (
    Level("random", "r"),
    Level("easy", "e"),
    Level("normal", "n"),
    Level("hard", "h", thinks_on_budget=True),
)
"""Every AI level, weakest first (their strength order)."""

AI_LEVELS: tuple[str, ...] = tuple(level.name for level in LEVELS)
"""The AI levels' names, weakest first."""

CONTROLLERS: tuple[str, ...] = (HUMAN, *AI_LEVELS)
"""Who may play a seat: a person (:data:`HUMAN`), or an AI level (:data:`AI_LEVELS`)."""

CONTROLLER_CODES: dict[str, str] = {HUMAN: HUMAN_CODE} | {lv.name: lv.code for lv in LEVELS}
"""Each controller's letter in a link: a person's :data:`HUMAN_CODE`, then each level's ``code``."""

_BY_NAME = {level.name: level for level in LEVELS}
_THINKING = frozenset(level.name for level in LEVELS if level.thinks_on_budget)


def _check_registry() -> None:
    """Refuse a registry a link, a save or a budget could not tell apart (raises RuntimeError)."""
    codes = list(CONTROLLER_CODES.values())
    if len(set(codes)) != len(codes) or not all(re.fullmatch("[a-z]", c) for c in codes):
        raise RuntimeError("park.engine.levels: each controller needs a letter of its own, a-z")
    if len(_BY_NAME) != len(LEVELS) or HUMAN in _BY_NAME:
        raise RuntimeError("park.engine.levels: each level needs a name of its own")
    if not all(level.thinking > 0 for level in LEVELS):
        raise RuntimeError("park.engine.levels: a level's thinking factor is more than 0")


_check_registry()


def strength(controller: str) -> int:
    """Where ``controller`` stands among :data:`AI_LEVELS`, ``0`` for the weakest.

    Returns ``-1`` for one that is not an AI level (a person).
    """
    return AI_LEVELS.index(controller) if controller in AI_LEVELS else -1


def thinks_on_budget(controllers: Iterable[str]) -> bool:
    """Whether any of ``controllers`` is an AI level that thinks on a time budget."""
    return not _THINKING.isdisjoint(controllers)


def thinking_time(controller: str, budget: float | None) -> float | None:
    """The seconds a seat of ``controller`` thinks per decision for the setting ``budget``.

    ``budget`` is the page's "Hard AI thinks" time or the tournament's ``--budget``: a level that
    thinks on a budget gets it times its :attr:`Level.thinking`; any other controller (a level that
    decides at once, a person) gets ``budget`` unchanged (its bot ignores it). ``None`` (no
    setting: each bot's own default) stays ``None``.
    """
    level = _BY_NAME.get(controller)
    if budget is None or level is None or not level.thinks_on_budget:
        return budget
    return budget * level.thinking
