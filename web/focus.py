"""Where the player's eyes and keyboard are in the page.

The focus kept across redraws (on the same control, else the decision's first one) and moved where
an update says, the arrow keys on the map, the polite live region (``#announce``), the text of a
line to share selected, what scrolls into view, and the layout's measuring: the log fitted to a
wide screen, the map centred on a phone, the
decision panel held at its height while the AI plays and scrolled into view when a question comes.
"""

from __future__ import annotations

from typing import Any

from dom import ONE_COLUMN, by_id, found
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import to_js  # type: ignore[import-not-found]
from table_view import phone_table

from park.ui.lang.i18n import _

ARROW_KEYS = {"ArrowUp": "up", "ArrowDown": "down", "ArrowLeft": "left", "ArrowRight": "right"}
"""The arrow keys and the map spaces' ``data-<direction>`` attribute each one follows."""
HELD_HEIGHT = 480.0
"""The most (px) the decision panel is held at while the AI plays (the Club's is taller)."""


def say(text: str) -> None:
    """Put ``text`` in the polite live region (screen readers say it)."""
    by_id("announce").textContent = text


def say_taken_back() -> None:
    """Say that the human's last decision was taken back (Undo), and the question now."""
    prompt = document.querySelector("#decision .decision-prompt")
    said = _("Your last decision was taken back.")
    if found(prompt):
        said = _("Your last decision was taken back. {prompt}").format(prompt=prompt.textContent)
    say(said)


class HeldHeight:
    """The decision panel's height held while the AI seats play (:meth:`hold`)."""

    def __init__(self) -> None:
        self.decision_kind = ""
        """The decision drawn last (``"wait"`` while another seat plays)."""

    def hold(self, kind: str) -> None:
        """While the AI seats play, hold the decision panel as tall as at the last decision.

        While the AI seats play, keep the decision panel (and on a phone the latest events
        above it, and the hint under it) as tall as at the human's last decision, up to
        :data:`HELD_HEIGHT`, so nothing below jumps when the turn passes. ``kind``: the
        decision about to be drawn.
        """
        # after the Marketplace's cards or the Club's expeditions, nothing below is in view
        held = self.decision_kind not in ("wait", "market", "club")
        for element_id in ("decision", "latest", "hint"):
            element = by_id(element_id)
            if kind == "wait" and held:
                height = min(float(element.offsetHeight), HELD_HEIGHT)
                element.style.minHeight = f"{height:.0f}px"
            elif kind != "wait":
                element.style.minHeight = ""
        self.decision_kind = kind


def fit_log() -> None:
    """On a wide screen, make the log end at the bottom of the screen.

    On a wide screen, make the log end at the bottom of the screen (at the top of the
    page) so its newest lines are in view during the turn: between 8 and 18 rem tall.
    """
    log = by_id("log")
    if window.innerWidth <= ONE_COLUMN:
        log.style.maxHeight = ""
        return
    rem = float(window.parseFloat(window.getComputedStyle(document.documentElement).fontSize))
    top = float(log.getBoundingClientRect().top) + float(window.scrollY)
    room = float(window.innerHeight) - top - rem
    log.style.maxHeight = f"{max(8 * rem, min(18 * rem, room)):.0f}px"


CUT_MARGIN = 8.0
"""Pixels inside the map's frame that a space must clear to count as wholly in view."""


def _around(
    spot: tuple[float, float, float, float], element: Any
) -> tuple[float, float, float, float]:
    """The box ``(left, top, right, bottom)`` holding ``spot`` and ``element``'s box."""
    b = element.getBoundingClientRect()
    return (
        min(spot[0], float(b.left)),
        min(spot[1], float(b.top)),
        max(spot[2], float(b.right)),
        max(spot[3], float(b.bottom)),
    )


