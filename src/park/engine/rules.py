"""The turn engine: ``new_game``, ``legal_actions`` and ``apply`` (R8-R102, rulings A1-A32).

``legal_actions`` says what the active seat may decide now; ``apply`` checks the action, copies
the state onto a mutable :class:`~park.engine.table.Table`, plays the action and every
automatic happening that follows it (draws, Captain Park, Month counters, Fads, the next
turn's start) and freezes the result.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import (
    Action,
    ChooseFad,
    DeclineScore,
    FinishExchange,
    Score,
    SkipPlay,
    Stay,
)
from .deck import shuffle_rng
from .errors import IllegalActionError
from .events import Event
from .names import SEAT_COLOURS, same_name, tidy_name
from .ruleset import Ruleset, standard_ruleset
from .scoring import qualifying_destinations
from .state import GameState, Options, Phase, SeatSpec, SeatState, Settings
from .table import Table
from .terms import DESTINATIONS
from .turn_rules import playable_cards

RULES_VERSION = 1
"""The version of the rules this engine plays. Raise it with every change to the rules code
that can change what a move does (not for faster code that plays the same), and say what
changed in :data:`RULES_CHANGES`: saves record it, and a game saved under earlier rules whose
moves no longer replay goes on from its saved position (``park.engine.save``).
``tests/engine/test_golden_games.py`` fails when a change plays recorded games differently."""

RULES_CHANGES: dict[int, str] = {}
"""What each rules version changed, in a sentence for players (none since version 1)."""

HAND_SIZE = 5
"""Cards dealt to each player at setup (R10)."""

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


def _seat_specs(players: int | Sequence[str | SeatSpec]) -> tuple[SeatSpec, ...]:
    if isinstance(players, int) and not isinstance(players, bool):
        names: Sequence[str | SeatSpec] = [f"Player {i + 1}" for i in range(players)]
    elif isinstance(players, Sequence) and not isinstance(players, str):
        names = players
    else:
        raise ValueError("players must be a player count or a list of names / SeatSpecs")
    specs: list[SeatSpec] = []
    for i, p in enumerate(names):
        try:
            if isinstance(p, SeatSpec):
                spec = p
            elif isinstance(p, str) and tidy_name(p):
                spec = SeatSpec(tidy_name(p), SEAT_COLOURS[i % len(SEAT_COLOURS)])
            else:
                raise ValueError(f"a name must be non-empty text, got {p!r}")
        except ValueError as exc:
            raise ValueError(f"seat {i + 1}: {exc}") from None
        for j, other in enumerate(specs):
            if same_name(spec.name, other.name):
                raise ValueError(f"seats {j + 1} and {i + 1} are both called {spec.name!r}")
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
    table = Table(state)
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
        plays = rules.plays
        return (*(plays[c] for c in playable_cards(rules, seat.position, seat.hand)), _SKIP)
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
    table = Table(state)
    table.act(action)
    if _cannot_be_taken_back(state, table):
        table.undo_floor = len(state.log) + 1
    return table.freeze(state.log.appended(action)), tuple(table.events)


def _cannot_be_taken_back(before: GameState, after: Table) -> bool:
    """Whether an action just carried out on ``after`` ends what ``undo`` may take back.

    It does if it began another turn, ended the game, took cards from the deck (a draw, a Fad
    reveal: hidden cards seen) or shuffled (the seeded RNG used). The board-game-platform
    convention.
    """
    return (
        after.turn != before.turn
        or after.phase is Phase.OVER
        or after.shuffles != before.shuffles
        or len(after.deck) != len(before.deck)
    )
