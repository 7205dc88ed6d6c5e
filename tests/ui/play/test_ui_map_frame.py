"""The map's frame on a phone (issue 26, item 3; issue 39).

Pieces beyond any of its edges get a marker pointing their way, in a row under the frame, and Park's
reach badges the edges would cut move inside (park.ui.play.frame).
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from park.ui.play.frame import EDGE_MARGIN, edge_marker_html, off_side, shift_inside

FRAME = (0.0, 0.0, 390.0, 300.0)
"""A phone's frame: 390 px wide, 300 px tall."""


@pytest.mark.parametrize(
    ("box", "side"),
    [
        ((-80, 100, -40, 140), "left"),  # wholly beyond the left edge
        ((-40, 100, 0 + EDGE_MARGIN - 1, 140), "left"),  # a sliver shows: still hidden
        ((-40, 100, 20, 140), None),
        ((100, 100, 140, 140), None),
        ((390 - EDGE_MARGIN + 1, 100, 420, 140), "right"),
        ((400, 100, 440, 140), "right"),
        ((100, -60, 140, -20), "up"),  # above the frame
        ((100, 300 - EDGE_MARGIN + 1, 140, 340), "down"),
        ((-80, -60, -40, -20), "left"),  # off two ways: left or right first
    ],
)
def test_a_piece_beyond_an_edge_is_off_to_that_side(
    box: tuple[float, float, float, float], side: str | None
) -> None:
    assert off_side(box, FRAME) == side


def test_a_cut_badge_moves_inside_and_a_whole_one_stays() -> None:
    assert shift_inside(-20, 48, 0, 390) == 22  # "00%": its first digit was cut
    assert shift_inside(360, 428, 0, 390) == -40
    assert shift_inside(100, 168, 0, 390) == 0
    assert shift_inside(-120, -52, 0, 390) == 0  # wholly outside: it stays with its space
    assert shift_inside(400, 468, 0, 390) == 0


@given(
    st.floats(0, 1, exclude_min=True, exclude_max=True),
    st.floats(1, 300),
    st.floats(-500, 500),
    st.floats(100, 1000),
)
def test_a_badge_moved_inside_lies_whole_in_the_frame(
    along: float, width: float, frame_left: float, frame_width: float
) -> None:
    """A badge the frame's edge cuts, or one inside it, ends wholly inside.

    Its left edge is drawn ``along`` the stretch where it overlaps the frame (from one width
    before the frame's left to its right), so that no example is filtered out (Hypothesis
    once failed its health check when most random badges lay outside).
    """
    frame_right = frame_left + frame_width
    left = frame_left - width + along * (frame_width + width)
    assume(left + width > frame_left and left < frame_right)  # rounding at the very ends
    moved = left + shift_inside(left, left + width, frame_left, frame_right)
    assert moved >= frame_left + 2 - 1e-6
    if width <= frame_width - 4:
        assert moved + width <= frame_right - 2 + 1e-6


def test_a_marker_names_the_pieces_and_points_off_its_edge() -> None:
    html = edge_marker_html("right", ["Ada", "Captain Park"], ["#c0392b", ""], ".pk-captain")
    assert 'class="map-edge is-right"' in html and 'data-ui="map-edge"' in html
    assert 'data-target=".pk-captain"' in html and 'style="top' not in html
    assert html.count("map-edge-dot") == 1  # Captain Park has no colour of his own
    assert 'aria-label="Scroll the map to Ada, Captain Park"' in html
    assert html.index("Ada") < html.index("▶")
    left = edge_marker_html("left", ["Ada"], ["#c0392b"], "x")
    assert left.index("◀") < left.index("Ada</span>")
    assert "▲" in edge_marker_html("up", ["Ada"], ["#c0392b"], "x")
    assert "▼" in edge_marker_html("down", ["Ada"], ["#c0392b"], "x")
