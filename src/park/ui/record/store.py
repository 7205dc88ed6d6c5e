"""The player's record across games ("Your record").

Games played and won per opponent level and player count, the best score, the longest expedition and
the last results, kept by the page as text (JSON) in the browser's storage.

:func:`result_of` sums up a finished game for one seat, :func:`add_result` counts it once
into a :class:`Record`, :func:`dumps_record` and :func:`parse_record` write and read the
versioned text. Like a save (``park.engine.save``), a record text that is damaged, from a
newer version or not a record raises :class:`RecordError` with a sentence for the player.
The dialog's markup is in ``park.ui.record.html``.

Light on purpose: importing this module loads none of the engine but its error classes, so
the page can show the record before any game is loaded.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from park.engine.json_depth import json_depth
from park.engine.levels import HUMAN, strength
from park.engine.player_counts import MAX_PLAYERS, MIN_PLAYERS
from park.ui.lang.i18n import N_, _, ngettext
from park.ui.record.parts import (
    COUNTED_LIMIT,
    LEVELS,
    MAX_COUNT,
    MAX_EXPEDITIONS,
    MAX_MONTHS,
    MAX_SCORE,
    NO_AI,
    RECENT_LIMIT,
    GameResult,
    Record,
    RecordError,
    Tally,
    _check,
    _Problem,
    _whole,
)

if TYPE_CHECKING:
    from park.engine.state import GameState

RECORD_FORMAT = "park-record"
RECORD_VERSION = 1
"""The version of the record text this module writes and reads."""
MAX_RECORD_CHARS = 200_000
"""Longest record text read (a full record is about 6,000 characters)."""
MAX_DEPTH = 4
"""Deepest nesting of JSON arrays and objects read (a record nests 3 deep)."""


def empty_record() -> Record:
    """A record of no games."""
    return Record()


def game_id(state: GameState) -> str:
    """The id of ``state``'s game as a result records it: ``"<seed>:<number of actions>"``."""
    return f"{state.settings.seed}:{len(state.log)}"


def result_of(
    state: GameState, seat: int, *, date: str, daily: bool = False, live: bool = False
) -> GameResult:
    """How the finished game ``state`` went for ``seat``, a seat played by a person.

    ``date``: the UTC day, ``"YYYY-MM-DD"``; ``daily``: whether it was a "Today's
    expedition" game; ``live``: a live table's, with friends on their own devices. The
    opponents' level is that of the other seats' AI (the strongest when several levels play:
    random < easy < normal < hard), ``"none"`` when people play them all. The winner is 1st;
    the other seats rank by score after the winner, ties sharing the better place.

    Raises ``ValueError`` if the game is not over, ``seat`` is not one of its seats or is
    played by the AI, or ``date`` is not a date.
    """
    from park.engine.state import Phase

    if state.phase is not Phase.OVER:
        raise ValueError("only a finished game can be recorded")
    if not isinstance(seat, int) or not 0 <= seat < len(state.seats):
        raise ValueError(f"the game has no seat {seat!r}")
    controllers = [s.controller for s in state.settings.seats]
    if controllers[seat] != HUMAN:
        raise ValueError(f"seat {seat} is played by the AI; only a person's games are recorded")
    ai = [c for i, c in enumerate(controllers) if i != seat and c != HUMAN]
    level = max(ai, key=strength) if ai else NO_AI
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
        humans=controllers.count(HUMAN),
        place=place,
        score=mine.score,
        won=winner == seat,
        expeditions=len(mine.expeditions),
        longest=max((e.months for e in mine.expeditions), default=0),
        daily=daily,
        live=live,
    )


def add_result(record: Record, result: GameResult) -> Record:
    """``record`` with ``result`` counted.

    Its tally, the best score, the longest expedition and the recent results (the oldest dropped
    past :data:`RECENT_LIMIT`). A game already counted (its id among ``record.counted``) leaves the
    record unchanged: the same record is returned. Raises nothing for valid arguments.
    """
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
    """The latest "Today's expedition" result of day ``date`` among the recent results.

    ``None`` when not played that day, or too long ago to be among them.
    """
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
_LIVE_FIELD = "live"
"""A recent result's mark of a live table's game, written only when true: a record with no live
game reads as it always did (an older Park reads it)."""
_RECORD_FIELDS = frozenset(
    {"format", "version", "tallies", "best_score", "longest", "recent", "counted"}
)


def dumps_record(record: Record) -> str:
    """The text of ``record``.

    Compact JSON (ASCII), ``{"format": "park-record", "version": 1, ...}``, that
    :func:`parse_record` reads back equal, and that is the same for equal records.
    """
    payload = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "tallies": [[lv, n, t.played, t.won] for (lv, n), t in record.tallies.items()],
        "best_score": record.best_score,
        "longest": record.longest,
        "recent": [_result_json(r) for r in record.recent],
        "counted": list(record.counted),
    }
    return json.dumps(payload, separators=(",", ":"))


def _result_json(result: GameResult) -> dict[str, object]:
    out: dict[str, object] = {f: getattr(result, f) for f in _RESULT_FIELDS}
    if result.live:
        out[_LIVE_FIELD] = True
    return out


