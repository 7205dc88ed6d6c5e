"""The parts of the player's record (``park.ui.record.store``) and their consistency checks.

One game's :class:`GameResult`, a :class:`Tally` of games played and won, the whole :class:`Record`,
and :class:`RecordError` for a record text that cannot be read.

Every check that fails raises a ``ValueError`` naming the problem in English; when the problem
is in a stored record text, ``park.ui.record.store`` turns it into a :class:`RecordError` whose
sentence is in the page's language (the problems are marked for the catalogue here).
Imports nothing of the engine but its error classes.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from park.engine.errors import ParkError
from park.engine.levels import AI_LEVELS
from park.engine.player_counts import MAX_PLAYERS, MIN_PLAYERS
from park.ui.lang.i18n import N_, pgettext
from park.ui.lang.levels import OFFERED_LEVELS

RECENT_LIMIT = 20
"""How many of the latest results a record keeps (for the chart)."""
COUNTED_LIMIT = 100
"""How many ids of the latest games a record keeps, so a game is never counted twice."""
MAX_COUNT = 10**9
"""Most games a tally counts (it stops there)."""
MAX_SCORE = 10_000
MAX_MONTHS = 1_000
MAX_EXPEDITIONS = 10_000

NO_AI = "none"
"""The opponents' level of a game where every seat was played by a person."""
LEVELS: tuple[str, ...] = (
    *OFFERED_LEVELS,
    *(name for name in AI_LEVELS if name not in OFFERED_LEVELS),
    NO_AI,
)
"""The opponents' level of a result, in the record table's order: the levels the New game
form offers, weakest first, then the others, then :data:`NO_AI` (``park.engine.levels``)."""

_GAME_ID = re.compile(r"[0-9A-Za-z:._-]{1,64}")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class RecordError(ParkError, ValueError):
    """A record text could not be read: damaged, not a record, or from a newer version.

    The message is a sentence for the player, in the page's language. ``newer`` is true when
    the record was written by a newer version of Park (an older page must not overwrite it).
    """

    def __init__(self, reason: str, *, newer: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.newer = newer


def _whole(value: object, low: int, high: int) -> bool:
    """Whether ``value`` is an ``int`` (not a ``bool``) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


class _Problem(ValueError):
    """A part of a record that is wrong.

    ``problem`` an English message (``N_``-marked) with ``values`` for its placeholders, so that a
    damaged record's notice can translate it.
    """

    def __init__(self, problem: str, values: Mapping[str, object]) -> None:
        super().__init__(problem.format(**values))
        self.problem = problem
        self.values = dict(values)


def _check(condition: bool, problem: str, **values: object) -> None:
    if not condition:
        raise _Problem(problem, values)


def _ordinal(number: int) -> str:
    """``"1st"``, ``"2nd"``, ``"3rd"``, ``"4th"``… in the page's language (``"1位"``)."""
    last = number % 10
    if 10 <= number % 100 <= 20 or last not in (1, 2, 3):
        ordinal = pgettext("finishing place", "{place}th")
    elif last == 1:
        ordinal = pgettext("finishing place", "{place}st")
    elif last == 2:
        ordinal = pgettext("finishing place", "{place}nd")
    else:
        ordinal = pgettext("finishing place", "{place}rd")
    return ordinal.format(place=number)


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one finished game went for the recorded seat.

    ``game``: the game's id (:func:`game_id`: ``"<seed>:<number of actions>"``, at most 64
    letters, digits and ``:._-``), so the same game is never counted twice; ``date``: the UTC
    day it ended, ``"YYYY-MM-DD"``; ``level``: the opponents' level (one of :data:`LEVELS`,
    ``"none"`` exactly when ``humans == players``); ``players``: :data:`MIN_PLAYERS` to
    :data:`MAX_PLAYERS`; ``humans``: seats
    played by people, 1 to ``players``; ``place``: 1-based finishing place (ties share the
    better place); ``score``: points; ``won``: whether the seat won (then ``place`` is 1);
    ``expeditions``: how many were scored; ``longest``: the most Month counters of one of them
    (0 when none); ``daily``: a "Today's expedition" game; ``live``: a live table's game, with
    friends on their own devices (issue 52).

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
    live: bool = False

    def __post_init__(self) -> None:
        _check(
            isinstance(self.game, str) and _GAME_ID.fullmatch(self.game) is not None,
            N_("a game's id is 1 to 64 letters, digits or ':._-'"),
        )
        _check(isinstance(self.date, str) and _valid_date(self.date), N_("a date is YYYY-MM-DD"))
        _check(isinstance(self.level, str) and self.level in LEVELS, N_("unknown opponents' level"))
        _check(
            _whole(self.players, MIN_PLAYERS, MAX_PLAYERS),
            N_("a game has {fewest} to {most} players"),
            fewest=MIN_PLAYERS,
            most=MAX_PLAYERS,
        )
        _check(_whole(self.humans, 1, self.players), N_("a game has 1 human player or more"))
        _check(
            (self.level == "none") == (self.humans == self.players),
            N_("the opponents' level is 'none' exactly when every player is human"),
        )
        _check(_whole(self.place, 1, self.players), N_("a place is from 1 to the player count"))
        _check(_whole(self.score, 0, MAX_SCORE), N_("a score is from 0 to {most}"), most=MAX_SCORE)
        _check(isinstance(self.won, bool), N_("'won' is true or false"))
        _check(not self.won or self.place == 1, N_("a win is in 1st place"))
        _check(_whole(self.expeditions, 0, MAX_EXPEDITIONS), N_("too many expeditions"))
        _check(_whole(self.longest, 0, MAX_MONTHS), N_("too many Month counters"))
        _check(self.expeditions > 0 or self.longest == 0, N_("a longest expedition without any"))
        _check(isinstance(self.daily, bool), N_("'daily' is true or false"))
        _check(isinstance(self.live, bool), N_("'live' is true or false"))

    @property
    def key(self) -> tuple[str, int]:
        """The tally this result counts in: ``(level, players)``."""
        return (self.level, self.players)

    @property
    def place_text(self) -> str:
        """The place in words, in the page's language: ``"1st"``, ``"2nd"``… (``"2位"``)."""
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
    """Games ``played`` and ``won`` of one opponent level and player count.

    ``0 <= won <= played <= MAX_COUNT``. Raises ``ValueError`` for other counts.
    """

    played: int
    won: int

    def __post_init__(self) -> None:
        _check(_whole(self.played, 1, MAX_COUNT), N_("a tally counts 1 game or more"))
        _check(
            _whole(self.won, 0, self.played),
            N_("a tally has more games won than played, or fewer than none"),
        )


