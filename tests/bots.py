"""Bots for tests: a fake clock, and bots of every level that think on it.

The hard level reads its clock to keep to its budget, so on the real clock its choice depends
on the machine's speed. On a :class:`FakeClock` every reading costs a fixed step of fake
time: the bot thinks for a fixed number of readings, and its choice depends only on its
observation and its RNG. ``conftest.py`` offers both as fixtures (``fake_clock``, ``bot``).
"""

from __future__ import annotations

from collections.abc import Callable

from park.ai import HardBot, HeuristicBot, make_bot
from park.ai.base import Bot
from park.ai.heuristic import EASY_WEIGHTS, NORMAL_WEIGHTS


class FakeClock:
    """A clock that moves ``step`` seconds every time it is read."""

    def __init__(self, step: float = 0.001) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def clocked_bot(level: str, *, clock_step: float = 0.001, strict: bool = False) -> Bot:
    """A fresh bot of ``level``; ``hard`` thinks on a :class:`FakeClock` of ``clock_step``
    seconds per reading. ``strict``: the heuristic levels raise ``RuntimeError`` instead of
    falling back to the first legal action when a plan's action is not legal (a bug)."""
    if level == "hard":
        return HardBot(clock=FakeClock(clock_step))
    if strict and level == "normal":
        return HeuristicBot(NORMAL_WEIGHTS, strict=True)
    if strict and level == "easy":
        return HeuristicBot(EASY_WEIGHTS, slip=0.3, level="easy", strict=True)
    return make_bot(level)


BotMaker = Callable[..., Bot]
"""The type of :func:`clocked_bot` (and of the ``bot`` fixture)."""
