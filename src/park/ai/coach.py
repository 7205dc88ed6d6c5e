"""The AI as a coach: the hard level's plan for the rest of a turn, with the terms behind it.

:func:`advise_in_slices` asks the hard level (:class:`~park.ai.hard.HardBot`) what it would do
from one seat's observation and returns :class:`Advice`: the plan (the hard level's search run
on a fixed number of shared sampled deals, :class:`~park.ai.deal_values.DealSearch`, not on a
clock, so a position gets the same advice on every device), the plan it beat, and for each the
facts of the evaluation (:class:`~park.ai.evaluation.Assessment`) that make a reason: where
the turn ends, the chance Captain Park lands there before the seat's next turn (R59, R62),
the Month counters carried (R15-R19), what is scored and its five parts (R83-R88), which
rivals lose their Month counters (R62), cards drawn and played. ``park.ui.coach.text`` turns
those facts into sentences; no reason is written here.

:func:`reach_chances` is the normal level's own estimate of where Captain Park may land
before the seat plays again, per numbered space (the map's "Park's reach" overlay).

Everything here sees the seat's :class:`~park.engine.observation.Observation` only (R104).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

from ..engine.actions import Action, ChooseFad, Discard, FinishExchange, Score
from ..engine.events import CardPlayed, Event, EventKind, MonthsLost, payload
from ..engine.observation import Observation
from ..engine.rules import apply, legal_actions
from ..engine.scoring import destination_index, expedition_for
from ..engine.state import MOVE_PHASES, Phase
from ..engine.terms import DESTINATIONS
from .advice import Advice, ExchangeFacts, FadFacts, PlanFacts
from .base import require_legal
from .board_facts import BoardFacts, board_facts
from .deal_values import MIN_DEALS, DealSearch, deal_rng, position_key
from .determinize import determinize
from .difference import difference
from .evaluation import Assessment
from .hard import GAME_OVER_VALUE, HardBot
from .heuristic import NORMAL_WEIGHTS, fad_terms
from .park_reach import park_reach
from .search import Candidate, Search
from .weights import Weights


def reach_chances(view: Observation, weights: Weights = NORMAL_WEIGHTS) -> dict[str, float]:
    """Per numbered space (id), the chance (0..1) that Captain Park lands on it.

    The chance is of a landing before ``view``'s seat plays again: ``tail[d]`` of
    :func:`park.ai.park_reach.park_reach` for the space ``d`` numbers ahead of him, 1 for the
    space he stands on (R58, R59, R62). Spaces with no number (Club, Marketplace, Hotels) are
    left out: he never goes there.
    """
    facts = board_facts(view.rules)
    tail = park_reach(view, facts, weights)
    return {
        space.id: _landing(facts, tail, space.id, view.park)
        for space in view.rules.board.spaces
        if facts.number[space.id]
    }


def advise_in_slices(
    view: Observation,
    legal: Sequence[Action],
    deals: int = MIN_DEALS,
    *,
    search: DealSearch | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Iterator[Advice | None]:
    """The hard level's advice at ``view``'s decision, on ``deals`` shared sampled deals.

    At a turn decision, the hard level's candidate plans are compared on the first ``deals`` deals
    of :func:`~park.ai.deal_values.position_key` (a :class:`~park.ai.deal_values.DealSearch`):
    the same position gets the same advice, with the same figures, on every device. At the
    Marketplace, the Club and a Fad tie, the hard level decides as the normal one does (R46-R53,
    A5). Yields ``None`` between slices (the page awaits ``asyncio.sleep(0)``) and finally the
    :class:`Advice`; ``clock`` only says when a slice is used up.

    Args:
        view: the seat's observation at the decision.
        legal: the legal actions now.
        deals: how many deals (≥ 1) a turn's plans are compared on.
        search: the search of this decision already under way (thought about while the player
            read the table), continued; ``None``: a new one.
        clock: the clock the slices are measured on.

    Raises:
        ValueError: if ``legal`` is empty or ``deals`` is below 1.
    """
    require_legal(legal)
    key = position_key(view)
    if view.phase in MOVE_PHASES:
        search = search or DealSearch(view, deals, key, clock=clock)
        found = yield from search.run()
        alive = [c for c in found.candidates if c is not found.best and c.alive]
        alternative = _alternative(found.best, alive)
        yield advise_from_search(
            view, found, found.best, alternative, rollouts=search.rollouts, choices=len(legal)
        )
        return
    if deals < 1:
        raise ValueError(f"plans are valued on at least one deal, not {deals}")
    yield _other_advice(view, legal, deal_rng(key), HardBot(clock=clock))


def advise_from_search(
    view: Observation,
    search: Search,
    best: Candidate,
    alternative: Candidate | None,
    *,
    rollouts: int = 0,
    choices: int = 2,
) -> Advice:
    """The advice of a turn ``search`` from ``view``.

    The facts of its ``best`` candidate and of the ``alternative`` it is contrasted with
    (``None``: none) and how the two came out on the deals both were played on, after
    ``rollouts`` rollouts, with ``choices`` legal actions at the decision.

    Raises:
        ValueError: if a plan does not play from ``view``.
    """
    assess = search.assessment
    advice = _advice(
        view,
        assess,
        plan_facts(view, assess, best.plan.actions, best),
        None
        if alternative is None
        else plan_facts(view, assess, alternative.plan.actions, alternative),
        rollouts=rollouts,
        choices=choices,
    )
    if alternative is None or not best.parts or not alternative.parts:
        return advice
    return replace(advice, difference=difference(best.parts, alternative.parts))


def advise_plans(
    view: Observation,
    best: Sequence[Action],
    best_values: Sequence[float],
    other: Sequence[Action],
    other_values: Sequence[float],
) -> Advice:
    """The advice of the plan ``best`` against ``other``: a puzzle's verdict.

    ``other`` is a player's plan, or the runner-up, at ``view``'s turn decision; each comes with
    its rollout values on the same sampled deals (``park.ai.deal_values``).

    Raises:
        ValueError: if a plan does not play from ``view``.
    """
    assess = Assessment(view, NORMAL_WEIGHTS)
    return _advice(
        view,
        assess,
        _valued(plan_facts(view, assess, best), best_values),
        _valued(plan_facts(view, assess, other), other_values),
    )


def _valued(facts: PlanFacts, values: Sequence[float]) -> PlanFacts:
    """``facts`` with the mean, count, wins and losses of the rollout ``values``."""
    return replace(
        facts,
        mean=sum(values) / len(values) if values else None,
        samples=len(values),
        wins=sum(1 for v in values if v == GAME_OVER_VALUE),
        losses=sum(1 for v in values if v == -GAME_OVER_VALUE),
    )


def _alternative(best: Candidate, others: Sequence[Candidate]) -> Candidate | None:
    """The candidate the reason contrasts with.

    The best sampled one (by rollout mean), else the best by the evaluation; one with another
    first action if there is one.
    """
    if not others:
        return None
    differing = [c for c in others if c.plan.actions[0] != best.plan.actions[0]] or list(others)
    sampled = [c for c in differing if c.samples]
    if sampled:
        return max(sampled, key=lambda c: c.mean)
    return max(differing, key=lambda c: c.plan.value)


def _advice(
    view: Observation,
    assess: Assessment,
    best: PlanFacts,
    alternative: PlanFacts | None,
    *,
    rollouts: int = 0,
    choices: int = 2,
    exchange: ExchangeFacts | None = None,
    fad_tie: FadFacts | None = None,
) -> Advice:
    me = view.me
    return Advice(
        seat=view.seat,
        phase=view.phase,
        best=best,
        alternative=alternative,
        park=view.park,
        here=me.position,
        here_chance=_chance(assess, me.position, view.park),
        months_needed=view.months_needed,
        rollouts=rollouts,
        choices=choices,
        exchange=exchange,
        fad_tie=fad_tie,
    )


def _chance(assess: Assessment, space: str, park: int) -> float:
    """The chance that Captain Park, on ``park``, lands on ``space`` before the seat's next turn.

    As in R62, by the evaluation's own ``hit_tail``.
    """
    return _landing(assess.facts, assess.hit_tail, space, park)


def _landing(facts: BoardFacts, tail: Sequence[float], space: str, park: int) -> float:
    """``tail[d]`` for ``space`` ``d`` numbers ahead of Captain Park on ``park``.

    1 on his own space; 0 where he never goes (R58, R62).
    """
    ahead = facts.distance_ahead(space, park)
    if ahead < 0:
        return 0.0
    return 1.0 if ahead == 0 else tail[ahead]


def plan_facts(
    view: Observation,
    assess: Assessment,
    actions: Sequence[Action],
    candidate: Candidate | None = None,
) -> PlanFacts:
    """The facts of playing ``actions`` (the rest of ``view``'s seat's turn) from ``view``.

    The plan is played through the engine on one state the seat cannot tell from the real one
    (:func:`~park.ai.determinize.determinize`): only what does not depend on hidden cards is
    read from it (steps, plays, Captain Park, Month counters, scores; never a card drawn).
    ``candidate``: the hard level's candidate for the plan, for its rollout mean. Raises
    ``ValueError`` if an action is not legal when its turn comes.
    """
    me = view.seat
    state = determinize(view, random.Random(0), unseen=assess.unseen)
    events: list[Event] = []
    for action in actions:
        if action not in legal_actions(state):
            raise ValueError(f"the plan's action {action} is not legal in its position")
        state, evs = apply(state, action)
        events.extend(evs)
        if state.active != me or state.phase is Phase.OVER:
            break
    ended = state.seats[me]
    end_months = ended.months
    played = tuple(
        payload(e, CardPlayed)["card"]
        for e in events
        if e.kind == EventKind.CARD_PLAYED and e.seat == me
    )
    draws = sum(1 for e in events if e.kind == EventKind.DREW and e.seat == me)
    scored = ended.expeditions[-1] if len(ended.expeditions) > len(view.me.expeditions) else None
    hit = tuple(
        (e.seat, payload(e, MonthsLost)["months"])
        for e in events
        if e.kind == EventKind.MONTHS_LOST and e.seat is not None and e.seat != me
    )
    hand = _hand_after(view, played)
    inventory = tuple(sorted(ended.inventory))
    position = ended.position
    pot, dest, _ = assess.potential(inventory, hand, position)
    return PlanFacts(
        actions=tuple(actions),
        end=position,
        park=state.park,
        months=end_months,
        chance=_chance(assess, position, state.park),
        chance_now=_chance(assess, position, view.park),
        played=played,
        draws=draws,
        scored=scored,
        rivals_hit=hit,
        destination=DESTINATIONS[dest] if dest >= 0 else None,
        potential=pot,
        club_turns=assess.turns_to_club(position, hand),
        hand=len(hand),
        mean=candidate.mean if candidate is not None and candidate.samples else None,
        samples=candidate.samples if candidate is not None else 0,
        wins=candidate.values.count(GAME_OVER_VALUE) if candidate is not None else 0,
        losses=candidate.values.count(-GAME_OVER_VALUE) if candidate is not None else 0,
    )


def _hand_after(view: Observation, played: Sequence[str]) -> tuple[int, ...]:
    """The seat's hand after playing ``played`` (card ids), before unknown draws."""
    hand = list(view.hand)
    index = {c.id: i for i, c in enumerate(view.rules.cards)}
    for card in played:
        hand.remove(index[card])
    return tuple(sorted(hand))


