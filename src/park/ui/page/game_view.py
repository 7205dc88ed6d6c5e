"""The game screen from the page's state (issue 49).

The game shown's parts (``park.ui.game.screen``: the map, the decision, the hand, the panels), what
a puzzle draws instead of some of them (its question card, its verdict's place, its solution's
moves), and between two humans at one device the privacy screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from park.ui.lang.i18n import _
from park.ui.page.state import PageState
from park.ui.page.view_types import Element, GameScreen
from park.ui.setup.settings import GAME_TITLE

if TYPE_CHECKING:
    from park.ui.game.screen import ScreenParts


def shown_parts(state: PageState, *, motion: float) -> ScreenParts | None:
    """The game screen's parts for the game shown.

    ``None``: no game shown, or the privacy screen between two humans. ``motion``: the seconds
    its latest moves slide on the map (:func:`park.ui.page.pacing.slide` when they are new, and
    the same until the next move, so that a redraw meanwhile leaves the slide as it is).
    """
    shown = state.shown
    if shown is None or state.visible_screen != "game" or shown.privacy_needed:
        return None
    from park.ui.game.screen import screen_parts

    return screen_parts(
        shown,
        motion=motion,
        reach=state.settings.reach,
        thinking=state.coach.hint_progress or state.coach.hint_thinking,
        ticked=state.ticked,
    )


def overrides(state: PageState) -> dict[str, str]:
    """What the game screen shows in place of its own parts while a puzzle is played.

    The question card above the decision, and once the turn is over the decision's place; the
    solution's moves while it shows.
    """
    play = state.puzzle
    if play is None:
        return {}
    shown = play.solution
    if shown is not None:
        from park.ui.puzzles.solution import solution_parts

        return solution_parts(
            play.position,
            shown.solution,
            shown.session,
            shown.index,
            day=play.day,
            motion=shown.motion,
        )
    from park.ui.puzzles.catalogue import load_puzzles
    from park.ui.puzzles.html import puzzle_over_html, question_html

    verdict = play.verdict is not None
    deals = load_puzzles().deals if play.weighing else None
    parts = {"lesson": question_html(play.position.puzzle, play.day, weighing=deals, over=verdict)}
    if play.position.over(play.session.state):
        parts["decision"] = puzzle_over_html(judged=play.judged, verdict=verdict)
    return parts


def game_screen(state: PageState, parts: ScreenParts | None) -> tuple[GameScreen, str]:
    """The game screen's drawing and the page's title."""
    shown = state.shown
    assert shown is not None
    if shown.privacy_needed:
        name = shown.names[shown.active]
        title = _("{name}'s turn · {title}").format(name=name, title=_(GAME_TITLE))
        return GameScreen(None, privacy=name), title
    title = parts.title if parts is not None else _(GAME_TITLE)
    shown_over = overrides(state)
    if state.live is not None and parts is not None:  # the live table's line under whose turn
        from park.ui.page.live_view import live_line

        shown_over = {**shown_over, "status": parts.markup["status"] + live_line(state)}
    return GameScreen(parts, shown_over), title


def game_elements(state: PageState) -> dict[str, Element]:
    """The privacy screen's words between two humans at one device (the next player named)."""
    shown = state.shown
    if shown is None or not shown.privacy_needed:
        return {}
    name = shown.names[shown.active]
    return {
        "#privacy-title": Element(text=_("{name}'s turn").format(name=name)),
        "#privacy-text": Element(
            text=_(
                "Pass the device to {name}. Every hand is hidden until {name} shows theirs."
            ).format(name=name)
        ),
        "#show-hand": Element(text=_("Show my hand, {name}").format(name=name)),
    }
