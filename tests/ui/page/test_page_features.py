"""The page's other commands in its one loop (issue 49), played in CPython.

The settings (and another tab's), the language, Park's reach, the hint and the review, the
replay, links (a challenge offered and played, a game shared), the puzzles (the dialog, a try
weighed, the solution), "Your record", files, and lines copied.
"""

from __future__ import annotations

from dataclasses import replace

from park.ui.game.link_views import chain_result, table_of
from park.ui.game.links import challenge_fragment, challenge_of
from park.ui.page.effects import (
    ClearFragment,
    Focus,
    KeepLanguage,
    ReadPuzzles,
    ReadRecord,
    Reload,
    Review,
    Select,
    Store,
    ThinkHint,
    Weigh,
)
from park.ui.page.events import (
    Chosen,
    Command,
    Copied,
    FileRead,
    Fragment,
    HintDone,
    Key,
    LanguageNotKept,
    PuzzlesRead,
    PuzzleWeighed,
    RecordRead,
    ReviewMoved,
    StorageChanged,
)
from park.ui.page.game_view import shown_parts
from park.ui.page.keys import LANGUAGE_KEY, REACH_KEY, SPEED_KEY
from park.ui.page.state import Notice, Told
from park.ui.page.told import settle
from park.ui.puzzles.progress import PuzzleRecord
from park.ui.record.store import parse_record
from tests.helpers import finished_game
from tests.ui.page.helpers import TODAY, human_turn, new_session, started


def test_a_setting_chosen_is_kept_and_another_tabs_is_taken_without_keeping() -> None:
    page = started()
    page.send(Chosen("speed", "fast"))
    assert page.state.settings.speed == "fast"
    assert [(s.key, s.value) for s in page.asked(Store)] == [(SPEED_KEY, "fast")]
    page.send(StorageChanged(SPEED_KEY, "slow"))
    assert page.state.settings.speed == "slow" and not page.asked(Store)
    page.send(Chosen("speed", "warp"))  # not a speed: the default
    assert page.state.settings.speed == "normal"
    assert page.view().elements["#speed"].props == {"value": "normal"}


def test_parks_reach_is_toggled_and_remembered() -> None:
    page = started(human_turn())
    page.press("reach")
    assert page.state.settings.reach
    assert [(s.key, s.value) for s in page.asked(Store)] == [(REACH_KEY, "on")]


def test_a_new_language_is_kept_and_the_page_reloads_in_it_or_says_why_not() -> None:
    page = started()
    page.send(Chosen("language", "ja"))
    assert page.asked(KeepLanguage) == [KeepLanguage("ja")]
    page.send(LanguageNotKept())
    notice = page.state.notice
    assert notice is not None and "cannot keep a choice of language" in notice.text
    page.send(StorageChanged(LANGUAGE_KEY, "ja"))  # another tab chose it: this one follows
    assert page.asked(Reload)


def test_a_tab_whose_game_went_on_elsewhere_does_not_follow_a_language() -> None:
    page = started(human_turn())
    page.state = replace(page.state, saving=replace(page.state.saving, stale=True))
    page.send(StorageChanged(LANGUAGE_KEY, "ja"))
    assert not page.asked(Reload)


def test_a_hint_is_thought_about_once_and_said_when_it_comes() -> None:
    page = started(human_turn())
    page.press("hint")
    page.press("hint")  # once at a time
    (thinking,) = page.asked(ThinkHint)
    page.send(HintDone(thinking.asked, advised=True))
    assert not page.state.coach.hint_thinking
    from park.ui.page.effects import Say

    assert any(said.hint for said in page.asked(Say))


def test_the_players_decision_is_pondered_once_and_the_hint_says_its_deals_so_far() -> None:
    """Issue 50: a turn's hint is thought about while the player reads the table.

    Asked for, it says how many of its sampled deals are done; the setting picks how many.
    """
    from park.ui.coach.depth import HINT_DEALS
    from park.ui.page.effects import Ponder
    from park.ui.page.events import HintMoved

    page = started(human_turn())
    (pondering,) = page.asked(Ponder)
    assert pondering.session is page.state.playing
    assert pondering.deals == HINT_DEALS[page.state.settings.thinking] >= 24
    session = pondering.session
    thinking_about = session.coach.ponder_in_slices(session.state, session.human, pondering.deals)
    while (session.coach.thought(session.state) or (0, 0))[0] < 2:
        next(thinking_about)  # the task stops (a move refused, a puzzle opened and left)
    page.press("reach")  # any update: the search not done goes on
    assert page.asked(Ponder) == [pondering]
    page.press("hint")
    (thinking,) = page.asked(ThinkHint)
    done, deals = page.state.coach.hint_progress or (0, 0)  # what was thought already, at once
    assert done >= 2 and deals == pondering.deals
    page.send(HintMoved(thinking.asked, 7, 24))
    assert page.state.coach.hint_progress == (7, 24)
    game = page.view().game
    assert game is not None and game.parts is not None
    coach = game.parts.markup["coach"]
    assert ">Thinking… 7/24</button>" in coach
    assert 'aria-label="Hint: Thinking… 7/24 sampled deals"' in coach
    page.send(HintMoved(thinking.asked - 1, 9, 24))  # an older request's: dropped
    assert page.state.coach.hint_progress == (7, 24)
    page.send(HintDone(thinking.asked, advised=True))
    assert page.state.coach.hint_progress is None


