"""WebKit as an :class:`Engine` of :mod:`tools.engines`.

WebKitGTK's MiniBrowser (Debian's ``libwebkit2gtk-4.1-0``), driven by WebKitGTK's own WebDriver
(``WebKitWebDriver``, Debian's ``webkit2gtk-driver``) through Selenium, on a virtual X screen
(Debian's ``xvfb``).

Each page is a WebDriver session of its own, so a new MiniBrowser with an empty profile.
``$PARK_MINIBROWSER`` and ``$PARK_WEBKIT_DRIVER`` override where they are looked for.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time
from collections.abc import Callable
from glob import glob
from pathlib import Path
from typing import Any

from selenium.common.exceptions import InvalidSessionIdException, WebDriverException
from selenium.webdriver import WebKitGTK
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.remote_connection import RemoteConnection
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service
from urllib3.exceptions import HTTPError

from tools.engines import (
    DEFAULT_VIEWPORT,
    Engine,
    EngineError,
    EnginePage,
    TabCrashed,
    call_script,
    unwrap,
)

INSTALL_HINT = "install Debian's webkit2gtk-driver and xvfb (scripts/setup.sh --for test does)"
MINIBROWSER_GLOBS = (
    "/usr/lib/*/webkit2gtk-4.1/MiniBrowser",
    "/usr/lib/*/webkit2gtk-4.0/MiniBrowser",
    "/usr/libexec/webkit2gtk-4.1/MiniBrowser",
    "/usr/libexec/webkit2gtk-4.0/MiniBrowser",
)
"""Where distributions put WebKitGTK's MiniBrowser (Debian and Ubuntu: the first)."""
SCREEN = "1920x1200x24"
SCRIPT_SECONDS = 180
COMMAND_SECONDS = SCRIPT_SECONDS + 30
"""How long a WebDriver command may take before the driver counts as hung."""
INPUT_SECONDS = 60
"""How long a click may take: WebKitWebDriver's input commands have been seen never to
answer (its own test runner restarts the driver after a timeout, WebKit pull 73421)."""
CRASHED = "because of page crash"
"""In WebKitWebDriver's error for a session it ended when the page's web process died
("session deleted because of page crash or hang": a page whose process stopped answering)."""
CRASH_SETTLE_SECONDS = 1.0
"""How long after a failed command the driver is asked whether it ended the session."""
HUNG = "WebKitWebDriver did not answer"
"""The start of the error for a command that timed out (e2e/conftest.py reruns such a test
once, as it does a crashed Chromium tab)."""
SESSION_SECONDS = 90.0
"""How long a new WebDriver session may take to start (MiniBrowser open, its page blank): the
driver has been seen never to answer that request either, and nothing else times it out."""


def start_session(make: Callable[[], WebKitGTK], service: Service) -> WebKitGTK:
    """A new session from ``make``, waited for at most :data:`SESSION_SECONDS`.

    Raises :class:`EngineError`: :data:`HUNG` when the driver does not answer in time (``service``,
    the driver, is then stopped), or when MiniBrowser does not start.
    """
    made: list[WebKitGTK] = []
    failed: list[str] = []

    def start() -> None:
        try:
            made.append(make())
        except WebDriverException as exc:
            failed.append(exc.msg or type(exc).__name__)
        except Exception as exc:  # the driver stopped under it (after the timeout below)
            failed.append(repr(exc))

    worker = threading.Thread(target=start, name="webkit-session", daemon=True)
    worker.start()
    worker.join(SESSION_SECONDS)
    if worker.is_alive():
        service.stop()  # the request then fails, and the thread ends
        raise EngineError(f"webkit: {HUNG} (a new session, in {SESSION_SECONDS:.0f} s)")
    if failed:
        raise EngineError(f"webkit: MiniBrowser does not start: {failed[0]}")
    return made[0]


def minibrowser() -> str | None:
    """``$PARK_MINIBROWSER``, else the first MiniBrowser of :data:`MINIBROWSER_GLOBS`."""
    override = os.environ.get("PARK_MINIBROWSER")
    if override:
        return override
    for pattern in MINIBROWSER_GLOBS:
        found = sorted(glob(pattern))
        if found:
            return found[-1]
    return None


