"""park.ui.setup.pace: the AI seats paced by turn, and "Skip to my turn" (issue 26)."""

from __future__ import annotations

import pytest

from park.ui.game.screen import screen_parts
from park.ui.game.session import Session
from park.ui.play.panels import decision_html
from park.ui.play.view_types import DecisionView
from park.ui.setup.pace import (
    DEFAULT_SPEED,
    SLIDE_SHARE,
    SPEEDS,
    WITHIN_TURN_SHARE,
    pause_before,
    slide_time,
    speed_setting,
)
from park.ui.setup.settings import NewGameSettings

WAIT = DecisionView("wait", "Ada's turn", "Ada (Normal) is thinking…", ())


@pytest.mark.parametrize("speed", sorted(SPEEDS))
def test_a_turn_begins_with_the_full_pause_and_goes_on_briskly(speed: str) -> None:
    full = pause_before(speed, new_turn=True)
    within = pause_before(speed, new_turn=False)
    assert full == SPEEDS[speed]
    assert within == pytest.approx(full * WITHIN_TURN_SHARE)
    assert 0.0 <= within <= full


def test_slower_settings_pause_longer() -> None:
    order = ["instant", "fast", "normal", "slow"]
    pauses = [pause_before(s, new_turn=True) for s in order]
    assert pauses == sorted(pauses) and pauses[0] == 0.0 < pauses[1]


@pytest.mark.parametrize("new_turn", [True, False])
def test_skipping_to_my_turn_has_no_pause(new_turn: bool) -> None:
    assert pause_before("slow", new_turn=new_turn, skipping=True) == 0.0


@pytest.mark.parametrize("value", [None, "", "warp", "SLOW"])
def test_an_unknown_speed_is_the_default(value: str | None) -> None:
    assert speed_setting(value) == DEFAULT_SPEED
    assert pause_before(value or "", new_turn=True) == SPEEDS[DEFAULT_SPEED]


def test_a_move_slides_within_its_pause() -> None:
    assert slide_time(1.0) == pytest.approx(SLIDE_SHARE)
    assert 0.0 < slide_time(0.3) < 0.3
    assert slide_time(0.0) == 0.0 == slide_time(-1.0)


def test_the_wait_panel_offers_skip_to_my_turn_only_when_asked() -> None:
    shown = decision_html(WAIT, can_skip=True)
    assert shown.count('data-ui="skip"') == 1
    assert ">Skip to my turn</button>" in shown
    assert shown.endswith("</div>") and shown.index('data-ui="skip"') > shown.index("thinking")
    assert 'data-ui="skip"' not in decision_html(WAIT)
    mine = DecisionView("start", "Your turn", "Choose a move.", ())
    assert 'data-ui="skip"' not in decision_html(mine, can_skip=True)


def _session_with(ai_first: bool) -> Session:
    for seed in range(1, 60):
        session = Session.new(NewGameSettings(seed=seed))
        if session.ai_to_move == ai_first:
            return session
    raise AssertionError("no seed in 1-59 gives that first seat")


@pytest.mark.parametrize("ai_first", [True, False])
def test_the_page_offers_the_skip_while_an_ai_seat_plays(ai_first: bool) -> None:
    decision = screen_parts(_session_with(ai_first)).markup["decision"]
    assert ('data-ui="skip"' in decision) is ai_first
