"""The bot interface shared by every AI level, a base class and a bot's seeded RNG.

The base class implements ``decide``; :func:`decision_rng` is the seeded RNG a bot at a table
decides with.

A bot sees one seat's :class:`~park.engine.observation.Observation`, the legal actions and its own
seeded ``random.Random``; never the full game state, another hand, the deck order or the seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Protocol, runtime_checkable

from ..engine.actions import Action
from ..engine.observation import Observation
from ..engine.state import GameState

DEFAULT_BUDGET = 1.0
"""Seconds of thinking time the hard bot uses when no budget is given (suits the browser)."""


@runtime_checkable
class Bot(Protocol):
    """An AI opponent for one seat.

    ``level`` is one of ``LEVELS``. Both methods receive the seat's observation ``view``, the
    non-empty ``legal`` actions (``legal_actions(state)`` for the active seat), the bot's own
    ``rng`` (the only randomness a bot uses, so a bot is deterministic given the RNG's seed) and
    an optional thinking ``budget`` in seconds (only the hard level uses it).
    """

    level: str

    def decide(
        self,
        view: Observation,
        legal: Sequence[Action],
        rng: random.Random,
        budget: float | None = None,
    ) -> Action:
        """Choose one of ``legal``. Raises ``ValueError`` if ``legal`` is empty."""
        ...

    def decide_in_slices(
        self,
        view: Observation,
        legal: Sequence[Action],
        rng: random.Random,
        budget: float | None = None,
    ) -> Iterator[Action | None]:
        """Think in short slices, then yield the chosen action.

        Yield ``None`` between slices (the page awaits ``asyncio.sleep(0)`` there) and finally
        yield the chosen action, one of ``legal``, once.

        Raises:
            ValueError: (on the first ``next``) if ``legal`` is empty.
        """
        ...


class BotBase:
    """Implements :meth:`decide` by running :meth:`decide_in_slices` to its end.

    Subclasses set ``level`` and override ``decide_in_slices`` (or ``choose`` for bots that
    think in a single slice).
    """

    level: str = ""

    def decide(
        self,
        view: Observation,
        legal: Sequence[Action],
        rng: random.Random,
        budget: float | None = None,
    ) -> Action:
        """Choose one of ``legal`` (see :class:`Bot`). Raises ``ValueError`` if it is empty."""
        for item in self.decide_in_slices(view, legal, rng, budget):
            if item is not None:
                return item
        raise RuntimeError(f"{type(self).__name__} finished thinking without choosing")

    def decide_in_slices(
        self,
        view: Observation,
        legal: Sequence[Action],
        rng: random.Random,
        budget: float | None = None,
    ) -> Iterator[Action | None]:
        """Yield the chosen action once (single-slice bots); see :class:`Bot`."""
        require_legal(legal)
        yield self.choose(view, legal, rng)

    def choose(self, view: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick one of the non-empty ``legal`` in one go (single-slice bots override this)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(level={self.level!r})"


def require_legal(legal: Sequence[Action]) -> None:
    """Raise ``ValueError`` if there is nothing to choose from (the game is over)."""
    if not legal:
        raise ValueError("no legal actions: there is nothing to decide (is the game over?)")


def decision_rng(state: GameState, seat: int) -> random.Random:
    """The RNG a bot decides with for ``seat`` at ``state``'s next decision.

    Its own, never the game's: seeded from the game's seed, the seat and the move number, so a
    game with the same seed and the same human moves plays out the same, even after a reload
    (and a hint is what the hard level would choose there).
    """
    return random.Random(f"park-ai:{state.settings.seed}:{seat}:{len(state.log)}")
