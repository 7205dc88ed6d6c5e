"""Data loaders: the shipped board, deck and scoring board match the tables of docs/rules.md.

The tables of docs/rules.md, "The material", are read here and compared with what
``load_board``, ``load_deck`` and ``load_scoring_board`` give, so a change to the data or to
the reference that the other does not follow fails (bad data: see ``test_data_errors.py``).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from itertools import combinations

import pytest

from park import CARD_TYPES, DESTINATIONS, load_board, load_deck, load_scoring_board
from park.engine.terms import SHOP_CARD_TYPE
from tests.helpers import RULES_DOC

# -- docs/rules.md's tables ---------------------------------------------------------------


def markdown_table(text: str, header: str) -> list[dict[str, str]]:
    """The body rows of the one Markdown table in ``text`` whose header row starts with ``header``.

    Args:
        text: a Markdown document.
        header: the start of the table's header row, e.g. ``"| space | number |"``; the rows
            may be indented (a table inside a list item).

    Returns:
        Each row as ``{column name: cell}``, cells stripped.

    Raises:
        LookupError: when no table, or more than one, has that header.
    """
    lines = [line.strip() for line in text.splitlines()]
    starts = [i for i, line in enumerate(lines) if line.startswith(header)]
    if len(starts) != 1:
        raise LookupError(f"{len(starts)} tables start with {header!r}")
    names = _cells(lines[starts[0]])
    rows = []
    for line in lines[starts[0] + 2 :]:
        if not line.startswith("|"):
            break
        cells = _cells(line)
        assert len(cells) == len(names), line
        rows.append(dict(zip(names, cells, strict=True)))
    return rows


def _cells(line: str) -> list[str]:
    """A Markdown table row's cells, stripped."""
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


@cache
def reference_table(header: str) -> list[dict[str, str]]:
    """The table of docs/rules.md whose header row starts with ``header`` (read once)."""
    rows = markdown_table(RULES_DOC.read_text(encoding="utf-8"), header)
    assert rows, f"the table {header!r} of docs/rules.md has no rows"
    return rows


def reference_spaces() -> dict[str, tuple[int | None, str, int, int]]:
    """docs/rules.md's spaces: ``id: (number, kind, x, y)``, ``None`` for "–" (no number)."""
    return {
        row["space"]: (
            None if row["number"] == "–" else int(row["number"]),
            row["kind"],
            int(row["x"]),
            int(row["y"]),
        )
        for row in reference_table("| space | number |")
    }


def reference_neighbours() -> dict[str, set[str]]:
    """docs/rules.md's paths: each space's neighbours, as its row lists them."""
    return {
        row["from"]: set(row["paths to"].split(", "))
        for row in reference_table("| from | paths to |")
    }


def reference_paths() -> set[frozenset[str]]:
    """docs/rules.md's paths as unordered pairs (each listed from both ends there)."""
    return {
        frozenset((space, other))
        for space, others in reference_neighbours().items()
        for other in others
    }


def leading_int(cell: str) -> int:
    """The whole number a table cell starts with (``"5 per card type"`` gives 5)."""
    match = re.match(r"\d+", cell)
    assert match, cell
    return int(match[0])


# -- the shipped board --------------------------------------------------------------------


def test_shipped_board_has_18_spaces_29_paths_and_14_numbered() -> None:
    board = load_board()
    assert len(board.spaces) == 18
    assert len(board.paths) == 29
    assert len([s for s in board.spaces if s.number is not None]) == 14
    assert board.route == tuple(str(n) for n in range(1, 15))
    assert board.start == "club"
    assert board.park_start == 1


def test_shipped_board_spaces_match_the_reference() -> None:
    board = load_board()
    spaces = {s.id: (s.number, s.kind, s.x, s.y) for s in board.spaces}
    assert spaces == reference_spaces()
    assert (board.width, board.height) == (1000, 780)


def test_shipped_board_paths_match_the_reference() -> None:
    board = load_board()
    assert {frozenset(p) for p in board.paths} == reference_paths()
    assert {s: set(n) for s, n in board.neighbours.items()} == reference_neighbours()


def test_the_reference_lists_every_path_from_both_ends() -> None:
    neighbours = reference_neighbours()
    one_way = [(s, o) for s, others in neighbours.items() for o in others if s not in neighbours[o]]
    assert one_way == []
    assert len(reference_paths()) == 29


