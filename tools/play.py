"""Games played to their end.

The one loop the unit tests, the browser tests' saved positions (``e2e/game_positions.py``) and
the benchmarks share (issue 42).

- :func:`play_to_end`: a ``GameState`` played on by a chooser (:func:`random_choice`,
  :func:`bots_choice`) until the game is over, or a limit.
- :func:`finish_session`: a page's ``Session`` played to its end, the AI seats thinking as on
  the page and each human decision the one an AI level suggests (as ``?autoplay=`` plays).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from park import Action, Event, GameState, Phase, apply, legal_actions, observe

if TYPE_CHECKING:
    from park.ai.base import Bot
    from park.ui.game.session import Session

Chooser = Callable[[GameState], Action]
"""The next action for a state (its active seat's)."""

Watcher = Callable[[GameState, Action, tuple[Event, ...], GameState], None]
"""Told of every move made: the state before, the action, its events and the state after."""

MAX_SESSION_DECISIONS = 20_000
"""More human decisions than any game takes: :func:`finish_session` stops with an error there."""


def play_to_end(
    state: GameState,
    choose: Chooser,
    *,
    max_actions: int | None = None,
    keep: Callable[[GameState], bool] | None = None,
    watch: Watcher | None = None,
) -> GameState:
    """Apply ``choose``'s actions to ``state`` until the game is over.

    Args:
        state: the game to play on.
        choose: gives the action to apply to a state.
        max_actions: stop after this many actions (None: only at the game's end).
        keep: a move whose next state ``keep`` refuses is not made, and the game stops before
            it (None: every move is made).
        watch: called after every move made (see :data:`Watcher`).

    Returns:
        The last state reached.
    """
    made = 0
    while not state.is_over and (max_actions is None or made < max_actions):
        action = choose(state)
        after, events = apply(state, action)
        if keep is not None and not keep(after):
            break
        if watch is not None:
            watch(state, action, events, after)
        state = after
        made += 1
    return state


def random_choice(rng: random.Random) -> Chooser:
    """A chooser of a random legal action, drawn with ``rng``."""
    return lambda state: rng.choice(legal_actions(state))


def bots_choice(
    bots: Sequence[Bot],
    rngs: Sequence[random.Random] | random.Random,
    budget: float | None = None,
) -> Chooser:
    """A chooser that asks the active seat's bot, which sees only its seat's observation.

    Args:
        bots: one bot a seat, in seat order.
        rngs: one random generator a seat, or one for them all.
        budget: the thinking budget in seconds handed to ``decide`` (None: the bot's own).

    Returns:
        The chooser.
    """

    def choose(state: GameState) -> Action:
        seat = state.active
        rng = rngs if isinstance(rngs, random.Random) else rngs[seat]
        return bots[seat].decide(observe(state, seat), legal_actions(state), rng, budget)

    return choose


def finish_session(
    session: Session,
    level: str = "easy",
    *,
    before_decision: Callable[[Session, Action], None] | None = None,
) -> Session:
    """Play ``session`` to its end.

    The AI seats think as on the page, and every human decision is the one ``level``
    suggests (at the Marketplace, its exchange).

    Args:
        session: the game to play on (changed in place).
        level: the AI level that decides for the human seats.
        before_decision: called with the session and the action just before each human
            decision but the Marketplace's exchanges.

    Returns:
        ``session``, its game over.

    Raises:
        RuntimeError: the game did not end in :data:`MAX_SESSION_DECISIONS` human decisions.
    """
    for _ in range(MAX_SESSION_DECISIONS):
        session.run_ai_turns()
        if session.is_over:
            return session
        if session.state.phase is Phase.MARKET:
            session.exchange(session.suggest_exchange(level))
            continue
        action = [item for item in session.suggest(level) if item is not None][-1]
        if before_decision is not None:
            before_decision(session, action)
        session.act(action)
    raise RuntimeError(f"the game did not end in {MAX_SESSION_DECISIONS} decisions")
