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

from .base import DEFAULT_BUDGET, Bot, BotBase
from .hard import HardBot
from .heuristic import HeuristicBot
from .levels import LEVEL_BOTS, LevelBot, ai_level
from .random_bot import RandomBot

LEVELS: tuple[str, ...] = tuple(entry.name for entry in LEVEL_BOTS)
"""The AI levels' names, weakest first (the registry: ``park.engine.levels``)."""


def make_bot(level: str) -> Bot:
    """A fresh bot of ``level`` (one of :data:`LEVELS`).

    Raises ``ValueError`` for an unknown level.
    """
    return ai_level(level).bot()


__all__ = [
    "DEFAULT_BUDGET",
    "LEVELS",
    "LEVEL_BOTS",
    "Bot",
    "BotBase",
    "HardBot",
    "HeuristicBot",
    "LevelBot",
    "RandomBot",
    "ai_level",
    "make_bot",
]
