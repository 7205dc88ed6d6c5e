"""The page's one update: an event and the state in, the new state and the effects out (issue 49).

:func:`update` hands each event to the feature's update (the game's, the coach's, the puzzles',
the replay's, the links', the settings', the autosave's, the form's and the record's modules);
:func:`commands` names every ``data-ui`` button's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache

from park.ui.lang.i18n import _
from park.ui.page import (
    coach_updates,
    form_updates,
    game_updates,
    link_updates,
    puzzle_updates,
    replay_updates,
    save_updates,
    setting_updates,
)
from park.ui.page.effects import (
    CentreMap,
    Copy,
    Focus,
    KeepPicture,
    ReadFile,
    ReadPuzzles,
    ReadRecord,
)
from park.ui.page.events import (
    Acted,
    AiDecided,
    AiStopped,
    Chosen,
    Command,
    Copied,
    DialogClosed,
    Edited,
    Event,
    FileChosen,
    FileRead,
    Finished,
    FormShown,
    Fragment,
    HintDone,
    HintMoved,
    Key,
    LanguageNotKept,
    PageHidden,
    PageShown,
    PuzzlesRead,
    PuzzleWeighed,
    RecordRead,
    Resumed,
    ReviewMoved,
    SaveRead,
    SaveWritten,
    StorageChanged,
    Submitted,
    SystemTheme,
    Ticked,
    Undone,
)
from park.ui.page.keys import LAST_GAME_KEY, SAVE_KEY, TABLE_KEY
from park.ui.page.live_state import (
    Answered,
    Joining,
    Offered,
    PeerClosed,
    PeerMessage,
    PeerOpened,
    QrLoaded,
    ReplyHanded,
    ReplyTaken,
)
from park.ui.page.live_updates import commands as live_commands
from park.ui.page.live_updates import edited as live_edited
from park.ui.page.live_updates import (
    guest_decided,
    host_again,
    live_event,
    live_or,
    tell_friends,
)
from park.ui.page.state import GameOver, Notice, PageState
from park.ui.page.step import Step, unused

Handler = Callable[[PageState, Command], Step]

STORED_FOR = {
    "undo": SAVE_KEY,
    "continue-here": SAVE_KEY,
    "replay-last": LAST_GAME_KEY,
    "challenge-play": TABLE_KEY,
}
"""The stored text each command reads (``web/main.py`` reads it as the button is pressed)."""


def _replay_last(state: PageState, command: Command) -> Step:
    from park.engine.errors import SaveError
    from park.engine.save import restore

    try:
        last = restore(command.stored).state if command.stored else None
    except SaveError:
        last = None
    return replay_updates.open_game(state, last, just_over=False)


def _with_dialog_closed(handler: Callable[[PageState], Step]) -> Handler:
    """A command that closes the dialog its button is in, then does ``handler``."""
    return lambda state, command: handler(game_updates.close_dialog(state, command.dialog))


def _opens(name: str) -> Handler:
    return lambda state, _command: Step(replace(state, dialog=name))


def _copy(box: str) -> Handler:
    return lambda state, _command: Step(state, (Copy(box),))


def _puzzle_commands() -> dict[str, Handler]:
    from park.ui.puzzles import buttons as b

    return {
        "puzzles": lambda s, _c: Step(s, (ReadPuzzles("hub"),)),
        b.PUZZLE_DAILY: lambda s, _c: Step(s, (ReadPuzzles("daily"),)),
        b.PUZZLE_NEXT: lambda s, _c: Step(s, (ReadPuzzles("next"),)),
        b.PUZZLE_RETRY: lambda s, _c: puzzle_updates.retry(replace(s, dialog=None)),
        b.PUZZLE_LEAVE: lambda s, _c: puzzle_updates.leave(s),
        b.PUZZLE_VERDICT: _opens("puzzle"),
        b.PUZZLE_SOLUTION: lambda s, _c: puzzle_updates.show_solution(s),
        b.PUZZLE_SOLUTION_PREV: lambda s, _c: puzzle_updates.step_solution(s, -1),
        b.PUZZLE_SOLUTION_NEXT: lambda s, _c: puzzle_updates.step_solution(s, 1),
        b.PUZZLE_SOLUTION_CLOSE: lambda s, _c: puzzle_updates.close_solution(s),
        "copy-puzzle": _copy("puzzle-share-text"),
    }


def _lesson_commands() -> dict[str, Handler]:
    from park.ui.tutorial.html import LESSON_DONE, LESSONS_LEAVE

    return {
        "learn": lambda s, _c: game_updates.offer_tutorial(s),
        "learn-start": lambda s, _c: game_updates.start_tutorial(s),
        LESSON_DONE: lambda s, _c: game_updates.lesson_done(s),
        LESSONS_LEAVE: lambda s, _c: game_updates.leave_lessons(s),
    }


def _replay_commands() -> dict[str, Handler]:
    table: dict[str, Handler] = {
        "replay": lambda s, _c: replay_updates.open_game(s, None, just_over=True),
        "replay-last": _replay_last,
        "replay-close": lambda s, _c: replay_updates.close_replay(s),
        "replay-share": lambda s, c: replay_updates.share_replay(s, c.site),
        "copy-replay-link": _copy("replay-link"),
    }
    for name in replay_updates.STEPS:
        table[f"replay-{name}"] = _replay_step(name)
    return table


def _replay_step(name: str) -> Handler:
    return lambda state, _command: replay_updates.step_replay(state, name)


@cache
def commands() -> dict[str, Handler]:
    """Every ``data-ui`` button's command.

    Made on first use: the lessons' names come with the engine, which the New game form does not
    load.
    """
    return {
        **COMMANDS,
        **_lesson_commands(),
        **_puzzle_commands(),
        **_replay_commands(),
        **live_commands(),
    }


COMMANDS: dict[str, Handler] = {
    "new": _with_dialog_closed(game_updates.show_setup),
    "back": lambda s, _c: game_updates.show_game(s),
    "rules": _opens("rules"),
    "about": _opens("about"),
    "settings": _opens("settings"),
    "record": lambda s, _c: Step(s, (ReadRecord(),)),
    "daily": lambda s, c: form_updates.start_from_form(s, daily=True, today=c.today),
    "show-hand": lambda s, _c: game_updates.show_hand(s),
    "copy-daily": _copy("daily-text"),
    "results": _opens("over"),
    "close-dialog": lambda s, c: Step(game_updates.close_dialog(s, c.dialog)),
    "dismiss": lambda s, _c: Step(game_updates.notify(s, None)),
    "undo": lambda s, c: decided(s, None, c.stored),
    "skip": lambda s, _c: game_updates.skip(s),
    "hint": lambda s, _c: coach_updates.ask_hint(s),
    "reach": lambda s, _c: setting_updates.toggle_reach(s),
    "moments": lambda s, _c: coach_updates.start_review(s),
    "moments-cancel": lambda s, _c: coach_updates.cancel_review(s),
    "replace-game": lambda s, _c: game_updates.replace_answered(s, replace_it=True),
    "replace-back": lambda s, _c: game_updates.replace_answered(s, replace_it=False),
    "challenge-play": lambda s, c: link_updates.play_challenge(s, c.stored),
    "link-challenge": lambda s, c: link_updates.make_challenge(s, c.site),
    "link-replay": lambda s, c: link_updates.share_game(s, c.site),
    "copy-link": _copy("link-text"),
    "toggle-panel": lambda s, c: game_updates.toggle_panel(s, c.data.get("panel", "")),
    "close-sheets": lambda s, _c: game_updates.close_sheets(s),
    "map-edge": lambda s, c: Step(s, (CentreMap(c.data.get("target", ".pk-space.is-here")),)),
    "again": _with_dialog_closed(lambda s: live_or(s, game_updates.play_again)),
    "continue-here": lambda s, c: save_updates.continue_here(s, c.stored),
}
"""The ``data-ui`` buttons' commands besides the lessons', the puzzles' and the replay's
(:func:`commands` has them all)."""


def command(state: PageState, event: Command) -> Step:
    """A ``data-ui`` button's command (another button does nothing)."""
    handler = commands().get(event.name)
    return handler(state, event) if handler is not None else unused(state)


