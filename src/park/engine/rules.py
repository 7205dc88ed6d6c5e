"""The turn engine: ``new_game``, ``legal_actions`` and ``apply`` (R8-R102, rulings A1-A32).

``apply`` copies the state into a mutable :class:`_Table`, plays the action and every automatic
happening that follows it (draws, Captain Park, Month counters, Fads, the next turn's start) and
freezes the result. Each rule is carried out by a method named after it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import (
    Action,
    ChooseFad,
    DeclineScore,
    Discard,
    FinishExchange,
    PlayCard,
    Score,
    SkipPlay,
    Stay,
    Step,
)
from .errors import IllegalActionError
from .ruleset import Ruleset, standard_ruleset
from .scoring import destination_index, expedition_for, qualifying, qualifying_destinations
from .state import (
    ActionLog,
    Event,
    Expedition,
    GameState,
    Options,
    Phase,
    SeatSpec,
    SeatState,
    Settings,
)
from .terms import CAFE, CLUB, DESTINATIONS, HOTEL, MARKETPLACE

HAND_SIZE = 5
"""Cards dealt to each player at setup (R10)."""

DEFAULT_COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#117a65", "#a04000")
"""Pawn colours given to seats that do not name one."""

_STAY = Stay()
_SKIP = SkipPlay()
_FINISH = FinishExchange()
_DECLINE = DeclineScore()
_SCORE = {d: Score(d) for d in DESTINATIONS}
_CHOOSE_FAD = {d: ChooseFad(d) for d in DESTINATIONS}

DECISIONS = {
    Phase.START: "step to a neighbouring space or stay put",
    Phase.PLAY: "play a card of the shop's type or skip",
    Phase.STEP_AGAIN: "take another step or stay",
    Phase.MARKET: "discard cards to exchange, then finish the exchange",
    Phase.CLUB: "score an expedition or decline",
    Phase.FAD: "choose the new Fad among the tied destinations",
    Phase.OVER: "nothing: the game is over",
}
"""What the active seat must decide in each phase, in words (for errors and the page)."""


def shuffle_rng(seed: int, shuffles: int) -> random.Random:
    """The RNG for the game's ``shuffles``-th use of randomness: a pure function of the seed."""
    return random.Random(f"park:{seed}:{shuffles}")


def _seat_specs(players: int | Sequence[str | SeatSpec]) -> tuple[SeatSpec, ...]:
    if isinstance(players, int) and not isinstance(players, bool):
        names: Sequence[str | SeatSpec] = [f"Player {i + 1}" for i in range(players)]
    elif isinstance(players, Sequence) and not isinstance(players, str):
        names = players
    else:
        raise ValueError("players must be a player count or a list of names / SeatSpecs")
    specs: list[SeatSpec] = []
    for i, p in enumerate(names):
        if isinstance(p, SeatSpec):
            spec = p
        elif isinstance(p, str) and p.strip():
            spec = SeatSpec(p.strip(), DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)])
        else:
            raise ValueError(f"seat {i + 1}: a name must be non-empty text, got {p!r}")
        try:
            spec.name.encode("utf-8")
        except (UnicodeEncodeError, AttributeError):
            raise ValueError(f"seat {i + 1}: the name is not valid text") from None
        specs.append(spec)
    return tuple(specs)


