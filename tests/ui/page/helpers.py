"""Helpers for the tests of the page's one loop (``park.ui.page``), run in CPython.

:class:`Page` stands in for ``web/loop.py``: it holds the state, hands each event to the update,
settles what the player is told as the loop does, and keeps every effect asked for, so a test
plays the page's commands with no browser.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from park.ui.game.session import Session
from park.ui.page.effects import Effect
from park.ui.page.events import Acted, Command, Event, Resumed
from park.ui.page.game_view import shown_parts
from park.ui.page.state import PageState
from park.ui.page.told import settle
from park.ui.page.update import update
from park.ui.page.view import view
from park.ui.page.view_types import PageView
from park.ui.setup.settings import NewGameSettings

E = TypeVar("E")

TODAY = "2026-12-05"


@dataclass
class Page:
    """The page's loop without a browser: its state, and every effect it asked for."""

    state: PageState = field(default_factory=PageState)
    effects: list[Effect] = field(default_factory=list)
    drawn: tuple[int, int] | None = None

    def send(self, event: Event) -> bool:
        """Hand the page ``event``, as ``web/loop.py`` does; returns whether it was used."""
        step = update(self.state, event)
        shown = step.state.shown
        drawn = None if shown is None else (id(shown), shown.actions_played)
        parts = shown_parts(step.state, motion=0.0)
        settled = settle(step.state, parts, before=self.state)
        self.state = settled.state
        if parts is not None:
            self.drawn = drawn
        self.effects.extend((*settled.effects, *step.effects))
        return step.used

    def press(self, name: str, **data: str) -> bool:
        """A ``data-ui`` button ``name`` pressed (``dialog``: the dialog it is in)."""
        dialog = data.pop("dialog", None)
        return self.send(Command(name, data, dialog=dialog, today=TODAY, site="https://x.test/"))

    def act(self, text: str) -> bool:
        """A decision's control (or a map space) chosen."""
        return self.send(Acted(text))

    def view(self) -> PageView:
        """The page as its state shows it now."""
        shown = self.state.shown
        parts = shown_parts(self.state, motion=0.0) if shown is not None else None
        return view(self.state, parts)

    def asked(self, kind: type[E]) -> list[E]:
        """The effects of ``kind`` asked for so far (and forgets them all)."""
        found = [effect for effect in self.effects if isinstance(effect, kind)]
        self.effects.clear()
        return found


def started(session: Session | None = None, **fields: object) -> Page:
    """A page started as a browser starts it: the autosave resumed (``session``), or the form."""
    page = Page()
    page.send(Resumed(session, today=TODAY, **fields))  # type: ignore[arg-type]
    return page


def new_session(seed: int = 7, **settings: object) -> Session:
    """A new solo game against normal AIs (``settings``: more of the New game form's)."""
    return Session.new(NewGameSettings(name="Ada", seed=seed, **settings))  # type: ignore[arg-type]


def human_turn(seed: int = 7) -> Session:
    """A new game played on (by the AI seats) until the human decides."""
    session = new_session(seed)
    while session.ai_to_move:
        for item in session.think():
            if item is not None:
                session.play(item)
                break
    return session
