"""The ``hard`` level: determinized Monte Carlo over whole-turn plans, under a time budget.

At the first decision of a turn the bot lists every way to finish the turn with the normal
level's planner (:func:`plan_turn`) and keeps the few best plans by the heuristic value
(at most two per first action, within ``margin`` points of the best). Then, until the budget
is spent, it repeatedly

1. samples a full game state consistent with its observation (:func:`determinize`: the unseen
   cards dealt at random into the rivals' hands and the deck, a fresh reshuffle seed);
2. for each candidate plan, on that same sampled state (common random numbers), plays the plan,
   then lets the normal policy (a faster setting) play every seat, rivals included, each from
   its own observation of the sampled state, until this seat's next turn begins;
3. values the outcome: points this seat scored, plus the heuristic value of its best plan for
   that next turn, minus what the rivals scored and the progress they carry (Month counters,
   Inventories), as the normal level weighs them.

Candidates clearly behind the leader are dropped as samples come in. The plan with the best
mean (shrunk toward the heuristic order while samples are few) is played, and the rest of the
turn follows it without searching again, unless something unexpected happens.

Thinking is split into slices of ``slice_seconds`` (12 ms) of work: ``decide_in_slices``
yields ``None`` whenever a slice is used up, between rollouts and inside them (the clock is read
after every policy decision of a rollout), so the page can breathe. The bot stops starting
rollouts at ``safety`` × budget and abandons a rollout in progress when the next policy decision
might end past 95% of the budget (it keeps the longest decision seen so far as the estimate), so
it overruns the budget only when one policy decision takes far longer than any before it, or
the machine stalls the process.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Generator, Iterator, Sequence

from ..engine.actions import Action
from ..engine.observation import Observation, observe
from ..engine.rules import apply, legal_actions
from ..engine.state import MOVE_PHASES, GameState, Phase
from .base import DEFAULT_BUDGET, BotBase, require_legal
from .determinize import determinize
from .evaluation import WIN_VALUE, Assessment
from .heuristic import NORMAL_WEIGHTS, HeuristicBot
from .planner import Plan, plan_turn
from .search import Candidate, RolloutParts, Search
from .weights import Weights

ROLLOUT_NODE_CAP = 250
"""Decision points a turn plan may explore inside rollouts (the normal level allows 800)."""
HARD_STOP = 0.95
"""Share of the budget at which a rollout in progress is abandoned."""
SLICE_SECONDS = 0.012
"""Thinking between two yields to the page, by the bot's clock. A slice overruns it by at most
one policy decision (or the planning that opens and closes a rollout), so a main-thread task
stays well under the 50 ms of a long task (``bench/page_ai_smooth.py``)."""
MARGIN = 25.0
"""Plans further than this many points below the best by the heuristic are not compared."""
GAME_OVER_VALUE = 400.0
"""Rollout value of a game that ends inside the rollout: + for this seat's win, - for a loss."""

_TurnKey = tuple[object, ...]


def _turn_key(view: Observation) -> _TurnKey:
    """What identifies a decision point within a turn, from the deciding seat's chair."""
    me = view.seats[view.seat]
    return (
        view.turn,
        view.seat,
        view.phase,
        me.position,
        view.park,
        me.months,
        tuple(sorted(view.hand)),
        tuple(sorted(me.inventory)),
    )


