"""Puzzles at the device (park.ui.puzzles).

The session a puzzle is played in, the verdict, the puzzle rating and record, the puzzle of the day
with its streak and line to share, and their markup in both languages.
"""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Sequence

import pytest

from park.engine.actions import Action
from park.engine.languages import DEFAULT_LANGUAGE, LANGUAGES
from park.engine.levels import HUMAN
from park.engine.rules import legal_actions
from park.ui.lang.i18n import speaking
from park.ui.puzzles.catalogue import Puzzle, load_puzzles
from park.ui.puzzles.daily import (
    daily_puzzle_note,
    puzzle_of_the_day,
    puzzle_share_line,
    puzzle_streak,
)
from park.ui.puzzles.html import (
    hub_html,
    puzzle_over_html,
    question_html,
    rating_change,
    record_html,
    verdict_html,
)
from park.ui.puzzles.position import PuzzlePosition, puzzle_session
from park.ui.puzzles.progress import (
    PuzzleRecord,
    add_try,
    dumps_puzzle_record,
    next_puzzle,
    parse_puzzle_record,
)
from park.ui.puzzles.rating import START_RATING, rated
from park.ui.puzzles.verdict import Verdict, judge_in_slices
from park.ui.record.daily import with_address
from park.ui.record.parts import RecordError
from park.ui.setup.modes import PUZZLE_NOTE, Kind, PlayMode
from tests.ui.helpers import returned

DAY = dt.date(2026, 12, 4)


def first() -> Puzzle:
    return load_puzzles().puzzles[0]


def played(puzzle: Puzzle, actions: Sequence[Action]) -> Verdict:
    """Play ``actions`` in ``puzzle``'s session as the person would, and judge the turn."""
    session = puzzle_session(puzzle, "Ada")
    position = PuzzlePosition(puzzle, session.state)
    for action in actions:
        assert not position.over(session.state)
        session.act(action)
    assert position.over(session.state)
    return returned(judge_in_slices(position, session.state, 8))


# -- the session -------------------------------------------------------------------------------


def test_a_puzzle_is_played_from_the_solvers_seat_without_hints() -> None:
    puzzle = first()
    session = puzzle_session(puzzle, "Ada")
    assert session.humans == (puzzle.seat,)
    assert session.human_to_move and not session.coach.hints
    assert session.mode == PlayMode(Kind.PUZZLE, puzzle=puzzle.number)
    assert not session.mode.counts_in_record
    others = [s.controller for i, s in enumerate(session.state.settings.seats) if i != puzzle.seat]
    assert HUMAN not in others
    assert session.log, "the game so far is in the log"


def test_the_person_is_you_when_their_name_is_an_opponents() -> None:
    puzzle = first()
    taken = next(
        s.name
        for i, s in enumerate(puzzle_session(puzzle, "Ada").state.settings.seats)
        if i != puzzle.seat
    )
    session = puzzle_session(puzzle, taken)
    assert session.names[puzzle.seat] == "You"


def test_a_puzzle_mode_is_noted_in_a_save_and_read_back() -> None:
    mode = PlayMode(Kind.PUZZLE, puzzle=17)
    assert mode.notes() == {PUZZLE_NOTE: 17}
    assert PlayMode.from_notes({PUZZLE_NOTE: 17}, 1) == mode
    assert PlayMode.from_notes({PUZZLE_NOTE: "17"}, 1).kind is Kind.GAME
    with pytest.raises(ValueError):
        PlayMode(Kind.PUZZLE)
    with pytest.raises(ValueError):
        PlayMode(Kind.GAME, puzzle=3)


def test_undo_takes_back_a_decision_of_the_puzzles_turn() -> None:
    puzzle = next(p for p in load_puzzles().puzzles if len(p.best) > 1)
    session = puzzle_session(puzzle, "Ada")
    start = session.state
    session.act(puzzle.best_actions()[0])
    assert session.can_undo
    session.undo()
    assert session.state == start


def test_the_turn_is_over_after_the_best_plan_and_not_before() -> None:
    puzzle = next(p for p in load_puzzles().puzzles if len(p.best) > 1)
    session = puzzle_session(puzzle, "Ada")
    position = PuzzlePosition(puzzle, session.state)
    for action in puzzle.best_actions():
        assert not position.over(session.state)
        session.act(action)
    assert position.over(session.state)
    assert position.played(session.state) == puzzle.best_actions()


# -- the verdict -------------------------------------------------------------------------------


