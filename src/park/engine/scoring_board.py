"""The scoring board's tables: Month counters needed, target score, Novelty dots.

See R6, R80 and docs/rules.md, "Players and targets" and "Novelty dots".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from .board import read_data_file
from .errors import DataError
from .terms import DESTINATIONS

SCORING_FILE = "scoring.toml"


@dataclass(frozen=True, slots=True)
class PlayerCountRow:
    """One row of the table.

    Attributes:
        count: the number of players.
        months: MIN (R75).
        target: TARGET (R99).
    """

    count: int
    months: int
    target: int


@dataclass(frozen=True, slots=True)
class ScoringBoard:
    """The scoring board.

    ``rows`` by player count; ``novelty`` maps each destination to its dots, first scorer first
    (R80, R87); fixed bonuses per Diversity type (R84), Endurance month (R85) and Fad (R86).
    """

    rows: dict[int, PlayerCountRow]
    novelty: dict[str, tuple[int, ...]]
    diversity_per_type: int
    endurance_per_month: int
    fad_bonus: int

    def row(self, players: int) -> PlayerCountRow:
        """The row for ``players``. Raises ``ValueError`` for an unsupported count (A30)."""
        try:
            return self.rows[players]
        except KeyError:
            counts = ", ".join(str(c) for c in sorted(self.rows))
            raise ValueError(f"{players} players is not supported; choose {counts}") from None

    def novelty_dot(self, destination: str, scored_before: int) -> int:
        """Novelty bonus for the scoring after ``scored_before`` earlier ones there.

        It is 0 past the dots.
        """
        dots = self.novelty[destination]
        return dots[scored_before] if scored_before < len(dots) else 0


def _fail(entry: str, reason: str) -> DataError:
    return DataError(f"{SCORING_FILE}: {entry}: {reason}")


def _positive_int(value: Any, entry: str, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise _fail(entry, f"'{key}' must be a non-negative integer, got {value!r}")
    return value


def parse_scoring_board(data: dict[str, Any]) -> ScoringBoard:
    """Build and validate the scoring board from parsed TOML. Raises :class:`DataError`."""
    rows: dict[int, PlayerCountRow] = {}
    raw_rows = data.get("players")
    if not isinstance(raw_rows, list) or not raw_rows:
        raise _fail("players", "no [[players]] rows")
    for i, raw in enumerate(raw_rows):
        entry = f"players #{i + 1}"
        if not isinstance(raw, dict):
            raise _fail(entry, "must be a table")
        count = _positive_int(raw.get("count"), entry, "count")
        entry = f"players row for {count}"
        if count in rows:
            raise _fail(entry, "listed twice")
        months = _positive_int(raw.get("months"), entry, "months")
        target = _positive_int(raw.get("target"), entry, "target")
        if count < 2 or target < 1:
            raise _fail(entry, "needs at least 2 players and a positive target")
        rows[count] = PlayerCountRow(count, months, target)
    raw_novelty = data.get("novelty")
    if not isinstance(raw_novelty, dict):
        raise _fail("novelty", "missing [novelty] table")
    novelty: dict[str, tuple[int, ...]] = {}
    for dest in DESTINATIONS:
        dots = raw_novelty.get(dest)
        if not isinstance(dots, list) or not dots:
            raise _fail(f"novelty '{dest}'", "must list the dots' values")
        values = tuple(_positive_int(v, f"novelty '{dest}'", "dot") for v in dots)
        if list(values) != sorted(values, reverse=True):
            raise _fail(f"novelty '{dest}'", "dots must not increase from first to last")
        novelty[dest] = values
    extra = set(raw_novelty) - set(DESTINATIONS)
    if extra:
        raise _fail("novelty", f"unknown destination(s): {', '.join(sorted(extra))}")
    return ScoringBoard(
        rows=rows,
        novelty=novelty,
        diversity_per_type=_positive_int(
            data.get("diversity_per_type"), "top", "diversity_per_type"
        ),
        endurance_per_month=_positive_int(
            data.get("endurance_per_month"), "top", "endurance_per_month"
        ),
        fad_bonus=_positive_int(data.get("fad_bonus"), "top", "fad_bonus"),
    )


@cache
def load_scoring_board() -> ScoringBoard:
    """The shipped scoring board (``park/data/scoring.toml``), validated.

    Raises:
        DataError: if it is invalid.
    """
    return parse_scoring_board(read_data_file(SCORING_FILE))
