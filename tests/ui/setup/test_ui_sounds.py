"""park.ui.setup.sounds and .preferences: the cues of a game's events, the settings (issue 43)."""

from __future__ import annotations

import random

import pytest
from tools.play import bots_choice, play_to_end

from park import Event, new_game
from park.ai import make_bot
from park.engine.events import EventKind
from park.ui.setup.preferences import (
    DEFAULT_SOUND,
    DEFAULT_THEME,
    SOUND_SETTINGS,
    THEMES,
    resolved_theme,
    sound_setting,
    theme_setting,
)
from park.ui.setup.sounds import CUE_TONES, Cue, cue_for, cue_length, cues

HUMANS = (0,)


def test_sound_is_off_until_turned_on() -> None:
    assert DEFAULT_SOUND == "off"
    assert SOUND_SETTINGS == ("off", "on")
    assert sound_setting("on") == "on"
    assert sound_setting("off") == "off"
    for kept in (None, "", "ON", "loud"):
        assert sound_setting(kept) == "off"


def test_the_theme_follows_the_system_unless_chosen() -> None:
    assert DEFAULT_THEME == "system"
    assert THEMES == ("system", "light", "dark")
    for kept in (None, "", "Dark", "sepia"):
        assert theme_setting(kept) == "system"
    assert resolved_theme("system", system_dark=True) == "dark"
    assert resolved_theme("system", system_dark=False) == "light"
    assert resolved_theme(None, system_dark=True) == "dark"
    for dark in (False, True):
        assert resolved_theme("light", system_dark=dark) == "light"
        assert resolved_theme("dark", system_dark=dark) == "dark"


@pytest.mark.parametrize(
    ("event", "cue"),
    [
        (Event(EventKind.TURN_STARTED, 0, {"turn": 3, "space": "club"}), Cue.YOUR_TURN),
        (Event(EventKind.TURN_STARTED, 1, {"turn": 4, "space": "club"}), None),
        (Event(EventKind.PARK_MOVED, None, {"to": "cafe-3", "seats": [1]}), Cue.CAUGHT),
        (Event(EventKind.PARK_MOVED, None, {"to": "cafe-3", "seats": [0, 2]}), Cue.CAUGHT),
        (Event(EventKind.PARK_MOVED, None, {"to": "cafe-3", "seats": []}), None),
        (Event(EventKind.SCORED, 2, {"total": 30}), Cue.SCORED),
        (Event(EventKind.GAME_WON, 2, {}), Cue.GAME_OVER),
    ],
)
def test_the_cue_of_an_event(event: Event, cue: Cue | None) -> None:
    assert cue_for(event, HUMANS) is cue


@pytest.mark.parametrize(
    "kind",
    sorted(
        set(EventKind)
        - {EventKind.TURN_STARTED, EventKind.PARK_MOVED, EventKind.SCORED, EventKind.GAME_WON}
    ),
)
def test_every_other_event_is_silent(kind: EventKind) -> None:
    assert cue_for(Event(kind, 0, {"seats": [0]}), HUMANS) is None


def test_a_hot_seat_game_chimes_for_each_person_at_the_device() -> None:
    started = [Event(EventKind.TURN_STARTED, seat, {}) for seat in range(4)]
    assert [cue_for(event, (0, 2)) for event in started] == [
        Cue.YOUR_TURN,
        None,
        Cue.YOUR_TURN,
        None,
    ]


def test_a_decision_plays_its_cues_in_order_once_each() -> None:
    caught = Event(EventKind.PARK_MOVED, None, {"seats": [1]})
    turn = Event(EventKind.TURN_STARTED, 0, {})
    scored = Event(EventKind.SCORED, 1, {})
    assert cues([caught, caught, turn], HUMANS) == (Cue.CAUGHT, Cue.YOUR_TURN)
    assert cues([scored, turn], HUMANS) == (Cue.SCORED, Cue.YOUR_TURN)
    assert cues([], HUMANS) == ()


def test_the_end_of_the_game_is_the_only_cue_of_its_decision() -> None:
    won = [Event(EventKind.SCORED, 0, {}), Event(EventKind.GAME_WON, 0, {})]
    assert cues(won, HUMANS) == (Cue.GAME_OVER,)


@pytest.mark.parametrize("cue", list(Cue))
def test_each_cue_is_short_and_quiet(cue: Cue) -> None:
    tones = CUE_TONES[cue]
    assert tones, "every cue plays something"
    assert 0.1 < cue_length(cue) <= 1.5
    for tone in tones:
        assert 100 <= tone.frequency <= 2000
        assert tone.start >= 0 and tone.length > 0
        assert 0 < tone.volume <= 0.2
        assert tone.wave in ("sine", "triangle", "square")


def test_a_whole_game_makes_every_cue() -> None:
    levels = ["normal"] * 4
    bots = [make_bot(level) for level in levels]
    heard: list[Cue] = []
    play_to_end(
        new_game(len(levels), 4242),
        bots_choice(bots, random.Random(4242)),
        watch=lambda _before, _action, events, _after: heard.extend(cues(events, HUMANS)),
    )
    assert set(heard) == set(Cue)
    assert heard[-1] is Cue.GAME_OVER and heard.count(Cue.GAME_OVER) == 1
