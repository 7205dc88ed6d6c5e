"""The replay in the page: "Replay the game" at game over (or the last finished game from the
header), stepped with Previous / Next / Next turn, a turn slider and the arrow keys, from the
chair the viewer picks. The steps and all their markup come from ``park.ui.replay.model`` and
``park.ui.replay.html``; this module only puts them in the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dom import by_id, found
from notices import hide_notice, notice
from pyscript import document  # type: ignore[import-not-found]
from record_page import last_game

from park.ui.lang.i18n import _

if TYPE_CHECKING:
    from park.engine.deck import Card
    from park.engine.state import GameState
    from park.ui.game.session import Session
    from park.ui.replay.model import Replay

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
    """The replay screen (``#replay``): ``show`` (a callback ``(screen_id) -> None`` from the
    page) switches to it and back."""

    def __init__(self, show: Any) -> None:
        self._show = show
        self.replay: Replay | None = None
        self.cards: dict[str, Card] = {}
        """The replayed game's cards by id."""
        self.index = 0
        self.viewer = "0"
        self.back_to = "game"
        """The screen the replay closes to."""

    @property
    def is_open(self) -> bool:
        """Whether the replay screen is showing."""
        return self.replay is not None and not by_id("replay").hidden

    def open(self, state: GameState, *, viewer: int, back_to: str) -> None:
        """Replay the game ``state`` ended, from its deal, in ``viewer``'s chair (a seat),
        closing back to the ``back_to`` screen."""
        from park.ui.lang.text import listing
        from park.ui.replay.html import viewer_options
        from park.ui.replay.model import Replay

        self.replay = Replay(state)
        self.cards = {c.id: c for c in state.rules.cards}
        self.index = 0
        self.viewer = str(viewer)
        self.back_to = back_to
        select = by_id("replay-viewer")
        select.innerHTML = ""
        for value, label in viewer_options(self.replay):
            option = document.createElement("option")
            option.value = value
            option.textContent = label
            select.appendChild(option)
        select.value = self.viewer
        slider = by_id("replay-turn")
        slider.max = str(len(self.replay.turn_starts) - 1)
        names = state.settings.seats
        by_id("replay-title").textContent = _("Replay of game {seed}: {names}").format(
            seed=state.settings.seed,
            names=listing([s.name for s in names]),
        )
        self._show("replay")
        self.render()
        by_id("replay-next").focus()

    def close(self) -> None:
        """Back to the screen the replay was opened from."""
        self._show(self.back_to)

    def open_game(self, button: Any, session: Session | None, screen: str) -> None:
        """ "Replay the game" (``session``, just over) or "Replay the last game" (kept:
        ``session`` is ``None``), opened from ``button`` on ``screen``."""
        if session is not None and session.is_over:
            state, viewer = session.state, session.human
        else:
            kept = last_game()
            if kept is None:
                notice(_("The last finished game could not be found for a replay."))
                return
            state, viewer = kept, 0
        hide_notice()
        self.open_from(button, state, viewer=viewer, screen=screen)

    def open_from(self, button: Any, state: GameState, *, viewer: int, screen: str) -> None:
        """:meth:`open` from ``button`` (the dialog it is in closes) on the page's ``screen``:
        the replay closes back to it (from the replay itself, to where it would before)."""
        dialog = button.closest("dialog")
        if found(dialog):
            dialog.close()
        self.open(state, viewer=viewer, back_to=self.back_to if screen == "replay" else screen)

    def render(self) -> None:
        """Draw the current step from the chosen chair."""
        replay = self.replay
        if replay is None:
            return
        from park.ui.replay.html import replay_parts

        parts = replay_parts(replay, self.index, self.viewer, self.cards)
        for element_id, markup in parts.markup.items():
            by_id(element_id).innerHTML = markup
        slider = by_id("replay-turn")
        slider.value = str(parts.turn)
        slider.setAttribute("aria-valuetext", parts.label)
        by_id("replay-turn-label").textContent = parts.label
        by_id("replay-prev").disabled = self.index == 0
        by_id("replay-prev-turn").disabled = self.index == 0
        by_id("replay-next").disabled = self.index == replay.last
        by_id("replay-next-turn").disabled = self.index == replay.last

    def on_ui(self, name: str) -> bool:
        """A replay button (``data-ui`` ``name``); ``False`` when it is not one of them."""
        replay = self.replay
        if replay is None or not name.startswith("replay-"):
            return False
        if name == "replay-close":
            self.close()
            return True
        steps: dict[str, Callable[[], int]] = {
            "replay-prev": lambda: self.index - 1,
            "replay-next": lambda: self.index + 1,
            "replay-prev-turn": lambda: replay.previous_turn(self.index),
            "replay-next-turn": lambda: replay.next_turn(self.index),
            "replay-start": lambda: 0,
            "replay-end": lambda: replay.last,
        }
        step = steps.get(name)
        if step is None:
            return False
        self.index = replay.clamp(step())
        self.render()
        return True

    def on_change(self, target: Any) -> bool:
        """The viewer menu or the turn slider; ``False`` for another control."""
        replay = self.replay
        if replay is None:
            return False
        if target.id == "replay-viewer":
            self.viewer = str(target.value)
        elif target.id == "replay-turn":
            self.index = replay.slider_index(int(target.value))
        else:
            return False
        self.render()
        return True

    def on_key(self, event: Any) -> bool:
        """The arrow keys (one decision) and Page Up / Page Down (one turn) while the replay
        shows, unless a menu or the slider has the focus (they use the arrows themselves)."""
        name = KEYS.get(str(event.key))
        if name is None or not self.is_open or event.ctrlKey or event.metaKey or event.altKey:
            return False
        if str(event.target.tagName) in ("SELECT", "INPUT", "TEXTAREA"):
            return False
        event.preventDefault()
        return self.on_ui(name)
