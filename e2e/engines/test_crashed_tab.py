"""A crashed tab is reported as such in every engine, not as a timeout (issue 53).

The page's process is killed once the page is ready (Firefox's content processes, WebKit's web
process; Chromium's renderer through ``chrome://crash``), and the next wait fails at once with
:class:`tools.engines.TabCrashed`, naming the engine, what the page was doing and the build
it showed (its start-up snapshot's id).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess

import pytest
from playwright.sync_api import Error as PlaywrightError
from tools.engines import Engine, EngineError, EnginePage, TabCrashed
from tools.engines.chromium import ChromiumPage
from tools.engines.firefox import FirefoxEngine
from tools.engines.webkit import WebKitPage

from e2e.engines.site_server import RecordingSite

NEVER_JS = "() => false"
READY_JS = "() => document.documentElement.dataset.parkReady === 'true'"


def _descendants(pid: int) -> list[tuple[int, str]]:
    """The processes below ``pid`` (pid and command line), from ``ps``."""
    rows = subprocess.run(
        ["ps", "-ewwo", "pid=,ppid=,args="], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    children: dict[int, list[tuple[int, str]]] = {}
    for row in rows:
        child, parent, args = row.split(None, 2)
        children.setdefault(int(parent), []).append((int(child), args))
    found: list[tuple[int, str]] = []
    todo = [pid]
    while todo:
        for below in children.get(todo.pop(), []):
            found.append(below)
            todo.append(below[0])
    return found


def _crash(engine: Engine, page: EnginePage) -> None:
    """Kill the process that runs ``page``, as a crash would."""
    if isinstance(page, ChromiumPage):
        with contextlib.suppress(PlaywrightError):  # the renderer dies before it answers
            page.page.goto("chrome://crash", timeout=10_000)
        return
    if isinstance(engine, FirefoxEngine):
        top, marker = engine.bridge.process.pid, "-contentproc"
        wanted = [pid for pid, args in _descendants(top) if marker in args and " tab" in args]
    else:
        assert isinstance(page, WebKitPage)
        process = page.driver.service.process
        assert process is not None
        wanted = [pid for pid, args in _descendants(process.pid) if "WebKitWebProcess" in args]
    assert wanted, "no process of the page's found"
    for pid in wanted:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def test_a_crashed_tab_is_reported_with_the_step_and_the_build(
    engine: Engine, recording_site: RecordingSite
) -> None:
    page = engine.new_page()
    try:
        page.goto(recording_site.url)
        page.wait_for(READY_JS, timeout=180)
        assert page.build is not None and "Start-up snapshot" in page.build
        _crash(engine, page)
        with pytest.raises(TabCrashed) as crashed:
            page.wait_for(NEVER_JS, timeout=60)
        said = str(crashed.value)
        assert said.startswith(f"{engine.name}: the tab crashed while waiting for () => false")
        assert page.build in said
    finally:
        with contextlib.suppress(EngineError):
            page.close()
