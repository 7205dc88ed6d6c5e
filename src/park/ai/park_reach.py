"""How far Captain Park may move before a seat's next turn.

From the rivals' hand sizes and positions, the chance that he lands ``d`` numbers ahead of
where he stands (R59, R62; the rulebook's strategy advice, A25).

Uses public facts only (R104): the hard level's rollouts and the normal level's evaluation
call it at every decision, so its results are cached per board.
"""

from __future__ import annotations

from ..engine.observation import Observation
from .board_facts import BoardFacts
from .weights import Weights


def park_reach(view: Observation, facts: BoardFacts, weights: Weights) -> tuple[float, ...]:
    """``tail[d]``: chance that Captain Park moves at least ``d`` times (0..route length).

    That is, before ``view``'s seat plays again, i.e. that he lands on the space ``d`` numbers
    ahead of him (R59, R62). Each rival's possible card plays come from the longest chain of
    shops a hand of their size could play at from their position (how far Park could go, as
    the rulebook's strategy advice has players estimate it, A25), times ``threat_first`` for
    the first play and ``threat_more`` for each further one (rivals do not always chain as far
    as they could).
    Uses public facts only: positions and hand sizes (R104).
    """
    length = facts.route_length
    n = len(view.seats)
    rivals = tuple(
        (view.seats[(view.seat + k) % n].position, view.seats[(view.seat + k) % n].hand_size)
        for k in range(1, n)
    )
    key = (rivals, weights.threat_first, weights.threat_more)
    cache = facts.tail_memo
    hit = cache.get(key)
    if hit is not None:
        return hit
    dist = [1.0]
    for position, size in rivals:
        if size <= 0:
            continue
        at_least = facts.chain_at_least(position, size)
        ge = [1.0]
        factor = weights.threat_first
        for j in range(1, len(at_least)):
            ge.append(at_least[j] * factor)
            factor *= weights.threat_more
        ge.append(0.0)
        plays = [ge[j] - ge[j + 1] for j in range(len(ge) - 1)]
        combined = [0.0] * (len(dist) + len(plays) - 1)
        for i, p in enumerate(dist):
            if p:
                for j, q in enumerate(plays):
                    combined[i + j] += p * q
        dist = combined
    tail = [0.0] * (length + 1)
    running = 0.0
    for d in range(len(dist) - 1, -1, -1):
        running += dist[d]
        if d <= length:
            tail[d] = running
    # Tuples of numbers only: the garbage collector stops tracking them, so a big cache does
    # not lengthen its pauses (which would blow the hard level's time budget).
    result = tuple(tail)
    if len(cache) >= TAIL_CACHE_SIZE:
        cache.clear()
    cache[key] = result
    return result


TAIL_CACHE_SIZE = 20_000
"""Park-reach results remembered per board (cleared when full)."""