def key(state: PageState, event: Key) -> Step:
    """A key.

    The replay's steps, a puzzle solution's, or Undo's (Ctrl+Z, Cmd+Z on a Mac, but not in a
    text field, whose own undo the browser keeps); Escape closes a sheet open over the table
    (outside a dialog, which Escape closes itself).
    """
    modified = event.ctrl or event.alt
    if event.key == "Escape" and not event.in_dialog and game_updates.sheet_open(state):
        return game_updates.close_sheets(state)
    replayed = replay_updates.replay_key(
        state, event.key, in_control=event.in_control, modified=modified
    )
    if replayed is not None:
        return replayed
    elsewhere = event.in_control or event.in_dialog or event.on_map
    solved = puzzle_updates.solution_key(state, event.key, modified=modified, elsewhere=elsewhere)
    if solved is not None:
        return solved
    return unused(state)


def chosen(state: PageState, event: Chosen) -> Step:
    """A menu, a slider or a box of a setting chose ``event.value``."""
    name, value = event.name, event.value
    if name == "replay-viewer":
        return replay_updates.choose_viewer(state, value)
    if name == "replay-turn":
        return replay_updates.slide_to(state, int(value))
    if name == "link-reveal":
        return link_updates.reveal_in_game_over(state, value == "true", event.site)
    if name == "replay-reveal":
        return replay_updates.reveal_in_replay(state, value == "true", event.site)
    if name == "puzzle-theme":
        return puzzle_updates.pick_theme(state, value)
    if name in setting_updates.WHAT:
        return setting_updates.choose(state, name, value)
    return unused(state)


