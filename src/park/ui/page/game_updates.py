"""The game's commands.

Screens, a new game (asked first when one would be lost), the player's decisions, Undo, the
Marketplace's ticks, the hot-seat's "Show my hand", the lessons of the guided first game, and the AI
seats' decisions (issue 49).

Each is a plain function of the page's state (and what the event brings) that returns a
:class:`~park.ui.page.step.Step`: the new state and the effects to run.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from park.ui.lang.i18n import _
from park.ui.page.effects import (
    CancelHint,
    CancelReview,
    CancelWeigh,
    CentreMap,
    Effect,
    Focus,
    KeepStorage,
    QueueSave,
    ReadForm,
    RunAi,
    Say,
    Scroll,
    SkipPause,
    Sounds,
    Store,
)
from park.ui.page.keys import CHALLENGE_KEY
from park.ui.page.state import PANELS, SHEETS, Coach, Notice, PageState
from park.ui.page.step import Step

if TYPE_CHECKING:
    from park.engine.actions import Action
    from park.ui.game.session import Session


def notify(state: PageState, notice: Notice | None) -> PageState:
    """``state`` saying ``notice`` above the game (``None``: no message)."""
    return replace(state, notice=notice)


def close_dialog(state: PageState, name: str | None) -> PageState:
    """``state`` with the dialog ``name`` closed (if it is the one open)."""
    if name is not None and state.dialog == name:
        return replace(state, dialog=None)
    return state


def moved(state: PageState) -> Step:
    """The game in progress moved on or was replaced.

    A hint being thought about stops, the Marketplace's ticks go.
    """
    coach = replace(
        state.coach,
        hint_thinking=False,
        hint_asked=state.coach.hint_asked + 1,
        hint_progress=None,
    )
    return Step(replace(state, coach=coach, ticked=frozenset()), (CancelHint(),))


def show_setup(state: PageState) -> Step:
    """The New game form (with "Back to the game" when a game is in progress).

    A puzzle played is left; the form says no old problem, and the focus goes to the name
    (not on a touch screen, where it would open the keyboard over the form).
    """
    step = Step(state)
    if state.puzzle is not None:
        step = leave_puzzle(state)
    form = replace(step.state.form, error=None)
    shown = replace(step.state, screen="setup", form=form)
    return Step(shown, step.effects).then(ReadForm(), Focus("#f-name", not_on_touch=True))


def leave_puzzle(state: PageState) -> Step:
    """The puzzle shown goes (its weighing stops); the game in progress waits no more."""
    return Step(replace(state, puzzle=None), (CancelWeigh(),))


def show_game(state: PageState) -> Step:
    """The board and panels of the current game, scrolled to the top, the map centred on the pawn.

    The board and panels of the current game, scrolled to the top, the map centred on the pawn
    and the decision's first control focused (at 200% zoom the Start button is far down the
    form).
    """
    told = replace(state.told, over=False)
    shown = replace(state, screen="game", dialog=None, told=told)
    return Step(shown, (Scroll("top"), CentreMap(), Focus()))


def kick(state: PageState) -> Step:
    """Start the AI seats' loop where a bot of the game playing must move and none runs.

    A bot, or the autoplay bot. Run after every update: the loop runs whenever the state says an
    AI moves.
    """
    session = state.playing
    if state.pace.running or session is None or session.is_over or not state.ready:
        return Step(state)
    autoplaying = state.settings.autoplay is not None and session.human_to_move
    if not session.ai_to_move and not autoplaying:  # nobody here moves (a friend's turn, live)
        return Step(state)
    return Step(replace(state, pace=replace(state.pace, running=True)), (RunAi(),))


def show_game_or_form(state: PageState) -> Step:
    """The game in progress, or the New game form without one (leaving a puzzle)."""
    if state.session is None:
        return show_setup(state)
    return show_game(state)


def toggle_panel(state: PageState, name: str) -> Step:
    """A panel button (the menu's on a phone, issue 48; "Read them all" under the latest events).

    Show or hide the panel ``name`` (one of :data:`~park.ui.page.state.PANELS`; another name
    changes nothing). A sheet (:data:`~park.ui.page.state.SHEETS`) opened closes the sheet
    open before: one covers the foot of the screen at a time. One shown is scrolled into view
    where the page scrolls (it may open below the screen's fold).
    """
    if name not in PANELS:
        return Step(state)
    panels = state.panels
    opened = name not in panels
    if not opened:
        return Step(replace(state, panels=panels - {name}))
    if name in SHEETS:
        panels = panels - set(SHEETS)
    state = replace(state, panels=panels | {name})
    return Step(state, (Scroll("nearest", f"#game .{name}-panel, #game .{name}"),))


def sheet_open(state: PageState) -> bool:
    """Whether one of the :data:`~park.ui.page.state.SHEETS` is open over a phone's table."""
    return any(name in state.panels for name in SHEETS)


def close_sheets(state: PageState) -> Step:
    """Close the sheet open over a phone's table (its Close button, or Escape), if any."""
    return Step(replace(state, panels=state.panels - set(SHEETS)))


def replace_with(state: PageState, session: Session, news: str = "") -> Step:
    """Start ``session`` (saying ``news``) in place of the game in progress, once the player agrees.

    At once when no game would be lost, else the question ("Replace the game in progress?", the
    new game waiting in ``state.pending``).
    """
    if not state.in_progress():
        return start_session(state, session, news)
    return Step(replace(state, pending=(session, news), dialog="replace"))


def replace_answered(state: PageState, *, replace_it: bool) -> Step:
    """The question's answer.

    "Start the new game" starts the game waiting, "Back to the game" drops it and shows the game
    in progress.
    """
    pending = state.pending
    state = replace(state, pending=None, dialog=None)
    if not replace_it:
        return show_game(state)
    if pending is None:
        return Step(state)
    return start_session(state, *pending)


def start_session(state: PageState, session: Session, news: str = "") -> Step:
    """Make ``session`` the game (saying ``news``), save, show it, let the AI seats play.

    The challenge the player agreed to is kept for its game now (backing out of the question
    kept the challenge of the game in progress); the browser is asked to keep the site's storage.
    """
    effects: list[Effect] = []
    if state.live is not None and not session.friends:  # a game of one's own: the table ends
        from park.ui.page.live_state import HangUp

        state = replace(state, live=None)
        effects.append(HangUp(None))
    accepted = state.links.accepted
    if accepted is not None and accepted[0] is session:
        effects.append(Store(CHALLENGE_KEY, accepted[1], "the challenge"))
    links = replace(state.links, accepted=None)
    coach = replace(state.coach, reviewing=False, progress=None)
    state = replace(state, session=session, links=links, coach=coach, notice=None)
    step = Step(state, (*effects, CancelReview())).next(keep_storage).next(moved)
    step = step.next(save).next(show_game)
    if news:
        step = Step(notify(step.state, Notice(news, good=True)), step.effects)
    return step


def keep_storage(state: PageState) -> Step:
    """Ask the browser, once, to keep this site's storage under pressure."""
    if state.storage_asked:
        return Step(state)
    return Step(replace(state, storage_asked=True), (KeepStorage(),))


def save(state: PageState, *, own: bool = True) -> Step:
    """Autosave after every action, unless the game went on in another tab.

    ``own``: the player's action (else an AI seat's). One locked comparison is queued
    (``park.ui.page.save_updates``).
    """
    saving = state.saving
    own = saving.own or own
    if saving.pending:
        return Step(replace(state, saving=replace(saving, own=own)))
    return Step(replace(state, saving=replace(saving, own=own, pending=True)), (QueueSave(),))


def play_again(state: PageState) -> Step:
    """A new deal at the same table (names, opponents, level)."""
    if state.session is None:
        return Step(state)
    from park.ui.game.session import Session

    return start_session(state, Session.new(state.session.settings_again()))


def show_hand(state: PageState) -> Step:
    """The "Show my hand" button: the hot-seat player to move is at the device."""
    session = state.session
    if session is None or not session.privacy_needed:
        return Step(state)
    session.show_hand()
    return show_game(state)


def undo(state: PageState) -> Step:
    """Take back the human's last decision (the Undo button, Ctrl+Z), save, and say so.

    Or say why nothing can be taken back. (A puzzle's Undo, and a game that moved on in another
    tab, are the router's: ``park.ui.page.update.decided``.)
    """
    session = state.session
    if session is None or state.screen != "game":
        return Step(state)
    if not session.can_undo:
        return Step(state, (Say(session.undo_note or _("Nothing to undo.")),))
    session.undo()
    step = moved(notify(state, None))
    return step.next(save).then(Say(taken_back=True), Focus())


def tick(state: PageState, card: str, on: bool) -> Step:
    """A Marketplace check box: ``card`` is (or is no longer) among those exchanged."""
    return Step(replace(state, ticked=state.ticked | {card} if on else state.ticked - {card}))


def human_action(state: PageState, text: str) -> Step:
    """Apply the human's choice, say its news, save, let the AI seats play.

    ``text``: an action's text form (at the Marketplace, the exchange of the ticked cards).

    A move that is not possible now is said and changes nothing. The lesson shown is seen once
    the move is played (the player moved on). (A puzzle's move, and a game that moved on in
    another tab, are the router's: ``park.ui.page.update``.)
    """
    from park import IllegalActionError
    from park.ui.play.decision import EXCHANGE

    session = state.session
    if session is None or not session.human_to_move:
        return Step(state)
    from park.ui.tutorial.guide import finish_lesson, lesson_now

    lesson = lesson_now(session)
    ticked = sorted(state.ticked)
    step = moved(state)
    try:
        lines = session.exchange(ticked) if text == EXCHANGE else session.act(text)
    except (IllegalActionError, ValueError) as exc:
        words = _("That move is not possible now: {reason}").format(reason=exc)
        return Step(notify(step.state, Notice(words)), step.effects)
    if lesson is not None:
        finish_lesson(session, lesson)
    state = step.state
    news = session.news(lines)
    if news is not None:
        state = notify(state, Notice(news, good=True))
    step = Step(state, (*step.effects, *heard(state, session)))
    step = step.next(save)
    if session.human_to_move:
        step = step.then(Scroll("decision"))
    return step


def heard(state: PageState, session: Session) -> tuple[Sounds, ...]:
    """The sounds of ``session``'s latest decision (Sound on)."""
    if state.settings.sound != "on":
        return ()
    from park.ui.setup.sounds import cues

    found = tuple(cues(session.recent, session.humans))
    return (Sounds(found),) if found else ()


def ai_decided(state: PageState, session: Session, action: Action) -> Step:
    """An AI seat of the game playing decided ``action``.

    Play it, its sounds, save (not the player's own move).

    Dropped when that game is no longer the one playing (a new game, another tab's, a puzzle).
    """
    if session is not state.playing or session.is_over or not session.ai_to_move:
        return Step(state)
    pace = replace(state.pace, paced_turn=session.turn)
    session.play(action)
    state = replace(state, pace=pace)
    return Step(state, heard(state, session)).and_then(save(state, own=False))


def skip(state: PageState) -> Step:
    """The "Skip to my turn" button: the AI turns are played without pauses till the human's."""
    return Step(replace(state, pace=replace(state.pace, skipping=True)), (SkipPause(),))


def lesson_done(state: PageState) -> Step:
    """The lesson card's "Got it".

    The lesson is seen; the next one due shows (its heading focused, and in view), else the
    decision's first control is focused.
    """
    from park.ui.tutorial.guide import finish_lesson, lesson_now

    session = state.session
    if session is None or finish_lesson(session) is None:
        return Step(state)
    step = save(state)
    if lesson_now(session) is not None:
        return step.then(Focus("#lesson-title", heading=True), Scroll("lesson"))
    return step.then(Focus(), Scroll("decision"))


def leave_lessons(state: PageState) -> Step:
    """The "Leave the lessons" button: the game goes on without them (said aloud)."""
    from park.ui.tutorial.guide import leave_lessons as leave

    session = state.session
    if session is None or not leave(session):
        return Step(state)
    words = _("The lessons are over: the game goes on as an ordinary one.")
    return save(state).then(Say(words), Focus())


def start_tutorial(state: PageState) -> Step:
    """The offer of Learn to play: the guided first game, the player named as the form says."""
    from park.ui.game.session import Session
    from park.ui.tutorial.lessons import tutorial_settings

    return replace_with(state, Session.new(tutorial_settings(state.form.name)))


def offer_tutorial(state: PageState) -> Step:
    """The header's "Learn to play".

    The New game form, its offer in view and its button focused.
    """
    step = show_setup(state)
    effects = tuple(e for e in step.effects if not isinstance(e, Focus))
    return Step(step.state, effects).then(Scroll("nearest", "#learn-start"), Focus("#learn-start"))


def reset_coach(state: PageState) -> PageState:
    """``state`` without the coach's requests (a game replaced by another tab's)."""
    return replace(state, coach=Coach(hint_asked=state.coach.hint_asked + 1))
