"""Data loaders: bad data fails with a ``DataError`` naming the file and the entry at fault.

Bad data is built as dicts (a deep copy of the shipped TOML with one entry broken) and passed to
``parse_board``, ``parse_deck`` and ``parse_scoring_board``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from park import DataError, ParkError, load_board, load_deck, load_scoring_board
from park.engine.board import parse_board, read_data_file
from park.engine.deck import parse_deck
from park.engine.scoring_board import parse_scoring_board

# -- broken data: DataError names the file and the entry ---------------------------------


@pytest.fixture
def board_data() -> dict[str, Any]:
    """A fresh, mutable copy of the shipped board.toml."""
    return copy.deepcopy(read_data_file("board.toml"))


@pytest.fixture
def deck_data() -> dict[str, Any]:
    """A fresh, mutable copy of the shipped deck.toml."""
    return copy.deepcopy(read_data_file("deck.toml"))


@pytest.fixture
def scoring_data() -> dict[str, Any]:
    """A fresh, mutable copy of the shipped scoring.toml."""
    return copy.deepcopy(read_data_file("scoring.toml"))


def data_error(
    parse: Callable[[dict[str, Any]], object], data: dict[str, Any], where: str = ""
) -> str:
    """The message of the ``DataError`` that ``parse(data)`` raises.

    Fails if none, or if the message does not begin with ``where``: the file and the entry at
    fault.
    """
    with pytest.raises(DataError) as caught:
        parse(data)
    assert isinstance(caught.value, ParkError)
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert message.startswith(where), message
    return message


def space(data: dict[str, Any], space_id: str) -> dict[str, Any]:
    """The raw ``[[space]]`` table with this id."""
    found: dict[str, Any] = next(s for s in data["space"] if s["id"] == space_id)
    return found


def card(data: dict[str, Any], card_id: str) -> dict[str, Any]:
    """The raw ``[[card]]`` table with this id."""
    found: dict[str, Any] = next(c for c in data["card"] if c["id"] == card_id)
    return found


def test_shipped_raw_data_parses(
    board_data: dict[str, Any], deck_data: dict[str, Any], scoring_data: dict[str, Any]
) -> None:
    """The copies the tests below break are valid before they are broken."""
    assert parse_board(board_data) == load_board()
    assert parse_deck(deck_data) == load_deck()
    assert parse_scoring_board(scoring_data) == load_scoring_board()


def test_unknown_space_kind(board_data: dict[str, Any]) -> None:
    space(board_data, "4")["kind"] = "Bakery"
    message = data_error(parse_board, board_data, "board.toml: space '4':")
    assert "Bakery" in message


def test_duplicate_space_id(board_data: dict[str, Any]) -> None:
    space(board_data, "2")["id"] = "1"
    message = data_error(parse_board, board_data, "board.toml: space '1':")
    assert "more than once" in message


def test_space_numbers_with_a_gap(board_data: dict[str, Any]) -> None:
    space(board_data, "14")["number"] = 15
    message = data_error(parse_board, board_data, "board.toml: space '14':")
    assert "14" in message.split(":", 2)[2]
    assert "gap" in message or "missing" in message


def test_space_number_repeated(board_data: dict[str, Any]) -> None:
    space(board_data, "14")["number"] = 13
    message = data_error(parse_board, board_data, "board.toml: space '1")
    assert "13" in message.split(":", 2)[2]


def test_space_number_not_positive(board_data: dict[str, Any]) -> None:
    space(board_data, "7")["number"] = 0
    message = data_error(parse_board, board_data, "board.toml: space '7':")
    assert "number" in message


def test_numbered_club(board_data: dict[str, Any]) -> None:
    space(board_data, "club")["number"] = 15
    message = data_error(parse_board, board_data, "board.toml: space 'club':")
    assert "no number" in message


def test_space_without_coordinates(board_data: dict[str, Any]) -> None:
    del space(board_data, "market")["x"]
    message = data_error(parse_board, board_data, "board.toml: space 'market':")
    assert "'x'" in message


def test_self_loop_path(board_data: dict[str, Any]) -> None:
    board_data["paths"].append(["3", "3"])
    message = data_error(parse_board, board_data, "board.toml: paths #30:")
    assert "'3' to itself" in message


def test_path_to_unknown_space(board_data: dict[str, Any]) -> None:
    board_data["paths"].insert(4, ["club", "atlantis"])
    message = data_error(parse_board, board_data, "board.toml: paths #5:")
    assert "atlantis" in message


def test_path_listed_twice(board_data: dict[str, Any]) -> None:
    board_data["paths"].append(["3", "club"])
    message = data_error(parse_board, board_data, "board.toml: paths #30:")
    assert "twice" in message


def test_disconnected_board(board_data: dict[str, Any]) -> None:
    board_data["paths"] = [p for p in board_data["paths"] if "hotel_north" not in p]
    message = data_error(parse_board, board_data, "board.toml: paths:")
    assert "not reachable" in message
    assert "hotel_north" in message


def test_unknown_start_space(board_data: dict[str, Any]) -> None:
    board_data["start"] = "pub"
    message = data_error(parse_board, board_data, "board.toml: start:")
    assert "pub" in message


def test_park_start_off_the_route(board_data: dict[str, Any]) -> None:
    board_data["park_start"] = 15
    data_error(parse_board, board_data, "board.toml: park_start:")


def test_card_with_bad_type(deck_data: dict[str, Any]) -> None:
    card(deck_data, "lions-tooth")["type"] = "Rumour"
    message = data_error(parse_deck, deck_data, "deck.toml: card 'lions-tooth':")
    assert "Rumour" in message


def test_card_with_value_11(deck_data: dict[str, Any]) -> None:
    card(deck_data, "dented-pith-helmet")["values"]["Amazon"] = 11
    message = data_error(parse_deck, deck_data, "deck.toml: card 'dented-pith-helmet':")
    assert "Amazon" in message
    assert "11" in message


def test_card_with_value_0(deck_data: dict[str, Any]) -> None:
    card(deck_data, "lions-tooth")["values"]["Africa"] = 0
    message = data_error(parse_deck, deck_data, "deck.toml: card 'lions-tooth':")
    assert "1..10" in message


def test_card_with_4_destinations(deck_data: dict[str, Any]) -> None:
    card(deck_data, "folding-bathtub")["values"]["Everest"] = 1
    message = data_error(parse_deck, deck_data, "deck.toml: card 'folding-bathtub':")
    assert "1 to 3 destinations" in message


def test_card_with_unknown_destination(deck_data: dict[str, Any]) -> None:
    card(deck_data, "lions-tooth")["values"] = {"Atlantis": 5}
    message = data_error(parse_deck, deck_data, "deck.toml: card 'lions-tooth':")
    assert "Atlantis" in message


def test_duplicate_card_id(deck_data: dict[str, Any]) -> None:
    deck_data["card"][10]["id"] = "lions-tooth"
    message = data_error(parse_deck, deck_data, "deck.toml: card 'lions-tooth':")
    assert "more than once" in message


def test_duplicate_card_name(deck_data: dict[str, Any]) -> None:
    deck_data["card"][10]["name"] = deck_data["card"][0]["name"]
    message = data_error(parse_deck, deck_data, f"deck.toml: card '{deck_data['card'][10]['id']}':")
    assert "name" in message


def test_card_with_long_name(deck_data: dict[str, Any]) -> None:
    card(deck_data, "lions-tooth")["name"] = "A" * 41
    message = data_error(parse_deck, deck_data, "deck.toml: card 'lions-tooth':")
    assert "40 characters" in message


def test_card_with_two_line_flavor(deck_data: dict[str, Any]) -> None:
    card(deck_data, "lions-tooth")["flavor"] = "One line.\nTwo lines."
    message = data_error(parse_deck, deck_data, "deck.toml: card 'lions-tooth':")
    assert "flavor" in message


def test_card_id_not_a_slug(deck_data: dict[str, Any]) -> None:
    deck_data["card"][2]["id"] = "Folding Bathtub"
    message = data_error(parse_deck, deck_data, "deck.toml: card #3:")
    assert "slug" in message


@pytest.mark.parametrize("change", [-1, +1])
def test_wrong_deck_size(deck_data: dict[str, Any], change: int) -> None:
    if change < 0:
        deck_data["card"].pop()
    else:
        extra = copy.deepcopy(deck_data["card"][0])
        extra.update(id="spare-tooth", name="A Spare Tooth")
        deck_data["card"].append(extra)
    message = data_error(parse_deck, deck_data, "deck.toml: card:")
    assert "90 cards" in message
    assert f"found {90 + change}" in message


def test_scoring_row_missing_its_target(scoring_data: dict[str, Any]) -> None:
    row = next(r for r in scoring_data["players"] if r["count"] == 4)
    del row["target"]
    message = data_error(parse_scoring_board, scoring_data, "scoring.toml: players row for 4:")
    assert "target" in message


def test_scoring_rows_missing_altogether(scoring_data: dict[str, Any]) -> None:
    del scoring_data["players"]
    data_error(parse_scoring_board, scoring_data, "scoring.toml: players:")


def test_scoring_row_listed_twice(scoring_data: dict[str, Any]) -> None:
    scoring_data["players"].append(dict(scoring_data["players"][0]))
    message = data_error(parse_scoring_board, scoring_data, "scoring.toml: players row for 3:")
    assert "twice" in message


def test_scoring_row_with_negative_months(scoring_data: dict[str, Any]) -> None:
    scoring_data["players"][2]["months"] = -1
    message = data_error(parse_scoring_board, scoring_data, "scoring.toml: players row for 5:")
    assert "months" in message


def test_player_count_without_a_row_is_refused_at_setup(scoring_data: dict[str, Any]) -> None:
    """A30: the table decides which counts are supported; a count with no row is refused."""
    from park import make_ruleset, new_game

    scoring_data["players"] = [r for r in scoring_data["players"] if r["count"] != 5]
    table = parse_scoring_board(scoring_data)
    rules = make_ruleset(load_board(), load_deck(), table)
    with pytest.raises(ValueError, match="5 players is not supported; choose 3, 4, 6, 7"):
        new_game(5, 1, rules=rules)


def test_novelty_dots_increasing(scoring_data: dict[str, Any]) -> None:
    scoring_data["novelty"]["Amazon"] = [4, 8, 12]
    message = data_error(parse_scoring_board, scoring_data, "scoring.toml: novelty 'Amazon':")
    assert "increase" in message


def test_novelty_destination_missing(scoring_data: dict[str, Any]) -> None:
    del scoring_data["novelty"]["China"]
    data_error(parse_scoring_board, scoring_data, "scoring.toml: novelty 'China':")


def test_novelty_for_unknown_destination(scoring_data: dict[str, Any]) -> None:
    scoring_data["novelty"]["Atlantis"] = [1]
    message = data_error(parse_scoring_board, scoring_data, "scoring.toml: novelty:")
    assert "Atlantis" in message


def test_missing_fixed_bonus(scoring_data: dict[str, Any]) -> None:
    del scoring_data["fad_bonus"]
    message = data_error(parse_scoring_board, scoring_data, "scoring.toml:")
    assert "fad_bonus" in message


def test_missing_data_file_names_the_file() -> None:
    with pytest.raises(DataError, match=r"^nowhere\.toml: cannot read"):
        read_data_file("nowhere.toml")


# -- regression: malformed entries of the wrong type raised AttributeError / TypeError ----


def test_space_entry_that_is_not_a_table(board_data: dict[str, Any]) -> None:
    board_data["space"][0] = "club"
    message = data_error(parse_board, board_data, "board.toml: space #1:")
    assert "table" in message


def test_space_number_that_is_a_boolean(board_data: dict[str, Any]) -> None:
    space(board_data, "1")["number"] = True
    message = data_error(parse_board, board_data, "board.toml: space '1':")
    assert "True" in message


def test_path_with_a_nested_list(board_data: dict[str, Any]) -> None:
    board_data["paths"].append(["club", ["3"]])
    message = data_error(parse_board, board_data, "board.toml: paths #30:")
    assert "pair of known space ids" in message


def test_scoring_row_that_is_not_a_table(scoring_data: dict[str, Any]) -> None:
    scoring_data["players"][1] = 4
    message = data_error(parse_scoring_board, scoring_data, "scoring.toml: players #2:")
    assert "table" in message
