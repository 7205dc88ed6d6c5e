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
from tools.page_steps import FAST, SAVE_KEY, start_new_game, wait_for_decision, wait_for_ready
from tools.paths import NODE_MODULES
from tools.runtime import PYODIDE_DIR, pyscript_writer
from tools.snapshot_file import PREFIX, SUFFIX, Snapshot, data_image, pack, unpack

from e2e.game_page import open_game, saved_state
from e2e.support import BrowserGuard, screenshot, site_entry, site_interpreter, site_snapshot

EXPOSE = (
    "\nglobalThis.parkTestPython = started;\n"
    "globalThis.parkTestRestoredModules = started.then("
    "(pyodide) => pyodide.runPython('import json, sys; json.dumps(sorted(sys.modules))'));\n"
)
"""Appended to the interpreter module by :func:`_serve_interpreter` for :data:`PYTHON_JS`.

It comes with the modules Python holds as it is handed to PyScript (as restored, when it is),
for :data:`RESTORED_MODULES_JS`.
"""

PYTHON_JS = "async (code) => (await globalThis.parkTestPython).runPython(code)"
"""Run Python code in the page's interpreter (exposed by :data:`EXPOSE`); its value back."""

AFTER_RESTORE_PATH = "sys.path[:] = list(dict.fromkeys(sys.path))\n"
"""A line of the code the interpreter module runs once Python is restored."""

AUDIT = (
    "sys.parkCompiled = []\n"
    "sys.parkCompiledTexts = []\n"
    "sys.addaudithook(lambda event, args: (sys.parkCompiled.append(str(args[1])),"
    " sys.parkCompiledTexts.append(args[0].decode() if isinstance(args[0], bytes) else ''))"
    " if event == 'compile' else None)\n"
)
"""Python code that notes each source compiled from then on: the ``compile`` audit event's file
name (``<exec>`` and the like for code that is not a file's) in ``sys.parkCompiled``, and the
text compiled (the event gives it as UTF-8; empty for a syntax tree) in
``sys.parkCompiledTexts``."""

RESTORED_MODULES_JS = "async () => JSON.parse(await globalThis.parkTestRestoredModules)"
"""The modules the page's Python held before PyScript ran anything (exposed by EXPOSE)."""

FALLBACK_NOTE = "starting Python without the start-up snapshot"


def _snapshot(site_dir: Path) -> Snapshot:
    found = site_snapshot(site_dir)
    assert found is not None, "the site was built without a snapshot"
    return found


def _serve_interpreter(
    page: Page,
    site_dir: Path,
    snapshot: Snapshot | None = None,
    expose: bool = False,
    audit: bool = False,
) -> None:
    """Serve the site's interpreter module, changed for the test.

    It names ``snapshot`` instead of its own and/or exposes its Python to the test, and with
    ``audit`` its Python notes each file it compiles from then on (:data:`AUDIT`).
    """
    text = (site_dir / site_interpreter(site_dir)).read_text(encoding="utf-8")
    if audit:
        assert AFTER_RESTORE_PATH in text
        text = text.replace(AFTER_RESTORE_PATH, AFTER_RESTORE_PATH + AUDIT)
    if snapshot is not None:
        own = _snapshot(site_dir).descriptor()
        assert own in text
        text = text.replace(own, snapshot.descriptor())
    if expose:
        text += EXPOSE

    def serve(route: Route) -> None:
        route.fulfill(status=200, body=text, content_type="text/javascript")

    page.route(f"**/{site_interpreter(site_dir)}", serve)


def _serve_snapshot(page: Page, status: int, body: bytes) -> None:
    def serve(route: Route) -> None:
        route.fulfill(status=status, body=body, content_type="application/gzip")

    page.route(f"**/{PREFIX}.*{SUFFIX}", serve)


def _retampered(site_dir: Path, change: Callable[[bytes], bytes]) -> tuple[Snapshot, bytes]:
    """The site's snapshot changed by ``change``, packed as the build packs one.

    With its descriptor: it passes the page's own checks.
    """
    own = _snapshot(site_dir)
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


