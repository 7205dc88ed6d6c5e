"""Every version of the material (board, deck, scoring board) a save may have been dealt with,
by fingerprint, so a game in progress replays exactly with its own cards after a deploy
changes the data files.

A save records the :func:`fingerprint` of its material. The shipped material is the
standard ruleset; each earlier one is a JSON file ``park/data/archive/<fingerprint>.json``
holding the three data files as parsed (``{"board": ..., "deck": ..., "scoring": ...}``).
The shipped material must be archived too (a test checks it): before changing a data file,
nothing needs doing; after, run ``python tools/archive_data.py`` to archive the new version,
and the old one stays.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Any

from .board import BOARD_FILE, parse_board, read_data_file
from .deck import DECK_FILE, parse_deck
from .errors import DataError
from .ruleset import Ruleset, make_ruleset, standard_ruleset
from .scoring_board import SCORING_FILE, parse_scoring_board

ARCHIVE_DIR = "archive"
"""The folder of ``park/data`` that holds the archived material."""


@cache
def fingerprint(rules: Ruleset) -> str:
    """A short hash (16 hex digits) of everything in ``rules``'s material a replay depends on:
    spaces, paths, cards and the scoring board's tables."""
    material = {
        "board": [(s.id, s.number, s.kind) for s in rules.board.spaces],
        "paths": rules.board.paths,
        "cards": [(c.id, c.type, sorted(c.values.items())) for c in rules.cards],
        "scoring": [
            sorted((r.count, r.months, r.target) for r in rules.scoring.rows.values()),
            sorted(rules.scoring.novelty.items()),
        ],
    }
    return hashlib.sha256(json.dumps(material, sort_keys=True).encode()).hexdigest()[:16]


def shipped_material() -> dict[str, Any]:
    """The shipped data files, parsed: what :func:`ruleset_from_material` reads back."""
    return {
        "board": read_data_file(BOARD_FILE),
        "deck": read_data_file(DECK_FILE),
        "scoring": read_data_file(SCORING_FILE),
    }


def ruleset_from_material(material: dict[str, Any]) -> Ruleset:
    """The ruleset of parsed data files (see :func:`shipped_material`). Raises
    :class:`DataError` if they are invalid."""
    try:
        return make_ruleset(
            parse_board(material["board"]),
            parse_deck(material["deck"]),
            parse_scoring_board(material["scoring"]),
        )
    except (KeyError, TypeError) as exc:
        raise DataError(f"archived material: missing or malformed part ({exc})") from None


@cache
def ruleset_for(fingerprint_: str) -> Ruleset | None:
    """The ruleset whose material has this fingerprint: the shipped one or an archived one;
    ``None`` if this version of Park has never had it. Raises :class:`DataError` for an
    archive file that is invalid or filed under another fingerprint."""
    standard = standard_ruleset()
    if fingerprint_ == fingerprint(standard):
        return standard
    if not (len(fingerprint_) == 16 and all(c in "0123456789abcdef" for c in fingerprint_)):
        return None
    from importlib import resources

    path = resources.files("park").joinpath("data", ARCHIVE_DIR, f"{fingerprint_}.json")
    if not path.is_file():
        return None
    rules = ruleset_from_material(json.loads(path.read_text(encoding="utf-8")))
    if fingerprint(rules) != fingerprint_:
        raise DataError(f"{ARCHIVE_DIR}/{fingerprint_}.json: holds other material")
    return rules