def test_playing_the_best_plan_solves_the_puzzle() -> None:
    verdict = played(first(), first().best_actions())
    assert verdict.solved and verdict.found_best
    assert verdict.yours == verdict.best
    assert verdict.advice.alternative is not None  # the reason is against the runner-up
    assert verdict.advice.alternative.actions == first().runner_up_actions()


def test_playing_the_runner_up_does_not_solve_it() -> None:
    puzzle = first()
    verdict = played(puzzle, puzzle.runner_up_actions())
    assert verdict.yours == verdict.runner_up
    assert not verdict.solved and not verdict.found_best


def test_another_plan_is_valued_on_the_same_deals() -> None:
    puzzle = first()
    session = puzzle_session(puzzle, "Ada")
    position = PuzzlePosition(puzzle, session.state)
    known = (puzzle.best_actions()[0], puzzle.runner_up_actions()[0])
    other = next(a for a in legal_actions(session.state) if a not in known)
    actions: list[Action] = [other]
    state = session.state
    from park.engine.rules import apply

    state, _events = apply(state, other)
    while not position.over(state):  # finish the turn: skip plays, stay
        action = legal_actions(state)[-1]
        actions.append(action)
        state, _events = apply(state, action)
    verdict = played(puzzle, actions)
    assert verdict.played == tuple(actions)
    assert verdict.advice.alternative is not None
    assert verdict.advice.alternative.actions == tuple(actions)
    midpoint = verdict.yours >= (verdict.best + verdict.runner_up) / 2
    assert verdict.solved == (midpoint or not verdict.difference.tellable)


def test_a_turn_not_over_cannot_be_judged() -> None:
    puzzle = first()
    session = puzzle_session(puzzle, "Ada")
    with pytest.raises(ValueError, match="not over"):
        next(judge_in_slices(PuzzlePosition(puzzle, session.state), session.state, 4))


# -- the rating and the record -----------------------------------------------------------------


def test_solving_a_puzzle_raises_the_rating_and_failing_lowers_it() -> None:
    up, deviation = rated(START_RATING, 350.0, 1500, solved=True)
    down, _ = rated(START_RATING, 350.0, 1500, solved=False)
    assert down < START_RATING < up and deviation < 350.0
    harder, _ = rated(START_RATING, 350.0, 1900, solved=True)
    assert harder > up  # a harder puzzle solved counts for more
    with pytest.raises(ValueError):
        rated(1500.0, 0.0, 1500, solved=True)


def test_only_the_first_try_moves_the_rating() -> None:
    puzzle = first()
    once = add_try(PuzzleRecord(), puzzle, solved=True)
    twice = add_try(once, puzzle, solved=False)
    assert once.rating > START_RATING and once.tried == ((puzzle.number, True),)
    assert twice == once
    assert "stays" in rating_change(once, twice)
    assert "1500 →" in rating_change(PuzzleRecord(), once)


def test_the_puzzle_record_is_written_and_read_back() -> None:
    puzzle = first()
    record = add_try(PuzzleRecord(), puzzle, solved=False, day="2026-12-04")
    assert parse_puzzle_record(dumps_puzzle_record(record)).tried == record.tried
    again = parse_puzzle_record(dumps_puzzle_record(record))
    assert again.days == (("2026-12-04", False),)
    assert abs(again.rating - record.rating) < 0.01
    assert parse_puzzle_record(None) == PuzzleRecord()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{", "not readable"),
        ('{"format": "park-record"}', "not a Park puzzle record"),
        ('{"format": "park-puzzle-record", "version": 1}', "missing or unknown"),
        (
            '{"format":"park-puzzle-record","version":1,"rating":["a",1],"tried":[],"days":[]}',
            "rating",
        ),
        (
            '{"format":"park-puzzle-record","version":1,"rating":[1500,300],"tried":[[0,1]],'
            '"days":[]}',
            "puzzle tried",
        ),
        (
            '{"format":"park-puzzle-record","version":1,"rating":[1500,300],"tried":[],'
            '"days":[["yesterday",1]]}',
            "day",
        ),
    ],
)
def test_a_damaged_puzzle_record_is_reported(text: str, problem: str) -> None:
    with pytest.raises(RecordError, match=problem):
        parse_puzzle_record(text)


def test_a_newer_puzzle_record_is_marked_newer() -> None:
    newer = '{"format":"park-puzzle-record","version":3}'
    with pytest.raises(RecordError) as caught:
        parse_puzzle_record(newer)
    assert caught.value.newer


