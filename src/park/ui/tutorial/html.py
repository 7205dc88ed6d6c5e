"""The guided first game's lesson card: the lesson due now (``park.ui.tutorial.lessons``), with
"Got it" (the next lesson) and "Leave the lessons" (the game goes on without them)."""

from __future__ import annotations

from park.engine.state import GameState
from park.ui.lang.i18n import _
from park.ui.play.markup import escape
from park.ui.tutorial.lessons import ALL_LESSONS, Lesson, Moment, lesson_number

LESSON_DONE = "lesson-done"
"""The ``data-ui`` name of the lesson card's "Got it" button."""
LESSONS_LEAVE = "lessons-leave"
"""The ``data-ui`` name of the lesson card's "Leave the lessons" button."""


def lesson_text(lesson: Lesson, state: GameState, seat: int) -> str:
    """``lesson``'s text in the page's language, with this table's Month counters needed and
    winning score filled in."""
    moment = Moment(state, seat)
    return _(lesson.text).format(months=moment.months_needed, target=moment.target)


def lesson_html(lesson: Lesson | None, state: GameState, seat: int) -> str:
    """The lesson card for ``lesson`` at ``state`` for the player at ``seat`` ("Lesson 2 of
    10", its title and text, and its two buttons), or ``""`` when no lesson is due. The
    card is a labelled region whose heading can take the focus (after "Got it")."""
    if lesson is None:
        return ""
    count = _("Lesson {number} of {count}").format(
        number=lesson_number(lesson), count=len(ALL_LESSONS)
    )
    done, leave = _("Got it"), _("Leave the lessons")
    return (
        f'<section class="lesson" aria-labelledby="lesson-title" data-lesson="{lesson.key}">'
        f'<p class="lesson-count">{escape(count)}</p>'
        f'<h2 id="lesson-title" class="lesson-title" tabindex="-1">{escape(_(lesson.title))}</h2>'
        f'<p class="lesson-text">{escape(lesson_text(lesson, state, seat))}</p>'
        '<div class="lesson-buttons">'
        f'<button type="button" class="btn btn-primary" data-ui="{LESSON_DONE}">'
        f"{escape(done)}</button>"
        f'<button type="button" class="btn btn-secondary" data-ui="{LESSONS_LEAVE}">'
        f"{escape(leave)}</button></div></section>"
    )
