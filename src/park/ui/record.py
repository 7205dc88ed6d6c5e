"""The player's record across games ("Your record"): games played and won per opponent level
and player count, the best score, the longest expedition and the last results, kept by the
page as text (JSON) in the browser's storage.

:func:`result_of` sums up a finished game for one seat, :func:`add_result` counts it once
into a :class:`Record`, :func:`dumps_record` and :func:`parse_record` write and read the
versioned text. Like a save (``park.engine.save``), a record text that is damaged, from a
newer version or not a record raises :class:`RecordError` with a sentence for the player.
The dialog's markup is in ``park.ui.record_html``.

Light on purpose: importing this module loads none of the engine but its error classes, so
the page can show the record before any game is loaded.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..engine.errors import ParkError
from ..engine.json_depth import json_depth
from .settings import MAX_PLAYERS, MIN_PLAYERS

if TYPE_CHECKING:
    from ..engine.state import GameState

RECORD_FORMAT = "park-record"
RECORD_VERSION = 1
"""The version of the record text this module writes and reads."""
RECENT_LIMIT = 20
"""How many of the latest results a record keeps (for the chart)."""
COUNTED_LIMIT = 100
"""How many ids of the latest games a record keeps, so a game is never counted twice."""
MAX_RECORD_CHARS = 200_000
"""Longest record text read (a full record is about 6,000 characters)."""
MAX_DEPTH = 4
"""Deepest nesting of JSON arrays and objects read (a record nests 3 deep)."""
MAX_COUNT = 10**9
"""Most games a tally counts (it stops there)."""
MAX_SCORE = 10_000
MAX_MONTHS = 1_000
MAX_EXPEDITIONS = 10_000

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "random", "none")
"""The opponents' level of a result, in the record table's order: an AI level, or
``"none"`` when every seat was played by a person."""
_STRENGTH = {"random": 0, "easy": 1, "normal": 2, "hard": 3}
"""Which AI level counts as the opponents' level when several play (the strongest)."""

