"""The table in view at each of the player's decisions (issue 39).

On a phone held upright the map's frame is sized so that the turn's status, the map, the
latest events (or a lesson) and the decision's buttons fill the screen together, and the page
is scrolled to the status: the pawn's space (the map is centred on it) and the choices are in
view without scrolling, whatever the player scrolled to before. A lesson lets the map shrink
further, to :data:`LESSON_FRAME_MIN`. Where they cannot share the screen with the map (the
Marketplace's cards, the Club's expeditions, a long lesson), the lesson (else the decision)
is scrolled to the top instead.

On a wide screen (two columns) everything is laid out to fit from the page's top: the page is
scrolled there when the decision (and a lesson above it) fits, else to the lesson, else so
that the decision's buttons are in view.
"""

from __future__ import annotations

from typing import Any

from dom import by_id, found
from pyscript import window  # type: ignore[import-not-found]
from pyscript.ffi import to_js  # type: ignore[import-not-found]

PHONE_TABLE = "(max-width: 40rem) and (min-height: 34rem)"
"""A phone held upright: the screens where the frame is sized to fit the table."""

TWO_COLUMNS = "(min-width: 62.01rem)"
"""A laptop or wider: the map, the decision and the hand laid out to fit from the top."""

FRAME_MIN = 170.0
"""The map frame's least height (px): the pawn's space with a street each way."""

LESSON_FRAME_MIN = 90.0
"""The least height (px) of the frame beside a lesson: the pawn's space and its neighbours,
so that the lesson, the decision and the map it speaks of share the screen."""

GAP = 6.0
"""Pixels left free above and under what is brought into view."""

LESSON = ".lesson:not(.lesson-between)"
"""A lesson shown (not the list of lessons alone, between two)."""


def phone_table() -> bool:
    """Whether the page is laid out as a phone's table (:data:`PHONE_TABLE`)."""
    return bool(window.matchMedia(PHONE_TABLE).matches)


def _motion() -> str:
    reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches
    return "auto" if reduced else "smooth"


def bring_into_view() -> bool:
    """Bring the player's decision into view (see the module).

    A phone's table, or on a wide screen the page's top, the lesson or the decision's buttons.
    Returns whether a phone's map frame was sized (its map to be centred again).
    """
    if phone_table():
        _fit_phone()
        return True
    if window.matchMedia(TWO_COLUMNS).matches:
        _fit_wide()
    return False


def _bottom_of_choices() -> float:
    """Where the decision's buttons end, in the page (px from its top)."""
    decision = by_id("decision")
    buttons = decision.querySelector(".decision-buttons")
    end = (buttons if found(buttons) else decision).getBoundingClientRect().bottom
    return float(end) + float(window.scrollY)


def _top_of(element: Any) -> float:
    """Where ``element`` starts, in the page (px from its top)."""
    return float(element.getBoundingClientRect().top) + float(window.scrollY)


def _fit_phone() -> None:
    board, decision = by_id("board"), by_id("decision")
    status = by_id("game").querySelector(".status-row")
    svg = board.querySelector("svg")
    if not found(svg) or not found(status):
        return
    frame = board.getBoundingClientRect()
    others = (float(frame.top) - float(status.getBoundingClientRect().top)) + (
        _bottom_of_choices() - float(window.scrollY) - float(frame.bottom)
    )
    room = float(window.innerHeight) - others - GAP
    natural = float(svg.getBoundingClientRect().height)
    lesson = by_id("lesson").querySelector(LESSON)
    least = LESSON_FRAME_MIN if found(lesson) else FRAME_MIN
    if room >= least:
        board.style.height = f"{min(room, natural):.0f}px"
        _scroll_to(_top_of(status))  # measured now: the browser may have moved the page
        return
    board.style.height = ""  # too tall to share the screen with the map
    # the lesson and its decision, as much of them as the screen holds; else the decision
    _scroll_to(_top_of(lesson if found(lesson) else decision) - GAP)


def _fit_wide() -> None:
    lesson = by_id("lesson").querySelector(LESSON)
    start = _top_of(lesson if found(lesson) else by_id("decision"))
    end = _bottom_of_choices()
    height, now = float(window.innerHeight), float(window.scrollY)
    if start >= now and end <= now + height:
        return  # in view already
    if end + GAP <= height:
        _scroll_to(0.0)
    elif end - start + 2 * GAP <= height:
        _scroll_to(start - GAP)
    else:
        _scroll_to(end + GAP - height)


def _scroll_to(top: float) -> None:
    """Scroll the page so that ``top`` (px from the page's top) is at the screen's top."""
    window.scrollTo(to_js({"top": max(0.0, top), "behavior": _motion()}))
