"""Helpers for the end-to-end tests.

A guard against foreign requests and console errors, screenshots, and the built site's entry point
and snapshot. The page's own steps (its ready signal, a new game, a decision) are
``tools/page_steps.py``'s, shared with the benchmarks.

Import what you need in a test module::

    from e2e.support import screenshot
    from tools.page_steps import wait_for_ready
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Request
from tools.serve import HOST
from tools.snapshot_file import Snapshot, snapshot_of

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"


@dataclass
class BrowserGuard:
    """Records, for one browser context, what no test may do.

    * any request to a host other than ``host``, the site's (it must be fully self-hosted);
    * any console error or uncaught page error, unless allowed with
      :meth:`allow_console_error` (e.g. a test that breaks the page on purpose).

    The ``page`` fixture checks the guard when the test ends and fails the test if it
    recorded anything.
    """

    host: str = HOST
    foreign_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    allowed: list[re.Pattern[str]] = field(default_factory=list)

    def attach_context(self, context: BrowserContext) -> None:
        """Watch every request of the context (pages and, in Chromium, service workers)."""
        context.on("request", self._on_request)

    def attach_page(self, page: Page) -> None:
        """Watch a page's console and uncaught errors."""
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self._record_error(f"page error: {error}"))

    def allow_console_error(self, pattern: str) -> None:
        """Accept console errors whose text matches ``pattern`` (a regular expression)."""
        self.allowed.append(re.compile(pattern))

    def problems(self) -> list[str]:
        """Everything recorded that should fail the test."""
        return [f"request to a foreign host: {url}" for url in self.foreign_requests] + [
            f"console error: {text}" for text in self.console_errors
        ]

    def _on_request(self, request: Request) -> None:
        url = request.url
        self.requests.append(url)
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname != self.host:
            self.foreign_requests.append(url)

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            location = message.location.get("url", "")
            self._record_error(f"{message.text} ({location})" if location else message.text)

    def _record_error(self, text: str) -> None:
        if not any(pattern.search(text) for pattern in self.allowed):
            self.console_errors.append(text)


def screenshot(page: Page, name: str) -> Path:
    """Save a full-page screenshot as ``e2e/screenshots/<name>.png`` and return its path."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


ENTRY = re.compile(r'<script type="py" src="\./([^"]+)" config="\./([^"]+)"></script>')


@dataclass(frozen=True)
class SiteEntry:
    """The page's Python entry point and PyScript config in a built site.

    By their content-hashed names (``main.<hash>.py``, ``pyscript.<hash>.json``), relative to it.
    """

    main: str
    config: str


def site_entry(site_dir: Path) -> SiteEntry:
    """The :class:`SiteEntry` that ``site_dir/index.html`` names."""
    found = ENTRY.search((site_dir / "index.html").read_text(encoding="utf-8"))
    assert found, "index.html names no Python entry point"
    return SiteEntry(main=found.group(1), config=found.group(2))


def site_config(site_dir: Path) -> dict[str, Any]:
    """The site's PyScript config (``pyscript.<hash>.json``, as :func:`site_entry` names it)."""
    config: dict[str, Any] = json.loads(
        (site_dir / site_entry(site_dir).config).read_text(encoding="utf-8")
    )
    return config


def site_interpreter(site_dir: Path) -> str:
    """The interpreter module that the site's PyScript config names.

    Its name is ``interpreter.<hash>.mjs``, relative to ``site_dir``.
    """
    return str(site_config(site_dir)["interpreter"]).removeprefix("./")


def site_snapshot(site_dir: Path) -> Snapshot | None:
    """The start-up snapshot the site's interpreter module names (None: built without one)."""
    return snapshot_of((site_dir / site_interpreter(site_dir)).read_text(encoding="utf-8"))
