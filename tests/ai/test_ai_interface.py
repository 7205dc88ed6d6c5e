"""The AI interface (``park.ai``): levels, ``make_bot``, ``decide`` and ``decide_in_slices``."""

from __future__ import annotations

import random

import pytest

from park import legal_actions, new_game, observe
from park.ai import LEVEL_BOTS, LEVELS, Bot, HardBot, make_bot
from park.engine.levels import AI_LEVELS
from tests.ai.helpers import FakeClock, clocked_bot


def test_levels_weakest_first() -> None:
    assert LEVELS == AI_LEVELS == tuple(entry.name for entry in LEVEL_BOTS)


@pytest.mark.parametrize("level", LEVELS)
def test_make_bot_gives_a_bot_of_that_level(level: str) -> None:
    bot = make_bot(level)
    assert isinstance(bot, Bot)
    assert bot.level == level


def test_make_bot_fresh_bots_each_time() -> None:
    assert make_bot("hard") is not make_bot("hard")


@pytest.mark.parametrize("level", ["", "no-such-level", "Normal", "random "])
def test_make_bot_refuses_unknown_levels(level: str) -> None:
    with pytest.raises(ValueError, match="unknown AI level"):
        make_bot(level)


@pytest.mark.parametrize("level", LEVELS)
def test_decide_refuses_an_empty_choice(level: str) -> None:
    state = new_game(4, 1)
    view = observe(state, state.active)
    with pytest.raises(ValueError, match="no legal actions"):
        make_bot(level).decide(view, (), random.Random(0), 0.01)
    with pytest.raises(ValueError, match="no legal actions"):
        next(iter(make_bot(level).decide_in_slices(view, (), random.Random(0), 0.01)))


@pytest.mark.parametrize("level", LEVELS)
def test_decide_in_slices_ends_with_one_legal_action(level: str) -> None:
    state = new_game(4, 5)
    legal = legal_actions(state)
    bot = clocked_bot(level)
    items = list(bot.decide_in_slices(observe(state, state.active), legal, random.Random(1), 0.05))
    assert items[-1] in legal
    assert all(item is None for item in items[:-1])


def test_hard_thinks_in_several_slices() -> None:
    # Four seats in the Club at the start: several plans are worth comparing.
    state = new_game(4, 5)
    bot = HardBot(clock=FakeClock(0.0005))
    items = list(
        bot.decide_in_slices(
            observe(state, state.active), legal_actions(state), random.Random(1), 0.05
        )
    )
    assert items.count(None) >= 2
    assert bot.last_rollouts >= 2


def test_decide_and_slices_agree() -> None:
    state = new_game(5, 9)
    view = observe(state, state.active)
    legal = legal_actions(state)
    for level in LEVELS:  # each bot on a fresh fake clock if it thinks on a budget
        by_decide = clocked_bot(level).decide(view, legal, random.Random(3), 0.05)
        sliced = list(clocked_bot(level).decide_in_slices(view, legal, random.Random(3), 0.05))
        assert sliced[-1] == by_decide, level


def test_hard_refuses_a_non_positive_budget() -> None:
    state = new_game(4, 1)
    with pytest.raises(ValueError, match="budget"):
        HardBot().decide(observe(state, state.active), legal_actions(state), random.Random(0), 0)
