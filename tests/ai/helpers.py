"""Helpers for the AI's tests.

A fake clock, bots of every level that think on it, and the human seat's decisions of a game with
the coach's advice at each.

A level that thinks on a budget (hard) reads its clock to keep to it, so on the real clock its
choice depends on the machine's speed. On a :class:`FakeClock` every reading costs a fixed step
of fake time: the bot thinks for a fixed number of readings, and its choice depends only on its
observation and its RNG. ``tests/ai/conftest.py`` offers both as fixtures (``fake_clock``,
``bot``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from dataclasses import replace

from park import GameState, Phase, Settings, legal_actions
from park.ai import HeuristicBot, ai_level, make_bot
from park.ai.advice import Advice
from park.ai.base import Bot
from park.ai.coach import advise_in_slices
from park.ai.heuristic import EASY_WEIGHTS, NORMAL_WEIGHTS
from park.ui.game.session import Session
from park.ui.setup.settings import NewGameSettings


class FakeClock:
    """A clock that moves ``step`` seconds every time it is read."""

    def __init__(self, step: float = 0.001) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def clocked_bot(level: str, *, clock_step: float = 0.001, strict: bool = False) -> Bot:
    """A fresh bot of ``level``.

    A level that thinks on a budget (the registry's ``thinks_on_budget``: hard) thinks on a
    :class:`FakeClock` of ``clock_step`` seconds per reading. ``strict``: the heuristic levels raise
    ``RuntimeError`` instead of falling back to the first legal action when a plan's action is not
    legal (a bug). Raises ``ValueError`` for an unknown level.
    """
    entry = ai_level(level)
    if entry.level.thinks_on_budget:
        return entry.bot(FakeClock(clock_step))
    if strict and level == "normal":
        return HeuristicBot(NORMAL_WEIGHTS, strict=True)
    if strict and level == "easy":
        return HeuristicBot(EASY_WEIGHTS, slip=0.3, level="easy", strict=True)
    return make_bot(level)


BotMaker = Callable[..., Bot]
"""The type of :func:`clocked_bot` (and of the ``bot`` fixture)."""


def ticking(step: float = 0.001) -> Callable[[], float]:
    """A fake clock that reads 0, ``step``, ``2 * step``, ...

    (exact multiples, where a :class:`FakeClock` adds its step up): thinking on it is repeatable.
    """
    ticks = itertools.count()
    return lambda: next(ticks) * step


def human_decisions(seed: int, opponents: int = 3, turns: int = 8) -> Iterator[Session]:
    """A game whose human seat plays the normal level's moves.

    Yields the session at each of the human's decisions (all phases) for ``turns`` of its turns.
    """
    session = Session.new(NewGameSettings("Ada", opponents, "normal", seed))
    started = 0
    while not session.is_over and started < turns:
        session.run_ai_turns()
        if session.is_over:
            return
        if session.state.phase is Phase.START:
            started += 1
        yield session
        if not session.human_to_move:
            continue
        if session.state.phase is Phase.MARKET:
            session.exchange(session.suggest_exchange("normal"))
            continue
        action = [a for a in session.suggest("normal") if a is not None][-1]
        session.act(action)


TEST_DEALS = 8
"""The sampled deals a hint compares its plans on in the tests (the page's are 24 or more)."""


def advise(
    session: Session, deals: int = TEST_DEALS, clock: Callable[[], float] | None = None
) -> Advice:
    """The coach's advice to the human to move in ``session``, on ``deals`` sampled deals.

    Its slices measured on ``clock`` (default: a fresh :func:`ticking`).
    """
    view = session.observation()
    items = advise_in_slices(view, legal_actions(session.state), deals, clock=clock or ticking())
    found = [item for item in items if item is not None]
    assert len(found) == 1
    return found[0]


def hide_differently(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with the cards ``seat`` cannot see dealt anew with ``rng``.

    The cards it cannot see are the other hands and the deck; every hand keeps its size, and
    the state gets a new seed: what a fair bot may not notice.
    """
    pool = [c for i, s in enumerate(state.seats) if i != seat for c in s.hand] + list(state.deck)
    rng.shuffle(pool)
    seats = []
    taken = 0
    for i, s in enumerate(state.seats):
        if i == seat:
            seats.append(s)
            continue
        seats.append(replace(s, hand=tuple(pool[taken : taken + len(s.hand)])))
        taken += len(s.hand)
    settings = Settings(state.settings.seats, state.settings.seed + 1, state.settings.options)
    return replace(state, seats=tuple(seats), deck=tuple(pool[taken:]), settings=settings)
