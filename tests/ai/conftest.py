"""Fixtures of the AI's tests: a fake clock and bots that think on it (``helpers.py``)."""

from __future__ import annotations

import pytest

from tests.ai.helpers import BotMaker, FakeClock, clocked_bot


@pytest.fixture
def fake_clock() -> type[FakeClock]:
    """The :class:`~tests.ai.helpers.FakeClock` class: ``fake_clock(step)`` makes one."""
    return FakeClock


@pytest.fixture
def bot() -> BotMaker:
    """:func:`~tests.ai.helpers.clocked_bot`: ``bot("hard")`` is a hard bot on a fake clock.

    So is a bot of any level that thinks on a budget.
    """
    return clocked_bot
