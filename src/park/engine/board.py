"""The map of London: spaces, paths and Captain Park's numbered route (R22, R58; docs/rules.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .errors import DataError
from .terms import CLUB, SHOP_CARD_TYPE, SPACE_KINDS

BOARD_FILE = "board.toml"


@dataclass(frozen=True, slots=True)
class Space:
    """One space ("house") of the map.

    ``id`` is a stable string (``"club"``, ``"3"``); ``number`` is 1..14 on Captain Park's route or
    ``None`` (Club, Marketplace, Hotels: R33, R49, A7); ``kind`` is one of ``SPACE_KINDS``;
    ``x``, ``y`` are the suggested centre in the board's SVG viewBox.
    """

    id: str
    number: int | None
    kind: str
    x: int
    y: int

    @property
    def card_type(self) -> str | None:
        """The card type playable here if this is a shop (R37), else ``None``."""
        return SHOP_CARD_TYPE.get(self.kind)

    @property
    def label(self) -> str:
        """A readable name, e.g. ``"Café 3"`` or ``"Marketplace"``."""
        return f"{self.kind} {self.number}" if self.number is not None else self.kind


@dataclass(frozen=True, slots=True)
class Board:
    """The whole map.

    ``spaces`` in file order; ``paths`` as undirected pairs of space ids; ``neighbours`` maps each
    space id to the ids one step away (R22); ``route`` lists the numbered space ids in Park's order
    1..N (R59); ``start`` is where pawns begin (R8) and ``park_start`` Park's first number (R9).
    """

    name: str
    width: int
    height: int
    spaces: tuple[Space, ...]
    paths: tuple[tuple[str, str], ...]
    neighbours: dict[str, tuple[str, ...]]
    route: tuple[str, ...]
    start: str
    park_start: int
    by_id: dict[str, Space] = field(repr=False, compare=False)

    def space(self, space_id: str) -> Space:
        """The space with this id. Raises ``KeyError`` for an unknown id."""
        return self.by_id[space_id]

    def park_space(self, number: int) -> str:
        """The id of the space carrying ``number`` (1..len(route))."""
        return self.route[number - 1]

    def next_park_number(self, number: int) -> int:
        """Park's next number after ``number``: n+1, and from the last back to 1 (R59)."""
        return number % len(self.route) + 1


def _fail(entry: str, reason: str) -> DataError:
    return DataError(f"{BOARD_FILE}: {entry}: {reason}")


def _int(raw: dict[str, Any], key: str, entry: str) -> int:
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(entry, f"'{key}' must be an integer, got {value!r}")
    return value


def parse_board(data: dict[str, Any]) -> Board:
    """Build and validate a :class:`Board` from parsed TOML.

    Raises :class:`DataError` naming the entry if a space or path is malformed, ids repeat,
    numbers are not exactly 1..N, a path is a self-loop or repeats, or the map is disconnected.
    """
    raw_spaces = data.get("space")
    if not isinstance(raw_spaces, list) or not raw_spaces:
        raise _fail("space", "no [[space]] entries")
    spaces: list[Space] = []
    for i, raw in enumerate(raw_spaces):
        entry = f"space #{i + 1}"
        if not isinstance(raw, dict):
            raise _fail(entry, "must be a table")
        sid = raw.get("id")
        if not isinstance(sid, str) or not sid:
            raise _fail(entry, f"'id' must be a non-empty string, got {sid!r}")
        entry = f"space '{sid}'"
        kind = raw.get("kind")
        if kind not in SPACE_KINDS:
            raise _fail(entry, f"unknown kind {kind!r}; expected one of {', '.join(SPACE_KINDS)}")
        number = raw.get("number")
        if number is not None and (
            not isinstance(number, int) or isinstance(number, bool) or number < 1
        ):
            raise _fail(entry, f"'number' must be a positive integer, got {number!r}")
        spaces.append(Space(sid, number, kind, _int(raw, "x", entry), _int(raw, "y", entry)))
    ids = [s.id for s in spaces]
    for sid in ids:
        if ids.count(sid) > 1:
            raise _fail(f"space '{sid}'", "id used more than once")
    numbered = sorted((s for s in spaces if s.number is not None), key=lambda s: s.number or 0)
    if not numbered:
        raise _fail("space", "no numbered spaces: Captain Park needs a route (R58)")
    for expected, s in enumerate(numbered, start=1):
        if s.number != expected:  # name the first space out of sequence
            repeated = s.number == expected - 1
            problem = f"number {s.number} repeats" if repeated else f"number {expected} is missing"
            raise _fail(
                f"space '{s.id}'",
                f"numbers must be exactly 1..N with no gaps or repeats ({problem})",
            )
    for s in spaces:
        if s.kind == CLUB and s.number is not None:
            raise _fail(f"space '{s.id}'", "the Gentlemen's Club has no number (A7)")

    raw_paths = data.get("paths")
    if not isinstance(raw_paths, list) or not raw_paths:
        raise _fail("paths", "missing or empty")
    neighbours: dict[str, list[str]] = {sid: [] for sid in ids}
    paths: list[tuple[str, str]] = []
    for i, pair in enumerate(raw_paths):
        entry = f"paths #{i + 1}"
        known = isinstance(pair, list) and all(isinstance(p, str) and p in neighbours for p in pair)
        if not (known and len(pair) == 2):
            raise _fail(entry, f"must be a pair of known space ids, got {pair!r}")
        a, b = pair
        if a == b:
            raise _fail(entry, f"path from '{a}' to itself (R30)")
        if b in neighbours[a]:
            raise _fail(entry, f"path {a}–{b} listed twice")
        neighbours[a].append(b)
        neighbours[b].append(a)
        paths.append((a, b))

    start = data.get("start", "club")
    if start not in neighbours:
        raise _fail("start", f"unknown space {start!r}")
    park_start = data.get("park_start", 1)
    if not isinstance(park_start, int) or not 1 <= park_start <= len(numbered):
        raise _fail("park_start", f"must be a number on the route, got {park_start!r}")
    seen = {start}
    frontier = [start]
    while frontier:
        for n in neighbours[frontier.pop()]:
            if n not in seen:
                seen.add(n)
                frontier.append(n)
    if len(seen) != len(ids):
        missing = ", ".join(sorted(set(ids) - seen))
        raise _fail("paths", f"spaces not reachable from '{start}': {missing}")

    name = data.get("name", "London")
    return Board(
        name=str(name),
        width=_int(data, "width", "width"),
        height=_int(data, "height", "height"),
        spaces=tuple(spaces),
        paths=tuple(paths),
        neighbours={k: tuple(v) for k, v in neighbours.items()},
        route=tuple(s.id for s in numbered),
        start=start,
        park_start=park_start,
        by_id={s.id: s for s in spaces},
    )


def read_data_file(name: str) -> dict[str, Any]:
    """Parse the TOML data file ``name`` shipped in ``park/data``.

    Raises :class:`DataError` naming the file if it is missing or not valid TOML.
    """
    # Imported here, not with the module: these imports (with datetime) cost ~55 ms in
    # Pyodide, and only loading the data needs them.
    import tomllib
    from importlib import resources

    try:
        text = resources.files("park").joinpath("data", name).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError) as exc:
        raise DataError(f"{name}: cannot read the data file ({exc})") from exc
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{name}: not valid TOML ({exc})") from exc


@cache
def load_board() -> Board:
    """The shipped board of London (``park/data/board.toml``), validated.

    Raises:
        DataError: if it is invalid.
    """
    return parse_board(read_data_file(BOARD_FILE))
