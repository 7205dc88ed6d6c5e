"""Data loaders: the shipped board.

Deck and scoring board match GAME.md (bad data: see ``test_data_errors.py``).
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations

import pytest

from park import DESTINATIONS, load_board, load_deck, load_scoring_board
from tests.helpers import ROOT

GAME_MD = ROOT.parent / "shared" / "design" / "GAME.md"
"""The design document the shipped data must match (outside the repository; optional)."""

# -- GAME.md, transcribed ---------------------------------------------------------------

GAME_SPACES = {
    # id: (number, kind, x, y)  -- GAME.md, "The board: London"
    "club": (None, "Gentlemen's Club", 500, 350),
    "market": (None, "Marketplace", 500, 590),
    "hotel_north": (None, "Hotel", 500, 100),
    "hotel_south": (None, "Hotel", 500, 710),
    "1": (1, "News Stand", 330, 600),
    "2": (2, "Antique Shop", 130, 620),
    "3": (3, "Café", 310, 420),
    "4": (4, "Gymnasium", 100, 430),
    "5": (5, "Gift Shop", 120, 240),
    "6": (6, "News Stand", 320, 240),
    "7": (7, "Café", 230, 70),
    "8": (8, "Gift Shop", 670, 600),
    "9": (9, "Antique Shop", 870, 620),
    "10": (10, "Café", 690, 420),
    "11": (11, "Hall of Records", 900, 430),
    "12": (12, "News Stand", 880, 240),
    "13": (13, "Antique Shop", 680, 240),
    "14": (14, "Café", 770, 70),
}

GAME_PATHS = """
club-3 club-6 club-10 club-13 market-1 market-8 market-hotel_south
hotel_north-6 hotel_north-7 hotel_north-13 hotel_north-14 hotel_south-2 hotel_south-9
1-2 1-3 2-4 3-4 3-6 4-5 5-6 5-7 8-9 8-10 9-11 10-11 10-13 11-12 12-13 12-14
"""

GAME_ROWS = {3: (7, 200), 4: (6, 175), 5: (5, 150), 6: (4, 125), 7: (3, 100)}
"""players: (Month counters needed, target score) -- GAME.md, "Players and the scoring board"."""

GAME_NOVELTY = {
    "Africa": (10, 7, 4),
    "Amazon": (12, 8, 4),
    "China": (8, 6, 4),
    "Everest": (14, 10, 6),
    "South Pole": (16, 11, 6),
}


def game_paths() -> set[frozenset[str]]:
    """GAME.md's 29 paths as unordered pairs."""
    return {frozenset(p.split("-")) for p in GAME_PATHS.split()}


# -- the shipped board --------------------------------------------------------------------


def test_shipped_board_has_18_spaces_29_paths_and_14_numbered() -> None:
    board = load_board()
    assert len(board.spaces) == 18
    assert len(board.paths) == 29
    assert len([s for s in board.spaces if s.number is not None]) == 14
    assert board.route == tuple(str(n) for n in range(1, 15))
    assert board.start == "club"
    assert board.park_start == 1


def test_shipped_board_matches_game_md() -> None:
    board = load_board()
    spaces = {s.id: (s.number, s.kind, s.x, s.y) for s in board.spaces}
    assert spaces == GAME_SPACES
    assert {frozenset(p) for p in board.paths} == game_paths()
    assert (board.width, board.height) == (1000, 780)


def test_shipped_board_kind_counts_match_game_md() -> None:
    kinds = Counter(s.kind for s in load_board().spaces if s.number is not None)
    assert kinds == {
        "News Stand": 3,
        "Antique Shop": 3,
        "Gift Shop": 2,
        "Gymnasium": 1,
        "Hall of Records": 1,
        "Café": 4,
    }


def test_shipped_board_neighbours_are_symmetric() -> None:
    board = load_board()
    for space, neighbours in board.neighbours.items():
        assert space not in neighbours, f"{space} neighbours itself"
        assert len(set(neighbours)) == len(neighbours), f"{space} lists a neighbour twice"
        for other in neighbours:
            assert space in board.neighbours[other], f"{space}->{other} has no way back"
    assert sum(len(n) for n in board.neighbours.values()) == 2 * len(board.paths)


