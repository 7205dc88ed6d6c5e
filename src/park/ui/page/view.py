"""The whole page derived from its state: :func:`view` (issue 49).

The view's types are :mod:`park.ui.page.view_types`; each part of the page is drawn from the state
by the module that knows it (the header, notices and form: ``screen_views``; the game screen:
``game_view``; the replay: ``replay_view``; the dialogs: ``dialog_views``). ``web/draw.py`` draws
a view by patching only what differs from the one it drew last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from park.ui.page import dialog_views, game_view, live_view, replay_view, screen_views
from park.ui.page.state import PANELS, SCREENS, PageState
from park.ui.page.view_types import Element, PageView

if TYPE_CHECKING:
    from park.ui.game.screen import ScreenParts


def view(state: PageState, parts: ScreenParts | None) -> PageView:
    """The whole page for ``state``.

    ``parts``: the game screen's parts for the game shown
    (:func:`park.ui.page.game_view.shown_parts`, made once per change).
    """
    visible = state.visible_screen
    elements: dict[str, Element] = {}
    for name in SCREENS:
        elements[f"#{name}"] = Element(hidden=name != visible)
    opened = {f"show-{p}": p in state.panels for p in PANELS}
    elements["#game"] = Element(hidden=visible != "game", classes=opened)
    for panel in PANELS:
        expanded = "true" if panel in state.panels else "false"
        selector = f'[data-ui="toggle-panel"][data-panel="{panel}"]'
        elements[selector] = Element(attrs={"aria-expanded": expanded})
    elements.update(screen_views.header(state))
    elements.update(screen_views.notices(state))
    title = screen_views.setup_title()
    game = None
    if visible == "setup":
        elements.update(screen_views.form(state))
    elif visible in ("game", "privacy") and state.shown is not None:
        game, title = game_view.game_screen(state, parts)
        elements.update(game_view.game_elements(state))
    elif visible == "replay" and state.replay is not None:
        elements.update(replay_view.replay_elements(state.replay))
    elements.update(dialog_views.dialogs(state, parts))
    elements.update(live_view.live_elements(state))
    return PageView(
        screen=visible,
        title=title,
        dialog=state.dialog,
        root=screen_views.root_marks(state, parts),
        elements=elements,
        game=game,
    )
