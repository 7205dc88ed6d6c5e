"""Learn to play.

The guided first game's deal, its lessons and their moments, what the player's "Got it", "Leave the
lessons" and own moves do, and the save (park.ui.tutorial).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import pytest

from park.ai import make_bot
from park.ai.base import decision_rng
from park.engine.actions import Step, parse_action
from park.engine.events import Event, EventKind
from park.engine.languages import TRANSLATIONS
from park.engine.observation import observe
from park.engine.rules import legal_actions
from park.engine.state import Phase
from park.engine.terms import CAFE, CLUB
from park.ui.game.screen import screen_parts
from park.ui.game.session import Session
from park.ui.lang.i18n import _, pgettext, speaking
from park.ui.play.markup import escape
from park.ui.play.view_types import DANGER
from park.ui.record.html import GUIDED_TEXT, not_counted_html
from park.ui.setup.modes import LESSONS_NOTE, TUTORIAL_SEED, Kind, PlayMode
from park.ui.setup.settings import NewGameSettings
from park.ui.tutorial.guide import finish_lesson, leave_lessons, lesson_now, lesson_panel
from park.ui.tutorial.html import LESSON_DONE, LESSONS_LEAVE, guided_over_html, lesson_html
from park.ui.tutorial.lessons import (
    ALL_LESSONS,
    DONE,
    LAST_LESSON,
    NOW,
    TO_COME,
    TUTORIAL_LEVEL,
    TUTORIAL_OPPONENTS,
    Lesson,
    Moment,
    lesson_progress,
    tutorial_settings,
)


def tutorial() -> Session:
    return Session.new(tutorial_settings("Ada"))


def play_through(
    session: Session, *, got_it: bool, turns: int = 200
) -> list[tuple[str, Phase, int]]:
    """Play the guided game with a normal bot for the player.

    Each lesson due is finished by "Got it" (``got_it``) or by the player's own move. Returns
    (lesson, phase, the player's Month counters) as each lesson showed.
    """
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
    parts = screen_parts(session)
    board = session.state.rules.board
    assert parts.hint_marks
    for mark in parts.hint_marks:  # the Cafés one step from the Club
        step = parse_action(mark)
        assert isinstance(step, Step) and board.space(step.space).kind == CAFE
    cafe_steps = [
        str(a)
        for a in legal_actions(session.state)
        if isinstance(a, Step) and board.space(a.space).kind == CAFE
    ]
    # Every Café step but a warned one (a lesson never marks a ⚠ move): Café 3 is two
    # numbers ahead of Captain Park, who will almost certainly land there.
    warned = {b.action for b in session.view().decision.buttons if b.style == DANGER}
    assert len(cafe_steps) == 2
    assert set(parts.hint_marks) == set(cafe_steps) - warned


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
    assert screen_parts(session).markup["lesson"] == ""
    assert not leave_lessons(Session.new(NewGameSettings()))


def test_an_ordinary_game_has_no_lessons() -> None:
    session = Session.new(NewGameSettings(seed=5))
    assert lesson_now(session) is None and finish_lesson(session) is None
    assert screen_parts(session).markup["lesson"] == ""
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


def lesson(key: str) -> Lesson:
    return next(lesson for lesson in ALL_LESSONS if lesson.key == key)


def test_the_lesson_card_is_titled_by_its_subject_with_the_tables_numbers_and_buttons() -> None:
    session = tutorial()
    html = lesson_html(lesson("months"), session.state, session.human, ("goal", "cafe"))
    assert '<h2 id="lesson-title" class="lesson-title" tabindex="-1">Month counters</h2>' in html
    assert "Lesson 3 of" not in html  # no fixed number a game may not follow
    assert "An expedition needs 6 of them" in html  # four players: 6 Month counters (R75)
    assert f'data-ui="{LESSON_DONE}"' in html and f'data-ui="{LESSONS_LEAVE}"' in html
    assert lesson_html(None, session.state, session.human) == ""


def test_every_lesson_is_titled_by_what_it_teaches_each_its_own() -> None:
    titles = [lesson.title for lesson in ALL_LESSONS]
    assert len(set(titles)) == len(titles)
    assert "Month counters" in titles and "Captain Park" in titles
    assert not any(title.startswith("Lesson") for title in titles)


def test_the_lessons_are_listed_in_the_order_they_came_then_now_then_to_come() -> None:
    steps = lesson_progress(("goal", "cafe", "shops", "no-such-lesson"), lesson("months"))
    assert [(step.key, status) for step, status in steps[:5]] == [
        ("goal", DONE),
        ("cafe", DONE),
        ("shops", DONE),
        ("months", NOW),
        ("park", TO_COME),
    ]
    assert [step for step, _status in steps][-1] == LAST_LESSON
    assert sorted(step.key for step, _status in steps) == sorted(one.key for one in ALL_LESSONS)
    assert all(status == TO_COME for _step, status in lesson_progress(()))


def test_the_list_of_lessons_folds_to_one_line_of_chips_and_opens_on_every_title() -> None:
    session = tutorial()
    html = lesson_html(lesson("months"), session.state, session.human, ("goal", "cafe"))
    count = len(ALL_LESSONS)
    summary = html.split('<summary class="lesson-progress-summary">')[1].split("</summary>")[0]
    assert f"Lessons: 2 of {count} read" in summary
    chips = re.findall(r'<span class="lesson-chip is-([a-z-]+)">([^<]+)</span>', summary)
    assert chips == [
        ("done", "✓"),
        ("done", "✓"),
        ("now", "3"),
        *[("to-come", str(number)) for number in range(4, count + 1)],
    ]
    assert '<span class="lesson-chips" aria-hidden="true">' in summary  # the label says it
    items = re.findall(r'<li class="lesson-step is-([a-z-]+)" data-lesson="([a-z]+)"', html)
    assert items[:4] == [
        ("done", "goal"),
        ("done", "cafe"),
        ("now", "months"),
        ("to-come", "shops"),
    ]
    assert 'data-lesson="months" aria-current="step"' in html
    for title in ("Your goal", "Steps and Cafés", "Shops and card types", "The Fad"):
        assert f'<span class="lesson-step-title">{title}</span>' in html
    assert html.index('class="lesson-progress"') < html.index('id="lesson-title"')


def test_a_lesson_read_opens_again_in_the_list_without_changing_the_game() -> None:
    session = tutorial()
    finish_lesson(session)  # the goal
    finish_lesson(session)  # a step and the Cafés: no lesson is due until the next turn
    assert lesson_now(session) is None
    saved, state = session.save_text(), session.state
    panel = screen_parts(session).markup["lesson"]
    assert panel == lesson_panel(session, None)  # between two lessons: the list alone
    assert 'class="lesson lesson-between"' in panel and 'id="lesson-title"' not in panel
    again = re.findall(
        r'<details class="lesson-again"><summary>.*?'
        r'<span class="lesson-step-title">([^<]+)</span>.*?</summary>'
        r'<p class="lesson-again-text">([^<]+)</p></details>',
        panel,
    )
    assert [title for title, _text in again] == ["Your goal", "Steps and Cafés"]
    assert "The first to 175 points wins" in again[0][1]  # the table's numbers, as first read
    assert "A Café gives you a card" in again[1][1]
    assert session.save_text() == saved and session.state is state
    assert session.mode.lessons_seen == ("goal", "cafe")
    assert lesson_panel(Session.new(NewGameSettings(seed=5)), None) == ""
    assert lesson_panel(tutorial(), None) == ""  # nothing read yet: nothing to list


def test_the_guided_games_end_says_it_is_not_counted_and_play_again_is_an_ordinary_game() -> None:
    session = tutorial()
    play_through(session, got_it=True, turns=400)
    assert session.is_over
    over = screen_parts(session).game_over
    assert over is not None
    assert "This was your guided first game: it is not counted in Your record." in over
    assert "Play again starts an ordinary game at this table, without lessons" in over
    assert screen_parts(session).markup["lesson"] == ""  # the lessons end with the game
    ordinary = Session.new(NewGameSettings(seed=5))
    assert "guided" not in (screen_parts(ordinary).game_over or "")
    for code in TRANSLATIONS:  # the same ending, said in each language
        with speaking(code):
            said = guided_over_html()
            assert said in (screen_parts(session).game_over or "")
        assert "not counted" not in said


def test_your_record_says_why_the_guided_game_is_not_in_it() -> None:
    note = not_counted_html(tutorial().mode)
    assert "Your guided first game (Learn to play) is not counted in your record" in note
    assert not_counted_html(PlayMode()) == not_counted_html(None) == ""
    for code in TRANSLATIONS:
        with speaking(code):
            note = not_counted_html(tutorial().mode)
            assert escape(_(GUIDED_TEXT)) in note
        assert "is not counted" not in note


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_the_list_of_lessons_speaks_each_language(code: str) -> None:
    session = tutorial()
    with speaking(code):
        html = lesson_html(lesson("months"), session.state, session.human, ("goal", "cafe"))
        read = _("Lessons: {read} of {count} read").format(read=2, count=len(ALL_LESSONS))
        notes = [pgettext("lessons", note) for note in ("read again", "now", "to come")]
        title = _(lesson("cafe").title)
    assert escape(read) in html and all(escape(note) in html for note in notes)
    assert f'<span class="lesson-step-title">{escape(title)}</span>' in html
    assert "Steps and Cafés" not in html and "read again" not in html


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_every_lesson_is_in_each_language_too(code: str) -> None:
    session = tutorial()
    with speaking(code):
        for lesson in ALL_LESSONS:
            assert _(lesson.title) != lesson.title
            assert _(lesson.text) != lesson.text
            lesson_html(lesson, session.state, session.human)  # its placeholders fill


LOSSES = {
    "park_landed": ("park", "months"),
    "walked_into_park": ("park", "months"),
    "stayed_with_park": ("park", "months"),
    "ended_in_club": ("club", "months"),
}
"""The lessons that explain a loss of the Month counters, by its reason (R19)."""
GOT_IT = "got it"
"""A walk's input that presses "Got it" rather than moving."""


@dataclass
class Walk:
    """One way through the guided game.

    The player's ``inputs`` (moves as action text, or :data:`GOT_IT`), the lessons ``shown`` in
    order, each lesson's subject that touched the player before that lesson (``early``), the marks
    on warned moves (``warned_marks``) and how many warned moves a lesson is about but left unmarked
    (``unmarked``).
    """

    inputs: list[str] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)
    early: list[str] = field(default_factory=list)
    warned_marks: list[str] = field(default_factory=list)
    unmarked: int = 0


