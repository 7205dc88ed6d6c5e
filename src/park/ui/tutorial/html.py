"""The guided first game's lesson card.

The lesson due now (``park.ui.tutorial.lessons``), titled by what it teaches, under the list of
lessons (read, now, to come: each one read can be read again there), with "Got it" (the next lesson)
and "Leave the lessons" (the game goes on without them); between two lessons, the list alone; and
what the game over says of a guided game.
"""

from __future__ import annotations

from collections.abc import Sequence

from park.engine.state import GameState
from park.ui.lang.i18n import _, pgettext
from park.ui.play.markup import escape
from park.ui.tutorial.lessons import DONE, NOW, Lesson, Moment, lesson_progress

LESSON_DONE = "lesson-done"
"""The ``data-ui`` name of the lesson card's "Got it" button."""
LESSONS_LEAVE = "lessons-leave"
"""The ``data-ui`` name of the lesson card's "Leave the lessons" button."""
TICK = "✓"
"""The mark of a lesson read, in the list's row of chips."""


def lesson_text(lesson: Lesson, state: GameState, seat: int) -> str:
    """``lesson``'s text in the page's language, with this table's figures filled in.

    The figures are the Month counters needed and the winning score.
    """
    moment = Moment(state, seat)
    return _(lesson.text).format(months=moment.months_needed, target=moment.target)


def _step_html(lesson: Lesson, status: str, state: GameState, seat: int) -> str:
    """One lesson in the list.

    A lesson read is a disclosure that shows its text again (the game does not change), the one
    shown now is marked ``aria-current``, the others are to come.
    """
    title = f'<span class="lesson-step-title">{escape(_(lesson.title))}</span>'
    key = f'data-lesson="{lesson.key}"'
    if status == DONE:
        note = escape(pgettext("lessons", "read again"))
        text = escape(lesson_text(lesson, state, seat))
        return (
            f'<li class="lesson-step is-done" {key}><details class="lesson-again">'
            f'<summary><span class="lesson-step-mark" aria-hidden="true">{TICK}</span> {title} '
            f'<span class="lesson-step-note">{note}</span></summary>'
            f'<p class="lesson-again-text">{text}</p></details></li>'
        )
    if status == NOW:
        note = escape(pgettext("lessons", "now"))
        return (
            f'<li class="lesson-step is-now" {key} aria-current="step">{title} '
            f'<span class="lesson-step-note">{note}</span></li>'
        )
    note = escape(pgettext("lessons", "to come"))
    return (
        f'<li class="lesson-step is-to-come" {key}>{title} '
        f'<span class="lesson-step-note">{note}</span></li>'
    )


def progress_html(seen: Sequence[str], now: Lesson | None, state: GameState, seat: int) -> str:
    """The list of lessons, folded to one line.

    The lessons are ``park.ui.tutorial.lessons.lesson_progress``'s: those ``seen`` in the order
    seen, ``now``, then those to come. Folded: "Lessons: 2 of 10 read" and a row of small chips, a
    tick for each lesson read, the number of the others (the one shown now marked). Opened, every
    lesson by its title; each one read opens in turn to read it again.
    """
    steps = lesson_progress(seen, now)
    read = sum(status == DONE for _lesson, status in steps)
    label = _("Lessons: {read} of {count} read").format(read=read, count=len(steps))
    chips = "".join(
        f'<span class="lesson-chip is-{status}">{TICK if status == DONE else number}</span>'
        for number, (_lesson, status) in enumerate(steps, 1)
    )
    items = "".join(_step_html(lesson, status, state, seat) for lesson, status in steps)
    return (
        '<details class="lesson-progress"><summary class="lesson-progress-summary">'
        f'<span class="lesson-progress-label">{escape(label)}</span> '
        f'<span class="lesson-chips" aria-hidden="true">{chips}</span></summary>'
        f'<ol class="lesson-steps">{items}</ol></details>'
    )


def lesson_html(
    lesson: Lesson | None, state: GameState, seat: int, seen: Sequence[str] = ()
) -> str:
    """The lesson card for ``lesson`` at ``state`` for the player at ``seat``.

    The player has seen the lessons ``seen`` (keys, in order). The card holds the list of lessons
    (:func:`progress_html`), the lesson's title (what it teaches) and text, and its two buttons;
    ``""`` when no lesson is due. The card is a labelled region whose heading can take the focus
    (after "Got it").
    """
    if lesson is None:
        return ""
    done, leave = _("Got it"), _("Leave the lessons")
    return (
        f'<section class="lesson" aria-labelledby="lesson-title" data-lesson="{lesson.key}">'
        f"{progress_html(seen, lesson, state, seat)}"
        f'<h2 id="lesson-title" class="lesson-title" tabindex="-1">{escape(_(lesson.title))}</h2>'
        f'<p class="lesson-text">{escape(lesson_text(lesson, state, seat))}</p>'
        '<div class="lesson-buttons">'
        f'<button type="button" class="btn btn-primary" data-ui="{LESSON_DONE}">'
        f"{escape(done)}</button>"
        f'<button type="button" class="btn btn-secondary" data-ui="{LESSONS_LEAVE}">'
        f"{escape(leave)}</button></div></section>"
    )


def between_lessons_html(seen: Sequence[str], state: GameState, seat: int) -> str:
    """Between two lessons of a guided game (none due now).

    The list of lessons alone, folded to one line, so any lesson read can be read again; ``""``
    before the first.
    """
    if not seen:
        return ""
    label = escape(_("Lessons"))
    return (
        f'<section class="lesson lesson-between" aria-label="{label}">'
        f"{progress_html(seen, None, state, seat)}</section>"
    )


def guided_over_html() -> str:
    """What the game over of a guided first game says of it.

    It is not counted in Your record, and Play again starts an ordinary game (Learn to play gives
    the lessons again).
    """
    text = _(
        "This was your guided first game: it is not counted in Your record. Play again "
        "starts an ordinary game at this table, without lessons, which counts; Learn to "
        "play, in the header, gives the lessons again."
    )
    return f'<p class="guided-over">{escape(text)}</p>'
