"""Python starts from the build's memory snapshot (issue 10), or afresh when it cannot be used.

Starting afresh, it says nothing alarming. The snapshot cannot be used when it is missing, damaged,
too large for Pyodide's heap, made by another Pyodide build or for another WebAssembly memory, or
there is nothing to check it with (no Web Crypto), in which case it is not even downloaded.

The failures are made by serving the real site's files changed on the way (``page.route``,
with the service worker blocked so every request goes through the routes): a snapshot that
must pass the page's own checks (gzip's, the size) to reach Pyodide comes with an interpreter
module whose descriptor matches it. Some tests also expose the started Python to the test
(``PYTHON_JS``) by appending one line to the interpreter module as it is served.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Route, expect
from tools.page_steps import FAST, start_new_game, wait_for_decision, wait_for_ready
from tools.runtime import PYODIDE_DIR
from tools.snapshot_file import PREFIX, SUFFIX, Snapshot, data_image, pack, unpack

from e2e.game_page import open_game, saved_state
from e2e.snapshot_pages import PYTHON_JS, own_snapshot, serve_interpreter
from e2e.support import BrowserGuard, screenshot

FALLBACK_NOTE = "starting Python without the start-up snapshot"


def _serve_snapshot(page: Page, status: int, body: bytes) -> None:
    def serve(route: Route) -> None:
        route.fulfill(status=status, body=body, content_type="application/gzip")

    page.route(f"**/{PREFIX}.*{SUFFIX}", serve)


def _retampered(site_dir: Path, change: Callable[[bytes], bytes]) -> tuple[Snapshot, bytes]:
    """The site's snapshot changed by ``change``, packed as the build packs one.

    With its descriptor: it passes the page's own checks.
    """
    own = own_snapshot(site_dir)
    image = data_image((site_dir / "runtime" / PYODIDE_DIR / "pyodide.asm.wasm").read_bytes())
    raw = unpack(own, (site_dir / own.name).read_bytes(), image)
    return pack(change(raw), image)


def _wrong_build_id(raw: bytes) -> bytes:
    header = bytearray(raw[:64])
    header[16] ^= 0xFF  # bytes 16..47 hold the Pyodide build id the snapshot was made by
    return bytes(header) + raw[64:]


def _too_large(raw: bytes) -> bytes:
    return raw + b"\x01" * (16 * 1024 * 1024)  # beyond Pyodide's default heap (issue 6254)


def test_the_page_starts_from_the_snapshot(park_page: Page) -> None:
    assert park_page.evaluate("document.documentElement.dataset.parkSnapshot") == "restored"


@pytest.mark.browser_context(service_workers="block")
def test_a_restored_python_is_the_one_a_fresh_start_gives(
    context: BrowserContext, guard: BrowserGuard, site_url: str, site_dir: Path
) -> None:
    """Same engine files, no duplicate path entries, the same optimisation level (-OO).

    Every module a fresh page has loaded (the snapshot's list of PyScript's own imports is
    complete), and fresh randomness on every load (the snapshot's is the same every time).
    """
    check = (
        "import json, park, random, sys\n"
        "json.dumps([park.__file__, len(sys.path) == len(set(sys.path)), sys.flags.optimize, "
        "sorted(sys.modules), random.getrandbits(64)])"
    )
    found: dict[str, list[list[Any]]] = {}
    for query in ("", "?snapshot=off", "", "?snapshot=off"):
        page = context.new_page()
        guard.attach_page(page)
        serve_interpreter(page, site_dir, expose=True)
        page.goto(site_url + query)
        wait_for_ready(page)
        how = page.evaluate("document.documentElement.dataset.parkSnapshot")
        found.setdefault(how, []).append(json.loads(page.evaluate(PYTHON_JS, check)))
        page.close()
    assert sorted(found) == ["off", "restored"]
    assert guard.problems() == []
    (restored, restored_again), (fresh, _) = found["restored"], found["off"]
    # Both run as python -OO (tools/snapshot.py, PYTHON_ENV; web/interpreter.mjs).
    assert restored[:3] == fresh[:3] == ["/home/pyodide/park/__init__.py", True, 2]
    missing = [m for m in fresh[3] if m not in restored[3] and m.split(".")[0] != "park"]
    assert missing == [], "modules a fresh page has that a restored one lacks"
    assert restored[4] != restored_again[4], "random is reseeded after every restore"


def test_without_the_snapshot_the_game_plays_and_resumes(page: Page, site_url: str) -> None:
    """``?snapshot=off`` (both start-up paths stay tested).

    A game started afresh goes on after a reload that restores the snapshot.
    """
    page.goto(site_url + FAST + "&snapshot=off")
    wait_for_ready(page)
    assert page.evaluate("document.documentElement.dataset.parkSnapshot") == "off"
    start_new_game(page, seed=77)
    wait_for_decision(page, "start")
    hand = page.locator("#hand .card").all_inner_texts()
    page.goto(site_url + FAST)
    wait_for_ready(page)
    assert page.evaluate("document.documentElement.dataset.parkSnapshot") == "restored"
    wait_for_decision(page, "start")
    assert page.locator("#hand .card").all_inner_texts() == hand


BREAKAGES = (
    "missing",
    "damaged",
    "too-large",
    "wrong-build-id",
    "another-memory",
    "no-web-crypto",
)


@pytest.mark.browser_context(service_workers="block")
@pytest.mark.parametrize("breakage", BREAKAGES)
def test_the_page_starts_afresh_when_the_snapshot_cannot_be_used(
    page: Page, guard: BrowserGuard, site_url: str, site_dir: Path, breakage: str
) -> None:
    notes: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if FALLBACK_NOTE in message.text:
            notes.append(f"{message.type}: {message.text}")

    page.on("console", on_console)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    own = own_snapshot(site_dir)
    if breakage == "missing":
        guard.allow_console_error(r"status of 404")
        _serve_snapshot(page, 404, b"gone")
    elif breakage == "damaged":
        packed = bytearray((site_dir / own.name).read_bytes())
        packed[len(packed) // 2] ^= 0xFF
        _serve_snapshot(page, 200, bytes(packed))
    elif breakage in ("too-large", "wrong-build-id"):
        change = _too_large if breakage == "too-large" else _wrong_build_id
        snapshot, packed_bytes = _retampered(site_dir, change)
        serve_interpreter(page, site_dir, snapshot)
        _serve_snapshot(page, 200, packed_bytes)
    elif breakage == "another-memory":
        # As if made for a module whose static data differs from the one the page runs.
        serve_interpreter(page, site_dir, replace(own, image_hash=own.image_hash ^ 1))
    else:  # as on a page that is not a secure context: nothing to check the file with
        page.add_init_script(
            "Object.defineProperty(globalThis.crypto, 'subtle', { get: () => undefined });"
        )
    page.goto(site_url + FAST)
    wait_for_ready(page)
    assert page.evaluate("document.documentElement.dataset.parkSnapshot") == "fallback"
    assert len(notes) == 1 and notes[0].startswith("info: "), notes
    expected = {
        "missing": "HTTP 404",
        "damaged": "damaged",
        "too-large": "RangeError",
        "wrong-build-id": "build id mismatch",
        "another-memory": "made for another WebAssembly memory",
        "no-web-crypto": "no Web Crypto",
    }[breakage]
    assert expected in notes[0], notes[0]
    if breakage == "no-web-crypto":  # known before: never a download that is thrown away
        assert not [url for url in asked if own.name in url]
    # Nothing alarming: no error panel, no notice; the New game form and a game work.
    expect(page.locator("#park-error")).to_be_hidden()
    expect(page.locator("#notice")).to_be_hidden()
    start_new_game(page, seed=5)
    wait_for_decision(page, "start")
    expect(page.locator("#board svg")).to_be_visible()
    screenshot(page, f"snapshot-fallback-{breakage}")


@pytest.mark.browser_context(service_workers="block")
def test_the_page_plays_before_the_standard_library_has_arrived(
    page: Page, site_url: str, site_dir: Path
) -> None:
    """A restored Python needs the stdlib's zip only for modules imported after it is ready.

    It needs the standard library's zip for none of anything a player does: the test holds the
    zip back while it opens the record, asks for a hint, plays a whole game against the hard AI
    (after a reload) and opens its replay; then it lets the zip through, and a module no page
    imports comes from it.
    """
    held: list[Route] = []
    page.route("**/python_stdlib.zip", lambda route: held.append(route))
    serve_interpreter(page, site_dir, expose=True)
    open_game(page, site_url, query="?speed=instant&thinking=quick")
    assert page.evaluate("document.documentElement.dataset.parkSnapshot") == "restored"
    page.get_by_role("button", name="Your record").click()
    expect(page.locator("#record-dialog")).to_be_visible()
    page.locator("#record-dialog").get_by_role("button", name="Close").click()
    start_new_game(page, seed=31, level="hard")
    wait_for_decision(page, "start")
    page.locator("#coach").get_by_role("button", name="Hint").click()
    expect(page.locator("#hint .hint-box")).to_be_visible(timeout=30_000)
    open_game(page, site_url, query="?autoplay=normal&speed=instant&thinking=quick")
    dialog = page.locator("#over-dialog")
    expect(dialog).to_be_visible(timeout=300_000)
    dialog.get_by_role("button", name="Replay the game").click()
    expect(page.locator("#replay")).to_be_visible()
    from_zip = page.evaluate(PYTHON_JS, STDLIB_MODULES)
    installed = "performance.getEntriesByName('park:stdlib-installed').length"
    assert len(held) == 2 and page.evaluate(installed) == 0, "one request a load, held back"
    for route in held:
        route.continue_()
    page.wait_for_function(f"{installed} > 0")
    assert page.evaluate(PYTHON_JS, "import difflib; difflib.__file__").startswith("/lib/python3")
    assert page.evaluate(PYTHON_JS, STDLIB_MODULES) == from_zip + 1


@pytest.mark.browser_context(service_workers="block")
def test_the_tables_picture_is_kept_before_the_standard_library_has_arrived(
    page: Page, site_url: str
) -> None:
    """Issue 40's picture of the table is kept when the page is hidden.

    That may be just after the page is ready, while the standard library's zip has not arrived:
    nothing it needs may come from there (a UTF-16 codec once did, and the page raised instead of
    keeping it).
    """
    held: list[Route] = []
    page.route("**/python_stdlib.zip", lambda route: held.append(route))
    open_game(page, site_url)
    start_new_game(page, seed=41)
    wait_for_decision(page, "start")
    page.evaluate("localStorage.removeItem('park.picture')")
    page.evaluate("window.dispatchEvent(new Event('pagehide'))")  # as when the tab is closed
    kept = page.evaluate("JSON.parse(localStorage.getItem('park.picture'))")
    assert kept is not None and kept["save"] == page.evaluate(
        "window.parkFingerprint(localStorage.getItem('park.save'))"
    )
    assert held, "the standard library's zip was not held back"


STDLIB_MODULES = (
    "import sys; "
    "sum('.zip/' in (getattr(m, '__file__', '') or '') for m in list(sys.modules.values()))"
)
"""How many modules of the standard library's zip the page's Python holds."""


KEPT_JS = "performance.getEntriesByName('park:snapshot-kept').length > 0"
FROM_JS = "document.documentElement.dataset.parkSnapshotFrom"


def test_a_later_visit_restores_the_snapshot_kept_decompressed(
    page: Page, context: BrowserContext, site_url: str, site_dir: Path
) -> None:
    """Once the page is ready, what the snapshot file holds is kept decompressed in Cache Storage.

    The next load puts it in place without downloading or decompressing the file; a kept copy
    that is damaged is not used (the file is, and is kept anew).
    """
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    snapshot = own_snapshot(site_dir)
    page.goto(site_url + FAST)
    wait_for_ready(page)
    assert page.evaluate(FROM_JS) == "file"
    page.wait_for_function(KEPT_JS)
    # The service worker precaches every file, the snapshot too: once it is active, that
    # download is over, and the reload's requests are the page's own.
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    asked.clear()
    page.reload()
    wait_for_ready(page)
    assert page.evaluate("document.documentElement.dataset.parkSnapshot") == "restored"
    assert page.evaluate(FROM_JS) == "kept"
    assert not [url for url in asked if snapshot.name in url], "the file was not needed"
    page.evaluate(
        """async () => {
            const cache = await caches.open("park-snapshot");
            const [key] = await cache.keys();
            const kept = await cache.match(key);
            const bytes = new Uint8Array(await kept.arrayBuffer());
            bytes[bytes.length >> 1] ^= 0xff;
            await cache.put(key, new Response(bytes, { headers: kept.headers }));
        }"""
    )
    page.reload()
    wait_for_ready(page)
    assert page.evaluate("document.documentElement.dataset.parkSnapshot") == "restored"
    assert page.evaluate(FROM_JS) == "file"
    page.wait_for_function(KEPT_JS)
    start_new_game(page, seed=5)
    wait_for_decision(page, "start")


@pytest.mark.parametrize("how", ["task", "coroutine"])
def test_a_python_that_stops_mid_game_says_so_and_the_reload_goes_on(
    page: Page, site_url: str, site_dir: Path, guard: BrowserGuard, how: str
) -> None:
    """Pyodide stops for good after a fatal error.

    Here a real one: Python aborts, in a task of the event loop or in a coroutine, as an
    engine's crash did in WebKit. The game is covered by the error panel, which says so and
    offers the reload; the reload resumes the game as it was saved.
    """
    # What a dead Pyodide prints: the fatal error, its stack and, when a call into Python
    # was already on its way under JSPI, "Cannot enter a promising task".
    guard.allow_console_error(
        "fatal error|Aborted|unreachable|wasm-function|pyodide|promising task"
    )
    # A task the event loop runs when Python dies (the coach thinking about the turn while the
    # player reads it: issue 50) prints the start of its callback's traceback, cut short.
    guard.allow_console_error(
        r"Exception in callback|handle: <Handle|Traceback|asyncio/events.py|_context\.run"
        r"|^[\s~^]*( \(\S*\))?$"
    )
    serve_interpreter(page, site_dir, expose=True)
    open_game(page, site_url)
    start_new_game(page, seed=77)
    wait_for_decision(page, "start")
    kept = saved_state(page)
    abort = "import asyncio, os\nasync def stop():\n    os.abort()\n" + (
        "asyncio.get_event_loop().call_soon(os.abort)"
        if how == "task"
        else "asyncio.ensure_future(stop())"
    )
    # Ends with None: a Task's proxy is awaitable, and evaluate would wait for it forever.
    abort += "\nNone"
    page.evaluate(PYTHON_JS, abort)
    expect(page.locator("#park-error")).to_be_visible()
    expect(page.locator("#park-error h1")).to_have_text("Python stopped")
    expect(page.locator("#park-error-message")).to_contain_text("reload the page")
    expect(page.locator("#park-root")).to_be_hidden()
    expect(page.locator("#park-error-reload")).to_be_focused()
    screenshot(page, f"python-stopped-{how}")
    page.locator("#park-error-reload").click()
    wait_for_ready(page)
    wait_for_decision(page, "start")
    assert saved_state(page).log == kept.log
    expect(page.locator("#park-error")).to_be_hidden()
