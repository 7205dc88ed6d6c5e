"""What one seat may know (R103, R104, A25): its own hand and everything public, nothing else."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from operator import attrgetter

from .ruleset import Ruleset
from .state import Expedition, GameState, Options, Phase, SeatSpec, SeatState, Settings


@dataclass(frozen=True, slots=True)
class PublicSeat:
    """A seat as everyone sees it.

    That is: pawn, Month counters (R17), Inventory face up (R40), score, hand size (never contents,
    R104), destinations scored this cycle and expeditions so far.

    The fields up to ``expeditions`` are those of :class:`SeatState` but the hand, in its order
    (``observe`` copies them by name); then who sits there and how many cards they hold.
    """

    position: str
    months: int
    inventory: tuple[int, ...]
    score: int
    visited: tuple[str, ...]
    expeditions: tuple[Expedition, ...]
    spec: SeatSpec
    hand_size: int


@dataclass(frozen=True, slots=True)
class Observation:
    """The game from ``seat``'s chair.

    ``hand`` is that seat's own hand (card indexes into ``rules.cards``); ``seats`` the public
    view of every seat; ``discard`` the public discard pile (top last); ``deck_size`` how many
    cards are face down. No other hand, no deck order and no seed appear here.

    The fields up to ``winner`` hold the :class:`GameState` attribute of the same name, public
    to every seat (``observe`` copies them by name); the last four are made for the seat.
    """

    rules: Ruleset
    active: int
    phase: Phase
    turn: int
    round: int
    park: int
    fad: str | None
    discard: tuple[int, ...]
    scorings: tuple[int, ...]
    months_needed: int
    target: int
    pending_draws: int
    fad_choices: tuple[str, ...]
    winner: int | None
    seat: int
    hand: tuple[int, ...]
    seats: tuple[PublicSeat, ...]
    deck_size: int

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


OWN_FIELDS = ("seat", "hand", "seats", "deck_size")
"""The last fields of :class:`Observation`, made for the seat: which seat, its hand, the seats'
public view, the deck's size (not its order)."""
SHARED_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Observation))[: -len(OWN_FIELDS)]
"""The other fields of :class:`Observation`: each holds the :class:`GameState` attribute of the
same name as it is, public to every seat (R103)."""
_shared_values = attrgetter(*SHARED_FIELDS)

SEAT_OWN_FIELDS = ("spec", "hand_size")
"""The last fields of :class:`PublicSeat`: who sits there and how many cards they hold."""
SEAT_SHARED_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(PublicSeat))[
    : -len(SEAT_OWN_FIELDS)
]
"""The other fields of :class:`PublicSeat`: each holds the :class:`SeatState` field of the same
name as it is: the pawn, Month counters, Inventory, score and expeditions are public (R17, R40)."""
_seat_shared_values = attrgetter(*SEAT_SHARED_FIELDS)


def observe(state: GameState, seat: int) -> Observation:
    """What ``seat`` (0-based) may know of ``state``. Raises ``IndexError`` for a bad seat."""
    if not 0 <= seat < len(state.seats):
        raise IndexError(f"no seat {seat}: seats are 0..{len(state.seats) - 1}")
    specs = state.settings.seats
    # The shared fields come first, in order (a test holds it); mypy cannot count a star
    # argument, hence the ignores.
    seats = tuple(
        PublicSeat(*_seat_shared_values(s), spec=specs[i], hand_size=len(s.hand))  # type: ignore[misc]
        for i, s in enumerate(state.seats)
    )
    return Observation(  # type: ignore[misc]
        *_shared_values(state),
        seat=seat,
        hand=state.seats[seat].hand,
        seats=seats,
        deck_size=len(state.deck),
    )


def state_of(
    obs: Observation,
    hands: Sequence[tuple[int, ...]],
    deck: tuple[int, ...],
    *,
    seed: int,
    options: Options | None = None,
    shuffles: int,
) -> GameState:
    """A game that ``obs``'s seat sees as ``obs``: the inverse of :func:`observe`.

    ``hands``: every seat's hand in seat order (``obs.seat``'s is ``obs.hand``, the others what
    the caller puts there: a sampled deal, or nothing); ``deck`` face down, top last; ``seed``,
    ``options`` (default: our rulings) and ``shuffles`` as :class:`GameState` holds them. The
    action log is empty and the first seat 0 (an observation carries neither).
    """
    seats = tuple(
        SeatState(
            position=s.position,
            months=s.months,
            hand=hands[i],
            inventory=s.inventory,
            score=s.score,
            visited=s.visited,
            expeditions=s.expeditions,
        )
        for i, s in enumerate(obs.seats)
    )
    return GameState(
        rules=obs.rules,
        settings=Settings(
            seats=tuple(s.spec for s in obs.seats), seed=seed, options=options or Options()
        ),
        seats=seats,
        active=obs.active,
        phase=obs.phase,
        park=obs.park,
        fad=obs.fad,
        deck=deck,
        discard=obs.discard,
        scorings=obs.scorings,
        shuffles=shuffles,
        turn=obs.turn,
        first_seat=0,
        pending_draws=obs.pending_draws,
        fad_choices=obs.fad_choices,
        winner=obs.winner,
    )