# -- the Marketplace, the Club and Fad ties ------------------------------------------------------


def _other_advice(
    view: Observation, legal: Sequence[Action], rng: random.Random, bot: HardBot
) -> Advice:
    """Advice where the hard level decides as the normal one does (R46-R53, A5)."""
    assess = Assessment(view, bot.weights)
    if view.phase is Phase.CLUB:
        ranked = bot.policy.rank(view, legal, rng)
        facts = [_club_facts(view, assess, action) for action, _ in ranked]
        return _advice(
            view, assess, facts[0], facts[1] if len(facts) > 1 else None, choices=len(legal)
        )
    if view.phase is Phase.MARKET:
        exchange = _exchange(view, assess, bot, rng)
        actions: tuple[Action, ...] = (
            *(Discard(card) for card in exchange.discards),
            FinishExchange(),
        )
        stay = _still(view, assess, actions)
        return _advice(view, assess, stay, None, exchange=exchange, choices=len(legal))
    ranked = bot.policy.rank(view, legal, rng)
    terms = {dest: (dest, mine, theirs) for dest, mine, theirs in fad_terms(view, assess)}
    tie = FadFacts(tuple(terms[a.destination] for a, _ in ranked if isinstance(a, ChooseFad)))
    first = _still(view, assess, (ranked[0][0],))
    return _advice(view, assess, first, None, fad_tie=tie, choices=len(legal))


