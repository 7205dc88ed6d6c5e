"""Moves for tests that play a whole ``Session``: an AI seat's turn decision, and a bot's
choice for the human seat (the page's own suggestion at the easy level)."""

from __future__ import annotations

from park.ui.game.session import Session


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