def test_shipped_board_park_never_stands_on_club_marketplace_or_hotel() -> None:
    board = load_board()
    kinds = {board.space(sid).kind for sid in board.route}
    assert kinds.isdisjoint({"Gentlemen's Club", "Marketplace", "Hotel"})


def _segments_cross(
    a: tuple[int, int], b: tuple[int, int], c: tuple[int, int], d: tuple[int, int]
) -> bool:
    """Whether segments ab and cd intersect anywhere but at a shared endpoint."""

    def orient(p: tuple[int, int], q: tuple[int, int], r: tuple[int, int]) -> int:
        value = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return (value > 0) - (value < 0)

    def between(p: tuple[int, int], q: tuple[int, int], r: tuple[int, int]) -> bool:
        """Whether r, collinear with pq, lies within pq's bounding box."""
        return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(
            p[1], q[1]
        )

    if len({a, b, c, d}) < 4:  # paths meeting at a space share an endpoint; fine
        return False
    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    return (
        (o1 == 0 and between(a, b, c))
        or (o2 == 0 and between(a, b, d))
        or (o3 == 0 and between(c, d, a))
        or (o4 == 0 and between(c, d, b))
    )


def test_shipped_board_is_planar_as_drawn() -> None:
    """GAME.md: drawn as straight lines between the space centres, no two paths cross."""
    board = load_board()
    centre = {s.id: (s.x, s.y) for s in board.spaces}
    crossings = [
        (p, q)
        for p, q in combinations(board.paths, 2)
        if _segments_cross(centre[p[0]], centre[p[1]], centre[q[0]], centre[q[1]])
    ]
    assert crossings == []


def test_segment_crossing_check_detects_a_crossing() -> None:
    assert _segments_cross((0, 0), (10, 10), (0, 10), (10, 0))
    assert not _segments_cross((0, 0), (10, 10), (10, 10), (20, 0))
    assert not _segments_cross((0, 0), (10, 0), (0, 5), (10, 5))
    assert not _segments_cross((0, 0), (10, 0), (20, 0), (30, 0))  # collinear, apart
    assert _segments_cross((0, 0), (10, 0), (5, 0), (30, 0))  # collinear, overlapping
    assert _segments_cross((0, 0), (10, 0), (5, 0), (5, 9))  # one ends on the other


# -- the shipped deck and scoring board -------------------------------------------------


def test_shipped_deck_loads_90_cards_with_unique_ids() -> None:
    deck = load_deck()
    assert len(deck) == 90
    assert len({c.id for c in deck}) == 90


def test_shipped_scoring_board_matches_game_md_tables() -> None:
    table = load_scoring_board()
    assert {n: (r.months, r.target) for n, r in table.rows.items()} == GAME_ROWS
    assert all(r.count == n for n, r in table.rows.items())
    assert table.novelty == GAME_NOVELTY
    assert tuple(table.novelty) == DESTINATIONS
    assert (table.diversity_per_type, table.endurance_per_month, table.fad_bonus) == (5, 3, 10)


def test_novelty_dot_is_zero_after_the_third_scoring() -> None:
    table = load_scoring_board()
    assert [table.novelty_dot("Everest", k) for k in range(5)] == [14, 10, 6, 0, 0]


def _markdown_table(text: str, header: str) -> list[list[str]]:
    """The body rows of the Markdown table whose header line starts with ``header``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [re.sub(r"\*\*\(.*?\)\*\*", "", c).strip() for c in line.strip("|").split("|")]
        rows.append(cells)
    return rows


@pytest.mark.skipif(not GAME_MD.exists(), reason="GAME.md is not beside this checkout")
def test_transcribed_tables_match_game_md_itself() -> None:
    """Guards the transcription above: re-read GAME.md's tables when the document is present."""
    text = GAME_MD.read_text(encoding="utf-8")
    rows = {int(r[0]): (int(r[1]), int(r[2])) for r in _markdown_table(text, "| players")}
    assert rows == GAME_ROWS
    novelty = {r[0]: tuple(int(v) for v in r[1:]) for r in _markdown_table(text, "| destination")}
    assert novelty == GAME_NOVELTY
    spaces = {
        r[0]: (None if r[1] == "–" else int(r[1]), r[2], int(r[3]), int(r[4]))
        for r in _markdown_table(text, "| id")
    }
    assert spaces == GAME_SPACES