def subjects_met(session: Session, events: tuple[Event, ...]) -> list[str]:
    """Each lesson whose subject ``events`` brought on the player before the lesson was seen.

    A loss of the Month counters (Captain Park, the Club), entering the Club, scoring.
    """
    seen, me, board = set(session.mode.lessons_seen), session.human, session.state.rules.board
    met: list[str] = []
    for event in events:
        if event.seat != me:
            continue
        if event.kind is EventKind.MONTHS_LOST and event.data["months"]:
            met += [f"{key}: {event.data['reason']}" for key in LOSSES[event.data["reason"]]]
        elif event.kind is EventKind.STEPPED and board.space(event.data["to"]).kind == CLUB:
            met.append("club: entered")
        elif event.kind is EventKind.SCORED:
            met.append("scoring: scored")
    round_ = session.state.round
    return [f"{what} in round {round_}" for what in met if what.split(":")[0] not in seen]


def walk(
    prefix: tuple[str, ...], *, rounds: int, got_it_too: bool, warned_too: bool
) -> tuple[Walk, list[tuple[str, ...]]]:
    """Play the guided game as a player who follows the lessons.

    "Got it" on a lesson with no mark, a marked move on one with marks (the first, or the one
    ``prefix`` says; with ``got_it_too``, "Got it" is a choice there too; with ``warned_too``, the
    moves the lesson is about that the page warns about, and leaves unmarked, are choices too), the
    normal AI's move when no lesson shows; until the last lesson, the game's end or round
    ``rounds``. Returns the walk and the inputs of the walks that take the other choices there
    (forks).
    """
    session, bot = tutorial(), make_bot("normal")
    done, forks = Walk(inputs=list(prefix)), []
    decisions = 0
    while True:
        while session.ai_to_move:
            session.run_ai_turns(limit=1)
            done.early += subjects_met(session, session.recent)
        seen = session.mode.lessons_seen
        if session.is_over or session.state.round > rounds or LAST_LESSON.key in seen:
            return done, forks
        if session.state.phase is Phase.FAD and "fad" not in seen:
            done.early.append("fad: chosen")
        lesson = lesson_now(session)
        if lesson is not None:
            if lesson.key not in done.shown:
                done.shown.append(lesson.key)
            moment = Moment(session.state, session.human)
            marks = screen_parts(session).hint_marks
            done.warned_marks += [mark for mark in marks if mark in moment.warned]
            done.unmarked += sum(mark in moment.warned for mark in lesson.marks(moment))
            if warned_too:
                marks = tuple(dict.fromkeys((*marks, *lesson.marks(moment))))
            options = [*marks, GOT_IT] if got_it_too or not marks else list(marks)
        else:
            state = session.state
            seat = session.human
            action = bot.decide(
                observe(state, seat), legal_actions(state), decision_rng(state, seat)
            )
            options = [str(action)]
        if decisions < len(prefix):
            choice = prefix[decisions]
        else:
            choice = options[0]
            forks += [(*done.inputs, other) for other in options[1:]]
            done.inputs.append(choice)
        decisions += 1
        if choice == GOT_IT:
            finish_lesson(session)
            continue
        session.act(choice)
        if lesson is not None:
            finish_lesson(session, lesson)
        done.early += subjects_met(session, session.recent)


