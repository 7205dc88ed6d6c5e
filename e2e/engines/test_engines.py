"""The page in every engine (issue 28), as players get it.

Python restored from the build's snapshot, each file downloaded once, a whole game played with real
pointer clicks where a player clicks, a reload mid-game that resumes, an offline reload from the
service worker, and nothing in the console (``engine_page`` fails the test otherwise).
"""

from __future__ import annotations

import contextlib
import re
import time
from collections import Counter
from pathlib import Path

import pytest
from tools.engines import Engine, EngineError, EnginePage, open_engine
from tools.fonts import FACES, FAMILY
from tools.page_steps import (
    CONTROLLED_JS,
    FAST,
    GAME_SHOWN_JS,
    LANGUAGE_KEY,
    MAP_MOVE,
    SAVED_ACTIONS_JS,
    START_BUTTON,
    TURN_JS,
    decision_selector,
    engine_start_game,
    engine_wait_for_decision,
    engine_wait_for_ready,
)
from tools.runtime import PYSCRIPT_DIR
from tools.table_checks import READABLE_JS, TABLE_JS, readable_problems, table_problems

from e2e.engines.helpers import ENGINES_UNDER_TEST, engine_screenshot
from e2e.engines.site_server import OFFLINE, PROBLEMS_JS, RecordingSite
from e2e.support import SCREENSHOTS, site_snapshot
from park.engine.actions import Action, Step

START_SECONDS = 120.0
GAME_SECONDS = 600.0

SNAPSHOT_JS = "() => document.documentElement.dataset.parkSnapshot"
ACTIVE_JS = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  return registration?.active?.state === 'activated';
}"""
"""Whether the site's service worker is active, so it serves the next load of the page.

A page loaded while the worker was still installing may never be controlled by it: the
worker claims the pages open when it activates, and a page still on its way (a reload in
those milliseconds) is not one of them. The worker serves that page's next load all the same.
"""
MOVES_JS = f"() => ({SAVED_ACTIONS_JS})()?.length ?? null"
"""How many actions the page's autosave holds (None: no game saved)."""
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1"
)
"""Safari on an iPhone.

Pyodide reads it and uses the JavaScript call trampoline there, as on
every iPhone (WebKit's wasm-gc trampoline breaks on iOS): a snapshot made in Chromium holds
the wasm-gc one, which the page must replace (web/interpreter.mjs).
"""


def revisioned_urls(site_dir: Path) -> set[str]:
    """The files the site's service worker precaches with a revision, by their paths in the site.

    It checks those again when it installs. A directory's index is named as its directory.
    """
    text = (site_dir / "sw.js").read_text(encoding="utf-8")
    paths = set(re.findall(r'url:"([^"]+)",revision:"[0-9a-f]+"', text))
    return paths | ({""} if "index.html" in paths else set())


def site_snapshot_name(site: RecordingSite) -> str:
    """The snapshot file the site's page restores."""
    found = site_snapshot(site.site_dir)
    assert found is not None, "the site was built without a snapshot"
    return found.name


def test_a_first_visit_restores_the_snapshot_and_downloads_each_file_once(
    engine_page: EnginePage, recording_site: RecordingSite
) -> None:
    page, site = engine_page, recording_site
    mark = site.mark()
    page.goto(site.url)
    engine_wait_for_ready(page, START_SECONDS)
    assert page.evaluate(SNAPSHOT_JS) == "restored"
    ready = site.mark()
    served = site.served_since(mark)
    assert [r for r in served if r.status != 200] == []
    downloads = Counter(request.path for request in served)
    # The service worker, registered once the page is ready, may already have fetched the
    # few files it precaches with a revision (below) by the time the test looks: those may
    # show twice, everything else once.
    revised = revisioned_urls(site.site_dir)
    twice = {path: n for path, n in downloads.items() if n > (2 if path in revised else 1)}
    assert twice == {}, "downloaded twice"
    assert downloads[site_snapshot_name(site)] == 1
    # Then the service worker precaches the site, from the HTTP cache the page filled, but
    # what it precaches with a revision: the page and a few small files that keep their
    # names from build to build, never the runtime.
    page.wait_for(CONTROLLED_JS, timeout=START_SECONDS)
    assert not [path for path in revised if path.startswith("runtime/")]
    assert sum((site.site_dir / path).stat().st_size for path in revised if path) < 100_000
    if http_cache_works(page, site):
        again = [r.path for r in site.served_since(ready) if r.status == 200]
        assert [path for path in again if path in downloads and path not in revised] == []
    engine_screenshot(page, "first-visit")


