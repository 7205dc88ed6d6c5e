"""A finished game played back from its saved actions, one decision at a time.

:class:`Replay` rebuilds every state of a game from its first state and its action log
(``GameState.log``, which the save keeps), so step ``k`` is exactly the state after ``k``
decisions. The page shows a step from one seat's chair (that seat's observation: its hand and
everything public, R103-R104, which is all an AI seat's decisions were based on) or, once the
game is over, everything (every hand and the deck).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from park.engine.events import Event
from park.engine.rules import apply
from park.engine.save import start_of
from park.engine.state import GameState


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of the game.

    ``actor`` made it (``action`` in its text form) and it gave ``events``, in turn ``turn``.
    """

    actor: int
    action: str
    events: tuple[Event, ...]
    turn: int


class Replay:
    """Every state of the game that ``final`` ended (or has reached), from its first.

    ``states[k]`` is the state after ``k`` decisions (``states[0]`` the deal, ``states[-1]``
    equal to ``final``); ``steps[k - 1]`` is the decision that led to it, made in turn
    ``steps[k - 1].turn`` (the last decision of a turn belongs to it, though the state after
    it is the next turn's). ``turn_starts`` are the indices of the states after each turn's
    first decision (the first is 0, the deal, with turn 1's first decision).
    """

    def __init__(self, final: GameState) -> None:
        state = start_of(final)
        self.states: list[GameState] = [state]
        self.steps: list[Step] = []
        self.turn_starts: list[int] = [0]
        for action in final.log:
            actor, turn = state.active, state.turn
            state, events = apply(state, action)
            if self.steps and turn != self.steps[-1].turn:
                self.turn_starts.append(len(self.states))
            self.steps.append(Step(actor, str(action), events, turn))
            self.states.append(state)

    @property
    def last(self) -> int:
        """The index of the last state (how many decisions the game had)."""
        return len(self.states) - 1

    def clamp(self, index: int) -> int:
        """``index`` kept between 0 and :attr:`last`."""
        return max(0, min(self.last, index))

    def state_at(self, index: int) -> GameState:
        """The state after ``index`` decisions. Raises ``IndexError`` outside 0..:attr:`last`."""
        if not 0 <= index <= self.last:
            raise IndexError(f"no step {index}: the game has steps 0 to {self.last}")
        return self.states[index]

    def turn_of(self, index: int) -> int:
        """The turn number of state ``index``'s decision (1 for the deal)."""
        index = self.clamp(index)
        return self.steps[index - 1].turn if index else self.states[0].turn

    def slider_index(self, turn: int) -> int:
        """The state a turn slider at ``turn`` (0-based, in :attr:`turn_starts`) shows.

        The turn's start, and at the last turn the game's end.
        """
        if turn >= len(self.turn_starts) - 1:
            return self.last
        return self.turn_starts[max(0, turn)]

    def turn_index(self, index: int) -> int:
        """Which turn (0-based, in :attr:`turn_starts`) state ``index`` belongs to."""
        return bisect_right(self.turn_starts, self.clamp(index)) - 1

    def next_turn(self, index: int) -> int:
        """The first state of the turn after ``index``'s (the last state if none)."""
        turn = self.turn_index(index)
        if turn + 1 < len(self.turn_starts):
            return self.turn_starts[turn + 1]
        return self.last

    def previous_turn(self, index: int) -> int:
        """The first state of ``index``'s turn.

        Or of the turn before when ``index`` is already the first of its turn.
        """
        turn = self.turn_index(index)
        start = self.turn_starts[turn]
        if start == self.clamp(index) and turn > 0:
            return self.turn_starts[turn - 1]
        return start
