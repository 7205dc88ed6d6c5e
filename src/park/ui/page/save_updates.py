"""One game across the tabs of this browser: the autosave's comparisons (issue 49).

The autosave is compared with this tab's game under a Web Lock (``web/effects.py`` holds it and
reads the stored save: :class:`~park.ui.page.events.SaveRead`), and written, adopted, followed (the
game another tab saved is shown) or left (a fork: "This game continued in another tab", with its
"Continue here") as :func:`park.ui.game.saves.decide` says. Saving off (storage blocked or full) is
said once.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from park.ui.lang.i18n import _
from park.ui.page.effects import CancelReview, Reload, Scroll, WriteSave
from park.ui.page.game_updates import moved, notify
from park.ui.page.state import Notice, PageState
from park.ui.page.step import Step

if TYPE_CHECKING:
    from park.ui.game.saves import Decision


def started(state: PageState, saved: str | None, *, storage_works: bool) -> PageState:
    """The page has read (or resumed, or put aside) the autosave ``saved``: it holds that now.

    Where storage is blocked, saving is said to be off at once.
    """
    from park.ui.game.saves import mark_of

    state = replace(state, saving=replace(state.saving, held=mark_of(saved)))
    return state if storage_works else saving_off(state, blocked=True)


def saving_off(state: PageState, *, blocked: bool) -> PageState:
    """Saving is off (said once, the game plays on): storage ``blocked``, or full."""
    if state.saving.failure is not None:
        return state
    failure = (
        _(
            "Saving is off: this browser does not let Park keep anything, so this game "
            "ends when the page closes. The game plays on."
        )
        if blocked
        else _(
            "Saving is off: this browser's storage is full, so your last moves are not "
            "kept. The game plays on; free some space to save again."
        )
    )
    return replace(state, saving=replace(state.saving, failure=failure))


def save_read(state: PageState, text: str | None, *, write: bool = True) -> Step:
    """Compare this tab's game with the stored save ``text`` and act on the decision.

    ``write``: under the save's lock (a queued save: it writes when the decision says so).
    """
    return _compared(state, text, write=write)[0]


def _compared(state: PageState, text: str | None, *, write: bool) -> tuple[Step, Decision]:
    """:func:`save_read`'s step, and the decision it acted on."""
    from park.ui.game.saves import Decision, decide, mark_of, next_revision

    saving = state.saving
    if write:
        state = replace(state, saving=replace(saving, pending=False))
        saving = state.saving
    if saving.stale:
        return Step(state), Decision.FORK
    stored = mark_of(text)
    session = state.session
    out = session.save_text(next_revision(saving.held, stored)) if session else None
    decision = decide(
        saving.held, mark_of(out), stored, stored_text=text is not None, ai_only=not saving.own
    )
    if decision is Decision.WRITE and write and out is not None:
        return Step(state, (WriteSave(out),)), decision
    if decision is Decision.ADOPT:
        return Step(replace(state, saving=replace(saving, held=stored, own=False))), decision
    if decision is Decision.FOLLOW and text is not None:
        followed = follow(state, text)
        if followed is None:
            return fork(state), Decision.FORK
        saving = replace(followed.state.saving, held=stored, own=False)
        return Step(replace(followed.state, saving=saving), followed.effects), decision
    if decision is Decision.FORK:
        return fork(state), decision
    return Step(state), decision


def moved_on(state: PageState, text: str | None) -> Step | None:
    """Before one of the player's moves.

    Where the game moved on in another tab (the stored save ``text``, read at once), the step
    that shows the newer position or says the game continued there; ``None`` when the move may
    be made.
    """
    from park.ui.game.saves import Decision, mark_of

    if state.saving.stale:
        return Step(state, (Scroll("nearest", "#tab-note"),))
    stored, held = mark_of(text), state.saving.held
    if stored is None or held is None:
        return None
    if stored.revision == held.revision and stored.same_position(held):
        return None
    step, decision = _compared(state, text, write=False)
    return step if decision in (Decision.FOLLOW, Decision.FORK) else None


def written(state: PageState, text: str, problem: str | None) -> PageState:
    """The autosave ``text`` was written (``problem`` ``None``: saving works again), or not."""
    from park.ui.game.saves import mark_of

    if problem is None:
        saving = replace(state.saving, held=mark_of(text), own=False, failure=None)
        return replace(state, saving=saving)
    return saving_off(state, blocked=problem == "blocked")


def fork(state: PageState) -> Step:
    """The game continued in another tab, and this tab holds moves of its own.

    It writes nothing more, and says so with "Continue here" (scrolled into view).
    """
    state = replace(state, saving=replace(state.saving, stale=True))
    return Step(state, (Scroll("nearest", "#tab-note"),))


def follow(state: PageState, text: str) -> Step | None:
    """Show the game another tab saved (``text``); ``None`` if this version cannot open it.

    The review and a hint of the game shown stop; its game over may open again; the news says a
    new game was started there, or that this game moved on there.
    """
    from park.ui.game.session import resume_or_new

    try:
        session, _message = resume_or_new(text)
    except Exception:  # a save this version cannot open: never an error in the player's way
        return None
    if session is None:
        return None
    was = state.session
    coach = replace(state.coach, reviewing=False, progress=None)
    state = replace(state, session=session, coach=coach, told=replace(state.told, over=False))
    if state.screen == "game" and state.puzzle is None and state.dialog == "over":
        state = replace(state, dialog=None)  # opened again if the game followed is over too
    step = moved(state)
    moved_words = _("This game moved on in another tab: here it is now.")
    started = _("A new game was started in another tab.")  # kept while it moves on there
    shown = step.state.notice
    if was is None or was.seed != session.seed:
        state = notify(step.state, Notice(started, good=True))
    elif shown is None or shown.text != started:  # the news is still the new game
        state = notify(step.state, Notice(moved_words, good=True))
    else:
        state = step.state
    return Step(state, (*step.effects, CancelReview()))


def continue_here(state: PageState, text: str | None) -> Step:
    """The "Continue here" button: this tab takes the game as the other tab left it.

    ``text``: the save stored now (one this version cannot open: the page reloads, and says what
    it can).
    """
    from park.ui.game.saves import mark_of

    state = replace(state, saving=replace(state.saving, stale=False))
    followed = follow(state, text) if text is not None else None
    if followed is None:
        return Step(state, (Reload(flush=False),))
    saving = replace(followed.state.saving, held=mark_of(text), own=False)
    return Step(replace(followed.state, saving=saving), followed.effects)
