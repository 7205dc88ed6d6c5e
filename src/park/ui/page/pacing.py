"""The AI seats' pace, from the page's state (issue 49).

The pause before an AI seat's next decision (the full pause of the speed setting before a turn, a
short one between the decisions of a turn, none while skipping to the player's turn:
``park.ui.setup.pace``), and how long the move just made slides on the map within it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from park.ui.setup.pace import pause_before, slide_time
from park.ui.setup.settings import THINKING_TIMES

if TYPE_CHECKING:
    from park.ui.game.session_view import SessionView
    from park.ui.page.state import PageState


def delay(state: PageState, session: SessionView) -> float:
    """Seconds to wait before the next decision of ``session``'s seat to move."""
    pace = state.pace
    new_turn = session.turn != pace.paced_turn
    return pause_before(state.settings.speed, new_turn=new_turn, skipping=pace.skipping)


def slide(state: PageState, session: SessionView) -> float:
    """Seconds the move just made in ``session`` slides on the map, within the pause after it.

    A short pause when the same AI turn goes on, else the full one.
    """
    return slide_time(delay(state, session))


def budget(state: PageState) -> float:
    """Seconds of thinking for the hard AI (and a hint): the page's setting."""
    return THINKING_TIMES[state.settings.thinking]
