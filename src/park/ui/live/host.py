"""The host's side of a live table: who sits where, what each friend is sent, what is accepted.

The host's page holds the game and is its only authority. :class:`LiveHost` keeps, for each seat
played from a friend's device, its invitation's secret token, whether the friend is here, away or
stood in for by an AI, and the last message number it accepted. It turns the game into what each
friend's page may be sent (:meth:`LiveHost.messages_for`: only that seat's observation and the
events it may see, R103, R104), and checks every message a friend's page sends
(:meth:`LiveHost.check`): too long, not JSON, of an unknown kind, replayed, out of turn, for
another seat, illegal, or one of a flood, it is refused with no change to the game and a line in
the host's log (:attr:`LiveHost.log`).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from park.engine.actions import Action, parse_action
from park.engine.events import Event
from park.engine.observation import observe
from park.engine.rules import apply, legal_actions
from park.engine.save import start_of
from park.engine.state import GameState, Phase
from park.ui.game.chronicle import turn_started
from park.ui.lang.i18n import _
from park.ui.live.links import Invitation, Reply
from park.ui.live.wire import (
    FRIEND_KINDS,
    MAX_FRIEND_MESSAGE,
    MAX_HOST_MESSAGE,
    WireError,
    batches_json,
    observation_json,
    read,
    write,
)

SEAT_STATES = ("host", "ai", "invited", "here", "away", "stand-in")
"""A seat's state at a live table: the host's own, an AI's, a friend's not joined yet
(``invited``), joined (``here``), gone (``away``), or away and played by an AI meanwhile
(``stand-in``)."""
FLOOD_WINDOW = 5.0
"""Seconds over which a friend's messages are counted."""
FLOOD_LIMIT = 40
"""The most messages a friend's page may send in a window (:attr:`FriendSeat.window`; a person
sends a few)."""
LOG_LIMIT = 200
"""How many lines the host's log keeps."""


@dataclass(frozen=True)
class FriendSeat:
    """A seat played from a friend's device.

    ``token``: its current invitation's secret; ``used``: that invitation was answered (a second
    reply to it is refused); ``state``: one of :data:`SEAT_STATES`; ``name``: the friend's name
    once they replied; ``stand_in``: the AI level playing while they are away (``None``: the
    game waits); ``seq``: the number of the last decision accepted; ``window``: when the current
    flood window began, the actions the game had played then, and how many messages came in it
    (a window ends once :data:`FLOOD_WINDOW` has passed and the game has moved: a page that
    waits for its answer sends nothing more, so a page that goes on is flooding, however slowly
    the host's page reads it).
    """

    token: str
    used: bool = False
    state: str = "invited"
    name: str = ""
    stand_in: str | None = None
    seq: int = 0
    window: tuple[float, int, int] = (0.0, -1, 0)


@dataclass(frozen=True)
class Accepted:
    """A friend's decision that passed every check.

    Apply ``action`` (a text form, e.g. ``"step:3"``) or, at the Marketplace, exchange ``cards``
    (ids) for ``seat``.
    """

    seat: int
    action: str | None = None
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Hello:
    """A friend's page said who it is: the friend's ``name`` and page ``language``."""

    seat: int
    name: str
    language: str


@dataclass(frozen=True)
class Refused:
    """A friend's message refused: ``why`` in words, and the reply to send back (or ``None``)."""

    seat: int
    why: str
    answer: str | None = None


Checked = Accepted | Hello | Refused


def same_secret(given: str, kept: str) -> bool:
    """Whether the secret ``given`` (from a link or a message: any text) is ``kept``.

    Compared in constant time, as bytes (any text, not only ASCII).
    """
    return secrets.compare_digest(given.encode("utf-8"), kept.encode("utf-8"))


