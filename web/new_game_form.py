"""The New game form in the page (``#setup``).

Shown with "Back to the game" when a game is in progress and the kept unusable save to download, one
name field per human at the device, its table read into a game (or Today's expedition at the form's
table) and kept for the next time, and a note when today's expedition was already played; a problem
with the form is said under it.

Start-up imports only ``park.ui.setup.settings`` from ``park`` (the form needs no engine);
the record and Today's expedition's words when the form is shown and the record holds a
result of today, the session when a game starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dom import by_id
from first_screen import first_screen
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import to_js  # type: ignore[import-not-found]
from record_page import load_record, utc_day
from storage import RECORD_KEY, TABLE_KEY, download_url, kept_save, storage_get, storage_set

from park.ui.lang.i18n import _
from park.ui.setup.settings import (
    GAME_TITLE,
    NewGameSettings,
    parse_seed,
    parse_table,
    table_text,
)

if TYPE_CHECKING:
    from park.ui.game.session import Session


_table_filled = False


def fill_last_table() -> None:
    """The first time the form is shown, fill in the last game's table.

    The first time the form is shown, fill in the last game's table (kept in
    :data:`~storage.TABLE_KEY`): the humans and their names, the opponents, their level and
    hints. After that the form keeps what the player typed.
    """
    global _table_filled
    if _table_filled:
        return
    _table_filled = True
    if first_screen() == "form":  # web/first_screen.js filled it, the player may have changed it
        return
    table = parse_table(storage_get(TABLE_KEY))
    if table is None:
        return
    by_id("f-humans").value = str(table.humans)
    by_id("f-name").value = table.name
    for number, name in enumerate(table.others, start=2):
        by_id(f"f-name-{number}").value = name
    by_id("f-opponents").value = str(table.opponents)
    by_id("f-level").value = table.level
    by_id("f-hints").checked = table.hints
    show_name_fields()


def show_daily_played() -> None:
    """Under Today's expedition, when today's was already played (by "Your record").

    The result and the daily streak (``park.ui.record.daily.daily_note``); it can be played again.
    """
    element = by_id("daily-played")
    today = utc_day()
    if f'"{today}"' not in (storage_get(RECORD_KEY) or ""):  # not played today: load nothing
        element.hidden = True
        return
    from park.ui.record.daily import daily_note
    from park.ui.setup.daily import parse_day

    record, _problem = load_record()
    note = daily_note(record, parse_day(today)) if record is not None else None
    element.hidden = note is None
    element.textContent = note or ""


def show_form(*, in_game: bool) -> None:
    """Fill the New game form's screen (shown by the page).

    The last game's table the first time, whether today's expedition was played, "Back to the game"
    when ``in_game``, no old error, the kept unusable save to download if there is one, and the
    focus on the name (with a mouse or keys: on a touch screen it would open the keyboard).
    """
    document.title = _(GAME_TITLE)
    fill_last_table()
    show_daily_played()
    by_id("btn-back").hidden = not in_game
    by_id("form-error").hidden = True
    kept = kept_save()
    by_id("backup-note").hidden = kept is None
    if kept is not None:
        by_id("backup-download").href = download_url(kept)
    # Without scrolling: a notice above the form (e.g. an unusable save) stays in view. Not
    # on a touch screen, where a focused field opens the keyboard over the form.
    # Before ready, the first screen (web/first_screen.js) has placed the focus already.
    ready = document.documentElement.getAttribute("data-park-ready") == "true"
    placed = not ready and first_screen() == "form"
    if not window.matchMedia("(pointer: coarse)").matches and not placed:
        by_id("f-name").focus(to_js({"preventScroll": True}))


def show_name_fields() -> None:
    """One name field per human at this device beyond the first."""
    humans = int(by_id("f-humans").value)
    for field in document.querySelectorAll("#f-others [data-human]"):
        field.hidden = int(field.dataset.human) > humans
    by_id("f-name-label").textContent = _("Your name") if humans == 1 else _("Player 1's name")


def form_name() -> str:
    """The person at the device, for a puzzle.

    The form's first name (the last table's until the player changes it), else "You".
    """
    from park.engine.names import tidy_name

    fill_last_table()
    return tidy_name(str(by_id("f-name").value)) or _("You")


def form_settings() -> NewGameSettings:
    """The New game form's table. Raises ``ValueError`` for a seed that is not one."""
    humans = int(by_id("f-humans").value)
    return NewGameSettings(
        name=str(by_id("f-name").value),
        opponents=int(by_id("f-opponents").value),
        level=str(by_id("f-level").value),
        seed=parse_seed(str(by_id("f-seed").value)),
        hints=bool(by_id("f-hints").checked),
        others=tuple(str(by_id(f"f-name-{n}").value) for n in range(2, humans + 1)),
    )


def session_from_form(*, daily: bool) -> Session | None:
    """The form's game, or (``daily``) today's expedition at the form's table.

    ``None`` when the form has a problem, which is said under it. The seed field is emptied: a seed
    replays one deal, the next game is a new one.
    """
    from park.ui.game.session import Session

    try:
        settings = form_settings()
        if daily:
            from park.ui.setup.daily import daily_settings, parse_day

            settings = daily_settings(parse_day(utc_day()), settings)
        session = Session.new(settings)
    except ValueError as exc:
        error = by_id("form-error")
        error.textContent = _("Please check the form: {problem}.").format(problem=exc)
        error.hidden = False
        return None
    by_id("f-seed").value = ""
    storage_set(TABLE_KEY, table_text(settings), what="the table for the next game")
    return session


def offer_game(session: Session | None) -> None:
    """The "Download this game" button for the game in progress.

    The "Download this game" button for the game in progress (a file named by the day; "Open a
    saved game" reads one back, ``web/files.py``).
    """
    from park.ui.game.transfer import game_file_name

    link = by_id("game-export")
    link.hidden = session is None
    if session is not None:
        link.href = download_url(session.save_text())
        link.download = game_file_name(utc_day())
