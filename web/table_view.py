"""The table in view at each of the player's decisions (issue 39).

On a phone held upright the map's frame is sized so that the turn's status, the map, the
latest events, a lesson and the decision's buttons fill the screen together, and the page is
scrolled to the status: the pawn's space (the map is centred on it) and the choices are in
view without scrolling, whatever the player scrolled to before. Where they cannot share the
screen with the map (the Marketplace's cards, the Club's expeditions, a long lesson), the
lesson (else the decision) is scrolled to the top instead. On a wider screen a new lesson is
scrolled into view when it is not.
"""

from __future__ import annotations

from typing import Any

from dom import by_id, found
from pyscript import window  # type: ignore[import-not-found]
from pyscript.ffi import to_js  # type: ignore[import-not-found]

PHONE_TABLE = "(max-width: 40rem) and (min-height: 34rem)"
"""A phone held upright: the screens where the frame is sized to fit the table."""

FRAME_MIN = 170.0
"""The map frame's least height (px): the pawn's space with a street each way."""

GAP = 6.0
"""Pixels left free under the decision's buttons."""

LESSON = ".lesson:not(.lesson-between)"
"""A lesson shown (not the list of lessons alone, between two)."""


def phone_table() -> bool:
    """Whether the page is laid out as a phone's table (:data:`PHONE_TABLE`)."""
    return bool(window.matchMedia(PHONE_TABLE).matches)


def _motion() -> str:
    reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches
    return "auto" if reduced else "smooth"


def fit_table() -> bool:
    """On a phone: size the map's frame and scroll the table into view (see the module);
    ``False`` elsewhere (nothing done)."""
    if not phone_table():
        return False
    board, decision = by_id("board"), by_id("decision")
    status = by_id("game").querySelector(".status-row")
    svg = board.querySelector("svg")
    if not found(svg) or not found(status):
        return True
    buttons = decision.querySelector(".decision-buttons")
    end = (buttons if found(buttons) else decision).getBoundingClientRect().bottom
    frame = board.getBoundingClientRect()
    others = (float(frame.top) - float(status.getBoundingClientRect().top)) + (
        float(end) - float(frame.bottom)
    )
    room = float(window.innerHeight) - others - GAP
    natural = float(svg.getBoundingClientRect().height)
    lesson = by_id("lesson").querySelector(LESSON)
    if room >= FRAME_MIN:
        board.style.height = f"{min(room, natural):.0f}px"
        _scroll_to(status)
        return True
    board.style.height = ""  # too tall to share the screen with the map
    # the lesson and its decision, as much of them as the screen holds; else the decision
    _scroll_to(lesson if found(lesson) else decision)
    return True


def _scroll_to(element: Any) -> None:
    """Scroll the page so that ``element``'s top is at the screen's top (measured once the
    frame has its new height: the browser may have moved the page for it already)."""
    top = float(element.getBoundingClientRect().top) + float(window.scrollY)
    window.scrollTo(to_js({"top": top, "behavior": _motion()}))


def reveal_lesson() -> None:
    """A new lesson on a wide screen: scrolled into view when it is not wholly in it."""
    lesson = by_id("lesson").querySelector(LESSON)
    if not found(lesson):
        return
    box = lesson.getBoundingClientRect()
    if box.top < 0 or box.bottom > window.innerHeight:
        lesson.scrollIntoView(to_js({"block": "nearest", "behavior": _motion()}))