def _key_order(key: tuple[str, int]) -> tuple[int, int]:
    return (LEVELS.index(key[0]), key[1])


@dataclass(frozen=True, slots=True)
class Record:
    """The player's record.

    ``tallies`` per ``(level, players)`` (read-only, in the table's order: :data:`LEVELS`, then
    players), ``best_score`` and ``longest`` (the most Month counters of one expedition) over every
    game, the last :data:`RECENT_LIMIT` results in ``recent`` (oldest first) and the ids of the last
    :data:`COUNTED_LIMIT` games counted in ``counted`` (oldest first).

    Raises ``ValueError`` when the parts disagree (a recent game not counted, a recent score
    above the best, more recent results than games played…).
    """

    tallies: Mapping[tuple[str, int], Tally] = field(default_factory=dict)
    best_score: int = 0
    longest: int = 0
    recent: tuple[GameResult, ...] = ()
    counted: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _check(isinstance(self.tallies, Mapping), N_("the tallies are a mapping"))
        for key, tally in self.tallies.items():
            _check(
                isinstance(key, tuple)
                and len(key) == 2
                and key[0] in LEVELS
                and _whole(key[1], MIN_PLAYERS, MAX_PLAYERS),
                N_("a tally is for an opponents' level and {fewest} to {most} players"),
                fewest=MIN_PLAYERS,
                most=MAX_PLAYERS,
            )
            _check(isinstance(tally, Tally), N_("a tally counts games played and won"))
        tallies = dict(sorted(self.tallies.items(), key=lambda item: _key_order(item[0])))
        object.__setattr__(self, "tallies", MappingProxyType(tallies))
        _check(_whole(self.best_score, 0, MAX_SCORE), N_("the best score is out of range"))
        _check(_whole(self.longest, 0, MAX_MONTHS), N_("the longest expedition is out of range"))
        _check(isinstance(self.recent, tuple), N_("the recent results are a tuple"))
        _check(
            len(self.recent) <= RECENT_LIMIT,
            N_("more than {most} recent results"),
            most=RECENT_LIMIT,
        )
        _check(all(isinstance(r, GameResult) for r in self.recent), N_("a recent result is wrong"))
        _check(isinstance(self.counted, tuple), N_("the games counted are a tuple"))
        _check(
            len(self.counted) <= COUNTED_LIMIT,
            N_("more than {most} games counted"),
            most=COUNTED_LIMIT,
        )
        _check(
            all(isinstance(g, str) and _GAME_ID.fullmatch(g) for g in self.counted),
            N_("a game counted has no valid id"),
        )
        _check(len(set(self.counted)) == len(self.counted), N_("a game is counted twice"))
        self._check_agreement()

    def _check_agreement(self) -> None:
        played = self.played
        _check(len(self.counted) <= played, N_("more games counted than played"))
        recent_ids = [r.game for r in self.recent]
        _check(len(set(recent_ids)) == len(recent_ids), N_("a recent game is there twice"))
        _check(set(recent_ids) <= set(self.counted), N_("a recent game was not counted"))
        _check(
            all(r.score <= self.best_score for r in self.recent),
            N_("a recent score beats the best"),
        )
        _check(
            all(r.longest <= self.longest for r in self.recent),
            N_("a recent expedition is longer than the longest"),
        )
        if played == 0:
            _check(self.best_score == 0 and self.longest == 0, N_("a best without any game"))
        for key in {r.key for r in self.recent}:
            tally = self.tallies.get(key)
            games = [r for r in self.recent if r.key == key]
            _check(
                tally is not None
                and len(games) <= tally.played
                and sum(r.won for r in games) <= tally.won,
                N_("the recent results do not match the tallies"),
            )

    @property
    def played(self) -> int:
        """Games played, in all."""
        return sum(t.played for t in self.tallies.values())

    @property
    def won(self) -> int:
        """Games won, in all."""
        return sum(t.won for t in self.tallies.values())