@dataclass
class LiveHost:
    """A live table hosted on this page (see the module).

    ``table``: the table's id; ``host_name``: the host's name; ``version``: Park's version;
    ``friends``: the seats played from friends' devices.
    """

    table: str
    host_name: str
    version: str
    friends: dict[int, FriendSeat] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    batches: list[tuple[int, tuple[Event, ...]]] = field(default_factory=list)
    """Every decision's events since the deal (all of them: filtered per seat when sent)."""
    sent: dict[int, int] = field(default_factory=dict)
    """How many :attr:`batches` each friend's page has been sent."""
    _synced: GameState | None = None

    @classmethod
    def open(cls, host_name: str, version: str, seats: Sequence[int]) -> LiveHost:
        """A new table whose friends sit at ``seats``, each with a fresh secret token."""
        return cls(
            secrets.token_urlsafe(9),
            host_name,
            version,
            {seat: FriendSeat(secrets.token_urlsafe(16)) for seat in seats},
        )

    # -- invitations -------------------------------------------------------------------------

    def invitation(self, seat: int, sdp: str) -> Invitation:
        """The invitation to ``seat`` carrying the host's WebRTC offer ``sdp``."""
        return Invitation(
            self.table, seat, self.friends[seat].token, self.host_name, self.version, sdp
        )

    def fresh_invitation(self, seat: int) -> None:
        """A new token for ``seat``: its earlier invitation no longer opens the seat."""
        friend = self.friends[seat]
        self.friends[seat] = replace(friend, token=secrets.token_urlsafe(16), used=False)

    def reply_problem(self, reply: Reply) -> str | None:
        """Why ``reply`` cannot take its seat (in words), or ``None``: then :meth:`replied`."""
        friend = self.friends.get(reply.seat)
        if reply.table != self.table or friend is None:
            return _("This reply is for another table.")
        if not same_secret(reply.token, friend.token):
            return _("This reply answers an older invitation: send a fresh one.")
        if friend.used:
            return _("This invitation was already used: send a fresh one for that seat.")
        return None

    def replied(self, reply: Reply, name: str | None = None) -> None:
        """``reply`` (checked by :meth:`reply_problem`) is used: its invitation is spent.

        The seat is the friend's as ``name`` (default: the reply's; a seat of a game already
        dealt keeps its name). A new page answered: its decisions are numbered from 1 again.
        """
        friend = self.friends[reply.seat]
        named = friend.name or name or reply.name
        self.friends[reply.seat] = replace(friend, used=True, name=named, seq=0)

    def replied_as(self, seat: int, name: str) -> None:
        """``seat`` was ``name``'s before this table was opened again (a resumed game).

        Its friend comes back with a fresh invitation, which leaves the name as it is.
        """
        self.friends[seat] = replace(self.friends[seat], name=name)

    def set_state(self, seat: int, state: str, *, stand_in: str | None = None) -> None:
        """Seat ``seat``'s friend is now ``state`` (one of :data:`SEAT_STATES`)."""
        self.friends[seat] = replace(self.friends[seat], state=state, stand_in=stand_in)
        if state in ("away", "invited"):
            self.sent.pop(seat, None)

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """The friends' seats the game waits for: away (or not yet here) with no AI standing in."""
        return tuple(s for s, f in self.friends.items() if f.state != "here" and f.stand_in is None)

    def note(self, line: str) -> None:
        """Add ``line`` to the host's log (its last :data:`LOG_LIMIT` lines are kept)."""
        self.log = [*self.log, line][-LOG_LIMIT:]

    # -- what each friend is sent ------------------------------------------------------------

    def sync(self, state: GameState) -> None:
        """Keep up with ``state``: the events of the decisions played since the last call."""
        known = self._synced
        if known is None or len(state.log) < len(known.log):
            known = start_of(state)
            self.batches = [(known.active, turn_started(known))]
            self.sent.clear()
        for action in list(state.log)[len(known.log) :]:
            actor = known.active
            known, events = apply(known, action)
            self.batches.append((actor, tuple(events)))
        self._synced = known

    def messages_for(self, seat: int, state: GameState, seats: Sequence[str]) -> list[str]:
        """What ``seat``'s page has not been sent yet of ``state``.

        The events it may see, in messages of at most :data:`MAX_HOST_MESSAGE` characters, then
        the table now.

        ``seats``: each seat's state (:data:`SEAT_STATES`). Call :meth:`sync` first.
        """
        start = self.sent.get(seat, 0)
        visible = [
            (actor, tuple(e for e in events if e.visible_to(seat)))
            for actor, events in self.batches[start:]
        ]
        out: list[str] = []
        chunk: list[tuple[int, tuple[Event, ...]]] = []
        first = start
        for index, batch in enumerate(visible, start):
            chunk.append(batch)
            if len(chunk) >= 40 or index == len(self.batches) - 1:
                out.append(write({"t": "history", "from": first, "batches": batches_json(chunk)}))
                first, chunk = index + 1, []
        legal = (
            [str(a) for a in legal_actions(state)]
            if state.active == seat and state.phase is not Phase.OVER
            else []
        )
        table = {
            "t": "table",
            "table": self.table,
            "events": len(self.batches),
            "played": len(state.log),
            "obs": observation_json(observe(state, seat)),
            "legal": legal,
            "seats": list(seats),
        }
        if state.phase is Phase.OVER:  # the deal is no secret once the game is over
            table["seed"] = state.settings.seed
        out.append(write(table))
        self.sent[seat] = len(self.batches)
        if any(len(message) > MAX_HOST_MESSAGE for message in out):
            raise ValueError("a live message longer than a data channel carries")
        return out

    # -- what each friend sends --------------------------------------------------------------

    def check(self, seat: int, text: object, state: GameState, now: float) -> Checked:
        """Check ``text``, received from ``seat``'s page at ``now`` (seconds), against ``state``.

        Returns :class:`Accepted` (apply it), :class:`Hello`, or :class:`Refused` (a line is
        then in :attr:`log`). The game is never changed here.
        """
        friend = self.friends.get(seat)
        if friend is None:
            return self._refuse(seat, _("a message from a seat that is not a friend's"))
        begun, played, count = friend.window
        if played < 0 or (now - begun > FLOOD_WINDOW and len(state.log) != played):
            begun, played, count = now, len(state.log), 0
        friend = replace(friend, window=(begun, played, count + 1))
        self.friends[seat] = friend
        if count + 1 > FLOOD_LIMIT:
            if count == FLOOD_LIMIT:  # said once a window, not once a message
                return self._refuse(seat, _("too many messages at once"))
            return Refused(seat, "flood")  # no answer, no line: a flood costs nothing more
        try:
            message = read(text, kinds=FRIEND_KINDS, limit=MAX_FRIEND_MESSAGE)
        except WireError as exc:
            return self._refuse(
                seat, _("a message that cannot be read ({problem})").format(problem=exc)
            )
        if message["t"] == "hello":
            return self._hello(seat, friend, message)
        seq = message.get("n")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq <= friend.seq:
            return self._refuse(
                seat, _("a message sent again (number {n})").format(n=str(seq)[:12])
            )
        if friend.state != "here":
            return self._refuse(seat, _("a decision from a seat that has not joined"), seq)
        if state.active != seat or state.phase is Phase.OVER:
            return self._refuse(seat, _("a decision out of turn"), seq)
        checked = self._decision(seat, message, state)
        if isinstance(checked, Accepted):
            self.friends[seat] = replace(friend, seq=seq)
            return checked
        return self._refuse(seat, checked, seq)

    def _hello(self, seat: int, friend: FriendSeat, message: dict[str, object]) -> Checked:
        token, language = message.get("token"), message.get("language")
        if not isinstance(token, str) or not same_secret(token, friend.token):
            return self._refuse(seat, _("a hello with the wrong secret"))
        if not isinstance(language, str) or len(language) > 12:
            language = "en"
        return Hello(seat, friend.name, language)

    def _decision(self, seat: int, message: dict[str, object], state: GameState) -> Accepted | str:
        if message["t"] == "exchange":
            cards = message.get("cards")
            if state.phase is not Phase.MARKET:
                return _("an exchange away from the Marketplace")
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                return _("an exchange that names no cards")
            index = state.rules.card_index
            hand = state.seats[seat].hand
            if len(set(cards)) != len(cards) or any(index.get(c) not in hand for c in cards):
                return _("an exchange of cards not in that hand")
            return Accepted(seat, cards=tuple(cards))
        text = message.get("action")
        try:
            action: Action = parse_action(text)  # type: ignore[arg-type]
        except ValueError:
            return _("a decision that is not one")
        if action not in legal_actions(state):
            return _("an illegal decision ({action})").format(action=str(action))
        return Accepted(seat, action=str(action))

    def _refuse(self, seat: int, why: str, seq: int | None = None) -> Refused:
        name = self.friends[seat].name if seat in self.friends else ""
        who = name or _("seat {n}").format(n=seat + 1)
        self.note(_("Refused from {who}: {why}.").format(who=who, why=why))
        # answered even with no number: the friend's page then knows its decision was refused
        return Refused(seat, why, write({"t": "refused", "n": seq, "why": why}))