def test_the_next_puzzle_is_untried_and_rated_nearest_the_player() -> None:
    puzzles = load_puzzles()
    record = PuzzleRecord(rating=1790.0)
    chosen = next_puzzle(record, puzzles)
    nearest = min(abs(p.rating - 1790) for p in puzzles.puzzles)
    assert abs(chosen.rating - 1790) == nearest
    assert next_puzzle(record, puzzles, after=chosen.number) != chosen
    assert next_puzzle(record, puzzles, avoid=chosen.number) != chosen  # today's waits


def test_once_every_puzzle_was_tried_they_come_round_again_in_order() -> None:
    puzzles = load_puzzles()
    tried = PuzzleRecord(tried=tuple((p.number, True) for p in reversed(puzzles.puzzles)))
    last = len(puzzles.puzzles)
    assert next_puzzle(tried, puzzles).number == last
    assert next_puzzle(tried, puzzles, after=last).number == last - 1
    assert next_puzzle(tried, puzzles, after=2).number == 1
    assert next_puzzle(tried, puzzles, after=1).number == last  # round again
    assert next_puzzle(tried, puzzles, after=2, avoid=1).number == last


# -- the puzzle of the day ---------------------------------------------------------------------


def test_the_puzzle_of_the_day_is_the_same_all_day_and_changes_with_the_day() -> None:
    puzzles = load_puzzles()
    days = [DAY + dt.timedelta(days=n) for n in range(30)]
    chosen = [puzzle_of_the_day(day, puzzles).number for day in days]
    assert chosen[0] == puzzle_of_the_day(DAY, puzzles).number
    assert len(set(chosen)) > 20


def test_the_streak_counts_the_days_in_a_row_the_puzzle_of_the_day_was_played() -> None:
    days = (("2026-12-01", True), ("2026-12-02", False), ("2026-12-03", True))
    record = PuzzleRecord(days=days)
    assert puzzle_streak(record, DAY) == 3  # today not played yet: up to yesterday
    assert puzzle_streak(record, DAY + dt.timedelta(days=1)) == 0
    assert daily_puzzle_note(record, DAY) is None
    today = PuzzleRecord(days=(*days, ("2026-12-04", True)))
    assert puzzle_streak(today, DAY) == 4
    note = daily_puzzle_note(today, DAY)
    assert note is not None and "solved today's puzzle" in note and "4 days" in note


def test_a_day_is_counted_once_at_its_first_try() -> None:
    puzzle = puzzle_of_the_day(DAY, load_puzzles())
    record = add_try(PuzzleRecord(), puzzle, solved=False, day="2026-12-04")
    again = add_try(record, puzzle, solved=True, day="2026-12-04")
    assert again.days == (("2026-12-04", False),)


def test_the_line_to_share_gives_nothing_away_and_carries_the_sites_address() -> None:
    puzzle = puzzle_of_the_day(DAY, load_puzzles())
    record = add_try(PuzzleRecord(), puzzle, solved=True, day="2026-12-04")
    line = puzzle_share_line("2026-12-04", record, DAY, "https://example.github.io/park/")
    assert line == (
        "Park puzzle of 4 December 2026: solved at the first try. Streak: 1 day. "
        "https://example.github.io/park/"
    )
    assert str(puzzle.number) not in line.split("2026")[0]
    with pytest.raises(ValueError):
        puzzle_share_line("2026-12-05", record, DAY)


def test_todays_expedition_line_carries_the_address_too() -> None:
    assert with_address("Park, 4 December 2026: 1st of 4", "https://x.io/park/") == (
        "Park, 4 December 2026: 1st of 4 https://x.io/park/"
    )
    assert with_address("text", None) == "text"


# -- markup ------------------------------------------------------------------------------------


@pytest.mark.parametrize("code", [language.code for language in LANGUAGES])
def test_the_puzzles_markup_in_every_language(code: str) -> None:
    puzzle = first()
    verdict = played(puzzle, puzzle.runner_up_actions())
    session = puzzle_session(puzzle, "Ada")
    record = add_try(PuzzleRecord(), puzzle, solved=False)
    with speaking(code):
        hub = hub_html(record, DAY, 300, in_game=True)
        card = question_html(puzzle, "2026-12-04")
        weighing = question_html(puzzle, None, weighing=24)
        shown = verdict_html(
            verdict,
            session.state,
            names=session.names,
            cards=session.cards,
            board=session.state.rules.board,
            rating=rating_change(PuzzleRecord(), record),
        )
        mine = record_html(record, DAY)
    assert 'data-ui="puzzle-daily"' in hub and 'data-ui="puzzle-next"' in hub
    assert 'data-ui="puzzle-leave"' in card and f'data-puzzle="{puzzle.number}"' in card
    assert "24" in weighing
    assert 'id="puzzle-verdict-title"' in shown and "<svg" in shown
    assert "record-puzzles-title" in mine
    if code == DEFAULT_LANGUAGE:
        assert "Not solved" in shown and "Find the best turn" in card
    else:
        assert "Find the best turn" not in card and "Not solved" not in shown


