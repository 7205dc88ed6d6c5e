"""park.ui.record.store and park.ui.record.html.

"Your record" across games, its versioned text (damaged text refused with a readable reason, like a
save), counting each game once, and the dialog's markup and chart.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from park import GameState, SeatSpec
from park.ui.game.session import Session
from park.ui.record.html import EMPTY_TEXT, record_html, result_words, results_chart_svg
from park.ui.record.store import (
    COUNTED_LIMIT,
    RECENT_LIMIT,
    RECORD_VERSION,
    RecordError,
    Tally,
    add_result,
    daily_result,
    dumps_record,
    empty_record,
    parse_record,
    result_of,
)
from park.ui.setup.settings import NewGameSettings
from tests.helpers import finished_game
from tests.ui.record.helpers import game_result, record_of

SVG = "{http://www.w3.org/2000/svg}"


SAMPLE = record_of(
    game_result(1, place=1, won=True, score=151, longest=6),
    game_result(2, level="easy", players=3, score=40),
    game_result(3, level="none", humans=4, score=97, daily=True),
)


# -- the text --------------------------------------------------------------------------------


def test_a_record_round_trips_exactly() -> None:
    text = dumps_record(SAMPLE)
    assert json.loads(text)["version"] == RECORD_VERSION == 1
    assert " " not in text, "compact JSON"
    again = parse_record(text)
    assert again == SAMPLE
    assert again.recent == SAMPLE.recent and dict(again.tallies) == dict(SAMPLE.tallies)
    assert dumps_record(again) == text
    assert parse_record(dumps_record(empty_record())) == empty_record()


@pytest.mark.parametrize("text", [None, ""])
def test_nothing_stored_is_an_empty_record(text: str | None) -> None:
    record = parse_record(text)
    assert record == empty_record()
    assert (record.played, record.won, record.recent) == (0, 0, ())


def _sample_payload() -> dict[str, Any]:
    payload = json.loads(dumps_record(SAMPLE))
    assert isinstance(payload, dict)
    return payload


def _changed(change: Any) -> str:
    payload = _sample_payload()
    change(payload)
    return json.dumps(payload)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('{"version": 1', r"damaged: it is unreadable at line 1, column 14"),
        ("[1, 2]", r"^This is not a Park record\.$"),
        ('{"format": "park-record"}', r"damaged: it has no valid version"),
        (_changed(lambda p: p.update(version=True)), r"no valid version"),
        (_changed(lambda p: p.update(version=0)), r"no valid version"),
        (_changed(lambda p: p["tallies"][0].__setitem__(2, -1)), r"1 game or more"),
        (_changed(lambda p: p["tallies"][0].__setitem__(3, 99)), r"more games won than played"),
        (_changed(lambda p: p["tallies"].append(p["tallies"][0])), r"a tally is there twice"),
        (
            _changed(lambda p: p["tallies"][0].__setitem__(0, "no-such-level")),
            r"a tally has an unknown level or player count",
        ),
        (_changed(lambda p: p.update(tallies={})), r"the tallies are not a list"),
        (_changed(lambda p: p.update(best_score=10)), r"a recent score beats the best"),
        (_changed(lambda p: p.update(longest=2)), r"longer than the longest"),
        (_changed(lambda p: p.update(best_score=-5)), r"best score is out of range"),
        (_changed(lambda p: p.update(counted=[])), r"a recent game was not counted"),
        (_changed(lambda p: p.update(extra=1)), r"an unknown entry \('extra'\)"),
        (_changed(lambda p: p.pop("recent")), r"its entry 'recent' is missing"),
        (_changed(lambda p: p["recent"][0].update(date="2026-02-30")), r"a date is YYYY-MM-DD"),
        (_changed(lambda p: p["recent"][0].update(players=True)), r"3 to 7 players"),
        (_changed(lambda p: p["recent"][0].update(players=4.0)), r"3 to 7 players"),
        (_changed(lambda p: p["recent"][0].update(place=2)), r"a win is in 1st place"),
        (_changed(lambda p: p["recent"][0].pop("daily")), r"missing or unknown entries"),
        (_changed(lambda p: p["recent"][1].update(game="<b>")), r"a game's id"),
        (_changed(lambda p: p.update(recent=[p["recent"][0]] * 21)), r"more than 20 recent"),
        ('{"format": "park-record", "version": 1, "best_score": 1e999}', r"damaged"),
        ('{"format": "park-record", "version": 1, "x": ' + "9" * 5000 + "}", r"no record can"),
        ("[" * 100_000, r"nested deeper than any record"),
        (" " * 200_001, r"far too long \(200,001 characters\)"),
    ],
)
def test_damaged_text_is_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(RecordError, match=reason) as caught:
        parse_record(text)
    message = str(caught.value)
    assert message.startswith(("The record is damaged: ", "This is not a Park record"))
    assert message.endswith(".") and not caught.value.newer


def test_a_newer_version_is_refused_and_said_so() -> None:
    text = _changed(lambda p: p.update(version=3, anything="new"))
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    assert str(caught.value) == "The record is from a newer version of Park (version 3)."
    assert caught.value.newer
    assert isinstance(caught.value, ValueError)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a parsed JSON value, as the keys and indexes leading to it."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


_SAMPLE_PATHS = _paths(_sample_payload())


def _parses_or_refuses(text: str) -> None:
    try:
        record = parse_record(text)
    except RecordError as exc:
        assert str(exc).endswith(".")
    else:
        assert parse_record(dumps_record(record)) == record


@settings(max_examples=150, deadline=None)
@given(_JSON)
def test_any_json_is_read_or_refused_with_a_record_error(value: Any) -> None:
    _parses_or_refuses(json.dumps(value))
    _parses_or_refuses(json.dumps({"format": "park-record", "version": 1, "recent": value}))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_SAMPLE_PATHS), _JSON)
def test_a_record_with_any_part_replaced_is_read_or_refused(
    path: tuple[Any, ...], new: Any
) -> None:
    payload = _sample_payload()
    target: Any = payload
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new
    _parses_or_refuses(json.dumps(payload))


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=40))
def test_any_text_is_read_or_refused_with_a_record_error(text: str) -> None:
    _parses_or_refuses(text)


# -- counting --------------------------------------------------------------------------------


def test_a_game_is_counted_once() -> None:
    result = game_result(7, place=1, won=True)
    once = add_result(empty_record(), result)
    assert (once.played, once.won) == (1, 1)
    assert add_result(once, result) is once
    assert add_result(once, replace(result, score=5)) is once, "the id decides"
    assert add_result(once, game_result(8)).played == 2


def test_tallies_are_per_opponent_level_and_player_count() -> None:
    record = record_of(
        game_result(1, level="easy", players=3, place=1, won=True),
        game_result(2, level="easy", players=3),
        game_result(3, level="easy", players=5),
        game_result(4, level="hard", players=3, place=1, won=True),
        game_result(5, level="none", players=3, humans=3, place=1, won=True),
    )
    assert dict(record.tallies) == {
        ("easy", 3): Tally(2, 1),
        ("easy", 5): Tally(1, 0),
        ("hard", 3): Tally(1, 1),
        ("none", 3): Tally(1, 1),
    }
    assert list(record.tallies) == [("easy", 3), ("easy", 5), ("hard", 3), ("none", 3)]
    assert (record.played, record.won) == (5, 3)


def test_recent_results_are_the_last_twenty_oldest_first() -> None:
    record = record_of(*(game_result(n) for n in range(25)))
    assert len(record.recent) == RECENT_LIMIT == 20
    assert [r.game for r in record.recent] == [game_result(n).game for n in range(5, 25)]
    assert record.played == 25 and len(record.counted) == 25
    assert add_result(record, game_result(3)) is record, "older games are still known"


def test_the_games_counted_are_bounded() -> None:
    record = record_of(*(game_result(n) for n in range(COUNTED_LIMIT + 30)))
    assert len(record.counted) == COUNTED_LIMIT
    assert record.counted[-1] == game_result(COUNTED_LIMIT + 29).game
    assert record.played == COUNTED_LIMIT + 30
    assert parse_record(dumps_record(record)) == record


def test_best_score_and_longest_expedition_are_kept() -> None:
    record = record_of(game_result(1, score=120, longest=4), game_result(2, score=60, longest=9))
    assert (record.best_score, record.longest) == (120, 9)
    record = add_result(record, game_result(3, score=30, longest=0, expeditions=0))
    assert (record.best_score, record.longest) == (120, 9), "never lowered"
    record = add_result(record, game_result(4, score=175, longest=3))
    assert (record.best_score, record.longest) == (175, 9)


def test_todays_expedition_is_found_by_its_date() -> None:
    daily = game_result(1, daily=True, date="2026-11-30")
    record = record_of(daily, game_result(2, date="2026-12-01"))
    assert daily_result(record, "2026-12-01") is None
    assert daily_result(record, "2026-11-30") == game_result(1, daily=True, date="2026-11-30")


@pytest.mark.parametrize(
    "changes",
    [
        {"won": True, "place": 2},
        {"players": 8},
        {"level": "none"},
        {"humans": 0},
        {"date": "1 Dec 2026"},
        {"score": -1},
        {"expeditions": 0},
    ],
)
def test_an_impossible_result_cannot_be_made(changes: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        game_result(1, **changes)


# -- from a finished game --------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished() -> GameState:
    """A three-player game against easy AI, the human seat played by the easy level."""
    return finished_game(settings=NewGameSettings("Nellie", 2, "easy", 12)).state


@pytest.mark.slow
def test_the_result_of_a_finished_game(finished: GameState) -> None:
    result = result_of(finished, 0, date="2026-12-01")
    mine = finished.seats[0]
    assert result.game == f"12:{len(finished.log)}"
    assert (result.level, result.players, result.humans) == ("easy", 3, 1)
    assert result.score == mine.score and result.won is (finished.winner == 0)
    assert result.expeditions == len(mine.expeditions)
    assert result.longest == max((e.months for e in mine.expeditions), default=0)
    standings = sorted(range(3), key=lambda i: (i != finished.winner, -finished.seats[i].score))
    assert result.place == standings.index(0) + 1
    assert (result.date, result.daily) == ("2026-12-01", False)
    assert result_of(finished, 0, date="2026-12-01", daily=True).daily


def _with_scores(state: GameState, scores: list[int], winner: int) -> GameState:
    seats = tuple(replace(s, score=n) for s, n in zip(state.seats, scores, strict=True))
    return replace(state, seats=seats, winner=winner)


def test_places_put_the_winner_first_and_share_ties(finished: GameState) -> None:
    tied = _with_scores(finished, [90, 90, 200], winner=2)
    assert result_of(tied, 0, date="2026-12-01").place == 2
    behind = _with_scores(finished, [70, 90, 200], winner=2)
    assert result_of(behind, 0, date="2026-12-01").place == 3
    level = _with_scores(finished, [200, 90, 200], winner=2)
    assert result_of(level, 0, date="2026-12-01").place == 2, "the winner is 1st"
    won = result_of(_with_scores(finished, [200, 200, 90], winner=0), 0, date="2026-12-01")
    assert (won.place, won.won) == (1, True)


def test_the_opponents_level_is_the_strongest_ai_or_none(finished: GameState) -> None:
    def seated(*controllers: str) -> GameState:
        seats = tuple(
            SeatSpec(s.name, s.colour, c)
            for s, c in zip(finished.settings.seats, controllers, strict=True)
        )
        return replace(finished, settings=replace(finished.settings, seats=seats))

    assert result_of(seated("human", "easy", "hard"), 0, date="2026-12-01").level == "hard"
    people = result_of(seated("human", "human", "human"), 1, date="2026-12-01")
    assert (people.level, people.humans) == ("none", 3)
    assert result_of(seated("human", "human", "normal"), 0, date="2026-12-01").humans == 2


@pytest.mark.slow
def test_only_a_persons_finished_game_is_recorded(finished: GameState) -> None:
    with pytest.raises(ValueError, match="finished"):
        result_of(Session.new(NewGameSettings(seed=5)).state, 0, date="2026-12-01")
    with pytest.raises(ValueError, match="AI"):
        result_of(finished, 1, date="2026-12-01")
    with pytest.raises(ValueError, match="no seat"):
        result_of(finished, 3, date="2026-12-01")
    with pytest.raises(ValueError, match="date"):
        result_of(finished, 0, date="yesterday")


@pytest.mark.slow
def test_a_finished_game_goes_into_the_record(finished: GameState) -> None:
    record = add_result(empty_record(), result_of(finished, 0, date="2026-12-01"))
    again = add_result(record, result_of(finished, 0, date="2026-12-02"))
    assert again is record, "the same game on another day is the same game"
    assert parse_record(dumps_record(record)) == record


# -- markup ----------------------------------------------------------------------------------


def test_the_dialog_gives_the_numbers() -> None:
    html = record_html(SAMPLE)
    root = ET.fromstring(html)  # well-formed
    assert "3 games played, 1 won." in html
    assert "<dt>Best score</dt><dd>151 points</dd>" in html
    assert "<dt>Longest expedition</dt><dd>6 Month counters</dd>" in html
    table = root.find(".//table")
    assert table is not None and table.find("caption") is not None
    rows = [
        [(cell.text or "") for cell in row]
        for row in table.iter("tr")
        if row.find("th[@scope='row']") is not None
    ]
    assert rows == [
        ["Easy AI, 3 players", "1", "0"],
        ["Normal AI, 4 players", "1", "1"],
        ["People only, 4 players", "1", "0"],
    ]
    assert len(root.findall(".//th[@scope='col']")) == 3
    assert "Your last 3 results" in html


def test_the_dialog_escapes_its_text() -> None:
    html = record_html(SAMPLE)
    assert "Today&#x27;s expedition" in html
    assert "Today's" not in html
    titles = [t.text or "" for t in ET.fromstring(html).iter(f"{SVG}title")]
    assert any(t.endswith("; Today's expedition") for t in titles)


def test_an_empty_record_says_so() -> None:
    html = record_html(empty_record())
    assert EMPTY_TEXT in html
    assert EMPTY_TEXT == "No finished games yet: your results appear here after your first game."
    assert "<table" not in html and "<svg" not in html
    assert results_chart_svg(()) == ""


def test_the_chart_has_one_bar_per_result() -> None:
    results = [
        game_result(1, score=40),
        game_result(2, score=151, place=1, won=True),
        game_result(3, score=95, place=3),
        game_result(4, score=60, place=1, won=True),
    ]
    svg = results_chart_svg(results)
    assert svg == results_chart_svg(list(results)), "deterministic"
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img" and root.get("viewBox")
    assert root.get("aria-label") == "Your last 4 results: 2 wins; scores from 40 to 151."
    bars = [g for g in root.iter(f"{SVG}g") if "record-bar" in (g.get("class") or "")]
    assert len(bars) == 4
    heights = [float(g.find(f"{SVG}rect").get("height")) for g in bars]  # type: ignore[union-attr, arg-type]
    assert heights.index(max(heights)) == 1 and heights[0] < heights[3] < heights[2]
    places = [[t.text for t in g.iter(f"{SVG}text")] for g in bars]
    assert places == [["2nd"], ["1st"], ["3rd"], ["1st"]]
    titles = [g.find(f"{SVG}title").text for g in bars]  # type: ignore[union-attr]
    assert titles[1] == "1 December 2026: 1st of 4 players, 151 points, a win; against Normal AI"
    wins = [g.find(f"{SVG}polygon") is not None for g in bars]
    assert wins == [False, True, False, True], "a win has a mark, not only a colour"
    fills = [g.find(f"{SVG}rect").get("fill") for g in bars]  # type: ignore[union-attr]
    assert fills[1] == fills[3] != fills[0] == fills[2]
    assert "style=" not in svg


def test_the_chart_draws_the_last_twenty_at_a_fixed_size() -> None:
    many = [game_result(n) for n in range(30)]
    root = ET.fromstring(results_chart_svg(many))
    bars = [g for g in root.iter(f"{SVG}g") if "record-bar" in (g.get("class") or "")]
    assert [g.get("data-game") for g in bars] == [r.game for r in many[-20:]]
    one = ET.fromstring(results_chart_svg(many[:1]))
    assert one.get("viewBox") == root.get("viewBox")
    assert one.get("aria-label") == "Your last result: no wins; score 80."


def test_a_live_game_is_counted_as_such_and_a_record_without_one_reads_as_before() -> None:
    live = game_result(4, humans=2, live=True)
    record = record_of(game_result(1), live)
    text = dumps_record(record)
    recent = json.loads(text)["recent"]
    assert [item.get("live") for item in recent] == [None, True]  # written only when true
    assert parse_record(text) == record
    plain = dumps_record(record_of(game_result(1)))
    assert "live" not in plain  # a record with no live game is the same text as before
    assert "live, with friends on their own devices" in result_words(live)
    assert "live" not in result_words(game_result(1))
