"""The table in view at each of the player's decisions (issues 39, 48).

Narrower than a laptop (a phone either way up, a tablet) the game screen is one screen
(``styles/table.css``): nothing is scrolled, the map is centred on the pawn instead
(``focus.centre_map``). On a wide screen (two columns) everything is laid out to fit from the
page's top: the page is scrolled there when the decision (and a lesson above it) fits, else to
the lesson, else so that the decision's buttons are in view.
"""

from __future__ import annotations

from typing import Any

from dom import by_id, found
from pyscript import window  # type: ignore[import-not-found]
from pyscript.ffi import to_js  # type: ignore[import-not-found]

PHONE_TABLE = "(max-width: 62rem)"
"""Narrower than a laptop: the game screen is one screen, its parts sized by the style sheet."""

TWO_COLUMNS = "(min-width: 62.01rem)"
"""A laptop or wider: the map, the decision and the hand laid out to fit from the top."""

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

    On a wide screen the page's top, the lesson or the decision's buttons; where the table is
    one screen (:data:`PHONE_TABLE`), the lesson and the decision shown from their tops (each
    scrolls in its own part, and may have been scrolled for the last decision). Returns
    whether the table is one screen: its map is to be centred on the pawn.
    """
    if phone_table():
        by_id("lesson").scrollTop = 0
        by_id("decision").scrollTop = 0
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


def _fit_wide() -> None:
    lesson = by_id("lesson").querySelector(LESSON)
    start = _top_of(lesson if found(lesson) else by_id("decision"))
    end = _bottom_of_choices()
    height, now = float(window.innerHeight), float(window.scrollY)
    if end + GAP <= height:
        if now > 0:  # the whole table from the top, wherever the last decision left the page
            _scroll_to(0.0)
        return
    if start >= now and end <= now + height:
        return  # in view already
    if end - start + 2 * GAP <= height or found(lesson):
        _scroll_to(start - GAP)  # a lesson is read first: its top in view, the choices after
    else:
        _scroll_to(end + GAP - height)


def _scroll_to(top: float) -> None:
    """Scroll the page so that ``top`` (px from the page's top) is at the screen's top."""
    window.scrollTo(to_js({"top": max(0.0, top), "behavior": _motion()}))
