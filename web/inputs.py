"""The page's inputs read at the edge, as events (issue 49).

A click on a ``data-ui`` button is its command, a click on a decision or a map space its action, a
changed control its edit or choice, a key its key, another tab's stored value its change: each
read from the page (the button's marks, the control's value, the dialog it is in) with what its
update needs from the browser (today's date, the site's address, the stored text a command reads:
``park.ui.page.update.STORED_FOR``), and handed to the loop as a ``park.ui.page.events`` event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import focus
from dom import found, site_address
from patch import mark_toggled
from pyscript import document, window  # type: ignore[import-not-found]
from records import utc_day
from storage import storage_get

from park.ui.page.events import (
    Acted,
    Chosen,
    Command,
    Edited,
    Event,
    FileChosen,
    Key,
    PageHidden,
    PageShown,
    StorageChanged,
    Submitted,
    Ticked,
    Undone,
)
from park.ui.page.keys import SAVE_KEY
from park.ui.page.update import STORED_FOR

Dispatch = Callable[[Event], bool]
"""The page's loop (``loop.Loop.dispatch``): an event in, whether it was used out."""

CHOSEN = frozenset(
    {
        "speed",
        "thinking",
        "theme",
        "sound",
        "language",
        "replay-viewer",
        "replay-turn",
        "puzzle-theme",
    }
)
"""The controls whose change is a choice (:class:`~park.ui.page.events.Chosen`) by their id."""

BOXES = frozenset({"link-reveal", "replay-reveal"})
"""The tick boxes whose change is a choice (``"true"``/``"false"``)."""

FILES = frozenset({"game-import", "record-import"})


def command_of(element: Any, name: str | None = None) -> Event:
    """The event of a ``data-ui`` button ``element``: its command (Undo: the undo itself).

    ``name``: the command, where the element is not the button itself (a command the first
    screen kept before Python was ready).
    """
    name = name or str(element.getAttribute("data-ui"))
    if name == "undo":
        return Undone(storage_get(SAVE_KEY))
    data = {
        str(key): str(getattr(element.dataset, key)) for key in window.Object.keys(element.dataset)
    }
    dialog = element.closest("dialog")
    in_dialog = str(dialog.id).removesuffix("-dialog") if found(dialog) else None
    stored = storage_get(STORED_FOR[name]) if name in STORED_FOR else None
    return Command(
        name, data, dialog=in_dialog, today=utc_day(), site=site_address(), stored=stored
    )


def action_of(element: Any) -> Acted:
    """The event of a decision's control or a map space ``element``.

    Its action (with the autosave as stored now: the game may have moved on in another tab).
    """
    return Acted(str(element.dataset.action), storage_get(SAVE_KEY))


def change_of(target: Any) -> Event | None:
    """The event of a control that changed (``None``: not one of the page's)."""
    control = str(target.id)
    if str(target.name) == "market-card":
        return Ticked(str(target.value), bool(target.checked))
    if control in ("live-reply-text", "live-name"):
        return Edited(control, str(target.value))
    if control.startswith("f-"):
        value = ("true" if target.checked else "false") if control == "f-hints" else target.value
        return Edited(control, str(value))
    if control in CHOSEN:
        return Chosen(control, str(target.value))
    if control in BOXES:
        return Chosen(control, "true" if target.checked else "false", site=site_address())
    if control in FILES:
        return FileChosen(control)
    return None


def key_of(event: Any) -> Key:
    """The event of a key pressed (where the focus was decides what it does)."""
    target = event.target
    return Key(
        str(event.key),
        ctrl=bool(event.ctrlKey or event.metaKey),
        shift=bool(event.shiftKey),
        alt=bool(event.altKey),
        in_control=str(target.tagName) in ("SELECT", "INPUT", "TEXTAREA"),
        on_map=found(target.closest("#board")) if hasattr(target, "closest") else False,
        in_dialog=found(target.closest("dialog")) if hasattr(target, "closest") else False,
    )


def is_undo_key(event: Any) -> bool:
    """Whether a key press is Undo's.

    Ctrl+Z (Cmd+Z on a Mac) anywhere but in a text field (there the browser's own undo is kept).
    """
    if str(event.key).lower() != "z" or not (event.ctrlKey or event.metaKey):
        return False
    return not (event.shiftKey or event.altKey) and str(event.target.tagName) not in (
        "INPUT",
        "TEXTAREA",
    )


def on_click(dispatch: Dispatch, event: Any) -> None:
    """One handler for every button and clickable space of the page."""
    target = event.target
    ui = target.closest("[data-ui]")
    if found(ui):
        dispatch(command_of(ui))
        return
    summary = target.closest("#log summary")
    if found(summary):  # the player opens or closes a round: kept so across redraws
        mark_toggled(summary.parentElement)
        return
    action = target.closest("[data-action]")
    # event.detail counts rapid clicks: the second click of a double-click would land on
    # the button that replaced the first one, so only single clicks (and keyboard: 0) act.
    if found(action) and not action.hasAttribute("disabled") and int(event.detail) <= 1:
        dispatch(action_of(action))


def on_keydown(dispatch: Dispatch, event: Any) -> None:
    """Enter/Space steps to a focused map space (role=button); arrows: ``focus.arrow_on_map``."""
    if focus.arrow_on_map(event) or event.key not in ("Enter", " "):
        return
    target = event.target
    if target.getAttribute("role") == "button" and target.hasAttribute("data-action"):
        event.preventDefault()
        dispatch(action_of(target))


def on_shortcut(dispatch: Dispatch, event: Any) -> None:
    """Undo's keys, and the keys the replay and a puzzle's solution step with."""
    if is_undo_key(event):
        event.preventDefault()
        dispatch(Undone(storage_get(SAVE_KEY)))
    elif dispatch(key_of(event)):
        event.preventDefault()


def on_change(dispatch: Dispatch, event: Any) -> None:
    """A control changed (or was typed in)."""
    changed = change_of(event.target)
    if changed is not None:
        dispatch(changed)


def on_storage(dispatch: Dispatch, event: Any) -> None:
    """Another tab stored something: the autosave (compared again while shown) or a setting."""
    key = None if event.key is None else str(event.key)
    if key in (None, SAVE_KEY) and str(document.visibilityState) == "hidden":
        return
    value = None if event.newValue is None else str(event.newValue)
    dispatch(StorageChanged(key, value))


def on_visibility(dispatch: Dispatch, _event: Any) -> None:
    """Hidden: the table's picture is kept; shown: the autosave is compared again."""
    dispatch(PageHidden() if document.hidden else PageShown())


def on_submit(dispatch: Dispatch, event: Any) -> None:
    """The New game form."""
    event.preventDefault()
    dispatch(Submitted())