@pytest.mark.browser_context(service_workers="block")  # every load through the routes
def test_a_restored_page_compiles_none_of_our_modules_before_it_is_ready(
    page: Page, site_url: str, site_dir: Path
) -> None:
    """Every module of ours that the page imports before it is ready is in the snapshot.

    That is, before showing the New game form or resuming a game (Park's reach shown); the
    snapshot's list is ``park.ui.game.startup.PAGE_MODULES``. A module imported afresh is compiled
    from its source on every load. (The command table loaded the puzzles' eight modules so, a
    resumed game the map's edge markers and the coach, and the form the game files' module, until
    issue 28.)
    """
    _serve_interpreter(page, site_dir, expose=True)
    open_game(page, site_url, query="?speed=instant")
    start_new_game(page, seed=31)
    wait_for_decision(page, "start")
    page.get_by_role("button", name="Park's reach").click()  # remembered: drawn on a resume
    saved_state(page)  # the autosave is written
    for shown in ("a game resumed", "the New game form"):
        page.reload()
        wait_for_ready(page)
        assert page.evaluate("document.documentElement.dataset.parkSnapshot") == "restored"
        resumed = page.evaluate("!document.getElementById('game').hidden")
        assert resumed == (shown == "a game resumed")
        if resumed:  # the panels are drawn just after ready
            wait_for_decision(page, "start")
            reach = page.get_by_role("button", name="Park's reach")
            expect(reach).to_have_attribute("aria-pressed", "true")
        restored = set(page.evaluate(RESTORED_MODULES_JS))
        held = json.loads(
            page.evaluate(PYTHON_JS, "import json, sys; json.dumps(list(sys.modules))")
        )
        assert [m for m in held if m.split(".")[0] == "park" and m not in restored] == [], shown
        page.evaluate(f"localStorage.removeItem({SAVE_KEY!r})")


@pytest.mark.browser_context(service_workers="block")  # every load through the routes
def test_a_restored_page_compiles_neither_pyscripts_files_nor_its_own_modules(
    page: Page, site_url: str, site_dir: Path
) -> None:
    """Issue 51: the bytecode the snapshot keeps is what their imports run, not their source.

    PyScript's package and the page's modules beside main.py arrive as source and are written to
    the file system on every load; the snapshot holds their bytecode (park.ui.game.bytecode).
    So it does for the scripts PyScript runs through Pyodide's ``eval_code``: the one that
    writes its package (33 KB) and main.py.
    """
    _serve_interpreter(page, site_dir, expose=True, audit=True)
    open_game(page, site_url, query="?speed=instant")
    start_new_game(page, seed=31)
    wait_for_decision(page, "start")
    compiled = json.loads(
        page.evaluate(PYTHON_JS, "import json, sys; json.dumps(sys.parkCompiled)")
    )
    files = [name for name in compiled if name.endswith(".py")]
    assert files == [], f"compiled from their source: {files}"
    texts = json.loads(
        page.evaluate(PYTHON_JS, "import json, sys; json.dumps(sys.parkCompiledTexts)")
    )
    main_py = (site_dir / site_entry(site_dir).main).read_text(encoding="utf-8")
    for name, text in {
        "main.py": main_py,
        "PyScript's writer": pyscript_writer(NODE_MODULES),
    }.items():
        assert text not in texts, f"{name} was compiled: its kept code was not run"
    scripts = [text[:80] for text in texts if len(text) > 500]  # else the page's one-liners
    assert scripts == [], f"scripts compiled after the restore: {scripts}"
    imported = json.loads(
        page.evaluate(
            PYTHON_JS,
            "import json, sys; json.dumps([m.__file__ for m in list(sys.modules.values())"
            " if (getattr(m, '__file__', None) or '').startswith('/home/pyodide/')])",
        )
    )
    assert any(name.startswith("/home/pyodide/pyscript/") for name in imported), imported
    assert "/home/pyodide/draw.py" in imported, imported


def test_a_restored_page_imports_nothing_the_snapshot_holds(
    page: Page, site_url: str, site_dir: Path
) -> None:
    """Issue 51: after a restore only PyScript's package and the page's modules are imported.

    Nothing the snapshot holds is imported a second time (under another name, or from the
    standard library's zip), through the New game form to a game's first decision.
    """
    _serve_interpreter(page, site_dir, expose=True, audit=True)
    open_game(page, site_url, query="?speed=instant")
    start_new_game(page, seed=31)
    wait_for_decision(page, "start")
    restored = set(page.evaluate(RESTORED_MODULES_JS))
    now = json.loads(page.evaluate(PYTHON_JS, "import json, sys; json.dumps(sorted(sys.modules))"))
    config = json.loads((site_dir / site_entry(site_dir).config).read_text(encoding="utf-8"))
    page_modules = {Path(target).stem for target in config["files"].values()}
    pyscripts = {"pyscript", "_pyscript", "polyscript", "js"}
    imported = [name for name in now if name not in restored]
    assert imported, "PyScript's package and the page's modules are imported after the restore"
    others = [
        name
        for name in imported
        if name.split(".")[0] not in pyscripts and name not in page_modules
    ]
    assert others == [], f"imported after the restore: {others}"


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
        _serve_interpreter(page, site_dir, expose=True)
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
    own = _snapshot(site_dir)
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
        _serve_interpreter(page, site_dir, snapshot)
        _serve_snapshot(page, 200, packed_bytes)
    elif breakage == "another-memory":
        # As if made for a module whose static data differs from the one the page runs.
        _serve_interpreter(page, site_dir, replace(own, image_hash=own.image_hash ^ 1))
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
    _serve_interpreter(page, site_dir, expose=True)
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
    snapshot = _snapshot(site_dir)
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
    _serve_interpreter(page, site_dir, expose=True)
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
