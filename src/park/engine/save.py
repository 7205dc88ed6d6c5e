"""Saving and loading games as versioned replays: settings + actions + checksum.

A save also records what it was played with (the material's fingerprint, the rules
version) and the position it ends in. When a deploy changes the data files, the save's own
material is still in the archive (``park.engine.archive``) and the game replays exactly as
it was played; when the rules code changed and the moves no longer replay, the game goes on
from the saved position (``park.engine.position``). Either way :func:`restore` says so in
a notice for the player.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from .actions import parse_action
from .archive import fingerprint, ruleset_for
from .errors import IllegalActionError, SaveError
from .json_depth import json_depth
from .position import position_of, state_from_position
from .rules import RULES_CHANGES, RULES_VERSION, apply, new_game
from .ruleset import Ruleset, standard_ruleset
from .state import ActionLog, GameState, Options, SeatSpec, Settings

SAVE_FORMAT = "park-save"
SAVE_VERSION = 2
"""The save format version this engine writes; it reads this one and the ones before.
Version 2 added the rules version, the position at the end and the replay's start."""

MAX_SAVE_CHARS = 1_000_000
"""Longest save text read (a save of :data:`MAX_ACTIONS` moves is about a quarter of this)."""
MAX_DEPTH = 8
"""Deepest nesting of JSON arrays and objects read (a save nests 6 deep: the cards of an
expedition in its position)."""
MAX_ROUNDS = 300
"""The round cap the move limit is tied to (games end in well under 100 rounds)."""
MAX_ACTIONS = 20_000
"""Most moves a save may hold: more than :data:`MAX_ROUNDS` rounds of seven players make,
and what keeps the largest save quick to replay when the page opens it. A longer game is
saved from its current position (:func:`dumps`), so every save it writes loads."""
MAX_ACTION_CHARS = 64
"""Longest text of one move (the longest card id is well under this)."""


def _canonical(payload: dict[str, Any]) -> bytes:
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _checksum(payload: dict[str, Any]) -> str:
    import hashlib

    return hashlib.sha256(_canonical(payload)).hexdigest()


def _summary(state: GameState) -> dict[str, Any]:
    return {"turn": state.turn, "scores": [s.score for s in state.seats], "winner": state.winner}


Note = str | int | bool
"""A value of a save's notes: text (at most :data:`MAX_NOTE_CHARS`), a whole number or a
flag."""
MAX_NOTES = 16
MAX_NOTE_CHARS = 64


@dataclass(frozen=True, slots=True)
class Restored:
    """A game read back from a save.

    Attributes:
        state: the game's state.
        notices: for the player (plain sentences) when it was played with an earlier version of the
            material or the rules.
        notes: the notes the table kept with it (:func:`dumps`).
    """

    state: GameState
    notices: tuple[str, ...] = ()
    notes: Mapping[str, Note] = field(default_factory=dict)


def valid_notes(notes: object) -> bool:
    """Whether ``notes`` can be a save's notes.

    They must be a JSON object of at most :data:`MAX_NOTES` entries, each a name of at most
    :data:`MAX_NOTE_CHARS` characters with a :data:`Note`.
    """
    if not isinstance(notes, dict) or len(notes) > MAX_NOTES:
        return False
    for key, value in notes.items():
        if not isinstance(key, str) or not key or len(key) > MAX_NOTE_CHARS:
            return False
        if isinstance(value, str):
            if len(value) > MAX_NOTE_CHARS:
                return False
        elif not isinstance(value, int):  # bool is an int
            return False
    return True


def dumps(state: GameState, *, notes: Mapping[str, Note] | None = None) -> str:
    """The save of ``state``, as JSON text.

    The text holds the format version, the settings, the material's fingerprint and the rules
    version, the actions since the start (setup, or the position the game went on from), the
    position it ends in, a summary, the table's ``notes`` if any (things the game does not depend
    on, such as whether hints are offered; :func:`restore` gives them back) and a SHA-256 checksum
    of the rest.

    Raises:
        ValueError: for a game played with a board, deck or scoring board other than the shipped
            ones or an archived version of them (its replay could not be reproduced), or for notes
            that are not :func:`valid_notes`.
    """
    if notes and not valid_notes(dict(notes)):
        raise ValueError(f"a save's notes are short names with short values, not {notes!r}")
    data = fingerprint(state.rules)
    if ruleset_for(data) is not state.rules:
        raise ValueError("only games played with the shipped board and deck can be saved")
    settings = state.settings
    payload: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "data": data,
        "rules": RULES_VERSION,
        "settings": {
            "seed": settings.seed,
            "first_seat": state.first_seat,
            "seats": [asdict(s) for s in settings.seats],
            "options": asdict(settings.options),
        },
        "actions": [str(a) for a in state.log],
        "position": position_of(state),
        "summary": _summary(state),
    }
    if notes:
        payload["notes"] = dict(notes)
    if len(state.log) > MAX_ACTIONS:  # too long a replay to open quickly: start from here
        payload["actions"] = []
        payload["start"] = payload["position"]
    elif state.log.origin is not None:
        payload["start"] = state.log.origin
    payload["checksum"] = _checksum(payload)
    return json.dumps(payload, ensure_ascii=False)


