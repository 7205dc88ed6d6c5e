"""The game state: an immutable value holding everything about one game in progress."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sized
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, Generic, TypeVar

from .actions import Action
from .levels import CONTROLLERS
from .names import COLOUR, name_problem
from .ruleset import Ruleset


class Phase(StrEnum):
    """Which decision the active seat faces now (docs/layout.md, "Words that say one thing")."""

    START = "start"
    """Step to a neighbouring space or stay put (R21)."""
    PLAY = "play"
    """At a shop just entered: play a card of its type or not (R38, R45). Entered whatever the hand
    holds (only ``SkipPlay`` is legal without a matching card), so rivals learn nothing (R104)."""
    STEP_AGAIN = "step_again"
    """Captain Park has moved after a card play: step again or stay (R44, R27)."""
    MARKET = "market"
    """At the Marketplace: discard cards one at a time, then finish the exchange (R46, R47)."""
    CLUB = "club"
    """In the Gentlemen's Club, qualified: score a destination or decline (R53, A2)."""
    FAD = "fad"
    """The revealed Fad card ties for its highest value: the scorer picks the Fad (A5)."""
    OVER = "over"
    """Someone reached the target score; nothing more happens (R99)."""


MOVE_PHASES = (Phase.START, Phase.PLAY, Phase.STEP_AGAIN)
"""The decisions where a seat steps, stays or plays a card (R21-R45): the hard level searches a
turn plan from them, and a hint compares plans there."""
TURN_PHASES = (*MOVE_PHASES, Phase.CLUB)
"""The decisions of a turn plan: steps, card plays and the Club (R21-R53), not the
Marketplace's exchange nor a Fad tie, which come after the turn's plan."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits in a seat: a ``name``, a pawn ``colour`` and a ``controller``.

    ``name``: tidy text of at most 24 user-perceived characters (``park.engine.names``);
    ``colour``: ``#rrggbb``; ``controller``: one of :data:`CONTROLLERS` (the engine only
    records it, for the page and the CLI). Raises ``ValueError`` naming what is wrong, so a
    seat that would break the page (a colour that is not a colour, an unknown AI level)
    cannot be made, nor loaded from a save.
    """

    name: str
    colour: str = "#888888"
    controller: str = "human"

    def __post_init__(self) -> None:
        problem = name_problem(self.name)
        if problem is not None:
            raise ValueError(f"{problem}, not {self.name!r}")
        if not isinstance(self.colour, str) or not COLOUR.fullmatch(self.colour):
            raise ValueError(f"a pawn colour is written #rrggbb, not {self.colour!r}")
        if self.controller not in CONTROLLERS:
            raise ValueError(
                f"a seat is played by one of {', '.join(CONTROLLERS)}, not {self.controller!r}"
            )


@dataclass(frozen=True, slots=True)
class Options:
    """Switches for our rulings where the rulebook allows a choice (defaults are our rulings).

    ``fad_tie``: ``"choose"`` (A5: the scorer picks among tied destinations) or ``"redraw"``
    (reveal again until one destination is highest). ``club_order``: ``"draw_first"`` (A18) or
    ``"score_first"``. ``reshuffle``: ``"lazy"`` (A21) or ``"eager"``.
    """

    fad_tie: str = "choose"
    club_order: str = "draw_first"
    reshuffle: str = "lazy"

    def __post_init__(self) -> None:
        for name, allowed in _OPTION_VALUES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"option {name} must be one of {', '.join(allowed)}")


_OPTION_VALUES = {
    "fad_tie": ("choose", "redraw"),
    "club_order": ("draw_first", "score_first"),
    "reshuffle": ("lazy", "eager"),
}


@dataclass(frozen=True, slots=True)
class Settings:
    """What a game is created with: the seats in turn order (R14), the seed and the options."""

    seats: tuple[SeatSpec, ...]
    seed: int
    options: Options = Options()


CardRef = TypeVar("CardRef")
"""How an expedition names its cards: by index into the ruleset's cards in the engine, by
name on the page."""


@dataclass(frozen=True, slots=True)
class ExpeditionBreakdown(Generic[CardRef]):
    """An expedition's score, part by part (R79-R88): the one place its fields are written.

    :class:`Expedition` (the engine's, cards by index) and the page's view of one
    (``park.ui.play.view_types.BreakdownView``, cards by name) are made of it; a position
    (``park.engine.position``) and a ``SCORED`` event (``park.engine.events.Scored``) write its
    fields by these names, in this order.

    Attributes:
        destination: where it went.
        months: the Month counters counted.
        basic: one of the five parts (R83-R87).
        diversity: one of the five parts (R83-R87).
        endurance: one of the five parts (R83-R87).
        fad: one of the five parts (R83-R87).
        novelty: one of the five parts (R83-R87).
        total: their sum (R88).
        cards: the Inventory cards that counted.
        worthless: those discarded first (R82).
    """

    destination: str
    months: int
    basic: int
    diversity: int
    endurance: int
    fad: int
    novelty: int
    total: int
    cards: tuple[CardRef, ...]
    worthless: tuple[CardRef, ...]


BREAKDOWN_NUMBERS: tuple[str, ...] = tuple(
    f.name
    for f in fields(ExpeditionBreakdown)
    if f.name not in ("destination", "cards", "worthless")
)
"""The fields of :class:`ExpeditionBreakdown` that are numbers, in order: the Month counters,
the five parts and the total."""