def centre_map(space: str = ".pk-space.is-here", *, only_if_cut: bool = False) -> None:
    """Where the map is larger than its frame, scroll the player's pawn into the middle.

    Where the map is larger than its frame (a phone), scroll it so that the player's pawn
    (or the ``space`` this selector finds) is in the middle, with Captain Park where both
    fit in the frame; ``only_if_cut``: only if the frame's edge cuts that space, else leave
    the map where the player put it.
    """
    frame = by_id("board")
    wide = frame.scrollWidth > frame.clientWidth
    tall = frame.scrollHeight > frame.clientHeight
    if not wide and not tall:
        return
    here = frame.querySelector(space)
    if not found(here):
        return
    box, rect = frame.getBoundingClientRect(), here.getBoundingClientRect()
    spot = (float(rect.left), float(rect.top), float(rect.right), float(rect.bottom))
    pawn = frame.querySelector(".pk-pawn.is-you")
    if space == ".pk-space.is-here" and found(pawn):  # the pawn stands partly outside its space
        spot = _around(spot, pawn)
    inside = box.left + CUT_MARGIN <= spot[0] and spot[2] <= box.right - CUT_MARGIN
    inside = inside and box.top + CUT_MARGIN <= spot[1] and spot[3] <= box.bottom - CUT_MARGIN
    if only_if_cut and inside:
        return
    park = frame.querySelector(".pk-captain")
    if found(park):  # Captain Park too, where both fit in the frame
        both = _around(spot, park)
        room = 2 * CUT_MARGIN
        if both[2] - both[0] <= box.width - room and both[3] - both[1] <= box.height - room:
            spot = both
    if wide:
        middle = (spot[0] + spot[2]) / 2 - box.left + frame.scrollLeft
        frame.scrollLeft = max(0, middle - frame.clientWidth / 2)
    if tall:
        middle = (spot[1] + spot[3]) / 2 - box.top + frame.scrollTop
        frame.scrollTop = max(0, middle - frame.clientHeight / 2)


def focused_control() -> str | None:
    """A selector for the focused control inside the game, or ``None``.

    A selector for the focused control inside the game (``None`` when the focus is
    elsewhere, e.g. on the header's settings, which a redraw does not replace).
    """
    active = document.activeElement
    if not found(active) or active is document.body or active.id == "decision":
        # nothing focused, or the decision panel itself (while the AI seats played): its
        # first control when there is one
        return "#decision"
    if not by_id("game").contains(active):
        return None
    for attribute in ("data-action", "data-ui", "data-space"):
        if active.hasAttribute(attribute):
            value = window.CSS.escape(active.getAttribute(attribute))
            return f'#game [{attribute}="{value}"]'
    return None


def restore_focus(selector: str) -> None:
    """After a redraw, keep the focus on the control ``selector`` names.

    Where the patch kept it focused, nothing to do; else focus it again if it is drawn anew, or, if
    it is gone (or the patch made the focused button another choice), the decision's first control
    (the decision panel itself while the AI plays).
    """
    if selector != "#decision":
        active = document.activeElement
        if found(active) and active.matches(selector):
            return
        again = document.querySelector(selector)
        if found(again):
            again.focus(to_js({"preventScroll": True}))
            return
    focus_decision()


def focus_decision() -> None:
    """Focus the decision panel's first control that costs no Month counters.

    Focus the decision panel's first control that costs no Month counters (else its
    first control; the panel itself while the AI plays), without scrolling: Enter
    pressed twice never walks into Captain Park.
    """
    panel = by_id("decision")
    first = panel.querySelector("button:not(.btn-danger), input")
    if not found(first):
        first = panel.querySelector("button, input")
    (first if found(first) else panel).focus(to_js({"preventScroll": True}))


def reveal_decision() -> None:
    """Scroll the next question into view when it is off the screen.

    Scroll the next question into view when it is off the screen (after a card played
    from the hand, it is above), as little as that takes, so the map stays in view where it
    can. A phone's table is brought into view whole instead (``table_view.bring_into_view``,
    after the redraw).
    """
    if phone_table():
        return
    panel = by_id("decision").getBoundingClientRect()
    if panel.top < 0 or panel.top > window.innerHeight - 120:
        smooth = not window.matchMedia("(prefers-reduced-motion: reduce)").matches
        by_id("decision").scrollIntoView(
            to_js({"block": "nearest", "behavior": "smooth" if smooth else "auto"})
        )


