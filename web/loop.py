"""The page's one loop (issue 49): an event in, the state changed, the page drawn, the effects run.

:meth:`Loop.dispatch` is the only way anything changes: ``main.py`` hands it the inputs as events
(``park.ui.page.events``), the effects' runners (``effects.py``) hand it what they learned. Each
event goes through the pure update (``park.ui.page.update``); the game screen's parts are made once;
the player is told what is new (``park.ui.page.told``); the whole page is derived from the state
(``park.ui.page.view``) and drawn by patching (``draw.py``); then the effects run. Nothing here
imports the modules that call it: they get :meth:`dispatch` and :attr:`state` as arguments.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pyscript import window  # type: ignore[import-not-found]

if TYPE_CHECKING:
    from park.ui.game.screen import ScreenParts
    from park.ui.page.effects import Effect
    from park.ui.page.events import Event
    from park.ui.page.state import PageState
    from park.ui.page.view_types import PageView

Draw = Callable[["PageView", "PageState", bool], None]
"""Draws a view of the state (``draw.Drawer.draw``); the flag: the game's latest moves are new."""
Run = Callable[["Effect"], None]


class Loop:
    """The page's state, and the loop that changes it (see the module)."""

    def __init__(self, state: PageState, draw: Draw) -> None:
        self.state = state
        self.draw = draw
        self.run: Run = lambda _effect: None
        """Runs an effect (``effects.Effects.run``, set once it is made)."""
        self.parts: ScreenParts | None = None
        """The game screen's parts last drawn (the hint's words are said from them)."""
        self._drawn: tuple[int, int] | None = None
        """The game (its id) and its actions last drawn: new moves slide on the map."""
        self._motion = 0.0
        """The seconds the latest moves drawn slide on the map (until the next move)."""
        self._queue: list[Event] = []
        self._busy = False

    def dispatch(self, event: Event) -> bool:
        """Change the state by ``event``, draw the page, run the effects.

        Returns whether the event was used (a key: the browser's own action is then prevented).
        An event dispatched while another is handled (by an effect) waits for it.
        """
        if self._busy:
            self._queue.append(event)
            return True
        self._busy = True
        try:
            used = self._handle(event)
            while self._queue:
                self._handle(self._queue.pop(0))
        finally:
            self._busy = False
        return used

    def _handle(self, event: Event) -> bool:
        from park.ui.page.game_view import shown_parts
        from park.ui.page.live_state import PeerMessage
        from park.ui.page.pacing import slide
        from park.ui.page.told import settle
        from park.ui.page.update import update
        from park.ui.page.view import view

        step = update(self.state, event)
        if isinstance(event, PeerMessage) and step.state is self.state and not step.effects:
            return step.used  # a friend's message refused silently (a flood): nothing to draw
        state = step.state
        shown = state.shown
        drawn = None if shown is None else (id(shown), shown.actions_played)
        fresh = shown is not None and state.visible_screen == "game" and drawn != self._drawn
        if fresh and shown is not None:
            self._motion = slide(state, shown)
        parts = shown_parts(state, motion=self._motion)
        settled = settle(state, parts, before=self.state)
        self.state = settled.state
        if parts is not None:
            self._drawn, self.parts = drawn, parts
        self.draw(view(self.state, parts), self.state, fresh)
        # what the player is told first, then what the update itself asks (its words win)
        for effect in (*settled.effects, *step.effects):
            try:
                self.run(effect)
            except Exception as exc:  # an effect that fails never stops the page
                window.console.error(f"Park: {type(effect).__name__} failed: {exc!r}")
        return step.used
