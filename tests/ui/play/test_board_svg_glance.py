"""park.ui.play.board_svg and the view model, issue 15 (a table read at a glance).

Moves slide along the paths, pawns carry their seat's letter, the arrow keys move between spaces,
and a space's hint is its accessible description.
"""

from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from park import PlayCard, Step, legal_actions, standard_ruleset
from park.ui.game.session import Session
from park.ui.lang.text import OPPONENT_NAMES
from park.ui.play.board_svg import board_svg
from park.ui.play.colours import ink_on
from park.ui.play.geometry import ARROWS, arrow_neighbours, pawn_spots
from park.ui.play.panels import players_html
from park.ui.play.view import seat_letters
from park.ui.play.view_types import BoardView, MoveView
from park.ui.setup.settings import NewGameSettings

SVG = "{http://www.w3.org/2000/svg}"
BOARD = standard_ruleset().board
POINTS = tuple((s.id, float(s.x), float(s.y)) for s in BOARD.spaces)


def _classes(element: ET.Element) -> list[str]:
    return (element.get("class") or "").split()


def _style(element: ET.Element) -> dict[str, str]:
    """An element's inline style as a dict (``--dx`` -> ``-12px``)."""
    pairs = (item.split(":", 1) for item in (element.get("style") or "").split(";") if item)
    return {key.strip(): value.strip() for key, value in pairs}


def _px(value: str) -> float:
    return float(value.removesuffix("px"))


def _ms(value: str) -> int:
    return int(value.removesuffix("ms"))


def _pawn(root: ET.Element, seat: int) -> ET.Element:
    return next(
        g
        for g in root.iter(f"{SVG}g")
        if "pk-pawn" in _classes(g) and g.get("data-seat") == str(seat)
    )


def _my_seat(board: BoardView) -> int:
    return next(p.seat for p in board.pawns if p.is_you)


def _slides(element: ET.Element) -> list[ET.Element]:
    return [g for g in element.iter(f"{SVG}g") if "pk-slide" in _classes(g)]


def _translate(element: ET.Element) -> tuple[float, float]:
    match = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\)", element.get("transform") or "")
    assert match is not None
    return float(match[1]), float(match[2])


@pytest.fixture(scope="module")
def stepped() -> Session:
    """Seven seats; the human has just taken the first step of the game from the Club."""
    session = Session.new(NewGameSettings(opponents=6, level="easy", seed=4242))
    session.run_ai_turns()
    step = next(a for a in legal_actions(session.state) if isinstance(a, Step))
    session.act(step)
    return session


def _park_moved() -> Session:
    """A game in which the human has just played a card, so Captain Park moved one number."""
    rng = random.Random(5)
    session = Session.new(NewGameSettings(opponents=2, level="easy", seed=77))
    for _ in range(2000):
        session.run_ai_turns()
        legal = legal_actions(session.state)
        plays = [a for a in legal if isinstance(a, PlayCard)]
        session.act(plays[0] if plays else legal[rng.randrange(len(legal))])
        if any(m.is_park for m in session.view().board.moves):
            return session
    raise AssertionError("no card was ever played")


# -- motion ----------------------------------------------------------------------------------


def test_a_step_slides_the_pawn_from_where_it_was_drawn_with_the_given_duration(
    stepped: Session,
) -> None:
    board = stepped.view().board
    me = next(p for p in board.pawns if p.is_you)
    move = next(m for m in board.moves if not m.is_park)
    assert me.space == move.to
    # It stood in the row of pawns by the Club, in its seat's place.
    row = sorted([p.seat for p in board.pawns if p.space == move.origin] + [me.seat])
    club_row = pawn_spots(len(row), BOARD.by_id[move.origin], BOARD.height)
    assert me.came_from == club_row[row.index(me.seat)]
    root = ET.fromstring(board_svg(board, motion=0.45))
    (slide,) = _slides(_pawn(root, me.seat))
    style = _style(slide)
    assert me.came_from is not None
    assert _px(style["--dx"]) == pytest.approx(me.came_from[0] - me.x, abs=0.06)
    assert _px(style["--dy"]) == pytest.approx(me.came_from[1] - me.y, abs=0.06)
    assert (_ms(style["--slide"]), _ms(style["--delay"])) == (450, 0)
    # The slide goes along the path: the direction of the step from space to space.
    step_angle = math.atan2(move.y2 - move.y1, move.x2 - move.x1)
    slide_angle = math.atan2(-_px(style["--dy"]), -_px(style["--dx"]))
    assert abs(step_angle - slide_angle) < 0.25


