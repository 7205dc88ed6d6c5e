"""The replay's commands.

Open a finished game (just over, the last one kept, or a shared one), step it (a decision, a turn,
to its start or end; the slider; the arrow keys), watch it from a chair, share it at the decision
shown, close it (issue 49).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from park.ui.lang.i18n import _
from park.ui.page.effects import Focus, Select
from park.ui.page.state import Notice, PageState, ReplayView
from park.ui.page.step import Step

if TYPE_CHECKING:
    from park.engine.state import GameState

KEYS = {
    "ArrowLeft": "prev",
    "ArrowRight": "next",
    "PageUp": "prev-turn",
    "PageDown": "next-turn",
    "Home": "start",
    "End": "end",
}
"""Keys that step the replay (besides the slider's own arrows), and the step each makes."""

STEPS = ("prev", "next", "prev-turn", "next-turn", "start", "end")
"""The replay's steps, each a button ``replay-<step>``."""


def open_replay(
    state: PageState,
    game: GameState,
    *,
    viewer: int | str,
    back_to: str,
    public_only: bool = False,
    index: int = 0,
) -> Step:
    """Replay the game ``game`` ended, in ``viewer``'s chair, from its deal or ``index``.

    ``viewer``: a seat, or a viewer choice (``park.ui.replay.html``); closing back to the
    ``back_to`` screen. ``public_only``: a shared game whose hands stay hidden.
    """
    from park.ui.replay.model import Replay

    replay = Replay(game)
    view = ReplayView(
        replay,
        {c.id: c for c in game.rules.cards},
        index=replay.clamp(index),
        viewer=str(viewer),
        back_to=back_to,
        public_only=public_only,
    )
    shown = replace(state, replay=view, screen="replay", dialog=None)
    return Step(shown, (Focus("#replay-next", scroll=True),))


def open_game(state: PageState, last_game: GameState | None, *, just_over: bool) -> Step:
    """The "Replay the game" or "Replay the last game" button.

    The game in progress, just over (``just_over``), or the last game kept (``last_game``;
    ``None``: it cannot be read, said above the game). From the replay itself, it closes to
    where it would before.
    """
    session = state.session
    if just_over and session is not None and session.is_over:
        game, viewer = session.state, session.human
    elif last_game is not None:
        game, viewer = last_game, 0
    else:
        words = _("The last finished game could not be found for a replay.")
        return Step(replace(state, notice=Notice(words)))
    view = state.replay
    back_to = view.back_to if state.screen == "replay" and view is not None else state.screen
    return open_replay(replace(state, notice=None), game, viewer=viewer, back_to=back_to)


def close_replay(state: PageState) -> Step:
    """Back to the screen the replay was opened from."""
    view = state.replay
    back = view.back_to if view is not None else "game"
    if back == "setup":
        from park.ui.page.game_updates import show_setup

        return show_setup(state)
    return Step(replace(state, screen=back))


def step_replay(state: PageState, name: str) -> Step:
    """Step the replay.

    One decision (``prev``, ``next``), one turn (``prev-turn``, ``next-turn``), or to its
    ``start`` or ``end``.
    """
    view = state.replay
    if view is None:
        return Step(state)
    replay, index = view.replay, view.index
    steps: dict[str, Callable[[], int]] = {
        "prev": lambda: index - 1,
        "next": lambda: index + 1,
        "prev-turn": lambda: replay.previous_turn(index),
        "next-turn": lambda: replay.next_turn(index),
        "start": lambda: 0,
        "end": lambda: replay.last,
    }
    view = replace(view, index=replay.clamp(steps[name]()), link=None)
    return Step(replace(state, replay=view))


def choose_viewer(state: PageState, viewer: str) -> Step:
    """The viewer menu: the replay from ``viewer``'s chair."""
    if state.replay is None:
        return Step(state)
    return Step(replace(state, replay=replace(state.replay, viewer=viewer, link=None)))


def slide_to(state: PageState, turn: int) -> Step:
    """The turn slider: the replay at the start of ``turn``."""
    view = state.replay
    if view is None:
        return Step(state)
    view = replace(view, index=view.replay.slider_index(turn), link=None)
    return Step(replace(state, replay=view))


def replay_key(state: PageState, key: str, *, in_control: bool, modified: bool) -> Step | None:
    """The arrow keys (a decision) and Page Up / Page Down (a turn) while the replay shows.

    Not while a menu or the slider has the focus (they use the arrows themselves). ``None``: not
    the replay's key.
    """
    name = KEYS.get(key)
    if name is None or state.screen != "replay" or state.replay is None:
        return None
    if modified or in_control:
        return None
    return step_replay(state, name)


def share_replay(state: PageState, site: str, *, reveal: bool | None = None) -> Step:
    """The "Share this replay" button: a link that opens it at the decision shown, selected.

    Every hand is shown only when the box says so, never for a shared game whose hands were
    hidden.
    """
    from park.ui.game.link_views import game_link

    view = state.replay
    if view is None:
        return Step(state)
    reveal = (view.reveal if reveal is None else reveal) and not view.public_only
    link = game_link(view.replay.states[-1], site, at=view.index, reveal=reveal)
    if link is None:
        return Step(replace(state, notice=Notice(_("This game cannot be shared as a link."))))
    view = replace(view, link=link, reveal=reveal)
    return Step(replace(state, replay=view), (Select("replay-link"),))


def reveal_in_replay(state: PageState, on: bool, site: str) -> Step:
    """The replay's "Let them see every hand" box: the link shown is made again."""
    view = state.replay
    if view is None:
        return Step(state)
    state = replace(state, replay=replace(view, reveal=on))
    return share_replay(state, site, reveal=on) if view.link is not None else Step(state)
