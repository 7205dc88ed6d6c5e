"""One game across two tabs of one browser (two pages in one context).

A tab that played ahead is followed, a stale tab never writes over it (issue 25), two New games at
once end as one game, a game finished in one tab counts once in the record; storage blocked or full
is said once and the game plays on.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from tools.page_steps import (
    PRIVACY,
    SAVE_KEY,
    fill_new_game,
    press_start,
    replace_game,
    start_new_game,
    wait_for_decision,
    wait_for_ready,
)

from e2e.game_page import choose_setting, finish, open_game, play_hot_seat_turns, saved_state
from e2e.game_positions import nearly_over
from e2e.support import BrowserGuard
from park.ui.record.store import parse_record

DEAF = """
(() => {
  const add = window.addEventListener.bind(window);
  window.addEventListener = (type, ...rest) =>
    (type === 'storage' ? undefined : add(type, ...rest));
})();
"""
"""A tab that hears nothing of the other tabs (as a frozen or discarded one on a phone).

It learns that the game moved on only when it reads the save before a move or writes it.
"""


def _second_tab(context: BrowserContext, guard: BrowserGuard, *, deaf: bool) -> Page:
    page = context.new_page()
    guard.attach_page(page)
    if deaf:
        page.add_init_script(script=DEAF)
    return page


def _step(page: Page) -> None:
    """One human move: a highlighted space (and no card at a shop), then the AI seats."""
    page.locator('#board [data-space][role="button"]').first.click()
    if page.evaluate("document.documentElement.dataset.parkTurn") == "play":
        page.locator('#decision button[data-action="skip"]').click()
    wait_for_decision(page, "start")


def _actions(page: Page) -> list[str]:
    return [str(a) for a in saved_state(page).log]


@pytest.mark.parametrize("deaf", [False, True], ids=["hears", "deaf"])
@pytest.mark.parametrize("ahead", ["A", "B"])
def test_a_tab_ahead_is_followed_and_no_move_is_lost(
    page: Page, context: BrowserContext, guard: BrowserGuard, site_url: str, ahead: str, deaf: bool
) -> None:
    if deaf and ahead == "B":
        page.add_init_script(script=DEAF)
    open_game(page, site_url)
    start_new_game(page, seed=2501)
    wait_for_decision(page, "start")
    other = _second_tab(context, guard, deaf=deaf and ahead == "A")
    open_game(other, site_url)
    wait_for_decision(other, "start")
    first, stale = (page, other) if ahead == "A" else (other, page)
    _step(first)
    _step(first)
    played = _actions(first)
    if deaf:  # it learns only when it reads the save before its move: the move is not made
        stale.locator('#board [data-space][role="button"]').first.click()
    expect(stale.locator("#notice")).to_contain_text("moved on in another tab")
    wait_for_decision(stale, "start")
    assert _actions(stale) == played, "the stale tab wrote nothing over the newer game"
    _step(stale)
    final = _actions(stale)
    assert final[: len(played)] == played and len(final) > len(played), "no move lost"
    expect(stale.locator("#tab-note")).to_be_hidden()
    expect(first.locator("#notice")).to_contain_text("moved on in another tab")
    wait_for_decision(first, "start")
    expect(first.locator("#status")).to_have_text(stale.locator("#status").text_content() or "")
    assert _actions(first) == final


@pytest.mark.parametrize("deaf", [False, True], ids=["hears", "deaf"])
def test_both_tabs_press_new_game(
    page: Page, context: BrowserContext, guard: BrowserGuard, site_url: str, deaf: bool
) -> None:
    open_game(page, site_url)
    other = _second_tab(context, guard, deaf=deaf)
    open_game(other, site_url)
    start_new_game(page, seed=11)
    start_new_game(other, seed=22)
    if deaf:  # the later New game lost the race: said, never written over the first
        expect(other.locator("#tab-note")).to_be_visible()
        expect(other.locator("#tab-note")).to_contain_text("This game continued in another tab")
        assert saved_state(page).settings.seed == 11
        other.get_by_role("button", name="Continue here").click()
        expect(other.locator("#tab-note")).to_be_hidden()
        seed = 11
    else:  # the first tab followed the second's new game, and says so
        expect(page.locator("#notice")).to_contain_text("A new game was started in another tab")
        seed = 22
    assert saved_state(other).settings.seed == seed
    wait_for_decision(page, "start")
    wait_for_decision(other, "start")
    expect(page.locator("#status")).to_have_text(other.locator("#status").text_content() or "")
    _step(other)
    assert saved_state(page).settings.seed == seed


def test_a_language_chosen_in_one_tab_is_followed_in_the_other(
    page: Page, context: BrowserContext, guard: BrowserGuard, site_url: str
) -> None:
    open_game(page, site_url)
    start_new_game(page, seed=2525)
    wait_for_decision(page, "start")
    other = _second_tab(context, guard, deaf=False)
    open_game(other, site_url)
    wait_for_decision(other, "start")
    _step(page)
    played = _actions(page)
    choose_setting(page, "language", "ja")
    for tab in (page, other):  # both reload in Japanese, the game resumed where it was
        tab.wait_for_function("() => document.documentElement.lang === 'ja'")
        wait_for_ready(tab)
        wait_for_decision(tab, "start")
        expect(tab.locator("#language")).to_have_value("ja")
        expect(tab.get_by_role("button", name="ルール")).to_be_visible()
        assert _actions(tab) == played
    _step(other)
    assert _actions(page)[: len(played)] == played


def test_a_game_finished_in_one_tab_counts_once(
    page: Page, context: BrowserContext, guard: BrowserGuard, site_url: str
) -> None:
    watcher = _second_tab(context, guard, deaf=False)
    save, last = nearly_over()
    open_game(watcher, site_url, save=save)
    open_game(page, site_url)
    finish(page, last)
    wait_for_decision(watcher, "over", timeout_ms=60_000)
    expect(watcher.locator("#over-dialog")).to_be_visible()
    page.wait_for_function("() => localStorage.getItem('park.record') !== null")
    record = parse_record(page.evaluate("localStorage.getItem('park.record')"))
    assert record.played == 1
    watcher.reload()
    wait_for_decision(watcher, "over")
    assert parse_record(page.evaluate("localStorage.getItem('park.record')")).played == 1


BLOCKED = """
Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
});
"""
FULL = """
(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === 'park.save') {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return setItem.call(this, key, value);
  };
})();
"""


@pytest.mark.parametrize("kind", ["blocked", "full"])
def test_storage_blocked_or_full_is_said_once_and_the_game_plays_on(
    page: Page, site_url: str, kind: str
) -> None:
    page.add_init_script(script=BLOCKED if kind == "blocked" else FULL)
    open_game(page, site_url)
    note = page.locator("#storage-note")
    if kind == "blocked":
        expect(note).to_contain_text("does not let Park keep anything")
    start_new_game(page, seed=77)
    wait_for_decision(page, "start")
    expect(note).to_contain_text("Saving is off")
    if kind == "full":
        expect(note).to_contain_text("storage is full")
    page.evaluate("document.getElementById('storage-note').hidden = true")
    _step(page)
    _step(page)
    expect(note).to_be_hidden()  # said once, not on every move
    assert "You stepped to" in page.locator("#log").inner_text()


def _download(page: Page, link: str) -> str:
    with page.expect_download() as info:
        page.locator(link).click()
    path = info.value.path()
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "locale", ["en-GB", pytest.param("ja-JP", marks=pytest.mark.browser_context(locale="ja-JP"))]
)
def test_a_game_and_the_record_round_trip_through_files(
    page: Page, site_url: str, tmp_path: pytest.TempPathFactory, locale: str
) -> None:
    save, last = nearly_over()
    open_game(page, site_url, save=save)
    finish(page, last)
    page.wait_for_function("() => localStorage.getItem('park.record') !== null")
    record_text = page.evaluate("localStorage.getItem('park.record')")
    # the record: download it, lose it, import it again
    page.keyboard.press("Escape")
    page.locator('[data-ui="record"]').first.click()
    assert _download(page, "#record-export") == record_text
    page.evaluate("localStorage.removeItem('park.record')")
    record_file = tmp_path / "record.json"  # type: ignore[operator]
    record_file.write_text(record_text, encoding="utf-8")
    page.locator("#record-import").set_input_files(str(record_file))
    expect(page.locator("#record-note")).to_be_visible()
    page.wait_for_function("(t) => localStorage.getItem('park.record') === t", arg=record_text)
    # a hostile record file overwrites nothing
    hostile = tmp_path / "hostile.json"  # type: ignore[operator]
    hostile.write_text('{"format": "park-record", "version": 1, "<img>": 1}', encoding="utf-8")
    page.locator("#record-import").set_input_files(str(hostile))
    expect(page.locator("#record-note-text")).not_to_be_empty()
    assert page.evaluate("localStorage.getItem('park.record')") == record_text
    page.keyboard.press("Escape")
    # the game: start one, move, download it, start another, open the file again
    page.evaluate("localStorage.removeItem('park.save')")
    page.goto(site_url + "?speed=instant")
    wait_for_ready(page)
    fill_new_game(page, seed=4321)
    press_start(page)
    wait_for_decision(page, "start")
    _step(page)
    kept = saved_state(page)
    page.locator('[data-ui="new"]').first.click()
    game_text = _download(page, "#game-export")
    assert json.loads(game_text)["actions"] == [str(a) for a in kept.log]
    fill_new_game(page, seed=99)
    press_start(page)  # the page asks before the game in progress is replaced: yes
    wait_for_decision(page, "start")
    page.locator('[data-ui="new"]').first.click()
    hostile.write_text("<script>alert(1)</script>", encoding="utf-8")
    page.locator("#game-import").set_input_files(str(hostile))
    expect(page.locator("#form-error")).to_be_visible()
    assert saved_state(page).settings.seed == 99, "a bad file overwrites nothing"
    game_file = tmp_path / "game.json"  # type: ignore[operator]
    game_file.write_text(game_text, encoding="utf-8")
    page.locator("#game-import").set_input_files(str(game_file))
    expect(page.locator("#replace-dialog")).to_be_visible()  # opening a file asks first too
    replace_game(page)
    page.wait_for_function(  # the file is read in its own time: until then seed 99 is shown
        "([key, actions]) => JSON.stringify(JSON.parse(localStorage.getItem(key)).actions)"
        " === JSON.stringify(actions)",
        arg=[SAVE_KEY, [str(a) for a in kept.log]],
    )
    wait_for_decision(page, "start")
    assert saved_state(page).log == kept.log
    expect(page.locator("#notice")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})") is not None


def test_a_hot_seat_game_followed_in_another_tab_shows_no_hand(
    page: Page, context: BrowserContext, guard: BrowserGuard, site_url: str
) -> None:
    open_game(page, site_url)
    fill_new_game(page, name="Ada", others=["Bob"], seed=31)
    press_start(page, shown=PRIVACY)
    other = _second_tab(context, guard, deaf=False)
    open_game(other, site_url)
    expect(other.locator("#privacy")).to_be_visible()
    play_hot_seat_turns(page, 2)
    played = _actions(page)
    other.wait_for_function(
        "(n) => JSON.parse(localStorage.getItem('park.save')).actions.length >= n",
        arg=len(played),
    )
    expect(other.locator("#notice")).to_contain_text("moved on in another tab")
    assert other.locator("#hand [data-card]").count() == 0, "no hand shown by following"
    play_hot_seat_turns(other, 2)
    expect(page.locator("#notice")).to_contain_text("moved on in another tab")
    expect(page.locator("#privacy")).to_be_visible()
    assert page.locator("#hand [data-card]").count() == 0
    assert _actions(other)[: len(played)] == played


def test_a_setting_changed_in_one_tab_is_taken_in_the_other(
    page: Page, context: BrowserContext, guard: BrowserGuard, site_url: str
) -> None:
    open_game(page, site_url, query="")
    other = _second_tab(context, guard, deaf=False)
    open_game(other, site_url, query="")
    choose_setting(page, "speed", "slow")
    expect(other.locator("#speed")).to_have_value("slow")
    choose_setting(other, "thinking", "deep")
    expect(page.locator("#thinking")).to_have_value("deep")
