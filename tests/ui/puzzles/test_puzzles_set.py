"""The puzzle set shipped in the wheel (park/data/puzzles.json, made by tools/make_puzzles.py).

Its validation (a damaged entry is a clear error naming it), every position rebuilt through the
engine, and a sample of puzzles verified again on deals the tool never saw.
"""

from __future__ import annotations

import json
import random
import statistics
from typing import Any

import pytest
from tools.make_puzzles import (
    CHECK_MARGIN,
    MARGIN,
    candidates,
    encoded_moves,
    game_ends,
    lead,
)

from park.ai.deal_values import run, values_on_deals
from park.engine.observation import observe
from park.engine.rules import apply, legal_actions, new_game
from park.ui.puzzles.catalogue import PuzzleDataError, PuzzleGame, load_puzzles, parse_puzzles
from park.ui.puzzles.position import PuzzlePosition, puzzle_state


def shipped() -> dict[str, Any]:
    from importlib import resources

    text = resources.files("park").joinpath("data", "puzzles.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def test_the_set_holds_at_least_300_puzzles_each_clearly_best() -> None:
    puzzles = load_puzzles()
    assert len(puzzles.puzzles) >= 300
    assert [p.number for p in puzzles.puzzles] == list(range(1, len(puzzles.puzzles) + 1))
    for puzzle in puzzles.puzzles:
        assert puzzle.margin >= MARGIN - 0.01, puzzle.number
        assert puzzle.check[0] - puzzle.check[1] >= CHECK_MARGIN - 0.01, puzzle.number
        assert 1000 <= puzzle.rating <= 3000


def test_every_puzzle_rebuilds_through_the_engine_at_the_solvers_turn() -> None:
    for puzzle in load_puzzles().puzzles:
        state = puzzle_state(puzzle, "Ada")
        assert state.active == puzzle.seat
        assert state.settings.seats[puzzle.seat].name == "Ada"
        position = PuzzlePosition(puzzle, state)
        assert position.plays(puzzle.best_actions())
        assert position.plays(puzzle.runner_up_actions())


def test_the_best_plan_is_not_simply_the_first_move_offered() -> None:
    from park.engine.rules import legal_actions

    for puzzle in load_puzzles().puzzles[::10]:
        state = puzzle_state(puzzle, "Ada")
        assert puzzle.best_actions()[0] != legal_actions(state)[0], puzzle.number


@pytest.mark.slow
@pytest.mark.parametrize("index", [0, 101, 202, 299])
def test_a_sampled_puzzle_is_best_again_on_fresh_deals(index: int) -> None:
    """Rebuilt through the engine, the best plan is legal and still ranks first.

    It ranks first among the plans the tool compared, on deals neither of the tool's samples
    used.
    """
    puzzle = load_puzzles().puzzles[index]
    state = puzzle_state(puzzle, "Ada")
    view = observe(state, puzzle.seat)
    plans = [p.actions for p in candidates(view)]
    best = puzzle.best_actions()
    assert best in plans
    values = run(values_on_deals(view, plans, 24, f"puzzle-test:{puzzle.number}"))
    means = [statistics.fmean(v) for v in values]
    leader = max(range(len(plans)), key=lambda i: means[i])
    assert plans[leader] == best, (puzzle.number, means)
    runner = plans.index(puzzle.runner_up_actions())
    assert lead(values[leader], values[runner])[0] > 0


@pytest.mark.slow
def test_the_stored_values_are_what_the_deals_give_in_any_process() -> None:
    """The puzzle's deals are the same in this process as in the tool's (another hash seed).

    The best plan and the runner-up are worth exactly what the set says.
    """
    puzzles = load_puzzles()
    for puzzle in puzzles.puzzles[:: len(puzzles.puzzles) // 3]:
        view = observe(puzzle_state(puzzle, "Ada"), puzzle.seat)
        plans = [puzzle.best_actions(), puzzle.runner_up_actions()]
        values = run(values_on_deals(view, plans, puzzles.deals, puzzle.deal_key))
        assert [round(statistics.fmean(v), 2) for v in values] == list(puzzle.values)
        assert not game_ends(values), "no game ends inside a puzzle's rollouts"


def test_a_plan_is_worth_the_same_on_each_deal_whatever_is_valued_with_it() -> None:
    puzzle = load_puzzles().puzzles[0]
    view = observe(puzzle_state(puzzle, "Ada"), puzzle.seat)
    best, runner = puzzle.best_actions(), puzzle.runner_up_actions()
    together = run(values_on_deals(view, [runner, best], 4, "k"))
    alone = run(values_on_deals(view, [best], 4, "k"))
    assert together[1] == alone[0]


def test_values_on_deals_refuses_no_deals() -> None:
    puzzle = load_puzzles().puzzles[0]
    view = observe(puzzle_state(puzzle, "Ada"), puzzle.seat)
    with pytest.raises(ValueError, match="at least one deal"):
        run(values_on_deals(view, [puzzle.best_actions()], 0, "k"))


# -- damaged data ------------------------------------------------------------------------------


def damaged(change: str) -> str:
    data = shipped()
    puzzle, game = data["puzzles"][1], data["games"][data["puzzles"][1]["game"]]
    if change == "missing":
        del puzzle["rating"]
    elif change == "move":
        puzzle["best"] = ["step:nowhere-at-all", "fly:away"]
    elif change == "game":
        puzzle["game"] = len(data["games"])
    elif change == "ahead":
        puzzle["values"] = [puzzle["values"][1], puzzle["values"][0]]
    elif change == "seat":
        puzzle["seat"] = 9
    elif change == "at":
        puzzle["at"] = len(game["moves"]) + 1
    elif change == "seats":
        game["seats"] = ["hard", "no-such-level", "normal"]
    elif change == "moves":
        game["moves"] = game["moves"] + "!"
    elif change == "themes":
        puzzle["themes"] = ["club", "juggling"]
    elif change == "no themes":
        puzzle["themes"] = []
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "named", "problem"),
    [
        ("missing", "puzzle 2", "missing or unknown"),
        ("move", "puzzle 2", "is not a move"),
        ("game", "puzzle 2", "there is no game"),
        ("ahead", "puzzle 2", "not ahead of the runner-up"),
        ("seat", "puzzle 2", "has no seat 9"),
        ("at", "puzzle 2", "not among the game's moves"),
        ("seats", "game ", "3 to 7 AI levels"),
        ("moves", "game ", "one base-36 digit a move"),
        ("themes", "puzzle 2", "not a list of known themes"),
        ("no themes", "puzzle 2", "not a list of known themes"),
    ],
)
def test_a_damaged_entry_is_a_clear_error_naming_it(change: str, named: str, problem: str) -> None:
    with pytest.raises(PuzzleDataError, match=problem) as caught:
        parse_puzzles(damaged(change))
    assert named in str(caught.value)


