"""The New game form, "Your record", and the files a game and a record travel in (issue 49).

The form's fields are the page's state once Python owns them (each change an event); its table is
read into a game (or Today's expedition at the form's table) and kept for the next time, and a
problem with it is said under it. "Your record" is read from storage when it opens. A game file
chosen becomes the game in progress (once the player agrees to replace the one in progress); a
record file replaces the record kept here; a bad file is refused with a message and overwrites
nothing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from park.ui.lang.i18n import _
from park.ui.page.effects import ImportRecord, Store
from park.ui.page.game_updates import keep_storage, replace_with
from park.ui.page.keys import TABLE_KEY
from park.ui.page.state import Form, PageState, RecordShown
from park.ui.page.step import Step
from park.ui.setup.settings import NewGameSettings, parse_seed, parse_table, table_text

if TYPE_CHECKING:
    from park.ui.puzzles.progress import PuzzleRecord
    from park.ui.record.store import Record

NAME_FIELDS = tuple(f"f-name-{number}" for number in range(2, 8))
"""The name fields of the humans 2 to 7 (hot-seat)."""


def form_of_table(text: str | None, form: Form) -> Form:
    """``form`` with the last game's table (kept as ``text``) filled in.

    The humans and their names, the opponents, their level and hints (once: after that it keeps
    what was typed).
    """
    table = parse_table(text)
    if table is None or form.filled:
        return replace(form, filled=True)
    others = tuple(table.others) + ("",) * (len(NAME_FIELDS) - len(table.others))
    return replace(
        form,
        humans=table.humans,
        name=table.name,
        others=others[: len(NAME_FIELDS)],
        opponents=table.opponents,
        level=table.level,
        hints=table.hints,
        filled=True,
    )


def edited(state: PageState, field: str, value: str) -> Step:
    """A field of the form changed (its id ``field``)."""
    form = state.form
    if field == "f-humans":
        form = replace(form, humans=int(value))
    elif field == "f-name":
        form = replace(form, name=value)
    elif field in NAME_FIELDS:
        others = list(form.others)
        others[NAME_FIELDS.index(field)] = value
        form = replace(form, others=tuple(others))
    elif field == "f-opponents":
        form = replace(form, opponents=int(value))
    elif field == "f-level":
        form = replace(form, level=value)
    elif field == "f-seed":
        form = replace(form, seed=value)
    elif field == "f-hints":
        form = replace(form, hints=value == "true")
    return Step(replace(state, form=form))


def form_settings(form: Form) -> NewGameSettings:
    """The form's table. Raises ``ValueError`` for a seed that is not one."""
    return NewGameSettings(
        name=form.name,
        opponents=form.opponents,
        level=form.level,
        seed=parse_seed(form.seed),
        hints=form.hints,
        others=form.others[: form.humans - 1],
    )


def start_from_form(state: PageState, *, daily: bool, today: str) -> Step:
    """Start the form's game, or (``daily``) today's expedition at the form's table.

    A problem is said under the form; else the seed field is emptied (a seed replays one deal, the
    next game is a new one) and the table kept for the next time.
    """
    from park.ui.game.session import Session

    try:
        settings = form_settings(state.form)
        if daily:
            from park.ui.setup.daily import daily_settings, parse_day

            settings = daily_settings(parse_day(today), settings)
        session = Session.new(settings)
    except ValueError as exc:
        error = _("Please check the form: {problem}.").format(problem=exc)
        return Step(replace(state, form=replace(state.form, error=error)))
    state = replace(state, form=replace(state.form, seed="", error=None))
    kept = Store(TABLE_KEY, table_text(settings), "the table for the next game")
    return Step(state, (kept,)).and_then(replace_with(state, session))


def form_shown(state: PageState, daily_note: str | None, backup: str | None) -> PageState:
    """What the form shows besides its fields, read as it shows.

    Today's expedition's note and a kept unusable save to download.
    """
    return replace(state, form=replace(state.form, daily_note=daily_note, backup=backup))


def record_read(
    state: PageState,
    *,
    record: Record | None,
    problem: str | None,
    puzzles: PuzzleRecord | None,
    puzzles_problem: str | None,
    damaged: str | None,
    export: str | None,
    imported: str | None = None,
    imported_ok: bool = False,
) -> Step:
    """The record read from storage: the record dialog shows it.

    With what could not be read, the damaged record to download, what an import made.
    """
    if problem is None and damaged is not None:
        problem = _(
            "A damaged record was put aside and a new one started: it is kept for download."
        )
    good = False
    if imported is not None:
        problem, good = imported, imported_ok
    shown = RecordShown(
        record,
        puzzles=puzzles,
        puzzles_problem=puzzles_problem,
        problem=problem,
        good=good,
        damaged=damaged if not good else None,
        export=export,
    )
    return Step(replace(state, record=shown, dialog="record"))


def file_read(state: PageState, kind: str, text: str | None, problem: str | None) -> Step:
    """A file chosen was read (``text``), or could not be (``problem``).

    A game file becomes the game in progress (the form says why it cannot), a record file is
    kept (the record dialog says why it cannot).
    """
    from park.ui.game.transfer import ImportProblem, read_game_file
    from park.ui.puzzles.progress import dumps_puzzle_record
    from park.ui.puzzles.record_file import read_record_file
    from park.ui.record.store import dumps_record

    try:
        if text is None:
            raise ImportProblem(problem or _("This file could not be read."))
        if kind == "game":
            session = read_game_file(text)
        else:
            record, puzzles = read_record_file(text)
    except ImportProblem as exc:
        if kind == "game":
            return Step(replace(state, form=replace(state.form, error=str(exc))))
        shown = state.record or RecordShown(None)
        shown = replace(shown, problem=str(exc), good=False, damaged=None)
        return Step(replace(state, record=shown))
    if kind == "game":
        state = replace(state, form=replace(state.form, error=None))
        news = _("The saved game was opened from its file and goes on.")
        step = replace_with(state, session, news)
        return step.next(keep_storage)
    kept = ImportRecord(
        dumps_record(record), None if puzzles is None else dumps_puzzle_record(puzzles)
    )
    return Step(state, (kept,)).next(keep_storage)
