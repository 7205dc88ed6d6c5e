"""The README's serve command from nothing.

It prints its URL, the page gets ready in headless Chromium, and a game starts.

The command is read from the README (the first ``sh`` block under :data:`SERVE_HEADING`) and
run as written with ``bash``, in a fresh clone; only ``PORT`` is set (the README names it), to
a free port, so that a server already on 8000 cannot answer for it.
"""

from __future__ import annotations

import contextlib
import re
import socket
import subprocess
import threading
import time
from pathlib import Path

from tools.browser import launch_chromium
from tools.engines import BUILD_JS
from tools.fresh.clone import (
    PathFailed,
    as_a_terminal_starts,
    clean_environment,
    fresh_clone,
    stop_group,
    tail,
)
from tools.page_steps import START_OUTCOME_JS

SERVE_HEADING = "## Run it locally"
"""The README's section whose first ``sh`` block is the serve command."""

URL_TIMEOUT = 900.0
"""Seconds the command may take to print its URL: set-up and a build with the start-up
snapshot, on a slow, busy machine (it took 19-47 s here on 2026-12-05)."""

PAGE_TIMEOUT_MS = 120_000
"""How long the page may take to get ready, and a game to start."""

GAME_STARTED_JS = """() => {
  const game = document.getElementById("game");
  return game !== null && !game.hidden && Boolean(document.documentElement.dataset.parkTurn);
}"""
"""True once the game screen shows a game with a turn under way."""

START_BUTTON = "Start the expedition"
"""The New game form's button, as a first visit (English) shows it."""


def readme_serve_command(readme: Path) -> str:
    """The serve command: the first fenced ``sh`` block after :data:`SERVE_HEADING`.

    Raises:
        PathFailed: the README has no such section or block.
    """
    text = readme.read_text(encoding="utf-8")
    start = text.find("\n" + SERVE_HEADING + "\n")
    if start < 0:
        raise PathFailed(f"the README has no '{SERVE_HEADING}' section")
    block = re.search(r"^```sh\n(.*?)^```", text[start:], re.MULTILINE | re.DOTALL)
    if block is None or not block.group(1).strip():
        raise PathFailed(f"the README's '{SERVE_HEADING}' section has no sh block")
    return block.group(1).strip()


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on (at the time of asking)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def walk_serve(work: Path) -> str:
    """Walk the serve path in ``work`` (a new clone in ``work/clone``).

    Return the line that says how it went.

    Raises:
        PathFailed: the command failed or printed no URL, or the page did not get ready, or
            no game started.
    """
    clone = fresh_clone(work / "clone")
    command = readme_serve_command(clone / "README.md")
    port = free_port()
    log = work / "serve.log"
    print(f"running the README's serve command in {clone}: {command}  (PORT={port})", flush=True)
    began = time.monotonic()
    process = subprocess.Popen(
        ["bash", "-c", command],
        cwd=clone,
        env=clean_environment({"PORT": str(port)}),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own process group, stopped as Ctrl+C would
        preexec_fn=as_a_terminal_starts,
    )
    try:
        url = _printed_url(process, log, port)
        took = time.monotonic() - began
        if url is None:
            status = process.poll()
            how = f"exit {status}" if status is not None else f"none in {URL_TIMEOUT:.0f} s"
            raise PathFailed(f"it printed no URL ({how})", tail(log))
        print(f"it printed {url} after {took:.0f} s", flush=True)
        snapshot = _play(url, work / "serve.png")
    finally:
        stop_group(process)
    return (
        f"the README's serve command printed its URL after {took:.0f} s on a fresh clone; "
        f"the page got ready (start-up snapshot: {snapshot}) and a game started"
    )


def _printed_url(process: subprocess.Popen[str], log: Path, port: int) -> str | None:
    """Copy the command's output to ``log`` until it prints the URL of ``port``.

    Copy the command's output to ``log`` until it prints the URL of ``port`` on this machine
    (any other URL, a package index's, say, is not it); return the URL, or None if it exits
    or :data:`URL_TIMEOUT` passes first. The output goes on to ``log`` afterwards.
    """
    served = re.compile(rf"http://127\.0\.0\.1:{port}/\S*")
    found = threading.Event()
    urls: list[str] = []

    def copy() -> None:
        assert process.stdout is not None
        with log.open("w", encoding="utf-8") as out:
            for line in process.stdout:
                out.write(line)
                out.flush()
                match = served.search(line)
                if match and not urls:
                    urls.append(match.group(0))
                    found.set()
        found.set()  # the command ended

    threading.Thread(target=copy, name="serve-output", daemon=True).start()
    found.wait(URL_TIMEOUT)
    return urls[0] if urls else None


def _play(url: str, picture: Path) -> str:
    """Open ``url`` in headless Chromium and start a game from the New game form.

    Open ``url`` in headless Chromium, wait until the page is ready and start a game from
    the New game form; save a screenshot to ``picture``; return how Python started from the
    start-up snapshot (the page's ``data-park-snapshot``: ``restored``, or why not).

    Raises:
        PathFailed: the page reported an error, did not get ready, or no game started; its
            tab's crash is said as such, with the step and the build (its snapshot's id).
    """
    from playwright.sync_api import Error, sync_playwright

    errors: list[str] = []
    crashed: list[bool] = []
    step, build = "loading it", "no build line read"
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            page = browser.new_page(locale="en-GB", viewport={"width": 1366, "height": 768})
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on("crash", lambda _page: crashed.append(True))
            try:
                page.goto(url)
                build = str(page.evaluate(BUILD_JS) or "no build line in the page")
                step = "starting Python (until ready)"
                outcome = page.wait_for_function(START_OUTCOME_JS, timeout=PAGE_TIMEOUT_MS)
                if outcome.json_value() != "ready":
                    raise PathFailed(f"the served page did not start: {outcome.json_value()}")
                snapshot = str(page.evaluate("document.documentElement.dataset.parkSnapshot"))
                step = "starting a game"
                page.get_by_role("button", name=START_BUTTON).click(timeout=PAGE_TIMEOUT_MS)
                page.wait_for_function(GAME_STARTED_JS, timeout=PAGE_TIMEOUT_MS)
            except Error as exc:
                first = (exc.message.strip().splitlines() or [str(exc)])[0]
                if crashed:
                    raise PathFailed(
                        f"the served page's tab crashed in Chromium while {step} ({build})"
                    ) from exc
                raise PathFailed(f"the served page: {first}") from exc
            finally:
                with contextlib.suppress(Error):
                    page.screenshot(path=str(picture))
        finally:
            browser.close()
    if errors:
        raise PathFailed(f"the served page had an error: {errors[0]}")
    return snapshot