def test_a_set_still_to_be_tagged_is_read_without_themes_only_when_asked() -> None:
    data = shipped()
    for puzzle in data["puzzles"]:
        del puzzle["themes"]
    with pytest.raises(PuzzleDataError, match="puzzle 1: its entries are missing or unknown"):
        parse_puzzles(json.dumps(data))
    untagged = parse_puzzles(json.dumps(data), themed=False)
    assert {puzzle.themes for puzzle in untagged.puzzles} == {()}
    assert untagged.puzzles[1].best == load_puzzles().puzzles[1].best
    retagged = parse_puzzles(damaged("themes"), themed=False)  # themes there are not read
    assert retagged.puzzles[1].themes == ()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{", "not JSON"),
        ('{"format": "park-record"}', "not a Park puzzle set"),
        ('{"format": "park-puzzles", "version": 9}', "version 9"),
        (
            '{"format": "park-puzzles", "version": 2, "deals": 24, "check_deals": 24, '
            '"margin": 6, "games": [], "puzzles": []}',
            "no puzzle",
        ),
    ],
)
def test_a_damaged_file_is_a_clear_error(text: str, problem: str) -> None:
    with pytest.raises(PuzzleDataError, match=problem):
        parse_puzzles(text)


def test_a_game_that_does_not_replay_is_named_when_its_puzzle_is_rebuilt() -> None:
    data = shipped()
    puzzle = data["puzzles"][4]
    game = data["games"][puzzle["game"]]
    game["moves"] = "z" + game["moves"][1:]  # the 36th legal action: there is no such move
    broken = parse_puzzles(json.dumps(data)).number(5)
    with pytest.raises(PuzzleDataError, match="puzzle 5: its game does not replay"):
        puzzle_state(broken, "Ada")


def test_the_tool_writes_a_games_moves_one_digit_each_and_they_replay() -> None:
    state = new_game(4, 11)
    rng = random.Random(3)
    actions = []
    for _ in range(150):
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state, _events = apply(state, action)
    game = PuzzleGame(11, ("normal",) * 4, encoded_moves(4, 11, actions))
    assert len(game.moves) == len(actions)
    replayed = new_game(4, 11)
    for index in game.move_indexes():
        replayed, _events = apply(replayed, legal_actions(replayed)[index])
    assert replayed == state