def test_pawns_left_behind_slide_aside_and_the_others_stay_still(stepped: Session) -> None:
    board = stepped.view().board
    (move,) = board.moves
    root = ET.fromstring(board_svg(board, motion=0.45))
    moved = set()
    for pawn in board.pawns:
        slides = _slides(_pawn(root, pawn.seat))
        if pawn.came_from is None:
            assert slides == []
        else:
            assert len(slides) == 1
            moved.add(pawn.seat)
    # The stepper, and the pawns it left and joined: their rows re-centre by a few units.
    nudged = {p.seat for p in board.pawns if p.space in (move.origin, move.to)} - {_my_seat(board)}
    assert nudged, "the game has pawns sharing the spaces"
    assert moved == {_my_seat(board)} | nudged
    for pawn in board.pawns:
        if pawn.seat in nudged:
            assert pawn.came_from is not None
            assert abs(pawn.came_from[0] - pawn.x) <= 22 and pawn.came_from[1] == pawn.y
    assert {p.seat for p in board.pawns if p.space not in (move.origin, move.to)}.isdisjoint(moved)


def test_no_motion_no_animation_markup(stepped: Session) -> None:
    board = stepped.view().board
    still = board_svg(board, motion=0)
    assert "pk-slide" not in still and "--dx" not in still and "is-sliding" not in still
    assert still == board_svg(board)
    # and nothing slides on a board with no latest moves
    assert "pk-slide" not in board_svg(replace(board, moves=()), motion=0.0)


def test_captain_park_hops_from_his_old_number_to_the_new() -> None:
    session = _park_moved()
    board = session.view().board
    (hop,) = [m for m in board.moves if m.is_park]
    root = ET.fromstring(board_svg(board, motion=0.9))
    captain = next(g for g in root.iter(f"{SVG}g") if "pk-captain" in _classes(g))
    assert {"is-moved", "is-sliding"} <= set(_classes(captain))
    assert _style(captain) == {"--hop": "900ms", "--hops": "1"}
    (slide,) = _slides(captain)
    style = _style(slide)
    assert (_px(style["--dx"]), _px(style["--dy"])) == (hop.x1 - hop.x2, hop.y1 - hop.y2)
    assert (_ms(style["--slide"]), _ms(style["--delay"])) == (900, 0)
    still = ET.fromstring(board_svg(board, motion=0))
    captain = next(g for g in still.iter(f"{SVG}g") if "pk-captain" in _classes(g))
    assert "is-sliding" not in _classes(captain) and _slides(captain) == []


def test_several_park_moves_in_one_drawing_chain_hop_by_hop() -> None:
    board = _park_moved().view().board
    numbered = {s.number: s for s in BOARD.spaces if s.number is not None}
    a, b, c = numbered[5], numbered[6], numbered[7]
    hops = (
        MoveView(a.id, b.id, a.x, a.y, b.x, b.y, "#222222", True),
        MoveView(b.id, c.id, b.x, b.y, c.x, c.y, "#222222", True),
    )
    board = replace(board, moves=hops, park_space=c.id, park_x=c.x, park_y=c.y, park_number=7)
    root = ET.fromstring(board_svg(board, motion=0.6))
    captain = next(g for g in root.iter(f"{SVG}g") if "pk-captain" in _classes(g))
    assert _style(captain) == {"--hop": "300ms", "--hops": "2"}
    first, second = _slides(captain)  # nested: the first hop outside, the second inside it
    assert second in list(first)
    timing = [(_ms(_style(g)["--slide"]), _ms(_style(g)["--delay"])) for g in (first, second)]
    assert timing == [(300, 0), (300, 300)]
    # Before the slides start, the offsets add up to the first hop's origin.
    start = (
        sum(_px(_style(g)["--dx"]) for g in (first, second)),
        sum(_px(_style(g)["--dy"]) for g in (first, second)),
    )
    x, y = _translate(captain)
    assert (x + start[0], y + start[1]) == (a.x + 62, a.y - 34)


# -- letters ---------------------------------------------------------------------------------


def test_seat_letters_are_the_initials_made_unique() -> None:
    names = ["Phileas", *OPPONENT_NAMES]
    letters = seat_letters(names)
    assert letters == ("H", "L", "C", "Q", "M", "S", "D")
    assert seat_letters(["lucy", "Lady Agatha", "Leo"]) == ("L", "A", "E")
    assert seat_letters(["Al", "Al Bo", "A", "🐧", "🐧 Pingu"]) == ("A", "B", "3", "🐧", "I")
    for count in range(2, 8):
        assert len(set(seat_letters(names[:count]))) == count


def test_no_pawn_is_p_for_captain_park_while_its_name_offers_another_letter() -> None:
    """Issue 48: Professor Quill's "P" pawn read as Captain Park's."""
    assert seat_letters(["Ada", "Professor Quill"]) == ("A", "Q")
    assert seat_letters(["Pip"]) == ("I",)
    assert seat_letters(["P"]) == ("P",)  # nothing else to take


