"""Puzzles in the page.

The Puzzles dialog, a puzzle played on the game screen, its verdict, the solution watched move by
move (issue 49).

A puzzle is a session of its own (``park.ui.puzzles.position.puzzle_session``), drawn on the game
screen while the game in progress waits, unsaved and untouched. The AI seats never play in a puzzle:
once the person's turn is over, ``web/effects.py`` weighs it (the hard AI, in slices), counts the
try in the puzzle record under its Web Lock, and the verdict opens. Try again sets the position
again (only the first try is rated); Show the solution plays the best turn move by move.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import TYPE_CHECKING

from park.ui.lang.i18n import _
from park.ui.page.effects import CancelWeigh, Focus, Say, Scroll, Store, Weigh
from park.ui.page.game_updates import moved, show_game, show_game_or_form
from park.ui.page.keys import PUZZLE_THEME_KEY
from park.ui.page.pacing import slide
from park.ui.page.state import PageState, PuzzleHub, PuzzlePlay, SolutionShow
from park.ui.page.step import Step

if TYPE_CHECKING:
    from park.ui.puzzles.catalogue import Puzzle
    from park.ui.puzzles.progress import PuzzleRecord
    from park.ui.puzzles.verdict import Verdict

SOLUTION_NEXT = "puzzle-solution-next"
"""The solution's Next button (``park.ui.puzzles.buttons.PUZZLE_SOLUTION_NEXT``)."""
SOLUTION_KEYS = {"ArrowLeft": -1, "ArrowRight": 1}
"""The keys that step the solution, and which way."""


def chosen_theme(theme: str | None) -> str | None:
    """The theme of the next puzzle picked (``None``: any, or one no longer offered)."""
    from park.ui.puzzles.themes import THEME_IDS

    return theme if theme in THEME_IDS else None


def puzzles_read(
    state: PageState,
    record: PuzzleRecord | None,
    problem: str | None,
    theme: str | None,
    today: str,
    then: str,
) -> Step:
    """The puzzle record was read for ``then``.

    The Puzzles dialog (``hub``), the next puzzle of the theme picked (``next``: not tried yet,
    rated nearest the person's rating), or today's (``daily``: the same for everyone by the UTC
    date).
    """
    from park.ui.puzzles.catalogue import load_puzzles
    from park.ui.puzzles.daily import puzzle_of_the_day
    from park.ui.puzzles.progress import PuzzleRecord, next_puzzle

    theme = chosen_theme(theme)
    if then == "hub":
        hub = PuzzleHub(record, problem, theme, today)
        return Step(replace(state, hub=hub, dialog="puzzles"))
    puzzles = load_puzzles()
    day = dt.date.fromisoformat(today)
    if then == "daily":
        return start(state, puzzle_of_the_day(day, puzzles), today)
    play = state.puzzle
    after = play.position.puzzle.number if play is not None else None
    daily = puzzle_of_the_day(day, puzzles).number
    puzzle = next_puzzle(record or PuzzleRecord(), puzzles, after, daily, theme=theme)
    return start(state, puzzle, None)


def pick_theme(state: PageState, theme: str) -> Step:
    """The Puzzles dialog's theme picked: kept for the next puzzles."""
    hub = state.hub
    state = replace(state, hub=replace(hub, theme=chosen_theme(theme))) if hub else state
    return Step(state, (Store(PUZZLE_THEME_KEY, theme, "the puzzles' theme"),))


def retry(state: PageState) -> Step:
    """The same puzzle again, from its position (practice: the rating stays)."""
    play = state.puzzle
    if play is None:
        return Step(state)
    return start(state, play.position.puzzle, play.day)


def start(state: PageState, puzzle: Puzzle, day: str | None) -> Step:
    """Set ``puzzle``'s position on the game screen (``day``: it is that day's puzzle).

    The person at the device is the form's first name (else "You"); the waiting game's hint, if
    any, stops; the question is said, the decision focused.
    """
    from park.engine.names import tidy_name
    from park.ui.puzzles.position import PuzzlePosition, puzzle_question, puzzle_session

    step = moved(replace(state, dialog=None))
    session = puzzle_session(puzzle, tidy_name(state.form.name) or _("You"))
    play = PuzzlePlay(session, PuzzlePosition(puzzle, session.state), day)
    step = Step(replace(step.state, puzzle=play), (CancelWeigh(), *step.effects))
    step = step.next(show_game)
    return step.then(Say(puzzle_question(puzzle)), Focus())


def leave(state: PageState) -> Step:
    """Leave the puzzles: the game in progress again (or the New game form)."""
    step = Step(replace(state, puzzle=None, dialog=None), (CancelWeigh(),))
    return step.next(show_game_or_form)


