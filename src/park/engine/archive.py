"""Every version of the material (board, deck, scoring board) a save may have been dealt with.

The versions are kept by fingerprint, so a game in progress replays exactly with its own cards after
a deploy changes the data files.

A save records the :func:`fingerprint` of its material. The shipped material is the standard
ruleset; each earlier one is a JSON file ``park/data/archive/<fingerprint>.json`` holding the three
data files as parsed (``{"board": ..., "deck": ..., "scoring": ...}``). The shipped material must be
archived too (a test checks it): before changing a data file, nothing needs doing; after, run
``python tools/archive_data.py`` to archive the new version, and the old one stays.
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


def _first_fingerprint(rules: Ruleset) -> dict[str, Any]:
    return {
        "board": [(s.id, s.number, s.kind) for s in rules.board.spaces],
        "paths": rules.board.paths,
        "cards": [(c.id, c.type, sorted(c.values.items())) for c in rules.cards],
        "scoring": [
            sorted((r.count, r.months, r.target) for r in rules.scoring.rows.values()),
            sorted(rules.scoring.novelty.items()),
        ],
    }


def _hash(material: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(material, sort_keys=True).encode()).hexdigest()[:16]


@cache
def fingerprint(rules: Ruleset) -> str:
    """A short hash (16 hex digits) of everything in ``rules``'s material a replay depends on.

    That is: spaces, paths, where pawns and Captain Park start, the cards and every number of the
    scoring board (MIN, TARGET, Novelty dots, the Diversity, Endurance and Fad bonuses).
    """
    material = _first_fingerprint(rules)
    board = rules.board
    scoring = rules.scoring
    material["start"] = [board.start, board.park_start]
    material["bonuses"] = [
        scoring.diversity_per_type,
        scoring.endurance_per_month,
        scoring.fad_bonus,
    ]
    return _hash(material)


@cache
def first_fingerprint(rules: Ruleset) -> str:
    """The fingerprint the first saves recorded (save format 1 and early 2).

    It left out the starting spaces and the scoring bonuses. Read, never written.
    """
    return _hash(_first_fingerprint(rules))


def shipped_material() -> dict[str, Any]:
    """The shipped data files, parsed: what :func:`ruleset_from_material` reads back."""
    return {
        "board": read_data_file(BOARD_FILE),
        "deck": read_data_file(DECK_FILE),
        "scoring": read_data_file(SCORING_FILE),
    }


def ruleset_from_material(material: dict[str, Any]) -> Ruleset:
    """The ruleset of parsed data files (see :func:`shipped_material`).

    Raises:
        DataError: if they are invalid.
    """
    try:
        return make_ruleset(
            parse_board(material["board"]),
            parse_deck(material["deck"], languages=()),  # older decks had no translations
            parse_scoring_board(material["scoring"]),
        )
    except (KeyError, TypeError) as exc:
        raise DataError(f"archived material: missing or malformed part ({exc})") from None


@cache
def ruleset_for(fingerprint_: str) -> Ruleset | None:
    """The ruleset whose material has this fingerprint (or :func:`first_fingerprint`).

    Returns:
        The shipped ruleset or an archived one; ``None`` if this version of Park has never had it.

    Raises:
        DataError: for an archive file that is invalid or filed under another fingerprint.
    """
    standard = standard_ruleset()
    if fingerprint_ in (fingerprint(standard), first_fingerprint(standard)):
        return standard
    for rules in archived_rulesets():
        if fingerprint_ in (fingerprint(rules), first_fingerprint(rules)):
            return rules
    return None


@cache
def archived_rulesets() -> tuple[Ruleset, ...]:
    """Every archived material, as rulesets (read once).

    Raises:
        DataError: for an archive file that is invalid or filed under another fingerprint.
    """
    from importlib import resources

    folder = resources.files("park").joinpath("data", ARCHIVE_DIR)
    found: list[Ruleset] = []
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        if not path.name.endswith(".json"):
            continue
        rules = ruleset_from_material(json.loads(path.read_text(encoding="utf-8")))
        if f"{fingerprint(rules)}.json" != path.name:
            raise DataError(f"{ARCHIVE_DIR}/{path.name}: holds other material")
        found.append(rules)
    return tuple(found)
