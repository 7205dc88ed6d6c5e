"""One game across the tabs of this browser.

The autosave written under a Web Lock (``navigator.locks``) only over the save this tab last read or
wrote, other tabs' saves followed (the ``storage`` event, and a look again when the tab is shown),
the "This game continued in another tab" note with its "Continue here" button, and "saving is off"
said once when the browser's storage is blocked or full. ``<html data-park-synced>`` is ``"false"``
while a save waits for the lock (the tests wait for ``"true"``).

Which save wins is decided by ``park.ui.game.saves`` (pure, tested in CPython); this module
only reads and writes the browser's storage with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dom import by_id
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]
from storage import SAVE_KEY, locked, storage_get, storage_set, storage_works

from park.ui.lang.i18n import _

if TYPE_CHECKING:
    from page import Page

    from park.ui.game.saves import SaveMark

LOCK = "park.save"
"""The Web Lock every tab holds while it compares and writes the autosave."""


class SharedSave:
    """The autosave shared by this browser's tabs, for the page's game in progress.

    The autosave shared by this browser's tabs, for the page's game in progress
    (``page.state.session``): another tab's save of it is followed (``page.follow``), a
    setting changed there taken (``page.take_setting``), and a fork kept in the page's state
    (``page.state.stale``).
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.held: SaveMark | None = None
        """The save this tab last read or wrote (``None``: the slot was empty)."""
        self.pending = False
        self.queued: Any = None
        """What can be awaited until the queued save has run."""
        self.own = False
        """Whether this tab's game holds the player's own moves not yet written (not only
        the AI seats')."""
        self.failure: str | None = None
        """Why saving is off (said once), or ``None`` while saves are kept."""
        self._proxies = [
            create_proxy(self.on_storage),
            create_proxy(lambda _event: self.look_again()),
        ]
        window.addEventListener("storage", self._proxies[0])
        window.addEventListener("pageshow", self._proxies[1])
        document.addEventListener("visibilitychange", self._proxies[1])

    def started(self) -> None:
        """The page has read (or resumed, or put aside) the autosave: it holds what is stored now.

        Where storage is blocked, say at once that saving is off.
        """
        from park.ui.game.saves import mark_of

        self.held = mark_of(storage_get(SAVE_KEY))
        if not storage_works():
            self.saving_off(blocked=True)

    # -- learning that another tab saved ----------------------------------------------------

    def on_storage(self, event: Any) -> None:
        """Another tab wrote the autosave (follow it) or a setting (take it)."""
        key = event.key
        if key is None or str(key) == SAVE_KEY:
            self.look_again()
        elif event.newValue is not None:
            self.page.take_setting(str(key), str(event.newValue))

    def look_again(self) -> None:
        """Compare with the stored save (when the tab is shown, or another tab saved)."""
        if str(document.visibilityState) != "hidden":
            self.save(own=False)

    def moved_on(self) -> bool:
        """Before one of the player's moves.

        Whether the game moved on in another tab (then this tab shows the newer position, or says it
        continued there, and the move is not made). Reads the stored save at once, without waiting
        for the lock.
        """
        if self.page.state.stale:
            self.show_note()
            return True
        from park.ui.game.saves import mark_of

        stored = mark_of(storage_get(SAVE_KEY))
        held = self.held
        if (
            stored is None
            or held is None
            or (stored.revision == held.revision and stored.same_position(held))
        ):
            return False
        return self.sync(write=False) in ("follow", "fork")

    # -- writing -----------------------------------------------------------------------------

    def save(self, *, own: bool = True) -> None:
        """Keep this tab's game, or follow another tab's.

        Keep this tab's game (after every action: ``own``, the player's, else an AI
        seat's), or follow another tab's: one locked step queued, which saves whatever the
        game is when it runs.
        """
        self.own = self.own or own
        document.documentElement.dataset.parkSynced = "false"
        if not self.pending:
            self.pending = True
            self.queued = locked(LOCK, self.sync)

    async def saved(self) -> None:
        """Wait until the queued save (if any) has run."""
        if self.pending and self.queued is not None:
            await self.queued

    async def flush(self) -> None:
        """Save now and wait until it is done (before the page reloads)."""
        await locked(LOCK, self.sync)

    def sync(self, *, write: bool = True) -> str:
        """Compare this tab's game with the stored save and act on the decision.

        Compare this tab's game with the stored save and act on
        :func:`park.ui.game.saves.decide` (run under the lock when ``write``); returns the
        decision's value.
        """
        from park.ui.game.saves import Decision, decide, mark_of, next_revision

        if write:
            self.pending = False
        if self.page.state.stale:
            return Decision.FORK.value
        text = storage_get(SAVE_KEY)
        stored = mark_of(text)
        session = self.page.state.session
        out = session.save_text(next_revision(self.held, stored)) if session else None
        mine = mark_of(out)
        decision = decide(
            self.held, mine, stored, stored_text=text is not None, ai_only=not self.own
        )
        if decision is Decision.WRITE and write and out is not None:
            self.write(out)
        elif decision is Decision.ADOPT:
            self.held, self.own = stored, False
        elif decision is Decision.FOLLOW and text is not None:
            if self.page.follow(text):
                self.held, self.own = stored, False
            else:
                self.fork()
        elif decision is Decision.FORK:
            self.fork()
        if not self.pending:  # what the page shows is saved (or said not to be)
            document.documentElement.dataset.parkSynced = "true"
        return decision.value

    def write(self, text: str) -> None:
        """Write the autosave; a failure (storage full or blocked) is said once."""
        from park.ui.game.saves import mark_of

        problem = storage_set(SAVE_KEY, text)
        if problem is None:
            self.held, self.own = mark_of(text), False
            if self.failure is not None:  # space was freed: saving is on again
                self.failure = None
                by_id("storage-note").hidden = True
        else:
            self.saving_off(blocked=problem == "blocked")

    def saving_off(self, *, blocked: bool) -> None:
        """Say, once, that the game is not being kept, and why; the game plays on."""
        if self.failure is not None:
            return
        self.failure = (
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
        note = by_id("storage-note")
        note.textContent = self.failure
        note.hidden = False

    # -- a fork ------------------------------------------------------------------------------

    def fork(self) -> None:
        """The game continued in another tab, and this tab holds moves of its own.

        Write nothing more, and say so with "Continue here".
        """
        self.page.state.stale = True
        self.show_note()

    def show_note(self) -> None:
        """Show the "This game continued in another tab" note."""
        note = by_id("tab-note")
        note.hidden = False
        note.scrollIntoView()

    def continue_here(self) -> None:
        """The "Continue here" button's command.

        This tab takes the game as the other tab left it (a save this version cannot open: the page
        reloads, and says what it can).
        """
        from park.ui.game.saves import mark_of

        text = storage_get(SAVE_KEY)
        by_id("tab-note").hidden = True
        self.page.state.stale = False
        if text is None or not self.page.follow(text):
            window.location.reload()
            return
        self.held, self.own = mark_of(text), False