def test_every_pawn_and_swatch_shows_its_seat_letter_in_a_contrasting_colour(
    stepped: Session,
) -> None:
    view = stepped.view()
    root = ET.fromstring(board_svg(view.board))
    letters = {}
    for pawn in view.board.pawns:
        (text,) = [t for t in _pawn(root, pawn.seat).iter(f"{SVG}text")]
        assert "pk-pawn-letter" in _classes(text)
        assert _style(text) == {"fill": ink_on(pawn.colour)}
        letters[pawn.seat] = text.text
    assert len(set(letters.values())) == 7
    assert [p.letter for p in view.players] == [letters[i] for i in range(7)]
    panel = players_html(view.players)
    for player in view.players:
        swatch = (
            f'<span class="swatch" aria-hidden="true" style="color:{ink_on(player.colour)}">'
            f"{player.letter}</span>"
        )
        assert swatch in panel


# -- the arrow keys --------------------------------------------------------------------------


def test_every_space_can_be_reached_from_every_other_with_the_arrow_keys() -> None:
    ways = arrow_neighbours(POINTS)
    assert set(ways) == {s.id for s in BOARD.spaces}
    for origin in ways:
        seen, todo = {origin}, [origin]
        while todo:
            for other in ways[todo.pop()].values():
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        assert seen == set(ways), f"from {origin}"


def test_an_arrow_goes_to_a_space_that_way_and_the_nearest_that_way() -> None:
    ways = arrow_neighbours(POINTS)
    at = {pid: (x, y) for pid, x, y in POINTS}
    for pid, (x, y) in at.items():
        for direction, (dx, dy) in ARROWS.items():
            ahead = []
            for other, (ox, oy) in at.items():
                along, across = (ox - x) * dx + (oy - y) * dy, abs((ox - x) * dy - (oy - y) * dx)
                if other != pid and along > 0 and across <= along:
                    ahead.append((math.hypot(ox - x, oy - y), other))
            if not ahead:
                assert direction not in ways[pid]
                continue
            target = ways[pid][direction]
            assert target in {other for _, other in ahead}, (pid, direction)
            if direction in ("left", "right"):  # nearer ones that way are well off the line
                assert math.hypot(at[target][0] - x, at[target][1] - y) <= 2.5 * min(ahead)[0]
    club = ways["club"]
    assert (club["up"], club["down"], club["left"], club["right"]) == (
        "hotel_north",
        "market",
        "3",
        "10",
    )
    assert ways["market"]["down"] == "hotel_south"
    assert ways["4"]["right"] == "3" and ways["3"]["left"] == "4"


def test_the_map_is_one_tab_stop_and_each_space_names_its_arrow_neighbours(
    stepped: Session,
) -> None:
    stepped_board = stepped.view().board
    start = Session.new(NewGameSettings(opponents=2, seed=9))
    start.run_ai_turns()
    your_turn = start.view().board
    assert any(s.clickable for s in your_turn.spaces)
    waiting = replace(
        your_turn,
        spaces=tuple(replace(s, clickable=False, action=None) for s in your_turn.spaces),
    )
    ways = arrow_neighbours(POINTS)
    for board, expected in (
        (your_turn, next(s.id for s in your_turn.spaces if s.clickable)),
        (waiting, next(s.id for s in waiting.spaces if s.you_here)),
        (stepped_board, None),
    ):
        root = ET.fromstring(board_svg(board))
        spaces = [g for g in root.iter(f"{SVG}g") if g.get("data-space")]
        stops = [g.get("data-space") for g in spaces if g.get("tabindex") == "0"]
        assert len(stops) == 1
        if expected is not None:
            assert stops == [expected]
        for g in spaces:
            assert g.get("tabindex") in ("0", "-1")
            named = {d: g.get(f"data-{d}") for d in ARROWS if g.get(f"data-{d}") is not None}
            assert named == dict(ways[g.get("data-space") or ""])


# -- descriptions ----------------------------------------------------------------------------


def test_a_space_hint_is_its_accessible_description_not_its_name() -> None:
    session = Session.new(NewGameSettings(opponents=3, seed=4))
    session.run_ai_turns()
    board: BoardView = session.view().board
    root = ET.fromstring(board_svg(board))
    descs = {d.get("id"): d.text for d in root.iter(f"{SVG}desc")}
    spaces = {g.get("data-space"): g for g in root.iter(f"{SVG}g") if g.get("data-space")}
    assert any(s.clickable for s in board.spaces)
    for space in board.spaces:
        g = spaces[space.id]
        assert space.hint
        described = g.get("aria-describedby")
        assert described is not None and descs[described] == space.hint
        assert g.find(f"{SVG}desc") is not None, "the description lives in the space"
        label = g.get("aria-label") or ""
        assert space.hint not in label
        assert label == (f"Step to {space.label}" if space.clickable else space.label)
    assert len(descs) == len(board.spaces), "one description per space, ids unique"
