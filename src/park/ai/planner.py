"""Turn planning: every way the rest of the current turn can go, and what each end is worth.

From the seat's observation, :func:`plan_turn` walks every sequence of decisions left in the
turn (steps, card plays, the last step into a Café, Hotel, Marketplace or the Club, scoring
there) by the engine's own turn rules (:mod:`park.engine.turn_rules`, R21-R66, and
:func:`~park.engine.scoring.expedition_totals` for the Club, R73-R88), and values each end
of turn with an :class:`~park.ai.evaluation.Assessment`. Card draws are unknown and counted
only as "one more card"; a Marketplace visit is valued by its expected exchange gain. Equal
positions reached by different orders are explored once.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import Action, DeclineScore, PlayCard, Score, SkipPlay, Stay, Step
from ..engine.observation import Observation
from ..engine.scoring import expedition_totals
from ..engine.state import Phase
from ..engine.turn_rules import (
    SpaceEffect,
    park_after_play,
    playable_cards,
    turn_end_loss,
    walks_into_park,
)
from .evaluation import Assessment

NODE_CAP = 800
"""At most this many decision points are explored per plan (a safety net for huge hands)."""

_STAY = Stay()
_SKIP = SkipPlay()
_DECLINE = DeclineScore()


TurnEnd = tuple[str, int, int, tuple[int, ...], tuple[int, ...], int, int, int]
"""Where a plan ends the turn: ``(position, park, months, hand, inventory, gained, draws,
hits)``: the pawn's space, Captain Park's number, the Month counters left after the
end-of-turn checks (R52, R66), the hand (sorted card indexes, before ``draws`` unknown cards
are drawn), the Inventory (sorted), the points scored at the Club this turn, and a bit mask
of the rival seats whose Month counters Captain Park cleared on the way (R62)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """One way to finish the turn.

    Attributes:
        actions: the actions from now to the end of the turn (a Club visit includes the scoring
            decision).
        value: the value of the position it ends in.
        end: that position (see :data:`TurnEnd`).
    """

    actions: tuple[Action, ...]
    value: float
    end: TurnEnd