LICENSE = f"runtime/{PYSCRIPT_DIR}/LICENSE"
"""A file of the site that the service worker leaves to the network (never precached)."""


def http_cache_works(page: EnginePage, site: RecordingSite) -> bool:
    """Whether a file fetched twice by this page is downloaded once.

    WebKitGTK's browser under WebDriver runs with an ephemeral profile that keeps no HTTP cache, so
    its service worker downloads everything again; Safari keeps one.
    """
    mark = site.mark()
    page.evaluate(
        "async (url) => { for (const n of [1, 2]) await (await fetch(url)).text(); }", LICENSE
    )
    return len(site.served_since(mark)) == 1


def test_a_whole_game_with_a_reload_and_an_offline_reload(
    engine_page: EnginePage, recording_site: RecordingSite
) -> None:
    """The autoplay bot plays the human seat by clicking the page's own controls.

    The test starts the game with the pointer, reloads it mid-game, then takes the network away and
    reloads again: the service worker serves the page and the game plays to its end.
    """
    page, site = engine_page, recording_site
    page.goto(site.url + "?autoplay=normal&speed=instant")
    engine_wait_for_ready(page, START_SECONDS)
    assert page.evaluate(SNAPSHOT_JS) == "restored"
    engine_start_game(page, seed=28)
    moves = page.wait_for(f"() => ({MOVES_JS})() >= 20 && ({MOVES_JS})()", timeout=GAME_SECONDS)
    page.reload()
    engine_wait_for_ready(page, START_SECONDS)
    assert page.evaluate(GAME_SHOWN_JS), "not resumed"
    assert page.evaluate(MOVES_JS) >= moves
    # The first load kept the snapshot decompressed in Cache Storage; this one took it there.
    assert page.evaluate("() => document.documentElement.dataset.parkSnapshotFrom") == "kept"
    page.wait_for(ACTIVE_JS, timeout=START_SECONDS)
    mark = site.mark()
    with site.offline():
        page.reload()
        engine_wait_for_ready(page, START_SECONDS)
        assert page.evaluate(CONTROLLED_JS), "the service worker did not serve the page"
        assert page.evaluate(SNAPSHOT_JS) == "restored"
        assert page.evaluate(GAME_SHOWN_JS), "not resumed"
        page.wait_for("() => document.getElementById('over-dialog').open", timeout=GAME_SECONDS)
        tried = [r.path for r in site.served_since(mark) if r.path != "sw.js"]
    assert tried == [], "the offline reload asked the network"
    assert all(r.status == OFFLINE for r in site.served_since(mark))
    engine_screenshot(page, "game-over")


def test_a_click_on_a_map_space_steps_there(
    engine_page: EnginePage, recording_site: RecordingSite
) -> None:
    """The map's spaces are SVG ``<g role="button">``.

    A pointer click on one moves the pawn (WebKit's WebDriver cannot click them as elements; a
    player's click works).
    """
    page = engine_page
    page.goto(recording_site.url + FAST)
    engine_wait_for_ready(page, START_SECONDS)
    engine_start_game(page, seed=4242)
    engine_wait_for_decision(page, "start", GAME_SECONDS)
    before = page.evaluate(MOVES_JS)
    page.click(MAP_MOVE)
    page.wait_for(f"(before) => ({MOVES_JS})() > before", before, timeout=GAME_SECONDS)
    assert "You stepped" in page.evaluate("() => document.getElementById('log').textContent")
    engine_screenshot(page, "after-a-map-click")


