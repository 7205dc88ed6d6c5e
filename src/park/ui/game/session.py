"""The game session behind the page: the humans at this device against AI seats.

There is one human, or several taking turns in a hot-seat game. A :class:`Session` owns the current
:class:`~park.engine.state.GameState`: it starts or resumes a game, applies the humans' choices and
the bots' decisions (thinking in slices, :meth:`Session.think`, so the page stays responsive; the
bots are ``park.ui.game.ai_seats``'), keeps the game log (``park.ui.game.chronicle``) and gives
the save text after every action. It never touches a browser: what the page reads of it (whose
turn, the hands shown, the view it renders, the log) is its half ``park.ui.game.session_view``,
and what it says to the player is in ``park.ui.game.session_words``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from park.engine.actions import Action, parse_action
from park.engine.deck import Card
from park.engine.errors import IllegalActionError, SaveError
from park.engine.events import Event
from park.engine.levels import HUMAN
from park.engine.rules import apply, new_game
from park.engine.save import restore
from park.engine.state import GameState, Phase
from park.engine.undo import undo
from park.ui.coach.table import Coach
from park.ui.game import session_words as words
from park.ui.game.ai_seats import AiSeats, BotFactory, make_bot
from park.ui.game.chronicle import Chronicle, replayed, turn_started
from park.ui.game.session_view import SessionView
from park.ui.play.decision import exchange_actions
from park.ui.play.view_types import LogLine
from park.ui.setup.modes import PlayMode
from park.ui.setup.seats import localized, seat_specs
from park.ui.setup.settings import NewGameSettings

__all__ = ["BotFactory", "Session", "make_bot", "resume_or_new", "seat_specs"]


class Session(SessionView):
    """A game in progress at this device.

    ``humans`` are the seats whose controller is ``"human"`` (one, or several in a hot-seat
    game); every other seat is played by a bot of its controller's level, made on first use by
    ``bot_factory`` (default :func:`park.ai.make_bot`; ``park.ui.game.ai_seats``). ``daily``: the
    date of a "Today's expedition" game, else ``None``; with the humans, it makes the game's
    :attr:`mode` (``park.ui.setup.modes``). Raises ``ValueError`` for a game with no human seat.
    """

    def __init__(
        self,
        state: GameState,
        *,
        bot_factory: BotFactory = make_bot,
        log: Iterable[LogLine] = (),
        coach: Coach | None = None,
        daily: str | None = None,
        friends: Sequence[int] = (),
    ) -> None:
        humans = tuple(
            i
            for i, s in enumerate(state.settings.seats)
            if s.controller == HUMAN and i not in friends
        )
        if not humans:
            raise ValueError(words.no_human_seat())
        self.state = state
        self.humans = humans
        self.friends = tuple(friends)
        self.stand_ins = {}
        self.mode = PlayMode.of(len(humans), daily)
        """How this game is played (solo, hot-seat, Today's expedition) and its rules."""
        self.coach = coach or Coach()
        """Hints for the human to move (``park.ui.coach.table``)."""
        self.ai = AiSeats(bot_factory)
        """The AI seats' bots (``park.ui.game.ai_seats``)."""
        self._cards: dict[str, Card] = {c.id: c for c in state.rules.cards}
        self.chronicle = Chronicle(self.names, humans, self._cards, state.rules.board, log)
        """The game log and what each human is told (``park.ui.game.chronicle``)."""
        self._last_human = humans[0]
        self._shown: int | None = None
        self.notices: tuple[str, ...] = ()
        """What the player should know about a resumed game (it went on with earlier cards
        or rules, see ``park.engine.save.restore``)."""

    # -- creating and resuming --------------------------------------------------------------

    @classmethod
    def new(
        cls,
        settings: NewGameSettings,
        *,
        bot_factory: BotFactory = make_bot,
        entropy: random.Random | None = None,
        daily: str | None = None,
        friends: Sequence[int] = (),
    ) -> Session:
        """Start a game from the New game form, dealt with the seed its mode says.

        :meth:`PlayMode.seed`: a missing one is drawn from ``entropy`` (default: the system's
        randomness). ``daily``: the date of a "Today's expedition" game (or ``settings.day``).
        ``friends``: the seats of a live table played from friends' devices (``park.ui.live``;
        their names are the form's other humans'). Raises ``ValueError`` for invalid settings.
        """
        settings = replace(settings, day=daily or settings.day).validated()
        state = new_game(seat_specs(settings), settings.mode.seed(settings, entropy))
        session = cls(
            state,
            bot_factory=bot_factory,
            coach=Coach(hints=settings.hints),
            daily=settings.day,
            friends=friends,
        )
        mode = settings.mode
        if friends:
            mode = replace(mode, humans=len(session.humans), friends=tuple(friends))
        session.mode = mode
        session.chronicle.note(LogLine(words.new_game_note(state), None, "setup", 0))
        session.chronicle.events(turn_started(state), state.active)
        return session

    @classmethod
    def resume(
        cls, text: str, *, bot_factory: BotFactory = make_bot, note: str | None = None
    ) -> Session:
        """The game saved in ``text`` (from :meth:`save_text`), with its log rebuilt by replay.

        Its AI opponents are named in the page's language (``park.ui.setup.seats.localized``); the
        log's last line is ``note`` (default: that the saved game was resumed). Raises
        :class:`~park.engine.errors.SaveError` with a readable reason if the save is damaged, from
        another version, or has no human seat.
        """
        restored = restore(text)
        try:
            mode = PlayMode.from_notes(restored.notes, 1)
            session = cls(
                localized(restored.state),
                bot_factory=bot_factory,
                coach=Coach.from_notes(restored.notes),
                daily=mode.day,
                friends=mode.friends,
            )
        except ValueError as exc:
            raise SaveError(words.unplayable_save(exc)) from None
        session.mode = PlayMode.from_notes(restored.notes, len(session.humans))
        if session.friends:
            from park.ui.setup.modes import stand_ins_from

            session.stand_ins = stand_ins_from(restored.notes, session.friends)
        session._rebuild_log(words.resumed_note() if note is None else note)
        session.notices = restored.notices
        return session

    def _rebuild_log(self, note: str) -> None:
        self.chronicle, last_human = replayed(self.state, self.names, self.humans, self._cards)
        if last_human is not None:
            self._last_human = last_human
        self.chronicle.note(LogLine(note, None, "setup", self.state.turn))
        self.chronicle.recent = ()
        self.chronicle.announcement = None

    # -- acting ------------------------------------------------------------------------------

    def show_hand(self) -> None:
        """The human to move is at the device: their hand may be shown ("Show my hand").

        Raises :class:`~park.engine.errors.IllegalActionError` when no human is to move.
        """
        if not self.human_to_move:
            raise IllegalActionError(words.not_a_human_turn())
        self._shown = self.state.active

    def undo(self) -> None:
        """Take back the human's last decision this turn (``UndoError`` unless :attr:`can_undo`)."""
        if not self.human_to_move:
            raise IllegalActionError(words.nothing_to_undo_now())
        self.state = undo(self.state, self.human)
        self.coach.acted(None)
        self.chronicle.undo_last()

    def act(self, action: Action | str) -> list[LogLine]:
        """Apply the human's ``action`` (or its text form, e.g. ``"step:3"``).

        Returns the new log lines. Raises :class:`~park.engine.errors.IllegalActionError` if it is
        not a human's turn, their hand is not shown (hot-seat) or the action is not legal; the
        game is then unchanged.
        """
        if not self.human_to_move:
            raise IllegalActionError(words.not_your_turn())
        if not self.hand_shown:
            raise IllegalActionError(words.show_hand_first(self.names[self.human]))
        if isinstance(action, str):
            action = parse_action(action)
        return self._apply(action)

    def exchange(self, card_ids: Sequence[str]) -> list[LogLine]:
        """At the Marketplace, discard ``card_ids`` one by one and finish the exchange (R46, R47).

        Raises ``IllegalActionError`` (game unchanged) for a card not in hand or no Marketplace.
        """
        if not self.human_at_marketplace:
            raise IllegalActionError(words.not_at_the_marketplace())
        if not self.hand_shown:
            raise IllegalActionError(words.show_hand_first(self.names[self.human]))
        if len(set(card_ids)) != len(card_ids):
            raise IllegalActionError(words.card_chosen_twice())
        seat = self.human
        state = self.state
        events: list[Event] = []
        for action in exchange_actions(card_ids):
            state, evs = apply(state, action)
            events.extend(evs)
        self._before_human_action(seat)
        self.coach.acted(None)
        self._moved(seat, state)
        return self.chronicle.events(events, seat)

    def think(self, budget: float | None = None) -> Iterator[Action | None]:
        """The active bot's thinking, in slices (``None`` between them, then the chosen action).

        Apply it with :meth:`play`. ``budget``: the page's thinking time (default
        :data:`park.ai.DEFAULT_BUDGET`), stretched by the level's factor (``thinking_time``). The
        bot's RNG is ``park.ai.base.decision_rng``'s: the same moves replay the same. Raises
        ``RuntimeError`` if it is not a bot's turn.
        """
        if not self.ai_to_move:
            raise RuntimeError(words.not_an_ai_turn())
        return self.ai.think(self.state, budget, self.stand_ins.get(self.state.active))

    def suggest(self, level: str, budget: float | None = None) -> Iterator[Action | None]:
        """A bot's move for the human, in slices (autoplay test mode: then not in "Your record")."""
        if not self.human_to_move:
            raise RuntimeError(words.not_your_turn())
        self.mode = self.mode.autoplayed()  # a bot plays a human's seat: nobody's own game
        return self.ai.suggest(self.state, self.human, level, budget)

    def suggest_exchange(self, level: str) -> list[str]:
        """Card ids a bot would discard at the Marketplace for the human (autoplay test mode)."""
        if not self.human_at_marketplace:
            raise RuntimeError(words.not_at_the_marketplace())
        self.mode = self.mode.autoplayed()
        return self.ai.exchange(self.state, self.human, level)

    def play(self, action: Action) -> list[LogLine]:
        """Apply a bot's chosen ``action`` for the active AI seat; returns the new log lines.

        Raises :class:`~park.engine.errors.IllegalActionError` if it is not legal now.
        """
        if not self.ai_to_move:
            raise IllegalActionError(words.not_an_ai_turn())
        return self._apply(action)

    def act_for(self, seat: int, action: Action | str) -> list[LogLine]:
        """Apply the decision of the friend at ``seat`` of a live table (checked by the host).

        Returns the new log lines. Raises :class:`~park.engine.errors.IllegalActionError` if it is
        not that friend's turn or the action is not legal; the game is then unchanged.
        """
        if not self.friend_to_move or self.state.active != seat:
            raise IllegalActionError(words.not_your_turn())
        return self._apply(parse_action(action) if isinstance(action, str) else action)

    def exchange_for(self, seat: int, card_ids: Sequence[str]) -> list[LogLine]:
        """At the Marketplace, the live table's friend at ``seat`` exchanges ``card_ids`` (R46).

        Raises ``IllegalActionError`` (game unchanged) as :meth:`exchange` does.
        """
        if not self.friend_to_move or self.state.active != seat:
            raise IllegalActionError(words.not_your_turn())
        if self.state.phase is not Phase.MARKET:
            raise IllegalActionError(words.not_at_the_marketplace())
        if len(set(card_ids)) != len(card_ids):
            raise IllegalActionError(words.card_chosen_twice())
        state, events = self.state, list[Event]()
        for action in exchange_actions(card_ids):
            state, evs = apply(state, action)
            events.extend(evs)
        self._moved(seat, state)
        return self.chronicle.events(events, seat)

    def run_ai_turns(self, budget: float | None = None, limit: int = 10_000) -> list[LogLine]:
        """Play bots' decisions without pauses until a human must decide or the game ends."""
        lines: list[LogLine] = []
        for _ in range(limit):
            if not self.ai_to_move:
                break
            action = None
            for item in self.think(budget):
                if item is not None:
                    action = item
            if action is None:
                raise RuntimeError(words.bot_chose_nothing())
            lines.extend(self.play(action))
        return lines

    def _apply(self, action: Action) -> list[LogLine]:
        actor = self.state.active
        state, events = apply(self.state, action)
        if actor in self.humans:
            self._before_human_action(actor)
            self.coach.acted(action, state)
        self._moved(actor, state)
        return self.chronicle.events(events, actor)

    def _moved(self, actor: int, state: GameState) -> None:
        """``state`` is the game now; once ``actor``'s turn passed, no hand is shown."""
        self.state = state
        if state.active != actor:
            self._shown = None

    def _before_human_action(self, seat: int) -> None:
        self._last_human = seat
        self.chronicle.before_human_action(seat)


def resume_or_new(
    saved: str | None, *, bot_factory: BotFactory = make_bot
) -> tuple[Session | None, str | None]:
    """Resume the saved game if there is one.

    Returns ``(session, None)`` on success, ``(session, notice)`` when it went on with an
    earlier version of the cards or the rules, ``(None, None)`` when nothing was saved, and
    ``(None, message)`` when the save could not be used: the page shows ``message`` and
    offers a fresh game (it never leaves a blank or frozen page).
    """
    if saved is None or not saved.strip():
        return None, None
    try:
        session = Session.resume(saved, bot_factory=bot_factory)
        return session, " ".join(session.notices) or None
    except SaveError as exc:
        return None, words.unresumable_save(exc)
