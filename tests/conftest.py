"""Fixtures shared by the unit tests: a fake clock and bots that think on it (``bots.py``)."""

from __future__ import annotations

import pytest

from bots import BotMaker, FakeClock, clocked_bot


@pytest.fixture
def fake_clock() -> type[FakeClock]:
    """The :class:`~bots.FakeClock` class: ``fake_clock(step)`` makes one."""
    return FakeClock


@pytest.fixture
def bot() -> BotMaker:
    """:func:`~bots.clocked_bot`: ``bot("hard")`` is a hard bot on a fake clock."""
    return clocked_bot
