"""The browser's ``localStorage``, read and written for the page.

The get/set/remove helpers that never fail the game (storage may be full or disabled), the Web
Locks, and the autosave's resume at start-up (the keys: ``park.ui.page.keys``).

Start-up imports only ``park.ui.lang.i18n`` from ``park``: the session is imported when a
save is resumed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]
from pyscript import window  # type: ignore[import-not-found]

from park.ui.lang.i18n import _
from park.ui.page.keys import (
    BACKUP_KEY,
    BACKUPS,
    PROBE_KEY,
    SAVE_KEY,
)

if TYPE_CHECKING:
    from park.ui.game.session import Session


def storage_get(key: str) -> str | None:
    """A ``localStorage`` value, or ``None`` if missing or storage is unavailable."""
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # storage disabled (privacy settings): play without saves
        return None
    return value if isinstance(value, str) else None


def storage_set(key: str, value: str, *, what: str = "the game") -> str | None:
    """Store a value.

    A full or disabled storage only loses ``what`` is kept there (the autosave, a setting), never
    the game in play: the console says so. Returns ``None`` when it was stored, else ``"full"`` (the
    browser's quota is used up) or ``"blocked"`` (the browser keeps nothing for this site).
    """
    try:
        window.localStorage.setItem(key, value)
    except Exception as exc:
        window.console.warn(f"Park: could not save {what} in this browser.")
        return "full" if "quota" in str(exc).lower() else "blocked"
    return None


def storage_works() -> bool:
    """Whether this browser lets the page keep anything (privacy settings may not)."""
    try:
        storage = window.localStorage
        storage.setItem(PROBE_KEY, "1")
        storage.removeItem(PROBE_KEY)
    except Exception as exc:
        return "quota" in str(exc).lower()  # full is not blocked: writing may work again
    return True


def locked(name: str, step: Callable[[], object]) -> Any:
    """Run ``step`` holding the Web Lock ``name`` (``navigator.locks``).

    One tab at a time of this browser runs a step under it. Returns what can be awaited until it has
    run (a browser without Web Locks runs it at once).
    """
    locks = getattr(window.navigator, "locks", None)
    if locks is None or not hasattr(locks, "request"):
        step()
        done: asyncio.Future[None] = asyncio.get_event_loop().create_future()
        done.set_result(None)
        return done
    return locks.request(name, create_once_callable(lambda _lock: step()))


def storage_remove(key: str) -> None:
    """Forget a stored value."""
    try:
        window.localStorage.removeItem(key)
    except Exception:
        return


def backup_keys() -> list[str]:
    """The keys that keep unusable saves, the first first."""
    return [BACKUP_KEY, *(f"{BACKUP_KEY}.{n}" for n in range(2, BACKUPS + 1))]


def kept_save() -> str | None:
    """The first kept unusable save (offered for download on the New game form), or ``None``."""
    return next((text for key in backup_keys() if (text := storage_get(key))), None)


def resume_saved(saved: str | None) -> tuple[Session | None, str | None]:
    """The game of ``saved`` (the autosave's text), or ``(None, message)``.

    The game of ``saved`` (the autosave's text), as
    :func:`park.ui.game.session.resume_or_new` returns it (with no autosave, a kept save this
    version can open now). A save that cannot be read gives ``(None, message)``, never an
    error: the page never stays blank because of an old save.
    """
    if saved is None:
        return retry_kept_save()
    from park.ui.game.session import resume_or_new  # a failure here is a broken build

    try:
        return resume_or_new(saved)
    except Exception as exc:  # never leave a blank page because of an old save
        return None, _("Your saved game could not be resumed ({details}).").format(details=exc)


def retry_kept_save() -> tuple[Session | None, str | None]:
    """With no autosave, try the kept saves again.

    One this version can open (a save from a newer version, after an update) goes on, and is the
    autosave again.
    """
    for key in backup_keys():
        kept = storage_get(key)
        if kept is None:
            continue
        from park.ui.game.session import resume_or_new

        try:
            session, notice = resume_or_new(kept)
        except Exception:  # still unusable: it stays kept, and nothing is said
            continue
        if session is not None:
            storage_set(SAVE_KEY, kept)
            storage_remove(key)
            if notice:
                return session, _(
                    "A saved game kept from before can be opened now, and goes on. {notice}"
                ).format(notice=notice)
            return session, _("A saved game kept from before can be opened now, and goes on.")
    return None, None


def keep_unusable_save(saved: str, message: str) -> str:
    """Move a save this version cannot open to :data:`BACKUP_KEY` or the next free slot.

    Move a save this version cannot open to :data:`BACKUP_KEY` (or the next free kept
    slot), which frees the autosave slot for a new game; the autosave stays if it could not
    be kept (never drop the only copy). Returns what the page says: ``message`` (why the save
    could not be used) and that it is kept for download.
    """
    keys = backup_keys()
    key = next((k for k in keys if storage_get(k) in (None, saved)), keys[-1])
    storage_set(key, saved)
    if storage_get(key) == saved:
        storage_remove(SAVE_KEY)
    return _("{message} It is kept: you can download it. A new game can be started.").format(
        message=message
    )
