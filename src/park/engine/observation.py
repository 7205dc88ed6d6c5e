"""What one seat may know (R103, R104, A25): its own hand and everything public, nothing else."""

from __future__ import annotations

from dataclasses import dataclass

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


def observe(state: GameState, seat: int) -> Observation:
    """What ``seat`` (0-based) may know of ``state``. Raises ``IndexError`` for a bad seat."""
    if not 0 <= seat < len(state.seats):
        raise IndexError(f"no seat {seat}: seats are 0..{len(state.seats) - 1}")
    specs = state.settings.seats
    return Observation(
        rules=state.rules,
        seat=seat,
        hand=state.seats[seat].hand,
        seats=tuple(
            PublicSeat(
                spec=specs[i],
                position=s.position,
                months=s.months,
                inventory=s.inventory,
                score=s.score,
                hand_size=len(s.hand),
                visited=s.visited,
                expeditions=s.expeditions,
            )
            for i, s in enumerate(state.seats)
        ),
        active=state.active,
        phase=state.phase,
        turn=state.turn,
        round=state.round,
        park=state.park,
        fad=state.fad,
        deck_size=len(state.deck),
        discard=state.discard,
        scorings=state.scorings,
        months_needed=state.months_needed,
        target=state.target,
        pending_draws=state.pending_draws,
        fad_choices=state.fad_choices,
        winner=state.winner,
    )
