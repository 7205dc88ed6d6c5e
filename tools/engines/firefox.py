"""Firefox as an :class:`Engine` of :mod:`tools.engines`.

Debian's ``firefox-esr`` (or ``$PARK_FIREFOX``, or a ``firefox`` on the PATH), headless, driven
over WebDriver BiDi by puppeteer-core from ``node_modules`` through ``firefox_bridge.mjs``
(Node.js; no geckodriver, which is not packaged where the tests run).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
from pathlib import Path
from queue import Empty, Queue
from typing import Any

from tools.engines import (
    DEFAULT_VIEWPORT,
    Engine,
    EngineError,
    EnginePage,
    TabCrashed,
    args_literal,
    call_script,
    unwrap,
)
from tools.paths import NODE_MODULES

BRIDGE = Path(__file__).resolve().with_name("firefox_bridge.mjs")
START_SECONDS = 60.0
REQUEST_SECONDS = 180.0
INSTALL_HINT = "install Debian's firefox-esr (scripts/setup.sh --for test does)"
CRASHED = "not supported for parent process browsing contexts"
"""What BiDi answers a script sent to a tab whose content process died: Firefox shows its
about:tabcrashed page there, which runs in the parent process."""


def firefox_executable() -> str | None:
    """``$PARK_FIREFOX``, else ``firefox-esr`` or ``firefox`` on the PATH, else None."""
    override = os.environ.get("PARK_FIREFOX")
    if override:
        return override
    return shutil.which("firefox-esr") or shutil.which("firefox")


class _Bridge:
    """The Node.js process that holds Firefox, and its request/response lines."""

    def __init__(self, firefox: str) -> None:
        node = shutil.which("node")
        if node is None:
            raise EngineError("Node.js is needed to drive Firefox (puppeteer-core)")
        if not (NODE_MODULES / "puppeteer-core").is_dir():
            raise EngineError("puppeteer-core is missing: run `npm ci`")
        self.process = subprocess.Popen(
            [node, str(BRIDGE), firefox],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self.lines: Queue[str] = Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 1
        self.version = str(self._answer(0, START_SECONDS))

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put("")  # the bridge has exited

    def _answer(self, request_id: int, seconds: float) -> Any:
        while True:
            try:
                line = self.lines.get(timeout=seconds)
            except Empty:
                raise EngineError(f"firefox: no answer in {seconds:g} s") from None
            if not line:
                raise EngineError("firefox: the bridge exited")
            message = json.loads(line)
            if message.get("id") != request_id:
                continue  # the answer to a request that timed out
            if "error" in message:
                raise EngineError(f"firefox: {message['error']}")
            return message.get("value")

    def request(self, op: str, **fields: Any) -> Any:
        """Send one request and wait for its answer."""
        request_id, self.next_id = self.next_id, self.next_id + 1
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps({"id": request_id, "op": op, **fields}) + "\n")
            self.process.stdin.flush()
        except OSError as exc:
            raise EngineError(f"firefox: the bridge is gone ({exc})") from None
        return self._answer(request_id, REQUEST_SECONDS)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class FirefoxPage(EnginePage):
    """A page in its own BiDi user context (a fresh profile within the one browser)."""

    engine = "firefox"

    def __init__(self, bridge: _Bridge, page_id: int) -> None:
        self.bridge = bridge
        self.page_id = page_id

    def _request(self, op: str, **fields: Any) -> Any:
        """The bridge's answer to ``op`` on this page; :class:`TabCrashed` if the tab crashed."""
        try:
            return self.bridge.request(op, page=self.page_id, **fields)
        except TabCrashed:
            raise
        except EngineError as exc:
            if CRASHED in str(exc):
                raise TabCrashed(self, "it shows about:tabcrashed") from None
            raise

    def goto(self, url: str) -> None:
        """See :meth:`EnginePage.goto`."""
        self.doing = f"loading {url}"
        self._request("goto", url=url)
        self.loaded(url)

    def reload(self) -> None:
        """See :meth:`EnginePage.reload`."""
        self.doing = "reloading"
        self._request("reload")
        self.loaded("the page again")

    def evaluate(self, function: str, *args: Any) -> Any:
        """See :meth:`EnginePage.evaluate`."""
        result = self._request("evaluate", script=call_script(function), args=args_literal(args))
        return unwrap(self.engine, result)

    def click_at(self, x: float, y: float) -> None:
        """See :meth:`EnginePage.click_at`."""
        self._request("click", x=x, y=y)

    def screenshot(self, path: Path) -> None:
        """See :meth:`EnginePage.screenshot`."""
        self._request("screenshot", path=str(path))

    def close(self) -> None:
        """See :meth:`EnginePage.close`."""
        self.bridge.request("closePage", page=self.page_id)

    def bring_to_front(self) -> None:
        """See :meth:`EnginePage.bring_to_front`."""
        self._request("bringToFront")

    def open_tab(self) -> FirefoxPage:
        """See :meth:`EnginePage.open_tab`."""
        return FirefoxPage(self.bridge, int(self.bridge.request("newTab", page=self.page_id)))


class FirefoxEngine(Engine):
    """Headless Firefox behind the bridge."""

    name = "firefox"

    def __init__(self) -> None:
        firefox = firefox_executable()
        if firefox is None:
            raise EngineError(f"no Firefox: {INSTALL_HINT}")
        self.bridge = _Bridge(firefox)

    @property
    def version(self) -> str:
        """See :attr:`Engine.version`."""
        return self.bridge.version

    def new_page(
        self, viewport: tuple[int, int] = DEFAULT_VIEWPORT, user_agent: str | None = None
    ) -> FirefoxPage:
        """See :meth:`Engine.new_page`."""
        width, height = viewport
        page_id = self.bridge.request("newPage", width=width, height=height, userAgent=user_agent)
        return FirefoxPage(self.bridge, int(page_id))

    def close(self) -> None:
        """See :meth:`Engine.close`."""
        self.bridge.close()
