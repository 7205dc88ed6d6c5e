"""Puzzles in the page.

The Puzzles dialog, a puzzle played on the game screen, its verdict, and the puzzle record
(``park.ui.puzzles``, all the markup and the sums) in ``localStorage``.

A puzzle is a session of its own (``park.ui.puzzles.position.puzzle_session``, kept in the
page's state as ``page_state.PuzzlePlay``), drawn on the game screen while the game in
progress waits, unsaved and untouched (the page's autosave is the game's; a reload goes back
to it). The AI seats never play in a puzzle: once the person's turn is over, the hard AI weighs
it (in slices, the page stays responsive), the try goes into the puzzle record (under its Web
Lock, shared with other tabs) and the verdict opens. The puzzle of the day also gives a line to
share. After a try, Try again sets the position again (only the first try is rated) and Show the
solution plays the best turn move by move in a session of its own (``park.ui.puzzles.solution``),
stepped with Previous / Next and the arrows.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import TYPE_CHECKING, Any

import focus
from dom import Command, by_id, close_dialog, copy_text, found, site_address
from libraries import load_library
from new_game_form import form_name
from page_state import PuzzlePlay, SolutionShow
from patch import replay_slides
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import to_js  # type: ignore[import-not-found]
from record_page import aside, load_kept, utc_day
from storage import (
    PUZZLE_THEME_KEY,
    PUZZLES_DAMAGED_KEY,
    PUZZLES_KEY,
    locked,
    storage_get,
    storage_set,
)

from park.ui.lang.i18n import _

if TYPE_CHECKING:
    from page import Page

    from park.ui.puzzles.catalogue import Puzzle
    from park.ui.puzzles.progress import PuzzleRecord
    from park.ui.puzzles.verdict import Verdict

RATING_SECONDS = 30.0
"""The longest the verdict waits for the rating (its library's download, the record's lock)."""

Counted = tuple["PuzzleRecord", "PuzzleRecord", str | None]
"""A try counted: the puzzle record before and after, and what became of one not read (or None)."""


def load_puzzle_record() -> tuple[PuzzleRecord | None, str | None]:
    """The stored puzzle record and ``None``.

    Else a new record and why (a damaged one kept aside), or ``None`` and why (a newer Park's).
    """
    from park.ui.puzzles.progress import parse_puzzle_record

    return load_kept(PUZZLES_KEY, PUZZLES_DAMAGED_KEY, parse_puzzle_record, aside())


def today() -> dt.date:
    """Today, UTC, by the browser's clock."""
    return dt.date.fromisoformat(utc_day())


class PuzzleControls:
    """The puzzles of this page.

    The puzzle played is ``page.state.puzzle``; the page shows the game screen for it, and the game
    in progress (or the New game form) after it.
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.task: asyncio.Future[None] | None = None

    @property
    def active(self) -> bool:
        """Whether a puzzle is on the game screen (the game in progress waits)."""
        return self.page.state.puzzle is not None

    def commands(self) -> dict[str, Command]:
        """The ``data-ui`` buttons of the puzzles.

        The ``data-ui`` buttons of the puzzles (made before the page is ready: it loads none
        of the puzzles' code).
        """
        from park.ui.puzzles.buttons import (
            PUZZLE_DAILY,
            PUZZLE_LEAVE,
            PUZZLE_NEXT,
            PUZZLE_RETRY,
            PUZZLE_SOLUTION,
            PUZZLE_SOLUTION_CLOSE,
            PUZZLE_SOLUTION_NEXT,
            PUZZLE_SOLUTION_PREV,
            PUZZLE_VERDICT,
        )

        return {
            "puzzles": lambda _element: self.open_hub(),
            PUZZLE_DAILY: lambda element: self.start_daily(element),
            PUZZLE_NEXT: lambda element: self.start_next(element),
            PUZZLE_RETRY: lambda element: self.retry(element),
            PUZZLE_LEAVE: lambda element: self.leave(element),
            PUZZLE_VERDICT: lambda _element: by_id("puzzle-dialog").showModal(),
            PUZZLE_SOLUTION: lambda element: self.show_solution(element),
            PUZZLE_SOLUTION_PREV: lambda _element: self.step_solution(-1),
            PUZZLE_SOLUTION_NEXT: lambda _element: self.step_solution(1),
            PUZZLE_SOLUTION_CLOSE: lambda _element: self.close_solution(),
            "copy-puzzle": lambda _element: copy_text("puzzle-share-text", "puzzle-copied"),
        }

    # -- opening -----------------------------------------------------------------------------

    def open_hub(self) -> None:
        """The Puzzles dialog: the rating, the puzzle of the day and its streak, the buttons."""
        from park.ui.play.markup import escape
        from park.ui.puzzles.catalogue import load_puzzles
        from park.ui.puzzles.html import hub_html, themes_html
        from park.ui.puzzles.progress import PuzzleRecord
        from park.ui.puzzles.themes import theme_counts, theme_results

        record, problem = load_puzzle_record()
        puzzles, kept = load_puzzles(), record or PuzzleRecord()
        themes = themes_html(theme_counts(puzzles), theme_results(kept, puzzles), chosen_theme())
        markup = hub_html(
            kept,
            today(),
            len(puzzles.puzzles),
            in_game=self.page.state.session is not None,
            themes=themes,
        )
        if problem is not None:
            markup = f'<p class="notice" role="alert">{escape(problem)}</p>{markup}'
        by_id("puzzles-hub").innerHTML = markup
        by_id("puzzles-dialog").showModal()

    def start_daily(self, element: Any) -> None:
        """Today's puzzle (the same for everyone by the UTC date)."""
        from park.ui.puzzles.catalogue import load_puzzles
        from park.ui.puzzles.daily import puzzle_of_the_day

        day = today()
        self.start(puzzle_of_the_day(day, load_puzzles()), day.isoformat(), element)

    def start_next(self, element: Any) -> None:
        """The next puzzle of the theme picked: not tried yet, rated nearest the person's rating.

        From the Puzzles dialog, the theme picked there is kept for the next ones.
        """
        from park.ui.puzzles.catalogue import load_puzzles
        from park.ui.puzzles.daily import puzzle_of_the_day
        from park.ui.puzzles.progress import PuzzleRecord, next_puzzle

        picker = document.getElementById("puzzle-theme")
        if found(picker) and picker.closest("dialog[open]") is not None:
            storage_set(PUZZLE_THEME_KEY, str(picker.value), what="the puzzles' theme")
        record, _problem = load_puzzle_record()
        puzzles = load_puzzles()
        play = self.page.state.puzzle
        after = play.position.puzzle.number if play is not None else None
        daily = puzzle_of_the_day(today(), puzzles).number
        theme = chosen_theme()
        puzzle = next_puzzle(record or PuzzleRecord(), puzzles, after, daily, theme=theme)
        self.start(puzzle, None, element)

    def retry(self, element: Any) -> None:
        """The same puzzle again, from its position (practice: the rating stays)."""
        play = self.page.state.puzzle
        if play is not None:
            self.start(play.position.puzzle, play.day, element)

    def start(self, puzzle: Puzzle, day: str | None, element: Any) -> None:
        """Set ``puzzle``'s position on the game screen (``day``: it is that day's puzzle)."""
        from park.ui.puzzles.position import PuzzlePosition, puzzle_question, puzzle_session

        close_dialog(element)
        self.cancel()
        self.page.moved()  # the waiting game's hint, if any, stops
        session = puzzle_session(puzzle, form_name())
        self.page.state.puzzle = PuzzlePlay(session, PuzzlePosition(puzzle, session.state), day)
        mark("playing")
        self.page.show_game()
        focus.say(puzzle_question(puzzle))  # not what the live region said before (an Undo)
        focus.focus_decision()

    def leave(self, element: Any = None, *, back: bool = True) -> None:
        """Leave the puzzles.

        The game in progress again (or the New game form), unless not ``back`` (the page shows
        another screen itself).
        """
        close_dialog(element)
        self.cancel()
        self.page.state.puzzle = None
        mark("")
        if back:
            self.page.show_game_or_form()

    def cancel(self) -> None:
        """Stop weighing a turn (another puzzle, or none, is shown)."""
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None

    # -- playing -----------------------------------------------------------------------------

    def overrides(self) -> dict[str, str]:
        """What the game screen shows in place of its own parts while a puzzle is played.

        The question card above the decision, and once the turn is over, the decision's place.
        """
        play = self.page.state.puzzle
        if play is None:
            return {}
        shown = play.solution
        if shown is not None:
            from park.ui.puzzles.solution import solution_parts

            return solution_parts(
                play.position,
                shown.solution,
                shown.session,
                shown.index,
                day=play.day,
                motion=shown.motion,
            )
        from park.ui.puzzles.html import puzzle_over_html, question_html

        deals = _deals() if play.weighing else None
        parts = {
            "lesson": question_html(
                play.position.puzzle, play.day, weighing=deals, over=play.verdict_shown
            )
        }
        if play.position.over(play.session.state):
            parts["decision"] = puzzle_over_html(judged=play.judged, verdict=play.verdict_shown)
        return parts

    def act(self, text: str | None) -> None:
        """The person's decision (an action's text form) in the puzzle, or Undo (``None``).

        Once the turn is over, weigh it. A move that is not possible is said, and changes nothing.
        """
        from park import IllegalActionError

        play = self.page.state.puzzle
        if play is None or play.solution is not None or play.position.over(play.session.state):
            return  # the solution is watched, not played
        if self.page.state.screen != "game":  # Ctrl+Z on another screen (the replay)
            return
        session = play.session
        if text is None and not session.can_undo:
            focus.say(session.undo_note or _("Nothing to undo."))
            return
        try:
            if text is None:
                session.undo()
            else:
                session.act(text)
        except (IllegalActionError, ValueError) as exc:
            focus.say(str(exc))
            return
        over = play.position.over(session.state)
        if over and self.task is None and not play.judged:
            play.weighing = True
            mark("weighing")
            self.task = asyncio.ensure_future(self.judge(play))
        self.page.redraw()
        if text is None:
            focus.say_taken_back()
            focus.focus_decision()
        elif not over:
            focus.reveal_decision()

    async def judge(self, play: PuzzlePlay) -> None:
        """Weigh the turn in slices, count the try, and open the verdict.

        A failure is said and leaves the puzzle's buttons (Try again, Next puzzle, Leave), never a
        page that weighs for ever.
        """
        from park.ui.puzzles.verdict import judge_in_slices

        started = window.performance.now()
        state = self.page.state
        try:
            await asyncio.sleep(0)  # the turn's last move is drawn first
            thinking = judge_in_slices(play.position, play.session.state, _deals())
            while True:
                try:
                    next(thinking)
                except StopIteration as stop:
                    verdict = stop.value
                    break
                await asyncio.sleep(0)
                if state.puzzle is not play:
                    return  # another puzzle was opened, or the puzzles were left
            window.performance.measure("park-puzzle-verdict", to_js({"start": started}))
            try:
                counted: Counted | None = await asyncio.wait_for(
                    self.count_try(play.position.puzzle, play.day, solved=verdict.solved),
                    RATING_SECONDS,
                )
            except Exception as exc:  # the rating is an extra: the verdict shows all the same
                window.console.warn(f"Park: the puzzle record was not updated: {exc!r}")
                counted = None
            if state.puzzle is not play:
                return
            play.weighing, play.judged, self.task = False, True, None
            self.show_verdict(play, verdict, counted)
        except Exception as exc:  # a bug must not leave the puzzle weighing for ever
            window.console.error(f"Park: the puzzle's turn could not be weighed: {exc!r}")
            if state.puzzle is play:
                play.weighing, play.judged, self.task = False, True, None
                mark("judged")
                self.page.redraw()
                focus.say(_("The turn could not be weighed ({details}).").format(details=exc))

    async def count_try(self, puzzle: Puzzle, day: str | None, *, solved: bool) -> Counted:
        """Count a try of ``puzzle`` in the puzzle record, under its Web Lock (another tab's too).

        Returns the record before and after, and what became of a record that could not be read.
        Raises ``RuntimeError`` when the record cannot be kept (from a newer version of Park, or
        storage full or blocked), and what loading the rating's library raises. ``day``: the
        puzzle of that day's try. Cancelled, it counts nothing, even if the lock comes later.
        """
        from park.ui.puzzles.progress import add_try, dumps_puzzle_record

        await load_library("openskill")  # the rating's sums, unpacked on first use
        counted: list[Counted] = []
        given_up = False

        def count() -> None:
            if given_up:  # the verdict said the rating could not be updated
                return
            before, problem = load_puzzle_record()
            if before is None:  # a newer version's record: it is left as it is
                raise RuntimeError(problem)
            after = add_try(before, puzzle, solved=solved, day=day, today=utc_day())
            kept = storage_set(PUZZLES_KEY, dumps_puzzle_record(after), what="your puzzle record")
            if kept is not None:
                raise RuntimeError(f"the puzzle record was not kept: {kept}")
            counted.append((before, after, problem))

        try:
            await locked(PUZZLES_KEY, count)
        except asyncio.CancelledError:  # RATING_SECONDS ran out (judge)
            given_up = True
            raise
        if not counted:
            raise RuntimeError("the puzzle record was not counted")
        return counted[0]

    def show_verdict(self, play: PuzzlePlay, verdict: Verdict, counted: Counted | None) -> None:
        """Open the verdict of ``play``'s try, with the rating's change.

        Open the verdict of ``play``'s try, with the rating's change (``counted``: the
        record before and after the try, and what became of one that could not be read;
        ``None`` when the try could not be counted) and, for the puzzle of the day, the line
        to share.
        """
        from park.ui.puzzles.daily import puzzle_share_line
        from park.ui.puzzles.html import rating_change, verdict_html

        day = play.day
        start = play.position.start
        if counted is None:
            rating = _("Your puzzle rating could not be updated this time.")
        else:
            before, after, problem = counted
            rating = rating_change(before, after) + ("" if problem is None else f" {problem}")
        by_id("puzzle-verdict").innerHTML = verdict_html(
            verdict,
            start,
            names=play.session.names,
            cards=play.session.cards,
            board=start.rules.board,
            rating=rating,
        )
        share = by_id("puzzle-share")
        share.hidden = day is None or counted is None
        if day is not None and counted is not None:
            line = puzzle_share_line(day, counted[1], today(), site_address())
            by_id("puzzle-share-text").value = line
            by_id("puzzle-copied").textContent = ""
        play.verdict_shown = True
        self.page.redraw()
        by_id("puzzle-dialog").showModal()
        mark("judged")

    # -- the solution ------------------------------------------------------------------------

    def show_solution(self, element: Any) -> None:
        """Show the best turn from the puzzle's start, before its first move.

        Only once the try is over; the puzzle record is not touched.
        """
        play = self.page.state.puzzle
        if play is None or not play.judged:
            return
        from park.ui.puzzles.solution import solution_of, solution_session

        close_dialog(element)
        solution = solution_of(play.position)
        play.solution = SolutionShow(solution, solution_session(play.position, 0))
        mark("solution")
        self.page.show_game()
        focus.say(solution.plan)
        by_id("decision").querySelector(f'[data-ui="{SOLUTION_NEXT}"]').focus()

    def step_solution(self, by: int) -> None:
        """The solution's next move (``by`` 1) or the one before (``by`` -1)."""
        play = self.page.state.puzzle
        shown = play.solution if play is not None else None
        if play is None or shown is None:
            return
        steps = shown.solution.steps
        index = max(0, min(len(steps), shown.index + by))
        if index == shown.index:
            return
        if index == shown.index + 1:  # played on, as in play: the pawn slides
            shown.session.act(steps[shown.index].action)
            shown.motion = self.page.ai.slide(shown.session)
        else:
            from park.ui.puzzles.solution import solution_session

            shown.session, shown.motion = solution_session(play.position, index), 0.0
        shown.index = index
        self.page.redraw()
        if shown.motion > 0:
            replay_slides(by_id("board"))
        focus.say(steps[index - 1].text if index else shown.solution.plan)
        if index in (0, len(steps)):  # Previous or Next is disabled there: the other one
            ui = SOLUTION_NEXT if index == 0 else "puzzle-retry"
            by_id("decision").querySelector(f'[data-ui="{ui}"]').focus()

    def close_solution(self) -> None:
        """Back to the end of the try: the verdict, Try again, Next puzzle."""
        play = self.page.state.puzzle
        if play is None or play.solution is None:
            return
        play.solution = None
        mark("judged")
        self.page.redraw()
        focus.focus_decision()

    def on_key(self, event: Any) -> bool:
        """The arrow keys step the solution while it shows (not in a dialog nor a control)."""
        play = self.page.state.puzzle
        by = SOLUTION_KEYS.get(str(event.key))
        if by is None or play is None or play.solution is None:
            return False
        if self.page.state.screen != "game" or event.ctrlKey or event.metaKey or event.altKey:
            return False
        target = event.target
        if str(target.tagName) in ("SELECT", "INPUT", "TEXTAREA") or found(
            target.closest("dialog")
        ):
            return False
        if found(target.closest("#board")):
            return False  # the arrows move between the map's spaces
        event.preventDefault()
        self.step_solution(by)
        return True


SOLUTION_NEXT = "puzzle-solution-next"
"""The solution's Next button (``park.ui.puzzles.buttons.PUZZLE_SOLUTION_NEXT``)."""
SOLUTION_KEYS = {"ArrowLeft": -1, "ArrowRight": 1}
"""The keys that step the solution, and which way."""


def chosen_theme() -> str | None:
    """The theme of the next puzzle the person picked (``None``: any, or one no longer offered)."""
    from park.ui.puzzles.themes import THEME_IDS

    theme = storage_get(PUZZLE_THEME_KEY)
    return theme if theme in THEME_IDS else None


def mark(state: str) -> None:
    """``<html data-park-puzzle>``.

    ``playing``, ``weighing``, ``judged``, ``solution`` (shown), or empty when no puzzle is shown
    (the tests wait on it).
    """
    document.documentElement.dataset.parkPuzzle = state


def _deals() -> int:
    from park.ui.puzzles.catalogue import load_puzzles

    return load_puzzles().deals