def webkit_driver() -> str | None:
    """``$PARK_WEBKIT_DRIVER``, else ``WebKitWebDriver`` on the PATH."""
    return os.environ.get("PARK_WEBKIT_DRIVER") or shutil.which("WebKitWebDriver")


class VirtualScreen:
    """An Xvfb server on a free display, started for the engine and stopped with it."""

    def __init__(self) -> None:
        xvfb = shutil.which("Xvfb")
        if xvfb is None:
            raise EngineError(f"no Xvfb: {INSTALL_HINT}")
        read, write = os.pipe()
        self.process = subprocess.Popen(
            [xvfb, "-displayfd", str(write), "-screen", "0", SCREEN, "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as lines:
            number = lines.readline().strip()  # Xvfb writes the display once it listens
        if not number.isdigit():
            self.process.kill()
            raise EngineError("Xvfb did not start")
        self.display = f":{number}"

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


_ACTIVE_WINDOW: dict[int, str] = {}
"""The window (tab) each WebDriver session's commands go to now, by the session's ``id``."""


class WebKitPage(EnginePage):
    """A MiniBrowser window, through its own WebDriver session."""

    engine = "webkit"

    def __init__(self, driver: WebKitGTK, viewport: tuple[int, int], *, tab: bool = False) -> None:
        self.driver = driver
        self.viewport = viewport
        self.tab = tab
        self.crashed = False
        connection = driver.command_executor
        assert isinstance(connection, RemoteConnection)
        self.config = connection.client_config
        self.config.timeout = COMMAND_SECONDS
        if tab:
            driver.switch_to.new_window("window")
        else:
            driver.set_script_timeout(SCRIPT_SECONDS)
            driver.set_page_load_timeout(SCRIPT_SECONDS)
        self.handle = driver.current_window_handle
        _ACTIVE_WINDOW[id(driver)] = self.handle
        self._size_viewport(*viewport)

    def _size_viewport(self, width: int, height: int) -> None:
        """Size the window so that the page's viewport is ``width`` x ``height``.

        The window holds more than the page (its toolbar), measured once.
        """
        self.driver.set_window_size(width, height)
        inner = self.evaluate("() => [window.innerWidth, window.innerHeight]")
        extra_w, extra_h = width - int(inner[0]), height - int(inner[1])
        if extra_w or extra_h:
            self.driver.set_window_size(width + extra_w, height + extra_h)

    def goto(self, url: str) -> None:
        """See :meth:`EnginePage.goto`."""
        self.doing = f"loading {url}"
        self._guarded(lambda: self.driver.get(url))
        self.loaded(url)

    def reload(self) -> None:
        """See :meth:`EnginePage.reload`."""
        self.doing = "reloading"
        self._guarded(self.driver.refresh)
        self.loaded("the page again")

    def evaluate(self, function: str, *args: Any) -> Any:
        """See :meth:`EnginePage.evaluate`."""
        script = (
            "const __done = arguments[arguments.length - 1], __args = arguments[0];\n"
            f"{call_script(function)}.then(__done);"
        )
        return unwrap(
            self.engine, self._guarded(lambda: self.driver.execute_async_script(script, args))
        )

    def click_at(self, x: float, y: float) -> None:
        """See :meth:`EnginePage.click_at`."""

        def click() -> None:
            actions = ActionBuilder(self.driver)
            actions.pointer_action.move_to_location(round(x), round(y))  # type: ignore[no-untyped-call]
            actions.pointer_action.click()
            actions.perform()

        self._input(click)

    def click(self, selector: str) -> None:
        """See :meth:`EnginePage.click`.

        An HTML element through WebDriver's own element click (a mouse click at its
        centre, by another path than pointer actions), an SVG one (which that refuses as
        not interactable) with :meth:`click_at`.
        """
        found = self._guarded(lambda: self.driver.find_elements(By.CSS_SELECTOR, selector))
        if not found:
            raise EngineError(f"nothing matches {selector!r}")
        if self.evaluate("(s) => document.querySelector(s) instanceof SVGElement", selector):
            super().click(selector)
        else:
            self._input(found[0].click)

    def _input(self, action: Any) -> None:
        """Run an input command with the shorter :data:`INPUT_SECONDS` timeout."""
        self.config.timeout = INPUT_SECONDS
        try:
            self._guarded(action)
        finally:
            self.config.timeout = COMMAND_SECONDS

    def screenshot(self, path: Path) -> None:
        """See :meth:`EnginePage.screenshot` (the viewport: WebKit's WebDriver takes no more)."""
        self._guarded(lambda: self.driver.save_screenshot(str(path)))

    def close(self) -> None:
        """See :meth:`EnginePage.close`."""
        if self.tab:
            self._guarded(self.driver.close)
            _ACTIVE_WINDOW[id(self.driver)] = ""  # none: the next command switches first
        else:
            _ACTIVE_WINDOW.pop(id(self.driver), None)
            self._guarded(self.driver.quit)

    def bring_to_front(self) -> None:
        """See :meth:`EnginePage.bring_to_front`.

        The window is made WebDriver's current one (it is shown already).
        """
        self._guarded(lambda: None)

    def open_tab(self) -> WebKitPage:
        """See :meth:`EnginePage.open_tab`.

        A window of this MiniBrowser beside this one (WebDriver cannot show a background
        tab of it), through the same WebDriver session (each command switches to its
        window first).
        """
        tab: WebKitPage = self._guarded(lambda: WebKitPage(self.driver, self.viewport, tab=True))
        return tab

    def _guarded(self, action: Any) -> Any:
        try:
            if _ACTIVE_WINDOW.get(id(self.driver), self.handle) != self.handle:
                self.driver.switch_to.window(self.handle)
                _ACTIVE_WINDOW[id(self.driver)] = self.handle
            return action()
        except WebDriverException as exc:
            first = (exc.msg or str(exc)).strip().splitlines()
            said = first[0] if first else type(exc).__name__
            if isinstance(exc, InvalidSessionIdException) and (CRASHED in said or self.crashed):
                self.crashed = True  # the driver says why only once
                raise TabCrashed(self, "WebKit's driver ended its session") from None
            if not isinstance(exc, InvalidSessionIdException) and self._session_ended():
                raise TabCrashed(self, f"WebKit's driver ended its session after: {said}") from None
            raise EngineError(f"webkit: {said}") from None
        except (HTTPError, TimeoutError) as exc:
            raise EngineError(f"webkit: {HUNG} ({type(exc).__name__})") from None

    def _session_ended(self) -> bool:
        """Whether the driver ended the session because the page crashed (asked after an error).

        A command that meets the crash itself fails otherwise ("Could not parse script
        result"); the driver ends the session a moment later.
        """
        time.sleep(CRASH_SETTLE_SECONDS)
        try:
            self.driver.execute_script("return 1")
        except InvalidSessionIdException as exc:
            self.crashed = CRASHED in (exc.msg or "")
            return self.crashed
        except WebDriverException:
            return False
        return False


class WebKitEngine(Engine):
    """MiniBrowser windows on a virtual screen."""

    name = "webkit"

    def __init__(self) -> None:
        browser, driver = minibrowser(), webkit_driver()
        if browser is None or driver is None:
            raise EngineError(f"no MiniBrowser or WebKitWebDriver: {INSTALL_HINT}")
        self.browser, self.driver = browser, driver
        self.screen = VirtualScreen()
        self._version: str | None = None

    @property
    def version(self) -> str:
        """See :attr:`Engine.version` (MiniBrowser's ``--version``)."""
        if self._version is None:
            found = subprocess.run(
                [self.browser, "--version"],
                capture_output=True,
                text=True,
                env={**os.environ, "DISPLAY": self.screen.display},
                check=False,
            )
            self._version = (found.stdout or found.stderr).strip() or "WebKitGTK"
        return self._version

    def new_page(
        self, viewport: tuple[int, int] = DEFAULT_VIEWPORT, user_agent: str | None = None
    ) -> WebKitPage:
        """See :meth:`Engine.new_page`."""
        options = Options()
        options.binary_location = self.browser
        options.add_argument("--automation")
        if user_agent:
            options.add_argument(f"--user-agent={user_agent}")
        service = Service(
            executable_path=self.driver,
            env={**os.environ, "DISPLAY": self.screen.display},
        )
        return WebKitPage(
            start_session(lambda: WebKitGTK(options=options, service=service), service), viewport
        )

    def close(self) -> None:
        """See :meth:`Engine.close`."""
        self.screen.close()
