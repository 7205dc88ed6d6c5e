"""The game session behind the page: the humans at this device against AI seats.

There is one human, or several taking turns in a hot-seat game. A :class:`Session` owns the current
:class:`~park.engine.state.GameState`, applies the humans' choices and the bots' decisions (thinking
in slices, :meth:`Session.think`, so the page stays responsive), keeps the game log
(``park.ui.game.chronicle``) and gives the save text after every action. It never touches a browser:
the page renders :meth:`Session.view`. What it says to the player is in
``park.ui.game.session_words``. In a hot-seat game every hand is hidden between two human turns:
:attr:`Session.hand_shown` is false until the human to move says they are at the device
(:meth:`Session.show_hand`), and until then the view holds no hand at all (R104).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from park.engine.actions import Action, Discard, parse_action
from park.engine.deck import Card
from park.engine.errors import IllegalActionError, SaveError
from park.engine.events import Event, EventKind
from park.engine.levels import HUMAN, thinking_time, thinks_on_budget
from park.engine.observation import Observation, observe
from park.engine.rules import apply, legal_actions, new_game
from park.engine.save import Note, dumps, restore
from park.engine.state import GameState, Phase
from park.engine.undo import can_undo, undo
from park.ui.coach.table import Coach
from park.ui.game import session_words as words
from park.ui.game.chronicle import Chronicle, replayed, turn_started
from park.ui.game.saves import REVISION_NOTE
from park.ui.play.decision import exchange_actions
from park.ui.play.view import build_view
from park.ui.play.view_types import GameView, LogLine, RecapLine
from park.ui.setup.modes import PlayMode
from park.ui.setup.seats import localized, seat_specs
from park.ui.setup.settings import DEFAULT_LEVEL, NewGameSettings

if TYPE_CHECKING:
    from park.ai import Bot

BotFactory = Callable[[str], "Bot"]


def make_bot(level: str) -> Bot:
    """A fresh bot of ``level`` (:func:`park.ai.make_bot`).

    ``park.ai`` is imported here, not with this module: drawing a game does not need it, so a
    resumed game shows sooner in the browser (the page loads the AI just after). Raises
    ``ValueError`` for an unknown level.
    """
    from park.ai import make_bot as make_ai_bot

    return make_ai_bot(level)


class Session:
    """A game in progress at this device.

    ``humans`` are the seats whose controller is ``"human"`` (one, or several in a hot-seat
    game); every other seat is played by a bot of its controller's level, made on first use by
    ``bot_factory`` (default :func:`park.ai.make_bot`). ``daily``: the date of a "Today's
    expedition" game, else ``None``; with the humans, it makes the game's :attr:`mode`
    (``park.ui.setup.modes``). Raises ``ValueError`` for a game with no human seat.
    """

    def __init__(
        self,
        state: GameState,
        *,
        bot_factory: BotFactory = make_bot,
        log: Iterable[LogLine] = (),
        coach: Coach | None = None,
        daily: str | None = None,
    ) -> None:
        humans = tuple(i for i, s in enumerate(state.settings.seats) if s.controller == HUMAN)
        if not humans:
            raise ValueError(words.no_human_seat())
        self.state = state
        self.humans = humans
        self.mode = PlayMode.of(len(humans), daily)
        """How this game is played (solo, hot-seat, Today's expedition) and its rules."""
        self.coach = coach or Coach()
        """Hints for the human to move (``park.ui.coach.table``)."""
        self._bot_factory = bot_factory
        self._bots: dict[int, Bot] = {}
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
    ) -> Session:
        """Start a game from the New game form, dealt with the seed its mode says.

        :meth:`PlayMode.seed`: a missing one is drawn from ``entropy`` (default: the system's
        randomness). ``daily``: the date of a "Today's expedition" game (or ``settings.day``).
        Raises ``ValueError`` for invalid settings.
        """
        settings = replace(settings, day=daily or settings.day).validated()
        state = new_game(seat_specs(settings), settings.mode.seed(settings, entropy))
        session = cls(
            state, bot_factory=bot_factory, coach=Coach(hints=settings.hints), daily=settings.day
        )
        session.mode = settings.mode
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
            session = cls(
                localized(restored.state),
                bot_factory=bot_factory,
                coach=Coach.from_notes(restored.notes),
                daily=PlayMode.from_notes(restored.notes, 1).day,
            )
        except ValueError as exc:
            raise SaveError(words.unplayable_save(exc)) from None
        session.mode = PlayMode.from_notes(restored.notes, len(session.humans))
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

    # -- what the page shows ----------------------------------------------------------------

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
        """Whether a bot must decide now."""
        return not self.is_over and self.state.active not in self.humans

    @property
    def hand_shown(self) -> bool:
        """Whether :attr:`human`'s hand may be seen: one human, game over, or :meth:`show_hand`."""
        return not self.mode.privacy_screen or self.is_over or self._shown == self.human

    @property
    def privacy_needed(self) -> bool:
        """Whether the page covers the table until the human to move shows their hand (hot-seat)."""
        return self.mode.privacy_screen and self.human_to_move and not self.hand_shown

    def show_hand(self) -> None:
        """The human to move is at the device: their hand may be shown ("Show my hand").

        Raises :class:`~park.engine.errors.IllegalActionError` when no human is to move.
        """
        if not self.human_to_move:
            raise IllegalActionError(words.not_a_human_turn())
        self._shown = self.state.active

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
        """Whether the human may take back their last decision now (``park.engine.undo``)."""
        return self.human_to_move and self.hand_shown and can_undo(self.state, self.human)

    def undo(self) -> None:
        """Take back the human's last decision this turn (``UndoError`` unless :attr:`can_undo`)."""
        if not self.human_to_move:
            raise IllegalActionError(words.nothing_to_undo_now())
        self.state = undo(self.state, self.human)
        self.coach.acted(None)
        self.chronicle.undo_last()

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
        return dumps(self.state, notes=notes | {REVISION_NOTE: revision} if revision else notes)

    def news(self, lines: Sequence[LogLine]) -> str | None:
        """The one of a human's action's log ``lines`` worth showing above the game, or ``None``.

        Not only in the log: a human's own expedition scored (R83-R88), or their win.
        """
        for line in reversed(lines):
            if line.seat in self.humans and line.kind in (EventKind.GAME_WON, EventKind.SCORED):
                return line.text
        return None

    # -- acting ------------------------------------------------------------------------------

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

    def think(self, budget: float | None = None) -> Iterator[Action | None]:
        """The active bot's thinking, in slices (``None`` between them, then the chosen action).

        Apply it with :meth:`play`. ``budget``: the page's thinking time (default
        :data:`park.ai.DEFAULT_BUDGET`), stretched by the level's factor (``thinking_time``). The
        bot's RNG is ``park.ai.base.decision_rng``'s: the same moves replay the same. Raises
        ``RuntimeError`` if it is not a bot's turn.
        """
        if not self.ai_to_move:
            raise RuntimeError(words.not_an_ai_turn())
        seat = self.state.active
        return self._think_for(seat, self._bot(seat), thinking_time(self.level_of(seat), budget))

    def suggest(self, level: str, budget: float | None = None) -> Iterator[Action | None]:
        """A bot's move for the human, in slices (autoplay test mode: then not in "Your record")."""
        if not self.human_to_move:
            raise RuntimeError(words.not_your_turn())
        self.mode = self.mode.autoplayed()  # a bot plays a human's seat: nobody's own game
        return self._think_for(self.human, self._bot_factory(level), thinking_time(level, budget))

    def suggest_exchange(self, level: str) -> list[str]:
        """Card ids a bot would discard at the Marketplace for the human (autoplay test mode)."""
        if not self.human_at_marketplace:
            raise RuntimeError(words.not_at_the_marketplace())
        self.mode = self.mode.autoplayed()
        from park.ai.base import decision_rng

        bot, state, chosen = self._bot_factory(level), self.state, []
        while state.phase is Phase.MARKET and state.active == self.human:
            rng = decision_rng(state, self.human)
            action = bot.decide(observe(state, self.human), legal_actions(state), rng)
            if not isinstance(action, Discard):
                break
            chosen.append(action.card)
            state, _ = apply(state, action)
        return chosen

    def _think_for(self, seat: int, bot: Bot, budget: float | None) -> Iterator[Action | None]:
        from park.ai.base import decision_rng

        view = observe(self.state, seat)
        legal = legal_actions(self.state)
        return bot.decide_in_slices(view, legal, decision_rng(self.state, seat), budget)

    def play(self, action: Action) -> list[LogLine]:
        """Apply a bot's chosen ``action`` for the active AI seat; returns the new log lines.

        Raises :class:`~park.engine.errors.IllegalActionError` if it is not legal now.
        """
        if not self.ai_to_move:
            raise IllegalActionError(words.not_an_ai_turn())
        return self._apply(action)

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

    def _bot(self, seat: int) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bot_factory(self.level_of(seat))
            self._bots[seat] = bot
        return bot

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
