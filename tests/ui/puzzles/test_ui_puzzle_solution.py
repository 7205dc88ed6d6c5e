"""A puzzle's solution, move by move (park.ui.puzzles.solution, issue 41 item 2).

Each puzzle's best turn is described one step an action, legal from the puzzle's start, in
words a newcomer can follow (the decision's button, what the move does, why it matters, what
happened), in both languages; the session it is shown in plays the same moves; its markup
offers no move to choose, Previous / Next and Try again; watching it changes no record, and only
a puzzle's first try moves the rating, however often it is tried again.
"""

from __future__ import annotations

import html
import re

import pytest

from park.engine.actions import PlayCard, Score, Step
from park.engine.languages import DEFAULT_LANGUAGE, TRANSLATIONS
from park.engine.rules import apply
from park.ui.lang.i18n import speaking
from park.ui.puzzles.catalogue import Puzzle, load_puzzles
from park.ui.puzzles.html import puzzle_over_html
from park.ui.puzzles.position import PuzzlePosition, puzzle_state
from park.ui.puzzles.progress import PuzzleRecord, add_try
from park.ui.puzzles.solution import (
    Solution,
    solution_move_html,
    solution_of,
    solution_parts,
    solution_session,
)

VARIED = (1, 14, 17, 53, 219)
"""Puzzles of one move, of a stay, of a card played on the way, and of a Club's score."""

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def position_of(number: int, name: str = "Ada") -> PuzzlePosition:
    puzzle = load_puzzles().number(number)
    return PuzzlePosition(puzzle, puzzle_state(puzzle, name))


def texts(solution: Solution) -> list[str]:
    return [solution.plan, *(step.text for step in solution.steps)]


def check_solution(position: PuzzlePosition, solution: Solution) -> None:
    """One described step an action of the best plan, each legal in turn from the start."""
    plan = position.puzzle.best_actions()
    assert tuple(step.action for step in solution.steps) == plan
    assert position.plays(plan), "the best plan is a whole legal turn from the start"
    state = position.start
    for step in solution.steps:
        assert step.title and step.does + step.why, step
        state, _events = apply(state, step.action)
    assert position.over(state)


@pytest.mark.parametrize("number", VARIED)
def test_each_move_of_the_best_turn_is_described_once_and_legal(number: int) -> None:
    position = position_of(number)
    check_solution(position, solution_of(position))


@pytest.mark.slow
def test_every_puzzles_solution_is_described_in_every_language() -> None:
    for puzzle in load_puzzles().puzzles:
        position = PuzzlePosition(puzzle, puzzle_state(puzzle, "Ada"))
        check_solution(position, solution_of(position))
        for code in TRANSLATIONS:
            with speaking(code):
                japanese = PuzzlePosition(puzzle, puzzle_state(puzzle, "花子"))
                said = texts(solution_of(japanese))
            left = [t for t in said if LATIN_WORD.search(t)]
            assert not left, (puzzle.number, left)


@pytest.mark.parametrize("code", TRANSLATIONS)
@pytest.mark.parametrize("number", VARIED)
def test_the_solution_is_said_without_english_in_a_translation(code: str, number: int) -> None:
    with speaking(code):
        position = position_of(number, "花子")
        solution = solution_of(position)
        said = texts(solution)
        markup = html.unescape(solution_move_html(solution, len(solution.steps)))
    for text in said:
        assert not LATIN_WORD.search(text), text
    visible = re.sub(r"<[^>]+>", " ", markup)
    assert not LATIN_WORD.search(visible), visible


def test_a_card_worth_nothing_where_the_best_turn_scores_says_why_it_is_played() -> None:
    """Puzzle 219 (issue 41): both cards are discarded at scoring; they are played to step on."""
    solution = solution_of(position_of(219))
    plays = [s for s in solution.steps if isinstance(s.action, PlayCard)]
    assert len(plays) == 2
    for step in plays:
        assert "It is worth nothing for South Pole" in step.why
        assert "extra step it gives" in step.why
        assert "moves Captain Park one number on" in step.does
        assert any(line.startswith("Captain Park moved to") for line in step.happened)
    score = solution.steps[-1]
    assert isinstance(score.action, Score)
    assert score.title == "Score South Pole for 55 points"
    assert any("expedition to South Pole for 55 points" in line for line in score.happened)
    club = solution.steps[-2]
    assert isinstance(club.action, Step) and club.action.space == "club"
    assert "score an expedition" in club.why


def test_a_card_kept_for_later_says_where_it_is_worth_most() -> None:
    solution = solution_of(position_of(53))
    step, play, cafe = solution.steps
    assert "You stop here to play a card" in step.why
    assert "towards Café 3" in step.why
    assert "worth the most for China (8 points)" in play.why
    assert "another step: to Café 3" in play.why
    assert "new card for your hand" in cafe.why
    assert any(line.startswith("You drew ") for line in cafe.happened)


def test_the_plan_in_a_sentence_opens_the_solution() -> None:
    solution = solution_of(position_of(53))
    assert solution.plan.startswith("Step to Gymnasium 4")
    first = solution_move_html(solution, 0)
    assert "The best turn" in first and "It has 3 moves" in first


@pytest.mark.parametrize("number", VARIED)
def test_the_solutions_session_plays_the_best_turns_first_moves(number: int) -> None:
    position = position_of(number)
    plan = position.puzzle.best_actions()
    for moves in range(len(plan) + 1):
        session = solution_session(position, moves)
        assert position.played(session.state) == plan[:moves]
    assert position.over(solution_session(position, len(plan)).state)


def test_the_solutions_markup_offers_no_move_and_steps_both_ways() -> None:
    position = position_of(219)
    solution = solution_of(position)
    count = len(solution.steps)
    for index in (0, 2, count):
        session = solution_session(position, index)
        parts = solution_parts(position, solution, session, index, day=None, motion=0.3)
        assert set(parts) == {"lesson", "decision", "board", "hand"}
        assert "data-action" not in parts["board"], "no move to choose on the map"
        assert "data-action" not in parts["hand"], "no card to play"
        decision = parts["decision"]
        assert f'data-move="{index}"' in decision
        prev = re.search(r'<button[^>]*data-ui="puzzle-solution-prev"[^>]*>', decision)
        after = re.search(r'<button[^>]*data-ui="puzzle-solution-next"[^>]*>', decision)
        assert prev is not None and after is not None
        assert ("disabled" in prev.group(0)) == (index == 0)
        assert ("disabled" in after.group(0)) == (index == count)
        assert 'data-ui="puzzle-retry"' in decision
        assert 'data-ui="puzzle-solution-close"' in decision
        assert "data-solution" in parts["lesson"]
        if index < count:
            assert "pk-route is-hint" in parts["board"], "the rest of the route, dashed gold"
    last = solution_move_html(solution, count)
    assert f"Move {count} of {count}" in last and "whole best turn" in last


def test_the_turns_end_offers_the_solution_beside_try_again() -> None:
    with speaking(DEFAULT_LANGUAGE):
        over = puzzle_over_html(judged=True)
    assert 'data-ui="puzzle-retry"' in over and 'data-ui="puzzle-solution"' in over
    assert "Show the solution" in over
    assert 'data-ui="puzzle-solution"' not in puzzle_over_html(judged=False)


def test_trying_again_and_again_moves_the_rating_once() -> None:
    puzzle: Puzzle = load_puzzles().number(219)
    first = add_try(PuzzleRecord(), puzzle, solved=False)
    record = first
    for solved in (False, True, True):
        record = add_try(record, puzzle, solved=solved)
    assert record == first
    assert record.rating < PuzzleRecord().rating and record.first_try(219) is False