def puzzle_act(state: PageState, text: str | None) -> Step:
    """The person's decision (an action's text form) in the puzzle, or Undo (``None``).

    Once the turn is over, it is weighed. A move that is not possible is said, and changes
    nothing; the solution is watched, not played.
    """
    from park import IllegalActionError

    play = state.puzzle
    if play is None or play.solution is not None or play.position.over(play.session.state):
        return Step(state)
    if state.screen != "game":  # Ctrl+Z on another screen (the replay)
        return Step(state)
    session = play.session
    if text is None and not session.can_undo:
        return Step(state, (Say(session.undo_note or _("Nothing to undo.")),))
    try:
        if text is None:
            session.undo()
        else:
            session.act(text)
    except (IllegalActionError, ValueError) as exc:
        return Step(state, (Say(str(exc)),))
    over = play.position.over(session.state)
    effects: tuple[Weigh | Say | Focus | Scroll, ...] = ()
    if over and not play.weighing and not play.judged:
        play = replace(play, weighing=True)
        effects = (Weigh(session, play.position, play.day),)
    state = replace(state, puzzle=play)
    if text is None:
        return Step(state, (*effects, Say(taken_back=True), Focus()))
    if not over:
        effects = (*effects, Scroll("decision"))
    return Step(state, effects)


def weighed(
    state: PageState,
    session: object,
    verdict: Verdict | None,
    counted: tuple[PuzzleRecord, PuzzleRecord] | None,
    *,
    problem: str | None,
    today: str,
    site: str,
    error: str | None,
) -> Step:
    """The try was weighed.

    Its verdict opens, with the rating's change (``counted``: the record before and after;
    ``None`` when the try could not be counted) and, for the puzzle of the day, the line to
    share. A failure (``error``) is said and leaves the puzzle's buttons (Try again, Next
    puzzle, Leave), never a page that weighs for ever.

    Dropped when another puzzle was opened meanwhile, or the puzzles were left.
    """
    from park.ui.puzzles.daily import puzzle_share_line
    from park.ui.puzzles.html import rating_change

    play = state.puzzle
    if play is None or play.session is not session:
        return Step(state)
    if verdict is None:
        play = replace(play, weighing=False, judged=True)
        words = _("The turn could not be weighed ({details}).").format(details=error)
        return Step(replace(state, puzzle=play), (Say(words),))
    if counted is None:
        rating = _("Your puzzle rating could not be updated this time.")
        share = None
    else:
        before, after = counted
        rating = rating_change(before, after) + ("" if problem is None else f" {problem}")
        share = None
        if play.day is not None:
            share = puzzle_share_line(play.day, after, dt.date.fromisoformat(today), site)
    play = replace(play, weighing=False, judged=True, verdict=verdict, rating=rating, share=share)
    return Step(replace(state, puzzle=play, dialog="puzzle"))


def show_solution(state: PageState) -> Step:
    """Show the best turn from the puzzle's start, before its first move.

    Only once the try is over; the puzzle record is not touched.
    """
    from park.ui.puzzles.solution import solution_of, solution_session

    play = state.puzzle
    if play is None or not play.judged:
        return Step(state)
    solution = solution_of(play.position)
    shown = SolutionShow(solution, solution_session(play.position, 0))
    step = show_game(replace(state, puzzle=replace(play, solution=shown), dialog=None))
    next_button = Focus(f'#decision [data-ui="{SOLUTION_NEXT}"]', scroll=True)
    return step.then(Say(solution.plan), next_button)


def step_solution(state: PageState, by: int) -> Step:
    """The solution's next move (``by`` 1, played on: the pawn slides) or the one before (-1)."""
    from park.ui.puzzles.solution import solution_session

    play = state.puzzle
    shown = play.solution if play is not None else None
    if play is None or shown is None:
        return Step(state)
    steps = shown.solution.steps
    index = max(0, min(len(steps), shown.index + by))
    if index == shown.index:
        return Step(state)
    if index == shown.index + 1:
        shown.session.act(steps[shown.index].action)
        shown = replace(shown, index=index, motion=slide(state, shown.session))
    else:
        shown = SolutionShow(shown.solution, solution_session(play.position, index), index)
    state = replace(state, puzzle=replace(play, solution=shown))
    said = Say(steps[index - 1].text if index else shown.solution.plan)
    if index in (0, len(steps)):  # Previous or Next is disabled there: the other one
        ui = SOLUTION_NEXT if index == 0 else "puzzle-retry"
        return Step(state, (said, Focus(f'#decision [data-ui="{ui}"]', scroll=True)))
    return Step(state, (said,))


def close_solution(state: PageState) -> Step:
    """Back to the end of the try: the verdict, Try again, Next puzzle."""
    play = state.puzzle
    if play is None or play.solution is None:
        return Step(state)
    return Step(replace(state, puzzle=replace(play, solution=None)), (Focus(),))


def solution_key(state: PageState, key: str, *, modified: bool, elsewhere: bool) -> Step | None:
    """The arrow keys step the solution while it shows.

    Not in a dialog, a control or on the map (``elsewhere``: the arrows are theirs there).
    ``None``: not the solution's key.
    """
    play = state.puzzle
    by = SOLUTION_KEYS.get(key)
    if by is None or play is None or play.solution is None:
        return None
    if state.screen != "game" or modified or elsewhere:
        return None
    return step_solution(state, by)
