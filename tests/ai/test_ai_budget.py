"""The hard level keeps to its thinking budget (at most 10% over)."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

import pytest

from park import apply, legal_actions, new_game, observe
from park.ai import HardBot, make_bot
from park.ai.planner import Plan, TurnEnd
from park.ai.search import Candidate
from park.engine.actions import Action, Stay, Step
from park.engine.observation import Observation
from park.engine.state import GameState, Phase
from tests.ai.helpers import FakeClock


def _positions(count: int) -> list[GameState]:
    """Positions where seat 0 (the hard seat) decides, from normal-level games."""
    found: list[GameState] = []
    bots = [make_bot("normal") for _ in range(4)]
    rng = random.Random(8)
    for seed in range(20):
        state = new_game(4, seed)
        while not state.is_over and len(found) < count and state.round < 60:
            legal = legal_actions(state)
            if state.active == 0 and len(legal) > 1:
                found.append(state)
            action = bots[state.active].decide(observe(state, state.active), legal, rng)
            state, _ = apply(state, action)
        if len(found) >= count:
            break
    return found


@pytest.mark.parametrize("budget", [0.01, 0.03, 0.1])
def test_hard_stays_inside_its_budget_on_a_fake_clock(
    budget: float, fake_clock: type[FakeClock]
) -> None:
    # Every clock reading costs 1 ms of fake time: the bot must stop by itself.
    for state in _positions(8):
        clock = fake_clock(0.001)
        bot = HardBot(clock=clock)
        start = clock.now
        action = bot.decide(observe(state, 0), legal_actions(state), random.Random(1), budget)
        assert action in legal_actions(state)
        assert clock.now - start <= budget * 1.1 + 0.002


def test_hard_uses_its_budget_to_think(fake_clock: type[FakeClock]) -> None:
    # With time to spare it runs many rollouts; with a tiny budget only a few.
    state = new_game(4, 5)
    view, legal = observe(state, state.active), legal_actions(state)
    roomy = HardBot(clock=fake_clock(0.0001))
    roomy.decide(view, legal, random.Random(1), 0.06)
    tight = HardBot(clock=fake_clock(0.0001))
    tight.decide(view, legal, random.Random(1), 0.005)
    assert roomy.last_rollouts > tight.last_rollouts


def test_hard_real_clock_generous_bound() -> None:
    # Wall-clock check with lots of slack (shared CI machines are noisy).
    state = new_game(4, 5)
    bot = make_bot("hard")
    started = time.perf_counter()
    bot.decide(observe(state, state.active), legal_actions(state), random.Random(1), 0.05)
    assert time.perf_counter() - started < 0.05 * 1.1 + 1.0


def test_hard_prefers_sampled_plans_when_time_runs_out_mid_pass() -> None:
    bot = HardBot()
    end: TurnEnd = ("club", 1, 0, (), (), 0, 0, 0)
    sampled = Candidate(Plan((Step("3"),), 10.0, end), total=-80.0, samples=2)
    unsampled = Candidate(Plan((Stay(),), 9.0, end))
    assert bot.best_of([sampled, unsampled]) is sampled
    assert bot.best_of([Candidate(Plan((Stay(),), 1.0, end)), unsampled]).plan.value == 9.0


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 7])
def test_hard_yields_to_the_page_inside_long_rollouts(
    players: int, fake_clock: type[FakeClock]
) -> None:
    # Every clock reading costs 0.5 ms: a rollout through six rivals' turns reads the clock far
    # more than a slice's worth, so a bot that yields only between rollouts fails this.
    bots = [make_bot("normal") for _ in range(players)]
    rng = random.Random(2)
    state = new_game(players, 11)
    checked = 0
    while not state.is_over and checked < 6:
        legal = legal_actions(state)
        if state.active == 0 and len(legal) > 1:
            clock = fake_clock(0.0005)
            bot = HardBot(clock=clock, slice_seconds=0.01)
            last = clock.now
            longest = 0.0
            for item in bot.decide_in_slices(observe(state, 0), legal, random.Random(1), 0.3):
                longest = max(longest, clock.now - last)
                last = clock.now
                if item is not None:
                    assert item in legal
            if bot.last_rollouts:
                checked += 1
                # a slice, plus one policy decision's readings, plus the planning before it
                assert longest <= 0.01 + 0.01
        action = bots[state.active].decide(observe(state, state.active), legal, rng)
        state, _ = apply(state, action)
    assert checked == 6


def test_hard_starts_a_slice_before_a_turns_planning_that_would_overrun_it(
    fake_clock: type[FakeClock],
) -> None:
    # In a rollout, a policy decision at the start of a turn plans the whole turn: here it
    # costs 8 ms of the clock, any other decision 0.1 ms. A rollout that only checks the
    # clock after each decision overruns a 12 ms slice whenever a planning comes late in it.
    clock = fake_clock(0.0)
    bot = HardBot(clock=clock)
    choose = bot.rollout_policy.choose

    def timed(view: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        clock.now += 0.008 if view.phase is Phase.START else 0.0001
        return choose(view, legal, rng)

    bot.rollout_policy.choose = timed  # type: ignore[method-assign]
    state = new_game(4, 5)
    slices: list[float] = []
    last = clock.now
    thinking = bot.decide_in_slices(observe(state, 0), legal_actions(state), random.Random(1), 3)
    for _item in thinking:
        slices.append(clock.now - last)
        last = clock.now
    assert bot.last_rollouts > 20
    over = [s for s in slices if s > bot.slice_seconds + 0.001]
    assert len(over) <= len(slices) // 10, f"{len(over)} of {len(slices)} slices overran"