def test_no_pondering_in_autoplay_or_without_hints() -> None:
    from park.ui.page.effects import Ponder

    off = new_session(hints=False)
    while off.ai_to_move:
        off.run_ai_turns(limit=1)
    assert not started(off).asked(Ponder)
    watched = started(human_turn())
    watched.state = replace(
        watched.state, settings=replace(watched.state.settings, autoplay="normal")
    )
    watched.asked(Ponder)
    watched.press("reach")
    assert not watched.asked(Ponder)
    done = started(human_turn())
    (pondering,) = done.asked(Ponder)
    list(
        pondering.session.coach.ponder_in_slices(
            pondering.session.state, pondering.session.human, pondering.deals
        )
    )
    done.press("reach")
    assert not done.asked(Ponder)  # done: nothing more to think about


def test_the_review_shows_its_progress_and_can_be_cancelled() -> None:
    session = finished_game()
    page = started(session)
    page.press("moments")
    assert page.state.coach.reviewing and page.asked(Review)
    from park.ai.review import ReviewProgress

    page.send(ReviewMoved(session, ReviewProgress(3, 10)))
    assert page.state.coach.progress == ReviewProgress(3, 10)
    assert "3 of 10" in (page.view().elements["#moments"].html or "")
    page.press("moments-cancel")
    assert not page.state.coach.reviewing and page.state.coach.progress is None


def test_the_replay_opens_steps_and_closes_back() -> None:
    session = finished_game()
    page = started(session)
    page.press("replay")
    view = page.state.replay
    assert page.state.screen == "replay" and view is not None and view.index == 0
    page.press("replay-next")
    page.press("replay-next-turn")
    assert page.state.replay is not None and page.state.replay.index > 1
    elements = page.view().elements
    assert elements["#replay-prev"].props == {"disabled": False}
    used = page.send(Key("Home"))
    assert used and page.state.replay is not None and page.state.replay.index == 0
    assert not page.send(Key("ArrowRight", in_control=True))  # the slider's own arrows
    page.press("replay-close")
    assert page.state.screen == "game"


def test_the_last_game_kept_is_replayed_or_said_missing() -> None:
    page = started()
    page.press("replay-last")  # nothing kept
    notice = page.state.notice
    assert notice is not None and "could not be found" in notice.text
    kept = finished_game().save_text()
    page.send(Command("replay-last", stored=kept, today=TODAY))
    assert page.state.screen == "replay" and page.state.replay is not None


def test_a_challenge_link_is_offered_and_played_once_the_player_agrees() -> None:
    ended = finished_game()
    table = table_of(ended.state)
    challenge = challenge_of(table, chain_result(ended.state, 0, TODAY))
    page = started(human_turn())
    page.send(Fragment("#" + challenge_fragment(challenge)))
    assert page.state.dialog == "challenge" and page.asked(ClearFragment)
    assert page.view().elements["#challenge-offer"].html
    before = page.state.session
    page.press("challenge-play", dialog="challenge")
    assert page.state.dialog == "replace" and page.state.session is before
    page.press("replace-game", dialog="replace")
    session = page.state.session
    assert session is not None and session is not before and session.seed == ended.seed
    assert any(store.value.startswith("c1.") for store in page.asked(Store))


def test_a_damaged_link_is_said_and_changes_nothing() -> None:
    page = started(human_turn())
    before = page.state.session
    page.send(Fragment("#c1.garbage"))
    notice = page.state.notice
    assert notice is not None and not notice.good
    assert page.state.session is before and page.asked(ClearFragment)


def test_a_finished_game_is_shared_as_a_link_and_copied() -> None:
    page = started(finished_game())
    page.press("link-replay")
    link = page.state.links.shown
    assert link is not None and link.startswith("https://x.test/#r1.")
    assert page.asked(Select) == [Select("link-text")]
    page.send(Copied("link-text", True, link))
    assert page.view().elements["#link-copied"].text == "Copied."
    page.send(Chosen("link-reveal", "true", site="https://x.test/"))
    assert page.state.links.shown != link  # made again, every hand shown
    assert page.view().elements["#link-copied"].text == ""  # the box holds another link


def test_a_refused_copy_says_how_to_copy() -> None:
    page = started(finished_game())
    page.press("link-replay")
    link = page.state.links.shown or ""
    page.send(Copied("link-text", False, link))
    assert page.view().elements["#link-copied"].text == "Select the text and copy it."


