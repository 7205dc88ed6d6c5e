"""The puzzle set shipped in the wheel (``park/data/puzzles.json``), read and checked on load.

``tools/make_puzzles.py`` makes it: it plays games between hard and normal AIs and keeps
positions at the start of a turn where one plan for the turn is clearly best. A puzzle is
never a stored game state: it is a game (its seed, its seats' AI levels and its moves) and a
place in it (``at``: how many of the moves come before the position);
``park.ui.puzzles.position`` rebuilds the position through the engine. A game's moves are
written one character each: the move's index among the legal actions at that point
(``legal_actions``, the engine's own order), in base 36 (``0``-``9``, ``a``-``z``:
``park.ui.replay.moves``, as shared links write them), so the set stays small in the wheel;
a plan is a list of action texts (``"step:3"``).

For each puzzle the file holds the solver's seat, the best plan and the runner-up (the rest
of the turn, as action texts), their mean values over the puzzle's ``deals`` sampled deals
(``park.ai.deal_values``, key :meth:`Puzzle.deal_key`), the same over an independent second
sample of ``check_deals`` deals (:meth:`Puzzle.check_key`), and its rating (how hard it is,
on the players' rating scale) with the heuristic rank of the best plan it comes from.

:func:`parse_puzzles` checks the text's shape, types and ranges, and that every action text reads as
an action (``"step:3"``, ``"score:South Pole"``); a damaged entry raises :class:`PuzzleDataError`
naming the puzzle or the game. Whether the moves replay is checked when a position is rebuilt.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from park.engine.actions import Action, parse_action
from park.engine.errors import DataError
from park.engine.levels import AI_LEVELS
from park.engine.player_counts import MAX_PLAYERS, MIN_PLAYERS
from park.ui.lang.i18n import N_
from park.ui.replay.moves import MOVE_DIGITS, move_indexes

PUZZLES_FORMAT = "park-puzzles"
PUZZLES_VERSION = 2
"""Version 2: each puzzle names its themes (:data:`THEME_IDS`; ``park.ui.puzzles.themes`` says
what each is about and tags a puzzle with them)."""
THEMES: tuple[tuple[str, str], ...] = (
    ("park", N_("Dodging Captain Park")),
    ("club", N_("Scoring at the Club")),
    ("market", N_("The Marketplace")),
    ("moves_park", N_("A card that moves Captain Park")),
    ("kept_card", N_("Keeping a card")),
    ("fad", N_("The Fad")),
    ("months", N_("Month counters")),
)
"""Each theme's id and its name (translated where shown), in the order the hub lists them."""
THEME_IDS: tuple[str, ...] = tuple(theme for theme, _name in THEMES)
"""The themes a puzzle may name, in the hub's order."""
_MOVES = re.compile(f"[{MOVE_DIGITS}]*")


class PuzzleDataError(DataError):
    """The puzzle set, or one entry of it, is damaged: the message names the entry."""