def resumed(state: PageState, event: Resumed) -> Step:
    """Start-up.

    The autosaved game resumed, or the New game form (with what to say of a save that could not
    be used), then the AI seats play where it is their turn.
    """
    state = save_updates.started(state, event.saved, storage_works=event.storage_works)
    if event.form is not None:  # the first screen's form, as the player may have left it
        form = state.form
        for field, value in event.form.items():
            form = form_updates.edited(replace(state, form=form), field, value).state.form
        state = replace(state, form=replace(form, filled=True))
    else:
        state = replace(state, form=form_updates.form_of_table(event.table, state.form))
    state = replace(state, last_game=event.last_game)
    if event.session is not None:
        state = replace(state, session=event.session)
        step = game_updates.show_game(state)
        if event.session.friends:  # a live table's game: its friends come back by invitation
            step = step.next(host_again)
    else:
        step = game_updates.show_setup(state)
        if event.form is not None:  # the first screen placed the focus already
            kept = tuple(e for e in step.effects if not isinstance(e, Focus))
            step = Step(step.state, kept)
    notice = None
    if event.session is None and event.unusable is not None and event.message:
        notice = Notice(event.message, download=event.unusable)
    elif event.message:  # it goes on, with earlier cards or rules: good news, said plainly
        notice = Notice(event.message, good=event.good)
    return Step(replace(step.state, notice=notice, ready=True), step.effects)


def finished(state: PageState, event: Finished) -> Step:
    """A finished game was counted and kept for a replay.

    Its game over opens (if it is still the game shown), with Today's expedition's line to share
    and its links.
    """
    links = link_updates.game_over_links(state, event.session, event.challenge, event.today)
    state = replace(state, over=GameOver(daily=event.daily), links=links, last_game=True)
    if state.shown is event.session and state.screen == "game" and state.dialog is None:
        state = replace(state, dialog="over")
    return Step(state)


def update(state: PageState, event: Event) -> Step:
    """The page's state after ``event``, and the effects to run (see the module).

    Then the AI seats' loop starts wherever the new state says a bot must move and none runs
    (:func:`park.ui.page.game_updates.kick`), and the coach thinks about the player's decision
    while the player reads it (:func:`park.ui.page.coach_updates.ponder`).
    """
    today = getattr(event, "today", "")
    if today and today != state.today:
        state = replace(state, today=today)
    step = _update(state, event)
    return step.next(game_updates.kick).next(coach_updates.ponder).next(tell_friends)


def _update(state: PageState, event: Event) -> Step:
    match event:
        case Command():
            return command(state, event)
        case Acted(text=text, stored=stored):
            return decided(state, text, stored)
        case Undone(stored=stored):
            return decided(state, None, stored)
        case Ticked(card=card, on=on):
            return game_updates.tick(state, card, on)
        case Edited(field=field, value=value):
            if field.startswith("live-") or field == "f-friends":
                return live_edited(state, field, value)
            return form_updates.edited(state, field, value)
        case Chosen():
            return chosen(state, event)
        case Key():
            return key(state, event)
        case DialogClosed(name=name):
            return Step(game_updates.close_dialog(state, name))
        case Submitted():
            return form_updates.start_from_form(state, daily=False, today=state.today)
        case FileChosen(field=field):
            return Step(state, (ReadFile(field),))
        case Resumed():
            return resumed(state, event)
        case FormShown(daily_note=note, backup=backup):
            return Step(form_updates.form_shown(state, note, backup))
        case _:
            return _from_elsewhere(state, event)