class HardBot(BotBase):
    """Determinized Monte Carlo over turn plans (see the module docstring).

    ``clock``: the time source in seconds (inject a fake clock in tests). ``max_candidates``:
    plans compared at most; ``margin``: plans further than this many points below the best by
    the heuristic are not compared; ``rival_share``: weight of a rival's scored points against
    this seat's own; ``safety``: share (0..1) of the budget after which no rollout is started;
    ``horizon``: further turns of this seat played by the policy in each rollout before the
    position is valued; ``min_spread``: smallest spread of rollout values assumed when dropping
    candidates; ``shrink``: pseudo-samples of the heuristic value mixed into each mean;
    ``slice_seconds``: thinking between two yields of ``decide_in_slices``.
    """

    level = "hard"

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.perf_counter,
        weights: Weights = NORMAL_WEIGHTS,
        max_candidates: int = 5,
        margin: float = MARGIN,
        rival_share: float = 0.35,
        safety: float = 0.85,
        horizon: int = 0,
        min_spread: float = 4.0,
        shrink: float = 2.0,
        slice_seconds: float = SLICE_SECONDS,
    ) -> None:
        self.clock = clock
        self.weights = weights
        self.max_candidates = max_candidates
        self.margin = margin
        self.rival_share = rival_share
        self.safety = safety
        self.horizon = horizon
        self.min_spread = min_spread
        self.shrink = shrink
        self.slice_seconds = slice_seconds
        self._yield_at = 0.0
        """When the current slice is used up (clock seconds)."""
        self._planning_step = 0.0
        """A policy decision's usual time at the start of a turn (its planning), by a moving
        average: a rollout yields before one that would likely end past the slice."""
        self.policy = HeuristicBot(weights, level="normal")
        self.rollout_policy = HeuristicBot(
            weights, level="normal", node_cap=ROLLOUT_NODE_CAP, follow_plan=True
        )
        self._committed: dict[_TurnKey, Action] = {}
        self.last_rollouts = 0
        """Rollouts run for the last decision (for benchmarks and tests)."""
        self.illegal_plan_steps = 0
        """Plan actions that turned out illegal (or came after the turn had ended) when played
        through the engine, over this bot's life: always 0 unless the planner has a bug."""
        self._longest_step = 0.0
        """Longest single policy decision seen in this decision's rollouts (seconds)."""

    def decide_in_slices(
        self,
        view: Observation,
        legal: Sequence[Action],
        rng: random.Random,
        budget: float | None = None,
    ) -> Iterator[Action | None]:
        """Think in slices, then yield one of ``legal``.

        Yields ``None`` after each ``slice_seconds`` of work and finally one of ``legal``.

        Args:
            view: the seat's observation at the decision.
            legal: the legal actions.
            rng: the RNG the bot decides with.
            budget: seconds of thinking (default :data:`DEFAULT_BUDGET`); must be > 0.

        Raises:
            ValueError: for an empty ``legal`` or a non-positive budget.
        """
        require_legal(legal)
        budget = DEFAULT_BUDGET if budget is None else budget
        if not budget > 0:
            raise ValueError(f"the thinking budget must be more than 0 seconds, got {budget}")
        started = self.clock()
        self.last_rollouts = 0
        self._longest_step = 0.0
        if len(legal) == 1:
            yield legal[0]
            return
        phase = view.phase
        if phase not in MOVE_PHASES:
            # Marketplace, Club and Fad decisions: the normal level's rules are sound there.
            yield self.policy.choose(view, legal, rng)
            return
        key = _turn_key(view)
        planned = self._committed.get(key)
        if planned is not None and planned in legal:
            yield _pick(planned, legal)
            return
        self._committed.clear()
        search = yield from self._search_turn(view, rng, started, budget)
        best = search.best
        self._commit(view, best.plan, rng)
        yield _pick(best.plan.actions[0], legal)

    def search_in_slices(
        self,
        view: Observation,
        rng: random.Random,
        budget: float | None = None,
        *,
        extra: Sequence[Plan] = (),
    ) -> Generator[None, None, Search]:
        """The search behind a turn decision (START, PLAY or STEP_AGAIN phase), in slices.

        Yields ``None`` after each slice, and returns every candidate compared and the one this
        bot plays. Without ``extra``, that is the choice :meth:`decide_in_slices` makes with an
        RNG in the same state and the same clock readings.

        ``extra``: plans to value on every sampled deal the candidates are valued on (never
        dropped, never chosen; a candidate equal to one is kept to the end instead), e.g. what
        a player did, for the coach's review. They keep the search going until the budget is
        spent, and their rollouts take some of it.

        Raises:
            ValueError: in another phase or for a non-positive budget.
        """
        budget = DEFAULT_BUDGET if budget is None else budget
        if not budget > 0:
            raise ValueError(f"the thinking budget must be more than 0 seconds, got {budget}")
        if view.phase not in MOVE_PHASES:
            raise ValueError(f"no turn plan to search in the {view.phase} phase")
        started = self.clock()
        self.last_rollouts = 0
        self._longest_step = 0.0
        return (yield from self._search_turn(view, rng, started, budget, extra))

    def _search_turn(
        self,
        view: Observation,
        rng: random.Random,
        started: float,
        budget: float,
        extra: Sequence[Plan] = (),
    ) -> Generator[None, None, Search]:
        assess = Assessment(view, self.weights)
        candidates = self._candidates(plan_turn(view, assess))
        known = {c.plan.actions: c for c in candidates}
        extras: list[Candidate] = []
        for plan in extra:
            same = known.get(plan.actions)
            if same is None:
                same = Candidate(plan, extra=True)
                known[plan.actions] = same
            same.kept = True
            extras.append(same)
        compared = [*candidates, *(c for c in extras if c.extra)]
        if len(compared) > 1:
            yield None
            stop_starting = started + self.safety * budget
            hard_stop = started + HARD_STOP * budget
            yield from self._search(view, assess, compared, rng, stop_starting, hard_stop)
        return Search(assess, tuple(candidates), self.best_of(candidates), tuple(extras))

    # -- candidates ------------------------------------------------------------------------------

    def turn_candidates(self, view: Observation, assess: Assessment) -> list[Candidate]:
        """The plans compared for the rest of ``view``'s turn (``assess``: its evaluation)."""
        return self._candidates(plan_turn(view, assess))

    def _candidates(self, plans: list[Plan]) -> list[Candidate]:
        ordered = sorted(plans, key=lambda p: -p.value)
        best = ordered[0].value
        chosen: list[Candidate] = []
        per_first: dict[Action, int] = {}
        for plan in ordered:
            if len(chosen) >= self.max_candidates or plan.value < best - self.margin:
                break
            first = plan.actions[0]
            if per_first.get(first, 0) >= 2:
                continue
            per_first[first] = per_first.get(first, 0) + 1
            chosen.append(Candidate(plan))
        return chosen

    def best_of(self, candidates: list[Candidate]) -> Candidate:
        """The candidate with the best mean, shrunk toward the heuristic order with few samples.

        Candidates never sampled (time ran out first) count only if none was sampled.
        """
        sampled = [c for c in candidates if c.samples]
        if sampled:
            candidates = sampled
        top_prior = max(c.plan.value for c in candidates)

        def score(c: Candidate) -> float:
            shrink = self.shrink / (c.samples + self.shrink)
            prior = c.plan.value - top_prior
            if c.samples == 0:
                return prior
            return c.mean + shrink * prior

        return max(candidates, key=lambda c: (c.alive, score(c)))

    # -- search ----------------------------------------------------------------------------------

    def _search(
        self,
        view: Observation,
        assess: Assessment,
        candidates: list[Candidate],
        rng: random.Random,
        stop_starting: float,
        hard_stop: float,
    ) -> Iterator[None]:
        passes = 0
        self._yield_at = self.clock() + self.slice_seconds
        while self.clock() < stop_starting:
            world = determinize(view, rng, unseen=assess.unseen)
            seed = rng.getrandbits(32)
            for c in candidates:
                if not c.alive:
                    continue
                if self.clock() >= stop_starting:
                    return
                parts = yield from self._rollout(
                    world, c.plan, view.seat, random.Random(seed), hard_stop
                )
                if parts is None:
                    return
                yield from self.breathe()
                c.add(parts)
                self.last_rollouts += 1
            passes += 1
            if passes >= 3:
                self._prune(candidates)
            if sum(1 for c in candidates if c.alive) <= 1:
                return

    def _prune(self, candidates: list[Candidate]) -> None:
        """Drop candidates whose mean is more than 2.5 standard errors below the leader's."""
        alive = [c for c in candidates if c.alive and c.samples]
        leaders = [c for c in alive if not c.extra]
        if len(alive) < 2 or not leaders:
            return
        leader = max(leaders, key=lambda c: c.mean)
        for c in alive:
            if c is leader or c.kept:
                continue
            n = min(c.samples, leader.samples)
            spread = max(
                self.min_spread, math.sqrt(max(c.variance, 0.0) + max(leader.variance, 0.0))
            )
            if leader.mean - c.mean > 2.5 * spread / math.sqrt(max(n, 1)) + 1.0:
                c.alive = False

    def breathe(self) -> Iterator[None]:
        """Between two rollouts: yield if this slice is used up (:meth:`start_slice`)."""
        if self.clock() >= self._yield_at:
            yield None
            self._yield_at = self.clock() + self.slice_seconds

    def start_slice(self) -> None:
        """Start a slice of thinking now (``slice_seconds`` of work before the next yield)."""
        self._yield_at = self.clock() + self.slice_seconds

    def _rollout(
        self, world: GameState, plan: Plan, me: int, rng: random.Random, hard_stop: float
    ) -> Generator[None, None, RolloutParts | None]:
        """Play ``plan`` on ``world``, then the normal policy until this seat's next turn.

        The normal policy plays for everyone until this seat's next turn begins (yielding to the
        page when a slice is used up).

        Returns:
            The outcome, its value in its parts, or ``None`` past ``hard_stop``.
        """
        self.rollout_policy.forget_plan()  # a plan of another deal must not be followed here
        state = world
        start_turn = world.turn
        start_scores = [s.score for s in world.seats]
        start_expeditions = len(world.seats[me].expeditions)
        for action in plan.actions:
            if (
                state.is_over
                or state.active != me
                or state.turn != start_turn
                or action not in legal_actions(state)
            ):
                self.illegal_plan_steps += 1  # the planner and the engine disagree: a bug
                break
            state, _ = apply(state, action)
        months_after_turn = state.seats[me].months
        policy = self.rollout_policy
        clock = self.clock
        turns_left = self.horizon
        while not state.is_over:
            if state.active == me and state.turn != start_turn and state.phase is Phase.START:
                if turns_left <= 0:
                    break
                turns_left -= 1
                start_turn = state.turn
            now = clock()
            if now + self._longest_step >= hard_stop:
                return None
            planning = state.phase is Phase.START
            if planning and now + 2 * self._planning_step >= self._yield_at:
                yield None  # a turn's planning is the long step: it opens a slice of its own
                now = clock()
                self._yield_at = now + self.slice_seconds
                if now + self._longest_step >= hard_stop:  # the page took the time left
                    return None
            seat = state.active
            legal = legal_actions(state)
            action = policy.choose(observe(state, seat), legal, rng)
            state, _ = apply(state, action)
            done = clock()
            step = done - now
            if step > self._longest_step:
                self._longest_step = step
            if planning:
                self._planning_step += (step - self._planning_step) / 8
            if done >= self._yield_at:
                yield None
                self._yield_at = clock() + self.slice_seconds
        months = state.seats[me].months
        if state.is_over:
            over = GAME_OVER_VALUE if state.winner == me else -GAME_OVER_VALUE
            return RolloutParts(
                game_over=over, months_after_turn=months_after_turn, months_at_next_turn=months
            )
        now = clock()
        if now >= self._yield_at:  # the next turn's planning gets a slice of its own
            yield None
            now = clock()
            self._yield_at = now + self.slice_seconds
        if now + self._longest_step >= hard_stop:
            return None
        view = observe(state, me)
        assess = Assessment(view, self.weights)
        next_turn = max(p.value for p in plan_turn(view, assess, ROLLOUT_NODE_CAP))
        if next_turn >= WIN_VALUE / 2:
            next_turn = GAME_OVER_VALUE / 2
        points = state.seats[me].score - start_scores[me]
        value = next_turn + state.seats[me].score - start_scores[me]  # as the search always did
        scored = len(state.seats[me].expeditions) - start_expeditions
        scoring = scored * self.weights.rate * view.months_needed
        value += scoring
        rivals = 0.0
        for i, seat_state in enumerate(state.seats):
            if i != me:
                share = self.rival_share * (seat_state.score - start_scores[i])
                value -= share
                value -= assess.rival_loss[i]
                rivals += share + assess.rival_loss[i]
        after = months_after_turn
        return RolloutParts(points, scoring, next_turn, rivals, None, after, months, value)

    def rollout_parts(
        self, world: GameState, actions: Sequence[Action], seat: int, seed: int
    ) -> Generator[None, None, RolloutParts]:
        """One rollout of a search with no time limit (``park.ai.deal_values``).

        ``seat`` plays ``actions`` (the rest of its turn) on the sampled ``world``, then the
        normal policy, on an RNG seeded with ``seed``, plays every seat until ``seat``'s next
        turn begins. Yields ``None`` whenever a slice of thinking is used up.

        The slice goes on from the last rollout's (:meth:`start_slice` starts one).

        Returns:
            The outcome in its parts (its value is what :meth:`search_in_slices` values a
            candidate at on that deal).
        """
        plan = Plan(tuple(actions), 0.0, ("", 0, 0, (), (), 0, 0, 0))
        parts = yield from self._rollout(world, plan, seat, random.Random(seed), math.inf)
        if parts is None:  # only a rollout past its hard stop has none, and this one has none
            raise RuntimeError("a rollout with no time limit gave no value")
        return parts

    # -- the rest of the turn ------------------------------------------------------------------

    def _commit(self, view: Observation, plan: Plan, rng: random.Random) -> None:
        """Remember the decisions of ``plan`` after the first.

        They are keyed by the decision point they belong to, so the rest of the turn follows the
        plan without searching again.
        """
        self._committed.clear()
        if len(plan.actions) < 2:
            return
        state = determinize(view, random.Random(rng.getrandbits(32)))
        me = view.seat
        for index, action in enumerate(plan.actions):
            if (
                state.is_over
                or state.active != me
                or state.turn != view.turn
                or action not in legal_actions(state)
            ):
                self.illegal_plan_steps += 1
                return
            if index:
                self._committed[_turn_key(observe(state, me))] = action
            state, _ = apply(state, action)


def _pick(action: Action, legal: Sequence[Action]) -> Action:
    for candidate in legal:
        if candidate == action:
            return candidate
    return legal[0]


def make_hard_bot(clock: Callable[[], float] = time.perf_counter) -> HardBot:
    """The ``hard`` level thinking on ``clock``.

    ``clock`` is in seconds; default the real clock, the page's choice; tournaments pass
    ``time.process_time`` for budgets of CPU time.
    """
    return HardBot(clock=clock)
