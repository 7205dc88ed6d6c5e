"""The coach's drawings on the map: Park's reach and a plan's route.

Park's reach shades each numbered space by the chance Captain Park lands there before the player's
next turn, with its percent. The route is the hint's, or in the review the player's and the hard
AI's.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from park.ui.play.markup import escape
from park.ui.play.view_types import BoardView
from park.ui.play.warnings import percent


def reach_under(board: BoardView) -> str:
    """The shading below the houses: the likelier Captain Park's landing, the redder."""
    shades = "".join(
        f'<rect x="{s.x - 96}" y="{s.y - 84}" width="192" height="140" rx="24" '
        f'fill-opacity="{0.06 + 0.45 * s.reach:.2f}"/>'
        for s in board.spaces
        if s.reach is not None and not s.park_here
    )
    return f'<g class="pk-reach" aria-hidden="true">{shades}</g>'


def reach_over(board: BoardView) -> str:
    """The percent badges above the houses.

    Their accessible text is each space's description, see
    :func:`park.ui.play.warnings.reach_words`. On a phone the page moves a badge (its
    ``pk-reach-badge`` group) inside the map's frame where the edge would cut it
    (``web/map_edges.py``).
    """
    badges = "".join(
        f'<g transform="translate({s.x + 50} {max(s.y - 66, 20)})"><g class="pk-reach-badge">'
        '<rect x="-34" y="-17" width="68" height="32" rx="9"/>'
        f'<text dy="7">{_odds(s.reach)}</text></g></g>'
        for s in board.spaces
        if s.reach is not None and not s.park_here
    )
    return f'<g class="pk-reach-badges" aria-hidden="true">{badges}</g>'


def _odds(chance: float) -> str:
    odds = percent(chance)
    return "&lt;1%" if odds == 0 and chance > 0 else f"{odds}%"


def route_svg(board: BoardView, start: str, spaces: Sequence[str], kind: str = "hint") -> str:
    """A plan's route from ``start`` through the ``spaces`` it steps to (ids), under the houses.

    A dashed line along the streets with each step's number on its street, and a frame around the
    last space. ``kind`` names its style (``hint``, ``yours``). Empty when the plan does not move.
    """
    where = {s.id: (s.x, s.y) for s in board.spaces}
    points = [where[start], *(where[s] for s in spaces if s in where)]
    if len(points) < 2:
        return ""
    path = " ".join(f"{x},{y}" for x, y in points)
    steps = []
    for k, ((x1, y1), (x2, y2)) in enumerate(itertools.pairwise(points), start=1):
        # a street walked twice (there and back) shows both numbers, side by side: the
        # offset is taken across the street the same way whichever way it is walked
        (ax, ay), (bx, by) = sorted(((x1, y1), (x2, y2)))
        length = math.hypot(bx - ax, by - ay) or 1.0
        side = 18 if k % 2 else -18
        mx = (x1 + x2) / 2 - (by - ay) / length * side
        my = (y1 + y2) / 2 + (bx - ax) / length * side
        steps.append(
            f'<g transform="translate({mx:.0f} {my:.0f})"><circle r="15"/>'
            f'<text dy="6">{k}</text></g>'
        )
    end_x, end_y = points[-1]
    return (
        f'<g class="pk-route is-{escape(kind)}" aria-hidden="true">'
        f'<rect x="{end_x - 100}" y="{end_y - 88}" width="200" height="148" rx="26"/>'
        f'<polyline points="{path}"/>{"".join(steps)}</g>'
    )
