"""How the heuristic bots judge a position at the end of their turn.

An :class:`Assessment` is built once per decision from the seat's :class:`Observation` (and
nothing else). It estimates how far Captain Park may move before the seat's next turn (from
the hand sizes and positions of the rivals and the cards the seat cannot see), what each
destination is worth, and what each rival would lose if Park landed on them. Its
:meth:`Assessment.value` scores one end-of-turn position in points.

The value is ``gained + expedition + fuel + damage + exchange``:

- ``gained``: points scored this turn (R88), plus ``rate * MIN``: after scoring, the next
  expedition starts at once, while one still in progress must finish before the next can
  start, so a position that has scored is ahead by the turns the next one would wait. Reaching
  the target (R99) dominates everything;
- ``expedition``: the expedition in progress, ``X - rate * t``: ``X`` is its potential (Basic +
  Diversity + expected Novelty and Fad bonus, R82-R87) plus the Endurance bonus at arrival,
  ``t`` the turns until the seat can score it (enough Month counters, R75, and the Club within
  reach: one turn if a chain of held cards gets there, R26, A3), and ``rate`` the points a turn
  is worth in this race. Captain Park may land on the seat before its next turn (R62), and on
  each later turn it ends on a numbered space on the way to the Club; a landing resets the
  months and so lengthens ``t``. Hotels and the Marketplace are safe (R33, R49);
- ``fuel``: cards in hand, with diminishing returns (they pay for extra steps, R26);
- ``damage``: what rivals lost because Park landed on them this turn (R62, A8);
- ``exchange``: the expected gain of a Marketplace exchange about to happen (R46, R47).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.observation import Observation
from ..engine.terms import DESTINATIONS
from .board_facts import BoardFacts, board_facts
from .determinize import unseen_cards
from .park_reach import park_reach
from .weights import Weights

WIN_VALUE = 1_000_000.0
"""Value of reaching the target score this turn (R99): more than anything else."""


REACH = (1.0, 1.0, 0.85, 0.7, 0.55, 0.45)
"""Share of a hand card's points counted when its shop is 0..5+ steps away (R24: a shop is used
only when entered)."""


class Assessment:
    """Everything a heuristic bot needs to value end-of-turn positions at one decision.

    Built from ``view`` (the seat's observation) only, deterministically.
    """

    def __init__(self, view: Observation, weights: Weights) -> None:
        facts = board_facts(view.rules)
        self.facts: BoardFacts = facts
        self.view = view
        self.weights = weights
        self.seat = view.seat
        me = view.seats[view.seat]
        self.me = me
        self.months_needed = view.months_needed
        self.target = view.target
        scoring = view.rules.scoring
        self.diversity = scoring.diversity_per_type
        self.endurance = scoring.endurance_per_month
        self.available: tuple[int, ...] = tuple(
            d for d, dest in enumerate(DESTINATIONS) if dest not in me.visited
        )
        fad_points = scoring.fad_bonus
        self.bonus: list[float] = []
        for d, dest in enumerate(DESTINATIONS):
            novelty = scoring.novelty_dot(dest, view.scorings[d]) * weights.novelty_share
            fad_share = weights.fad_kept if view.fad == dest else weights.fad_new
            self.bonus.append(novelty + fad_points * fad_share)
        self.unseen: list[int] = unseen_cards(view)
        self.hit_tail: tuple[float, ...] = park_reach(view, facts, weights)
        length = facts.route_length
        self.exposure = min(
            1.0, weights.risk_aversion * sum(self.hit_tail[1:length]) / max(1, length - 1)
        )
        """Chance of a Park landing per turn ended on a numbered space, Park's place unknown."""
        self.rival_loss: list[float] = [self._rival_loss(i) for i in range(len(view.seats))]
        fuel = [0.0]
        step = weights.card_value
        for _ in range(40):
            fuel.append(fuel[-1] + step)
            step *= weights.card_decay
        self.fuel = fuel
        self._mean_memo: dict[tuple[tuple[int, ...], int], float] = {}
        self._unseen_memo: dict[int, tuple[list[int], list[int], float]] = {}
        self._inventory_memo: dict[tuple[int, ...], list[tuple[int, int]]] = {}
        self._hand_memo: dict[tuple[int, ...], list[list[tuple[int, int]]]] = {}
        self._turns_memo: dict[tuple[str, tuple[int, ...]], int] = {}
        self._unseen_open: float | None = None
        self._best_open: dict[int, int] = {}
        self._potential_memo: dict[
            tuple[tuple[int, ...], tuple[int, ...], str], tuple[float, int, int]
        ] = {}
        self.reach = REACH

    # -- expeditions -------------------------------------------------------------------------

    def potential(
        self, inventory: tuple[int, ...], hand: tuple[int, ...], position: str
    ) -> tuple[float, int, int]:
        """The best expedition in progress as ``(points, destination index, hand type)``.

        ``(0.0, -1, -1)`` if neither the Inventory nor the hand is worth anything for an
        available destination. ``hand type`` is -1 when the Inventory already holds proof for
        the destination (R74), else the card type of the hand card to play first.

        Points: Basic + Diversity of the Inventory cards worth something there (R82-R84), plus
        ``hand_share`` of what the best hand cards would add (less for cards whose shop is far
        from ``position``), plus the expected Novelty and Fad bonuses (R86, R87). Endurance is
        not included. Only destinations not yet scored in the current cycle count (R76).
        """
        key = (inventory, hand, position)
        memo = self._potential_memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        inventory_parts = self._inventory_parts(inventory)
        hand_parts = self._hand_parts(hand) if hand else None
        distance = self.facts.shop_distance[position]
        best = 0.0
        best_d = -1
        best_type = -1
        for d in self.available:
            points, first_type = self._points(
                inventory_parts[d], hand_parts[d] if hand_parts else (), distance, self.bonus[d]
            )
            if points > best:
                best = points
                best_d = d
                best_type = first_type
        result = (best, best_d, best_type)
        memo[key] = result
        return result

    def destination_points(
        self,
        inventory: tuple[int, ...],
        hand: tuple[int, ...],
        d: int,
        position: str,
        bonus: float | None = None,
    ) -> tuple[float, int]:
        """The expedition potential for destination index ``d`` and the hand type to play first.

        See :meth:`potential`; ``bonus`` (expected Novelty + Fad) replaces this seat's estimate
        if given.
        """
        return self._points(
            self._inventory_parts(inventory)[d],
            self._hand_parts(hand)[d] if hand else (),
            self.facts.shop_distance[position],
            self.bonus[d] if bonus is None else bonus,
        )

    def _points(
        self,
        inventory_part: tuple[int, int],
        hand_part: Sequence[tuple[int, int]],
        distance: tuple[int, ...],
        bonus: float,
    ) -> tuple[float, int]:
        """Potential of one destination from its parts.

        The parts: its Inventory part ``(points, type mask)``, its counted hand cards
        ``(points, type)`` and the shop distances from the position.
        """
        diversity = self.diversity
        basic, kinds = inventory_part
        inv_kinds = kinds
        extra = 0.0
        first_type = -1
        nearest = 99
        reach = self.reach
        for v, t in hand_part:
            bit = 1 << t
            steps = distance[t]
            extra += (v + (diversity if not kinds & bit else 0)) * reach[min(steps, 5)]
            kinds |= bit
            if steps < nearest:
                nearest = steps
                first_type = t
        share = self.weights.hand_share
        if basic:
            return basic + diversity * inv_kinds.bit_count() + share * extra + bonus, -1
        if extra:
            return share * (extra + bonus), first_type
        return 0.0, -1

    def _inventory_parts(self, inventory: tuple[int, ...]) -> list[tuple[int, int]]:
        """Per destination: the Inventory's points there and a bit mask of its card types."""
        parts = self._inventory_memo.get(inventory)
        if parts is None:
            values = self.facts.values
            types = self.facts.card_type
            parts = []
            for d in range(len(DESTINATIONS)):
                basic = 0
                kinds = 0
                for c in inventory:
                    v = values[c][d]
                    if v:
                        basic += v
                        kinds |= 1 << types[c]
                parts.append((basic, kinds))
            self._inventory_memo[inventory] = parts
        return parts

    def _hand_parts(self, hand: tuple[int, ...]) -> list[list[tuple[int, int]]]:
        """Per destination: the (points, type) of the hand cards counted there, best first."""
        parts = self._hand_memo.get(hand)
        if parts is None:
            values = self.facts.values
            types = self.facts.card_type
            counted = self.weights.hand_cards_counted
            parts = [
                sorted(((values[c][d], types[c]) for c in hand if values[c][d]), reverse=True)[
                    :counted
                ]
                for d in range(len(DESTINATIONS))
            ]
            self._hand_memo[hand] = parts
        return parts

    def turns_to_club(self, position: str, hand: tuple[int, ...]) -> int:
        """Turns (≥ 1) this seat needs to enter the Club from ``position`` with ``hand``."""
        key = (position, hand)
        turns = self._turns_memo.get(key)
        if turns is None:
            facts = self.facts
            turns = self._turns_memo[key] = facts.turns_to_club(position, facts.counts(hand))
        return turns

    def expedition(self, pot: float, months: int, hit_now: float, turns: int) -> float:
        """Value of an expedition in progress worth ``pot``, relative to scoring at once.

        With ``months`` Month counters at the end of this turn, a ``hit_now`` chance of a Park
        landing before the next turn, and the Club ``turns`` (≥ 1) turns away (see the module
        docstring). May be negative: it is relative to scoring at once.
        """
        needed = self.months_needed
        rate = self.weights.rate
        t = max(turns, needed - months)
        endurance = self.endurance * max(0, months + t - needed) if pot > 0 else 0
        made = pot + endurance - rate * t
        safe = (1.0 - hit_now) * (1.0 - self.exposure) ** (turns - 1)
        if safe >= 1.0:
            return made
        t_reset = max(turns, needed)
        reset = pot - rate * t_reset
        return safe * made + (1.0 - safe) * reset

    def hit_chance(self, position: str, park: int) -> float:
        """Chance (0..1) that Captain Park, now on ``park``, lands on ``position``.

        The landing counted is before this seat's next turn (R62); 0 for the Club, the
        Marketplace and the Hotels.
        """
        ahead = self.facts.distance_ahead(position, park)
        if ahead < 0:
            return 0.0
        if ahead == 0:
            return 1.0
        return min(1.0, self.hit_tail[ahead] * self.weights.risk_aversion)

    def value(
        self,
        position: str,
        park: int,
        months: int,
        hand: tuple[int, ...],
        inventory: tuple[int, ...],
        *,
        draws: int = 0,
        gained: int = 0,
        hits: int = 0,
        exchange: float = 0.0,
    ) -> float:
        """Value in points of ending the turn like this (see the module docstring).

        ``months`` are those left after the end-of-turn checks (R52, R66); ``draws`` cards still
        to be drawn (unknown); ``gained`` points scored this turn; ``hits`` a bit mask of rival
        seats whose Month counters Park cleared this turn; ``exchange`` the expected gain of a
        coming Marketplace exchange.
        """
        if gained and self.me.score + gained >= self.target:
            return WIN_VALUE + gained
        pot, dest, first_type = self.potential(inventory, hand, position)
        turns = self.turns_to_club(position, hand)
        if first_type >= 0:  # no proof yet (R74): a card must be played on the way
            turns = max(turns, self.facts.via_shop[position][first_type])
        expedition = self.expedition(pot, months, self.hit_chance(position, park), turns)
        total = expedition + self.fuel[min(len(hand) + draws, 40)] + exchange
        if draws:
            total += draws * self.mean_unseen_worth(inventory, dest)
        if gained:
            # A scored expedition frees the Month clock: the next one starts now, where an
            # expedition still in progress must first finish (see the module docstring).
            total += gained + self.weights.rate * self.months_needed
        if hits:
            seat = 0
            while hits:
                if hits & 1:
                    total += self.rival_loss[seat]
                hits >>= 1
                seat += 1
        return total

    # -- cards ----------------------------------------------------------------------------------

    def card_worth(self, card: int, inventory: tuple[int, ...], destination: int) -> float:
        """What holding ``card`` is worth toward the expedition to ``destination``.

        ``destination`` is an index, or -1 when no expedition is under way. On top of
        ``inventory``: its points and any new card type (R83, R84) times ``hand_share``. A card
        worthless there is worth a quarter of its best value for a destination still open this
        cycle (R76): a later expedition may use it. With no expedition under way, the best open
        destination counts at 60%.
        """
        values = self.facts.values[card]
        share = self.weights.hand_share
        if destination >= 0 and values[destination]:
            t = self.facts.card_type[card]
            new_type = all(
                self.facts.card_type[c] != t or not self.facts.values[c][destination]
                for c in inventory
            )
            return share * (values[destination] + (self.diversity if new_type else 0))
        best_open = self._best_open.get(card)
        if best_open is None:
            best_open = self._best_open[card] = max((values[d] for d in self.available), default=0)
        if destination < 0:
            return 0.6 * share * (best_open + self.diversity) if best_open else 0.0
        return 0.25 * share * best_open

    def exchange_gain(
        self, hand: tuple[int, ...], inventory: tuple[int, ...], position: str
    ) -> float:
        """Expected gain of the best Marketplace exchange with this hand (R46, R47).

        For each card worth less than an average unseen card by more than ``exchange_margin``,
        the difference.
        """
        if not hand or not self.unseen:
            return 0.0
        _, dest, _ = self.potential(inventory, hand, position)
        mean = self.mean_unseen_worth(inventory, dest)
        margin = self.weights.exchange_margin
        gain = 0.0
        for c in hand:
            diff = mean - self.card_worth(c, inventory, dest) - margin
            if diff > 0:
                gain += diff
        return gain

    def mean_unseen_worth(self, inventory: tuple[int, ...], destination: int) -> float:
        """Average :meth:`card_worth` of a card this seat cannot see (a fresh draw)."""
        unseen = self.unseen
        if not unseen:
            return 0.0
        key = (inventory, destination)
        hit = self._mean_memo.get(key)
        if hit is not None:
            return hit
        if destination < 0:
            if self._unseen_open is None:
                self._unseen_open = sum(self.card_worth(c, (), -1) for c in unseen)
            total = self._unseen_open
        else:
            sums, counts, rest = self._unseen_by_type(destination)
            values = self.facts.values
            types = self.facts.card_type
            held = 0
            for c in inventory:
                if values[c][destination]:
                    held |= 1 << types[c]
            share = self.weights.hand_share
            total = rest
            for t in range(len(sums)):
                total += share * sums[t]
                if not held & (1 << t):
                    total += share * self.diversity * counts[t]
        hit = self._mean_memo[key] = total / len(unseen)
        return hit

    def _unseen_by_type(self, destination: int) -> tuple[list[int], list[int], float]:
        """The unseen cards' worth for ``destination``.

        For the unseen cards worth something for ``destination``: their points and count per
        card type; plus the summed worth of the other unseen cards (see :meth:`card_worth`).
        """
        cached = self._unseen_memo.get(destination)
        if cached is not None:
            return cached
        values = self.facts.values
        types = self.facts.card_type
        sums = [0] * 5
        counts = [0] * 5
        rest = 0.0
        for c in self.unseen:
            v = values[c][destination]
            if v:
                sums[types[c]] += v
                counts[types[c]] += 1
            else:
                rest += self.card_worth(c, (), destination)
        result = (sums, counts, rest)
        self._unseen_memo[destination] = result
        return result

    # -- rivals ---------------------------------------------------------------------------------

    def _rival_loss(self, seat: int) -> float:
        """What this seat gains (points) if Park clears rival ``seat``'s Month counters now."""
        if seat == self.seat:
            return 0.0
        rival = self.view.seats[seat]
        if rival.months <= 0:
            return 0.0
        w = self.weights
        values = self.facts.values
        types = self.facts.card_type
        pot = 0.0
        for d, dest in enumerate(DESTINATIONS):
            if dest in rival.visited:
                continue
            basic = 0
            kinds = 0
            for c in rival.inventory:
                if values[c][d]:
                    basic += values[c][d]
                    kinds |= 1 << types[c]
            if basic:
                pot = max(pot, basic + self.diversity * kinds.bit_count() + self.bonus[d])
        # unseen hand cards add to any expedition
        pot += w.hand_share * 4.0 * min(rival.hand_size, w.hand_cards_counted)
        turns = max(1, self.facts.club_distance[rival.position])
        loss = self.expedition(pot, rival.months, 0.0, turns) - self.expedition(pot, 0, 0.0, turns)
        if loss <= 0:
            return 0.0
        endurance = self.endurance * max(0, rival.months + 1 - self.months_needed)
        share = w.rival_damage
        leader = max(s.score for i, s in enumerate(self.view.seats) if i != self.seat)
        if rival.score + pot + endurance >= self.target:
            share = w.rival_damage_threat
        elif rival.score == leader and rival.score >= self.me.score:
            share = w.rival_damage_leader
        return share * loss
