"""Play modes (issue 24).

Solo, hot-seat and Today's expedition as one type with its rules in one place, carried by the
settings and the session; saves keep the note they always had.
"""

from __future__ import annotations

import datetime as dt
import json
import random

import pytest

from park import dumps
from park.ui.game.session import Session
from park.ui.setup.daily import daily_seed, daily_settings
from park.ui.setup.modes import DAILY_NOTE, SOLO, Kind, PlayMode
from park.ui.setup.settings import NewGameSettings, autoplay_level

DAY = dt.date(2026, 12, 1)
TABLE = NewGameSettings("Ada", 3, "easy")


def test_each_mode_has_a_name_and_its_rules() -> None:
    hot_seat = PlayMode.of(2)
    daily = PlayMode.of(1, "2026-12-01")
    assert [SOLO.name, hot_seat.name, daily.name] == ["solo", "hot-seat", "daily"]
    assert PlayMode.of(3, "2026-12-01").name == "daily" and PlayMode.of(3, "2026-12-01").hot_seat
    assert [m.privacy_screen for m in (SOLO, hot_seat, daily)] == [False, True, False]
    assert [m.share_line for m in (SOLO, hot_seat, daily)] == [False, False, True]
    assert all(m.counts_in_record for m in (SOLO, hot_seat, daily))
    assert daily.record_date("2026-12-02") == "2026-12-01"
    assert SOLO.record_date("2026-12-02") == "2026-12-02"
    assert (daily.kind, daily.notes(), SOLO.notes()) == (Kind.DAILY, {DAILY_NOTE: "2026-12-01"}, {})


@pytest.mark.parametrize(
    ("kind", "humans", "day"),
    [(Kind.GAME, 1, "2026-12-01"), (Kind.DAILY, 1, None), (Kind.GAME, 0, None)],
)
def test_a_mode_that_cannot_be_is_refused(kind: Kind, humans: int, day: str | None) -> None:
    with pytest.raises(ValueError):
        PlayMode(kind, humans, day)


def test_the_settings_carry_the_mode_and_its_seed() -> None:
    assert TABLE.mode == SOLO
    assert NewGameSettings("Ada", 2, "easy", others=("Bob",)).mode == PlayMode.of(2)
    daily = daily_settings(DAY, TABLE)
    assert daily.mode == PlayMode.of(1, "2026-12-01")
    assert daily.mode.seed(daily) == daily_seed(DAY, TABLE) == daily.seed
    assert NewGameSettings(seed=7).mode.seed(NewGameSettings(seed=7)) == 7
    assert SOLO.seed(TABLE, random.Random(1)) == SOLO.seed(TABLE, random.Random(1))
    assert daily.validated().day == "2026-12-01"


def test_the_session_carries_the_mode() -> None:
    assert Session.new(TABLE).mode == SOLO
    session = Session.new(daily_settings(DAY, TABLE), daily="2026-12-01")
    assert session.mode == PlayMode.of(1, "2026-12-01") and session.mode.day == "2026-12-01"
    assert session.state.settings.seed == daily_seed(DAY, TABLE)
    hot_seat = Session.new(NewGameSettings("Ada", 2, "easy", 5, others=("Bob",)))
    assert hot_seat.mode == PlayMode.of(2) and hot_seat.mode.hot_seat


def test_an_old_save_of_todays_expedition_resumes_as_one() -> None:
    """Saves before play modes noted the day under "daily", next to the coach's notes.

    The same save loads into the mode, and a save of the mode writes the same notes.
    """
    session = Session.new(daily_settings(DAY, TABLE), daily="2026-12-01")
    old = dumps(session.state, notes={"hints": "on", "hints_used": 0, "daily": "2026-12-01"})
    resumed = Session.resume(old)
    assert resumed.mode == PlayMode.of(1, "2026-12-01")
    assert json.loads(session.save_text())["notes"] == json.loads(old)["notes"]
    plain = Session.new(TABLE, entropy=random.Random(3))
    assert Session.resume(dumps(plain.state, notes={"daily": 20261201})).mode == SOLO
    assert Session.resume(plain.save_text()).mode == SOLO


def test_autoplay_takes_any_level_of_the_registry() -> None:
    assert [autoplay_level(t) for t in ("random", "hard", "no-such-level", None)] == [
        "random",
        "hard",
        None,
        None,
    ]


def test_a_game_a_bot_played_for_the_human_is_not_counted_in_the_record() -> None:
    """Issue 26, item 6: ``?autoplay=`` games are nobody's own.

    The mark is kept in saves (a note old saves do not have, so they count as before).
    """
    session = Session.new(TABLE, entropy=random.Random(5))
    assert (
        session.mode.counts_in_record and "autoplay" not in json.loads(session.save_text())["notes"]
    )
    list(session.suggest("random"))
    assert session.mode == PlayMode(Kind.GAME, 1, None, autoplay=True)
    assert not session.mode.counts_in_record
    assert Session.resume(session.save_text()).mode == session.mode
    daily = PlayMode.of(1, "2026-12-01").autoplayed()
    assert not daily.counts_in_record and PlayMode.from_notes(daily.notes(), 1) == daily
    assert PlayMode.from_notes({"autoplay": "yes"}, 1) == SOLO
