"""The coach's commands: the Hint, Park's reach, and "Moments to look at" after the game (issue 49).

A hint and the review are worked out in slices by ``web/effects.py`` (the page never freezes), and
come back as events; a move made meanwhile (or a new game) drops a hint still being thought about
(:func:`park.ui.page.game_updates.moved`), and the review can be cancelled.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from park.engine.state import Phase
from park.ui.coach.depth import HINT_DEALS
from park.ui.page.effects import (
    CancelReview,
    CentreMap,
    Focus,
    Ponder,
    Review,
    Say,
    Scroll,
    ThinkHint,
)
from park.ui.page.game_updates import save
from park.ui.page.state import PageState
from park.ui.page.step import Step

if TYPE_CHECKING:
    from park.ai.review import ReviewProgress
    from park.ui.game.session import Session

MOMENTS_FOCUS = Focus("#moments button, #moments h3", heading=True, within="#moments", scroll=True)
"""Where the focus goes when "Moments to look at" changes under it: its button's replacement
(or its heading), if the focus was there."""


def ask_hint(state: PageState) -> Step:
    """The Hint button.

    Start thinking about a hint for the player's decision (once at a time), on as many sampled
    deals as the page's thinking setting says (``HINT_DEALS``).
    """
    session = state.session
    coach = state.coach
    if session is None or coach.hint_thinking or not session.human_to_move:
        return Step(state)
    if not session.coach.hints:
        return Step(state)
    asked = coach.hint_asked + 1
    deals = HINT_DEALS[state.settings.thinking]
    progress = session.coach.thought(session.state, deals)
    coach = replace(coach, hint_thinking=True, hint_asked=asked, hint_progress=progress)
    return Step(replace(state, coach=coach), (ThinkHint(session, deals, asked),))


def hint_moved(state: PageState, asked: int, done: int, deals: int) -> Step:
    """The hint asked for (request ``asked``) has played ``done`` of its ``deals`` deals."""
    coach = state.coach
    if coach.hint_asked != asked or not coach.hint_thinking:
        return Step(state)
    return Step(replace(state, coach=replace(coach, hint_progress=(done, deals))))


def ponder(state: PageState) -> Step:
    """Think about the hint of the player's turn decision while the player reads the table.

    Run after every update: where the game playing offers hints, the person (not the autoplay)
    opens a turn (its first decision: a phone's CPU is spared the later ones), no hint is being
    thought about and this decision's search is not done, it starts or goes on
    (:class:`~park.ui.page.effects.Ponder`: the search is kept by the coach, so a task stopped by
    a move refused, a puzzle opened and left, is simply started again), and a hint asked for 3
    seconds into a turn continues it (issue 50).
    """
    session = state.playing
    if (
        session is None
        or state.coach.hint_thinking
        or state.settings.autoplay is not None
        or not state.ready
        or not session.coach.hints
        or not session.human_to_move
        or session.privacy_needed
        or session.state.phase is not Phase.START
    ):
        return Step(state)
    deals = HINT_DEALS[state.settings.thinking]
    thought = session.coach.thought(session.state, deals)
    if thought is not None and thought[0] >= deals:
        return Step(state)
    return Step(state, (Ponder(session, deals),))


def hint_done(state: PageState, asked: int, *, advised: bool) -> Step:
    """The hint asked for (request ``asked``) was worked out (``advised``), or not.

    A hint asked for since takes its place (this one's result is dropped); an advice is saved
    with the game, shown, brought into view (the map's frame on its first space, the page to its
    words, on a phone), and said once by screen readers (its words in a paragraph).
    """
    coach = state.coach
    if coach.hint_asked != asked:
        return Step(state)
    state = replace(state, coach=replace(coach, hint_thinking=False, hint_progress=None))
    if not advised:
        return Step(state)
    return save(state).then(CentreMap(".pk-space.is-hint"), Scroll("hint"), Say(hint=True))


def start_review(state: PageState) -> Step:
    """The game over's "Moments to look at": the finished game reviewed (once; kept with it)."""
    session = state.session
    if session is None or not session.is_over or state.coach.reviewing:
        return Step(state)
    state = replace(state, coach=replace(state.coach, reviewing=True, progress=None))
    return Step(state, (Review(session), MOMENTS_FOCUS))


def cancel_review(state: PageState) -> Step:
    """The review's Cancel: it stops, and its button comes back."""
    state = replace(state, coach=replace(state.coach, reviewing=False, progress=None))
    return Step(state, (CancelReview(), MOMENTS_FOCUS))


def review_moved(
    state: PageState, session: Session, progress: ReviewProgress | None, *, failed: bool
) -> Step:
    """The review of ``session`` moved on, or is over.

    ``progress``: how far it is (``None``: over; ``failed``: it could not be made, and its button
    comes back).
    """
    if session is not state.session or not state.coach.reviewing:
        return Step(state)
    if progress is not None:
        return Step(replace(state, coach=replace(state.coach, progress=progress)), (MOMENTS_FOCUS,))
    if failed:
        session.coach.review = None
    coach = replace(state.coach, reviewing=False, progress=None)
    return Step(replace(state, coach=coach), (MOMENTS_FOCUS,))
