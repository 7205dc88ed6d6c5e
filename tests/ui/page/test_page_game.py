"""The game's commands in the page's one loop (issue 49), played in CPython.

A new game (asked first when one would be lost), the player's decisions, Undo, the Marketplace's
ticks, the AI seats' loop, the dialogs and the notice, the hot-seat's privacy screen, a game that
moved on in another tab, and what the player is told after each change.
"""

from __future__ import annotations

from park.ui.page.effects import (
    CancelHint,
    Finish,
    KeepStorage,
    QueueSave,
    RunAi,
    Say,
    Store,
    WriteSave,
)
from park.ui.page.events import (
    Acted,
    AiDecided,
    AiStopped,
    DialogClosed,
    Edited,
    Finished,
    SaveRead,
    SaveWritten,
    Submitted,
    Ticked,
    Undone,
)
from park.ui.page.keys import TABLE_KEY
from park.ui.page.state import Notice
from tests.helpers import finished_game
from tests.ui.page.helpers import TODAY, human_turn, new_session, started


def test_the_form_starts_a_game_and_keeps_its_table() -> None:
    page = started()
    assert page.state.screen == "setup" and page.state.session is None
    page.send(Edited("f-name", "Ada"))
    page.send(Edited("f-seed", "12"))
    page.send(Submitted())
    session = page.state.session
    assert session is not None and session.seed == 12
    assert page.state.screen == "game"
    assert page.state.form.seed == ""  # a seed replays one deal: the next game is a new one
    kept = page.asked(Store)
    assert [store.key for store in kept] == [TABLE_KEY]


def test_a_new_game_saves_asks_to_keep_storage_and_lets_the_ai_play() -> None:
    page = started()
    page.send(Submitted())
    assert page.state.saving.pending
    effects = list(page.effects)
    assert any(isinstance(e, QueueSave) for e in effects)
    assert sum(isinstance(e, KeepStorage) for e in effects) == 1
    if page.state.session is not None and page.state.session.ai_to_move:
        assert page.state.pace.running and any(isinstance(e, RunAi) for e in effects)
    page.effects.clear()
    page.press("again")  # a new deal at the same table: storage is asked for once a page
    assert not page.asked(KeepStorage)


def test_a_form_problem_is_said_under_it_and_starts_nothing() -> None:
    page = started()
    page.send(Edited("f-seed", "not a seed"))
    page.send(Submitted())
    assert page.state.session is None
    assert page.state.form.error is not None and "check the form" in page.state.form.error
    assert page.view().elements["#form-error"].hidden is False


def test_a_game_in_progress_is_replaced_only_once_the_player_agrees() -> None:
    page = started(human_turn())
    before = page.state.session
    page.send(Submitted())
    assert page.state.dialog == "replace" and page.state.session is before
    page.press("replace-back", dialog="replace")
    assert page.state.session is before and page.state.pending is None
    assert page.state.dialog is None and page.state.screen == "game"
    page.send(Submitted())
    page.press("replace-game", dialog="replace")
    assert page.state.session is not before and page.state.dialog is None


def test_a_decision_is_played_saved_and_the_hint_asked_for_stops() -> None:
    session = human_turn()
    page = started(session)
    page.effects.clear()
    moves = session.actions_played
    page.act("stay")
    assert session.actions_played > moves
    assert page.state.saving.pending and page.asked(QueueSave)
    assert page.state.coach.hint_thinking is False


def test_a_move_that_is_not_possible_is_said_and_changes_nothing() -> None:
    session = human_turn()
    page = started(session)
    moves = session.actions_played
    page.act("step:99")
    assert session.actions_played == moves
    notice = page.state.notice
    assert notice is not None and not notice.good and "not possible" in notice.text


def test_undo_takes_the_last_decision_back_and_says_so() -> None:
    session = human_turn()
    page = started(session)
    moves = session.actions_played
    page.act("step:13")  # the Antique Shop: play an Artifact and step again, or end the turn
    assert session.can_undo and session.actions_played == moves + 1
    page.effects.clear()
    page.send(Undone())
    assert session.actions_played == moves
    assert any(said.taken_back for said in page.asked(Say))


def test_nothing_to_undo_is_said() -> None:
    page = started(human_turn())
    page.effects.clear()
    page.send(Undone())
    assert [s.text for s in page.asked(Say)] == ["Nothing to undo."]


def test_the_marketplace_ticks_are_the_pages_state_and_go_with_a_move() -> None:
    page = started(human_turn())
    page.send(Ticked("c1", True))
    page.send(Ticked("c2", True))
    page.send(Ticked("c1", False))
    assert page.state.ticked == frozenset({"c2"})
    page.act("stay")
    assert page.state.ticked == frozenset()


def test_the_ai_loop_runs_while_the_state_says_a_bot_moves() -> None:
    session = new_session(seed=3)
    page = started(session)
    if not session.ai_to_move:  # the human moves first in this deal: play on to the AI
        page.act("stay")
    assert page.state.pace.running and page.asked(RunAi)
    page.send(AiStopped())  # stopped while a bot is to move: started again at once
    assert page.state.pace.running == session.ai_to_move