def undo_key(event: Any) -> bool:
    """Whether a key press is Undo's.

    Ctrl+Z (Cmd+Z on a Mac) anywhere but in a text field (then the browser's own undo is not done).
    """
    if str(event.key).lower() != "z" or not (event.ctrlKey or event.metaKey):
        return False
    if event.shiftKey or event.altKey or str(event.target.tagName) in ("INPUT", "TEXTAREA"):
        return False
    event.preventDefault()
    return True


def arrow_on_map(event: Any) -> bool:
    """Move the focus from a map space to the space an arrow key points to.

    An arrow key on a focused map space moves the focus to the space its
    ``data-<direction>`` names, which becomes the map's tab stop. ``False`` for another key
    (an arrow elsewhere is left to the browser, and counts as handled).
    """
    target = event.target
    direction = ARROW_KEYS.get(str(event.key))
    if direction is None:
        return False
    if not target.hasAttribute("data-space") or not found(target.closest("#board")):
        return True
    event.preventDefault()
    other = target.getAttribute(f"data-{direction}")
    if not found(other):
        return True
    space = by_id("board").querySelector(f'[data-space="{window.CSS.escape(other)}"]')
    if found(space):
        target.setAttribute("tabindex", "-1")
        space.setAttribute("tabindex", "0")
        space.focus()
    return True


def reset_tab_stop(svg: Any, stop: str) -> None:
    """Make the map space ``stop`` the map's one tab stop in ``svg``.

    Make the map space ``stop`` the map's one tab stop (``tabindex="0"``) in ``svg``, and
    no other: where a redraw patched only some spaces, the arrow keys may have moved it.
    """
    for space in svg.querySelectorAll('[data-space][tabindex="0"]'):
        if space.getAttribute("data-space") != stop:
            space.setAttribute("tabindex", "-1")
    if stop:
        here = svg.querySelector(f'[data-space="{window.CSS.escape(stop)}"]')
        if found(here):
            here.setAttribute("tabindex", "0")


def focus_element(
    selector: str | None,
    *,
    heading: bool = False,
    within: str = "",
    not_on_touch: bool = False,
    scroll: bool = False,
) -> None:
    """Focus the element ``selector`` finds, without scrolling.

    ``None``, or none found: the decision's first control; ``heading``: made focusable first;
    ``within``: only if the focus is in the element this selector finds, or nowhere (its control
    was replaced); ``not_on_touch``: not on a touch screen (a field focused there opens the
    keyboard over the page); ``scroll``: scrolled into view as the browser does.
    """
    if not_on_touch and window.matchMedia("(pointer: coarse)").matches:
        return
    if within:
        active = document.activeElement
        box = document.querySelector(within)
        if (
            found(active)
            and active is not document.body
            and not (found(box) and box.contains(active))
        ):
            return
    target: Any = document.querySelector(selector) if selector else None
    if not found(target):
        if within:
            return
        focus_decision()
        return
    if heading and str(target.tagName).startswith("H"):
        target.setAttribute("tabindex", "-1")
    target.focus(to_js({"preventScroll": not scroll}))


def select_text(box_id: str) -> str:
    """Select the text in the text box ``box_id`` (a line to share); returns it."""
    box = by_id(box_id)
    box.select()
    return str(box.value)


def scroll_page_top() -> None:
    """Scroll the page to its top."""
    window.scrollTo(0, 0)


def scroll_nearest(selector: str) -> None:
    """Scroll the element ``selector`` finds into view, as little as that takes."""
    element = document.querySelector(selector)
    if found(element):
        element.scrollIntoView(to_js({"block": "nearest"}))


def reveal_lesson() -> None:
    """Bring a lesson into view where it is off the screen.

    Where the table is one screen (issue 48) the lesson scrolls in its own part: a new one is
    shown from its top.
    """
    if phone_table():
        by_id("lesson").scrollTop = 0
        return
    card = by_id("lesson").getBoundingClientRect()
    if card.top < 0 or card.top > window.innerHeight - 120:
        by_id("lesson").scrollIntoView(to_js({"block": "nearest"}))


def reveal_hint() -> None:
    """Bring the hint's words into view where the page is one column (a phone)."""
    box = document.querySelector("#hint .hint-box")
    if found(box) and window.innerWidth <= ONE_COLUMN:
        box.scrollIntoView(to_js({"block": "nearest"}))
