"""The AI's turn planner against the engine (issue 14; the OpenSpiel ``test_consistent`` habit).

In many positions from real games, with every rule option, every plan the planner produces replays
legally through ``apply``, ends the turn where the planner says (space, Captain Park, Month
counters, hand, Inventory, points scored, rivals caught by Park) and scores at the Club what
``score_preview`` says.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from park import (
    ChooseFad,
    GameState,
    Options,
    Phase,
    Score,
    apply,
    legal_actions,
    new_game,
    observe,
    score_preview,
)
from park.ai import make_bot
from park.ai.evaluation import Assessment
from park.ai.heuristic import NORMAL_WEIGHTS
from park.ai.planner import Plan, plan_turn
from park.engine.turn_rules import SpaceEffect

PLANNED = (Phase.START, Phase.PLAY, Phase.STEP_AGAIN)
POSITIONS_PER_GAME = 12
OPTIONS = (
    Options(),
    Options(club_order="score_first"),
    Options(fad_tie="redraw"),
    Options(reshuffle="eager"),
)
"""Our rulings and each alternative (the planner does not know which is in force)."""


def positions(players: int, seed: int) -> Iterator[GameState]:
    """Positions at turn decisions of a game of normal and random bots, a few per game.

    With the rule options ``OPTIONS[seed % 4]``.
    """
    bots = [make_bot("normal" if i % 2 == 0 else "random") for i in range(players)]
    rng = random.Random(seed)
    state = new_game(players, seed, options=OPTIONS[seed % len(OPTIONS)])
    found = 0
    while not state.is_over and found < POSITIONS_PER_GAME:
        legal = legal_actions(state)
        if state.phase in PLANNED and len(legal) > 1 and rng.random() < 0.2:
            found += 1
            yield state
        seat = state.active
        state, _ = apply(state, bots[seat].decide(observe(state, seat), legal, rng))


def replay(state: GameState, plan: Plan) -> None:
    """Play ``plan`` through the engine from ``state`` and check it ends where it says."""
    me = state.active
    turn = state.turn
    score_before = state.seats[me].score
    drawn: list[int] = []
    failed_draws = 0
    caught = 0
    for action in plan.actions:
        assert state.active == me and state.turn == turn and not state.is_over, plan
        assert action in legal_actions(state), (action, plan)
        if isinstance(action, Score):
            assert score_preview(state, action.destination).total == plan.end[5], plan
        state, events = apply(state, action)
        for event in events:
            if event.seat == me and event.kind == "drew_card":
                drawn.append(state.rules.card_index[event.data["card"]])
            elif event.seat == me and event.kind == "draw_failed":
                failed_draws += 1
            elif event.kind == "months_lost" and event.data["reason"] == "park_landed":
                caught |= 0 if event.seat == me or event.seat is None else 1 << event.seat
    if state.active == me and state.phase is Phase.FAD:  # the scorer picks a tied Fad (A5)
        choice = legal_actions(state)[0]
        assert isinstance(choice, ChooseFad)
        state, _ = apply(state, choice)
    position, park, months, hand, inventory, gained, draws, hits = plan.end
    seat = state.seats[me]
    assert seat.position == position, plan
    assert state.park == park, plan
    assert seat.score - score_before == gained, plan
    assert caught == hits, plan
    if state.is_over:  # the score won the game at once (R99): nothing else happens
        assert state.winner == me and gained > 0, plan
        return
    if state.phase is Phase.MARKET:  # the exchange is decided after the plan (R46)
        assert state.active == me and state.rules.effect[position] is SpaceEffect.MARKETPLACE
    else:
        assert state.active != me or state.turn != turn, f"the turn did not end: {plan}"
    assert seat.months == months, plan
    kept = list(seat.hand)
    for card in drawn:
        kept.remove(card)
    assert sorted(kept) == list(hand), plan
    assert len(drawn) + failed_draws == draws, plan
    assert sorted(seat.inventory) == list(inventory), plan


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 7])
@pytest.mark.parametrize("seed", range(6))
def test_every_plan_replays_through_apply_and_ends_where_the_planner_says(
    players: int, seed: int
) -> None:
    checked = 0
    for state in positions(players, 1000 * players + seed):
        view = observe(state, state.active)
        plans = plan_turn(view, Assessment(view, NORMAL_WEIGHTS))
        assert plans
        for plan in plans:
            replay(state, plan)
            checked += 1
    assert checked > 0


def test_club_plans_are_checked_against_score_preview() -> None:
    """The contract covers scoring: some positions above reach the Club with an expedition."""
    scored = 0
    for seed in range(6):
        for state in positions(4, 4000 + seed):
            view = observe(state, state.active)
            plans = plan_turn(view, Assessment(view, NORMAL_WEIGHTS))
            scored += sum(1 for p in plans if any(isinstance(a, Score) for a in p.actions))
    assert scored > 0
