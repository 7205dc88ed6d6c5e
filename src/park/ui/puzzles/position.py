"""A puzzle's position, rebuilt through the engine, and the session a person plays it in.

:func:`puzzle_state` deals the puzzle's game from its seed and replays its first moves, so
the position is always the engine's own (never a stored state); the solver's seat is the
person's, the other seats keep their AI levels and are named as the New game form names
opponents. :class:`PuzzlePosition` tells when the person's turn is over (they stepped into
a Café, a Hotel, the Marketplace or onto a shop they played nothing at, stayed put, or
decided at the Club: R21-R53) and what they played in it. :func:`puzzle_session` is the
:class:`~park.ui.game.session.Session` the page draws and acts on: no hints, and the AI
seats never play in it (the page stops at the end of the turn).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from park.engine.actions import Action
from park.engine.levels import HUMAN
from park.engine.names import SEAT_COLOURS, same_name
from park.engine.rules import apply, legal_actions, new_game
from park.engine.state import TURN_PHASES, GameState, Phase, SeatSpec
from park.ui.lang.i18n import _
from park.ui.lang.text import OPPONENT_NAMES
from park.ui.puzzles.catalogue import Puzzle, PuzzleDataError
from park.ui.setup.modes import Kind, PlayMode

if TYPE_CHECKING:
    from park.ui.game.session import Session


def puzzle_seats(puzzle: Puzzle, name: str) -> list[SeatSpec]:
    """The seats of ``puzzle``'s game.

    The solver's played by the person ``name`` (``"You"`` if an opponent has that name) in the first
    pawn colour, the others by the AI levels that played them, named and coloured as the New game
    form does.
    """
    seats: list[SeatSpec] = []
    taken = [_(opponent) for opponent in OPPONENT_NAMES[: len(puzzle.game.seats) - 1]]
    if any(same_name(name, opponent) for opponent in taken):
        name = _("You")  # an opponent's name: the person is "You" in this puzzle
    opponents = iter(OPPONENT_NAMES)
    colours = iter(SEAT_COLOURS[1:])
    for seat, level in enumerate(puzzle.game.seats):
        if seat == puzzle.seat:
            seats.append(SeatSpec(name, SEAT_COLOURS[0], HUMAN))
        else:
            opponent = next(opponents)
            seats.append(SeatSpec(_(opponent), next(colours), level))
    return seats


def puzzle_state(puzzle: Puzzle, name: str) -> GameState:
    """The position of ``puzzle`` with the person ``name`` at the solver's seat.

    See :func:`puzzle_seats`. Raises :class:`~park.ui.puzzles.catalogue.PuzzleDataError` naming the
    puzzle if a move does not replay, the position is not the start of the solver's turn, or its
    best plan or runner-up is not legal there.
    """
    where = f"puzzle {puzzle.number}"
    state = new_game(puzzle_seats(puzzle, name), puzzle.game.seed)
    for number, index in enumerate(puzzle.game.move_indexes()[: puzzle.at], start=1):
        legal = legal_actions(state)
        if index >= len(legal):
            raise PuzzleDataError(
                f"puzzles.json: {where}: its game does not replay (move {number} is number "
                f"{index + 1} of {len(legal)} legal actions)"
            )
        state, _events = apply(state, legal[index])
    if state.active != puzzle.seat or state.phase is not Phase.START:
        raise PuzzleDataError(
            f"puzzles.json: {where}: it is not the start of seat {puzzle.seat}'s turn"
        )
    position = PuzzlePosition(puzzle, state)
    for plan in (puzzle.best_actions(), puzzle.runner_up_actions()):
        if not position.plays(plan):
            raise PuzzleDataError(f"puzzles.json: {where}: a plan of it is not a legal turn there")
    return state


@dataclass(frozen=True, slots=True)
class PuzzlePosition:
    """``puzzle`` at its ``start`` (the state :func:`puzzle_state` rebuilt)."""

    puzzle: Puzzle
    start: GameState

    def over(self, state: GameState) -> bool:
        """Whether the solver's turn, played from :attr:`start` to ``state``, is over.

        Another seat is to move, or the decision is no longer one of a turn plan
        (:data:`TURN_PHASES`).
        """
        return (
            state.active != self.puzzle.seat
            or state.turn != self.start.turn
            or state.phase not in TURN_PHASES
        )

    def played(self, state: GameState) -> tuple[Action, ...]:
        """The solver's decisions from :attr:`start` to ``state`` (its turn plan so far)."""
        log = state.log
        return tuple(log[i] for i in range(len(self.start.log), len(log)))

    def plays(self, actions: tuple[Action, ...]) -> bool:
        """Whether ``actions`` is a whole turn plan from :attr:`start`.

        Each legal in turn, and the turn over after the last and not before.
        """
        state = self.start
        for action in actions:
            if self.over(state) or action not in legal_actions(state):
                return False
            state, _events = apply(state, action)
        return self.over(state)


def puzzle_session(puzzle: Puzzle, name: str, *, start: GameState | None = None) -> Session:
    """The session in which the person ``name`` plays ``puzzle``.

    Its position (:func:`puzzle_state`, or ``start`` when it was rebuilt already: the person's
    name is in it), with the game's log so far ending on the puzzle's question, no hints, and the
    mode :attr:`~park.ui.setup.modes.Kind.PUZZLE`. Raises
    :class:`~park.ui.puzzles.catalogue.PuzzleDataError` as :func:`puzzle_state` does.
    """
    from park.engine.save import dumps
    from park.ui.coach.table import Coach
    from park.ui.game.session import Session

    state = start if start is not None else puzzle_state(puzzle, name)
    mode = PlayMode(Kind.PUZZLE, puzzle=puzzle.number)
    notes = {**Coach(hints=False).notes(), **mode.notes()}
    return Session.resume(dumps(state, notes=notes), note=puzzle_question(puzzle))


def puzzle_question(puzzle: Puzzle) -> str:
    """The puzzle's question line, as in "Puzzle 17: find the best turn.".

    The log's line at the puzzle's start, and what the live region says when it is set.
    """
    return _("Puzzle {number}: find the best turn.").format(number=puzzle.number)
