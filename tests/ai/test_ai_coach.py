"""The AI as a coach (issue 12).

Hints are the hard level's own legal plan, their facts are the evaluation's, Park's reach is the
normal level's estimate (and agrees with sampling), and the review after a game finds the decisions
that cost the most.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from park import GameState, Phase, apply, legal_actions, observe
from park.ai.advice import Advice
from park.ai.board_facts import board_facts
from park.ai.coach import advise_in_slices, reach_chances
from park.ai.determinize import determinize
from park.ai.evaluation import Assessment
from park.ai.hard import HardBot
from park.ai.heuristic import NORMAL_WEIGHTS
from park.ai.review import MIN_STAKE, MOST, Review, ReviewProgress, review_in_slices
from park.engine.save import start_of
from park.engine.state import MOVE_PHASES
from park.engine.terms import DESTINATIONS
from park.ui.game.session import Session
from tests.ai.helpers import advise, human_decisions, ticking
from tests.helpers import finished_game


def play_plan(state: GameState, advice: Advice) -> GameState:
    """Play the advised plan through the engine (each action must be legal when it comes)."""
    seat = state.active
    for action in advice.actions:
        assert state.active == seat and action in legal_actions(state), action
        state, _ = apply(state, action)
    return state


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 5, 9])
def test_hint_is_a_legal_plan_one_of_the_hard_levels_candidates(seed: int) -> None:
    phases: set[Phase] = set()
    for session in human_decisions(seed):
        view = session.observation()
        advice = advise(session)
        if view.phase in MOVE_PHASES:
            bot = HardBot()
            plans = [
                c.plan.actions for c in bot.turn_candidates(view, Assessment(view, bot.weights))
            ]
            assert advice.actions in plans
            if advice.alternative is not None:
                assert advice.alternative.actions in plans
        play_plan(session.state, advice)
        phases.add(view.phase)
    assert Phase.START in phases


def test_hint_thinks_in_slices_on_its_deals() -> None:
    session = next(human_decisions(4))
    items = list(
        advise_in_slices(
            session.observation(), legal_actions(session.state), 10, clock=ticking(0.001)
        )
    )
    assert items[:-1] and all(item is None for item in items[:-1])
    advice = items[-1]
    assert isinstance(advice, Advice) and advice.rollouts >= 2 * 10
    assert advice.difference is not None and advice.difference.deals == 10
    assert advice.best.samples == advice.alternative.samples == 10  # type: ignore[union-attr]


@pytest.mark.parametrize("seed", [3, 7])
def test_hint_is_the_same_whatever_the_devices_speed(seed: int) -> None:
    """Issue 50: depth, not seconds.

    One position, clocks of a fast and a slow device (a slice holds 100 times more or less work),
    a search stopped halfway and continued later: one hint, on the same deals, same figures.
    """
    from park.ai.deal_values import DealSearch

    session = next(s for s in human_decisions(seed) if s.state.phase is Phase.START)
    view, legal = session.observation(), legal_actions(session.state)
    fast = advise(session, 12, clock=ticking(0.0001))
    slow = advise(session, 12, clock=ticking(0.01))
    search = DealSearch(view, 12, clock=ticking(0.001))
    run = search.run()
    while search.done < 5:
        next(run)
    halfway = [a for a in advise_in_slices(view, legal, 12, search=search) if a is not None]
    for advice in (slow, *halfway):
        assert advice.actions == fast.actions
        assert advice.alternative == fast.alternative
        assert advice.difference == fast.difference
        assert advice.rollouts == fast.rollouts


def test_hint_facts_are_the_engines_and_the_evaluations_figures() -> None:
    checked = 0
    for session in human_decisions(6, turns=10):
        if session.state.phase not in (Phase.START, Phase.PLAY, Phase.STEP_AGAIN):
            continue
        advice = advise(session)
        view = session.observation()
        assess = Assessment(view, NORMAL_WEIGHTS)
        for plan in (advice.best, advice.alternative):
            if plan is None:
                continue
            after, events = session.state, []
            for action in plan.actions:
                after, evs = apply(after, action)
                events.extend(evs)
                if after.active != session.human:
                    break
            me = after.seats[session.human]
            assert (plan.end, plan.park, plan.months) == (me.position, after.park, me.months)
            # Park's reach from where the plan leaves him (its own code path) at the end space
            reach = reach_chances(replace(view, park=plan.park))
            assert plan.chance == reach.get(plan.end, 0.0)
            played = [str(e.data["card"]) for e in events if e.kind == "card_played"]
            hand = sorted(c for c in view.hand if view.rules.cards[c].id not in played)
            inventory = tuple(sorted(me.inventory))
            potential, dest, _ = assess.potential(inventory, tuple(hand), plan.end)
            assert plan.potential == potential and plan.hand == len(hand)
            assert plan.destination == (DESTINATIONS[dest] if dest >= 0 else None)
            hit = [(e.seat, e.data["months"]) for e in events if e.kind == "months_lost"]
            assert list(plan.rivals_hit) == [h for h in hit if h[0] != session.human]
            drawn = [e for e in events if e.kind == "drew" and e.seat == session.human]
            assert plan.draws == len(drawn)
            if plan.scored is not None:
                last = me.expeditions[-1]
                assert (plan.scored.destination, plan.scored.total) == (
                    last.destination,
                    last.total,
                )
                assert (plan.scored.basic, plan.scored.diversity, plan.scored.endurance) == (
                    last.basic,
                    last.diversity,
                    last.endurance,
                )
                assert (plan.scored.fad, plan.scored.novelty) == (last.fad, last.novelty)
            assert plan.samples == 0 or plan.mean is not None
        checked += 1
    assert checked >= 5


def test_advice_followed_keeps_the_rest_of_the_plan() -> None:
    for session in human_decisions(8, turns=12):
        advice = advise(session)
        if len(advice.actions) < 2:
            continue
        rest = advice.followed(advice.actions[0])
        assert rest is not None and rest.actions == advice.actions[1:]
        other = next((a for a in legal_actions(session.state) if a != advice.actions[0]), None)
        if other is not None:
            assert advice.followed(other) is None
        return
    pytest.fail("no plan of two decisions or more was advised")


def _positions(count: int) -> Iterator[Session]:
    """Human decisions of ``count`` games, some turns in (a different number in each)."""
    for seed in range(3, 3 + count):
        for k, session in enumerate(human_decisions(seed, opponents=2 + seed % 4, turns=7)):
            if k == 2 + seed % 5:
                yield session
                break


def test_park_reach_falls_along_the_route_and_is_certain_where_he_stands() -> None:
    for session in _positions(6):
        view = session.observation()
        facts = board_facts(view.rules)
        chances = reach_chances(view)
        ahead = {facts.distance_ahead(s, view.park): c for s, c in chances.items()}
        assert sorted(ahead) == list(range(facts.route_length))  # one space per number
        assert ahead[0] == 1.0
        assert all(0.0 <= ahead[d] <= 1.0 for d in ahead)
        assert all(ahead[d] >= ahead[d + 1] for d in range(1, facts.route_length - 1))
        unnumbered = {s.id for s in view.rules.board.spaces if s.number is None}
        assert not unnumbered & set(chances)


def test_park_reach_matches_sampled_rival_hands_within_five_points() -> None:
    weights = NORMAL_WEIGHTS
    for session in _positions(4):
        view = session.observation()
        facts = board_facts(view.rules)
        chances = reach_chances(view)
        rng = random.Random(11)
        samples = 3000
        at_least = [0] * (facts.route_length + 1)
        n = len(view.seats)
        for _ in range(samples):
            world = determinize(view, rng)
            moves = 0
            for k in range(1, n):
                rival = world.seats[(view.seat + k) % n]
                if not rival.hand:
                    continue
                chain = facts.max_chain(rival.position, facts.counts(rival.hand))
                played, p = 0, weights.threat_first
                while played < chain and rng.random() < p:
                    played, p = played + 1, weights.threat_more
                moves += played
            for d in range(1, min(moves, facts.route_length) + 1):
                at_least[d] += 1
        for space, chance in chances.items():
            d = facts.distance_ahead(space, view.park)
            if d > 0:
                assert abs(at_least[d] / samples - chance) <= 0.05, (space, d)
        # Summed over the spaces ahead of him, the chances are the expected number of spaces he
        # lands on: the sampled moves, each space counted once.
        expected = sum(at_least[d] for d in range(1, facts.route_length)) / samples
        summed = sum(c for s, c in chances.items() if facts.distance_ahead(s, view.park) > 0)
        assert abs(summed - expected) <= 0.15


@pytest.mark.slow
def test_review_finds_the_costliest_decisions() -> None:
    session = finished_game()
    state = session.state
    items = list(
        review_in_slices(
            start_of(state), list(state.log), session.human, budget=1.0, clock=ticking()
        )
    )
    progress = [i for i in items if isinstance(i, ReviewProgress)]
    assert isinstance(items[-1], Review)
    review = items[-1]
    assert progress[0].done == 0 and progress[-1].done == progress[-1].total == review.reviewed
    assert all(a.done <= b.done for a, b in itertools.pairwise(progress))
    assert 1 <= len(review.moments) <= MOST
    stakes = [m.at_stake for m in review.moments]
    assert stakes == sorted(stakes, reverse=True) and stakes[-1] >= MIN_STAKE
    for moment in review.moments:
        decision = moment.decision
        assert moment.advice.alternative is not None
        assert moment.advice.alternative.actions == decision.played
        assert moment.advice.actions != decision.played
        assert observe(decision.state, session.human).my_turn
        # both plans valued on the same deals, and the stake is the gap of those means
        best, mine = moment.advice.best, moment.advice.alternative
        assert best.samples == mine.samples >= 3
        assert best.mean is not None and mine.mean is not None
        assert moment.at_stake == pytest.approx(best.mean - mine.mean)
        play_plan(decision.state, moment.advice)
