"""Fixtures of the cross-engine suite (issue 28).

The built site, served by :class:`~e2e.engines.site_server.RecordingSite`, in Firefox and WebKit
(``$PARK_ENGINES``, a comma-separated list of :data:`tools.engines.ENGINES`, chooses others;
Chromium has the whole e2e suite).

* ``recording_site`` (session): the site, served and recorded;
* ``engine`` (per test module, one per engine): the running engine;
* ``engine_page``: a page in a fresh profile. The test FAILS if, by its end, the page
  recorded a problem (``observer.js``: console errors, uncaught errors, failed loads, CSP
  violations); a screenshot is saved to ``e2e/screenshots/`` when a test fails.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tools.engines import Engine, EngineError, EnginePage, open_engine

from e2e.engines.helpers import ENGINES_UNDER_TEST, engine_screenshot
from e2e.engines.site_server import PROBLEMS_JS, RecordingSite


@pytest.fixture(scope="session")
def recording_site(site_dir: Path) -> Iterator[RecordingSite]:
    """The built site, served and recorded for the whole session."""
    with RecordingSite(site_dir).serving() as site:
        yield site


@pytest.fixture(scope="module", params=ENGINES_UNDER_TEST)
def engine(request: pytest.FixtureRequest) -> Iterator[Engine]:
    """One engine, started for a test module."""
    try:
        with open_engine(request.param) as started:
            yield started
    except EngineError as exc:
        pytest.fail(f"{request.param} does not start: {exc}", pytrace=False)


@pytest.fixture
def engine_page(engine: Engine, request: pytest.FixtureRequest) -> Iterator[EnginePage]:
    """A page in a fresh profile that fails the test if it recorded a problem."""
    page = engine.new_page()
    problems: list[str] = []
    report = None
    try:
        yield page
        report = getattr(request.node, "report_call", None)
        if report is not None and report.failed:
            engine_screenshot(page, f"FAILED-{request.node.name}")
        problems = page.evaluate(PROBLEMS_JS)
    except EngineError as exc:  # a page that broke: the test's own failure says more
        if report is None or not report.failed:
            raise
        print(f"could not read the page after the failure: {exc}")
    finally:
        page.close()
    if problems:
        pytest.fail("the page recorded problems:\n  " + "\n  ".join(problems), pytrace=False)
