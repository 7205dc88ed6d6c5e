"""The replay in the page.

"Replay the game" at game over (or the last finished game from the header), stepped with Previous /
Next / Next turn, a turn slider and the arrow keys, from the chair the viewer picks. The steps and
all their markup come from ``park.ui.replay.model`` and ``park.ui.replay.html``; this module only
puts them in the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dom import Command, by_id, found
from page_state import Notice, ReplayView
from pyscript import document  # type: ignore[import-not-found]
from record_page import last_game

from park.ui.lang.i18n import _

if TYPE_CHECKING:
    from page import Page

    from park.engine.state import GameState
    from park.ui.game.session import Session

KEYS = {
    "ArrowLeft": "replay-prev",
    "ArrowRight": "replay-next",
    "PageUp": "replay-prev-turn",
    "PageDown": "replay-next-turn",
    "Home": "replay-start",
    "End": "replay-end",
}
"""Keys that step the replay (besides the slider's own arrows), and the button each presses."""


class ReplayPage:
    """The replay screen (``#replay``).

    The replay shown is ``page.state.replay``; the page shows the replay's screen and, when it
    closes, the screen it was opened from.
    """

    def __init__(self, page: Page) -> None:
        self.page = page

    def open(
        self,
        state: GameState,
        *,
        viewer: int | str,
        back_to: str,
        public_only: bool = False,
        index: int = 0,
    ) -> None:
        """Replay the game ``state`` ended, in ``viewer``'s chair, from its deal or ``index``.

        ``viewer``: a seat, or a viewer choice (``park.ui.replay.html``); closing back to the
        ``back_to`` screen. ``public_only``: a shared game whose hands stay hidden.
        """
        from park.ui.lang.text import listing
        from park.ui.replay.html import viewer_options
        from park.ui.replay.model import Replay

        replay = Replay(state)
        cards = {c.id: c for c in state.rules.cards}
        self.page.state.replay = ReplayView(
            replay,
            cards,
            index=replay.clamp(index),
            viewer=str(viewer),
            back_to=back_to,
            public_only=public_only,
        )
        by_id("replay-share-box").hidden = True
        select = by_id("replay-viewer")
        select.innerHTML = ""
        for value, label in viewer_options(replay, public_only=public_only):
            option = document.createElement("option")
            option.value = value
            option.textContent = label
            select.appendChild(option)
        by_id("replay-turn").max = str(len(replay.turn_starts) - 1)
        names = state.settings.seats
        by_id("replay-title").textContent = _("Replay of game {seed}: {names}").format(
            seed=state.settings.seed,
            names=listing([s.name for s in names]),
        )
        self.page.show_screen("replay")
        by_id("replay-next").focus()

    def close(self) -> None:
        """Back to the screen the replay was opened from."""
        view = self.page.state.replay
        self.page.show_screen(view.back_to if view is not None else "game")

    def open_game(self, button: Any, session: Session | None) -> None:
        """The "Replay the game" or "Replay the last game" button, opened from ``button``.

        The "Replay the game" button (``session``, just over) or "Replay the last game" (kept:
        ``session`` is ``None``), opened from ``button``.
        """
        if session is not None and session.is_over:
            state, viewer = session.state, session.human
        else:
            kept = last_game()
            if kept is None:
                words = _("The last finished game could not be found for a replay.")
                self.page.notify(Notice(words))
                return
            state, viewer = kept, 0
        self.page.notify(None)
        dialog = button.closest("dialog")
        if found(dialog):
            dialog.close()
        page_state = self.page.state
        screen, view = page_state.screen, page_state.replay
        # from the replay itself, it closes to where it would before
        back_to = view.back_to if screen == "replay" and view is not None else screen
        self.open(state, viewer=viewer, back_to=back_to)

    def render(self) -> None:
        """Draw the current step from the chosen chair."""
        view = self.page.state.replay
        if view is None:
            return
        from park.ui.replay.html import replay_parts

        replay = view.replay
        parts = replay_parts(replay, view.index, view.viewer, view.cards)
        for element_id, markup in parts.markup.items():
            by_id(element_id).innerHTML = markup
        by_id("replay-viewer").value = view.viewer
        slider = by_id("replay-turn")
        slider.value = str(parts.turn)
        slider.setAttribute("aria-valuetext", parts.label)
        by_id("replay-turn-label").textContent = parts.label
        by_id("replay-prev").disabled = view.index == 0
        by_id("replay-prev-turn").disabled = view.index == 0
        by_id("replay-next").disabled = view.index == replay.last
        by_id("replay-next-turn").disabled = view.index == replay.last

    def commands(self) -> dict[str, Command]:
        """The replay's ``data-ui`` buttons: close it, and step it (see :meth:`step`)."""
        steps = ("prev", "next", "prev-turn", "next-turn", "start", "end")
        table: dict[str, Command] = {"replay-close": lambda _element: self.close()}
        for name in steps:
            table[f"replay-{name}"] = self._stepper(name)
        return table

    def _stepper(self, name: str) -> Command:
        """The command of the button that steps the replay by ``name``."""
        return lambda _element: self.step(name)

    def step(self, name: str) -> None:
        """Step the replay.

        One decision (``prev``, ``next``), one turn (``prev-turn``, ``next-turn``), or to its
        ``start`` or ``end``.
        """
        view = self.page.state.replay
        if view is None:
            return
        replay, index = view.replay, view.index
        steps: dict[str, Callable[[], int]] = {
            "prev": lambda: index - 1,
            "next": lambda: index + 1,
            "prev-turn": lambda: replay.previous_turn(index),
            "next-turn": lambda: replay.next_turn(index),
            "start": lambda: 0,
            "end": lambda: replay.last,
        }
        view.index = replay.clamp(steps[name]())
        self.page.redraw()

    def on_change(self, target: Any) -> bool:
        """The viewer menu or the turn slider; ``False`` for another control."""
        view = self.page.state.replay
        if view is None:
            return False
        if target.id == "replay-viewer":
            view.viewer = str(target.value)
        elif target.id == "replay-turn":
            view.index = view.replay.slider_index(int(target.value))
        else:
            return False
        self.page.redraw()
        return True

    def on_key(self, event: Any) -> bool:
        """The arrow keys and Page Up / Page Down while the replay shows.

        The arrow keys (one decision) and Page Up / Page Down (one turn) while the replay
        shows, unless a menu or the slider has the focus (they use the arrows themselves).
        """
        name = KEYS.get(str(event.key))
        showing = self.page.state.screen == "replay" and self.page.state.replay is not None
        if name is None or not showing or event.ctrlKey or event.metaKey or event.altKey:
            return False
        if str(event.target.tagName) in ("SELECT", "INPUT", "TEXTAREA"):
            return False
        event.preventDefault()
        self.step(name.removeprefix("replay-"))
        return True
