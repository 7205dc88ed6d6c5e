"""The map patched part by part (issue 24): park.ui.play.map_patch and board_markup."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from park.engine.actions import Step
from park.engine.rules import legal_actions
from park.ui.game.screen import screen_parts
from park.ui.game.session import Session
from park.ui.play.board_svg import board_markup, board_svg
from park.ui.play.map_patch import (
    PIECES_LAYER,
    SPACES_LAYER,
    MapMarkup,
    MapPatch,
    attribute_selector,
    map_patch,
)
from park.ui.setup.settings import NewGameSettings


def _session(seed: int = 7) -> Session:
    return Session.new(NewGameSettings(seed=seed, level="easy"), entropy=random.Random(seed))


def _applied(old: MapMarkup, plan: MapPatch) -> MapMarkup:
    """``old`` with ``plan``'s parts put in, as the page does."""
    layers, spaces, pieces = dict(plan.layers), dict(plan.spaces), dict(plan.pieces)
    return replace(
        old,
        layers=tuple((name, layers.get(name, markup)) for name, markup in old.layers),
        spaces=tuple((key, spaces.get(key, markup)) for key, markup in old.spaces),
        pieces=tuple((key, pieces.get(key, markup)) for key, markup in old.pieces),
    )


def _step(session: Session) -> None:
    """The human's first legal step (their turn starts the game in these deals)."""
    session.run_ai_turns()
    step = next(a for a in legal_actions(session.state) if isinstance(a, Step))
    session.act(step)


def test_the_maps_markup_is_the_parts_joined() -> None:
    session = _session()
    parts = screen_parts(session)
    board = parts.board
    assert parts.markup["board"] == board.html
    assert board.html.startswith(board.frame) and board.html.endswith("</svg>")
    assert [name for name, _ in board.layers] == [
        "pk-roads",
        "pk-under",
        SPACES_LAYER,
        "pk-over",
        "pk-trails",
        PIECES_LAYER,
    ]
    for key, markup in board.spaces:
        assert markup.startswith("<g ") and markup.endswith("</g>")
        assert key == attribute_selector(
            "data-space", markup.split('data-space="')[1].split('"')[0]
        )
    stops = [key for key, markup in board.spaces if 'tabindex="0"' in markup]
    assert stops == [attribute_selector("data-space", board.tab_stop)]
    seats = len(session.state.seats)
    *pawns, captain = (key for key, _ in board.pieces)  # the pawns in drawing order
    assert sorted(pawns) == sorted(f'.pk-pawn[data-seat="{seat}"]' for seat in range(seats))
    assert captain == ".pk-captain"


def test_a_selector_quotes_its_value() -> None:
    assert attribute_selector("data-space", "hotel_north") == '[data-space="hotel_north"]'
    assert attribute_selector("data-space", 'a"b\\c') == '[data-space="a\\"b\\\\c"]'


def test_board_svg_draws_the_same_map_as_its_parts() -> None:
    view = _session().view()
    assert board_svg(view.board, motion=0.3) == board_markup(view.board, motion=0.3).html


def test_nothing_changed_patches_nothing() -> None:
    session = _session()
    board = screen_parts(session).board
    assert map_patch(board, screen_parts(session).board, moved=False) == MapPatch((), (), ())


def test_a_new_move_draws_its_sliding_pieces_again_even_unchanged() -> None:
    session = _session()
    _step(session)
    board = screen_parts(session, motion=0.3).board
    you = f'.pk-pawn[data-seat="{session.human}"]'
    assert you in board.sliding
    plan = map_patch(board, board, moved=True)
    assert plan == MapPatch((), (), tuple(p for p in board.pieces if p[0] in board.sliding))
    assert map_patch(board, board, moved=False) == MapPatch((), (), ())
    still = screen_parts(session).board  # the same position drawn with no motion
    assert still.sliding == frozenset()


def test_a_step_patches_only_the_parts_that_changed() -> None:
    session = _session()
    session.run_ai_turns()
    before = screen_parts(session).board
    _step(session)
    after = screen_parts(session, motion=0.3).board
    plan = map_patch(before, after, moved=True)
    assert plan is not None
    assert 0 < len(plan.spaces) < len(after.spaces)
    changed = {
        name for (name, a), (_, b) in zip(before.layers, after.layers, strict=True) if a != b
    }
    assert {name for name, _ in plan.layers} == changed - {SPACES_LAYER, PIECES_LAYER}
    assert "pk-under" not in changed
    moved = {key for (key, a), (_, b) in zip(before.pieces, after.pieces, strict=True) if a != b}
    assert {key for key, _ in plan.pieces} == moved | after.sliding
    assert len(plan.pieces) < len(after.pieces)  # the others' pawns are not drawn again
    assert _applied(before, plan).html == after.html


def test_a_map_with_other_parts_is_drawn_whole() -> None:
    board = screen_parts(_session()).board
    assert map_patch(None, board, moved=False) is None
    other_frame = replace(board, frame=board.frame.replace("Map of London", "Plan"))
    assert map_patch(board, other_frame, moved=False) is None
    for fewer in (
        replace(board, spaces=board.spaces[1:]),
        replace(board, layers=board.layers[1:]),
        replace(board, pieces=board.pieces[1:]),
    ):
        assert map_patch(board, fewer, moved=False) is None


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_patching_a_whole_game_part_by_part_draws_every_map(seed: int) -> None:
    """Property: whatever happens between two redraws.

    The drawn parts patched with the plan are the new map.
    """
    session = _session(seed)
    drawn = screen_parts(session).board
    for _ in range(60):
        if session.is_over:
            break
        if session.human_at_marketplace:
            session.exchange(session.suggest_exchange("easy"))
        elif session.human_to_move:
            *_, action = session.suggest("easy")
            assert action is not None
            session.act(action)
        else:
            *_, action = session.think()
            assert action is not None
            session.play(action)
        board = screen_parts(session, motion=0.3).board
        plan = map_patch(drawn, board, moved=True)
        assert plan is not None
        assert _applied(drawn, plan).html == board.html
        drawn = board
