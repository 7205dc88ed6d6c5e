"""Today's expedition (issue 11).

A seed from the date (UTC) and the table, the same for everyone, and a result text that gives
nothing of the deal away.
"""

from __future__ import annotations

import datetime as dt

import pytest

from park import Phase
from park.ui.game.screen import screen_parts
from park.ui.game.session import Session
from park.ui.lang.levels import OFFERED_LEVELS
from park.ui.record.daily import result_text
from park.ui.record.store import GameResult, result_of
from park.ui.setup.daily import daily_seed, daily_settings, parse_day
from park.ui.setup.settings import MAX_SEED, NewGameSettings
from tests.helpers import finished_game

DAY = dt.date(2026, 12, 1)
TABLE = NewGameSettings("Ada", 3, "normal")


def test_the_daily_seed_is_stable_for_a_date() -> None:
    # Pinned: a change here deals everyone a different game for the same day.
    assert daily_seed(DAY, TABLE) == 7098303958534751
    assert daily_seed(DAY, NewGameSettings("Zoë", 3, "normal", 12, False)) == daily_seed(DAY, TABLE)


def test_the_daily_seed_differs_across_dates_and_tables() -> None:
    days = [DAY + dt.timedelta(days=n) for n in range(366)]
    assert len({daily_seed(day, TABLE) for day in days}) == len(days)
    tables = [
        NewGameSettings("Ada", opponents, level, others=others)
        for opponents in range(2, 5)
        for level in OFFERED_LEVELS
        for others in ((), ("Bob",))
    ]
    assert len({daily_seed(DAY, table) for table in tables}) == len(tables)
    assert all(0 <= daily_seed(day, TABLE) < MAX_SEED for day in days)


def test_two_players_get_the_same_first_hand_today() -> None:
    first = Session.new(daily_settings(DAY, NewGameSettings("Ada", 3, "easy")), daily="2026-12-01")
    second = Session.new(daily_settings(DAY, NewGameSettings("Bea", 3, "easy")))
    assert first.state.seats[0].hand == second.state.seats[0].hand
    assert first.state.deck == second.state.deck
    assert Session.resume(first.save_text()).mode.day == "2026-12-01"
    other_day = Session.new(daily_settings(DAY + dt.timedelta(days=1), TABLE))
    assert other_day.state.deck != first.state.deck


def test_the_table_says_it_is_todays_expedition() -> None:
    session = Session.new(daily_settings(DAY, TABLE), daily="2026-12-01")
    assert "Today's expedition, 1 December 2026" in screen_parts(session).markup["status"]
    assert "Today" not in screen_parts(Session.new(TABLE)).markup["status"]


def test_a_day_is_read_from_the_pages_clock() -> None:
    assert parse_day("2026-12-01T23:59:59.000Z") == DAY
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        parse_day("1 December")


def test_the_result_text_says_place_points_and_expeditions_only() -> None:
    session = finished_game(settings=daily_settings(DAY, NewGameSettings("Ada", 3, "easy")))
    state = session.state
    assert state.phase is Phase.OVER
    me = state.seats[0]
    result = result_of(state, 0, date="2026-12-01", daily=True)
    text = result_text(result)
    count = len(me.expeditions)
    assert text == (
        f"Park, 1 December 2026: {result.place_text} of 4, {me.score} points, "
        f"{count} expedition{'s' if count != 1 else ''}"
    )
    names = {c.name for c in state.rules.cards}
    assert not any(name in text for name in names)
    assert str(state.settings.seed) not in text


def test_the_result_text_of_a_third_place() -> None:
    result = result_of_place(3)
    assert result_text(result) == "Park, 1 December 2026: 3rd of 4, 142 points, 1 expedition"
    assert result_text(result, "Ada").startswith("Park, 1 December 2026: Ada, 3rd of 4, ")


def result_of_place(place: int) -> GameResult:
    return GameResult("1:2", "2026-12-01", "normal", 4, 1, place, 142, False, 1, 7, True)
