"""What ``apply`` reports: each :class:`Event`, its kind and the payload each kind carries.

:class:`Event` is one happening, for the game log and animations. :class:`EventKind` lists
everything ``apply`` reports (a ``StrEnum``: each member equals, prints, serialises and reprs
as the same string as before it existed, so saves and the golden games' digests are
unchanged). Each kind has one payload shape, a ``TypedDict`` naming the keys
of ``Event.data``; :data:`PAYLOADS` is the one table from kind to shape, and :func:`payload`
gives a consumer typed access to one event's data after checking its kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypedDict, TypeVar, cast


class EventKind(StrEnum):
    """What an :class:`Event` reports; the payload is in :data:`PAYLOADS`."""

    TURN_STARTED = "turn_started"
    """A turn began and its seat added one Month counter (R14, R15)."""
    TURN_ENDED = "turn_ended"
    """The active seat's turn ended, after any end-of-turn month loss (R31, R52, R66)."""
    STAYED = "stayed"
    """The active seat stayed put, or declined a further step: the turn ends (R24, R27)."""
    STEPPED = "stepped"
    """A pawn took one step along a path; the space entered then works (R22-R25, R28)."""
    PLAY_SKIPPED = "play_skipped"
    """At a shop just entered, the seat played no card: the turn ends (R45)."""
    CARD_PLAYED = "card_played"
    """A card went from the hand into the seat's Inventory at a shop (R38)."""
    PARK_MOVED = "park_moved"
    """Captain Park moved to his next number after a card play (R42, R59), landing on the
    pawns in ``seats`` (R62)."""
    MONTHS_LOST = "months_lost"
    """A seat's whole Month pile was cleared (R18, R19: R52, R62, R63, R66)."""
    CARD_DISCARDED = "card_discarded"
    """At the Marketplace, a card went from the hand to the discard pile (R46, R72)."""
    EXCHANGED = "exchanged"
    """The Marketplace exchange finished: ``count`` replacements are drawn (R47, R72)."""
    CANNOT_SCORE = "cannot_score"
    """In the Gentlemen's Club, the seat does not qualify to score (R53, R74-R77)."""
    SCORE_DECLINED = "score_declined"
    """In the Gentlemen's Club, a qualified seat chose not to score (R53, A2)."""
    SCORED = "scored"
    """A seat scored an adventure: the five parts and the new total (R79-R88)."""
    GAME_WON = "game_won"
    """A score reached the target: the game ends at once (R99-R101)."""
    CYCLE_COMPLETED = "cycle_completed"
    """A seat has scored all five destinations: its cycle resets (R77)."""
    FAD_REVEALED = "fad_revealed"
    """The top card was turned onto the discard pile to choose the Fad (R93-R96)."""
    FAD_SET = "fad_set"
    """The Fad pawn moved to a destination (R95, R97, R98; A5 when the scorer picks)."""
    RESHUFFLED = "reshuffled"
    """The discard pile was shuffled to form the new deck (R69, A21)."""
    DRAW_FAILED = "draw_failed"
    """A draw did not happen: the deck and the discard pile are empty (R70)."""
    DREW = "drew"
    """A seat drew a card (public: which card is hidden) (R34, R47, R51, R68, R104)."""
    DREW_CARD = "drew_card"
    """Which card a seat drew, private to that seat (R68, R104)."""

    def __repr__(self) -> str:
        """The value's own repr (``'park_moved'``).

        So an :class:`Event` reads (and the golden games hash) as when kinds were plain strings.
        """
        return repr(self._value_)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened inside ``apply``, for the game log and animations.

    ``kind`` names it (an :class:`EventKind`, e.g. ``EventKind.PARK_MOVED``); ``seat`` is the
    seat it concerns (or ``None``); ``private_to`` is ``None`` for a public event or the only
    seat allowed to see it (R104); ``data`` holds the details (JSON-friendly values: str, int,
    lists), exactly the keys of the kind's payload (:data:`PAYLOADS`; typed access:
    :func:`payload`).
    """

    kind: EventKind
    seat: int | None
    data: Mapping[str, Any] = field(default_factory=dict)
    private_to: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may see this event (``None``: a spectator, public events only)."""
        return self.private_to is None or self.private_to == seat


class TurnStarted(TypedDict):
    """:attr:`EventKind.TURN_STARTED`: the turn's number, the new Month pile, the space."""

    turn: int
    months: int
    space: str


class TurnEnded(TypedDict):
    """:attr:`EventKind.TURN_ENDED`: the Month pile kept and the space the turn ended on."""

    months: int
    space: str


class OnSpace(TypedDict):
    """:attr:`EventKind.STAYED`, :attr:`EventKind.PLAY_SKIPPED`: the seat's space."""

    space: str


class Stepped(TypedDict):
    """:attr:`EventKind.STEPPED`: the space left (``origin``) and the space entered (``to``)."""

    origin: str
    to: str


