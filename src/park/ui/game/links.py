"""Links that carry a game in the URL's fragment: a challenge to the same deal, a shared game.

The fragment (after ``#``) never reaches a server, so a link works on a static site and offline.
Two kinds, each versioned by its prefix:

- a **challenge**, ``#c1.<body>``: the deal (seed), the table (each seat's controller) and a chain
  of up to :data:`MAX_CHAIN` results on it (name, score, place, date), the challenger's first;
- a **shared game**, ``#r1.<body>.<moves>``: the deal, the table with the humans' names, whether
  the sharer reveals the hands, the move to open at, and the moves, one base-36 character each
  (``park.ui.replay.moves``, as the puzzle set stores games).

``<body>`` is base64url (no padding) of UTF-8 lines, then 4 bytes of checksum (SHA-256 of the
prefix, the lines and the moves): a link cut short or changed is refused. Every field is checked
strictly (:func:`parse_fragment`), and every refusal raises :class:`LinkError` with a sentence for
the player. docs/links.md describes the formats and their lengths.
"""

from __future__ import annotations

import base64
import binascii
import datetime as dt
import hashlib
import re
from dataclasses import dataclass, replace

from park.engine.errors import ParkError
from park.engine.levels import CONTROLLER_CODES, HUMAN
from park.engine.names import NAME_LENGTH, graphemes, name_problem, tidy_name
from park.engine.player_counts import MAX_PLAYERS, MIN_PLAYERS
from park.ui.lang.i18n import _
from park.ui.record.parts import MAX_SCORE
from park.ui.setup.settings import AI_LEVELS, MAX_SEED, NewGameSettings

CHALLENGE_PREFIX = "c1."
"""A challenge's fragment starts so (kind ``c``, version 1)."""
GAME_PREFIX = "r1."
"""A shared game's fragment starts so (kind ``r``, a replay; version 1)."""
KINDS = ("c", "r")
"""The kinds of link; a known kind with another version is from a newer Park."""
MAX_CHAIN = 8
"""A challenge carries at most this many results; adding one to a full chain drops the oldest."""
MAX_CHALLENGE_LENGTH = 1_500
"""The longest challenge fragment read (8 results of 24-letter names take about 700)."""
MAX_MOVES = 2_000
"""The most moves a shared game carries (real games take 150 to 400)."""
MAX_GAME_LENGTH = 3_000
"""The longest shared game fragment read."""
SEAT_CODES: dict[str, str] = CONTROLLER_CODES
"""One letter for each seat's controller, a person's or an AI level's (the registry:
``park.engine.levels``, each level's ``code``)."""
_CONTROLLER_OF = {code: controller for controller, code in SEAT_CODES.items()}
_CHECK_BYTES = 4
_BODY = re.compile(r"[A-Za-z0-9_-]{8,}")
_MOVES = re.compile(r"[0-9a-z]*")
_NUMBER = re.compile(r"0|[1-9][0-9]{0,5}")
_SEED = re.compile(r"[0-9a-z]{1,11}")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class LinkError(ParkError, ValueError):
    """A link that cannot be opened: its message is a sentence for the player."""