_GAME_ID = re.compile(r"[0-9A-Za-z:._-]{1,64}")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class RecordError(ParkError, ValueError):
    """A record text could not be read: damaged, not a record, or from a newer version.

    The message is a sentence for the player. ``newer`` is true when the record was written by
    a newer version of Park (an older page must not overwrite it).
    """

    def __init__(self, reason: str, *, newer: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.newer = newer


def _whole(value: object, low: int, high: int) -> bool:
    """Whether ``value`` is an ``int`` (not a ``bool``) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _check(condition: bool, problem: str) -> None:
    if not condition:
        raise ValueError(problem)


def _ordinal(number: int) -> str:
    """``"1st"``, ``"2nd"``, ``"3rd"``, ``"4th"``…"""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10)
    return f"{number}{suffix or 'th'}"


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one finished game went for the recorded seat.

    ``game``: the game's id (:func:`game_id`: ``"<seed>:<number of actions>"``, at most 64
    letters, digits and ``:._-``), so the same game is never counted twice; ``date``: the UTC
    day it ended, ``"YYYY-MM-DD"``; ``level``: the opponents' level (one of :data:`LEVELS`,
    ``"none"`` exactly when ``humans == players``); ``players``: 3 to 7; ``humans``: seats
    played by people, 1 to ``players``; ``place``: 1-based finishing place (ties share the
    better place); ``score``: points; ``won``: whether the seat won (then ``place`` is 1);
    ``expeditions``: how many were scored; ``longest``: the most Month counters of one of them
    (0 when none); ``daily``: a "Today's expedition" game.

    Raises ``ValueError`` naming the first field that is wrong.
    """

    game: str
    date: str
    level: str
    players: int
    humans: int
    place: int
    score: int
    won: bool
    expeditions: int
    longest: int
    daily: bool = False

    def __post_init__(self) -> None:
        _check(
            isinstance(self.game, str) and _GAME_ID.fullmatch(self.game) is not None,
            "a game's id is 1 to 64 letters, digits or ':._-'",
        )
        _check(isinstance(self.date, str) and _valid_date(self.date), "a date is YYYY-MM-DD")
        _check(isinstance(self.level, str) and self.level in LEVELS, "unknown opponents' level")
        _check(_whole(self.players, MIN_PLAYERS, MAX_PLAYERS), "a game has 3 to 7 players")
        _check(_whole(self.humans, 1, self.players), "a game has 1 human player or more")
        _check(
            (self.level == "none") == (self.humans == self.players),
            "the opponents' level is 'none' exactly when every player is human",
        )
        _check(_whole(self.place, 1, self.players), "a place is from 1 to the player count")
        _check(_whole(self.score, 0, MAX_SCORE), f"a score is from 0 to {MAX_SCORE}")
        _check(isinstance(self.won, bool), "'won' is true or false")
        _check(not self.won or self.place == 1, "a win is in 1st place")
        _check(_whole(self.expeditions, 0, MAX_EXPEDITIONS), "too many expeditions")
        _check(_whole(self.longest, 0, MAX_MONTHS), "too many Month counters")
        _check(self.expeditions > 0 or self.longest == 0, "a longest expedition without any")
        _check(isinstance(self.daily, bool), "'daily' is true or false")

    @property
    def key(self) -> tuple[str, int]:
        """The tally this result counts in: ``(level, players)``."""
        return (self.level, self.players)

    @property
    def place_text(self) -> str:
        """The place in words: ``"1st"``, ``"2nd"``…"""
        return _ordinal(self.place)


def _valid_date(text: str) -> bool:
    if _DATE.fullmatch(text) is None:
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Tally:
    """Games ``played`` and ``won`` (``0 <= won <= played <= MAX_COUNT``) of one opponent
    level and player count. Raises ``ValueError`` for other counts."""

    played: int
    won: int

    def __post_init__(self) -> None:
        _check(_whole(self.played, 1, MAX_COUNT), "a tally counts 1 game or more")
        _check(
            _whole(self.won, 0, self.played),
            "a tally has more games won than played, or fewer than none",
        )


def _key_order(key: tuple[str, int]) -> tuple[int, int]:
    return (LEVELS.index(key[0]), key[1])


@dataclass(frozen=True, slots=True)
class Record:
    """The player's record: ``tallies`` per ``(level, players)`` (read-only, in the table's
    order: :data:`LEVELS`, then players), ``best_score`` and ``longest`` (the most Month
    counters of one expedition) over every game, the last :data:`RECENT_LIMIT` results in
    ``recent`` (oldest first) and the ids of the last :data:`COUNTED_LIMIT` games counted
    in ``counted`` (oldest first).

    Raises ``ValueError`` when the parts disagree (a recent game not counted, a recent score
    above the best, more recent results than games played…).
    """

    tallies: Mapping[tuple[str, int], Tally] = field(default_factory=dict)
    best_score: int = 0
    longest: int = 0
    recent: tuple[GameResult, ...] = ()
    counted: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _check(isinstance(self.tallies, Mapping), "the tallies are a mapping")
        for key, tally in self.tallies.items():
            _check(
                isinstance(key, tuple)
                and len(key) == 2
                and key[0] in LEVELS
                and _whole(key[1], MIN_PLAYERS, MAX_PLAYERS),
                "a tally is for an opponents' level and 3 to 7 players",
            )
            _check(isinstance(tally, Tally), "a tally counts games played and won")
        tallies = dict(sorted(self.tallies.items(), key=lambda item: _key_order(item[0])))
        object.__setattr__(self, "tallies", MappingProxyType(tallies))
        _check(_whole(self.best_score, 0, MAX_SCORE), "the best score is out of range")
        _check(_whole(self.longest, 0, MAX_MONTHS), "the longest expedition is out of range")
        _check(isinstance(self.recent, tuple), "the recent results are a tuple")
        _check(len(self.recent) <= RECENT_LIMIT, f"more than {RECENT_LIMIT} recent results")
        _check(all(isinstance(r, GameResult) for r in self.recent), "a recent result is wrong")
        _check(isinstance(self.counted, tuple), "the games counted are a tuple")
        _check(len(self.counted) <= COUNTED_LIMIT, f"more than {COUNTED_LIMIT} games counted")
        _check(
            all(isinstance(g, str) and _GAME_ID.fullmatch(g) for g in self.counted),
            "a game counted has no valid id",
        )
        _check(len(set(self.counted)) == len(self.counted), "a game is counted twice")
        self._check_agreement()

    def _check_agreement(self) -> None:
        played = self.played
        _check(len(self.counted) <= played, "more games counted than played")
        recent_ids = [r.game for r in self.recent]
        _check(len(set(recent_ids)) == len(recent_ids), "a recent game is there twice")
        _check(set(recent_ids) <= set(self.counted), "a recent game was not counted")
        _check(
            all(r.score <= self.best_score for r in self.recent), "a recent score beats the best"
        )
        _check(
            all(r.longest <= self.longest for r in self.recent),
            "a recent expedition is longer than the longest",
        )
        if played == 0:
            _check(self.best_score == 0 and self.longest == 0, "a best without any game")
        for key in {r.key for r in self.recent}:
            tally = self.tallies.get(key)
            games = [r for r in self.recent if r.key == key]
            _check(
                tally is not None
                and len(games) <= tally.played
                and sum(r.won for r in games) <= tally.won,
                "the recent results do not match the tallies",
            )

    @property
    def played(self) -> int:
        """Games played, in all."""
        return sum(t.played for t in self.tallies.values())

    @property
    def won(self) -> int:
        """Games won, in all."""
        return sum(t.won for t in self.tallies.values())


def empty_record() -> Record:
    """A record of no games."""
    return Record()


def game_id(state: GameState) -> str:
    """The id of ``state``'s game as a result records it: ``"<seed>:<number of actions>"``."""
    return f"{state.settings.seed}:{len(state.log)}"


def result_of(state: GameState, seat: int, *, date: str, daily: bool = False) -> GameResult:
    """How the finished game ``state`` went for ``seat``, a seat played by a person.

    ``date``: the UTC day, ``"YYYY-MM-DD"``; ``daily``: whether it was a "Today's
    expedition" game. The opponents' level is that of the other seats' AI (the strongest when
    several levels play: random < easy < normal < hard), ``"none"`` when people play them
    all. The winner is 1st; the other seats rank by score after the winner, ties sharing the
    better place.

    Raises ``ValueError`` if the game is not over, ``seat`` is not one of its seats or is
    played by the AI, or ``date`` is not a date.
    """
    from ..engine.state import Phase

    if state.phase is not Phase.OVER:
        raise ValueError("only a finished game can be recorded")
    if not isinstance(seat, int) or not 0 <= seat < len(state.seats):
        raise ValueError(f"the game has no seat {seat!r}")
    controllers = [s.controller for s in state.settings.seats]
    if controllers[seat] != "human":
        raise ValueError(f"seat {seat} is played by the AI; only a person's games are recorded")
    ai = [c for i, c in enumerate(controllers) if i != seat and c != "human"]
    level = max(ai, key=lambda c: _STRENGTH.get(c, -1)) if ai else "none"
    mine = state.seats[seat]
    winner = state.winner
    if winner == seat:
        place = 1
    else:
        ahead = [
            i
            for i, s in enumerate(state.seats)
            if i != seat and (i == winner or s.score > mine.score)
        ]
        place = 1 + len(ahead)
    return GameResult(
        game=game_id(state),
        date=date,
        level=level,
        players=len(state.seats),
        humans=controllers.count("human"),
        place=place,
        score=mine.score,
        won=winner == seat,
        expeditions=len(mine.expeditions),
        longest=max((e.months for e in mine.expeditions), default=0),
        daily=daily,
    )


def add_result(record: Record, result: GameResult) -> Record:
    """``record`` with ``result`` counted: its tally, the best score, the longest expedition
    and the recent results (the oldest dropped past :data:`RECENT_LIMIT`). A game already
    counted (its id among ``record.counted``) leaves the record unchanged: the same record is
    returned. Raises nothing for valid arguments."""
    if result.game in record.counted:
        return record
    tallies = dict(record.tallies)
    old = tallies.get(result.key)
    played = min((old.played if old else 0) + 1, MAX_COUNT)
    won = min((old.won if old else 0) + result.won, played)
    tallies[result.key] = Tally(played, won)
    return Record(
        tallies=tallies,
        best_score=max(record.best_score, result.score),
        longest=max(record.longest, result.longest),
        recent=(*record.recent, result)[-RECENT_LIMIT:],
        counted=(*record.counted, result.game)[-COUNTED_LIMIT:],
    )


def daily_result(record: Record, date: str) -> GameResult | None:
    """The latest "Today's expedition" result of day ``date`` among the recent results, or
    ``None`` (not played that day, or too long ago to be among them)."""
    for result in reversed(record.recent):
        if result.daily and result.date == date:
            return result
    return None


# -- the text --------------------------------------------------------------------------------

_RESULT_FIELDS = (
    "game",
    "date",
    "level",
    "players",
    "humans",
    "place",
    "score",
    "won",
    "expeditions",
    "longest",
    "daily",
)
_RECORD_FIELDS = frozenset(
    {"format", "version", "tallies", "best_score", "longest", "recent", "counted"}
)


def dumps_record(record: Record) -> str:
    """The text of ``record``: compact JSON (ASCII), ``{"format": "park-record", "version":
    1, ...}``, that :func:`parse_record` reads back equal, and that is the same for equal
    records."""
    payload = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "tallies": [[lv, n, t.played, t.won] for (lv, n), t in record.tallies.items()],
        "best_score": record.best_score,
        "longest": record.longest,
        "recent": [{f: getattr(r, f) for f in _RESULT_FIELDS} for r in record.recent],
        "counted": list(record.counted),
    }
    return json.dumps(payload, separators=(",", ":"))


