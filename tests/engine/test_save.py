"""Saves: round trips, and every way a save can be damaged failing with a readable SaveError.

A save is JSON text holding a format marker, a version, a data fingerprint, the settings, the
actions since setup (a replay), a summary and a SHA-256 checksum of the rest. Tests that change
a field and want to get past the checksum recompute it with :func:`with_checksum`, which follows
the documented recipe independently of the engine's private helper.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from park import (
    SAVE_VERSION,
    GameState,
    SaveError,
    Step,
    apply,
    dumps,
    legal_actions,
    load_board,
    load_deck,
    load_scoring_board,
    loads,
    make_ruleset,
    new_game,
)
from park.engine.scoring_board import ScoringBoard
from tests.engine.helpers import assert_readable, load_error, payload_of, play_random, with_checksum

# -- round trips ------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["start", "mid_game", "game_over"])
def test_round_trip_restores_the_same_state(which: str, request: pytest.FixtureRequest) -> None:
    state: GameState = request.getfixturevalue(which)
    text = dumps(state)
    loaded = loads(text)
    assert loaded == state
    assert list(loaded.log) == list(state.log)
    assert loaded.settings == state.settings
    assert loaded.is_over == state.is_over
    assert dumps(loaded) == text


def test_round_trip_from_utf8_bytes(mid_game: GameState) -> None:
    assert loads(dumps(mid_game).encode("utf-8")) == mid_game


def test_loaded_game_plays_on_like_the_original(mid_game: GameState) -> None:
    loaded = loads(dumps(mid_game))
    assert play_random(loaded, 100, seed=5) == play_random(mid_game, 100, seed=5)


def test_save_holds_the_documented_fields(mid_game: GameState) -> None:
    payload = payload_of(mid_game)
    assert payload["format"] == "park-save"
    assert payload["version"] == SAVE_VERSION
    assert payload["actions"] == [str(a) for a in mid_game.log]
    assert payload["summary"]["turn"] == mid_game.turn
    assert payload["summary"]["scores"] == [s.score for s in mid_game.seats]
    assert with_checksum(payload) == json.dumps(payload), "checksum recipe differs"


def test_dumps_refuses_a_custom_ruleset() -> None:
    board, deck, table = load_board(), load_deck(), load_scoring_board()
    rows = dict(table.rows)
    custom_table = ScoringBoard(rows, dict(table.novelty), 5, 3, 20)
    state = new_game(4, 1, rules=make_ruleset(board, deck, custom_table))
    with pytest.raises(ValueError, match="shipped board"):
        dumps(state)


def test_dumps_refuses_even_an_identical_copy_of_the_shipped_data() -> None:
    state = new_game(4, 1, rules=make_ruleset(load_board(), load_deck(), load_scoring_board()))
    with pytest.raises(ValueError, match="shipped"):
        dumps(state)


# -- damaged text -------------------------------------------------------------------------


def test_corrupt_json_is_reported_as_damaged() -> None:
    message = load_error('{"format": "park-save", "version": 1,, }')
    assert "damaged" in message
    assert "line 1" in message


def test_truncated_save_is_reported_as_cut_short(mid_game: GameState) -> None:
    text = dumps(mid_game)
    for length in (1, 10, len(text) // 2, len(text) - 1):
        message = load_error(text[:length])
        assert "cut short" in message or "damaged" in message


@pytest.mark.parametrize("text", ["", "   ", "\n\t", b""])
def test_empty_save_is_reported_as_empty(text: str | bytes) -> None:
    assert "empty" in load_error(text)


@pytest.mark.parametrize("data", [b"\xff\xfe\x00\x81", b'{"format": "park-save\xc3"}'])
def test_bytes_that_are_not_utf8_are_reported_as_unreadable(data: bytes) -> None:
    message = load_error(data)
    assert "not readable text" in message


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "chess-save", "version": 1}',
        '{"version": 1}',
        "[1, 2, 3]",
        '"park-save"',
        "42",
        "null",
    ],
)
def test_wrong_format_marker_is_not_a_park_save(text: str) -> None:
    assert "not a Park saved game" in load_error(text)


def test_future_version_asks_for_a_newer_park(mid_game: GameState) -> None:
    payload = payload_of(mid_game)
    payload["version"] = SAVE_VERSION + 1
    message = load_error(with_checksum(payload))
    assert "newer version" in message
    assert str(SAVE_VERSION + 1) in message


@pytest.mark.parametrize(
    ("field", "words"),
    [
        ("version", "no format version"),
        ("checksum", "checksum does not match"),
        ("settings", "no game settings"),
        ("actions", "no list of moves"),
        ("data", "different board or deck"),
        ("summary", "does not match the save's summary"),
    ],
)
def test_missing_field_is_named(mid_game: GameState, field: str, words: str) -> None:
    payload = payload_of(mid_game)
    del payload[field]
    text = json.dumps(payload) if field == "checksum" else with_checksum(payload)
    assert words in load_error(text)


@pytest.mark.parametrize("key", ["seed", "seats", "options", "first_seat"])
def test_missing_setting_is_reported_as_invalid_settings(mid_game: GameState, key: str) -> None:
    payload = payload_of(mid_game)
    del payload["settings"][key]
    message = load_error(with_checksum(payload))
    assert "settings are invalid" in message


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("seed", "forty-two"),
        ("seed", True),
        ("seats", [{"name": "Solo"}]),
        ("seats", ["Ada", "Bo", "Cy"]),
        ("seats", [{"name": "A", "hat": "top"}] * 4),
        ("options", {"fad_tie": "coin"}),
        ("options", ["choose"]),
        ("first_seat", 9),
        ("first_seat", "0"),
    ],
)
def test_invalid_setting_is_reported(mid_game: GameState, key: str, value: Any) -> None:
    payload = payload_of(mid_game)
    payload["settings"][key] = value
    assert "settings are invalid" in load_error(with_checksum(payload))


# -- tampering ----------------------------------------------------------------------------


def test_edited_action_without_new_checksum_fails_the_checksum(mid_game: GameState) -> None:
    payload = payload_of(mid_game)
    payload["actions"][3] = "decline" if payload["actions"][3] != "decline" else "stay"
    message = load_error(json.dumps(payload))
    assert "checksum" in message
    assert "changed or damaged" in message


def test_edited_seat_name_without_new_checksum_fails_the_checksum(mid_game: GameState) -> None:
    payload = payload_of(mid_game)
    payload["settings"]["seats"][0]["name"] = "Mallory"
    assert "checksum" in load_error(json.dumps(payload))


def test_edited_score_without_new_checksum_fails_the_checksum(game_over: GameState) -> None:
    payload = payload_of(game_over)
    payload["summary"]["scores"][0] += 50
    assert "checksum" in load_error(json.dumps(payload))


def test_edited_seat_name_with_new_checksum_loads_under_the_new_name(mid_game: GameState) -> None:
    payload = payload_of(mid_game)
    payload["settings"]["seats"][0]["name"] = "Mallory"
    loaded = loads(with_checksum(payload))
    assert loaded.settings.seats[0].name == "Mallory"
    assert loaded.seats == mid_game.seats


def test_illegal_move_with_new_checksum_names_the_move(mid_game: GameState) -> None:
    payload = payload_of(mid_game)
    payload["actions"][0] = "play:lions-tooth"  # the first decision is a step, never a play
    message = load_error(with_checksum(payload))
    assert "Move 1" in message
    assert "play:lions-tooth" in message
    assert "cannot be replayed" in message


def test_step_to_a_non_neighbour_with_new_checksum_names_the_move(mid_game: GameState) -> None:
    """Cut the replay where the active pawn could step, then step somewhere out of reach."""
    settings = mid_game.settings
    state = new_game(
        list(settings.seats),
        settings.seed,
        first_seat=mid_game.first_seat,
        options=settings.options,
    )
    done = 0
    for action in mid_game.log:
        if done >= 5 and isinstance(legal_actions(state)[0], Step):
            break
        state, _ = apply(state, action)
        done += 1
    board = state.rules.board
    position = state.seats[state.active].position
    far = next(s.id for s in board.spaces if s.id not in (position, *board.neighbours[position]))
    payload = payload_of(mid_game)
    payload["actions"][done:] = [f"step:{far}"]
    message = load_error(with_checksum(payload))
    assert f"Move {done + 1} " in message
    assert f"step:{far}" in message
    assert "cannot be replayed" in message


@pytest.mark.parametrize("bad", ["fly:moon", "", 7, None, ["stay"]])
def test_unparseable_move_with_new_checksum_names_the_move(mid_game: GameState, bad: Any) -> None:
    payload = payload_of(mid_game)
    payload["actions"][4] = bad
    message = load_error(with_checksum(payload))
    assert "Move 5" in message
    assert "cannot be replayed" in message


def test_moves_not_a_list_is_reported(mid_game: GameState) -> None:
    payload = payload_of(mid_game)
    payload["actions"] = "stay stay stay"
    assert "no list of moves" in load_error(with_checksum(payload))


@pytest.mark.parametrize(
    "change",
    [
        {"turn": 1},
        {"scores": [0, 0, 0, 1]},
        {"winner": 2},
    ],
)
def test_mismatched_summary_is_reported(mid_game: GameState, change: dict[str, Any]) -> None:
    payload = payload_of(mid_game)
    payload["summary"].update(change)
    message = load_error(with_checksum(payload))
    assert "does not match the save's summary" in message


def test_dropped_last_moves_with_new_checksum_fail_the_summary(mid_game: GameState) -> None:
    payload = payload_of(mid_game)
    del payload["actions"][-10:]
    assert "summary" in load_error(with_checksum(payload))


def test_save_made_with_other_data_is_refused(mid_game: GameState) -> None:
    payload = payload_of(mid_game)
    payload["data"] = "0123456789abcdef"
    assert "different board or deck" in load_error(with_checksum(payload))


# -- nothing but SaveError --------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
"""Arbitrary JSON-representable values."""


@settings(max_examples=150, deadline=None)
@given(text=st.text() | st.binary())
def test_arbitrary_text_or_bytes_raise_only_save_error(text: str | bytes) -> None:
    try:
        loads(text)
    except SaveError as exc:
        assert_readable(str(exc))


@settings(max_examples=150, deadline=None)
@given(value=json_values)
def test_arbitrary_json_raises_only_save_error(value: Any) -> None:
    with pytest.raises(SaveError) as caught:
        loads(json.dumps(value))
    assert_readable(str(caught.value))


def mutation_targets(payload: dict[str, Any]) -> list[tuple[Any, Any]]:
    """Every (container, key) inside ``payload`` whose value a test may replace."""
    targets: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in list(items):
            targets.append((node, key))
            if isinstance(value, dict | list):
                walk(value)

    walk(payload)
    return targets


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_edit_with_a_valid_checksum_loads_or_raises_save_error(data: st.DataObject) -> None:
    """Replace one value anywhere in a real save (checksum fixed): a state or a SaveError."""
    base = new_game(3, 8)
    payload = payload_of(play_random(base, 12, seed=2))
    targets = mutation_targets(payload)
    container, key = targets[data.draw(st.integers(0, len(targets) - 1), label="target")]
    container[key] = data.draw(json_values, label="new value")
    try:
        loads(with_checksum(payload))
    except SaveError as exc:
        assert_readable(str(exc))


@settings(max_examples=60, deadline=None)
@given(cut=st.integers(min_value=0), extra=st.sampled_from(["", "}", "]}", "x", "\x00"]))
@example(cut=-1, extra="}")  # cutting the closing brace and adding it back is no damage
def test_any_truncation_raises_save_error(cut: int, extra: str) -> None:
    text = dumps(new_game(3, 8))
    cut %= len(text)
    damaged = text[:cut] + extra
    assume(damaged != text)
    with pytest.raises(SaveError):
        loads(damaged)


# -- regression cases found by the fuzz tests above -------------------------------------


def test_lone_surrogate_in_a_save_raises_save_error() -> None:
    """JSON may escape a lone UTF-16 surrogate ("\\ud800"); it is not valid text in a save."""
    payload = payload_of(new_game(3, 8))
    payload["settings"]["seats"][0]["name"] = "\ud800"
    text = json.dumps(payload)  # ensure_ascii escapes it: the text itself is valid
    message = load_error(text)
    assert "damaged" in message or "checksum" in message


def test_deeply_nested_json_raises_save_error() -> None:
    message = load_error("[" * 100_000 + "]" * 100_000)
    assert "damaged" in message


def test_absurdly_long_number_raises_save_error() -> None:
    message = load_error('{"format": "park-save", "version": ' + "9" * 5000 + "}")
    assert "damaged" in message