HELD_MAIN = r"/main\.[0-9a-f]{16}\.py$"
"""The page's Python entry point, as the site serves it: held back, Python is not ready."""
FIRST_SCREEN_JS = "() => document.documentElement.dataset.parkFirstScreen ?? null"
READY_JS = "() => document.documentElement.dataset.parkReady ?? null"
PAINTED_JS = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""Two frames painted: what a screenshot then shows has been drawn (WebKit's lags)."""
FILL_FORM_JS = """([name, opponents, level]) => {
  const set = (selector, value) => {
    const field = document.querySelector(selector);
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  };
  set('#f-name', name); set('#f-opponents', opponents); set('#f-level', level);
}"""


def test_the_first_screen_answers_before_python(
    engine_page: EnginePage, recording_site: RecordingSite
) -> None:
    """Issue 40: the New game form works while the server holds the page's ``main.py`` back.

    With the page's ``main.py`` held back by the server, the New game form shows and takes a table;
    its Start, pressed with the pointer, says it is starting and is carried out once Python is
    ready, with that table.
    """
    page, site = engine_page, recording_site
    with site.holding(HELD_MAIN) as release:
        page.goto(site.url + FAST)
        assert page.wait_for(FIRST_SCREEN_JS, timeout=START_SECONDS) == "form"
        assert page.evaluate(READY_JS) is None
        page.evaluate(FILL_FORM_JS, ["Ada", "2", "easy"])
        page.click(START_BUTTON)
        said = page.evaluate(f"() => document.querySelector({START_BUTTON!r}).textContent")
        assert said == "Starting…"
        page.evaluate(PAINTED_JS)
        engine_screenshot(page, "first-screen-starting")
        release()
    engine_wait_for_decision(page, "start", START_SECONDS)
    saved = "() => document.documentElement.dataset.parkSynced === 'true'"  # under a Web Lock
    page.wait_for(saved, timeout=START_SECONDS)
    seats = page.evaluate(
        "() => JSON.parse(localStorage.getItem('park.save')).settings.seats"
        ".map((s) => [s.name, s.controller])"
    )
    assert seats == [["Ada", "human"], ["Lady Beatrice", "easy"], ["Colonel Pembroke", "easy"]]


def test_on_an_iphone_python_starts_from_the_snapshot(
    engine: Engine, recording_site: RecordingSite
) -> None:
    if engine.name != "webkit":
        pytest.skip("an iPhone's browser is WebKit")
    page = engine.new_page(viewport=(390, 844), user_agent=IPHONE)
    try:
        page.goto(recording_site.url + FAST)
        engine_wait_for_ready(page, START_SECONDS)
        assert page.evaluate("() => navigator.userAgent") == IPHONE
        assert page.evaluate(SNAPSHOT_JS) == "restored"
        engine_start_game(page, seed=4242)
        engine_wait_for_decision(page, "start", GAME_SECONDS)
        engine_screenshot(page, "iphone-game")
        assert page.evaluate(PROBLEMS_JS) == []
    finally:
        page.close()


PHONES = {
    "390x844-en": ((390, 844), "en"),
    "360x640-ja": ((360, 640), "ja"),
    "844x390-en": ((844, 390), "en"),
}
"""The phones the cross-engine suite holds a turn up to: upright, the smallest in Japanese, and
on its side."""


@pytest.mark.parametrize("phone", list(PHONES))
def test_a_phone_turn_is_one_screen(
    engine: Engine, recording_site: RecordingSite, phone: str
) -> None:
    """Issue 48: on a phone the whole table is in view at a decision, with no page scroll.

    The map (a quarter of the screen, your pawn inside), every decision button, your hand's
    card names and every seat's score and Month counters, at two decisions
    (``tools.table_checks``); no text under 12 px and no control too small to touch.
    """
    viewport, language = PHONES[phone]
    page = engine.new_page(viewport=viewport)
    try:
        page.goto(recording_site.url + FAST)
        engine_wait_for_ready(page, START_SECONDS)
        if language != "en":
            page.evaluate(f"() => localStorage.setItem({LANGUAGE_KEY!r}, {language!r})")
            page.goto(recording_site.url + FAST)
            engine_wait_for_ready(page, START_SECONDS)
            assert page.evaluate("() => document.documentElement.lang") == language
        engine_start_game(page, seed=4242)
        for decision in range(2):
            engine_wait_for_decision(page, "start", GAME_SECONDS)
            time.sleep(0.6)  # the redraw's second task centres the map
            where = f"{engine.name} {phone}, decision {decision + 1}"
            table = page.evaluate(TABLE_JS)
            problems = table_problems(table, one_screen=True, seats=4)
            problems += readable_problems(page.evaluate(READABLE_JS), where)
            assert not problems, f"{where}: {problems}"
            if decision == 0:
                engine_screenshot(page, f"phone-turn-{phone}")
                step(page)
        assert page.evaluate(PROBLEMS_JS) == []
    finally:
        page.close()


STEP_JS = f"() => document.querySelector({MAP_MOVE!r}) !== null"
NOTICE_JS = "() => document.getElementById('notice-text').textContent"
"""The last notice the page said above the game.

Good news such as "This game moved on in another tab" is hidden again when the player's turn
starts, and may be by the time it is read.
"""


def step(page: EnginePage) -> None:
    """One human move, clicked on the map (no card played at a shop), then the AI seats."""
    before = len(page.evaluate(SAVED_ACTIONS_JS) or [])
    page.wait_for(f"() => ({TURN_JS})() === 'start' && ({STEP_JS})()", timeout=GAME_SECONDS)
    page.click(MAP_MOVE)
    page.wait_for(
        f"(n) => ![null, 'start'].includes(({TURN_JS})()) || ({SAVED_ACTIONS_JS})().length > n",
        before,
    )
    if page.evaluate(TURN_JS) == "play":
        page.click(decision_selector("skip"))
    engine_wait_for_decision(page, "start", GAME_SECONDS)
    page.wait_for("() => document.documentElement.dataset.parkSynced !== 'false'")


def test_two_tabs_of_one_game_lose_no_move(
    engine_page: EnginePage, recording_site: RecordingSite
) -> None:
    """Issue 25 in this engine: tab A plays ahead.

    Tab B, opened on the same game, learns of it (the ``storage`` event, or a look again when it is
    shown), follows, and its own next move goes on from A's, under the engine's Web Locks: no move
    lost, no fork.
    """
    first = engine_page
    first.goto(recording_site.url + FAST)
    engine_wait_for_ready(first, START_SECONDS)
    engine_start_game(first, seed=2526)
    step(first)
    second = first.open_tab()
    try:
        second.goto(recording_site.url + FAST)
        engine_wait_for_ready(second, START_SECONDS)
        assert second.evaluate(GAME_SHOWN_JS), "not resumed"
        first.bring_to_front()  # the player goes back to the first tab and plays on
        step(first)
        step(first)
        played = first.evaluate(SAVED_ACTIONS_JS)
        second.bring_to_front()  # and then to the second: it shows the game as it is now
        second.wait_for(f"() => ({NOTICE_JS})().includes('moved on in another tab')")
        step(second)
        final = second.evaluate(SAVED_ACTIONS_JS)
        assert final[: len(played)] == played and len(final) > len(played), "a move was lost"
        first.bring_to_front()
        first.wait_for(f"() => ({NOTICE_JS})().includes('moved on in another tab')")
        engine_wait_for_decision(first, "start")
        engine_screenshot(second, "second-tab")
        assert second.evaluate(PROBLEMS_JS) == []
    finally:
        second.close()


MAP_BOX_JS = """(selector) => {
  const svg = document.querySelector(selector);
  const box = svg.getBoundingClientRect();
  const view = svg.viewBox.baseVal;
  return [box.width, box.height, view.width, view.height];
}"""
"""The box (CSS px) of the map ``selector`` finds, and its viewBox's width and height."""
FONTS_JS = """(family) => {
  const faces = [...document.fonts].filter((face) => face.family.replace(/"/g, '') === family);
  if (!faces.length || faces.some((face) => face.status !== 'loaded')) return null;
  const ready = performance.getEntriesByName('park:ready')[0];
  const fetched = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.woff2'));
  return { faces: faces.length, ready: ready ? ready.startTime : null,
           fetched: fetched.map((e) => e.startTime) };
}"""
"""The page's faces of ``family`` once all have loaded (else None), and two times.

The times are when the page was ready (its ``park:ready`` mark) and when each font file was
asked for.
"""
SPILLS_JS = """() => {
  const labels = [...document.querySelectorAll('#board .pk-space')].flatMap((space) => {
    const label = space.querySelector('.pk-label'), sign = space.querySelector('.pk-body');
    const n = label ? label.textContent.trimEnd().length : 0;
    if (!n || !sign) return [];
    const box = sign.getBBox();
    const left = label.getStartPositionOfChar(0).x, right = label.getEndPositionOfChar(n - 1).x;
    return left < box.x || right > box.x + box.width ? [label.textContent.trim()] : [];
  });
  const heads = [...document.querySelectorAll('#hand .card-type')].flatMap((head) => {
    const place = head.querySelector('small');
    if (!place || head.firstChild.nodeType !== Node.TEXT_NODE) return [];
    const range = document.createRange();
    range.selectNodeContents(head.firstChild);
    const type = range.getBoundingClientRect(), at = place.getBoundingClientRect();
    return type.right + 2 <= at.left || at.top >= type.bottom - 1 ? [] : [head.textContent];
  });
  return [...labels, ...heads];
}"""
"""The map labels wider than their signs, and the hand's card headers that run together.

A header runs together when its type and place are on one line, less than 2 px apart.
"""


def assert_map_proportions(page: EnginePage, selector: str) -> None:
    """The box of the map ``selector`` finds has the map's proportions, within 2%."""
    width, height, view_width, view_height = page.evaluate(MAP_BOX_JS, selector)
    ratio = (width / height) / (view_width / view_height)
    assert abs(ratio - 1) <= 0.02, (
        f"{page.engine}: {selector} is {width:.0f}x{height:.0f} px, the map {view_width:g}x"
        f"{view_height:g}"
    )


def check_a_turn(page: EnginePage, site: RecordingSite) -> None:
    """Issue 39 (item 7), in ``page``'s engine, at a laptop's 1366x768 during a turn.

    The page's font loaded after the page was ready, the map's box of the map's proportions, no
    label past its sign nor card header run together; a screenshot, for the eye
    (``e2e/screenshots/engine-<engine>-turn.png``).
    """
    page.goto(site.url + FAST)
    engine_wait_for_ready(page, START_SECONDS)
    engine_start_game(page, seed=4242)
    engine_wait_for_decision(page, "start", GAME_SECONDS)
    fonts = page.wait_for(FONTS_JS, FAMILY)
    assert fonts["faces"] == len(FACES), fonts
    assert fonts["ready"] is not None and len(fonts["fetched"]) == len(FACES), fonts
    assert min(fonts["fetched"]) >= fonts["ready"], f"a font was fetched before ready: {fonts}"
    assert_map_proportions(page, "#board svg.pk-map")
    assert page.evaluate(SPILLS_JS) == []
    page.evaluate("() => window.scrollTo(0, 0)")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(SCREENSHOTS / f"engine-{page.engine}-turn.png")


def test_a_turn_is_laid_out_alike(engine_page: EnginePage, recording_site: RecordingSite) -> None:
    check_a_turn(engine_page, recording_site)


def test_a_turn_is_laid_out_alike_in_chromium(recording_site: RecordingSite) -> None:
    """:func:`check_a_turn` in Chromium too, whenever the cross-engine suite runs without it.

    Chromium is the engine the rest of the e2e suite drives.
    """
    if not ENGINES_UNDER_TEST or "chromium" in ENGINES_UNDER_TEST:
        pytest.skip("the cross-engine suite is off, or runs in Chromium already")
    with open_engine("chromium") as engine:
        page = engine.new_page()
        try:
            check_a_turn(page, recording_site)
            assert page.evaluate(PROBLEMS_JS) == []
        finally:
            page.close()


PUZZLE_JS = """() => document.documentElement.dataset.parkDrawn === 'false'
  ? null : document.documentElement.dataset.parkPuzzle"""
MOVES_SHOWN_JS = """() => document.documentElement.dataset.parkDrawn === 'false'
  ? null : [Number(document.documentElement.dataset.parkMoves)]"""
"""How many moves the game shown has taken, once drawn (in a list: 0 is an answer too)."""
PUZZLE_SEEN_JS = """() => ({
  puzzle: document.documentElement.dataset.parkPuzzle ?? null,
  error: document.documentElement.dataset.parkError ?? null,
  lesson: document.getElementById('lesson').textContent.trim().slice(0, 300),
  verdict: document.getElementById('puzzle-verdict').textContent.trim().slice(0, 300),
})"""
"""What a puzzle's page shows, for a failure's message."""


def take_puzzle_move(page: EnginePage, action: Action) -> None:
    """Click ``action`` where a player would, and see the page take it (else fail at once)."""
    where = "#board" if isinstance(action, Step) else "#decision"
    (before,) = page.wait_for(MOVES_SHOWN_JS)
    page.click(f'{where} [data-action="{action}"]')
    try:
        page.wait_for(f"(n) => ({MOVES_SHOWN_JS})()?.[0] > n", before, timeout=START_SECONDS)
    except EngineError as exc:
        seen = page.evaluate(PUZZLE_SEEN_JS)
        raise AssertionError(f"the click on {action} was not taken: {seen}") from exc


def test_todays_puzzle_is_solved_and_rated(
    engine_page: EnginePage, recording_site: RecordingSite
) -> None:
    """Issue 27: the Puzzles dialog, today's puzzle played with pointer clicks, its verdict.

    Then the rating moved by openskill, which the page unpacks on first use.
    """
    from park.ui.puzzles.catalogue import load_puzzles

    page = engine_page
    page.goto(recording_site.url + FAST)
    engine_wait_for_ready(page, START_SECONDS)
    page.click('.top-actions [data-ui="puzzles"]')
    page.wait_for("() => document.getElementById('puzzles-dialog').open")
    page.click('#puzzles-hub [data-ui="puzzle-daily"]')
    page.wait_for(f"() => ({PUZZLE_JS})() === 'playing'")
    number = page.evaluate("() => document.querySelector('#lesson [data-puzzle]').dataset.puzzle")
    puzzle = load_puzzles().number(int(number))
    for action in puzzle.best_actions():
        take_puzzle_move(page, action)
    with contextlib.suppress(EngineError):  # what the page shows by then says why
        page.wait_for(
            f"() => ({PUZZLE_JS})() === 'judged' || document.documentElement.dataset.parkError",
            timeout=GAME_SECONDS,
        )
    seen = page.evaluate(PUZZLE_SEEN_JS)
    assert seen["puzzle"] == "judged" and seen["error"] is None, seen
    said = page.evaluate("() => document.getElementById('puzzle-dialog').textContent")
    assert "Solved: you found the best turn." in said
    assert "Puzzle rating: 1500 →" in said, said[-300:]
    assert_map_proportions(page, "#puzzle-verdict .moment-map svg")
    engine_screenshot(page, "puzzle-verdict")
