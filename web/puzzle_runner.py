"""A puzzle's try weighed and counted in the page (the effect ``Weigh``; issue 49).

The hard AI weighs the turn in slices (the page stays responsive); the try goes into the puzzle
record under its Web Lock (shared with other tabs; the rating's library unpacked on first use),
for at most :data:`RATING_SECONDS`, then the verdict goes back to the page (``PuzzleWeighed``),
with the rating's change when the try was counted. A failure is said, never a page that weighs
for ever. This module keeps only its task.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from dom import site_address
from libraries import load_library
from pyscript import window  # type: ignore[import-not-found]
from pyscript.ffi import to_js  # type: ignore[import-not-found]
from records import load_puzzle_record, utc_day
from storage import locked, storage_set

from park.ui.page.events import PuzzleWeighed
from park.ui.page.keys import PUZZLES_KEY

if TYPE_CHECKING:
    from park.ui.game.session import Session
    from park.ui.page.events import Event
    from park.ui.puzzles.catalogue import Puzzle
    from park.ui.puzzles.position import PuzzlePosition
    from park.ui.puzzles.progress import PuzzleRecord

RATING_SECONDS = 30.0
"""The longest the verdict waits for the rating (its library's download, the record's lock)."""

Counted = tuple["PuzzleRecord", "PuzzleRecord", str | None]
"""A try counted: the puzzle record before and after, and what became of one not read."""


class PuzzleRunner:
    """Weighs a puzzle's try (one at a time)."""

    def __init__(self, dispatch: Callable[[Event], bool]) -> None:
        self.dispatch = dispatch
        self.task: asyncio.Future[None] | None = None

    def weigh(self, session: Session, position: PuzzlePosition, day: str | None) -> None:
        """Weigh the try of ``position`` played in ``session`` (``day``: that day's puzzle)."""
        self.cancel()
        self.task = asyncio.ensure_future(self._weigh(session, position, day))

    def cancel(self) -> None:
        """Stop weighing (another puzzle, or none, is shown)."""
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None

    async def _weigh(self, session: Session, position: PuzzlePosition, day: str | None) -> None:
        from park.ui.puzzles.catalogue import load_puzzles
        from park.ui.puzzles.verdict import judge_in_slices

        started = window.performance.now()
        try:
            await asyncio.sleep(0)  # the turn's last move is drawn first
            thinking = judge_in_slices(position, session.state, load_puzzles().deals)
            while True:
                try:
                    next(thinking)
                except StopIteration as stop:
                    verdict = stop.value
                    break
                await asyncio.sleep(0)
            window.performance.measure("park-puzzle-verdict", to_js({"start": started}))
            try:
                counted: Counted | None = await asyncio.wait_for(
                    count_try(position.puzzle, day, solved=verdict.solved), RATING_SECONDS
                )
            except Exception as exc:  # the rating is an extra: the verdict shows all the same
                window.console.warn(f"Park: the puzzle record was not updated: {exc!r}")
                counted = None
        except asyncio.CancelledError:
            return
        except Exception as exc:  # a bug must not leave the puzzle weighing for ever
            window.console.error(f"Park: the puzzle's turn could not be weighed: {exc!r}")
            self.dispatch(PuzzleWeighed(session, None, error=str(exc)))
            return
        before, after, problem = counted if counted is not None else (None, None, None)
        self.dispatch(
            PuzzleWeighed(
                session,
                verdict,
                before=before,
                after=after,
                problem=problem,
                today=utc_day(),
                site=site_address(),
            )
        )


async def count_try(puzzle: Puzzle, day: str | None, *, solved: bool) -> Counted:
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
    except asyncio.CancelledError:  # RATING_SECONDS ran out
        given_up = True
        raise
    if not counted:
        raise RuntimeError("the puzzle record was not counted")
    return counted[0]
