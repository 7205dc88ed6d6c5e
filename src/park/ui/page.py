"""Everything the page shows of a game, as markup per element: what ``web/main.py`` renders.

:func:`page_parts` turns a :class:`~park.ui.session.Session` into the contents of the
page's game elements (by element id), so the browser side only assigns them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board_svg import board_svg, scoring_svg
from .panels import (
    decision_html,
    game_over_html,
    hand_html,
    log_html,
    players_html,
    scoring_note,
    status_html,
)
from .session import Session


@dataclass(frozen=True, slots=True)
class PageParts:
    """The game's elements as the page shows them.

    ``markup`` maps element ids to their inner HTML/SVG markup, ``text`` maps element ids to
    plain text, ``decision_kind`` is the kind of the human's pending decision (see
    :class:`~park.ui.view.DecisionView`) and ``game_over`` is the game-over dialog's markup,
    or ``None`` while the game goes on.
    """

    markup: dict[str, str]
    text: dict[str, str]
    decision_kind: str
    game_over: str | None


def page_parts(session: Session) -> PageParts:
    """The page's game elements for ``session``, from the human seat's view (R104: only what
    that seat may see)."""
    view = session.view()
    colours = [player.colour for player in view.players]
    return PageParts(
        markup={
            "status": status_html(view, session.seed),
            "board": board_svg(view.board),
            "scoring": scoring_svg(view.scoring),
            "players": players_html(view.players),
            "hand": hand_html(view),
            "decision": decision_html(view.decision),
            "log": log_html(session.log, colours),
        },
        text={"scoring-note": scoring_note(view.scoring)},
        decision_kind=view.decision.kind,
        game_over=None if view.over is None else game_over_html(view.over),
    )
