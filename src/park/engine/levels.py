"""The AI level registry: who may play a seat, the levels in order, and which think on a budget.

Who may play a seat is a person or an AI level; the levels are in strength order; the registry says
which of them thinks on a time budget.

The engine only records a seat's controller (for the page and the command line) and refuses one it
does not know, so a save cannot name a level the page could not play: that is why the registry
starts here, the lowest layer that needs it. Each level's bot is in ``park.ai.levels``, its labels
in ``park.ui.lang.levels``, both keyed by these names (and checked against them on import). To add a
level: an entry here, its bot (in a module of its own) there, its labels in the UI's list.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

HUMAN = "human"
"""The controller of a seat a person plays."""


@dataclass(frozen=True, slots=True)
class Level:
    """One AI level.

    Attributes:
        name: a seat's controller, in saves and URLs.
        thinks_on_budget: whether it uses its decision budget (the page's "Hard AI thinks" setting,
            the tournament's ``--budget``) where the others decide at once.
    """

    name: str
    thinks_on_budget: bool = False


LEVELS: tuple[Level, ...] = (
    Level("random"),
    Level("easy"),
    Level("normal"),
    Level("hard", thinks_on_budget=True),
)
"""Every AI level, weakest first (their strength order)."""

AI_LEVELS: tuple[str, ...] = tuple(level.name for level in LEVELS)
"""The AI levels' names, weakest first."""

CONTROLLERS: tuple[str, ...] = (HUMAN, *AI_LEVELS)
"""Who may play a seat: a person (:data:`HUMAN`), or an AI level (:data:`AI_LEVELS`)."""

_THINKING = frozenset(level.name for level in LEVELS if level.thinks_on_budget)


def strength(controller: str) -> int:
    """Where ``controller`` stands among :data:`AI_LEVELS`, ``0`` for the weakest.

    Returns ``-1`` for one that is not an AI level (a person).
    """
    return AI_LEVELS.index(controller) if controller in AI_LEVELS else -1


def thinks_on_budget(controllers: Iterable[str]) -> bool:
    """Whether any of ``controllers`` is an AI level that thinks on a time budget."""
    return not _THINKING.isdisjoint(controllers)
