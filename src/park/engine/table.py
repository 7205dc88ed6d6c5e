"""The table: a mutable working copy of a :class:`GameState` while one action resolves.

:func:`park.engine.rules.apply` copies the state onto a :class:`Table`, lets it carry out the
action and every automatic happening that follows (draws, Captain Park, Month counters, Fads,
the next turn's start) and freezes the result. Each rule is carried out by a method named
after it, with the turn rules of :mod:`park.engine.turn_rules` that the AI planner shares.

The copy is driven by the state's own field list (``dataclasses.fields``): the table holds
every :class:`GameState` field under the same name, the tuples it edits in place as lists.
Seats are copied on first write: a seat the action does not touch stays the frozen
:class:`SeatState` it was.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any

from .actions import (
    Action,
    DeclineScore,
    Discard,
    FinishExchange,
    PlayCard,
    Score,
    SkipPlay,
    Stay,
    Step,
)
from .deck import shuffle_rng
from .events import Event, EventKind
from .ruleset import Ruleset
from .scoring import destination_index, expedition_for, qualifying
from .state import (
    BREAKDOWN_NUMBERS,
    ActionLog,
    Expedition,
    GameState,
    Phase,
    SeatState,
    Settings,
    TableLookups,
)
from .terms import DESTINATIONS
from .turn_rules import SpaceEffect, park_after_play, turn_end_loss, walks_into_park

STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(GameState))
"""Every field of :class:`GameState`, in order: what the table copies in and back."""
_state_values = attrgetter(*STATE_FIELDS)

SEAT_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(SeatState))
"""Every field of :class:`SeatState`, in order."""
_seat_values = attrgetter(*SEAT_FIELDS)

EDITED_IN_PLACE: tuple[str, ...] = ("seats", "deck", "discard", "scorings")
"""The :class:`GameState` fields (tuples) that the table holds as lists and edits in place;
every other field is a value the table may only replace."""
SEAT_EDITED_IN_PLACE: tuple[str, ...] = ("hand", "inventory", "visited", "expeditions")
"""The same for the fields of :class:`SeatState`."""


@dataclass
class TableSeat:
    """A seat being changed.

    The fields of :class:`SeatState`, in its order, with those of :data:`SEAT_EDITED_IN_PLACE` as
    lists.
    """

    position: str
    months: int
    hand: list[int]
    inventory: list[int]
    score: int
    visited: list[str]
    expeditions: list[Expedition]

    @classmethod
    def thaw(cls, seat: SeatState) -> TableSeat:
        """A changeable copy of ``seat``."""
        thawed = cls(*_seat_values(seat))
        fields_ = thawed.__dict__
        for name in SEAT_EDITED_IN_PLACE:
            fields_[name] = list(fields_[name])
        return thawed

    def freeze(self) -> SeatState:
        """The :class:`SeatState` this seat now holds. The seat is spent: do not use it after."""
        fields_ = self.__dict__
        for name in SEAT_EDITED_IN_PLACE:
            fields_[name] = tuple(fields_[name])
        return SeatState(*_seat_values(self))


class Table(TableLookups):
    """A mutable working copy of a :class:`GameState` while one action resolves.

    It has an attribute per :class:`GameState` field (those of :data:`EDITED_IN_PLACE` as
    lists; ``seats`` holds each seat as its :class:`SeatState` until :meth:`seat` makes it
    changeable) and collects the events the action causes in ``events``. MIN, TARGET and
    Captain Park's space are read as the state reads them (:class:`TableLookups`).
    """

    rules: Ruleset
    settings: Settings
    seats: list[SeatState | TableSeat]
    active: int
    phase: Phase
    park: int
    fad: str | None
    deck: list[int]
    discard: list[int]
    scorings: list[int]
    shuffles: int
    turn: int
    first_seat: int
    pending_draws: int
    fad_choices: tuple[str, ...]
    winner: int | None
    log: ActionLog
    undo_floor: int

    def __init__(self, state: GameState) -> None:
        fields_ = self.__dict__
        fields_.update(zip(STATE_FIELDS, _state_values(state), strict=True))
        for name in EDITED_IN_PLACE:
            fields_[name] = list(fields_[name])
        self.board = self.rules.board
        self.options = self.settings.options
        self.events: list[Event] = []

    def freeze(self, log: ActionLog) -> GameState:
        """The :class:`GameState` the table now holds, with ``log`` as its action log.

        The table is spent: do not use it after.
        """
        self.log = log
        self.seats = [s.freeze() if isinstance(s, TableSeat) else s for s in self.seats]
        fields_ = self.__dict__
        for name in EDITED_IN_PLACE:
            fields_[name] = tuple(fields_[name])
        return GameState(*_state_values(self))

    def seat(self, index: int) -> TableSeat:
        """Seat ``index``, made changeable (copied from its frozen state on first use)."""
        seat = self.seats[index]
        if not isinstance(seat, TableSeat):
            seat = self.seats[index] = TableSeat.thaw(seat)
        return seat

    def emit(
        self, kind: EventKind, seat: int | None, private_to: int | None = None, **data: Any
    ) -> None:
        """Record an event (see :class:`Event`).

        ``data`` holds the keys of ``kind``'s payload (:data:`park.engine.events.PAYLOADS`).
        """
        self.events.append(Event(kind, seat, data, private_to))

    # -- dispatch ---------------------------------------------------------------------------

    def act(self, action: Action) -> None:
        """Carry out ``action``, already checked to be legal, for the active seat."""
        me = self.active
        if isinstance(action, Step):
            self.step(me, action.space)
        elif isinstance(action, Stay):
            self.emit(EventKind.STAYED, me, space=self.seats[me].position)
            self.end_turn()
        elif isinstance(action, PlayCard):
            self.play_card(me, self.rules.card_index[action.card])
        elif isinstance(action, SkipPlay):
            self.emit(EventKind.PLAY_SKIPPED, me, space=self.seats[me].position)
            self.end_turn()
        elif isinstance(action, Discard):
            self.market_discard(me, self.rules.card_index[action.card])
        elif isinstance(action, FinishExchange):
            self.market_replace(me)
        elif isinstance(action, Score):
            self.score(me, action.destination)
        elif isinstance(action, DeclineScore):
            self.emit(EventKind.SCORE_DECLINED, me)
            self.after_club_decision(me)
        else:  # ChooseFad
            self.set_fad(me, action.destination)
            self.after_club_decision(me)

    # -- turn structure ---------------------------------------------------------------------

    def begin_turn(self, seat: int) -> None:
        """R15: at the very start of the turn, add one Month counter; then decide (R21)."""
        self.active = seat
        self.turn += 1
        s = self.seat(seat)
        s.months += 1
        self.phase = Phase.START
        self.emit(EventKind.TURN_STARTED, seat, turn=self.turn, months=s.months, space=s.position)

    def end_turn(self) -> None:
        """R52 / R66 (A1): months lost for ending in the Club or on Park's space; R14: pass left."""
        me = self.active
        s = self.seat(me)
        loss = turn_end_loss(self.rules, s.position, self.park)
        if loss is not None:
            self.lose_months(me, loss)
        self.pending_draws = 0
        self.fad_choices = ()
        self.emit(EventKind.TURN_ENDED, me, months=s.months, space=s.position)
        self.begin_turn((me + 1) % len(self.seats))

    def lose_months(self, seat: int, reason: str) -> None:
        """R18: the whole pile is cleared; R20: nothing else changes."""
        if self.seats[seat].months:
            s = self.seat(seat)
            self.emit(EventKind.MONTHS_LOST, seat, months=s.months, reason=reason)
            s.months = 0

    def step(self, seat: int, to: str) -> None:
        """R22-R25: move one path; R63/R64 (A12): walking into Park clears months, space works."""
        s = self.seat(seat)
        self.emit(EventKind.STEPPED, seat, origin=s.position, to=to)
        s.position = to
        if walks_into_park(self.rules, to, self.park):
            self.lose_months(seat, "walked_into_park")
        effect = self.rules.effect[to]
        if effect is SpaceEffect.HOTEL:  # R32
            self.end_turn()
        elif effect is SpaceEffect.CAFE:  # R34
            self.draw(seat, "café")
            self.end_turn()
        elif effect is SpaceEffect.MARKETPLACE:  # R46
            self.pending_draws = 0
            if s.hand:
                self.phase = Phase.MARKET
            else:
                self.end_turn()
        elif effect is SpaceEffect.CLUB:  # R51, R53, R54
            self.enter_club(seat)
        else:  # a shop: R38, R45. Always a decision, even with no matching card (then only
            # SkipPlay is legal), so the phase never tells rivals what the hand holds (R104).
            self.phase = Phase.PLAY

    def play_card(self, seat: int, card: int) -> None:
        """R38: the card goes from hand to the Inventory; R42: Park moves; R44: step again."""
        s = self.seat(seat)
        s.hand.remove(card)
        s.inventory.append(card)
        self.emit(EventKind.CARD_PLAYED, seat, card=self.rules.cards[card].id, space=s.position)
        self.move_park()
        self.phase = Phase.STEP_AGAIN

    def move_park(self) -> None:
        """R59: Park moves to the next number; R62 (A8, A24): everyone there loses their months."""
        origin = self.park_space
        self.park, landing = park_after_play(self.rules, self.park)
        hit = [i for i, s in enumerate(self.seats) if s.position == landing]
        self.emit(
            EventKind.PARK_MOVED, None, origin=origin, to=landing, number=self.park, seats=hit
        )
        for i in hit:
            self.lose_months(i, "park_landed")

    # -- the Marketplace --------------------------------------------------------------------

    def market_discard(self, seat: int, card: int) -> None:
        """R46, R72: chosen cards go to the discard pile at once, replaced when finished."""
        self.seat(seat).hand.remove(card)
        self.discard.append(card)
        self.pending_draws += 1
        self.emit(EventKind.CARD_DISCARDED, seat, card=self.rules.cards[card].id)

    def market_replace(self, seat: int) -> None:
        """Draw one replacement per discard, one at a time (R47, R72).

        A reshuffle may return them.
        """
        count = self.pending_draws
        self.emit(EventKind.EXCHANGED, seat, count=count)
        for _ in range(count):
            self.draw(seat, "market")
        self.end_turn()

    # -- the Gentlemen's Club ---------------------------------------------------------------

    def enter_club(self, seat: int) -> None:
        """R51 (A17, A18): draw first, then score if qualified (R53); else the turn ends."""
        if self.options.club_order == "draw_first":
            self.draw(seat, "club")
        if self.qualifies(seat):
            self.phase = Phase.CLUB
        else:
            self.emit(EventKind.CANNOT_SCORE, seat, months=self.seats[seat].months)
            self.after_club_decision(seat)

    def qualifies(self, seat: int) -> bool:
        """Whether ``seat`` may score an expedition now (R74-R77)."""
        s = self.seats[seat]
        return bool(qualifying(self.rules, s.months, self.months_needed, s.inventory, s.visited))

    def after_club_decision(self, seat: int) -> None:
        """The Club visit is over: draw now if scoring comes first (A18), and end the turn."""
        if self.options.club_order == "score_first":
            self.draw(seat, "club")
        self.end_turn()

    def score(self, seat: int, destination: str) -> None:
        """Score an expedition (R79-R92).

        Cover a dot, discard worthless cards, add the five parts, discard the Inventory, record the
        visit (cycle reset R77), then reveal a new Fad (R91).
        """
        s = self.seat(seat)
        d = destination_index(destination)
        exp = expedition_for(
            self.rules,
            s,
            destination,
            months_needed=self.months_needed,
            fad=self.fad,
            scored_before=self.scorings[d],
            turn=self.turn,
        )
        self.scorings[d] += 1  # R80, A22
        for c in exp.worthless:  # R82
            s.inventory.remove(c)
            self.discard.append(c)
        s.score += exp.total  # R88
        s.expeditions.append(exp)
        ids = self.rules.cards
        self.emit(
            EventKind.SCORED,
            seat,
            destination=destination,
            **{name: getattr(exp, name) for name in BREAKDOWN_NUMBERS},
            score=s.score,
            cards=[ids[c].id for c in exp.cards],
            worthless=[ids[c].id for c in exp.worthless],
        )
        if s.score >= self.target:  # R99-R101, A14: the game ends at once
            self.winner = seat
            self.phase = Phase.OVER
            self.emit(EventKind.GAME_WON, seat, score=s.score, target=self.target)
            return
        self.discard.extend(s.inventory)  # R89
        s.inventory.clear()
        s.visited.append(destination)  # R90
        if len(s.visited) == len(DESTINATIONS):  # R77
            s.visited.clear()
            self.emit(EventKind.CYCLE_COMPLETED, seat)
        self.reveal_fad(seat)

    def reveal_fad(self, seat: int) -> None:
        """Reveal a Fad (R93-R96): turn the top card onto the discard pile.

        Its highest destination is the Fad. No positive value: reveal again (A26). A tie: the scorer
        picks (A5), or reveal again.
        """
        for _ in range(len(self.rules.cards) + 1):
            card = self.take_top()
            if card is None:  # A6: unreachable (the Inventory was just discarded); keep the Fad
                return
            self.discard.append(card)
            best = self.rules.cards[card].best_destinations
            self.emit(EventKind.FAD_REVEALED, seat, card=self.rules.cards[card].id, best=list(best))
            if len(best) == 1:
                self.set_fad(seat, best[0])
                self.after_club_decision(seat)
                return
            if best and self.options.fad_tie == "choose":
                self.fad_choices = best
                self.phase = Phase.FAD
                return
        self.after_club_decision(seat)

    def set_fad(self, seat: int, destination: str) -> None:
        """R95, R97, R98: the Fad pawn moves to ``destination``."""
        self.fad = destination
        self.fad_choices = ()
        self.emit(EventKind.FAD_SET, seat, destination=destination)

    # -- the deck ---------------------------------------------------------------------------

    def take_top(self) -> int | None:
        """The top card of the deck (R68-R70, A21).

        The discards are reshuffled first if the deck is empty; ``None`` if both are empty.
        """
        if not self.deck:
            if not self.discard:
                return None
            self.reshuffle()
        card = self.deck.pop()
        if not self.deck and self.discard and self.options.reshuffle == "eager":
            self.reshuffle()
        return card

    def reshuffle(self) -> None:
        """R69: shuffle the whole discard pile to form the new deck."""
        cards = self.discard
        shuffle_rng(self.settings.seed, self.shuffles).shuffle(cards)
        self.shuffles += 1
        self.deck = cards + self.deck
        self.discard = []
        self.emit(EventKind.RESHUFFLED, None, cards=len(cards))

    def draw(self, seat: int, source: str) -> None:
        """R34, R47, R51, R68: one card from the deck into the hand; R70: none left, no draw."""
        card = self.take_top()
        if card is None:
            self.emit(EventKind.DRAW_FAILED, seat, source=source)
            return
        self.seat(seat).hand.append(card)
        self.emit(EventKind.DREW, seat, source=source, count=1)
        self.emit(EventKind.DREW_CARD, seat, seat, card=self.rules.cards[card].id)
