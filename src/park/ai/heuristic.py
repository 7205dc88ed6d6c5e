"""The ``normal`` and ``easy`` levels: a heuristic policy that plans the rest of its turn.

At a step/play decision the bot lists every way to finish the turn (:func:`plan_turn`), values
each end position with an :class:`Assessment` (Park's reach from the rivals' possible chains,
Hotel and Marketplace safety, the Club within reach, the best destination with Novelty, Fad,
Diversity and Endurance bonuses, rivals hit by Park) and takes the first action of the best
plan. The Marketplace, the Club and Fad ties have their own rules (see the methods).

``easy`` is the same policy with a careless evaluation (it under-rates Captain Park, ignores
what its plays do to rivals and never exchanges at the Marketplace) that sometimes takes a
weaker plan: mistakes a beginner makes, not random play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from ..engine.actions import Action, ChooseFad, DeclineScore, Discard, FinishExchange, Score
from ..engine.observation import Observation
from ..engine.scoring import expedition_totals
from ..engine.state import Phase
from ..engine.terms import DESTINATIONS
from .base import BotBase
from .evaluation import Assessment
from .planner import NODE_CAP, Plan, plan_turn
from .tuned import shipped_weights
from .weights import Weights

NORMAL_WEIGHTS = shipped_weights()
"""The weights of the ``normal`` level (and of ``hard``'s policy): the tuned ones of
``park/ai/weights.toml``, see :mod:`park.ai.tuned`."""

EASY_WEIGHTS = replace(
    NORMAL_WEIGHTS,
    risk_aversion=0.35,
    rival_damage=0.0,
    rival_damage_leader=0.0,
    rival_damage_threat=0.0,
    exchange_margin=1000.0,
)
"""The ``easy`` level's careless weights: Park under-rated, rivals ignored, no exchanges."""

_FINISH = FinishExchange()
_DECLINE = DeclineScore()


class HeuristicBot(BotBase):
    """A turn-planning heuristic bot (the normal level, and the hard level's rollouts).

    Args:
        weights: the evaluation's knobs.
        slip: chance (0..1) per decision with a choice to take a random one of the
            ``slip_choices`` best first actions instead of the best (0 for ``normal``).
        slip_choices: how many of the best first actions a slip picks among.
        slip_window: how far below the best (points) a slip may go, so that a slip is a
            misjudgement, never a blunder such as walking into Captain Park with a full Month
            pile.
        level: the level's name, as the record and the page show it.
        strict: raise ``RuntimeError`` instead of falling back to the first legal action if the
            plan's action is not legal (a bug; tests use it).
        node_cap: decision points a turn plan may explore (smaller values make a faster,
            slightly weaker policy, as used in the hard level's rollouts).
        follow_plan: after planning a turn, play the rest of that plan without planning again
            while each next action of it is legal (a turn holds no chance until its last space,
            so the plan stays what the planner chose; the hard level's rollouts use it: they are
            faster).
    """

    level = "normal"

    def __init__(
        self,
        weights: Weights = NORMAL_WEIGHTS,
        *,
        slip: float = 0.0,
        slip_choices: int = 3,
        slip_window: float = 12.0,
        level: str = "normal",
        strict: bool = False,
        node_cap: int = NODE_CAP,
        follow_plan: bool = False,
    ) -> None:
        self.weights = weights
        self.slip = slip
        self.slip_choices = slip_choices
        self.slip_window = slip_window
        self.level = level
        self.strict = strict
        self.node_cap = node_cap
        self.follow_plan = follow_plan
        self._planned: tuple[int, int, list[Action]] = (-1, -1, [])
        """With ``follow_plan``: the turn and seat of the last plan, and its actions to come."""

    def choose(self, view: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        """The action this policy takes (one of ``legal``); see the module docstring."""
        if self.follow_plan:
            turn, seat, rest = self._planned
            if rest and turn == view.turn and seat == view.seat and rest[0] in legal:
                return self._legal(rest.pop(0), legal)
            self.forget_plan()
        if len(legal) == 1:
            return legal[0]
        ranked = self.rank(view, legal, rng)
        pick = ranked[0][0]
        if self.slip and len(ranked) > 1 and rng.random() < self.slip:
            floor = ranked[0][1] - self.slip_window
            near = [a for a, v in ranked[: self.slip_choices] if v >= floor]
            pick = near[rng.randrange(len(near))]
        return self._legal(pick, legal)

    def forget_plan(self) -> None:
        """Drop the turn plan being followed (``follow_plan``): the next decision plans afresh."""
        self._planned = (-1, -1, [])

    def rank(
        self, view: Observation, legal: Sequence[Action], rng: random.Random
    ) -> list[tuple[Action, float]]:
        """Candidate actions with their values, best first (ties keep the engine's order).

        With ``follow_plan``, a step / play ranking also keeps the best plan's actions after
        the first, for :meth:`choose` to follow.

        Step / play decisions: the best value of any plan starting with the action. Marketplace:
        the discard of the least useful card or finishing. Club: each score or declining, by the
        value of the resulting position. Fad tie: by how much the Fad helps this seat more than
        its rivals.
        """
        assess = Assessment(view, self.weights)
        phase = view.phase
        if phase is Phase.START or phase is Phase.STEP_AGAIN or phase is Phase.PLAY:
            best: dict[Action, float] = {}
            best_plan: dict[Action, Plan] = {}
            for plan in plan_turn(view, assess, self.node_cap):
                first = plan.actions[0]
                if plan.value > best.get(first, -1e18):
                    best[first] = plan.value
                    best_plan[first] = plan
            ranked = sorted(best.items(), key=lambda kv: -kv[1])
            if self.follow_plan and ranked and not self.slip:
                rest = list(best_plan[ranked[0][0]].actions[1:])
                self._planned = (view.turn, view.seat, rest)
        elif phase is Phase.MARKET:
            ranked = self._market(view, assess)
        elif phase is Phase.CLUB:
            ranked = self._club(view, assess)
        elif phase is Phase.FAD:
            ranked = self._fad(view, assess)
        else:
            ranked = [(a, 0.0) for a in legal]
        return ranked or [(legal[0], 0.0)]

    # -- the Marketplace (R46, R47) -------------------------------------------------------------

    def _market(self, view: Observation, assess: Assessment) -> list[tuple[Action, float]]:
        """Discard the least useful card while it pays, then finish.

        Discard while an unseen card is worth more on average by the exchange margin; then
        finish (the replacements are drawn one by one, R72).
        """
        hand = tuple(sorted(view.hand))
        inventory = tuple(sorted(view.me.inventory))
        if not hand:
            return [(_FINISH, 0.0)]
        _, dest, _ = assess.potential(inventory, hand, view.me.position)
        mean = assess.mean_unseen_worth(inventory, dest)
        worth = {c: assess.card_worth(c, inventory, dest) for c in hand}
        worst = min(hand, key=lambda c: (worth[c], c))
        gain = mean - worth[worst] - self.weights.exchange_margin
        discard = Discard(view.rules.cards[worst].id)
        if gain > 0:
            return [(discard, gain), (_FINISH, 0.0)]
        return [(_FINISH, 0.0), (discard, gain)]

    # -- the Gentlemen's Club (R53, R73-R92, A2) ------------------------------------------------

    def _club(self, view: Observation, assess: Assessment) -> list[tuple[Action, float]]:
        """Score the destination leaving the best position, or decline.

        Decline if keeping the Inventory is worth more than any score (the months are lost
        either way, R52).
        """
        me = view.me
        hand = tuple(sorted(view.hand))
        inventory = tuple(sorted(me.inventory))
        options: list[tuple[Action, float]] = []
        for dest, total in expedition_totals(
            view.rules,
            me.months,
            view.months_needed,
            inventory,
            me.visited,
            view.fad,
            view.scorings,
        ):
            value = assess.value(me.position, view.park, 0, hand, (), gained=total)
            options.append((Score(dest), value))
        keep = assess.value(me.position, view.park, 0, hand, inventory)
        options.append((_DECLINE, keep))
        options.sort(key=lambda kv: -kv[1])
        return options

    # -- Fad ties (A5) ----------------------------------------------------------------------------

    def _fad(self, view: Observation, assess: Assessment) -> list[tuple[Action, float]]:
        """Pick the tied destination whose Fad bonus helps this seat most and its rivals least.

        That is, helps this seat's next expedition most and the rivals' expeditions in progress
        least (:func:`fad_terms`).
        """
        options: list[tuple[Action, float]] = [
            (ChooseFad(dest), mine - 0.5 * theirs) for dest, mine, theirs in fad_terms(view, assess)
        ]
        options.sort(key=lambda kv: -kv[1])
        return options

    def _legal(self, action: Action, legal: Sequence[Action]) -> Action:
        for candidate in legal:
            if candidate == action:
                return candidate
        if self.strict:
            raise RuntimeError(f"{self.level} bot chose {action}, which is not legal")
        return legal[0]


def fad_terms(view: Observation, assess: Assessment) -> list[tuple[str, float, float]]:
    """For each destination tied for the Fad (A5): ``(destination, mine, theirs)``.

    The points its Fad bonus (R86) is worth to this seat's next expedition (the whole bonus if
    the seat holds proof for it and may go there this cycle) and to the rivals' expeditions in
    progress (half the bonus for a rival close to scoring there, a fifth otherwise).
    """
    hand = tuple(sorted(view.hand))
    inventory = tuple(sorted(view.me.inventory))
    fad_points = view.rules.scoring.fad_bonus
    terms: list[tuple[str, float, float]] = []
    for dest in view.fad_choices:
        d = DESTINATIONS.index(dest)
        mine = 0.0
        if (
            d in assess.available
            and assess.destination_points(inventory, hand, d, view.me.position)[0] > 0
        ):
            mine = float(fad_points)
        theirs = 0.0
        for i, seat in enumerate(view.seats):
            if i == view.seat or dest in seat.visited:
                continue
            if any(assess.facts.values[c][d] for c in seat.inventory):
                theirs += fad_points * (0.5 if seat.months + 2 >= view.months_needed else 0.2)
        terms.append((dest, mine, theirs))
    return terms


def make_normal_bot() -> HeuristicBot:
    """The ``normal`` level (see the module docstring)."""
    return HeuristicBot(NORMAL_WEIGHTS, level="normal")


def make_easy_bot() -> HeuristicBot:
    """The ``easy`` level: careless weights and random slips.

    A 30% chance per decision of one of the three best actions picked at random (see the
    module docstring).
    """
    return HeuristicBot(EASY_WEIGHTS, slip=0.3, level="easy")
