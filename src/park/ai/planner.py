"""Turn planning: every way the rest of the current turn can go, and what each end is worth.

From the seat's observation, :func:`plan_turn` walks every sequence of decisions left in the
turn (steps, card plays, the last step into a Café, Hotel, Marketplace or the Club, scoring
there) with a small simulator of the turn rules (R21-R66, 1.13 in RULES.md), and values each
end of turn with an :class:`~park.ai.evaluation.Assessment`. Card draws are unknown and counted
only as "one more card"; a Marketplace visit is valued by its expected exchange gain. Equal
positions reached by different orders are explored once.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import Action, DeclineScore, PlayCard, Score, SkipPlay, Stay, Step
from ..engine.observation import Observation
from ..engine.state import Phase
from ..engine.terms import DESTINATIONS
from .board_facts import CAFE_KIND, CLUB_KIND, HOTEL_KIND, MARKET_KIND
from .evaluation import Assessment

NODE_CAP = 800
"""At most this many decision points are explored per plan (a safety net for huge hands)."""

_STAY = Stay()
_SKIP = SkipPlay()
_DECLINE = DeclineScore()


@dataclass(frozen=True, slots=True)
class Plan:
    """One way to finish the turn: the ``actions`` from now to the end of the turn (a Club
    visit includes the scoring decision) and the ``value`` of the position it ends in."""

    actions: tuple[Action, ...]
    value: float


class _Planner:
    def __init__(self, view: Observation, assess: Assessment, node_cap: int) -> None:
        self.assess = assess
        facts = assess.facts
        self.facts = facts
        self.rules = view.rules
        self.route = view.rules.board.route
        self.route_length = facts.route_length
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
        facts = self.facts
        kind = facts.kind[position]
        if kind == CLUB_KIND or facts.number[position] == park:  # R52, R66
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
        self.plans.append(Plan(tuple(self.path), value))

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
        facts = self.facts
        if facts.number[space] == park:
            months = 0  # R63: walked into Captain Park
        kind = facts.kind[space]
        if kind == HOTEL_KIND:
            self.finish(space, park, months, hand, inventory, hits)
        elif kind == CAFE_KIND:
            self.finish(space, park, months, hand, inventory, hits, draws=1)
        elif kind == MARKET_KIND:
            self.finish(space, park, months, hand, inventory, hits, exchange=bool(hand))
        elif kind == CLUB_KIND:
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
        facts = self.facts
        wanted = facts.shop_type[position]
        types = facts.card_type
        matching = sorted({c for c in hand if types[c] == wanted}, key=self.order)
        if len(matching) > 2:  # the most useful card and the cheapest fuel are enough
            matching = [matching[0], matching[-1]]
        path = self.path
        if not matching:
            self.finish(position, park, months, hand, inventory, hits)
            return
        path.append(_SKIP)
        self.finish(position, park, months, hand, inventory, hits)
        path.pop()
        new_park = park % self.route_length + 1
        landing = self.route[new_park - 1]
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
        if months < self.months_needed:
            return []
        return club_scores(self.assess, months, inventory, self.visited, self.fad, self.scorings)


def club_scores(
    assess: Assessment,
    months: int,
    inventory: tuple[int, ...],
    visited: tuple[str, ...],
    fad: str | None,
    scorings: tuple[int, ...],
) -> list[tuple[str, int]]:
    """``(destination, total)`` for every destination the Inventory qualifies for with
    ``months`` Month counters (R74-R76), totals as in R83-R88."""
    facts = assess.facts
    values = facts.values
    types = facts.card_type
    board = assess.view.rules.scoring
    out: list[tuple[str, int]] = []
    for d, dest in enumerate(DESTINATIONS):
        if dest in visited:
            continue
        basic = 0
        kinds = 0
        for c in inventory:
            v = values[c][d]
            if v > 0:
                basic += v
                kinds |= 1 << types[c]
        if not basic:
            continue
        total = (
            basic
            + board.diversity_per_type * kinds.bit_count()
            + board.endurance_per_month * max(0, months - assess.months_needed)
            + (board.fad_bonus if fad == dest else 0)
            + board.novelty_dot(dest, scorings[d])
        )
        out.append((dest, total))
    return out


def plan_turn(view: Observation, assess: Assessment, node_cap: int = NODE_CAP) -> list[Plan]:
    """Every way to finish the current turn from ``view`` (whose seat must be deciding in the
    START, PLAY or STEP_AGAIN phase), each with its value; never empty.

    Raises ``ValueError`` for another phase (the Marketplace, Club and Fad decisions are not
    turn plans).
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