def _verdict_map(puzzle: Puzzle, actions: Sequence[Action]) -> str:
    session = puzzle_session(puzzle, "Ada")
    shown = verdict_html(
        played(puzzle, actions),
        session.state,
        names=session.names,
        cards=session.cards,
        board=session.state.rules.board,
        rating="",
    )
    return html.unescape(shown.split("<figcaption>")[1])


@pytest.mark.parametrize(
    ("number", "plan", "said"),
    [
        (1, "runner_up", "Your route is dotted; the best turn's is dashed gold."),
        (1, "best", "Your route is the best turn's, dashed gold."),
        (14, "runner_up", "You stayed put; the best turn's route is dashed gold."),
        (17, "runner_up", "Your route is dotted; the best turn stays put."),
        (17, "best", "You stayed put, as the best turn does."),
    ],
)
def test_the_verdicts_map_says_how_the_two_routes_compare(
    number: int, plan: str, said: str
) -> None:
    puzzle = load_puzzles().number(number)
    actions = puzzle.best_actions() if plan == "best" else puzzle.runner_up_actions()
    assert said in _verdict_map(puzzle, actions)


def test_the_verdict_says_what_a_turns_worth_is() -> None:
    puzzle = first()
    shown = _verdict_map(puzzle, puzzle.best_actions())
    assert "dashed gold" in shown
    session = puzzle_session(puzzle, "Ada")
    full = verdict_html(
        played(puzzle, puzzle.best_actions()),
        session.state,
        names=session.names,
        cards=session.cards,
        board=session.state.rules.board,
        rating="",
    )
    assert "A turn's worth is what it leads to by your next turn" in html.unescape(full)


def test_the_puzzles_log_ends_on_its_question_not_on_a_resumed_game() -> None:
    puzzle = first()
    session = puzzle_session(puzzle, "Ada")
    assert session.log[-1].text == f"Puzzle {puzzle.number}: find the best turn."
    assert not any("resumed" in line.text for line in session.log)


def test_once_the_puzzles_turn_is_over_nobody_is_said_to_be_playing() -> None:
    from park.ui.game.screen import screen_parts

    puzzle = first()
    session = puzzle_session(puzzle, "Ada")
    playing = screen_parts(session).markup
    assert "Your turn" in playing["status"]
    for action in puzzle.best_actions():
        session.act(action)
    assert session.ai_to_move, "the next seat is to move, and never will"
    over = screen_parts(session).markup
    assert "Your turn is over" in over["status"]
    assert "is playing" not in over["status"]
    assert "So far, while the others play" not in over["since"]
    assert "is-active" not in over["players"] and ">Playing<" not in over["players"]


def test_a_turn_that_ends_at_the_marketplace_is_over_too() -> None:
    from park.ui.game.screen import screen_parts

    puzzle = load_puzzles().number(3)  # its best turn ends on the Marketplace (R46)
    session = puzzle_session(puzzle, "Ada")
    for action in puzzle.best_actions():
        session.act(action)
    assert session.human_to_move and session.human_at_marketplace, "the exchange is not asked"
    over = screen_parts(session)
    assert "Your turn is over" in over.markup["status"]
    assert "is-active" not in over.markup["players"]
    assert not over.title.startswith("Your turn")


def test_after_weighing_failed_the_buttons_offer_no_verdict() -> None:
    assert 'data-ui="puzzle-verdict"' in puzzle_over_html(judged=True)
    failed = puzzle_over_html(judged=True, verdict=False)
    assert 'data-ui="puzzle-verdict"' not in failed and 'data-ui="puzzle-retry"' in failed


def test_once_weighed_the_question_card_says_what_next_and_leaves_the_buttons_below() -> None:
    puzzle = first()
    card = question_html(puzzle, None, over=True)
    assert "see the verdict" in card and 'data-ui="puzzle-leave"' not in card
    assert 'data-ui="puzzle-leave"' in question_html(puzzle, None, weighing=24)


def test_the_puzzles_dialog_says_the_streak_counts_days_played_solved_or_not() -> None:
    hub = hub_html(PuzzleRecord(), DAY, 300, in_game=False)
    assert "days in a row you played today's puzzle, solved or not" in html.unescape(hub)
