"""Qualifying for and scoring an expedition (R73-R90), as pure functions of a state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .ruleset import Ruleset
from .scoring_board import ScoringBoard
from .state import Expedition, GameState
from .terms import DESTINATIONS

_DEST_INDEX = {d: i for i, d in enumerate(DESTINATIONS)}


class Expeditioner(Protocol):
    """What scoring reads of a seat: its Month counters and its Inventory (card indexes).

    A :class:`SeatState` is one; so is the engine's changeable table seat.
    """

    @property
    def months(self) -> int: ...

    @property
    def inventory(self) -> Sequence[int]: ...


def destination_index(destination: str) -> int:
    """Position of ``destination`` in ``DESTINATIONS``. Raises ``ValueError`` if unknown."""
    try:
        return _DEST_INDEX[destination]
    except KeyError:
        raise ValueError(
            f"unknown destination {destination!r}; expected one of {', '.join(DESTINATIONS)}"
        ) from None


def qualifying(
    rules: Ruleset,
    months: int,
    months_needed: int,
    inventory: Sequence[int],
    visited: Sequence[str],
) -> tuple[str, ...]:
    """Destinations scorable with this Inventory, Month counters and destinations scored this cycle.

    The Inventory is given as card indexes. The destinations come in display order: proof for it
    (R74, A15), at least ``months_needed`` (R75), not yet scored in the current cycle (R76, R77).
    """
    if months < months_needed:
        return ()
    values = rules.card_values
    return tuple(
        dest
        for d, dest in enumerate(DESTINATIONS)
        if dest not in visited and any(values[c][d] > 0 for c in inventory)
    )


def qualifying_destinations(state: GameState, seat: int) -> tuple[str, ...]:
    """Destinations ``seat`` may score now, in display order.

    That is: proof in the Inventory (R74), at least MIN Month counters (R75) and not yet scored in
    the current cycle (R76, R77).

    Says nothing about being in the Club: that is the caller's concern (R73).
    """
    s = state.seats[seat]
    return qualifying(state.rules, s.months, state.months_needed, s.inventory, s.visited)


def proof(rules: Ruleset, inventory: Sequence[int], d: int) -> tuple[int, int]:
    """The Inventory's (card indexes) proof for ``DESTINATIONS[d]``.

    Returns:
        The Basic score, the sum of the cards' positive values there (R83), and a bit mask of
        those cards' types, whose count is the Diversity bonus's (R84). Worthless cards count for
        neither (R82, A32).
    """
    values = rules.card_values
    types = rules.type_index
    basic = 0
    kinds = 0
    for c in inventory:
        v = values[c][d]
        if v > 0:
            basic += v
            kinds |= 1 << types[c]
    return basic, kinds


def bonuses(
    scoring: ScoringBoard,
    destination: str,
    *,
    types: int,
    months: int,
    months_needed: int,
    fad: str | None,
    scored_before: int,
) -> tuple[int, int, int, int]:
    """The four bonuses of an expedition to ``destination``, in points (R84-R87).

    Args:
        types: the distinct card types of its counted cards.
        months: its Month counters.
        months_needed: MIN.
        fad: the destination the Fad is on.
        scored_before: the expeditions there already.

    Returns:
        ``(diversity, endurance, fad, novelty)`` in points (R84-R87). Endurance is never negative.
    """
    return (
        scoring.diversity_per_type * types,  # R84
        scoring.endurance_per_month * max(0, months - months_needed),  # R85
        scoring.fad_bonus if fad == destination else 0,  # R86
        scoring.novelty_dot(destination, scored_before),  # R87
    )


def expedition_for(
    rules: Ruleset,
    seat: Expeditioner,
    destination: str,
    *,
    months_needed: int,
    fad: str | None,
    scored_before: int,
    turn: int = 0,
) -> Expedition:
    """The breakdown of scoring ``destination`` with ``seat``'s Inventory and Month counters.

    ``seat`` is a :class:`SeatState` or anything with ``months`` and ``inventory``.

    ``scored_before`` is how many expeditions to ``destination`` were scored before this one (the
    Novelty dot, R80, R87, A22). Worthless cards (no positive value, A15) are set aside first (R82)
    and count for neither Basic nor Diversity (A32). Endurance is never negative.

    Raises:
        ValueError: for an unknown destination.
    """
    d = destination_index(destination)
    values = rules.card_values
    kept = tuple(c for c in seat.inventory if values[c][d] > 0)
    worthless = tuple(c for c in seat.inventory if values[c][d] <= 0)
    basic, kinds = proof(rules, kept, d)
    diversity, endurance, fad_bonus, novelty = bonuses(
        rules.scoring,
        destination,
        types=kinds.bit_count(),
        months=seat.months,
        months_needed=months_needed,
        fad=fad,
        scored_before=scored_before,
    )
    return Expedition(
        destination=destination,
        months=seat.months,
        basic=basic,
        diversity=diversity,
        endurance=endurance,
        fad=fad_bonus,
        novelty=novelty,
        total=basic + diversity + endurance + fad_bonus + novelty,  # R88
        cards=kept,
        worthless=worthless,
        turn=turn,
    )


def expedition_totals(
    rules: Ruleset,
    months: int,
    months_needed: int,
    inventory: Sequence[int],
    visited: Sequence[str],
    fad: str | None,
    scorings: Sequence[int],
) -> list[tuple[str, int]]:
    """``(destination, total points)`` for every destination the Inventory qualifies for.

    The Inventory is given as card indexes, with ``months`` Month counters and ``visited`` scored
    this cycle (R74-R77); the destinations come in display order; ``scorings[d]`` is the expeditions
    scored so far per destination. The totals are those :func:`expedition_for` and
    :func:`score_preview` give (R82-R88), as integers, without building the breakdown (the AI's
    planner calls this in its search).
    """
    scoring = rules.scoring
    out: list[tuple[str, int]] = []
    for dest in qualifying(rules, months, months_needed, inventory, visited):
        d = _DEST_INDEX[dest]
        basic, kinds = proof(rules, inventory, d)
        parts = bonuses(
            scoring,
            dest,
            types=kinds.bit_count(),
            months=months,
            months_needed=months_needed,
            fad=fad,
            scored_before=scorings[d],
        )
        out.append((dest, basic + sum(parts)))  # R88
    return out


def score_preview(state: GameState, destination: str, seat: int | None = None) -> Expedition:
    """What ``seat`` (default: the active seat) would score for ``destination`` right now.

    The five parts of the score (R83-R87) with the cards that count and those that would be
    discarded as worthless. It does not check qualification (see ``qualifying_destinations``).
    Raises ``ValueError`` for an unknown destination.
    """
    who = state.active if seat is None else seat
    return expedition_for(
        state.rules,
        state.seats[who],
        destination,
        months_needed=state.months_needed,
        fad=state.fad,
        scored_before=state.scorings[destination_index(destination)],
        turn=state.turn,
    )