def _damaged(problem: str, **values: object) -> RecordError:
    """The notice of a damaged record, in the page's language.

    ``problem`` (``N_``-marked, English) with ``values`` for its placeholders.
    """
    reason = _(problem).format(**values)
    return RecordError(_("The record is damaged: {reason}.").format(reason=reason))


def parse_record(text: str | None) -> Record:
    """The record in ``text`` (from :func:`dumps_record`).

    ``None`` or ``""`` (nothing stored yet) gives :func:`empty_record`.

    Raises :class:`RecordError` with a sentence for the player when the text is too long
    (:data:`MAX_RECORD_CHARS`), nested too deep, not JSON, not a Park record, from a newer
    version (``newer`` set), or holds a value of the wrong type or out of range, or parts
    that disagree (:class:`Record`). Never raises anything else.
    """
    if text is None or text == "":
        return empty_record()
    if not isinstance(text, str):
        raise _damaged(N_("it is not text"))
    if len(text) > MAX_RECORD_CHARS:
        count = len(text)
        raise RecordError(
            ngettext(
                "The record is damaged: it is far too long ({count} character).",
                "The record is damaged: it is far too long ({count} characters).",
                count,
            ).format(count=f"{count:,}")
        )
    if json_depth(text, MAX_DEPTH) > MAX_DEPTH:
        raise _damaged(N_("it holds data nested deeper than any record"))
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _damaged(
            N_("it is unreadable at line {line}, column {column}"),
            line=exc.lineno,
            column=exc.colno,
        ) from None
    except (ValueError, RecursionError):  # a number too long to read
        raise _damaged(N_("it holds data no record can contain")) from None
    if not isinstance(payload, dict) or payload.get("format") != RECORD_FORMAT:
        raise RecordError(_("This is not a Park record."))
    version = payload.get("version")
    if not _whole(version, 1, 2**31):
        raise _damaged(N_("it has no valid version"))
    if version != RECORD_VERSION:
        raise RecordError(
            _("The record is from a newer version of Park (version {version}).").format(
                version=version
            ),
            newer=True,
        )
    unknown = sorted(str(k) for k in set(payload) - _RECORD_FIELDS)
    if unknown:
        raise _damaged(N_("it holds an unknown entry ({entry})"), entry=repr(unknown[0][:40]))
    missing = sorted(_RECORD_FIELDS - set(payload))
    if missing:
        raise _damaged(N_("its entry {entry} is missing"), entry=repr(missing[0]))
    try:
        return _record_from(payload)
    except _Problem as exc:
        raise _damaged(exc.problem, **exc.values) from None
    except ValueError as exc:  # none is known, but the notice must stay a RecordError
        raise RecordError(_("The record is damaged: {reason}.").format(reason=exc)) from None


def _record_from(payload: dict[str, Any]) -> Record:
    """The :class:`Record` of a parsed record text. Raises ``ValueError`` naming the problem."""
    tallies_data = payload["tallies"]
    _check(isinstance(tallies_data, list), N_("the tallies are not a list"))
    tallies: dict[tuple[str, int], Tally] = {}
    for item in tallies_data:
        _check(
            isinstance(item, list) and len(item) == 4 and isinstance(item[0], str),
            N_("a tally is not [level, players, played, won]"),
        )
        level, players, played, won = item
        _check(
            level in LEVELS and _whole(players, MIN_PLAYERS, MAX_PLAYERS),
            N_("a tally has an unknown level or player count ({level}, {players})"),
            level=repr(level),
            players=repr(players),
        )
        _check((level, players) not in tallies, N_("a tally is there twice"))
        tallies[(level, players)] = Tally(played, won)
    recent_data = payload["recent"]
    _check(isinstance(recent_data, list), N_("the recent results are not a list"))
    _check(
        len(recent_data) <= RECENT_LIMIT, N_("more than {most} recent results"), most=RECENT_LIMIT
    )
    recent = []
    for item in recent_data:
        _check(
            isinstance(item, dict) and set(item) - {_LIVE_FIELD} == set(_RESULT_FIELDS),
            N_("a recent result has missing or unknown entries"),
        )
        live = item.get(_LIVE_FIELD, False)
        recent.append(GameResult(**{f: item[f] for f in _RESULT_FIELDS}, live=live))
    counted = payload["counted"]
    _check(isinstance(counted, list), N_("the games counted are not a list"))
    return Record(
        tallies=tallies,
        best_score=payload["best_score"],
        longest=payload["longest"],
        recent=tuple(recent),
        counted=tuple(counted),
    )


__all__ = [
    "COUNTED_LIMIT",
    "LEVELS",
    "MAX_COUNT",
    "MAX_DEPTH",
    "MAX_EXPEDITIONS",
    "MAX_MONTHS",
    "MAX_RECORD_CHARS",
    "MAX_SCORE",
    "NO_AI",
    "RECENT_LIMIT",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "GameResult",
    "Record",
    "RecordError",
    "Tally",
    "add_result",
    "daily_result",
    "dumps_record",
    "empty_record",
    "game_id",
    "parse_record",
    "result_of",
]