def _still(view: Observation, assess: Assessment, actions: tuple[Action, ...]) -> PlanFacts:
    """The facts of a decision that does not move the pawn (the Marketplace, a Fad tie)."""
    me = view.me
    return PlanFacts(
        actions=actions,
        end=me.position,
        park=view.park,
        months=me.months,
        chance=_chance(assess, me.position, view.park),
    )


def _club_facts(view: Observation, assess: Assessment, action: Action) -> PlanFacts:
    """Scoring ``action``'s destination now, or declining (R53, R73-R88)."""
    me = view.me
    scored = None
    if isinstance(action, Score):
        scored = expedition_for(
            view.rules,
            me,
            action.destination,
            months_needed=view.months_needed,
            fad=view.fad,
            scored_before=view.scorings[destination_index(action.destination)],
        )
    inventory = () if scored is not None else tuple(sorted(me.inventory))
    hand = tuple(sorted(view.hand))
    pot, dest, _ = assess.potential(inventory, hand, me.position)
    return PlanFacts(
        actions=(action,),
        end=me.position,
        park=view.park,
        months=0,
        chance=0.0,
        scored=scored,
        destination=DESTINATIONS[dest] if dest >= 0 else None,
        potential=pot,
    )


def _exchange(
    view: Observation, assess: Assessment, bot: HardBot, rng: random.Random
) -> ExchangeFacts:
    """The discards the policy makes one at a time (R46), with each hand card's worth."""
    inventory = tuple(sorted(view.me.inventory))
    hand = tuple(sorted(view.hand))
    _, dest, _ = assess.potential(inventory, hand, view.me.position)
    mean = assess.mean_unseen_worth(inventory, dest)
    ids = [c.id for c in view.rules.cards]
    worth = tuple((ids[c], assess.card_worth(c, inventory, dest)) for c in hand)
    discards: list[str] = []
    current = view
    for _ in range(len(hand)):
        legal: list[Action] = [*(Discard(ids[c]) for c in current.hand), FinishExchange()]
        choice = bot.policy.rank(current, legal, rng)[0][0]
        if not isinstance(choice, Discard):
            break
        discards.append(choice.card)
        index = ids.index(choice.card)
        rest = list(current.hand)
        rest.remove(index)
        current = replace(current, hand=tuple(rest), discard=(*current.discard, index))
    return ExchangeFacts(tuple(discards), worth, mean, DESTINATIONS[dest] if dest >= 0 else None)


__all__ = [
    "Advice",
    "ExchangeFacts",
    "FadFacts",
    "PlanFacts",
    "advise_from_search",
    "advise_in_slices",
    "advise_plans",
    "plan_facts",
    "reach_chances",
]