class _Planner:
    def __init__(self, view: Observation, assess: Assessment, node_cap: int) -> None:
        self.assess = assess
        facts = assess.facts
        self.facts = facts
        self.rules = view.rules
        self.months_needed = view.months_needed
        self.node_cap = node_cap
        self.plans: list[Plan] = []
        self.path: list[Action] = []
        self.seen: set[tuple[object, ...]] = set()
        self.nodes = 0
        self.visited = view.seats[view.seat].visited
        self.fad = view.fad
        self.scorings = view.scorings
        # rivals that still have Month counters to lose, by space: bit masks of seats
        self.rivals_at: dict[str, int] = {}
        for i, s in enumerate(view.seats):
            if i != view.seat and s.months > 0:
                self.rivals_at[s.position] = self.rivals_at.get(s.position, 0) | (1 << i)
        ids = [c.id for c in view.rules.cards]
        self.play_action = [PlayCard(cid) for cid in ids]
        self.steps = {s: tuple(Step(n) for n in ns) for s, ns in facts.neighbours.items()}
        me = view.seats[view.seat]
        hand = tuple(sorted(view.hand))
        inventory = tuple(sorted(me.inventory))
        _, dest, _ = assess.potential(inventory, hand, me.position)
        worth = {c: assess.card_worth(c, inventory, dest) for c in hand}
        self.order = lambda c: (-worth.get(c, 0.0), c)
        """Sort key of hand cards: most useful for the expedition in view first."""

    # -- end of turn ---------------------------------------------------------------------------

    def finish(
        self,
        position: str,
        park: int,
        months: int,
        hand: tuple[int, ...],
        inventory: tuple[int, ...],
        hits: int,
        *,
        draws: int = 0,
        gained: int = 0,
        exchange: bool = False,
    ) -> None:
        if turn_end_loss(self.rules, position, park) is not None:  # R52, R66
            months = 0
        gain = self.assess.exchange_gain(hand, inventory, position) if exchange else 0.0
        value = self.assess.value(
            position,
            park,
            months,
            hand,
            inventory,
            draws=draws,
            gained=gained,
            hits=hits,
            exchange=gain,
        )
        end = (position, park, months, hand, inventory, gained, draws, hits)
        self.plans.append(Plan(tuple(self.path), value, end))

    # -- decisions -----------------------------------------------------------------------------

    def move(
        self,
        position: str,
        park: int,
        months: int,
        hand: tuple[int, ...],
        inventory: tuple[int, ...],
        hits: int,
    ) -> None:
        """Step to a neighbour or stay put (R21, R27)."""
        key = (position, park, months, hand, inventory, hits)
        if key in self.seen:
            return
        self.seen.add(key)
        self.nodes += 1
        path = self.path
        path.append(_STAY)
        self.finish(position, park, months, hand, inventory, hits)
        path.pop()
        if self.nodes > self.node_cap:
            return
        for step in self.steps[position]:
            path.append(step)
            self.enter(step.space, park, months, hand, inventory, hits)
            path.pop()

    def enter(
        self,
        space: str,
        park: int,
        months: int,
        hand: tuple[int, ...],
        inventory: tuple[int, ...],
        hits: int,
    ) -> None:
        """Resolve stepping into ``space`` (R25, R63)."""
        rules = self.rules
        if walks_into_park(rules, space, park):
            months = 0
        effect = rules.effect[space]
        if effect is SpaceEffect.HOTEL:
            self.finish(space, park, months, hand, inventory, hits)
        elif effect is SpaceEffect.CAFE:
            self.finish(space, park, months, hand, inventory, hits, draws=1)
        elif effect is SpaceEffect.MARKETPLACE:
            self.finish(space, park, months, hand, inventory, hits, exchange=bool(hand))
        elif effect is SpaceEffect.CLUB:
            self.club(space, park, months, hand, inventory, hits)
        else:
            self.shop(space, park, months, hand, inventory, hits)

    def shop(
        self,
        position: str,
        park: int,
        months: int,
        hand: tuple[int, ...],
        inventory: tuple[int, ...],
        hits: int,
    ) -> None:
        """Play one matching card or not (R38, R45); a play moves Park (R42, R59, R62)."""
        matching = sorted(playable_cards(self.rules, position, hand), key=self.order)
        if len(matching) > 2:  # the most useful card and the cheapest fuel are enough
            matching = [matching[0], matching[-1]]
        path = self.path
        if not matching:  # the shop still asks, and "no card" is the only answer (R104)
            path.append(_SKIP)
            self.finish(position, park, months, hand, inventory, hits)
            path.pop()
            return
        path.append(_SKIP)
        self.finish(position, park, months, hand, inventory, hits)
        path.pop()
        new_park, landing = park_after_play(self.rules, park)
        new_months = 0 if landing == position else months
        new_hits = hits | self.rivals_at.get(landing, 0)
        for card in matching:
            rest = list(hand)
            rest.remove(card)
            new_inventory = tuple(sorted((*inventory, card)))
            path.append(self.play_action[card])
            self.move(position, new_park, new_months, tuple(rest), new_inventory, new_hits)
            path.pop()

    def club(
        self,
        space: str,
        park: int,
        months: int,
        hand: tuple[int, ...],
        inventory: tuple[int, ...],
        hits: int,
    ) -> None:
        """Draw (R51, A18), then score one qualifying destination or not (R53, R73-R92)."""
        options = self.scores(months, inventory)
        if not options:
            self.finish(space, park, months, hand, inventory, hits, draws=1)
            return
        path = self.path
        for destination, total in options:
            path.append(Score(destination))
            self.finish(space, park, 0, hand, (), hits, draws=1, gained=total)
            path.pop()
        path.append(_DECLINE)
        self.finish(space, park, months, hand, inventory, hits, draws=1)
        path.pop()

    def scores(self, months: int, inventory: tuple[int, ...]) -> list[tuple[str, int]]:
        """Each qualifying destination with the total it would score (R74-R88)."""
        return expedition_totals(
            self.rules, months, self.months_needed, inventory, self.visited, self.fad, self.scorings
        )


def plan_turn(view: Observation, assess: Assessment, node_cap: int = NODE_CAP) -> list[Plan]:
    """Every way to finish the current turn from ``view``, each with its value; never empty.

    ``view``'s seat must be deciding in the START, PLAY or STEP_AGAIN phase.

    Raises:
        ValueError: for another phase (the Marketplace, Club and Fad decisions are not turn
            plans).
    """
    me = view.seats[view.seat]
    planner = _Planner(view, assess, node_cap)
    hand = tuple(sorted(view.hand))
    inventory = tuple(sorted(me.inventory))
    if view.phase is Phase.START or view.phase is Phase.STEP_AGAIN:
        planner.move(me.position, view.park, me.months, hand, inventory, 0)
    elif view.phase is Phase.PLAY:
        planner.shop(me.position, view.park, me.months, hand, inventory, 0)
    else:
        raise ValueError(f"no turn plan in the {view.phase} phase")
    return planner.plans