def new_game(
    players: int | Sequence[str | SeatSpec],
    seed: int,
    *,
    first_seat: int | None = None,
    options: Options | None = None,
    rules: Ruleset | None = None,
) -> GameState:
    """Set up a game (R8-R14) and start the first turn (R15).

    ``players``: a count (3..7 with the shipped scoring board) or the seats in turn order as
    names or :class:`SeatSpec`. ``seed``: any integer; the same seed and the same actions give
    the same game. ``first_seat``: who starts (default: drawn at random, R13). ``rules``: another
    board/deck/scoring board (tests); saves only support the shipped one.
    Returns the state at the first player's first decision.
    Raises ``ValueError`` for an unsupported player count, a bad name, seed or first seat.
    """
    rules = rules or standard_ruleset()
    seats = _seat_specs(players)
    rules.scoring.row(len(seats))  # R6, A30: refuse counts with no table row
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    if first_seat is not None and (
        not isinstance(first_seat, int)
        or isinstance(first_seat, bool)
        or not 0 <= first_seat < len(seats)
    ):
        raise ValueError(f"first_seat must be 0..{len(seats) - 1}, got {first_seat}")
    if len(rules.cards) < HAND_SIZE * len(seats):
        raise ValueError("not enough cards to deal every hand")
    rng = shuffle_rng(seed, 0)
    deck = list(range(len(rules.cards)))
    rng.shuffle(deck)  # R10
    hands: list[list[int]] = [[] for _ in seats]
    for _ in range(HAND_SIZE):
        for hand in hands:
            hand.append(deck.pop())
    first = rng.randrange(len(seats)) if first_seat is None else first_seat  # R13
    start = rules.board.start
    state = GameState(
        rules=rules,
        settings=Settings(seats, seed, options or Options()),
        seats=tuple(SeatState(position=start, hand=tuple(h)) for h in hands),  # R8, R11
        active=first,
        phase=Phase.START,
        park=rules.board.park_start,  # R9
        fad=None,  # R12
        deck=tuple(deck),
        discard=(),
        scorings=(0,) * len(DESTINATIONS),
        shuffles=1,
        turn=0,
        first_seat=first,
    )
    table = _Table(state)
    table.begin_turn(first)
    return table.freeze(state.log)


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the active seat may take now, in a stable order (empty once the game is over).

    START / STEP_AGAIN: a :class:`Step` to each neighbour, then :class:`Stay` (R21, R27, R30).
    PLAY: a :class:`PlayCard` for each hand card of the shop's type, then :class:`SkipPlay` (R38);
    with no card of that type, :class:`SkipPlay` alone (the phase must not reveal the hand, R104).
    MARKET: a :class:`Discard` for each hand card, then :class:`FinishExchange` (R46).
    CLUB: a :class:`Score` for each qualifying destination, then :class:`DeclineScore` (R53, A2).
    FAD: a :class:`ChooseFad` for each tied destination (A5).
    """
    phase = state.phase
    rules = state.rules
    seat = state.seats[state.active]
    if phase is Phase.START or phase is Phase.STEP_AGAIN:
        return (*rules.steps[seat.position], _STAY)
    if phase is Phase.PLAY:
        wanted = rules.board.by_id[seat.position].card_type
        types = rules.card_type
        plays = rules.plays
        return (*(plays[c] for c in seat.hand if types[c] == wanted), _SKIP)
    if phase is Phase.MARKET:
        discards = rules.discards
        return (*(discards[c] for c in seat.hand), _FINISH)
    if phase is Phase.CLUB:
        return (*(_SCORE[d] for d in qualifying_destinations(state, state.active)), _DECLINE)
    if phase is Phase.FAD:
        return tuple(_CHOOSE_FAD[d] for d in state.fad_choices)
    return ()


def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Apply ``action`` for the active seat; return the next state and the events it caused.

    Everything automatic that follows runs too, up to the next decision: draws, Captain Park's
    move and the Month counters it clears, months lost, Fad reveals, reshuffles, the end of the
    turn and the start of the next (R15-R102).
    Raises :class:`IllegalActionError` if ``action`` is not in ``legal_actions(state)``; the
    state is unchanged (it is immutable).
    """
    if action not in legal_actions(state):
        if state.phase is Phase.OVER:
            raise IllegalActionError(f"{action} is not legal: the game is over")
        name = state.settings.seats[state.active].name
        raise IllegalActionError(
            f"{action} is not legal now: {name} must {DECISIONS[state.phase]}"
            f" (legal: {', '.join(str(a) for a in legal_actions(state))})"
        )
    table = _Table(state)
    table.act(action)
    return table.freeze(state.log.appended(action)), tuple(table.events)


@dataclass(slots=True)
class _Seat:
    position: str
    months: int
    hand: list[int]
    inventory: list[int]
    score: int
    visited: list[str]
    expeditions: list[Expedition]