@dataclass(frozen=True, slots=True)
class Table:
    """A game's deal and seats.

    ``seed`` (0 to ``MAX_SEED`` - 1) and each seat's controller in seat order (``"human"`` or an
    AI level), :data:`MIN_PLAYERS` to :data:`MAX_PLAYERS` seats.
    """

    seed: int
    seats: tuple[str, ...]

    @property
    def players(self) -> int:
        """How many seats."""
        return len(self.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play."""
        return tuple(i for i, seat in enumerate(self.seats) if seat == HUMAN)


@dataclass(frozen=True, slots=True)
class ChainResult:
    """One player's result on a challenge's deal: ``name``, ``score``, ``place`` and ``date``."""

    name: str
    score: int
    place: int
    date: str


@dataclass(frozen=True, slots=True)
class Challenge:
    """A challenge: the ``table`` (one human seat) and the ``results`` on it, oldest first."""

    table: Table
    results: tuple[ChainResult, ...]

    @property
    def level(self) -> str:
        """The AI opponents' level (every AI seat of a challenge plays at one level)."""
        return next(seat for seat in self.table.seats if seat != HUMAN)

    def settings(self, name: str) -> NewGameSettings:
        """The New game settings that deal this challenge's game for the player ``name``."""
        return NewGameSettings(
            name=name, opponents=self.table.players - 1, level=self.level, seed=self.table.seed
        )

    def with_result(self, result: ChainResult) -> Challenge:
        """This challenge with ``result`` added (the oldest dropped beyond :data:`MAX_CHAIN`)."""
        return replace(self, results=(*self.results, result)[-MAX_CHAIN:])

    def matches(self, table: Table) -> bool:
        """Whether a game dealt at ``table`` (a finished game's) is this challenge's deal."""
        return table == self.table


@dataclass(frozen=True, slots=True)
class SharedGame:
    """A shared game.

    Its ``table``, the humans' ``names`` (one a human seat, in seat order), ``reveal`` (every hand
    may be shown), ``at`` (how many moves the replay opens after; ``None``: the end) and ``moves``.
    """

    table: Table
    names: tuple[str, ...]
    reveal: bool
    at: int | None
    moves: str


def challenge_of(table: Table, result: ChainResult) -> Challenge:
    """The challenge a solo game at ``table`` and its ``result`` make.

    Raises :class:`LinkError` for a table a challenge cannot carry (several people, the person not
    in the first seat, mixed AI levels) or a result out of range.
    """
    challenge = Challenge(table, (result,))
    _check_challenge(challenge)
    return challenge


def challenge_fragment(challenge: Challenge) -> str:
    """The fragment (without ``#``) of ``challenge``'s link."""
    lines = [_table_line(challenge.table)]
    lines += [f"{r.name}\t{r.score}\t{r.place}\t{r.date}" for r in challenge.results]
    return _fragment(CHALLENGE_PREFIX, lines, "")


def game_fragment(game: SharedGame) -> str:
    """The fragment (without ``#``) of a shared game's link."""
    lines = [
        _table_line(game.table),
        "h" if game.reveal else "",
        "" if game.at is None else str(game.at),
        *game.names,
    ]
    return _fragment(GAME_PREFIX, lines, game.moves)


def parse_fragment(text: str) -> Challenge | SharedGame | None:
    """What the fragment ``text`` (with or without ``#``) carries.

    ``None`` for an empty fragment or one that is not a link's (no kind of ours). Raises
    :class:`LinkError` for a link that is damaged, too long, from a newer version or holds
    anything Park would not make.
    """
    text = text.removeprefix("#")
    kind = text[:1]
    if not text or kind not in KINDS or not re.match(r"[a-z][0-9]+\.", text):
        return None
    if kind == "c":
        if len(text) > MAX_CHALLENGE_LENGTH:
            raise LinkError(_too_long())
        lines, _moves = _unpack(text, CHALLENGE_PREFIX, with_moves=False)
        return _challenge(lines)
    if len(text) > MAX_GAME_LENGTH:
        raise LinkError(_too_long())
    lines, moves = _unpack(text, GAME_PREFIX, with_moves=True)
    return _game(lines, moves)


# -- writing -------------------------------------------------------------------------------


def _table_line(table: Table) -> str:
    return f"{_base36(table.seed)}\t{''.join(SEAT_CODES[s] for s in table.seats)}"


def _base36(number: int) -> str:
    digits = ""
    while True:
        number, digit = divmod(number, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[digit] + digits
        if number == 0:
            return digits


def _checksum(prefix: str, body: bytes, moves: str) -> bytes:
    data = prefix.encode("ascii") + body + b"." + moves.encode("ascii")
    return hashlib.sha256(data).digest()[:_CHECK_BYTES]


def _fragment(prefix: str, lines: list[str], moves: str) -> str:
    body = "\n".join(lines).encode("utf-8")
    packed = base64.urlsafe_b64encode(body + _checksum(prefix, body, moves)).rstrip(b"=")
    tail = f".{moves}" if prefix == GAME_PREFIX else ""
    return f"{prefix}{packed.decode('ascii')}{tail}"


# -- reading -------------------------------------------------------------------------------


def _damaged() -> str:
    return _("This link is damaged (cut short or changed somewhere): ask for it again.")


def _too_long() -> str:
    return _("This link is longer than any Park makes, so it was not opened.")


def _not_ours(problem: str) -> str:
    return _(
        "This link holds something Park would not make ({problem}), so it was not opened."
    ).format(problem=problem)


def _unpack(text: str, prefix: str, *, with_moves: bool) -> tuple[list[str], str]:
    if not text.startswith(prefix):
        raise LinkError(_("This link was made by a newer version of Park: reload the page."))
    parts = text[len(prefix) :].split(".")
    if len(parts) != (2 if with_moves else 1) or not _BODY.fullmatch(parts[0]):
        raise LinkError(_damaged())
    moves = parts[1] if with_moves else ""
    if not _MOVES.fullmatch(moves):
        raise LinkError(_damaged())
    try:
        packed = base64.urlsafe_b64decode(parts[0] + "=" * (-len(parts[0]) % 4))
    except (binascii.Error, ValueError):
        raise LinkError(_damaged()) from None
    body, check = packed[:-_CHECK_BYTES], packed[-_CHECK_BYTES:]
    if len(packed) <= _CHECK_BYTES or _checksum(prefix, body, moves) != check:
        raise LinkError(_damaged())
    try:
        return body.decode("utf-8").split("\n"), moves
    except UnicodeDecodeError:
        raise LinkError(_damaged()) from None


def _table(line: str) -> Table:
    fields = line.split("\t")
    if len(fields) != 2 or not _SEED.fullmatch(fields[0]):
        raise LinkError(_not_ours(_("its deal")))
    seed = int(fields[0], 36)
    if seed >= MAX_SEED:
        raise LinkError(_not_ours(_("its deal")))
    if any(code not in _CONTROLLER_OF for code in fields[1]):
        raise LinkError(_not_ours(_("an unknown AI level")))
    seats = tuple(_CONTROLLER_OF[code] for code in fields[1])
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise LinkError(_not_ours(_("its number of players")))
    if not any(seat == HUMAN for seat in seats):
        raise LinkError(_not_ours(_("no seat for a person")))
    return Table(seed, seats)


def _name(text: str) -> str:
    if name_problem(text) is not None or tidy_name(text) != text or not text:
        raise LinkError(_not_ours(_("a name")))
    if len(graphemes(text)) > NAME_LENGTH:
        raise LinkError(_not_ours(_("a name")))
    return text


def _number(text: str, low: int, high: int, what: str) -> int:
    if not _NUMBER.fullmatch(text) or not low <= int(text) <= high:
        raise LinkError(_not_ours(what))
    return int(text)


def _date(text: str) -> str:
    try:
        if _DATE.fullmatch(text):
            return dt.date.fromisoformat(text).isoformat()
    except ValueError:
        pass
    raise LinkError(_not_ours(_("a date")))


def _check_challenge(challenge: Challenge) -> None:
    table = challenge.table
    if len(table.humans) != 1 or table.humans[0] != 0:
        raise LinkError(_not_ours(_("its seats")))
    levels = {seat for seat in table.seats[1:]}
    if len(levels) != 1 or not levels <= set(AI_LEVELS):
        raise LinkError(_not_ours(_("its opponents")))
    if not 1 <= len(challenge.results) <= MAX_CHAIN:
        raise LinkError(_not_ours(_("too many results")))
    for result in challenge.results:
        _name(result.name)
        _number(str(result.score), 0, MAX_SCORE, _("a score"))
        _number(str(result.place), 1, table.players, _("a place"))
        _date(result.date)


def _challenge(lines: list[str]) -> Challenge:
    table = _table(lines[0])
    if len(lines) - 1 > MAX_CHAIN:
        raise LinkError(_not_ours(_("too many results")))
    results = []
    for line in lines[1:]:
        fields = line.split("\t")
        if len(fields) != 4:
            raise LinkError(_damaged())
        name, score, place, date = fields
        results.append(
            ChainResult(
                _name(name),
                _number(score, 0, MAX_SCORE, _("a score")),
                _number(place, 1, table.players, _("a place")),
                _date(date),
            )
        )
    challenge = Challenge(table, tuple(results))
    _check_challenge(challenge)
    return challenge


def _game(lines: list[str], moves: str) -> SharedGame:
    if len(lines) < 4:
        raise LinkError(_damaged())
    table = _table(lines[0])
    if lines[1] not in ("", "h"):
        raise LinkError(_damaged())
    if len(moves) > MAX_MOVES:
        raise LinkError(_too_long())
    at = None if lines[2] == "" else _number(lines[2], 0, len(moves), _("a move"))
    names = tuple(_name(name) for name in lines[3:])
    if len(names) != len(table.humans):
        raise LinkError(_not_ours(_("its players' names")))
    return SharedGame(table, names, lines[1] == "h", at, moves)
