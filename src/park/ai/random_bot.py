"""The ``random`` level: a uniformly random legal action (the baseline every level must beat)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.actions import Action
from ..engine.observation import Observation
from .base import BotBase


class RandomBot(BotBase):
    """Chooses uniformly among the legal actions with its own RNG; ignores the observation."""

    level = "random"

    def choose(self, view: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal``, uniformly at random."""
        return legal[rng.randrange(len(legal))]