def test_an_ai_decision_is_played_for_the_game_playing_only() -> None:
    session = new_session(seed=3)
    page = started(session)
    if not session.ai_to_move:
        page.act("stay")
    action = next(item for item in session.think() if item is not None)
    other = new_session(seed=4)
    moves = session.actions_played
    page.send(AiDecided(other, action))  # another game's decision: dropped
    assert session.actions_played == moves
    page.send(AiDecided(session, action))
    assert session.actions_played == moves + 1
    assert page.state.saving.pending and not page.state.saving.own


def test_an_ai_loop_that_fails_says_so() -> None:
    page = started(new_session())
    page.send(AiStopped("boom"))
    notice = page.state.notice
    assert notice is not None and "boom" in notice.text and "Reload" in notice.text


def test_dialogs_open_and_close_in_the_state() -> None:
    page = started()
    page.press("rules")
    assert page.state.dialog == "rules" and page.view().dialog == "rules"
    page.press("close-dialog", dialog="rules")
    assert page.state.dialog is None
    page.press("about")
    page.send(DialogClosed("about"))  # Escape
    assert page.state.dialog is None


def test_the_notice_is_drawn_from_the_state_and_dismissed() -> None:
    page = started()
    page.state = page.state.__class__(**{**page.state.__dict__, "notice": Notice("Hello", True)})
    elements = page.view().elements
    assert elements["#notice"].hidden is False and elements["#notice-text"].text == "Hello"
    assert elements["#notice"].classes == {"is-good": True}
    page.press("dismiss")
    assert page.state.notice is None and page.view().elements["#notice"].hidden is True


def test_the_autosave_is_written_under_the_lock_and_its_revision_held() -> None:
    page = started(human_turn())
    page.act("stay")
    page.effects.clear()
    page.send(SaveRead(None))  # the slot was empty: this tab writes
    (written,) = page.asked(WriteSave)
    assert not page.state.saving.pending
    page.send(SaveWritten(written.text))
    assert page.state.saving.held is not None and not page.state.saving.own


def test_a_full_storage_is_said_once_and_the_game_plays_on() -> None:
    page = started(human_turn())
    page.send(SaveWritten("{}", "full"))
    failure = page.state.saving.failure
    assert failure is not None and "full" in failure
    assert page.view().elements["#storage-note"].hidden is False


def test_a_game_that_went_on_in_another_tab_is_followed_before_a_move() -> None:
    session = human_turn()
    page = started(session, saved=session.save_text(1))
    other = human_turn()
    other.act("step:10")  # the same deal played on in another tab
    moves = session.actions_played
    page.send(Acted("stay", other.save_text(2)))
    shown = page.state.session
    assert shown is not session and shown is not None
    assert shown.actions_played == other.actions_played and session.actions_played == moves
    notice = page.state.notice
    assert notice is not None and notice.good and "another tab" in notice.text


def test_a_hot_seat_game_shows_its_privacy_screen_between_two_humans() -> None:
    session = new_session(others=("Bea",), opponents=2)
    page = started(session)
    if session.privacy_needed:
        assert page.state.visible_screen == "privacy"
        assert (
            page.view().elements["#show-hand"].text
            == f"Show my hand, {session.names[session.active]}"
        )
        page.press("show-hand")
        assert page.state.visible_screen == "game"


def test_a_finished_game_is_counted_and_its_game_over_opens() -> None:
    session = finished_game()
    page = started(session)
    (finish,) = page.asked(Finish)
    assert finish.session is session and page.state.told.over
    page.send(Finished(session, "line to share", None, TODAY))
    assert page.state.dialog == "over" and page.state.last_game
    elements = page.view().elements
    assert elements["#daily-share"].hidden is False
    assert elements["#daily-text"].props == {"value": "line to share"}


def test_the_ai_turns_are_said_once_and_your_turn_when_it_begins() -> None:
    session = new_session(seed=3)
    page = started(session)
    while session.ai_to_move:
        action = next(item for item in session.think() if item is not None)
        page.send(AiDecided(session, action))
    said = [s.text for s in page.asked(Say) if s.text]
    assert said and said[-1].endswith("Your turn.")
    page.send(Ticked("c1", True))  # a redraw with nothing new says nothing
    assert not [s for s in page.asked(Say) if s.text]


def test_a_hint_asked_for_is_dropped_once_the_player_moves() -> None:
    session = human_turn()
    page = started(session)
    page.press("hint")
    assert page.state.coach.hint_thinking
    asked = page.state.coach.hint_asked
    page.act("stay")
    assert not page.state.coach.hint_thinking and page.asked(CancelHint)
    from park.ui.page.events import HintDone

    page.send(HintDone(asked, advised=True))  # the old request's result: dropped
    assert not page.asked(QueueSave)
