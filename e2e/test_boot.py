"""The page starts Python from the self-hosted runtime, online and offline, and says so."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import tomllib
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect
from tools.build_site import RUNTIME_PREFETCHED
from tools.page_steps import wait_for_ready, wait_for_start
from tools.paths import ROOT
from tools.runtime import PYODIDE_DIR, PYSCRIPT_DIR
from tools.serve import HOST
from tools.snapshot_file import PREFIX, SUFFIX
from tools.wheel import HASH_LENGTH, build_tag_hash

from e2e.game_page import choose_setting, header_button
from e2e.support import BrowserGuard, screenshot, site_entry, site_snapshot

SW_CONTROLLING_JS = "() => navigator.serviceWorker.controller !== null"


def _fetch(url: str) -> bytes:
    with urlopen(url, timeout=30) as response:  # our own 127.0.0.1 server
        data: bytes = response.read()
        return data


def _wheel_name(site_url: str, site_dir: Path) -> str:
    """The wheel's name, as the interpreter module names it (never PyScript's config)."""
    config = json.loads(_fetch(site_url + site_entry(site_dir).config))
    assert not any(source.endswith(".whl") for source in config.get("files", {})), config
    interpreter = _fetch(site_url + str(config["interpreter"]).removeprefix("./")).decode()
    wheels = re.findall(r'const WHEEL = "\./([^"]+\.whl)";', interpreter)
    assert len(wheels) == 1, "the interpreter module names one wheel"
    return str(wheels[0])


@pytest.mark.smoke
def test_boots_to_ready(park_page: Page) -> None:
    expect(park_page.locator("#park-loading")).to_be_hidden()
    expect(park_page.locator("#park-error")).to_be_hidden()
    assert park_page.evaluate("() => document.documentElement.dataset.parkError") is None
    screenshot(park_page, "boot-ready")


# The service worker is blocked so that the runtime's requests go through page.route().
@pytest.mark.browser_context(service_workers="block")
def test_loading_state_is_visible_before_ready(page: Page, site_url: str) -> None:
    """The loading state while Python starts.

    Pyodide's start blocks the page's main thread, so the test holds the runtime's WebAssembly
    download (nothing is timed): the page is idle in its loading state, the screenshot is taken, and
    then the download goes on.
    """
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/pyodide.asm.wasm", hold)
    with page.expect_request(lambda request: request.url.endswith("/pyodide.asm.wasm")):
        page.goto(site_url, wait_until="domcontentloaded")
    state = page.evaluate(
        """() => ({
            ready: document.documentElement.dataset.parkReady ?? null,
            visible: getComputedStyle(document.getElementById("park-loading")).display !== "none",
            text: document.getElementById("park-loading-text").textContent,
        })"""
    )
    assert state["ready"] is None, "ready before Python could have started?"
    assert state["visible"]
    assert "Python" in state["text"] or "Starting" in state["text"]
    assert len(held) == 1, "the WebAssembly download is held"
    screenshot(page, "boot-loading")
    held[0].continue_()
    page.unroute("**/pyodide.asm.wasm")
    wait_for_ready(page)
    expect(page.locator("#park-loading")).to_be_hidden()


def test_everything_comes_from_127_0_0_1(
    park_page: Page, guard: BrowserGuard, site_url: str, site_dir: Path
) -> None:
    park_page.wait_for_function(  # a restored Python downloads it once the page is ready
        "document.documentElement.dataset.parkSnapshot !== 'restored'"
        " || performance.getEntriesByName('park:stdlib-installed').length > 0"
    )
    assert guard.foreign_requests == []
    requested = set(guard.requests)
    for path in (
        f"runtime/{PYODIDE_DIR}/pyodide.mjs",
        f"runtime/{PYODIDE_DIR}/pyodide.asm.wasm",
        f"runtime/{PYODIDE_DIR}/python_stdlib.zip",
        f"runtime/{PYSCRIPT_DIR}/core.js",
        site_entry(site_dir).main,
    ):
        assert site_url + path in requested, f"{path} was not loaded from {HOST}"


def test_wheel_file_name_carries_its_content_hash(site_url: str, site_dir: Path) -> None:
    name = _wheel_name(site_url, site_dir)
    digest = hashlib.sha256(_fetch(site_url + name)).hexdigest()
    assert build_tag_hash(name) == digest[:HASH_LENGTH], f"{name} vs sha256 {digest}"


@pytest.mark.browser_context(service_workers="block")
def test_only_a_python_started_afresh_downloads_the_wheel(
    page: Page, site_url: str, site_dir: Path
) -> None:
    """A restored Python holds all it needs of the wheel; one started afresh unpacks it (issue 40).

    The restored page never asks for the wheel, even once it is ready and has opened the puzzles
    and spoken Japanese (whose catalogue the wheel holds); with ``?snapshot=off`` the page
    downloads it once and plays.
    """
    name = _wheel_name(site_url, site_dir)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    for query, how in (("", "restored"), ("?snapshot=off", "off")):
        requested.clear()
        page.goto(site_url + query)
        wait_for_ready(page)
        choose_setting(page, "language", "ja")  # the page loads again, in Japanese
        page.wait_for_function("() => document.documentElement.lang === 'ja'")
        wait_for_ready(page)
        assert page.evaluate("document.documentElement.dataset.parkSnapshot") == how
        header_button(page, "puzzles").click()
        page.locator("#puzzles-hub button.btn-primary").first.click()
        page.wait_for_function("document.documentElement.dataset.parkPuzzle === 'playing'")
        asked = requested.count(site_url + name)
        assert asked == 0 if how == "restored" else asked > 0, (query, asked)
        page.evaluate("localStorage.clear()")


def test_python_files_are_prefetched_and_fetched_once(
    page: Page, site_url: str, site_dir: Path
) -> None:
    """What Pyodide and PyScript fetch once they run downloads from the start, once.

    That is main.py, the WebAssembly, the stdlib, the package index and the module
    Pyodide imports. They download from the start (boot.js's early downloads, "modulepreload"),
    and their own fetch() or import() gets that download rather than asking again; the memory
    snapshot is downloaded once too.
    """
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(site_url)
    wait_for_ready(page)
    snapshots = [p.name for p in site_dir.glob(f"{PREFIX}.*{SUFFIX}")]
    assert len(snapshots) == 1, snapshots
    fetched = [site_entry(site_dir).main]
    fetched += [f"runtime/{name}" for name in RUNTIME_PREFETCHED]
    prefetched = page.locator('meta[name="park-prefetch"]').get_attribute("content") or ""
    for path in fetched:
        assert f"./{path}" in prefetched.split(), path
    for name in ("pyodide.mjs", "pyodide.asm.mjs"):
        path = f"runtime/{PYODIDE_DIR}/{name}"
        expect(page.locator(f'head link[rel="modulepreload"][href="./{path}"]')).to_have_count(1)
        fetched.append(path)
    for path in [*fetched, *snapshots]:
        assert requested.count(site_url + path) == 1, f"{path}: {requested.count(site_url + path)}"


def test_the_page_python_files_never_queue_ahead_of_the_first_screen(
    page: Page, site_url: str
) -> None:
    """Issue 51: the page's Python files are asked for at low priority, the rest at once.

    They are read only once Python is restored; asked for first and at the same priority, the
    23 of them held a phone's six connections while the first screen's script and the snapshot
    waited (the New game form at 1.6 s instead of 1.0 s on the phone profile).
    """
    devtools = page.context.new_cdp_session(page)
    devtools.send("Network.enable")
    priorities: dict[str, str] = {}

    def note(sent: dict[str, Any]) -> None:
        priorities.setdefault(sent["request"]["url"], sent["request"]["initialPriority"])

    devtools.on("Network.requestWillBeSent", note)
    page.goto(site_url)
    wait_for_ready(page)
    python = [url for url in priorities if url.endswith(".py")]
    assert len(python) > 20, sorted(priorities)
    assert {priorities[url] for url in python} == {"Low"}
    for url in [site_url + f"runtime/{name}" for name in RUNTIME_PREFETCHED]:
        assert priorities[url] == "High", url  # the WebAssembly, the package index
    snapshots = [url for url in priorities if PREFIX in url and url.endswith(SUFFIX)]
    assert len(snapshots) == 1 and priorities[snapshots[0]] == "High", snapshots
    first_screen = [url for url in priorities if re.search(r"/first_screen\.[0-9a-f]+\.js$", url)]
    assert len(first_screen) == 1 and priorities[first_screen[0]] != "Low", first_screen


def test_service_worker_serves_an_offline_reload(
    park_page: Page, context: BrowserContext, site_url: str
) -> None:
    page = park_page
    scope = page.evaluate("async () => (await navigator.serviceWorker.ready).scope", [])
    assert scope == site_url
    page.wait_for_function(SW_CONTROLLING_JS, timeout=30_000)

    context.set_offline(True)
    try:
        response = page.reload()
        assert response is not None and response.from_service_worker
        wait_for_ready(page)
        screenshot(page, "boot-offline")
        # Nothing the reload fetched failed to come out of the cache.
        assert page.evaluate("() => navigator.onLine") is False
    finally:
        context.set_offline(False)


def test_offline_page_with_a_query_string_is_served_from_the_cache(
    park_page: Page, context: BrowserContext, site_url: str
) -> None:
    page = park_page
    page.wait_for_function(SW_CONTROLLING_JS, timeout=30_000)
    context.set_offline(True)
    try:
        response = page.goto(site_url + "?speed=fast")
        assert response is not None and response.from_service_worker
        wait_for_ready(page)
    finally:
        context.set_offline(False)


BREAKAGES = {
    # what the test does to the page: (URL glob, status, body), expected error text
    "wheel-missing": (("**/*.whl", 404, "gone"), "HTTP 404"),  # with ?snapshot=off
    "wasm-missing": (("**/pyodide.asm.wasm", 404, "gone"), "pyodide.asm.wasm"),
    "main-raises": (("**/main.*.py", 200, "import park_no_such_module\n"), "park_no_such_module"),
}


# The service worker is blocked so that every request goes through page.route().
@pytest.mark.browser_context(service_workers="block")
@pytest.mark.parametrize("breakage", sorted(BREAKAGES))
def test_python_start_failure_is_shown(
    page: Page, guard: BrowserGuard, site_url: str, breakage: str
) -> None:
    (pattern, status, body), expected_detail = BREAKAGES[breakage]

    def broken(route: Route) -> None:
        route.fulfill(status=status, body=body)

    page.route(pattern, broken)
    guard.allow_console_error(r"status of 404")
    guard.allow_console_error(r"^page error:")
    guard.allow_console_error(r"park_no_such_module")
    page.goto(site_url + ("?snapshot=off" if breakage == "wheel-missing" else ""))
    outcome = wait_for_start(page)
    screenshot(page, f"boot-error-{breakage}")
    assert outcome.startswith("error:"), outcome
    error = page.locator("#park-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("Python failed to start")
    expect(page.locator("#park-error-details")).to_contain_text(expected_detail)
    expect(page.locator("#park-loading")).to_be_hidden()


@pytest.mark.browser_context(locale="ja-JP")
def test_the_page_says_which_build_it_is(page: Page, site_url: str, site_dir: Path) -> None:
    """The About dialog names the version, the commit and the start-up snapshot (issue 38).

    The console's line at start-up says the same; the terms are translated.
    """
    lines: list[str] = []
    page.on("console", lambda message: lines.append(message.text))
    page.goto(site_url)
    wait_for_ready(page)
    snapshot = site_snapshot(site_dir)
    assert snapshot is not None
    head = subprocess.run(
        ["git", "log", "-1", "--format=%h %cs"], cwd=ROOT, capture_output=True, text=True
    ).stdout.split()
    page.locator("[data-ui=about]").click()
    build = page.locator("#park-build")
    expect(build).to_be_visible()
    terms = build.locator("dt:visible").all_text_contents()
    values = build.locator("dd:visible").all_text_contents()
    assert terms == ["バージョン", "ビルド", "起動スナップショット"]  # no start died: no 4th line
    safe = build.locator(".park-build-safe").all_text_contents()
    assert safe == [
        "今回の起動",
        "起動スナップショットなし：前回の起動が最後まで終わりませんでした",
    ]
    with (ROOT / "pyproject.toml").open("rb") as fh:
        assert values[0] == tomllib.load(fh)["project"]["version"]
    assert re.fullmatch(rf"{head[1]} {head[0]}\+?", values[1]), values
    assert snapshot.name == f"{PREFIX}.{values[2]}{SUFFIX}"
    said = [line for line in lines if line.startswith("Park: ")]
    assert said == [f"Park: Version {values[0]}; Build {values[1]}; Start-up snapshot {values[2]}"]
    screenshot(page, "boot-about-build")