class _Table:
    """A mutable working copy of a :class:`GameState` while one action resolves."""

    def __init__(self, state: GameState) -> None:
        self.rules = state.rules
        self.board = state.rules.board
        self.settings = state.settings
        self.options = state.settings.options
        self.seats = [
            _Seat(
                s.position,
                s.months,
                list(s.hand),
                list(s.inventory),
                s.score,
                list(s.visited),
                list(s.expeditions),
            )
            for s in state.seats
        ]
        self.months_needed = state.months_needed
        self.target = state.target
        self.active = state.active
        self.phase = state.phase
        self.park = state.park
        self.fad = state.fad
        self.deck = list(state.deck)
        self.discard = list(state.discard)
        self.scorings = list(state.scorings)
        self.shuffles = state.shuffles
        self.turn = state.turn
        self.first_seat = state.first_seat
        self.pending_draws = state.pending_draws
        self.fad_choices = state.fad_choices
        self.winner = state.winner
        self.events: list[Event] = []

    def freeze(self, log: ActionLog) -> GameState:
        return GameState(
            rules=self.rules,
            settings=self.settings,
            seats=tuple(
                SeatState(
                    s.position,
                    s.months,
                    tuple(s.hand),
                    tuple(s.inventory),
                    s.score,
                    tuple(s.visited),
                    tuple(s.expeditions),
                )
                for s in self.seats
            ),
            active=self.active,
            phase=self.phase,
            park=self.park,
            fad=self.fad,
            deck=tuple(self.deck),
            discard=tuple(self.discard),
            scorings=tuple(self.scorings),
            shuffles=self.shuffles,
            turn=self.turn,
            first_seat=self.first_seat,
            pending_draws=self.pending_draws,
            fad_choices=self.fad_choices,
            winner=self.winner,
            log=log,
        )

    def emit(self, kind: str, seat: int | None, private_to: int | None = None, **data: Any) -> None:
        self.events.append(Event(kind, seat, data, private_to))

    @property
    def park_space(self) -> str:
        return self.board.park_space(self.park)

    # -- dispatch ---------------------------------------------------------------------------

    def act(self, action: Action) -> None:
        me = self.active
        if isinstance(action, Step):
            self.step(me, action.space)
        elif isinstance(action, Stay):
            self.emit("stayed", me, space=self.seats[me].position)
            self.end_turn()
        elif isinstance(action, PlayCard):
            self.play_card(me, self.rules.card_index[action.card])
        elif isinstance(action, SkipPlay):
            self.emit("play_skipped", me, space=self.seats[me].position)
            self.end_turn()
        elif isinstance(action, Discard):
            self.market_discard(me, self.rules.card_index[action.card])
        elif isinstance(action, FinishExchange):
            self.market_replace(me)
        elif isinstance(action, Score):
            self.score(me, action.destination)
        elif isinstance(action, DeclineScore):
            self.emit("score_declined", me)
            self.after_club_decision(me)
        else:  # ChooseFad
            self.set_fad(me, action.destination)
            self.after_club_decision(me)

    # -- turn structure ---------------------------------------------------------------------

    def begin_turn(self, seat: int) -> None:
        """R15: at the very start of the turn, add one Month counter; then decide (R21)."""
        self.active = seat
        self.turn += 1
        s = self.seats[seat]
        s.months += 1
        self.phase = Phase.START
        self.emit("turn_started", seat, turn=self.turn, months=s.months, space=s.position)

    def end_turn(self) -> None:
        """R52 / R66 (A1): months lost for ending in the Club or on Park's space; R14: pass left."""
        me = self.active
        s = self.seats[me]
        if self.board.by_id[s.position].kind == CLUB:
            self.lose_months(me, "ended_in_club")
        elif s.position == self.park_space:
            self.lose_months(me, "stayed_with_park")
        self.pending_draws = 0
        self.fad_choices = ()
        self.emit("turn_ended", me, months=s.months, space=s.position)
        self.begin_turn((me + 1) % len(self.seats))

    def lose_months(self, seat: int, reason: str) -> None:
        """R18: the whole pile is cleared; R20: nothing else changes."""
        s = self.seats[seat]
        if s.months:
            self.emit("months_lost", seat, months=s.months, reason=reason)
            s.months = 0

    def step(self, seat: int, to: str) -> None:
        """R22-R25: move one path; R63/R64 (A12): walking into Park clears months, space works."""
        s = self.seats[seat]
        self.emit("stepped", seat, origin=s.position, to=to)
        s.position = to
        if to == self.park_space:
            self.lose_months(seat, "walked_into_park")
        kind = self.board.by_id[to].kind
        if kind == HOTEL:  # R32
            self.end_turn()
        elif kind == CAFE:  # R34
            self.draw(seat, "café")
            self.end_turn()
        elif kind == MARKETPLACE:  # R46
            self.pending_draws = 0
            if s.hand:
                self.phase = Phase.MARKET
            else:
                self.end_turn()
        elif kind == CLUB:  # R51, R53, R54
            self.enter_club(seat)
        else:  # a shop: R38, R45. Always a decision, even with no matching card (then only
            # SkipPlay is legal), so the phase never tells rivals what the hand holds (R104).
            self.phase = Phase.PLAY

    def play_card(self, seat: int, card: int) -> None:
        """R38: the card goes from hand to the Inventory; R42: Park moves; R44: step again."""
        s = self.seats[seat]
        s.hand.remove(card)
        s.inventory.append(card)
        self.emit("card_played", seat, card=self.rules.cards[card].id, space=s.position)
        self.move_park()
        self.phase = Phase.STEP_AGAIN

    def move_park(self) -> None:
        """R59: Park moves to the next number; R62 (A8, A24): everyone there loses their months."""
        origin = self.park_space
        self.park = self.board.next_park_number(self.park)
        landing = self.park_space
        hit = [i for i, s in enumerate(self.seats) if s.position == landing]
        self.emit("park_moved", None, origin=origin, to=landing, number=self.park, seats=hit)
        for i in hit:
            self.lose_months(i, "park_landed")

    # -- the Marketplace --------------------------------------------------------------------

    def market_discard(self, seat: int, card: int) -> None:
        """R46, R72: chosen cards go to the discard pile at once, replaced when finished."""
        self.seats[seat].hand.remove(card)
        self.discard.append(card)
        self.pending_draws += 1
        self.emit("card_discarded", seat, card=self.rules.cards[card].id)

    def market_replace(self, seat: int) -> None:
        """R47, R72: draw one replacement per discard, one at a time (a reshuffle may return them)."""
        count = self.pending_draws
        self.emit("exchanged", seat, count=count)
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
            self.emit("cannot_score", seat, months=self.seats[seat].months)
            self.after_club_decision(seat)

    def qualifies(self, seat: int) -> bool:
        s = self.seats[seat]
        return bool(qualifying(self.rules, s.months, self.months_needed, s.inventory, s.visited))

    def after_club_decision(self, seat: int) -> None:
        if self.options.club_order == "score_first":
            self.draw(seat, "club")
        self.end_turn()

    def score(self, seat: int, destination: str) -> None:
        """R79-R92: cover a dot, discard worthless cards, add the five parts, discard the
        Inventory, record the visit (cycle reset R77), then reveal a new Fad (R91)."""
        s = self.seats[seat]
        d = destination_index(destination)
        exp = expedition_for(
            self.rules,
            SeatState(s.position, s.months, (), tuple(s.inventory), s.score, tuple(s.visited)),
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
            "scored",
            seat,
            destination=destination,
            months=exp.months,
            basic=exp.basic,
            diversity=exp.diversity,
            endurance=exp.endurance,
            fad=exp.fad,
            novelty=exp.novelty,
            total=exp.total,
            score=s.score,
            cards=[ids[c].id for c in exp.cards],
            worthless=[ids[c].id for c in exp.worthless],
        )
        if s.score >= self.target:  # R99-R101, A14: the game ends at once
            self.winner = seat
            self.phase = Phase.OVER
            self.emit("game_won", seat, score=s.score, target=self.target)
            return
        self.discard.extend(s.inventory)  # R89
        s.inventory.clear()
        s.visited.append(destination)  # R90
        if len(s.visited) == len(DESTINATIONS):  # R77
            s.visited.clear()
            self.emit("cycle_completed", seat)
        self.reveal_fad(seat)

    def reveal_fad(self, seat: int) -> None:
        """R93-R96: turn the top card onto the discard pile; its highest destination is the Fad.
        No positive value: reveal again (A26). A tie: the scorer picks (A5), or reveal again."""
        for _ in range(len(self.rules.cards) + 1):
            card = self.take_top()
            if card is None:  # A6: unreachable (the Inventory was just discarded); keep the Fad
                return
            self.discard.append(card)
            best = self.rules.cards[card].best_destinations
            self.emit("fad_revealed", seat, card=self.rules.cards[card].id, best=list(best))
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
        self.emit("fad_set", seat, destination=destination)

    # -- the deck ---------------------------------------------------------------------------

    def take_top(self) -> int | None:
        """R68-R70 (A21): the top card of the deck, reshuffling the discards first if the deck is
        empty; ``None`` if both are empty."""
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
        self.emit("reshuffled", None, cards=len(cards))

    def draw(self, seat: int, source: str) -> None:
        """R34, R47, R51, R68: one card from the deck into the hand; R70: none left, no draw."""
        card = self.take_top()
        if card is None:
            self.emit("draw_failed", seat, source=source)
            return
        self.seats[seat].hand.append(card)
        self.emit("drew", seat, source=source, count=1)
        self.emit("drew_card", seat, seat, card=self.rules.cards[card].id)