@dataclass(frozen=True, slots=True)
class PuzzleGame:
    """A game the puzzles come from.

    Its ``seed``, its ``seats`` (each seat's AI level, one of the registry's,
    ``park.engine.levels``, in seat order) and its ``moves`` from the deal on, each the index of the
    move among the legal actions then (:func:`move_indexes` reads them).
    """

    seed: int
    seats: tuple[str, ...]
    moves: str

    def move_indexes(self) -> tuple[int, ...]:
        """The moves as indexes into the legal actions, in order."""
        return move_indexes(self.moves)


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle of the set.

    Its ``number`` (1, 2, …), the ``game`` it comes from, ``at`` (moves of the game played before
    it), the solver's ``seat``; the ``best`` plan and the ``runner_up`` (the rest of the turn as
    action texts); ``values``: their mean values (points, as the hard level counts them) over the
    puzzle's ``deals`` sampled deals; ``check``: the same over an independent second sample;
    ``rating``: how hard it is (the players' rating scale, 1500 a beginner); ``rank``: where the
    normal level's rule of thumb put the best plan (0: first); ``themes``: what its best turn is
    about (:data:`THEME_IDS`, at least one; none in a set read untagged).
    """

    number: int
    game: PuzzleGame
    at: int
    seat: int
    best: tuple[str, ...]
    runner_up: tuple[str, ...]
    values: tuple[float, float]
    check: tuple[float, float]
    rating: int
    rank: int
    themes: tuple[str, ...] = ()

    @property
    def margin(self) -> float:
        """How far (points) the best plan is ahead of the runner-up on the puzzle's deals."""
        return self.values[0] - self.values[1]

    @property
    def deal_key(self) -> str:
        """The key of the puzzle's deals (``park.ai.deal_values.deal_rng``).

        The deals the player's plan is valued on, the ones :attr:`values` come from.
        """
        return f"puzzle:{self.game.seed}:{self.at}:{self.seat}"

    @property
    def check_key(self) -> str:
        """The key of the independent second sample (:attr:`check`)."""
        return f"puzzle-check:{self.game.seed}:{self.at}:{self.seat}"

    def best_actions(self) -> tuple[Action, ...]:
        """The best plan as actions."""
        return tuple(parse_action(text) for text in self.best)

    def runner_up_actions(self) -> tuple[Action, ...]:
        """The runner-up as actions."""
        return tuple(parse_action(text) for text in self.runner_up)


@dataclass(frozen=True, slots=True)
class PuzzleSet:
    """The puzzle set.

    Its ``puzzles`` (by number, from 1), valued on ``deals`` deals each and checked on
    ``check_deals`` more; ``margin``: the least lead of the best plan the tool accepted (points).
    """

    puzzles: tuple[Puzzle, ...]
    deals: int
    check_deals: int
    margin: float

    def number(self, number: int) -> Puzzle:
        """Puzzle ``number`` (1 … ``len(puzzles)``). Raises ``KeyError`` for another."""
        if not 1 <= number <= len(self.puzzles):
            raise KeyError(f"there is no puzzle {number}")
        return self.puzzles[number - 1]


def _fail(where: str, problem: str) -> PuzzleDataError:
    return PuzzleDataError(f"puzzles.json: {where}: {problem}")


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and abs(value) < 1e6


def _actions(where: str, items: object) -> tuple[str, ...]:
    if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
        raise _fail(where, "the plan is not a list of action texts")
    moves = tuple(items)
    if not moves:
        raise _fail(where, "the plan is empty")
    for move in moves:
        try:
            parse_action(move)
        except ValueError:
            raise _fail(where, f"{move[:40]!r} is not a move") from None
    return moves


def _pair(where: str, value: object, name: str) -> tuple[float, float]:
    if not (isinstance(value, list) and len(value) == 2 and all(_number(v) for v in value)):
        raise _fail(where, f"its {name} are not two numbers")
    return float(value[0]), float(value[1])


def _game(index: int, item: object) -> PuzzleGame:
    where = f"game {index}"
    if not isinstance(item, dict) or set(item) != {"seed", "seats", "moves"}:
        raise _fail(where, "it is not {seed, seats, moves}")
    seats = item["seats"]
    if not (
        isinstance(seats, list)
        and MIN_PLAYERS <= len(seats) <= MAX_PLAYERS
        and all(seat in AI_LEVELS for seat in seats)
    ):
        raise _fail(where, f"its seats are not {MIN_PLAYERS} to {MAX_PLAYERS} AI levels")
    if not _whole(item["seed"], 0, 2**63):
        raise _fail(where, "its seed is not a whole number")
    moves = item["moves"]
    if not isinstance(moves, str) or not _MOVES.fullmatch(moves):
        raise _fail(where, "its moves are not one base-36 digit a move")
    return PuzzleGame(item["seed"], tuple(seats), moves)


_PUZZLE_FIELDS = frozenset(
    {"game", "at", "seat", "best", "runner_up", "values", "check", "rating", "rank", "themes"}
)


def _puzzle(number: int, item: object, games: tuple[PuzzleGame, ...], *, themed: bool) -> Puzzle:
    where = f"puzzle {number}"
    optional = frozenset() if themed else frozenset({"themes"})  # not read untagged
    if not isinstance(item, dict) or set(item) | optional != _PUZZLE_FIELDS:
        raise _fail(where, "its entries are missing or unknown")
    if not _whole(item["game"], 0, len(games) - 1):
        raise _fail(where, f"there is no game {item['game']!r}")
    game = games[item["game"]]
    if not _whole(item["at"], 0, len(game.moves)):
        raise _fail(where, f"its place {item['at']!r} is not among the game's moves")
    if not _whole(item["seat"], 0, len(game.seats) - 1):
        raise _fail(where, f"the game has no seat {item['seat']!r}")
    values = _pair(where, item["values"], "values")
    if values[0] <= values[1]:
        raise _fail(where, "its best plan is not ahead of the runner-up")
    best = _actions(where, item["best"])
    runner_up = _actions(where, item["runner_up"])
    if best == runner_up:
        raise _fail(where, "its best plan and the runner-up are the same")
    if not _whole(item["rating"], 100, 4000) or not _whole(item["rank"], 0, 1000):
        raise _fail(where, "its rating or rank is out of range")
    themes = item["themes"] if themed else []
    if themed and not (
        isinstance(themes, list)
        and themes
        and all(theme in THEME_IDS for theme in themes)
        and len(set(themes)) == len(themes)
    ):
        raise _fail(where, "its themes are not a list of known themes")
    return Puzzle(
        number,
        game,
        item["at"],
        item["seat"],
        best,
        runner_up,
        values,
        _pair(where, item["check"], "check values"),
        item["rating"],
        item["rank"],
        tuple(themes),
    )


def parse_puzzles(text: str, *, themed: bool = True) -> PuzzleSet:
    """The puzzle set in ``text`` (JSON, as ``tools/make_puzzles.py`` writes it).

    ``themed=False`` reads a set still to be tagged (``tools/puzzle_themes.py``): its puzzles'
    themes, if any, are not read, and each puzzle's :attr:`Puzzle.themes` is empty.
    Raises :class:`PuzzleDataError` naming the damaged entry: not JSON, another format or version, a
    game or puzzle with missing or unknown entries, a value of the wrong type or out of range, a
    game's moves that are not base-36 digits, a plan's action that is not an action text, no puzzle
    at all.
    """
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise _fail("the file", f"it is not JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != PUZZLES_FORMAT:
        raise _fail("the file", "it is not a Park puzzle set")
    if data.get("version") != PUZZLES_VERSION:
        raise _fail("the file", f"version {data.get('version')!r} is not {PUZZLES_VERSION}")
    for name in ("deals", "check_deals"):
        if not _whole(data.get(name), 1, 10_000):
            raise _fail("the file", f"{name} is not a whole number of deals")
    if not _number(data.get("margin")) or data["margin"] <= 0:
        raise _fail("the file", "the margin is not a number above 0")
    games_data, puzzles_data = data.get("games"), data.get("puzzles")
    if not isinstance(games_data, list) or not isinstance(puzzles_data, list):
        raise _fail("the file", "its games or puzzles are not lists")
    if not puzzles_data:
        raise _fail("the file", "it holds no puzzle")
    games = tuple(_game(i, item) for i, item in enumerate(games_data))
    puzzles = tuple(
        _puzzle(number, item, games, themed=themed)
        for number, item in enumerate(puzzles_data, start=1)
    )
    return PuzzleSet(puzzles, data["deals"], data["check_deals"], float(data["margin"]))


@cache
def shipped_puzzles_text() -> str:
    """The text of the shipped ``puzzles.json``, read once.

    The page's start-up snapshot holds it (``park.ui.game.startup.prepare``), unparsed: about a
    fifth of the bytes of the parsed set.
    """
    return resources.files("park").joinpath("data", "puzzles.json").read_text(encoding="utf-8")


@cache
def load_puzzles() -> PuzzleSet:
    """The shipped puzzle set, read once. Raises :class:`PuzzleDataError` if it is damaged."""
    return parse_puzzles(shipped_puzzles_text())


def with_theme(puzzles: PuzzleSet, theme: str | None) -> tuple[Puzzle, ...]:
    """The puzzles of ``puzzles`` that have ``theme`` (all of them for ``None``).

    Raises ``KeyError`` for no such theme (one of :data:`THEME_IDS`).
    """
    if theme is None:
        return puzzles.puzzles
    if theme not in THEME_IDS:
        raise KeyError(f"there is no puzzle theme {theme!r}")
    return tuple(p for p in puzzles.puzzles if theme in p.themes)


__all__ = [
    "PUZZLES_FORMAT",
    "PUZZLES_VERSION",
    "THEMES",
    "THEME_IDS",
    "Puzzle",
    "PuzzleDataError",
    "PuzzleGame",
    "PuzzleSet",
    "load_puzzles",
    "parse_puzzles",
    "shipped_puzzles_text",
    "with_theme",
]
