"""Today's expedition already played, and the daily streak (issues 26 and 27).

Read from the record's daily results, by UTC day.
"""

from __future__ import annotations

import datetime as dt

import pytest

from park.engine.languages import TRANSLATIONS
from park.ui.lang.i18n import ngettext, speaking
from park.ui.record.daily import daily_note, daily_streak, played_today
from park.ui.record.store import GameResult, Record, add_result, empty_record

TODAY = dt.date(2026, 12, 10)


def _result(days_ago: int, *, daily: bool = True, number: int = 0, score: int = 90) -> GameResult:
    day = TODAY - dt.timedelta(days=days_ago)
    return GameResult(
        game=f"{days_ago}:{number}:{int(daily)}",
        date=day.isoformat(),
        level="normal",
        players=4,
        humans=1,
        place=2,
        score=score,
        won=False,
        expeditions=3,
        longest=5,
        daily=daily,
    )


def _record(*results: GameResult) -> Record:
    record = empty_record()
    for result in results:
        record = add_result(record, result)
    return record


def test_today_is_played_only_with_a_daily_result_of_today() -> None:
    assert played_today(empty_record(), TODAY) is None
    assert played_today(_record(_result(0, daily=False), _result(1)), TODAY) is None
    first, again = _result(0, score=70), _result(0, number=1, score=95)
    assert played_today(_record(_result(1), first, again), TODAY) == again


def test_the_streak_counts_days_in_a_row_up_to_today_or_yesterday() -> None:
    assert daily_streak(empty_record(), TODAY) == 0
    assert daily_streak(_record(_result(0)), TODAY) == 1
    assert daily_streak(_record(_result(3), _result(2), _result(1)), TODAY) == 3
    assert daily_streak(_record(_result(3), _result(2), _result(1), _result(0)), TODAY) == 4
    # Twice on one day counts one day; a gap ends the streak; ordinary games do not count.
    twice = _record(
        _result(5), _result(2), _result(1, daily=False), _result(0), _result(0, number=1)
    )
    assert daily_streak(twice, TODAY) == 1
    assert daily_streak(_record(_result(2), _result(3)), TODAY) == 0


def test_the_note_gives_the_result_and_the_streak() -> None:
    assert daily_note(_record(_result(1)), TODAY) is None
    record = _record(_result(1), _result(0))
    assert daily_note(record, TODAY) == (
        "You already played today's expedition: 2nd of 4, 90 points. You can play it again. "
        "Daily streak: 2 days."
    )
    assert daily_note(_record(_result(0)), TODAY).endswith("Daily streak: 1 day.")  # type: ignore[union-attr]


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_the_note_speaks_each_language(code: str) -> None:
    record = _record(_result(1), _result(0))
    with speaking(code):
        note = daily_note(record, TODAY)
        streak = ngettext("Daily streak: {count} day.", "Daily streak: {count} days.", 2)
    assert note is not None and "You" not in note
    assert note.endswith(streak.format(count=2))
