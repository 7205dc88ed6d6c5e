"""Bots play whole games: only legal actions, for 3 to 7 players; deterministic given their seed."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from tools.play import bots_choice, play_to_end

from park import Action, GameState, apply, legal_actions, new_game, observe
from park.ai import LEVELS, HardBot, make_bot
from park.engine.levels import thinks_on_budget
from tests.ai.helpers import FakeClock, clocked_bot


def _play(
    levels: Sequence[str], seed: int, max_decisions: int, budget: float = 0.02
) -> tuple[GameState, list[Action]]:
    """Strict bots of ``levels`` play game ``seed`` for up to ``max_decisions`` decisions.

    ``apply`` refuses an illegal one. Return the state reached and the actions made.
    """
    bots = [clocked_bot(level, clock_step=0.002, strict=True) for level in levels]
    rngs = [random.Random(f"{seed}:{i}") for i in range(len(levels))]
    actions: list[Action] = []
    state = play_to_end(
        new_game(len(levels), seed),
        bots_choice(bots, rngs, budget),
        max_actions=max_decisions,
        watch=lambda _before, action, _events, _after: actions.append(action),
    )
    return state, actions


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_heuristic_and_random_bots_play_legal_games_to_the_end(players: int) -> None:
    cycle = ["normal", "easy", "random"]
    for seed in range(3):
        levels = [cycle[(i + seed) % 3] for i in range(players)]
        state, _ = _play(levels, seed * 7 + players, max_decisions=20_000)
        assert state.is_over
        assert state.winner is not None
        assert state.seats[state.winner].score >= state.target


@pytest.mark.parametrize("players", [3, 5, 7])
def test_hard_plays_legal_actions(players: int) -> None:
    levels = ["hard"] + ["normal"] * (players - 1)
    _play(levels, players, max_decisions=150)


@pytest.mark.slow
def test_normal_bots_finish_games_in_reasonable_time() -> None:
    # Normal bots among themselves do not stall (hiding forever in a Hotel would).
    for seed in range(4):
        state, _ = _play(["normal"] * 4, seed, max_decisions=20_000)
        assert state.is_over
        assert state.round < 120


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_bots_are_deterministic_given_their_seed(level: str) -> None:
    levels = [level, "normal", "easy", "random"]
    limit = 80 if thinks_on_budget([level]) else 400  # a search takes longer
    first_state, first = _play(levels, 11, max_decisions=limit)
    second_state, second = _play(levels, 11, max_decisions=limit)
    assert first == second
    assert first_state == second_state


def test_different_seeds_give_different_random_games() -> None:
    _, a = _play(["random"] * 4, 1, max_decisions=200)
    bots = [make_bot("random") for _ in range(4)]
    rngs = [random.Random(f"other:{i}") for i in range(4)]
    b: list[Action] = []
    play_to_end(
        new_game(4, 1),
        bots_choice(bots, rngs),
        max_actions=200,
        watch=lambda _before, action, _events, _after: b.append(action),
    )
    assert a != b


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 6])
def test_hard_never_meets_an_illegal_plan_step(players: int) -> None:
    """Every plan hard searches and follows replays through the engine.

    That is the planner's contract (tests/test_planner_contract.py), in its rollouts and in its
    own turns.
    """
    hard = HardBot(clock=FakeClock(0.0001))
    others = [clocked_bot("normal") for _ in range(players - 1)]
    rng = random.Random(players)
    state = new_game(players, 70 + players)
    decisions = 0
    rollouts = 0
    while not state.is_over and decisions < 300:
        seat = state.active
        bot = hard if seat == 0 else others[seat - 1]
        state, _ = apply(state, bot.decide(observe(state, seat), legal_actions(state), rng, 0.05))
        rollouts += hard.last_rollouts if seat == 0 else 0
        decisions += 1
    assert rollouts > 100  # hard really searched: its plans were played in many rollouts
    assert hard.illegal_plan_steps == 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 5, 7])
def test_a_policy_that_follows_its_plan_plays_each_turn_plan_to_its_end(players: int) -> None:
    """The hard level's rollout policy (``follow_plan``) plans once, at a turn's first choice.

    It then plays that plan's actions, in order, without planning again (while they are legal:
    the planner's plans replay exactly, tests/test_planner_contract.py).
    """
    from park.ai.heuristic import NORMAL_WEIGHTS, HeuristicBot

    policy = HeuristicBot(NORMAL_WEIGHTS, strict=True, follow_plan=True)
    plannings = 0
    rank = policy.rank

    def counting_rank(*args: object, **kwargs: object) -> object:
        nonlocal plannings
        plannings += 1
        return rank(*args, **kwargs)  # type: ignore[arg-type]

    policy.rank = counting_rank  # type: ignore[method-assign, assignment]
    rng = random.Random(players)
    state = new_game(players, 90 + players)
    choices = followed = 0
    expected: list[Action] = []
    while not state.is_over:
        legal = legal_actions(state)
        choices += len(legal) > 1
        before = plannings
        action = policy.decide(observe(state, state.active), legal, rng)
        if plannings == before and expected:
            assert action == expected.pop(0)  # the plan's next action, not a new choice
            followed += 1
        elif plannings > before:
            expected = list(policy._planned[2])
        state, _ = apply(state, action)
    assert state.winner is not None
    assert followed > 0.2 * choices
    assert plannings < 0.8 * choices
