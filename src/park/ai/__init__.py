"""AI opponents: four levels behind one interface.

```python
from park.ai import LEVELS, make_bot
bot = make_bot("normal")
action = bot.decide(observe(state, seat), legal_actions(state), rng, budget=None)
# or, in the browser, think in slices:
for item in bot.decide_in_slices(view, legal, rng, budget=1.0):
    if item is None:
        await asyncio.sleep(0)   # let the page breathe
    else:
        action = item
```

Bots see only the seat's observation, the legal actions and their own seeded RNG.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import DEFAULT_BUDGET, Bot, BotBase
from .hard import HardBot, make_hard_bot
from .heuristic import HeuristicBot, make_easy_bot, make_normal_bot
from .random_bot import RandomBot

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
"""The AI levels, weakest first."""


def _factories() -> dict[str, Callable[[], Bot]]:
    factories: dict[str, Callable[[], Bot]] = {
        "random": RandomBot,
        "easy": make_easy_bot,
        "normal": make_normal_bot,
        "hard": make_hard_bot,
    }
    return factories


def make_bot(level: str) -> Bot:
    """A fresh bot of ``level`` (one of :data:`LEVELS`).

    Raises ``ValueError`` for an unknown level.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; expected one of {', '.join(LEVELS)}")
    return _factories()[level]()


__all__ = [
    "DEFAULT_BUDGET",
    "LEVELS",
    "Bot",
    "BotBase",
    "HardBot",
    "HeuristicBot",
    "RandomBot",
    "make_bot",
]
