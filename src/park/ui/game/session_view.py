"""A game at this device as the page reads it: whose turn, the hands shown, the view, the log.

:class:`SessionView` is the reading half of :class:`~park.ui.game.session.Session`, which changes
the game (starting, resuming, acting; its bots are ``park.ui.game.ai_seats``): nothing here
changes it. The page renders :meth:`SessionView.view`. In a hot-seat game every hand is hidden
between two human turns: :attr:`SessionView.hand_shown` is false until the human to move says
they are at the device (``Session.show_hand``), and until then the view holds no hand at all
(R104).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from park.engine.deck import Card
from park.engine.events import Event, EventKind
from park.engine.levels import HUMAN, thinks_on_budget
from park.engine.observation import Observation, observe
from park.engine.rules import legal_actions
from park.engine.save import Note, dumps
from park.engine.state import GameState, Phase
from park.engine.undo import can_undo
from park.ui.coach.table import Coach
from park.ui.game import session_words as words
from park.ui.game.chronicle import Chronicle
from park.ui.game.saves import REVISION_NOTE
from park.ui.play.view import build_view
from park.ui.play.view_types import GameView, LogLine, RecapLine
from park.ui.setup.modes import PlayMode
from park.ui.setup.settings import DEFAULT_LEVEL, NewGameSettings


class SessionView:
    """What the page reads of a game at this device (the attributes a ``Session`` sets).

    ``state`` is the game now, ``humans`` the seats people play at this device, ``mode`` how
    the game is played, ``coach`` its hints and ``chronicle`` its log.
    """

    state: GameState
    humans: tuple[int, ...]
    friends: tuple[int, ...] = ()
    """The seats played from friends' devices at a live table this page hosts (``park.ui.live``)."""
    stand_ins: dict[int, str]
    """The AI level playing each friend's seat while its friend is away (none: the game waits)."""
    mode: PlayMode
    coach: Coach
    chronicle: Chronicle
    _cards: dict[str, Card]
    _last_human: int
    _shown: int | None

    @property
    def names(self) -> list[str]:
        """Every seat's name, in seat order."""
        return [s.name for s in self.state.settings.seats]

    @property
    def cards(self) -> Mapping[str, Card]:
        """The game's cards by id."""
        return self._cards

    @property
    def seed(self) -> int:
        """The game's seed (shown as the game number)."""
        return self.state.settings.seed

    @property
    def is_over(self) -> bool:
        """Whether someone has won."""
        return self.state.phase is Phase.OVER

    @property
    def human(self) -> int:
        """The human seat the page shows: the one to move, else the last (or only) one who moved."""
        active = self.state.active
        return active if active in self.humans else self._last_human

    @property
    def human_to_move(self) -> bool:
        """Whether a human must decide now."""
        return not self.is_over and self.state.active in self.humans

    @property
    def ai_to_move(self) -> bool:
        """Whether a bot must decide now (an AI seat's, or an away friend's stood in for)."""
        active = self.state.active
        if self.is_over or active in self.humans:
            return False
        return active not in self.friends or active in self.stand_ins

    @property
    def friend_to_move(self) -> bool:
        """Whether a friend at a live table must decide now, from their own device."""
        active = self.state.active
        return not self.is_over and active in self.friends and active not in self.stand_ins

    @property
    def hand_shown(self) -> bool:
        """Whether :attr:`human`'s hand may be seen: one human, game over, or :meth:`show_hand`."""
        return not self.mode.privacy_screen or self.is_over or self._shown == self.human

    @property
    def privacy_needed(self) -> bool:
        """Whether the page covers the table until the human to move shows their hand (hot-seat)."""
        return self.mode.privacy_screen and self.human_to_move and not self.hand_shown

    @property
    def human_position(self) -> str:
        """The space id the human seat's pawn is on (the seat at the device in hot-seat)."""
        return self.state.seats[self.human].position

    @property
    def turn(self) -> int:
        """The turn's number (the engine's turn counter): it changes when a turn passes."""
        return self.state.turn

    @property
    def active(self) -> int:
        """The seat that decides now (a human's or an AI seat's)."""
        return self.state.active

    @property
    def actions_played(self) -> int:
        """How many decisions have been applied since the deal (undo takes some back)."""
        return len(self.state.log)

    @property
    def human_at_marketplace(self) -> bool:
        """Whether the human to move is choosing cards to exchange at the Marketplace (R46)."""
        return self.human_to_move and self.state.phase is Phase.MARKET

    @property
    def log(self) -> list[LogLine]:
        """The game log's lines, oldest first (``Chronicle.log``)."""
        return self.chronicle.log

    @property
    def recent(self) -> tuple[Event, ...]:
        """The latest decision's events for trails on the map (``Chronicle.recent``)."""
        return self.chronicle.recent

    @property
    def announcement(self) -> tuple[int, str] | None:
        """The last turn for the live region (``Chronicle.announcement``)."""
        return self.chronicle.announcement

    @property
    def new_cards(self) -> frozenset[str]:
        """Cards :attr:`human` drew with their last decision, marked "New" in the hand."""
        return self.chronicle.new_cards(self.human) if self.hand_shown else frozenset()

    def observation(self) -> Observation:
        """What :attr:`human` may know, all the page renders; no hand unless :attr:`hand_shown`."""
        seen = observe(self.state, self.human)
        return seen if self.hand_shown else replace(seen, hand=())

    def view(self, *, reach: bool = False) -> GameView:
        """The view model for :attr:`human`: latest moves as trails, the cards just drawn marked.

        With ``reach``, Park's reach on the map during the human's turn in a game with hints
        (``Coach.reach``). No decision is offered while the hand is hidden.
        """
        shown = self.hand_shown
        chances = self.coach.reach(self.state, self.human) if reach and shown else None
        legal = legal_actions(self.state) if shown else ()
        return build_view(self.observation(), legal, self.recent, self.new_cards, chances)

    def since_last_turn(self) -> tuple[RecapLine, ...]:
        """What happened since the human's last turn ended, so far (``recap.since_last_turn``)."""
        if not self.hand_shown:
            return ()
        return self.chronicle.since_last_turn(
            self.human,
            months=self.state.seats[self.human].months,
            months_needed=self.state.months_needed,
        )

    @property
    def can_undo(self) -> bool:
        """Whether the human may take back their last decision now (``park.engine.undo``).

        Never at a live table (docs/live.md): the friends have seen the decision.
        """
        if self.friends:
            return False
        return self.human_to_move and self.hand_shown and can_undo(self.state, self.human)

    @property
    def undo_note(self) -> str | None:
        """Why Undo is not offered: a decision this turn cannot be taken back (else ``None``)."""
        if not self.human_to_move or self.can_undo or not self.chronicle.has_undo_marks:
            return None
        return words.undo_note(self.chronicle.last_reveal)

    def settings_again(self) -> NewGameSettings:
        """This game's table (humans' names, opponents, their level) for "Play again", new deal."""
        seats = self.state.settings.seats
        names = [seats[i].name for i in self.humans]
        levels = [s.controller for i, s in enumerate(seats) if i not in self.humans]
        return NewGameSettings(
            names[0],
            len(levels),
            levels[0] if levels else DEFAULT_LEVEL,
            None,
            self.coach.hints,
            tuple(names[1:]),
        )

    def save_text(self, revision: int = 0) -> str:
        """The autosave (``park.dumps``), its ``revision`` among this browser's saves if not 0."""
        notes: dict[str, Note] = {**self.coach.notes(), **self.mode.notes()}
        if self.friends and self.stand_ins:
            from park.ui.setup.modes import STAND_INS_NOTE, stand_ins_note

            notes[STAND_INS_NOTE] = stand_ins_note(self.stand_ins)
        return dumps(self.state, notes=notes | {REVISION_NOTE: revision} if revision else notes)

    def news(self, lines: Sequence[LogLine]) -> str | None:
        """The one of a human's action's log ``lines`` worth showing above the game, or ``None``.

        Not only in the log: a human's own expedition scored (R83-R88), or their win.
        """
        for line in reversed(lines):
            if line.seat in self.humans and line.kind in (EventKind.GAME_WON, EventKind.SCORED):
                return line.text
        return None

    def level_of(self, seat: int) -> str:
        """Who plays ``seat``: ``"human"`` or an AI level."""
        return self.state.settings.seats[seat].controller

    @property
    def ai_levels(self) -> frozenset[str]:
        """The AI levels playing in this game."""
        return frozenset(s.controller for s in self.state.settings.seats) - {HUMAN}

    @property
    def thinks_on_budget(self) -> bool:
        """Whether an AI level thinks on a time budget (hard: the page then offers a time menu)."""
        return thinks_on_budget(self.ai_levels)