@dataclass(frozen=True, slots=True)
class Expedition(ExpeditionBreakdown[int]):
    """One scored adventure and its breakdown (R79-R88).

    The fields are those of :class:`ExpeditionBreakdown`, cards by index, and ``turn``: the turn
    number it was scored in.
    """

    turn: int = 0


@dataclass(frozen=True, slots=True)
class SeatState:
    """One seat's pawn and belongings.

    ``position`` is a space id; ``months`` the Month counters (≥ 0, R15-R19); ``hand`` and
    ``inventory`` card indexes (R38-R41); ``score`` the cumulative score (R7); ``visited`` the
    destinations scored in the current cycle, in scoring order (R76, R77); ``expeditions`` every
    adventure scored this game.
    """

    position: str
    months: int = 0
    hand: tuple[int, ...] = ()
    inventory: tuple[int, ...] = ()
    score: int = 0
    visited: tuple[str, ...] = ()
    expeditions: tuple[Expedition, ...] = ()


class ActionLog:
    """An immutable sequence of the actions applied since the game's start.

    Appending is O(1) amortised.

    The start is the setup (``origin`` ``None``), or, for a game that went on from a saved position
    (``park.engine.position``), that position as JSON-ready values. Views share one list: appending
    to the newest view extends it in place; appending to an older view copies its prefix first, so
    every view keeps its own contents.
    """

    __slots__ = ("_items", "_length", "origin")

    def __init__(
        self, items: Iterable[Action] = (), origin: Mapping[str, Any] | None = None
    ) -> None:
        self._items: list[Action] = list(items)
        self._length = len(self._items)
        self.origin = origin

    def appended(self, action: Action) -> ActionLog:
        """A new log with ``action`` at the end; this one is unchanged."""
        new = ActionLog.__new__(ActionLog)
        new.origin = self.origin
        if self._length == len(self._items):
            self._items.append(action)
            new._items = self._items
        else:
            new._items = [*self._items[: self._length], action]
        new._length = self._length + 1
        return new

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[Action]:
        return iter(self._items[: self._length])

    def __getitem__(self, index: int) -> Action:
        return tuple(self)[index]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionLog):
            return NotImplemented
        return self._length == other._length and (
            self._items is other._items
            or self._items[: self._length] == other._items[: other._length]
        )

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"ActionLog({[str(a) for a in self]!r})"


class TableLookups:
    """What the material says of a table: MIN, TARGET and Captain Park's space.

    Written once for both :class:`GameState` and the engine's changeable copy of it
    (``park.engine.table.Table``): MIN and TARGET for its player count (R6) and the space Captain
    Park stands on. Each reads the table's ``rules``, ``seats`` and ``park``.
    """

    __slots__ = ()
    rules: Ruleset
    seats: Sized
    park: int

    @property
    def months_needed(self) -> int:
        """MIN: Month counters needed to score with this many players (R6, R75)."""
        return self.rules.scoring.row(len(self.seats)).months

    @property
    def target(self) -> int:
        """TARGET: the score that wins at once (R6, R99)."""
        return self.rules.scoring.row(len(self.seats)).target

    @property
    def park_space(self) -> str:
        """The id of the space Captain Park stands on (R58)."""
        return self.rules.board.park_space(self.park)


@dataclass(frozen=True, slots=True)
class GameState(TableLookups):
    """Everything about a game at one decision. Immutable: ``apply`` returns a new state.

    - ``seats``: per-seat state in turn order; ``active``: index of the seat to decide.
    - ``phase``: the decision faced; ``park``: Captain Park's number (R58); ``fad``: the current
      Fad destination or ``None`` before the first scoring (R12, R98).
    - ``deck``: face-down card indexes, top card LAST; ``discard``: the discard pile, top last.
    - ``scorings``: per destination (display order), how many expeditions were scored there, so
      ``min(scorings[d], 3)`` Novelty dots are covered (R80, A22).
    - ``shuffles``: how many times the seeded RNG has been used (setup is the first), which
      with the seed determines the next shuffle.
    - ``turn``: 1-based count of turns begun; ``pending_draws``: cards discarded so far at the
      Marketplace this visit; ``fad_choices``: the tied destinations in the ``FAD`` phase.
    - ``winner``: the seat that reached the target (R99-R100), else ``None``.
    - ``log``: every action applied since setup (the replay that saves hold).
    - ``undo_floor``: how many actions of ``log`` can no longer be taken back: those up to the
      start of this turn, or to the last action that revealed hidden cards or used the
      shuffle (``park.engine.undo``). Derived from the log, so saves need not hold it.
    """

    rules: Ruleset = field(compare=False, repr=False)
    settings: Settings
    seats: tuple[SeatState, ...]
    active: int
    phase: Phase
    park: int
    fad: str | None
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    scorings: tuple[int, ...]
    shuffles: int
    turn: int
    first_seat: int
    pending_draws: int = 0
    fad_choices: tuple[str, ...] = ()
    winner: int | None = None
    log: ActionLog = field(default_factory=ActionLog, compare=False, repr=False)
    undo_floor: int = field(default=0, compare=False, repr=False)

    @property
    def round(self) -> int:
        """1-based round number: every seat has one turn per round."""
        return (self.turn - 1) // len(self.seats) + 1

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (R99)."""
        return self.phase is Phase.OVER