def test_the_puzzles_dialog_the_next_puzzle_and_a_try_weighed() -> None:
    page = started(human_turn())
    page.press("puzzles")
    assert page.asked(ReadPuzzles) == [ReadPuzzles("hub")]
    page.send(PuzzlesRead(PuzzleRecord(), None, None, TODAY, "hub"))
    assert page.state.dialog == "puzzles"
    assert "puzzle" in (page.view().elements["#puzzles-hub"].html or "").lower()
    page.send(PuzzlesRead(PuzzleRecord(), None, None, TODAY, "next"))
    play = page.state.puzzle
    assert play is not None and page.state.dialog is None and page.state.screen == "game"
    assert page.view().root["data-park-puzzle"] == "playing"
    session = play.session
    from park import legal_actions

    for _ in range(40):  # play the turn out with its first legal choices
        if page.state.puzzle is None or page.state.puzzle.weighing:
            break
        page.act(str(legal_actions(session.state)[0]))
    assert page.state.puzzle is not None and page.state.puzzle.weighing
    assert page.asked(Weigh)
    from park.ui.puzzles.verdict import judge_in_slices
    from tests.ui.helpers import returned

    verdict = returned(judge_in_slices(play.position, session.state, 2))
    page.send(PuzzleWeighed(session, verdict, today=TODAY, site="https://x.test/"))
    shown = page.state.puzzle
    assert shown is not None and shown.judged and page.state.dialog == "puzzle"
    assert "could not be updated" in shown.rating  # not counted: said
    page.press("puzzle-solution", dialog="puzzle")
    assert page.state.puzzle is not None and page.state.puzzle.solution is not None
    assert page.view().root["data-park-puzzle"] == "solution"
    page.press("puzzle-leave")
    assert page.state.puzzle is None and page.state.screen == "game"


def test_your_record_is_read_when_it_opens() -> None:
    page = started()
    page.press("record")
    assert page.asked(ReadRecord)
    page.send(RecordRead(parse_record(None), None, PuzzleRecord(), None, None, None, TODAY))
    assert page.state.dialog == "record"
    elements = page.view().elements
    assert elements["#record-note"].hidden is True and elements["#record"].html is not None


def test_a_bad_game_file_is_refused_under_the_form_and_a_good_one_opens() -> None:
    page = started()
    page.send(FileRead("game", "not json"))
    assert page.state.form.error is not None and page.state.session is None
    page.send(FileRead("game", new_session().save_text()))
    assert page.state.session is not None and page.state.form.error is None


def test_the_learn_to_play_offer_is_brought_into_view_and_focused() -> None:
    page = started(human_turn())
    page.press("learn")
    assert page.state.screen == "setup"
    assert Focus("#learn-start") in page.effects


def test_the_tables_panels_open_as_one_sheet_at_a_time() -> None:
    """Issue 48: the menu's panels cover the foot of a phone's table, one at a time.

    The latest events open beside whichever is open; a name that is no panel changes nothing.
    """
    page = started()
    page.send(Command("toggle-panel", {"panel": "players"}))
    page.send(Command("toggle-panel", {"panel": "latest"}))
    assert page.state.panels == {"players", "latest"}
    page.send(Command("toggle-panel", {"panel": "log"}))
    assert page.state.panels == {"log", "latest"}
    view = page.view()
    assert view.elements["#game"].classes["show-log"]
    assert not view.elements["#game"].classes["show-players"]
    menu = view.elements['[data-ui="toggle-panel"][data-panel="log"]']
    assert menu.attrs == {"aria-expanded": "true"}
    page.send(Command("toggle-panel", {"panel": "log"}))
    page.send(Command("toggle-panel", {"panel": "nothing"}))
    assert page.state.panels == {"latest"}


def test_your_cards_in_full_is_a_sheet_of_its_own() -> None:
    """Issue 48: a phone's compact cards open at full size as a sheet, one sheet at a time."""
    page = started()
    page.send(Command("toggle-panel", {"panel": "outlook"}))
    page.send(Command("toggle-panel", {"panel": "cards"}))
    assert page.state.panels == {"cards"}
    view = page.view()
    assert view.elements["#game"].classes["show-cards"]
    menu = view.elements['[data-ui="toggle-panel"][data-panel="cards"]']
    assert menu.attrs == {"aria-expanded": "true"}
    page.send(Command("close-sheets"))
    assert page.state.panels == frozenset()


def test_good_news_is_cleared_when_the_game_ends() -> None:
    """Issue 48: the last score's notice stayed over the Game log after the game was over."""
    page = started(finished_game())
    state = replace(page.state, notice=Notice("You scored 48 points.", good=True), told=Told())
    step = settle(state, shown_parts(state, motion=0.0))
    assert step.state.notice is None and step.state.told.over
    bad = replace(state, notice=Notice("Your browser keeps nothing."))
    assert settle(bad, shown_parts(bad, motion=0.0)).state.notice == bad.notice