def follow_the_marks(*, rounds: int, got_it_too: bool, warned_too: bool = False) -> list[Walk]:
    """Every :func:`walk` through the guided game: each marked move followed in turn."""
    walks: list[Walk] = []
    todo: list[tuple[str, ...]] = [()]
    while todo:
        done, forks = walk(todo.pop(), rounds=rounds, got_it_too=got_it_too, warned_too=warned_too)
        walks.append(done)
        todo += forks
    return walks


@pytest.mark.parametrize(
    ("got_it_too", "warned_too"),
    [(False, False), (True, False), (False, True)],
    ids=["marks", "marks-or-got-it", "marked-or-warned"],
)
def test_following_the_marks_never_meets_a_lessons_subject_before_the_lesson(
    got_it_too: bool, warned_too: bool
) -> None:
    """Issue 39: the guided game's deal and marks never lead the player into a later lesson.

    They never lead the player into what a later lesson explains (the old deal let Captain Park
    catch a player who took Café 3, then the first Café marked, in round 1), no mark is on a
    move the page warns about (a red ⚠), and every lesson comes in the first seven rounds, in a
    sensible order. The deal is sound even for the moves a lesson is about that are warned and so
    left unmarked (both Cafés at the start): it does not depend on which moves the page warns
    about.
    """
    walks = follow_the_marks(rounds=7, got_it_too=got_it_too, warned_too=warned_too)
    if got_it_too or warned_too:
        assert len(walks) >= 2  # where several moves are open, each is followed
    for done in walks:
        assert done.early == [], (done.inputs, done.early)
        if not warned_too:
            assert done.warned_marks == [], (done.inputs, done.warned_marks)
        assert done.shown[:5] == ["goal", "cafe", "months", "shops", "park"], done.inputs
        if not warned_too:  # the Marketplace and the Club, then the first expedition's
            assert set(done.shown[5:7]) == {"market", "club"}, done.inputs
            assert done.shown[7:] == ["scoring", "fad", LAST_LESSON.key], done.inputs
    assert sum(done.unmarked for done in walks) > 0  # a warned move was left unmarked
