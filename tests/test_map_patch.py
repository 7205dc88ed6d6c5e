"""The map patched part by part (issue 24): park.ui.play.map_patch and board_markup."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from park.engine.actions import Step
from park.engine.rules import legal_actions
from park.ui.game.page import page_parts
from park.ui.game.session import Session
from park.ui.play.board_svg import board_markup, board_svg
from park.ui.play.map_patch import (
    MOVING_LAYERS,
    SPACES_LAYER,
    MapMarkup,
    MapPatch,
    map_patch,
)
from park.ui.setup.settings import NewGameSettings


def _session(seed: int = 7) -> Session:
    return Session.new(NewGameSettings(seed=seed, level="easy"), entropy=random.Random(seed))


def _applied(old: MapMarkup, plan: MapPatch) -> MapMarkup:
    """``old`` with ``plan``'s parts put in, as the page does."""
    layers = dict(plan.layers)
    spaces = dict(plan.spaces)
    return replace(
        old,
        layers=tuple((name, layers.get(name, markup)) for name, markup in old.layers),
        spaces=tuple((key, spaces.get(key, markup)) for key, markup in old.spaces),
    )


def _step(session: Session) -> None:
    """The human's first legal step (their turn starts the game in these deals)."""
    session.run_ai_turns()
    step = next(a for a in legal_actions(session.state) if isinstance(a, Step))
    session.act(step)


def test_the_maps_markup_is_the_parts_joined() -> None:
    parts = page_parts(_session())
    board = parts.board
    assert parts.markup["board"] == board.html
    assert board.html.startswith(board.frame) and board.html.endswith("</svg>")
    assert [name for name, _ in board.layers] == [
        "pk-roads",
        "pk-under",
        SPACES_LAYER,
        "pk-over",
        "pk-trails",
        "pk-pawns",
    ]
    for key, markup in board.spaces:
        assert markup.startswith("<g ") and f'data-space="{key}"' in markup
    assert board.html.count('tabindex="0"') == 1
    assert f'data-space="{board.tab_stop}" transform' in board.html.split('tabindex="0"')[0]


def test_board_svg_draws_the_same_map_as_its_parts() -> None:
    view = _session().view()
    assert board_svg(view.board, motion=0.3) == board_markup(view.board, motion=0.3).html


def test_nothing_changed_patches_nothing() -> None:
    session = _session()
    board = page_parts(session).board
    assert map_patch(board, page_parts(session).board, moved=False) == MapPatch((), ())


def test_a_new_move_draws_the_moving_layers_again_even_unchanged() -> None:
    board = page_parts(_session()).board
    plan = map_patch(board, board, moved=True)
    assert plan is not None
    assert {name for name, _ in plan.layers} == MOVING_LAYERS
    assert plan.spaces == ()


def test_a_step_patches_only_the_parts_that_changed() -> None:
    session = _session()
    session.run_ai_turns()
    before = page_parts(session).board
    _step(session)
    after = page_parts(session, motion=0.3).board
    plan = map_patch(before, after, moved=True)
    assert plan is not None
    assert 0 < len(plan.spaces) < len(after.spaces)
    changed = {
        name for (name, a), (_, b) in zip(before.layers, after.layers, strict=True) if a != b
    }
    assert {name for name, _ in plan.layers} == changed | MOVING_LAYERS
    assert "pk-under" not in changed
    assert _applied(before, plan).html == after.html


def test_a_map_with_other_parts_is_drawn_whole() -> None:
    board = page_parts(_session()).board
    assert map_patch(None, board, moved=False) is None
    other_frame = replace(board, frame=board.frame.replace("Map of London", "Plan"))
    assert map_patch(board, other_frame, moved=False) is None
    fewer_spaces = replace(board, spaces=board.spaces[1:])
    assert map_patch(board, fewer_spaces, moved=False) is None
    fewer_layers = replace(board, layers=board.layers[1:])
    assert map_patch(board, fewer_layers, moved=False) is None


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_patching_a_whole_game_part_by_part_draws_every_map(seed: int) -> None:
    """Property: whatever happens between two redraws, the drawn parts patched with the
    plan are the new map."""
    session = _session(seed)
    drawn = page_parts(session).board
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
        board = page_parts(session, motion=0.3).board
        plan = map_patch(drawn, board, moved=True)
        assert plan is not None
        assert _applied(drawn, plan).html == board.html
        drawn = board
