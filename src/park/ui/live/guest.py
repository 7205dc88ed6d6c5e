"""A friend's side of a live table: the game as the host's page tells it, never more.

A friend's page holds no game: it holds what the host sent of its seat (R103, R104), the
:class:`~park.engine.observation.Observation` and the events the seat may see, and sends its
decisions. :class:`GuestTable` reads the host's messages and writes the friend's;
:class:`GuestSession` shows the table through the same screen as a game at this device
(``park.ui.game.screen``): it is a :class:`~park.ui.game.session_view.SessionView` whose game is
made of the observation alone, every other hand and the deck left empty.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from park.engine.actions import Action, parse_action
from park.engine.events import Event
from park.engine.observation import Observation, state_of
from park.engine.ruleset import standard_ruleset
from park.engine.state import GameState, Phase
from park.ui.coach.table import Coach
from park.ui.game.chronicle import Chronicle
from park.ui.game.session_view import SessionView
from park.ui.live.host import SEAT_STATES
from park.ui.live.links import Invitation
from park.ui.live.wire import (
    HOST_KINDS,
    MAX_HOST_MESSAGE,
    WireError,
    batches_from,
    observation_from,
    read,
    write,
)
from park.ui.play.view import build_view
from park.ui.play.view_types import GameView
from park.ui.setup.modes import PlayMode


def table_of(obs: Observation, seed: int = 0) -> GameState:
    """A game holding only what ``obs`` says: the seat's own hand, no other hand, no deck.

    What the screen reads of a game besides the view (names, whose turn, the pawn's space, the
    Month counters) is public; ``seed`` is the deal's once the game is over (else 0).
    """
    hands = [obs.hand if i == obs.seat else () for i in range(len(obs.seats))]
    return state_of(obs, hands, (), seed=seed, shuffles=0)


class GuestSession(SessionView):
    """The live table from a friend's seat, for the page's game screen (see the module).

    ``obs``: the seat's observation now; ``legal``: its decisions on its turn; ``played``: how
    many actions the host's game has played; ``seat_states``: each seat's state at the table.
    """

    def __init__(self, obs: Observation, chronicle: Chronicle) -> None:
        self.obs = obs
        self.legal: tuple[Action, ...] = ()
        self.played = 0
        self.seat_states: tuple[str, ...] = ()
        self.state = table_of(obs)
        self.humans = (obs.seat,)
        self.mode = PlayMode()
        self.coach = Coach(hints=False)
        self.chronicle = chronicle
        self._cards = {c.id: c for c in obs.rules.cards}
        self._last_human = obs.seat
        self._shown = None

    @property
    def seat(self) -> int:
        """The friend's seat (0-based)."""
        return self.obs.seat

    @property
    def actions_played(self) -> int:
        """How many actions the host's game has played."""
        return self.played

    @property
    def ai_to_move(self) -> bool:
        """Never: the host's page plays the AI seats."""
        return False

    @property
    def can_undo(self) -> bool:
        """Never: a live game has no undo (docs/live.md)."""
        return False

    @property
    def undo_note(self) -> str | None:
        """Nothing: undo is never offered at a live table."""
        return None

    def observation(self) -> Observation:
        """What the host sent of the seat."""
        return self.obs

    def view(self, *, reach: bool = False) -> GameView:
        """The seat's view (no Park's reach: the coach is the host's page's own)."""
        legal = self.legal if self.obs.my_turn else ()
        return build_view(self.obs, legal, self.recent, self.new_cards, None)


@dataclass
class GuestTable:
    """A friend's page at a live table: the ``invitation`` taken, the friend's ``name``.

    ``session``: the table as last told (``None`` before the first); ``refusals``: why the host
    refused the friend's decisions, latest last.
    """

    invitation: Invitation
    name: str
    seq: int = 0
    session: GuestSession | None = None
    refusals: list[str] = field(default_factory=list)
    _chronicle: Chronicle | None = None
    _known: int = 0
    _pending: list[tuple[int, tuple[Event, ...]]] = field(default_factory=list)

    @property
    def seat(self) -> int:
        """The seat the invitation is for."""
        return self.invitation.seat

    def hello(self, language: str) -> str:
        """The first message, once the channel opens: the seat's secret, the name, the language."""
        return write(
            {"t": "hello", "token": self.invitation.token, "name": self.name, "language": language}
        )

    def act(self, action: str) -> str:
        """The message of the friend's decision ``action`` (a text form, e.g. ``"stay"``)."""
        self.seq += 1
        return write({"t": "act", "n": self.seq, "action": action})

    def exchange(self, cards: Sequence[str]) -> str:
        """The message of the friend's Marketplace exchange of ``cards`` (ids)."""
        self.seq += 1
        return write({"t": "exchange", "n": self.seq, "cards": list(cards)})

    def receive(self, text: object) -> bool:
        """Read a message from the host; returns whether the table shown changed.

        Raises :class:`~park.ui.live.wire.WireError` for a message that cannot be read (nothing is
        changed then).
        """
        message = read(text, kinds=HOST_KINDS, limit=MAX_HOST_MESSAGE)
        if message["t"] == "refused":
            self.refusals = [*self.refusals, str(message.get("why", ""))[:200]][-5:]
            return True
        if message["t"] == "history":
            self._history(message)
            return False
        self._table(message)
        return True

    def _new_chronicle(self, names: Sequence[str]) -> Chronicle:
        rules = standard_ruleset()
        cards = {c.id: c for c in rules.cards}
        return Chronicle(names, (self.seat,), cards, rules.board)

    def _history(self, message: dict[str, object]) -> None:
        start = message.get("from")
        batches = batches_from(message.get("batches"))
        if start == 0 or self._chronicle is None:
            if start != 0:
                raise WireError("a history that does not start at the deal")
            self._chronicle, self._known, self._pending = None, 0, []
        if start != self._known:
            raise WireError(f"history from {start}, but {self._known} decisions are known")
        self._pending = [*self._pending, *batches]
        self._known += len(batches)

    def _table(self, message: dict[str, object]) -> None:
        obs = observation_from(message.get("obs"), standard_ruleset())
        if obs.seat != self.seat:
            raise WireError("a table from another seat's chair")
        if message.get("events") != self._known:
            raise WireError("a table ahead of its history")
        states = message.get("seats")
        if not isinstance(states, list) or any(s not in SEAT_STATES for s in states):
            raise WireError("no seat states")
        legal = message.get("legal")
        if not isinstance(legal, list) or not all(isinstance(a, str) for a in legal):
            raise WireError("no legal decisions")
        names = [s.spec.name for s in obs.seats]
        if self._chronicle is None:
            self._chronicle = self._new_chronicle(names)
        for actor, events in self._pending:
            self._chronicle.events(events, actor)
        self._pending = []
        session = GuestSession(obs, self._chronicle)
        played = message.get("played")
        session.played = played if isinstance(played, int) else 0
        seed = message.get("seed")
        if obs.phase is Phase.OVER and isinstance(seed, int):
            session.state = table_of(obs, seed)
        try:
            session.legal = tuple(parse_action(a) for a in legal)
        except ValueError as exc:
            raise WireError(str(exc)) from None
        session.seat_states = tuple(states)
        self.session = session
