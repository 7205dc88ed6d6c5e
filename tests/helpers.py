"""Helpers shared by the tests of every level.

Where the repository's parts are, and a game played to its end at the device (the human seat steered
by an AI level, ``tools/play.py``).
"""

from __future__ import annotations

from pathlib import Path

from tools.play import finish_session

from park.ui.game.session import Session
from park.ui.setup.settings import NewGameSettings

ROOT = Path(__file__).resolve().parents[1]
"""The repository."""
SRC = ROOT / "src" / "park"
"""The ``park`` package's source."""
WEB = ROOT / "web"
"""The page's own files."""
TESTS = ROOT / "tests"
"""The unit tests."""
RULES_DOC = ROOT / "docs" / "rules.md"
"""The rules reference: every rule and ruling; the board, deck and scoring-board tables."""


def finished_game(seed: int = 11, settings: NewGameSettings | None = None) -> Session:
    """A game played to its end, the human seat by the easy level's moves.

    Args:
        seed: the game's seed, against two normal opponents (when ``settings`` is None).
        settings: the New game form's settings instead.

    Returns:
        The session, its game over.
    """
    return finish_session(Session.new(settings or NewGameSettings("Ada", 2, "normal", seed)))
