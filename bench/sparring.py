"""Sparring partners for the AI (issue 9): hand-written bots of four styles, not shipped as levels.

Each one decides greedily, one decision at a time, from its seat's observation only (as every
bot does), with a few plain rules of thumb instead of a search:

* ``racer`` scores small and often: plays a card whenever it can, goes to the Gentlemen's Club
  as soon as it qualifies and scores whatever it can there;
* ``hoarder`` goes for one big expedition: picks the destination its cards are worth most for,
  plays only cards for it, and scores it only once it is worth ``HOARD_TARGET`` points;
* ``cycler`` lives off the Marketplace: it throws away every card it cannot use (worthless for
  the destinations it may still score this cycle, or for its chosen one) and draws new ones;
* ``pusher`` plays cards to land Captain Park on rivals who carry Month counters.

All four keep out of Captain Park's way (his space, and the numbers just ahead of him when they
carry months) and hide in a Hotel or the Marketplace when their months are worth protecting.

Run them with ``python bench/tournament.py --bots normal,racer,racer,racer`` (see there).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from park.ai.base import BotBase
from park.ai.board_facts import board_facts
from park.engine import actions as act
from park.engine.actions import Action
from park.engine.observation import Observation
from park.engine.scoring import expedition_totals
from park.engine.state import Phase
from park.engine.terms import DESTINATIONS
from park.engine.turn_rules import SpaceEffect

HOARD_TARGET = 60
"""The hoarder scores an expedition only once it is worth this many points (or it has waited
long enough: twice the Month counters needed)."""

PARK_REACH = 3
"""How many numbers ahead of Captain Park a sparring partner treats as within his reach."""


class SparringBot(BotBase):
    """The shared greedy policy; each style changes a few of its judgements (see the module)."""

    style = "sparring"
    strict = False
    """Raise ``RuntimeError`` instead of playing the first legal action when a rule of thumb
    picks an action that is not legal (a bug; the tests set it)."""
    plays_eagerly = True
    hoards = False
    aims_at_target = False
    """Whether a card counts for its target destination only (else for the best open one)."""
    dead_card_market_value = 3.0
    """What each card it cannot use makes a Marketplace visit worth."""
    pushes_park = False

    def __init__(self) -> None:
        self.level = self.style

    # -- what the seat knows -------------------------------------------------------------------

    def open_destinations(self, view: Observation) -> list[str]:
        """Destinations this seat may still score this cycle."""
        visited = view.me.visited
        left = [d for d in DESTINATIONS if d not in visited]
        return left or list(DESTINATIONS)

    def target(self, view: Observation) -> str:
        """The open destination its Inventory and hand are worth most for."""
        values = view.rules.card_values
        cards = (*view.me.inventory, *view.hand)
        open_ = self.open_destinations(view)
        return max(open_, key=lambda d: sum(values[c][DESTINATIONS.index(d)] for c in cards))

    def card_use(self, view: Observation, card: int) -> int:
        """Points ``card`` can still bring.

        For the target (the hoarder, the cycler) or for the best open destination (the
        others).
        """
        values = view.rules.card_values[card]
        if self.aims_at_target:
            return values[DESTINATIONS.index(self.target(view))]
        return max(values[DESTINATIONS.index(d)] for d in self.open_destinations(view))

    def scores(self, view: Observation, months: int) -> list[tuple[str, int]]:
        """What it could score at the Club with ``months`` Month counters."""
        me = view.me
        return expedition_totals(
            view.rules,
            months,
            view.months_needed,
            me.inventory,
            me.visited,
            view.fad,
            view.scorings,
        )

    def wants_to_score(self, view: Observation, months: int) -> bool:
        options = self.scores(view, months)
        if not options:
            return False
        if not self.hoards:
            return True
        best = max(total for _, total in options)
        return best >= HOARD_TARGET or months >= 2 * view.months_needed

    def danger(self, view: Observation, space: str) -> float:
        """0..1: how likely Captain Park catches it on ``space`` before its next turn."""
        rules = view.rules
        if space == view.park_space:
            return 1.0
        number = rules.park_number[space]
        if number == 0:
            return 0.0
        route = len(rules.board.route)
        ahead = (number - view.park) % route
        return 0.5 if 1 <= ahead <= PARK_REACH else 0.0

    # -- decisions -----------------------------------------------------------------------------

    def choose(self, view: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        """The action this style takes (one of ``legal``)."""
        if len(legal) == 1:
            return legal[0]
        other_decisions = {
            Phase.PLAY: self.play,
            Phase.MARKET: self.market,
            Phase.CLUB: self.club,
            Phase.FAD: self.fad,
        }
        decide = other_decisions.get(view.phase)
        pick = decide(view, legal) if decide else self.step(view, legal, rng)
        if pick in legal:
            return pick
        if self.strict:
            raise RuntimeError(f"{self.style} chose {pick}, which is not legal")
        return legal[0]

    def step(self, view: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        """The step (or staying put) to the space worth most by its rules of thumb."""
        rules, me = view.rules, view.me
        to_club = board_facts(rules).club_distance
        scoring_now = self.wants_to_score(view, me.months)
        best: tuple[float, Action] | None = None
        for action in legal:
            space = action.space if isinstance(action, act.Step) else me.position
            value = self.space_value(view, space, scoring_now) + rng.random() * 0.01
            if isinstance(action, act.Stay):
                value = -1.0 - (me.months + 1) * 6 * (space == view.park_space)
            elif not scoring_now:  # a little lookahead: shops where a held card fits
                value += 0.3 * max(
                    (self.shop_value(view, n) for n in rules.board.neighbours[space]), default=0
                )
            if scoring_now:
                value -= 5 * to_club[space]
            value -= self.danger(view, space) * (me.months + 1) * 6
            if best is None or value > best[0]:
                best = (value, action)
        assert best is not None
        return best[1]

    def shop_value(self, view: Observation, space: str) -> float:
        """What a visit to ``space`` is worth if it is a shop.

        The best use of a held card that fits it (0 for any other space).
        """
        rules = view.rules
        if rules.effect[space] is not SpaceEffect.SHOP:
            return 0.0
        kind = rules.shop_type[space]
        uses = [self.card_use(view, c) for c in view.hand if rules.type_index[c] == kind]
        return float(max(uses, default=0))

    def space_value(self, view: Observation, space: str, scoring_now: bool) -> float:
        """What stepping into ``space`` does for this style, before Captain Park's risk."""
        effect = view.rules.effect[space]
        if effect is SpaceEffect.CLUB:
            return 40.0 if scoring_now else -4.0  # ending a turn there clears the months
        if effect is SpaceEffect.SHOP:
            use = self.shop_value(view, space)
            return use + 5 if use > 0 else -2.0
        if effect is SpaceEffect.CAFE:
            return 3.0 if len(view.hand) < 6 else 0.5
        if effect is SpaceEffect.MARKETPLACE:
            dead = sum(1 for c in view.hand if self.card_use(view, c) == 0)
            return dead * self.dead_card_market_value
        return 1.0  # a Hotel: safe, and nothing else

    def play(self, view: Observation, legal: Sequence[Action]) -> Action:
        """Play a useful card, never one that lands Captain Park on itself.

        Play a useful card (the most useful; for the pusher, one that sends Captain Park
        onto a rival with months), never one that lands him on itself.
        """
        rules, me = view.rules, view.me
        next_space = rules.park_moves[view.park][1] if view.park else ""
        lands_on_me = next_space == me.position
        best: tuple[float, Action] = (0.0, act.SkipPlay())
        for action in legal:
            if not isinstance(action, act.PlayCard):
                continue
            use = self.card_use(view, rules.card_index[action.card])
            value = float(use) if (self.plays_eagerly or use >= 4) else -1.0
            if self.pushes_park:
                victims = sum(
                    s.months
                    for i, s in enumerate(view.seats)
                    if i != view.seat and s.position == next_space
                )
                value += 3 * victims
            if lands_on_me and me.months > 0:
                value -= 10 + 3 * me.months
            if value > best[0]:
                best = (value, action)
        return best[1]

    def market(self, view: Observation, legal: Sequence[Action]) -> Action:
        """Throw away a card it cannot use, then finish."""
        for action in legal:
            if (
                isinstance(action, act.Discard)
                and self.card_use(view, view.rules.card_index[action.card]) == 0
            ):
                return action
        return act.FinishExchange()

    def club(self, view: Observation, legal: Sequence[Action]) -> Action:
        """Score the best total, unless this style would rather wait."""
        options = [(total, act.Score(d)) for d, total in self.scores(view, view.me.months)]
        if not options or not self.wants_to_score(view, view.me.months):
            return act.DeclineScore()
        return max(options, key=lambda o: o[0])[1]

    def fad(self, view: Observation, legal: Sequence[Action]) -> Action:
        """The tied Fad its own cards are worth most for."""
        values = view.rules.card_values
        cards = (*view.me.inventory, *view.hand)

        def worth(action: Action) -> int:
            if not isinstance(action, act.ChooseFad):
                return -1
            d = DESTINATIONS.index(action.destination)
            return sum(values[c][d] for c in cards)

        return max(legal, key=worth)


class Racer(SparringBot):
    """Scores small and often (see the module)."""

    style = "racer"


class Hoarder(SparringBot):
    """Goes for one big expedition (see the module)."""

    style = "hoarder"
    plays_eagerly = False
    hoards = True
    aims_at_target = True


class Cycler(SparringBot):
    """Lives off the Marketplace (see the module)."""

    style = "cycler"
    aims_at_target = True
    dead_card_market_value = 5.0


class Pusher(SparringBot):
    """Plays cards to land Captain Park on rivals (see the module)."""

    style = "pusher"
    pushes_park = True


def make_racer() -> SparringBot:
    """A racer (``--bots ...,racer``)."""
    return Racer()


def make_hoarder() -> SparringBot:
    """A hoarder (``--bots ...,hoarder``)."""
    return Hoarder()


def make_cycler() -> SparringBot:
    """A Marketplace cycler (``--bots ...,cycler``)."""
    return Cycler()


def make_pusher() -> SparringBot:
    """A Park-pusher (``--bots ...,pusher``)."""
    return Pusher()