def test_shipped_board_kind_counts_match_the_reference() -> None:
    numbered = [s for s in load_board().spaces if s.number is not None]
    rows = reference_table("| kind | numbers | count |")
    assert {
        row["kind"]: (sorted(int(n) for n in row["numbers"].split(", ")), int(row["count"]))
        for row in rows
    } == {
        kind: (sorted(s.number for s in numbered if s.kind == kind and s.number), count)
        for kind, count in Counter(s.kind for s in numbered).items()
    }
    assert sum(int(row["count"]) for row in rows) == 14


def test_shops_take_the_card_types_of_the_reference() -> None:
    table = {row["shop"]: row["card type"] for row in reference_table("| shop | card type |")}
    assert table == SHOP_CARD_TYPE
    shops = {s.kind: s.card_type for s in load_board().spaces if s.card_type is not None}
    assert shops == table


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
    """docs/rules.md: drawn as straight lines between the space centres, no two paths cross."""
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


def test_shipped_deck_highest_destinations_match_the_reference() -> None:
    """docs/rules.md's count of cards by type and by the destination of their highest value."""
    deck = load_deck()
    rows = reference_table("| card type | Africa |")
    assert [row["card type"] for row in rows] == list(CARD_TYPES)
    for row in rows:
        cards = [c for c in deck if c.type == row["card type"]]
        highest = Counter(max(c.values, key=lambda d: c.values[d]) for c in cards)
        assert {d: int(row[d]) for d in DESTINATIONS} == {d: highest[d] for d in DESTINATIONS}
        assert int(row["cards"]) == len(cards)


def test_shipped_deck_destinations_per_card_match_the_reference() -> None:
    deck = load_deck()
    rows = reference_table("| card type | 1 destination |")
    assert [row["card type"] for row in rows] == list(CARD_TYPES)
    for row in rows:
        sizes = Counter(len(c.values) for c in deck if c.type == row["card type"])
        written = (row["1 destination"], row["2 destinations"], row["3 destinations"])
        assert tuple(int(n) for n in written) == (sizes[1], sizes[2], sizes[3])


def test_shipped_scoring_board_rows_match_the_reference() -> None:
    rows = {
        int(row["players"]): (
            int(row["Month counters needed (MIN)"]),
            int(row["target score (TARGET)"]),
        )
        for row in reference_table("| players |")
    }
    table = load_scoring_board()
    assert {n: (r.months, r.target) for n, r in table.rows.items()} == rows
    assert all(r.count == n for n, r in table.rows.items())


def test_shipped_novelty_dots_match_the_reference_in_display_order() -> None:
    rows = reference_table("| destination | 1st | 2nd | 3rd |")
    novelty = {
        row["destination"]: (int(row["1st"]), int(row["2nd"]), int(row["3rd"])) for row in rows
    }
    table = load_scoring_board()
    assert {d: tuple(dots) for d, dots in table.novelty.items()} == novelty
    assert tuple(novelty) == tuple(table.novelty) == DESTINATIONS


def test_shipped_fixed_bonuses_match_the_reference() -> None:
    bonus = {row["bonus"]: leading_int(row["points"]) for row in reference_table("| bonus |")}
    table = load_scoring_board()
    fixed = (table.diversity_per_type, table.endurance_per_month, table.fad_bonus)
    assert fixed == (bonus["Diversity"], bonus["Endurance"], bonus["Fad"])


def test_novelty_dot_is_zero_after_the_third_scoring() -> None:
    table = load_scoring_board()
    assert [table.novelty_dot("Everest", k) for k in range(5)] == [14, 10, 6, 0, 0]


# -- reading the tables ----------------------------------------------------------------------


def test_a_table_is_read_by_its_header_row() -> None:
    text = "Intro\n\n| a | b |\n|---|---|\n| 1 | x y |\n|  2 | z |\n\nAfter | a | b |\n"
    assert markdown_table(text, "| a |") == [{"a": "1", "b": "x y"}, {"a": "2", "b": "z"}]


@pytest.mark.parametrize("text", ["no table here", "| a |\n|---|\n| 1 |\n\n| a |\n|---|\n"])
def test_a_missing_or_ambiguous_table_fails_loudly(text: str) -> None:
    with pytest.raises(LookupError):
        markdown_table(text, "| a |")
