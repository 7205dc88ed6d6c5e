"""The page's start (issue 49).

Its language, its first state, the autosave resumed, and what the first screen kept for Python
(``web/first_screen.js``) carried out.

The language is chosen first (the player's stored choice, else the browser's, else English) and the
static page translated. The first state holds the settings kept in this browser (or given in the
URL: ``?speed=``, ``?thinking=``, ``?autoplay=``). Then the autosave is read (a save this version
cannot open is kept for download) and handed to the page as one event; the command the player gave
before Python was ready is carried out, and a link in the address opened.
"""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Callable
from typing import Any

from dom import browser_languages, by_id, url_param
from draw import mark_language, translate_page
from first_screen import first_screen, take_over
from inputs import change_of, command_of
from pyscript import document, window  # type: ignore[import-not-found]
from storage import (
    keep_unusable_save,
    resume_saved,
    storage_get,
    storage_works,
)

from park.ui.game.startup import PAGE_MODULES
from park.ui.lang.i18n import DEFAULT_LANGUAGE, LanguageError, _, choose_language, set_language
from park.ui.page.events import Event, FileChosen, Fragment, Resumed, Submitted
from park.ui.page.keys import (
    LANGUAGE_KEY,
    LAST_GAME_KEY,
    REACH_KEY,
    SAVE_KEY,
    SOUND_KEY,
    SPEED_KEY,
    TABLE_KEY,
    THEME_KEY,
    THINKING_KEY,
)
from park.ui.page.state import PageState, Settings
from park.ui.setup.pace import speed_setting
from park.ui.setup.preferences import sound_setting, theme_setting
from park.ui.setup.settings import DEFAULT_THINKING, THINKING_TIMES, autoplay_level

FORM_FIELDS = (
    "f-humans",
    "f-name",
    "f-opponents",
    "f-level",
    "f-seed",
    "f-hints",
    *(f"f-name-{number}" for number in range(2, 8)),
)
"""The New game form's fields, read as the first screen left them."""


def start_language() -> str:
    """Choose, speak, mark and return the page's language, and translate the static page.

    A catalogue that cannot be read leaves the page in English.
    """
    started = window.performance.now()
    chosen = choose_language(storage_get(LANGUAGE_KEY), browser_languages())
    try:
        set_language(chosen)
    except LanguageError as exc:
        window.console.warn(f"Park: the page stays in English: {exc}")
        chosen = set_language(DEFAULT_LANGUAGE)
    # web/first_screen.js translated the static page already when it showed it
    root = document.documentElement
    if chosen != DEFAULT_LANGUAGE and root.getAttribute("data-park-translated") != chosen:
        translate_page()
    mark_language(chosen, window.performance.now() - started)
    return chosen


def initial_state(language: str) -> PageState:
    """The page's state before anything is shown.

    The settings kept in this browser (or given in the URL), in ``language``.
    """
    thinking = url_param("thinking") or storage_get(THINKING_KEY) or DEFAULT_THINKING
    dark = window.matchMedia("(prefers-color-scheme: dark)")
    settings = Settings(
        speed=speed_setting(url_param("speed") or storage_get(SPEED_KEY)),
        thinking=thinking if thinking in THINKING_TIMES else DEFAULT_THINKING,
        reach=storage_get(REACH_KEY) == "on",
        theme=theme_setting(storage_get(THEME_KEY)),
        system_dark=bool(dark.matches),
        sound=sound_setting(storage_get(SOUND_KEY)),
        language=language,
        autoplay=autoplay_level(url_param("autoplay")),
    )
    return PageState(settings=settings)


def form_fields() -> dict[str, str]:
    """The New game form's fields as the first screen left them (the player may have typed)."""
    fields = {}
    for field_id in FORM_FIELDS:
        field = by_id(field_id)
        value = ("true" if field.checked else "false") if field_id == "f-hints" else field.value
        fields[field_id] = str(value)
    return fields


def resumed() -> Resumed:
    """The autosave read at start-up, as the page's event.

    A save this version cannot open is kept for download, and said.
    """
    from records import utc_day

    saved = storage_get(SAVE_KEY)
    session, message = resume_saved(saved)
    unusable = None
    if session is None and saved is not None and message:
        message, unusable = keep_unusable_save(saved, message), saved
    return Resumed(
        session,
        message,
        good=unusable is None,
        unusable=unusable,
        table=storage_get(TABLE_KEY),
        form=form_fields() if first_screen() == "form" else None,
        last_game=storage_get(LAST_GAME_KEY) is not None,
        storage_works=storage_works(),
        saved=storage_get(SAVE_KEY),
        today=utc_day(),
    )


def start(dispatch: Callable[[Event], bool]) -> asyncio.Future[None]:
    """Resume the autosaved game or show the New game form, and start the rest.

    Then carry out what the first screen kept and open a link in the address. Returns the task
    importing the page's other modules.
    """
    kept = take_over()  # what the first screen showed (web/first_screen.js) is ours now
    event = resumed()
    try:
        dispatch(event)
    except Exception as exc:  # a save that loads but cannot be drawn: the form, and said
        window.console.warn(f"Park: the saved game could not be shown: {exc!r}")
        words = _("Your saved game could not be shown by this version of Park.")
        dispatch(Resumed(None, words, good=False, table=event.table, today=event.today))
    if kept is not None:  # pressed before Python was ready: carried out now
        carry_out(dispatch, *kept)
    dispatch(Fragment(str(window.location.hash or "")))
    return asyncio.ensure_future(warm_up())


def carry_out(dispatch: Callable[[Event], bool], command: str, element: Any) -> None:
    """A command given on the first screen before Python was ready.

    ``submit`` for the New game form, ``open-file`` for a game file chosen, else a ``data-ui``
    button's.
    """
    if command == "submit":
        dispatch(Submitted())
    elif command == "open-file":
        dispatch(change_of(element) or FileChosen("game-import"))
    else:
        dispatch(command_of(element, command))


async def warm_up() -> None:
    """Import the game's modules not loaded yet, each in its own slice.

    So that a click in between is answered (a page restored from the build's memory snapshot has
    them all).
    """
    for module in PAGE_MODULES:
        await asyncio.sleep(0)
        importlib.import_module(module)
