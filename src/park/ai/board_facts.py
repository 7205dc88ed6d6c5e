"""Facts about the board and the deck that the bots look up many times per decision.

Everything here depends only on the :class:`~park.engine.ruleset.Ruleset` (public material), and is
computed once per ruleset and cached.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ..engine.ruleset import Ruleset
from ..engine.terms import CARD_TYPES
from ..engine.turn_rules import SpaceEffect

TYPE_CAP = 2
"""Card counts per type are capped at this in chain look-ups (longer same-type chains are rare)."""

TypeCounts = tuple[int, int, int, int, int]
"""How many cards of each of the five card types (in ``CARD_TYPES`` order) a hand holds."""


@dataclass(eq=False)
class BoardFacts:
    """Lookups for one ruleset.

    ``number[space]``: Captain Park's number or 0 for unnumbered spaces (Club, Marketplace, Hotels,
    R58); ``shop_type[space]``: index into ``CARD_TYPES`` of the card type playable there, or -1
    (these two and ``card_type`` are the ruleset's own tables); ``neighbours``: as on the board;
    ``route_length``: how many numbers Captain Park cycles through (14); ``club``: the Club's id;
    ``card_type[c]``: type index of card ``c``; ``values[c][d]``: points of card ``c`` for
    destination index ``d`` (0 when blank); ``club_distance[space]``: fewest steps from ``space`` to
    the Club (0 in the Club), i.e. turns needed without playing cards; ``shop_distance[space][t]``:
    fewest steps from ``space`` into a shop taking card type ``t`` (a shop must be entered to be
    used, R24: standing on one counts as 2 steps, out and back); ``via_shop[space][t]``: fewest
    steps from ``space`` into such a shop and on to the Club.
    """

    rules: Ruleset
    number: dict[str, int]
    shop_type: dict[str, int]
    neighbours: dict[str, tuple[str, ...]]
    route_length: int
    club: str
    card_type: tuple[int, ...]
    values: tuple[tuple[int, ...], ...]
    club_distance: dict[str, int]
    shop_distance: dict[str, tuple[int, ...]]
    via_shop: dict[str, tuple[int, ...]]
    _chain_memo: dict[tuple[str, TypeCounts], int] = field(default_factory=dict, repr=False)
    _reach_memo: dict[tuple[str, int], tuple[float, ...]] = field(default_factory=dict, repr=False)
    tail_memo: dict[tuple[object, ...], tuple[float, ...]] = field(default_factory=dict, repr=False)
    """Cache of :func:`park.ai.park_reach.park_reach` results for this board."""
    _club_memo: dict[tuple[str, TypeCounts], int] = field(default_factory=dict, repr=False)

    def counts(self, cards: tuple[int, ...] | list[int]) -> TypeCounts:
        """The capped type counts of ``cards`` (card indexes)."""
        c = [0, 0, 0, 0, 0]
        types = self.card_type
        for card in cards:
            t = types[card]
            if c[t] < TYPE_CAP:
                c[t] += 1
        return (c[0], c[1], c[2], c[3], c[4])

    def max_chain(self, position: str, counts: TypeCounts) -> int:
        """The most cards a player on ``position`` holding ``counts`` could play in one turn.

        The longest walk of shops, each entered with a matching card still in hand (R26-R29,
        R38). 0 when no neighbouring shop takes any held card. Range 0..sum(counts).
        """
        key = (position, counts)
        memo = self._chain_memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        best = 0
        shop_type = self.shop_type
        for n in self.neighbours[position]:
            t = shop_type[n]
            if t >= 0 and counts[t] > 0:
                rest = _minus(counts, t)
                length = 1 + self.max_chain(n, rest)
                if length > best:
                    best = length
        memo[key] = best
        return best

    def chain_at_least(self, position: str, hand_size: int) -> tuple[float, ...]:
        """Chances of card-play chains for ``hand_size`` unknown cards held on ``position``.

        ``p[j]``: chance that such a hand allows a chain of at least ``j`` card plays this turn
        (:meth:`max_chain`), for ``j = 0..hand_size``, the five card types being equally likely
        (18 of each, R4). Hand sizes above :data:`HAND_SIZE_CAP` are treated as that cap.
        """
        size = min(hand_size, HAND_SIZE_CAP)
        key = (position, size)
        hit = self._reach_memo.get(key)
        if hit is not None:
            return hit
        at_least = [0.0] * (size + 1)
        kinds = len(CARD_TYPES)
        for counts, chance in _multinomial(size, kinds):
            capped = tuple(min(c, TYPE_CAP) for c in counts)
            chain = self.max_chain(position, capped)  # type: ignore[arg-type]
            for j in range(chain + 1):
                at_least[j] += chance
        result = tuple(at_least)
        self._reach_memo[key] = result
        return result

    def club_cost(self, position: str, counts: TypeCounts) -> int:
        """The fewest cards to play to enter the Club within one turn, or -1 if out of reach.

        For a player on ``position`` holding ``counts``; 0: the Club is next door (R26, A3).
        """
        key = (position, counts)
        memo = self._club_memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        club = self.club
        neighbours = self.neighbours[position]
        best = -1
        if club in neighbours:
            best = 0
        else:
            shop_type = self.shop_type
            for n in neighbours:
                t = shop_type[n]
                if t >= 0 and counts[t] > 0:
                    sub = self.club_cost(n, _minus(counts, t))
                    if sub >= 0 and (best < 0 or sub + 1 < best):
                        best = sub + 1
        memo[key] = best
        return best

    def turns_to_club(self, position: str, counts: TypeCounts) -> int:
        """Turns needed to enter the Club from ``position`` with a hand of ``counts``.

        1 if one turn's chain reaches it (:meth:`club_cost`), else the plain step distance (≥ 1).
        """
        if self.club_cost(position, counts) >= 0:
            return 1
        return max(1, self.club_distance[position])

    def distance_ahead(self, position: str, park: int) -> int:
        """How many moves Captain Park, now on ``park``, needs to land on ``position``.

        1..route_length-1 for a numbered space, 0 if he stands there, -1 if he never comes
        (Club, Marketplace, Hotels: R33, R49, A7).
        """
        n = self.number[position]
        if n == 0:
            return -1
        return (n - park) % self.route_length


HAND_SIZE_CAP = 10
"""Hands larger than this are treated as this large when estimating chains (it hardly matters)."""


def _multinomial(size: int, kinds: int) -> list[tuple[tuple[int, ...], float]]:
    """Every way ``size`` cards split among ``kinds`` equally likely types, with its chance."""
    out: list[tuple[tuple[int, ...], float]] = []
    factorial = [1.0]
    for i in range(1, size + 1):
        factorial.append(factorial[-1] * i)
    base = kinds**-size

    def split(left: int, slots: int, prefix: tuple[int, ...], weight: float) -> None:
        if slots == 1:
            out.append(((*prefix, left), weight / factorial[left] * factorial[size] * base))
            return
        for c in range(left + 1):
            split(left - c, slots - 1, (*prefix, c), weight / factorial[c])

    split(size, kinds, (), 1.0)
    return out


def _minus(counts: TypeCounts, t: int) -> TypeCounts:
    c = list(counts)
    c[t] -= 1
    return (c[0], c[1], c[2], c[3], c[4])


@cache
def board_facts(rules: Ruleset) -> BoardFacts:
    """The (cached) :class:`BoardFacts` of ``rules``."""
    board = rules.board
    shop_type = rules.shop_type
    club = next(
        (sp.id for sp in board.spaces if rules.effect[sp.id] is SpaceEffect.CLUB), board.start
    )
    distance = _distances(board.neighbours, club)
    far = 99
    ids = [sp.id for sp in board.spaces]
    steps = {a: _distances(board.neighbours, a) for a in ids}
    shop_distance: dict[str, tuple[int, ...]] = {}
    via_shop: dict[str, tuple[int, ...]] = {}
    for a in ids:
        near = [far] * len(CARD_TYPES)
        via = [far] * len(CARD_TYPES)
        for b in ids:
            t = shop_type[b]
            if t < 0:
                continue
            d = steps[a][b] if a != b else 2
            near[t] = min(near[t], d)
            via[t] = min(via[t], d + distance[b])
        shop_distance[a] = tuple(near)
        via_shop[a] = tuple(via)
    return BoardFacts(
        rules=rules,
        number=rules.park_number,
        shop_type=shop_type,
        neighbours=dict(board.neighbours),
        route_length=len(board.route),
        club=club,
        card_type=rules.type_index,
        values=rules.card_values,
        club_distance=distance,
        shop_distance=shop_distance,
        via_shop=via_shop,
    )


def _distances(neighbours: dict[str, tuple[str, ...]], origin: str) -> dict[str, int]:
    """Fewest steps from ``origin`` to every space (breadth-first search)."""
    distance = {origin: 0}
    frontier = [origin]
    while frontier:
        nxt: list[str] = []
        for here in frontier:
            for n in neighbours[here]:
                if n not in distance:
                    distance[n] = distance[here] + 1
                    nxt.append(n)
        frontier = nxt
    return distance
