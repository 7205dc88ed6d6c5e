"""The game session behind the page: one human seat against AI seats.

A :class:`Session` owns the current :class:`~park.engine.state.GameState`, applies the human's
choices and the bots' decisions, keeps the game log (plain-words lines of the events the
human may see), and gives the save text after every action. It never touches a browser: the
page calls it, renders :meth:`Session.view`, and stores :meth:`Session.save_text`.

AI thinking runs in slices (:meth:`Session.think`): the page awaits ``asyncio.sleep(0)``
between them so the browser stays responsive.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from ..engine.actions import Action, Discard, FinishExchange, parse_action
from ..engine.deck import Card
from ..engine.errors import IllegalActionError, SaveError
from ..engine.observation import Observation, observe
from ..engine.rules import apply, legal_actions, new_game
from ..engine.save import dumps, restore, start_of
from ..engine.state import Event, GameState, Phase
from ..engine.undo import can_undo, undo
from .coach import Coach
from .recap import Happening, RecapLine, since_last_turn, turn_sentence
from .seats import HUMAN, decision_rng, seat_specs
from .settings import NewGameSettings
from .text import describe
from .view import build_view
from .view_types import GameView, LogLine

if TYPE_CHECKING:
    from ..ai import Bot

LOG_LIMIT = 3000
"""How many game-log lines a session keeps (older ones are dropped; a long seven-player game
makes about 2,000)."""

BotFactory = Callable[[str], "Bot"]


def make_bot(level: str) -> Bot:
    """A fresh bot of ``level`` (:func:`park.ai.make_bot`). ``park.ai`` is imported here, not
    with this module: drawing a game does not need it, so a resumed game shows sooner in the
    browser (the page loads the AI just after). Raises ``ValueError`` for an unknown level."""
    from ..ai import make_bot as make_ai_bot

    return make_ai_bot(level)


class Session:
    """A game in progress from the human seat's chair.

    ``human`` is the seat whose controller is ``"human"`` (the only one that sees its hand);
    every other seat is played by a bot of its controller's level, made on first use by
    ``bot_factory`` (default :func:`park.ai.make_bot`).
    """

    def __init__(
        self,
        state: GameState,
        *,
        bot_factory: BotFactory = make_bot,
        log: Iterable[LogLine] = (),
        coach: Coach | None = None,
    ) -> None:
        humans = [i for i, s in enumerate(state.settings.seats) if s.controller == HUMAN]
        if len(humans) != 1:
            raise ValueError(f"a session needs exactly one human seat, found {len(humans)}")
        self.state = state
        self.human = humans[0]
        self.coach = coach or Coach()
        """Hints for the human seat (``park.ui.coach``)."""
        self._bot_factory = bot_factory
        self._bots: dict[int, Bot] = {}
        self.log: list[LogLine] = list(log)[-LOG_LIMIT:]
        self.recent: tuple[Event, ...] = ()
        """The latest events the human may see (the last action's), for trails on the map."""
        self.new_cards: frozenset[str] = frozenset()
        """Cards the human drew with their last decision, marked "New" in the hand until
        their next decision."""
        self.announcement: tuple[int, str] | None = None
        """The last finished AI turn in one sentence, with its turn number (for the page's
        live region, which says each once)."""
        self._since: list[Happening] = []
        self._this_turn: list[Happening] = []
        self._undo_marks: list[int] = []
        self._turn = 0
        self._last_reveal = ""
        self._cards: dict[str, Card] = {c.id: c for c in state.rules.cards}
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
    ) -> Session:
        """Start a game from the New game form. A missing seed is drawn from ``entropy``
        (default: the system's randomness). Raises ``ValueError`` for invalid settings."""
        settings = settings.validated()
        seed = settings.seed
        if seed is None:
            seed = (entropy or random.SystemRandom()).randrange(1, 10**9)
        state = new_game(seat_specs(settings), seed)
        session = cls(state, bot_factory=bot_factory, coach=Coach(hints=settings.hints))
        session._note(
            LogLine(
                f"A new game: {len(state.seats)} players, game number {seed}. "
                f"Score {state.target} points to win; {state.months_needed} Month counters "
                "are needed to score.",
                None,
                "setup",
                0,
            )
        )
        session._note_events(session._turn_start_events(), state.active)
        return session

    @classmethod
    def resume(cls, text: str, *, bot_factory: BotFactory = make_bot) -> Session:
        """The game saved in ``text`` (from :meth:`save_text`), with its log rebuilt by replay.

        Raises :class:`~park.engine.errors.SaveError` with a readable reason if the save is damaged,
        from another version, or has no single human seat.
        """
        restored = restore(text)
        try:
            session = cls(
                restored.state, bot_factory=bot_factory, coach=Coach.from_notes(restored.notes)
            )
        except ValueError as exc:
            raise SaveError(f"The save cannot be played here: {exc}.") from None
        session._rebuild_log()
        session.notices = restored.notices
        return session

    def _rebuild_log(self) -> None:
        state = self.state
        replay = start_of(state)
        self.log = []
        self.recent = ()
        first = self._turn_start_events(replay)
        self._note_events(first, replay.active)
        for action in state.log:
            actor = replay.active
            replay, events = apply(replay, action)
            if actor == self.human:
                self._before_human_action()
            self._note_events(events, actor)
        self._note(LogLine("The saved game was resumed.", None, "setup", state.turn))
        self.recent = ()
        self.announcement = None

    def _turn_start_events(self, state: GameState | None = None) -> tuple[Event, ...]:
        s = state or self.state
        seat = s.seats[s.active]
        return (
            Event(
                "turn_started",
                s.active,
                {"turn": s.turn, "months": seat.months, "space": seat.position},
            ),
        )

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
    def human_to_move(self) -> bool:
        """Whether the human must decide now."""
        return not self.is_over and self.state.active == self.human

    @property
    def ai_to_move(self) -> bool:
        """Whether a bot must decide now."""
        return not self.is_over and self.state.active != self.human

    def observation(self) -> Observation:
        """What the human seat may know (the only source the page renders from)."""
        return observe(self.state, self.human)

    def view(self, *, reach: bool = False) -> GameView:
        """The view model for the human seat, with the latest moves as trails and the cards
        just drawn marked; with ``reach``, Park's reach on the map during the human's turn
        in a game with hints (``Coach.reach``)."""
        chances = self.coach.reach(self.state, self.human) if reach else None
        return build_view(
            self.observation(), legal_actions(self.state), self.recent, self.new_cards, chances
        )

    def since_last_turn(self) -> tuple[RecapLine, ...]:
        """What happened since the human's last turn ended (all of it so far while the AI
        seats play): see :func:`park.ui.recap.since_last_turn`."""
        me = self.state.seats[self.human]
        return since_last_turn(
            self._since,
            you=self.human,
            names=self.names,
            cards=self._cards,
            board=self.state.rules.board,
            months=me.months,
            months_needed=self.state.months_needed,
        )

    @property
    def can_undo(self) -> bool:
        """Whether the human may take back their last decision now (``park.engine.undo``)."""
        return self.human_to_move and can_undo(self.state, self.human)

    def undo(self) -> None:
        """Take back the human's last decision of this turn: the state, the log and the
        trails go back to before it. Raises :class:`~park.engine.undo.UndoError` (nothing
        changed) when :attr:`can_undo` is false."""
        if not self.human_to_move:
            raise IllegalActionError("nothing can be undone: it is not your turn")
        self.state = undo(self.state, self.human)
        self.coach.acted(None)
        mark = self._undo_marks.pop() if self._undo_marks else len(self.log)
        del self.log[mark:]
        self.recent = ()

    @property
    def undo_note(self) -> str | None:
        """Why Undo is not offered, when the human has decided something this turn that
        cannot be taken back (``None`` otherwise)."""
        if not self.human_to_move or self.can_undo or not self._undo_marks:
            return None
        why = {
            "fad_revealed": "a Fad card was turned over",
            "reshuffled": "the deck was shuffled",
        }.get(self._last_reveal, "you drew a card")
        return f"Nothing to undo: {why}, and Undo goes back only to before that."

    def settings_again(self) -> NewGameSettings:
        """This game's table (the human's name, the opponents and their level) for "Play
        again", with a new deal."""
        seats = self.state.settings.seats
        levels = [s.controller for i, s in enumerate(seats) if i != self.human]
        return NewGameSettings(
            seats[self.human].name, len(levels), levels[0], None, self.coach.hints
        )

    def save_text(self) -> str:
        """The autosave of the current state (``park.dumps``)."""
        return dumps(self.state, notes=self.coach.notes())

    def news(self, lines: Sequence[LogLine]) -> str | None:
        """Of the log ``lines`` an action of the human's produced, the one worth showing above
        the game, not only in the log: the human's own expedition scored (R83-R88), or their
        win. ``None`` when there is nothing to announce."""
        for line in reversed(lines):
            if line.seat == self.human and line.kind in ("game_won", "scored"):
                return line.text
        return None

    # -- acting ------------------------------------------------------------------------------

    def act(self, action: Action | str) -> list[LogLine]:
        """Apply the human's ``action`` (or its text form, e.g. ``"step:3"``).

        Returns the new log lines. Raises :class:`~park.engine.errors.IllegalActionError` if it is
        not the human's turn or the action is not legal; the game is then unchanged.
        """
        if not self.human_to_move:
            raise IllegalActionError("it is not your turn")
        if isinstance(action, str):
            action = parse_action(action)
        return self._apply(action)

    def exchange(self, card_ids: Sequence[str]) -> list[LogLine]:
        """At the Marketplace, discard ``card_ids`` one at a time and finish the exchange
        (R46, R47). Raises :class:`~park.engine.errors.IllegalActionError` (game unchanged) if a card
        is not in the hand or the human is not at the Marketplace."""
        if not self.human_to_move or self.state.phase is not Phase.MARKET:
            raise IllegalActionError("you are not exchanging cards at the Marketplace")
        if len(set(card_ids)) != len(card_ids):
            raise IllegalActionError("a card was chosen twice")
        state = self.state
        events: list[Event] = []
        for card_id in card_ids:
            state, evs = apply(state, Discard(card_id))
            events.extend(evs)
        state, evs = apply(state, FinishExchange())
        events.extend(evs)
        self._before_human_action()
        self.coach.acted(None)
        self.state = state
        return self._note_events(events, self.human)

    def level_of(self, seat: int) -> str:
        """Who plays ``seat``: ``"human"`` or an AI level."""
        return self.state.settings.seats[seat].controller

    @property
    def ai_levels(self) -> frozenset[str]:
        """The AI levels playing in this game (the page offers the hard level's thinking time
        only when ``"hard"`` is among them)."""
        return frozenset(s.controller for s in self.state.settings.seats) - {HUMAN}

    def think(self, budget: float | None = None) -> Iterator[Action | None]:
        """The active bot's thinking, in slices: yields ``None`` between slices and finally
        the chosen action (apply it with :meth:`play`). ``budget``: seconds of thinking
        (default :data:`park.ai.DEFAULT_BUDGET`; only the hard level uses it). Raises
        ``RuntimeError`` if it is not a bot's turn.

        The bot's RNG is seeded from the game's seed, the seat and the move number, so a game
        with the same seed and the same human moves plays out the same, even after a reload.
        """
        if not self.ai_to_move:
            raise RuntimeError("it is not an AI seat's turn")
        seat = self.state.active
        return self._think_for(seat, self._bot(seat), budget)

    def suggest(self, level: str, budget: float | None = None) -> Iterator[Action | None]:
        """A bot's choice for the human seat (the page's autoplay test mode), in slices."""
        if not self.human_to_move:
            raise RuntimeError("it is not your turn")
        return self._think_for(self.human, self._bot_factory(level), budget)

    def suggest_exchange(self, level: str) -> list[str]:
        """A bot's Marketplace choice for the human seat: the card ids it would discard
        (the page's autoplay test mode ticks them, then clicks the exchange button)."""
        if not self.human_to_move or self.state.phase is not Phase.MARKET:
            raise RuntimeError("you are not exchanging cards at the Marketplace")
        bot = self._bot_factory(level)
        state = self.state
        chosen: list[str] = []
        while state.phase is Phase.MARKET and state.active == self.human:
            rng = decision_rng(state, self.human)
            action = bot.decide(observe(state, self.human), legal_actions(state), rng)
            if not isinstance(action, Discard):
                break
            chosen.append(action.card)
            state, _ = apply(state, action)
        return chosen

    def _think_for(self, seat: int, bot: Bot, budget: float | None) -> Iterator[Action | None]:
        view = observe(self.state, seat)
        legal = legal_actions(self.state)
        return bot.decide_in_slices(view, legal, decision_rng(self.state, seat), budget)

    def play(self, action: Action) -> list[LogLine]:
        """Apply a bot's chosen ``action`` for the active AI seat; returns the new log lines.
        Raises :class:`~park.engine.errors.IllegalActionError` if it is not legal now."""
        if not self.ai_to_move:
            raise IllegalActionError("it is not an AI seat's turn")
        return self._apply(action)

    def run_ai_turns(self, budget: float | None = None, limit: int = 10_000) -> list[LogLine]:
        """Play bots' decisions until the human must decide or the game ends (no pauses).

        For tests and the command line; the page plays them one at a time with delays.
        """
        lines: list[LogLine] = []
        for _ in range(limit):
            if not self.ai_to_move:
                break
            action = None
            for item in self.think(budget):
                if item is not None:
                    action = item
            if action is None:
                raise RuntimeError("the bot finished thinking without choosing")
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
        if actor == self.human:
            self._before_human_action()
            self.coach.acted(action, state)
        self.state = state
        return self._note_events(events, actor)

    def _before_human_action(self) -> None:
        self.new_cards = frozenset()
        self._undo_marks.append(len(self.log))

    # -- the log -----------------------------------------------------------------------------

    def _note(self, line: LogLine) -> None:
        self.log.append(line)
        if len(self.log) > LOG_LIMIT:
            dropped = len(self.log) - LOG_LIMIT
            del self.log[:dropped]
            self._undo_marks = [max(0, m - dropped) for m in self._undo_marks]

    def _note_events(self, events: Iterable[Event], actor: int) -> list[LogLine]:
        """Log the events of one decision by ``actor`` that the human may see, and follow
        the turn: what the human is told at their next turn, the AI turn's sentence, the
        undo marks and the cards just drawn."""
        visible = tuple(e for e in events if e.visible_to(self.human))
        self.recent = visible
        names = self.names
        lines: list[LogLine] = []
        for event in visible:
            if event.kind == "turn_started":
                self._turn = int(event.data.get("turn", self._turn + 1))
                self._this_turn = []
                self._undo_marks = []
            happening = Happening(actor, event)
            self._this_turn.append(happening)
            if actor != self.human:
                self._since.append(happening)
            if event.kind == "drew_card" and event.seat == self.human:
                self.new_cards |= {str(event.data.get("card"))}
            if actor == self.human and event.kind in ("drew_card", "fad_revealed", "reshuffled"):
                self._last_reveal = event.kind
            if event.kind in ("turn_ended", "game_won") and event.seat is not None:
                self._turn_ended(event.seat, self._turn)
            text = describe(event, names, self._cards, you=self.human)
            if text is None:
                continue
            line = LogLine(text, event.seat, event.kind, self._turn)
            self._note(line)
            lines.append(line)
        return lines

    def _turn_ended(self, seat: int, turn: int) -> None:
        if seat == self.human:
            # What the human did last that the next turn should recall: their own score and
            # the Fad it turned over; the rest of "since your last turn" starts afresh.
            self._since = [h for h in self._this_turn if h.event.kind in ("scored", "fad_set")]
            return
        sentence = turn_sentence(
            seat,
            self._this_turn,
            you=self.human,
            names=self.names,
            cards=self._cards,
            board=self.state.rules.board,
        )
        self.announcement = (turn, sentence)


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
        return None, f"Your saved game could not be resumed. {exc}"