def _require(condition: bool, reason: str) -> None:
    if not condition:
        raise SaveError(reason)


def restore(text: str | bytes) -> Restored:
    """The game a save holds, rebuilt by replaying its actions from its start.

    With it come notices for the player when it was played with an earlier material or earlier rules
    (see the module docstring).

    Raises:
        SaveError: with a reason a person can act on when the save is empty, too large
            (:data:`MAX_SAVE_CHARS`) or nested too deep (:data:`MAX_DEPTH`, checked before parsing),
            truncated or corrupt, not a Park save, from a newer format version, made with different
            game data, fails its checksum (changed by hand or damaged), has invalid settings (a
            seat's name, ``#rrggbb`` colour or controller, see :class:`SeatSpec`), holds more than
            :data:`MAX_ACTIONS` moves, or holds an illegal move (under the rules it was saved with)
            or a damaged position.
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
        json_depth(text, MAX_DEPTH) <= MAX_DEPTH,
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
    rules_version = payload.get("rules", 1)
    _require(
        isinstance(rules_version, int) and not isinstance(rules_version, bool),
        "The save's rules version is damaged.",
    )
    _require(
        rules_version <= RULES_VERSION,
        "This save was made by a newer version of Park (its rules are newer). Reload the page "
        "to update, or start a new game.",
    )
    data = payload.get("data")
    rules = ruleset_for(data) if isinstance(data, str) else None
    _require(
        rules is not None,
        "This save was made with a different board or deck, which this version of Park does "
        "not have.",
    )
    assert rules is not None
    setup = _setup_from(payload.get("settings"), rules)
    settings = setup.settings
    notices: list[str] = []
    if rules is not standard_ruleset():
        notices.append(
            "This game goes on with the cards it was dealt; a new game uses the new cards."
        )
    try:
        state = _replay(payload, setup)
        _require(
            "position" not in payload or payload["position"] == position_of(state),
            "The replayed game does not match the saved position; the save is inconsistent.",
        )
    except SaveError:
        position = payload.get("position")
        if rules_version == RULES_VERSION or position is None:
            raise
        state = state_from_position(position, settings, rules, log=ActionLog(origin=position))
        _require(
            payload.get("summary") == _summary(state),
            "The saved position does not match the save's summary; the save is inconsistent.",
        )
        changes = " ".join(
            RULES_CHANGES.get(v, "") for v in range(rules_version + 1, RULES_VERSION + 1)
        )
        notices.append(
            "This game was saved under earlier rules; it goes on from where you left it, under "
            f"the new ones. {changes}".strip()
        )
    notes = payload.get("notes", {})
    if not valid_notes(notes):
        notices.append("The save's notes (such as whether hints are offered) were unreadable.")
        notes = {}
    return Restored(state, tuple(notices), notes)


def loads(text: str | bytes) -> GameState:
    """The game a save holds (:func:`restore` without its notices).

    Raises:
        SaveError: as :func:`restore` does.
    """
    return restore(text).state


def start_of(state: GameState) -> GameState:
    """The state ``state``'s action log starts from.

    That is the setup of its settings, or the saved position the game went on from.
    """
    origin = state.log.origin
    if origin is not None:
        return state_from_position(
            origin, state.settings, state.rules, log=ActionLog(origin=origin)
        )
    return _setup(state.settings, state.first_seat, state.rules)


def _replay(payload: dict[str, Any], setup: GameState) -> GameState:
    """Replay the save's moves from its start; check them and the summary.

    The start is ``setup``, or the saved position the game went on from.
    """
    start = payload.get("start")
    if start is None:
        state = setup
    else:
        state = state_from_position(start, setup.settings, setup.rules, log=ActionLog(origin=start))
    actions = payload.get("actions")
    if not isinstance(actions, list):
        raise SaveError("The save has no list of moves; it is damaged.")
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
        payload.get("summary") == _summary(state),
        "The replayed game does not match the save's summary; the save is inconsistent.",
    )
    return state


def _setup_from(settings: Any, rules: Ruleset) -> GameState:
    """The setup of the save's game with ``rules``.

    Its settings and first seat, checked (every seat, R8-R14).
    """
    _require(isinstance(settings, dict), "The save has no game settings; it is damaged.")
    try:
        seats = tuple(SeatSpec(**s) for s in settings["seats"])
        options = Options(**settings["options"])
        return _setup(Settings(seats, settings["seed"], options), settings["first_seat"], rules)
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"The save's game settings are invalid ({exc}).") from None


def _setup(settings: Settings, first_seat: int, rules: Ruleset) -> GameState:
    return new_game(
        list(settings.seats),
        settings.seed,
        first_seat=first_seat,
        options=settings.options,
        rules=rules,
    )
