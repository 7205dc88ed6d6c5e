"""Learn to play: the guided first game's deal, its lessons and their moments, what the
player's "Got it", "Leave the lessons" and own moves do, and the save (park.ui.tutorial)."""

from __future__ import annotations

import random

import pytest

from park.ai import make_bot
from park.engine.actions import Step, parse_action
from park.engine.observation import observe
from park.engine.rules import legal_actions
from park.engine.state import Phase
from park.engine.terms import CAFE
from park.ui.game.page import page_parts
from park.ui.game.session import Session
from park.ui.lang.i18n import _, speaking
from park.ui.setup.modes import LESSONS_NOTE, TUTORIAL_SEED, Kind, PlayMode
from park.ui.setup.settings import NewGameSettings
from park.ui.tutorial.guide import finish_lesson, leave_lessons, lesson_now
from park.ui.tutorial.html import LESSON_DONE, LESSONS_LEAVE, lesson_html
from park.ui.tutorial.lessons import (
    ALL_LESSONS,
    LAST_LESSON,
    TUTORIAL_LEVEL,
    TUTORIAL_OPPONENTS,
    tutorial_settings,
)


def tutorial() -> Session:
    return Session.new(tutorial_settings("Ada"))


def play_through(
    session: Session, *, got_it: bool, turns: int = 200
) -> list[tuple[str, Phase, int]]:
    """Play the guided game with a normal bot for the player; each lesson due is finished
    by "Got it" (``got_it``) or by the player's own move. Returns (lesson, phase, the
    player's Month counters) as each lesson showed."""
    bot = make_bot("normal")
    shown: list[tuple[str, Phase, int]] = []
    rng = random.Random(1)
    while not session.is_over and session.turn < turns:
        session.run_ai_turns()
        if not session.human_to_move:
            continue
        lesson = lesson_now(session)
        if lesson is not None and (not shown or shown[-1][0] != lesson.key):
            me = session.state.seats[session.human]
            shown.append((lesson.key, session.state.phase, me.months))
        if lesson is not None and got_it:
            finish_lesson(session)
            continue
        action = bot.decide(
            observe(session.state, session.human), legal_actions(session.state), rng
        )
        if lesson is not None:
            finish_lesson(session, lesson)
        session.act(action)
    return shown


def test_the_guided_game_is_one_fixed_deal_against_easy_opponents_not_in_the_record() -> None:
    first, second = tutorial(), tutorial()
    assert first.state == second.state
    assert first.seed == TUTORIAL_SEED
    assert first.mode == PlayMode(Kind.TUTORIAL, 1)
    assert not first.mode.counts_in_record and not first.mode.share_line
    seats = first.state.settings.seats
    assert [s.controller for s in seats] == ["human", *[TUTORIAL_LEVEL] * TUTORIAL_OPPONENTS]
    assert first.human_to_move  # the player moves first: the lessons start at once
    assert first.coach.hints


def test_the_first_decision_teaches_the_goal_then_a_step_with_the_cafes_marked() -> None:
    session = tutorial()
    lesson = lesson_now(session)
    assert lesson is not None and lesson.key == "goal"
    finish_lesson(session)
    lesson = lesson_now(session)
    assert lesson is not None and lesson.key == "cafe"
    parts = page_parts(session)
    board = session.state.rules.board
    assert parts.hint_marks
    for mark in parts.hint_marks:  # the Cafés one step from the Club
        step = parse_action(mark)
        assert isinstance(step, Step) and board.space(step.space).kind == CAFE
    cafe_steps = [
        a
        for a in legal_actions(session.state)
        if isinstance(a, Step) and board.space(a.space).kind == CAFE
    ]
    assert len(parts.hint_marks) == len(cafe_steps) == 2


def test_every_lesson_shows_once_where_its_rule_first_matters() -> None:
    shown = play_through(tutorial(), got_it=False)
    keys = [key for key, _phase, _months in shown]
    assert sorted(keys) == sorted(lesson.key for lesson in ALL_LESSONS)
    assert keys[:2] == ["goal", "cafe"]
    assert keys[-1] == LAST_LESSON.key
    moments = {key: (phase, months) for key, phase, months in shown}
    assert moments["goal"] == (Phase.START, 1)
    assert moments["months"][1] >= 2  # from the second turn: "you have 2 now"
    assert moments["shops"][0] in (Phase.START, Phase.PLAY)
    assert moments["park"][0] in (Phase.START, Phase.PLAY, Phase.STEP_AGAIN)
    assert moments["club"][0] in (Phase.START, Phase.STEP_AGAIN, Phase.CLUB)


def test_got_it_shows_the_lessons_due_one_after_another() -> None:
    shown = play_through(tutorial(), got_it=True, turns=12)
    assert [key for key, _phase, _months in shown][:2] == ["goal", "cafe"]


def test_leaving_the_lessons_ends_them_and_the_game_goes_on() -> None:
    session = tutorial()
    assert leave_lessons(session)
    assert lesson_now(session) is None
    assert page_parts(session).markup["lesson"] == ""
    assert not leave_lessons(Session.new(NewGameSettings()))


def test_an_ordinary_game_has_no_lessons() -> None:
    session = Session.new(NewGameSettings(seed=5))
    assert lesson_now(session) is None and finish_lesson(session) is None
    assert page_parts(session).markup["lesson"] == ""
    with pytest.raises(ValueError):
        session.mode.with_lesson_seen("goal")


def test_the_lessons_seen_are_kept_in_the_save() -> None:
    session = tutorial()
    finish_lesson(session)
    resumed = Session.resume(session.save_text())
    assert resumed.mode.lessons_seen == ("goal",)
    lesson = lesson_now(resumed)
    assert lesson is not None and lesson.key == "cafe"
    leave_lessons(resumed)
    again = Session.resume(resumed.save_text())
    assert again.mode.lessons_left and lesson_now(again) is None
    assert again.mode.notes()[LESSONS_NOTE] == "goal"


def test_play_again_after_the_guided_game_is_an_ordinary_game_at_its_table() -> None:
    settings = tutorial().settings_again()
    assert not settings.tutorial and settings.mode.kind is Kind.GAME
    assert (settings.opponents, settings.level) == (TUTORIAL_OPPONENTS, TUTORIAL_LEVEL)


def test_the_lesson_card_says_which_lesson_with_the_tables_numbers_and_its_buttons() -> None:
    session = tutorial()
    months = next(lesson for lesson in ALL_LESSONS if lesson.key == "months")
    html = lesson_html(months, session.state, session.human)
    assert f"Lesson 3 of {len(ALL_LESSONS)}" in html
    assert "An expedition needs 6 of them" in html  # four players: 6 Month counters (R75)
    assert f'data-ui="{LESSON_DONE}"' in html and f'data-ui="{LESSONS_LEAVE}"' in html
    assert lesson_html(None, session.state, session.human) == ""


def test_every_lesson_is_in_japanese_too() -> None:
    session = tutorial()
    with speaking("ja"):
        for lesson in ALL_LESSONS:
            assert _(lesson.title) != lesson.title
            assert _(lesson.text) != lesson.text
            lesson_html(lesson, session.state, session.human)  # its placeholders fill