def _damaged(reason: str) -> RecordError:
    return RecordError(f"The record is damaged: {reason}.")


def parse_record(text: str | None) -> Record:
    """The record in ``text`` (from :func:`dumps_record`); ``None`` or ``""`` (nothing
    stored yet) gives :func:`empty_record`.

    Raises :class:`RecordError` with a sentence for the player when the text is too long
    (:data:`MAX_RECORD_CHARS`), nested too deep, not JSON, not a Park record, from a newer
    version (``newer`` set), or holds a value of the wrong type or out of range, or parts
    that disagree (:class:`Record`). Never raises anything else.
    """
    if text is None or text == "":
        return empty_record()
    if not isinstance(text, str):
        raise _damaged("it is not text")
    if len(text) > MAX_RECORD_CHARS:
        raise _damaged(f"it is far too long ({len(text):,} characters)")
    if json_depth(text, MAX_DEPTH) > MAX_DEPTH:
        raise _damaged("it holds data nested deeper than any record")
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _damaged(f"it is unreadable at line {exc.lineno}, column {exc.colno}") from None
    except (ValueError, RecursionError):  # a number too long to read
        raise _damaged("it holds data no record can contain") from None
    if not isinstance(payload, dict) or payload.get("format") != RECORD_FORMAT:
        raise RecordError("This is not a Park record.")
    version = payload.get("version")
    if not _whole(version, 1, 2**31):
        raise _damaged("it has no valid version")
    if version != RECORD_VERSION:
        raise RecordError(
            f"The record is from a newer version of Park (version {version}).", newer=True
        )
    unknown = sorted(str(k) for k in set(payload) - _RECORD_FIELDS)
    if unknown:
        raise _damaged(f"it holds an unknown entry ({unknown[0][:40]!r})")
    missing = sorted(_RECORD_FIELDS - set(payload))
    if missing:
        raise _damaged(f"its entry {missing[0]!r} is missing")
    try:
        return _record_from(payload)
    except ValueError as exc:
        raise _damaged(str(exc)) from None


