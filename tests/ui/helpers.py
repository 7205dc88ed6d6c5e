"""Helpers for the tests of the page's pure half (``park.ui``).

Moves for tests that play a whole ``Session``, an AI seat's decision and a bot's choice for the
human seat (the page's own suggestion at the easy level), a game played on with a check before each
decision, and the result of thinking done in slices. A game played to its end:
``tests.helpers.finished_game``.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import TypeVar

from park.ui.game.session import Session

T = TypeVar("T")


def ai_move(session: Session) -> None:
    """Let the AI seat to move think and make its decision (``session.ai_to_move``)."""
    for item in session.think():
        if item is not None:
            session.play(item)
            break


def bot_move(session: Session, level: str = "easy") -> None:
    """Make the human seat's decision, as the ``level`` bot would."""
    action = None
    for item in session.suggest(level):
        action = item if item is not None else action
    assert action is not None
    session.act(action)


def decisions(session: Session, limit: int = 5000) -> Iterator[Session]:
    """Play ``session`` on, one decision at a time.

    The human seat's as :func:`bot_move` makes it and an AI seat's as :func:`ai_move` does.

    Args:
        session: the game to play on (changed in place).
        limit: the most decisions to make; the game need not be over after them.

    Yields:
        ``session``, just before each decision (``session.ai_to_move`` says whose), until the
        game is over: the loop's body checks the page as it stands, then the decision is made.
    """
    for _ in range(limit):
        if session.is_over:
            return
        yield session
        if session.ai_to_move:
            ai_move(session)
        else:
            bot_move(session)


def returned(slices: Generator[object, None, T]) -> T:
    """Run ``slices`` (thinking in slices, as the page runs it between redraws) to its end.

    Return the value it returns.
    """
    while True:
        try:
            next(slices)
        except StopIteration as stop:
            result: T = stop.value
            return result
