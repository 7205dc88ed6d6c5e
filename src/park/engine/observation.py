"""What one seat may know (R103, R104, A25): its own hand and everything public, nothing else."""

from __future__ import annotations

from dataclasses import dataclass, fields
from operator import attrgetter

from .ruleset import Ruleset
from .state import Expedition, GameState, Phase, SeatSpec


@dataclass(frozen=True, slots=True)
class PublicSeat:
    """A seat as everyone sees it: pawn, Month counters (R17), Inventory face up (R40), score,
    hand size (never contents, R104), destinations scored this cycle and expeditions so far."""

    spec: SeatSpec
    position: str
    months: int
    inventory: tuple[int, ...]
    score: int
    hand_size: int
    visited: tuple[str, ...]
    expeditions: tuple[Expedition, ...]


@dataclass(frozen=True, slots=True)
class Observation:
    """The game from ``seat``'s chair.

    ``hand`` is that seat's own hand (card indexes into ``rules.cards``); ``seats`` the public
    view of every seat; ``discard`` the public discard pile (top last); ``deck_size`` how many
    cards are face down. No other hand, no deck order and no seed appear here.
    """

    rules: Ruleset
    seat: int
    hand: tuple[int, ...]
    seats: tuple[PublicSeat, ...]
    active: int
    phase: Phase
    turn: int
    round: int
    park: int
    fad: str | None
    deck_size: int
    discard: tuple[int, ...]
    scorings: tuple[int, ...]
    months_needed: int
    target: int
    pending_draws: int
    fad_choices: tuple[str, ...]
    winner: int | None

    @property
    def me(self) -> PublicSeat:
        """This seat's public view."""
        return self.seats[self.seat]

    @property
    def park_space(self) -> str:
        """The id of the space Captain Park stands on."""
        return self.rules.board.park_space(self.park)

    @property
    def my_turn(self) -> bool:
        """Whether this seat must decide now."""
        return self.active == self.seat and self.phase is not Phase.OVER


_OWN_FIELDS = ("seat", "hand", "seats", "deck_size")
"""Observation fields made for the seat: which seat, its hand, the seats' public view, the
deck's size (not its order)."""
SHARED_FIELDS: tuple[str, ...] = tuple(
    f.name for f in fields(Observation) if f.name not in _OWN_FIELDS
)
"""Observation fields that hold the :class:`GameState` attribute of the same name as it is:
public to every seat (R103)."""
_shared_values = attrgetter(*SHARED_FIELDS)

SEAT_SHARED_FIELDS: tuple[str, ...] = tuple(
    f.name for f in fields(PublicSeat) if f.name not in ("spec", "hand_size")
)
"""PublicSeat fields that hold the :class:`SeatState` field of the same name as it is: the
pawn, Month counters, Inventory, score and expeditions are public (R17, R40)."""
_seat_shared_values = attrgetter(*SEAT_SHARED_FIELDS)


def observe(state: GameState, seat: int) -> Observation:
    """What ``seat`` (0-based) may know of ``state``. Raises ``IndexError`` for a bad seat."""
    if not 0 <= seat < len(state.seats):
        raise IndexError(f"no seat {seat}: seats are 0..{len(state.seats) - 1}")
    specs = state.settings.seats
    seats = tuple(
        PublicSeat(
            spec=specs[i],
            hand_size=len(s.hand),
            **dict(zip(SEAT_SHARED_FIELDS, _seat_shared_values(s), strict=True)),
        )
        for i, s in enumerate(state.seats)
    )
    return Observation(
        seat=seat,
        hand=state.seats[seat].hand,
        seats=seats,
        deck_size=len(state.deck),
        **dict(zip(SHARED_FIELDS, _shared_values(state), strict=True)),
    )
