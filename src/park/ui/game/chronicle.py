"""The game log of a session and what each human at the device is told.

Kept from the events of every decision.

A :class:`Chronicle` is fed every decision's events by its :class:`~park.ui.game.session.Session`.
It keeps the log's lines (from the table's point of view: one human's, or in a hot-seat game
public events only, so that no line gives away a hand), "Since your last turn" for every human
seat, each AI turn's sentence for the live region, the undo marks of the turn, and the cards
each human drew with their last decision (R104: a human is told only what their seat may see).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from park.engine.board import Board
from park.engine.deck import Card
from park.engine.events import Event, EventKind, TurnStarted
from park.engine.rules import apply
from park.engine.save import start_of
from park.engine.state import GameState
from park.ui.game.recap import Happening, since_last_turn, turn_sentence
from park.ui.lang.text import describe
from park.ui.play.view_types import LogLine, RecapLine

LOG_LIMIT = 3000
"""How many game-log lines a session keeps (older ones are dropped; a long seven-player game
makes about 2,000)."""

_REVEALS = (EventKind.DREW_CARD, EventKind.FAD_REVEALED, EventKind.RESHUFFLED)
"""Events of a human's decision that cannot be taken back (``park.engine.undo``)."""


class Chronicle:
    """The log and the recaps of one game.

    ``names``: every seat's name in seat order; ``humans``: the seats played at this device;
    ``cards`` maps card ids to cards; ``log``: lines to start from (a resumed game's are
    rebuilt by replay instead). With one human the log speaks to them ("You drew …"); with
    several it holds public events only, naming everyone.
    """

    def __init__(
        self,
        names: Sequence[str],
        humans: Sequence[int],
        cards: Mapping[str, Card],
        board: Board,
        log: Iterable[LogLine] = (),
    ) -> None:
        self.names = list(names)
        self.humans = tuple(humans)
        self.reader: int | None = self.humans[0] if len(self.humans) == 1 else None
        """Whose point of view the log takes: the only human, or ``None`` (public events
        only) when several humans share the device."""
        self._cards = cards
        self._board = board
        self.log: list[LogLine] = list(log)[-LOG_LIMIT:]
        self.recent: tuple[Event, ...] = ()
        """The latest decision's events the log's reader may see, for trails on the map."""
        self.announcement: tuple[int, str] | None = None
        """The last finished turn of a seat other than the log's reader in one sentence,
        with its turn number (for the page's live region, which says each once)."""
        self.last_reveal = ""
        """The kind of the last event of a human's decision that cannot be undone."""
        self.turn = 0
        self._since: dict[int, list[Happening]] = {seat: [] for seat in self.humans}
        self._this_turn: list[Happening] = []
        self._undo_marks: list[int] = []
        self._new: dict[int, frozenset[str]] = {seat: frozenset() for seat in self.humans}

    def note(self, line: LogLine) -> None:
        """Add ``line`` to the log (the oldest lines go past :data:`LOG_LIMIT`)."""
        self.log.append(line)
        if len(self.log) > LOG_LIMIT:
            dropped = len(self.log) - LOG_LIMIT
            del self.log[:dropped]
            self._undo_marks = [max(0, m - dropped) for m in self._undo_marks]

    def new_cards(self, seat: int) -> frozenset[str]:
        """The cards human ``seat`` drew with their last decision.

        They are marked "New" in their hand until their next decision.
        """
        return self._new.get(seat, frozenset())

    @property
    def has_undo_marks(self) -> bool:
        """Whether a human decided something this turn (a decision Undo may take back)."""
        return bool(self._undo_marks)

    def before_human_action(self, seat: int) -> None:
        """Human ``seat`` is about to decide.

        Their "New" marks go, and the log's length is marked for Undo.
        """
        self._new[seat] = frozenset()
        self._undo_marks.append(len(self.log))

    def undo_last(self) -> None:
        """Drop the log lines of the decision Undo took back."""
        mark = self._undo_marks.pop() if self._undo_marks else len(self.log)
        del self.log[mark:]
        self.recent = ()

    def since_last_turn(
        self, seat: int, *, months: int, months_needed: int
    ) -> tuple[RecapLine, ...]:
        """What human ``seat`` is told happened since their last turn ended.

        The events their seat may see, with their ``months`` of ``months_needed`` Month counters
        (R75).
        """
        happenings = [h for h in self._since.get(seat, ()) if h.event.visible_to(seat)]
        return since_last_turn(
            happenings,
            you=seat,
            names=self.names,
            cards=self._cards,
            board=self._board,
            months=months,
            months_needed=months_needed,
        )

    def events(self, events: Iterable[Event], actor: int) -> list[LogLine]:
        """Log the events of one decision by ``actor`` and follow the turn.

        What each human is told at their next turn, the turn's sentence, the undo marks and the
        cards drawn.

        Returns:
            The new log lines.
        """
        events = tuple(events)
        reader = self.reader
        self.recent = tuple(e for e in events if e.visible_to(reader))
        lines: list[LogLine] = []
        for event in events:
            if event.kind == EventKind.TURN_STARTED:
                self.turn = int(event.data.get("turn", self.turn + 1))
                self._this_turn = []
                self._undo_marks = []
            happening = Happening(actor, event)
            self._this_turn.append(happening)
            for seat, since in self._since.items():
                if seat != actor:
                    since.append(happening)
            if event.kind == EventKind.DREW_CARD and event.seat in self._new:
                self._new[event.seat] |= {str(event.data.get("card"))}
            if actor in self.humans and event.kind in _REVEALS:
                self.last_reveal = event.kind
            if event.kind in (EventKind.TURN_ENDED, EventKind.GAME_WON) and event.seat is not None:
                self._turn_ended(event.seat)
            if not event.visible_to(reader):
                continue
            text = describe(event, self.names, self._cards, you=reader)
            if text is None:
                continue
            line = LogLine(text, event.seat, event.kind, self.turn)
            self.note(line)
            lines.append(line)
        return lines

    def _turn_ended(self, seat: int) -> None:
        if seat in self._since:
            # What the human did last that the next turn should recall: their own score and
            # the Fad it turned over; the rest of "since your last turn" starts afresh.
            self._since[seat] = [
                h for h in self._this_turn if h.event.kind in (EventKind.SCORED, EventKind.FAD_SET)
            ]
        if seat == self.reader:
            return
        visible = [h for h in self._this_turn if h.event.visible_to(self.reader)]
        sentence = turn_sentence(
            seat, visible, you=self.reader, names=self.names, cards=self._cards, board=self._board
        )
        self.announcement = (self.turn, sentence)


def turn_started(state: GameState) -> tuple[Event, ...]:
    """The event that opens the active seat's turn in the log of ``state``.

    The turn's number, the seat's Month counters and its space.
    """
    seat = state.seats[state.active]
    return (
        Event(
            EventKind.TURN_STARTED,
            state.active,
            TurnStarted(turn=state.turn, months=seat.months, space=seat.position),
        ),
    )


def replayed(
    state: GameState, names: Sequence[str], humans: Sequence[int], cards: Mapping[str, Card]
) -> tuple[Chronicle, int | None]:
    """The log of the game in ``state`` (a resumed game), rebuilt by replaying its actions.

    Also the last human seat who decided (``None`` when no human has yet). Arguments as
    :class:`Chronicle`'s.
    """
    replay = start_of(state)
    chronicle = Chronicle(names, humans, cards, state.rules.board)
    chronicle.events(turn_started(replay), replay.active)
    last_human: int | None = None
    for action in state.log:
        actor = replay.active
        replay, events = apply(replay, action)
        if actor in humans:
            chronicle.before_human_action(actor)
            last_human = actor
        chronicle.events(events, actor)
    return chronicle, last_human
