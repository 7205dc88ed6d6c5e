"""Qualifying for and scoring an expedition (R73-R90), as pure functions of a state."""

from __future__ import annotations

from collections.abc import Sequence

from .ruleset import Ruleset
from .state import Expedition, GameState, SeatState
from .terms import DESTINATIONS

_DEST_INDEX = {d: i for i, d in enumerate(DESTINATIONS)}


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
    """Destinations scorable with this Inventory (card indexes), Month counters and destinations
    scored this cycle, in display order: proof for it (R74, A15), at least ``months_needed``
    (R75), not yet scored in the current cycle (R76, R77)."""
    if months < months_needed:
        return ()
    values = rules.card_values
    return tuple(
        dest
        for d, dest in enumerate(DESTINATIONS)
        if dest not in visited and any(values[c][d] > 0 for c in inventory)
    )


def qualifying_destinations(state: GameState, seat: int) -> tuple[str, ...]:
    """Destinations ``seat`` may score now, in display order: proof in the Inventory (R74), at
    least MIN Month counters (R75) and not yet scored in the current cycle (R76, R77).

    Says nothing about being in the Club: that is the caller's concern (R73).
    """
    s = state.seats[seat]
    return qualifying(state.rules, s.months, state.months_needed, s.inventory, s.visited)


def expedition_for(
    rules: Ruleset,
    seat: SeatState,
    destination: str,
    *,
    months_needed: int,
    fad: str | None,
    scored_before: int,
    turn: int = 0,
) -> Expedition:
    """The breakdown of scoring ``destination`` with ``seat``'s Inventory and Month counters.

    ``scored_before`` is how many expeditions to ``destination`` were scored before this one
    (the Novelty dot, R80, R87, A22). Worthless cards (no positive value, A15) are set aside
    first (R82) and count for neither Basic nor Diversity (A32). Endurance is never negative.
    Raises ``ValueError`` for an unknown destination.
    """
    d = destination_index(destination)
    values = rules.card_values
    kept = tuple(c for c in seat.inventory if values[c][d] > 0)
    worthless = tuple(c for c in seat.inventory if values[c][d] <= 0)
    table = rules.scoring
    basic = sum(values[c][d] for c in kept)  # R83
    diversity = table.diversity_per_type * len({rules.card_type[c] for c in kept})  # R84
    endurance = table.endurance_per_month * max(0, seat.months - months_needed)  # R85
    fad_bonus = table.fad_bonus if fad == destination else 0  # R86
    novelty = table.novelty_dot(destination, scored_before)  # R87
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
