"""Saving and loading games as versioned replays: settings + actions + checksum."""

from __future__ import annotations

import json
import re
from dataclasses import asdict
from functools import cache
from typing import Any

from .actions import parse_action
from .errors import IllegalActionError, SaveError
from .rules import apply, new_game
from .ruleset import Ruleset, standard_ruleset
from .state import GameState, Options, SeatSpec

SAVE_FORMAT = "park-save"
SAVE_VERSION = 1
"""The save format version this engine writes and reads."""

MAX_SAVE_CHARS = 1_000_000
"""Longest save text read (a save of :data:`MAX_ACTIONS` moves is about a quarter of this)."""
MAX_DEPTH = 6
"""Deepest nesting of JSON arrays and objects read (a save nests 4 deep)."""
MAX_ROUNDS = 300
"""The longest game a save may hold, in rounds (games end in well under 100)."""
MAX_ACTIONS = 20_000
"""Most moves a save may hold: with :data:`MAX_ROUNDS`, what keeps the largest save quick to
replay when the page opens it."""
MAX_ACTION_CHARS = 64
"""Longest text of one move (the longest card id is well under this)."""

_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_JSON_BRACKET = re.compile(r"[\[\]{}]")


@cache
def _data_fingerprint(rules: Ruleset) -> str:
    """A short hash of the board, deck and scoring board a replay depends on."""
    material = {
        "board": [(s.id, s.number, s.kind) for s in rules.board.spaces],
        "paths": rules.board.paths,
        "cards": [(c.id, c.type, sorted(c.values.items())) for c in rules.cards],
        "scoring": [
            sorted((r.count, r.months, r.target) for r in rules.scoring.rows.values()),
            sorted(rules.scoring.novelty.items()),
        ],
    }
    import hashlib  # here, not at import: only saving and loading need it

    return hashlib.sha256(json.dumps(material, sort_keys=True).encode()).hexdigest()[:16]


def _canonical(payload: dict[str, Any]) -> bytes:
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _checksum(payload: dict[str, Any]) -> str:
    import hashlib

    return hashlib.sha256(_canonical(payload)).hexdigest()


def _summary(state: GameState) -> dict[str, Any]:
    return {"turn": state.turn, "scores": [s.score for s in state.seats], "winner": state.winner}


def dumps(state: GameState) -> str:
    """The save of ``state``: JSON text holding the format version, the settings, the actions
    since setup, a summary and a SHA-256 checksum of the rest.

    Raises ``ValueError`` for a game played with a board, deck or scoring board other than the
    shipped ones (its replay could not be reproduced).
    """
    if not state.rules.is_standard:
        raise ValueError("only games played with the shipped board and deck can be saved")
    settings = state.settings
    payload: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "data": _data_fingerprint(state.rules),
        "settings": {
            "seed": settings.seed,
            "first_seat": state.first_seat,
            "seats": [asdict(s) for s in settings.seats],
            "options": asdict(settings.options),
        },
        "actions": [str(a) for a in state.log],
        "summary": _summary(state),
    }
    payload["checksum"] = _checksum(payload)
    return json.dumps(payload, ensure_ascii=False)


def _require(condition: bool, reason: str) -> None:
    if not condition:
        raise SaveError(reason)


def loads(text: str | bytes) -> GameState:
    """The game a save holds, rebuilt by replaying its actions from its seed.

    Raises :class:`SaveError` with a reason a person can act on when the save is empty,
    too large (:data:`MAX_SAVE_CHARS`) or nested too deep (:data:`MAX_DEPTH`, checked before
    parsing), truncated or corrupt, not a Park save, from a newer format version, made with
    different game data, fails its checksum (changed by hand or damaged), has invalid
    settings (a seat's name, ``#rrggbb`` colour or controller, see :class:`SeatSpec`), holds
    more than :data:`MAX_ACTIONS` moves or a game past :data:`MAX_ROUNDS` rounds, or holds
    an illegal move.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("The save is damaged: it is not readable text.") from None
    _require(isinstance(text, str) and text.strip() != "", "The save is empty.")
    _require(
        len(text) <= MAX_SAVE_CHARS,
        f"The save is too large to be a Park game ({len(text):,} characters; a save holds at "
        f"most {MAX_SAVE_CHARS:,}).",
    )
    _require(
        _nesting(text) <= MAX_DEPTH,
        "The save is damaged: it holds data nested deeper than any save.",
    )
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"The save is damaged or cut short (unreadable at line {exc.lineno}, "
            f"column {exc.colno})."
        ) from None
    except (ValueError, RecursionError):  # a number too long to read, nesting too deep
        raise SaveError("The save is damaged: it holds data no save can contain.") from None
    _require(
        isinstance(payload, dict) and payload.get("format") == SAVE_FORMAT,
        "This is not a Park saved game.",
    )
    version = payload.get("version")
    _require(isinstance(version, int), "The save has no format version; it is damaged.")
    _require(
        version <= SAVE_VERSION,
        f"This save was made by a newer version of Park (format {version}; this one reads "
        f"up to {SAVE_VERSION}). Reload the page to update, or start a new game.",
    )
    checksum = payload.pop("checksum", None)
    try:
        expected = _checksum(payload)
    except UnicodeEncodeError:  # a lone surrogate escape ("\ud800") is not text
        raise SaveError("The save is damaged: it holds characters that are not text.") from None
    _require(
        isinstance(checksum, str) and checksum == expected,
        "The save's checksum does not match: it was changed or damaged.",
    )
    rules = standard_ruleset()
    _require(
        payload.get("data") == _data_fingerprint(rules),
        "This save was made with a different board or deck and cannot be replayed here.",
    )
    state = _start_from(payload.get("settings"))
    actions = payload.get("actions")
    _require(isinstance(actions, list), "The save has no list of moves; it is damaged.")
    _require(
        len(actions) <= MAX_ACTIONS,
        f"The save holds {len(actions):,} moves, more than any game keeps ({MAX_ACTIONS:,}).",
    )
    for number, text_action in enumerate(actions, start=1):
        _require(
            isinstance(text_action, str) and len(text_action) <= MAX_ACTION_CHARS,
            f"Move {number} of the save ({repr(text_action)[:MAX_ACTION_CHARS]}) cannot be "
            "replayed: it is not a move.",
        )
        try:
            state, _ = apply(state, parse_action(text_action))
        except (ValueError, IllegalActionError) as exc:
            raise SaveError(
                f"Move {number} of the save ({text_action!r}) cannot be replayed: {exc}"
            ) from None
        _require(
            state.round <= MAX_ROUNDS,
            f"The saved game runs past {MAX_ROUNDS} rounds, longer than any game keeps.",
        )
    _require(
        payload.get("summary") == _summary(state),
        "The replayed game does not match the save's summary; the save is inconsistent.",
    )
    return state


def _nesting(text: str) -> int:
    """How deep JSON arrays and objects nest in ``text`` (brackets inside strings aside),
    found without parsing it: the parser itself could overflow the stack on a hostile save."""
    depth = deepest = 0
    for bracket in _JSON_BRACKET.findall(_JSON_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > MAX_DEPTH:
                break
    return deepest


def _start_from(settings: Any) -> GameState:
    _require(isinstance(settings, dict), "The save has no game settings; it is damaged.")
    try:
        seats = [SeatSpec(**s) for s in settings["seats"]]
        options = Options(**settings["options"])
        seed = settings["seed"]
        first_seat = settings["first_seat"]
        return new_game(seats, seed, first_seat=first_seat, options=options)
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"The save's game settings are invalid ({exc}).") from None