def _from_elsewhere(state: PageState, event: Event) -> Step:
    """The events that come from the effects' runners, other tabs and the page's life."""
    match event:
        case StorageChanged(key=stored_key, value=value):
            return storage_changed(state, stored_key, value)
        case LanguageNotKept():
            return setting_updates.language_not_kept(state)
        case SystemTheme(dark=dark):
            return Step(setting_updates.system_theme(state, dark=dark))
        case PageHidden(closing=closing):
            return Step(state, (KeepPicture(closing),))
        case PageShown():
            return game_updates.save(state, own=False)
        case SaveRead(text=text, locked=locked):
            return save_updates.save_read(state, text, write=locked)
        case SaveWritten(text=text, problem=problem):
            return Step(save_updates.written(state, text, problem))
        case Fragment(text=text):
            return link_updates.fragment(state, text)
        case AiDecided(session=session, action=action):
            if action is None:
                return Step(state)
            return game_updates.ai_decided(state, session, action)
        case AiStopped(error=error):
            return ai_stopped(state, error)
        case HintDone(asked=asked, advised=advised):
            return coach_updates.hint_done(state, asked, advised=advised)
        case HintMoved(asked=asked, done=done, deals=deals):
            return coach_updates.hint_moved(state, asked, done, deals)
        case ReviewMoved(session=session, progress=progress, failed=failed):
            return coach_updates.review_moved(state, session, progress, failed=failed)
        case PuzzleWeighed():
            counted = (
                None
                if event.before is None or event.after is None
                else (
                    event.before,
                    event.after,
                )
            )
            return puzzle_updates.weighed(
                state,
                event.session,
                event.verdict,
                counted,
                problem=event.problem,
                today=event.today,
                site=event.site,
                error=event.error,
            )
        case FileRead(kind=kind, text=text, problem=problem):
            return form_updates.file_read(state, kind, text, problem)
        case RecordRead():
            return form_updates.record_read(
                state,
                record=event.record,
                problem=event.problem,
                puzzles=event.puzzles,
                puzzles_problem=event.puzzles_problem,
                damaged=event.damaged,
                export=event.export,
                imported=event.imported,
                imported_ok=event.imported_ok,
            )
        case PuzzlesRead():
            return puzzle_updates.puzzles_read(
                state, event.record, event.problem, event.theme, event.today, event.then
            )
        case Copied(box=box, ok=ok, text=text):
            said = _("Copied.") if ok else _("Select the text and copy it.")
            copied = (*(c for c in state.copied if c[0] != box), (box, text, said))
            return Step(replace(state, copied=copied))
        case Finished():
            return finished(state, event)
        case Offered() | Answered() | PeerOpened() | PeerClosed() | PeerMessage():
            return live_event(state, event)
        case ReplyHanded() | ReplyTaken():
            return live_event(state, event)
        case QrLoaded():
            return Step(state)
    return unused(state)


def decided(state: PageState, text: str | None, stored: str | None) -> Step:
    """The player's decision (an action's text form) or Undo (``None``).

    In a puzzle, the puzzle's; where the game moved on in another tab (the autosave ``stored``
    now), that game is shown (or the fork said) and nothing is played; else the game's.
    """
    if state.puzzle is not None:
        return puzzle_updates.puzzle_act(state, text)
    if isinstance(state.live, Joining):
        return guest_decided(state, text)
    session = state.session
    if session is None or (text is None and state.screen != "game"):
        return Step(state)
    if text is not None and not session.human_to_move:
        return Step(state)
    went_on = save_updates.moved_on(state, stored)
    if went_on is not None:
        return went_on
    if text is None:
        return game_updates.undo(state)
    return game_updates.human_action(state, text)


def storage_changed(state: PageState, stored_key: str | None, value: str | None) -> Step:
    """Another tab wrote the autosave (compare it again) or a setting (take it here too)."""
    if setting_updates.is_save_key(stored_key):
        return game_updates.save(state, own=False)
    if stored_key is None or value is None:
        return unused(state)
    taken = setting_updates.taken_from_another_tab(state, stored_key, value)
    return unused(state) if taken is None else taken


def ai_stopped(state: PageState, error: str | None) -> Step:
    """The AI seats' loop stopped.

    "Skip to my turn" is over (the human decides, or the game is over or new); a failure is said
    (a bug must not leave the game silently stuck).
    """
    state = replace(state, pace=replace(state.pace, running=False, skipping=False))
    if error is None:
        return Step(state)
    words = _("An AI seat could not move ({details}). Reload the page to continue.")
    return Step(replace(state, notice=Notice(words.format(details=error))))