class CardPlayed(TypedDict):
    """:attr:`EventKind.CARD_PLAYED`: the card's id and the shop it was played at."""

    card: str
    space: str


class ParkMoved(TypedDict):
    """:attr:`EventKind.PARK_MOVED`'s payload: where Captain Park went.

    Attributes:
        origin: the space left.
        to: the space landed on.
        number: Captain Park's new number.
        seats: the seats standing there.
    """

    origin: str
    to: str
    number: int
    seats: list[int]


class MonthsLost(TypedDict):
    """:attr:`EventKind.MONTHS_LOST`'s payload: the pile lost and why.

    The reason is ``"park_landed"``, ``"walked_into_park"``, or :mod:`park.engine.turn_rules`'
    ``ENDED_IN_CLUB`` and ``STAYED_WITH_PARK``.
    """

    months: int
    reason: str


class CardId(TypedDict):
    """:attr:`EventKind.CARD_DISCARDED`, :attr:`EventKind.DREW_CARD`: the card's id."""

    card: str


class Exchanged(TypedDict):
    """:attr:`EventKind.EXCHANGED`: how many cards were discarded, so drawn again."""

    count: int


class Months(TypedDict):
    """:attr:`EventKind.CANNOT_SCORE`: the seat's Month pile."""

    months: int


class Scored(TypedDict):
    """:attr:`EventKind.SCORED`'s payload: the expedition's breakdown with the new score.

    The breakdown is :class:`~park.engine.state.ExpeditionBreakdown` (its fields by the same names,
    in the same order, the cards by id), with the new score after the total: the destination, the
    months counted, the five parts, their total, the new score, the cards scored and the worthless
    ones discarded. A ``TypedDict`` cannot be made from a dataclass, so a test
    (``tests/engine/test_engine_events.py``) holds the two to the same fields.
    """

    destination: str
    months: int
    basic: int
    diversity: int
    endurance: int
    fad: int
    novelty: int
    total: int
    score: int
    cards: list[str]
    worthless: list[str]


class GameWon(TypedDict):
    """:attr:`EventKind.GAME_WON`: the winning score and the target it reached."""

    score: int
    target: int


class NoDetails(TypedDict):
    """:attr:`EventKind.SCORE_DECLINED`, :attr:`EventKind.CYCLE_COMPLETED`: no details."""


class FadRevealed(TypedDict):
    """:attr:`EventKind.FAD_REVEALED`'s payload: the card's id and its highest destinations.

    There may be several destinations (a tie, A5) or none (no positive value, A26).
    """

    card: str
    best: list[str]


class FadSet(TypedDict):
    """:attr:`EventKind.FAD_SET`: the new Fad."""

    destination: str


class Reshuffled(TypedDict):
    """:attr:`EventKind.RESHUFFLED`: how many cards the new deck holds."""

    cards: int


class DrawSource(TypedDict):
    """:attr:`EventKind.DRAW_FAILED`'s payload: where the draw was due.

    That is ``"café"``, ``"market"`` or ``"club"``.
    """

    source: str


class Drew(TypedDict):
    """:attr:`EventKind.DREW`: where the card was drawn and how many (always 1)."""

    source: str
    count: int


PAYLOADS: Mapping[EventKind, type[Any]] = {
    EventKind.TURN_STARTED: TurnStarted,
    EventKind.TURN_ENDED: TurnEnded,
    EventKind.STAYED: OnSpace,
    EventKind.STEPPED: Stepped,
    EventKind.PLAY_SKIPPED: OnSpace,
    EventKind.CARD_PLAYED: CardPlayed,
    EventKind.PARK_MOVED: ParkMoved,
    EventKind.MONTHS_LOST: MonthsLost,
    EventKind.CARD_DISCARDED: CardId,
    EventKind.EXCHANGED: Exchanged,
    EventKind.CANNOT_SCORE: Months,
    EventKind.SCORE_DECLINED: NoDetails,
    EventKind.SCORED: Scored,
    EventKind.GAME_WON: GameWon,
    EventKind.CYCLE_COMPLETED: NoDetails,
    EventKind.FAD_REVEALED: FadRevealed,
    EventKind.FAD_SET: FadSet,
    EventKind.RESHUFFLED: Reshuffled,
    EventKind.DRAW_FAILED: DrawSource,
    EventKind.DREW: Drew,
    EventKind.DREW_CARD: CardId,
}
"""Each kind's payload: the ``TypedDict`` whose keys its ``Event.data`` holds, exactly."""

P = TypeVar("P")


def payload(event: Event, shape: type[P]) -> P:
    """``event.data`` typed as ``shape``, one of the payloads of :data:`PAYLOADS`.

    Raises ``TypeError`` if ``shape`` is not the payload of ``event.kind``.
    """
    if PAYLOADS.get(event.kind) is not shape:
        raise TypeError(f"a {event.kind!s} event's data is not a {shape.__name__}")
    return cast(P, event.data)
