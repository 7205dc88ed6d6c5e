"""The guided first game's lessons at a table.

Which one shows now, the lesson panel's markup, and what the player's "Got it", "Leave the lessons"
and own moves do to them (kept in the table's play mode, so in the save). The table is a
:class:`GuidedTable`: the game's session (``park.ui.game.session.Session``), which draws the lessons
on the page through this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from park.ui.tutorial.html import between_lessons_html, lesson_html
from park.ui.tutorial.lessons import Lesson, current_lesson

if TYPE_CHECKING:
    from park.engine.state import GameState
    from park.ui.setup.modes import PlayMode


class GuidedTable(Protocol):
    """What the lessons read and change of the game at this device (a session is one).

    ``mode``: how it is played, where the lessons seen or left are kept; ``state``: the game now;
    ``human``: the seat whose lessons they are; ``human_to_move``: whether that seat is deciding;
    ``is_over``: whether the game has ended.
    """

    mode: PlayMode

    @property
    def state(self) -> GameState: ...

    @property
    def human(self) -> int: ...

    @property
    def human_to_move(self) -> bool: ...

    @property
    def is_over(self) -> bool: ...


def lesson_now(session: GuidedTable) -> Lesson | None:
    """The lesson to show the player now (``park.ui.tutorial.lessons.current_lesson``).

    ``None`` outside a guided first game, after the player left the lessons, and while the player is
    not deciding.
    """
    if not session.mode.is_tutorial or not session.human_to_move:
        return None
    return current_lesson(session.state, session.human, session.mode)


def lesson_panel(session: GuidedTable, lesson: Lesson | None) -> str:
    """The page's lesson panel.

    The card of ``lesson`` (the one shown now, :func:`lesson_now`) with the list of lessons; with
    none shown, while the lessons of a guided game go on (not left, the game not over), the list
    alone, from which the lessons read can be read again; else ``""``.
    """
    state, seat, seen = session.state, session.human, session.mode.lessons_seen
    if lesson is not None:
        return lesson_html(lesson, state, seat, seen)
    if not session.mode.is_tutorial or session.mode.lessons_left or session.is_over:
        return ""
    return between_lessons_html(seen, state, seat)


def finish_lesson(session: GuidedTable, lesson: Lesson | None = None) -> Lesson | None:
    """The player is done with ``lesson`` (default: the one shown now).

    By "Got it" or by a move of their own: it is seen, and the next one due may show. Returns the
    lesson finished (``None``: none showed).
    """
    lesson = lesson or lesson_now(session)
    if lesson is not None and session.mode.is_tutorial:
        session.mode = session.mode.with_lesson_seen(lesson.key)
    return lesson


def leave_lessons(session: GuidedTable) -> bool:
    """The player leaves the lessons.

    The guided game goes on as an ordinary one (still not counted in "Your record"). Returns
    ``False`` (and changes nothing) outside a guided first game.
    """
    if not session.mode.is_tutorial:
        return False
    session.mode = session.mode.with_lessons_left()
    return True
