"""The AI seats of a game at this device: their bots, their thinking, a bot's moves for a human.

Each AI seat is played by a bot of its controller's level, made on first use by a
:data:`BotFactory` (default :func:`make_bot`). A bot thinks in slices, so the page stays
responsive, for its level's thinking time (``park.engine.levels.thinking_time``: the page's
setting, stretched by the level), with the seat's own RNG (``park.ai.base.decision_rng``: the
same moves replay the same). The autoplay test mode asks a fresh bot of any level what it would
do in a human's seat. ``park.ai`` is imported when a bot is first made, not with this module:
drawing a game does not need it, so a resumed game shows sooner in the browser (the page loads
the AI just after).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from park.engine.actions import Action, Discard
from park.engine.levels import thinking_time
from park.engine.observation import observe
from park.engine.rules import apply, legal_actions
from park.engine.state import GameState, Phase

if TYPE_CHECKING:
    from park.ai import Bot

BotFactory = Callable[[str], "Bot"]
"""Makes a fresh bot of an AI level (:func:`make_bot`, or a test's own)."""


def make_bot(level: str) -> Bot:
    """A fresh bot of ``level`` (:func:`park.ai.make_bot`).

    ``park.ai`` is imported here, on first use (see the module's docstring). Raises
    ``ValueError`` for an unknown level.
    """
    from park.ai import make_bot as make_ai_bot

    return make_ai_bot(level)


class AiSeats:
    """The bots of one game's AI seats, each made by ``bot_factory`` on its seat's first turn."""

    def __init__(self, bot_factory: BotFactory = make_bot) -> None:
        self.factory = bot_factory
        """Makes a bot of a level: for a seat's first turn, and for each suggestion."""
        self._bots: dict[int, Bot] = {}

    def bot(self, seat: int, level: str) -> Bot:
        """The bot that plays ``seat`` at ``level``: made on first use, then kept for the game."""
        bot = self._bots.get(seat)
        if bot is None:
            bot = self.factory(level)
            self._bots[seat] = bot
        return bot

    def think(
        self, state: GameState, budget: float | None, level: str | None = None
    ) -> Iterator[Action | None]:
        """The thinking of the bot of the seat to move in ``state``, in slices.

        ``None`` between slices, then the chosen action (one of ``legal_actions(state)``).
        ``budget``: the page's thinking time (``None``: the bot's default), which the seat's level
        stretches by its factor. The seat must be an AI seat (the session checks it), or a
        friend's away from a live table played meanwhile at ``level`` (its controller's level
        otherwise).
        """
        seat = state.active
        level = level or state.settings.seats[seat].controller
        return _think_for(state, seat, self.bot(seat, level), thinking_time(level, budget))

    def suggest(
        self, state: GameState, seat: int, level: str, budget: float | None
    ) -> Iterator[Action | None]:
        """What a fresh bot of ``level`` would do in ``seat`` (a human's), in slices.

        As :meth:`think`, on ``level``'s thinking time for ``budget`` (the autoplay test mode).
        """
        return _think_for(state, seat, self.factory(level), thinking_time(level, budget))

    def exchange(self, state: GameState, seat: int, level: str) -> list[str]:
        """The card ids a fresh bot of ``level`` would discard for ``seat`` at the Marketplace.

        ``seat`` is choosing cards to exchange in ``state`` (R46); the cards in the order the bot
        discards them, before it finishes the exchange (the autoplay test mode).
        """
        from park.ai.base import decision_rng

        bot, chosen = self.factory(level), []
        while state.phase is Phase.MARKET and state.active == seat:
            rng = decision_rng(state, seat)
            action = bot.decide(observe(state, seat), legal_actions(state), rng)
            if not isinstance(action, Discard):
                break
            chosen.append(action.card)
            state, _ = apply(state, action)
        return chosen


def _think_for(
    state: GameState, seat: int, bot: Bot, budget: float | None
) -> Iterator[Action | None]:
    """``bot``'s thinking for ``seat`` to move in ``state``, for ``budget`` seconds, in slices."""
    from park.ai.base import decision_rng

    view = observe(state, seat)
    return bot.decide_in_slices(view, legal_actions(state), decision_rng(state, seat), budget)
