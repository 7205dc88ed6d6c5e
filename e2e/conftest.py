"""Fixtures for end-to-end tests of the BUILT site.

Run ``tools/build_site.py`` first (``scripts/test.sh`` does).

Fixtures:

* ``site_dir`` (session): the built site folder (``site/``, or ``$PARK_SITE_DIR``).
* ``site_url`` (session): the site served by ``http.server`` on 127.0.0.1 (free port, in a
  background thread) under a sub-path like GitHub Pages, e.g. ``http://127.0.0.1:41234/park/``;
  or, with ``$PARK_SITE_URL`` set, that URL (the deployed site: run the ``smoke`` tests
  only, ``pytest e2e -m smoke``, as the deploy workflow does).
* ``browser`` (session): headless Chromium (Debian's where present, else Playwright's).
* ``context``: a fresh browser context (empty cache, no service worker) per test. Options
  for ``browser.new_context`` come from ``@pytest.mark.browser_context(...)``, e.g.
  ``@pytest.mark.browser_context(service_workers="block")``.
* ``guard``: the :class:`~e2e.support.BrowserGuard` of that context.
* ``page``: a page in that context. The test FAILS if, by its end, anything requested a
  host other than the site's, or the console showed an error (allow expected ones with
  ``guard.allow_console_error(regex)``). A screenshot is saved to ``e2e/screenshots/``
  when a test fails.
* ``park_page``: ``page`` already opened at ``site_url`` and waited until ready.

Typical test::

    def test_something(park_page: Page) -> None:
        park_page.get_by_role("button", name="New game").click()
        ...
"""

from __future__ import annotations

import os
from collections.abc import Generator, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from tools.browser import launch_chromium
from tools.page_steps import wait_for_ready
from tools.paths import SITE
from tools.serve import HOST, serving, url_for

from e2e.support import BrowserGuard, screenshot

MOUNT = "park"
"""The sub-path the site is served under, as GitHub Pages serves ``/<repo>/``."""


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``browser_context`` and ``smoke`` markers."""
    config.addinivalue_line(
        "markers", "browser_context(**options): options for browser.new_context in this test"
    )
    config.addinivalue_line(
        "markers", "smoke: also run against the deployed site after every deploy ($PARK_SITE_URL)"
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Remember each phase's report on the item, so fixtures can see whether the test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


WEBKIT_HUNG = "WebKitWebDriver did not answer"
"""tools.engines.webkit.HUNG (not imported here: the Chromium tests need no Selenium)."""

CRASHED_TAB = "Target crashed"
"""Playwright's error when Chromium's renderer process dies.

It used to come about once in two full runs, while Pyodide started or ran: Chromium's heap
profiler crashed the tab on JSPI's stacks (issue 53, docs/browsers.md). The page runs Python
without JSPI since, and a crashed tab fails its test like any other failure: a rerun would hide
the crash a player meets.
"""


TEST_TIMEOUT = 900
"""Seconds after which an e2e test fails as hung (pytest-timeout), with every thread's stack.

The longest test (WebKit's whole game) takes about 3 minutes on a busy machine; a hang,
such as an ``evaluate`` awaiting a promise that never settles, would otherwise hold the run
until CI's own limit and land nothing.
"""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give every e2e test a time limit (:data:`TEST_TIMEOUT`) and one rerun (pytest-rerunfailures).

    The rerun comes only when WebKit's WebDriver stopped answering
    (:data:`tools.engines.webkit.HUNG`): any other failure, a crashed tab
    (:data:`CRASHED_TAB`) included, fails at once, and the same trouble twice in a row fails too.
    """
    for item in items:
        item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[WEBKIT_HUNG]))
        if item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(TEST_TIMEOUT))


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built site; fails early with a hint if it has not been built."""
    site = Path(os.environ.get("PARK_SITE_DIR", SITE))
    if not (site / "index.html").is_file() or not (site / "sw.js").is_file():
        pytest.fail(f"{site} is not built: run `.venv/bin/python tools/build_site.py` first")
    return site


@pytest.fixture(scope="session")
def site_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """The deployed site at ``$PARK_SITE_URL``, or else the built site served locally.

    The built site is served on 127.0.0.1 under ``/park/`` for the whole session.
    """
    deployed = os.environ.get("PARK_SITE_URL")
    if deployed:
        yield deployed if deployed.endswith("/") else deployed + "/"
        return
    site: Path = request.getfixturevalue("site_dir")
    with serving({MOUNT: site}) as server:
        yield url_for(server, MOUNT)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Chromium, shared by the session."""
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


@pytest.fixture
def guard(site_url: str) -> BrowserGuard:
    """Records foreign requests and console errors of this test's browser context."""
    return BrowserGuard(host=urlsplit(site_url).hostname or HOST)


@pytest.fixture
def context(
    browser: Browser, guard: BrowserGuard, request: pytest.FixtureRequest
) -> Iterator[BrowserContext]:
    """A fresh, guarded browser context (options from ``@pytest.mark.browser_context``)."""
    marker = request.node.get_closest_marker("browser_context")
    options = dict(marker.kwargs) if marker else {}
    options.setdefault("locale", "en-GB")  # the page follows navigator.languages (issue 13)
    context = browser.new_context(**options)
    guard.attach_context(context)
    yield context
    context.close()


@pytest.fixture
def page(
    context: BrowserContext, guard: BrowserGuard, request: pytest.FixtureRequest
) -> Iterator[Page]:
    """A page that fails the test on foreign requests or console errors."""
    page = context.new_page()
    guard.attach_page(page)
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed and not page.is_closed():
        try:
            screenshot(page, f"FAILED-{request.node.name}")
        except PlaywrightError as exc:  # a crashed tab has nothing left to show
            if CRASHED_TAB not in str(exc):
                raise
    problems = guard.problems()
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


@pytest.fixture
def park_page(page: Page, site_url: str) -> Page:
    """The game page, opened and ready.

    Its Python restored from the build's memory snapshot (the whole suite runs on the page as
    players get it; ``?snapshot=off`` tests the other start-up path).
    """
    page.goto(site_url)
    wait_for_ready(page)
    assert page.evaluate("document.documentElement.dataset.parkSnapshot") == "restored"
    return page