def _record_from(payload: dict[str, Any]) -> Record:
    """The :class:`Record` of a parsed record text. Raises ``ValueError`` naming the problem."""
    tallies_data = payload["tallies"]
    _check(isinstance(tallies_data, list), "the tallies are not a list")
    tallies: dict[tuple[str, int], Tally] = {}
    for item in tallies_data:
        _check(
            isinstance(item, list) and len(item) == 4 and isinstance(item[0], str),
            "a tally is not [level, players, played, won]",
        )
        level, players, played, won = item
        _check(
            level in LEVELS and _whole(players, MIN_PLAYERS, MAX_PLAYERS),
            f"a tally has an unknown level or player count ({level!r}, {players!r})",
        )
        _check((level, players) not in tallies, "a tally is there twice")
        tallies[(level, players)] = Tally(played, won)
    recent_data = payload["recent"]
    _check(isinstance(recent_data, list), "the recent results are not a list")
    _check(len(recent_data) <= RECENT_LIMIT, f"more than {RECENT_LIMIT} recent results")
    recent = []
    for item in recent_data:
        _check(
            isinstance(item, dict) and set(item) == set(_RESULT_FIELDS),
            "a recent result has missing or unknown entries",
        )
        recent.append(GameResult(**{f: item[f] for f in _RESULT_FIELDS}))
    counted = payload["counted"]
    _check(isinstance(counted, list), "the games counted are not a list")
    return Record(
        tallies=tallies,
        best_score=payload["best_score"],
        longest=payload["longest"],
        recent=tuple(recent),
        counted=tuple(counted),
    )
