"""One way to drive a page in each browser engine the site supports (issue 28).

Chromium (Playwright), Firefox (Debian's ``firefox-esr`` over WebDriver BiDi, through
puppeteer-core) and WebKit (WebKitGTK's MiniBrowser through its WebDriver, ``WebKitWebDriver``,
on a virtual screen). The cross-engine tests (``e2e/engines/``) and
``bench/page_load.py --engine`` drive all three the same way, with only what every engine can
do:

* :meth:`Engine.new_page`: a page in a fresh profile (empty cache, storage and service
  workers) of the given viewport size;
* :meth:`EnginePage.evaluate`: run a JavaScript function (its source, maybe async) with JSON
  arguments and get its JSON value back;
* :meth:`EnginePage.click_at`: a real pointer click at a point of the viewport (WebKit's
  WebDriver cannot click an SVG ``<g role="button">`` as an element; a pointer click at its
  coordinates works in every engine), and :meth:`EnginePage.click` on the centre of the
  element a CSS selector finds;
* navigation, reload, waiting on a condition in the page, a screenshot;
* a crashed tab reported as such (:class:`TabCrashed`), in every engine, not as a timeout.

    python -m tools.engines            # which engines start here, and their versions
"""

from __future__ import annotations

import json
import sys
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ENGINES = ("chromium", "firefox", "webkit")
"""The engines the site is tested in, by the names the tests and the benchmark use."""

DEFAULT_VIEWPORT = (1366, 768)
"""A laptop's screen, the size the cross-engine tests play at."""

POLL_SECONDS = 0.1
"""How often :meth:`EnginePage.wait_for` asks the page."""


STILL_CENTRE_JS = """async (selector) => {
  const element = document.querySelector(selector);
  if (!element) return null;
  element.scrollIntoView({ block: "center", inline: "center" });
  const at = () => JSON.stringify(element.getBoundingClientRect());
  const pause = () => new Promise((done) => setTimeout(done, 40));
  let last = at(), still = 0;
  for (let tries = 0; still < 3 && tries < 125; tries++) {
    await pause();
    const now = at();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  const r = element.getBoundingClientRect();
  const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
  const hit = document.elementFromPoint(x, y);
  const mine = hit !== null && (hit === element || element.contains(hit));
  const name = (e) => e === null ? "nothing" : e.tagName.toLowerCase()
    + (e.id ? "#" + e.id : "") + (e.classList.length ? "." + [...e.classList].join(".") : "");
  return [x, y, mine ? null : name(hit)];
}"""
"""The centre of the element a selector finds, once it has stood still for three looks 40 ms
apart (at most 5 s), and what covers that centre (null: the element itself)."""


BUILD_JS = """() => {
  const meta = document.querySelector('meta[name="park-build"]');
  return meta ? meta.content : null;
}"""
"""The build line of the page shown (tools/build_info.py), or null for another page."""


class EngineError(RuntimeError):
    """An engine could not be started or driven, or a page script failed or timed out."""


class TabCrashed(EngineError):
    """The page's tab crashed: the process that ran it died (issue 53).

    Chromium's renderer, Firefox's content process (its tab then shows about:tabcrashed) or
    WebKit's web process (its WebDriver then ends the session, "because of page crash or
    hang": WebKit cannot tell those two apart). The message names the engine, what the page
    was doing (:attr:`EnginePage.doing`) and the build it showed (its snapshot's id in it).
    """

    def __init__(self, page: EnginePage, detail: str) -> None:
        build = page.build or "no build line read"
        super().__init__(f"{page.engine}: the tab crashed while {page.doing} ({build}): {detail}")


class EnginePage(ABC):
    """A page (a tab in a fresh profile) of one engine."""

    engine: str
    """The engine's name, one of :data:`ENGINES`."""

    doing = "opening the page"
    """What the page was last asked to do, in words (for :class:`TabCrashed`)."""

    build: str | None = None
    """The build line of the page last loaded (:data:`BUILD_JS`), None before one is read."""

    def loaded(self, url: str) -> None:
        """Note the build of the page just loaded from ``url``. Drivers call it after a load."""
        self.doing = f"showing {url}"
        try:
            self.build = self.evaluate(BUILD_JS)
        except TabCrashed:
            raise
        except EngineError:
            self.build = None

    @abstractmethod
    def goto(self, url: str) -> None:
        """Navigate to ``url`` and wait for its ``load`` event. Raises :class:`EngineError`."""

    @abstractmethod
    def reload(self) -> None:
        """Reload the page and wait for its ``load`` event."""

    @abstractmethod
    def evaluate(self, function: str, *args: Any) -> Any:
        """Call the JavaScript function ``function`` in the page; return its value.

        Call the JavaScript function whose source is ``function`` (``(a, b) => ...``,
        maybe ``async``) with ``args`` (JSON values) in the page; return its value,
        awaited, as JSON (``undefined`` gives None). Raises :class:`EngineError` if it
        throws.
        """

    @abstractmethod
    def click_at(self, x: float, y: float) -> None:
        """A pointer click at viewport point ``(x, y)``, in CSS pixels.

        A pointer click (press and release of the primary button) at viewport point
        ``(x, y)``, in CSS pixels, as a player's mouse would make it.
        """

    @abstractmethod
    def screenshot(self, path: Path) -> None:
        """Save a PNG of the page (the whole page where the engine can, else the viewport)."""

    @abstractmethod
    def close(self) -> None:
        """Close the page, and its profile unless it is a tab of another page's.

        Close the page, and its profile unless it is a tab of another page's
        (:meth:`open_tab`).
        """

    @abstractmethod
    def open_tab(self) -> EnginePage:
        """Another tab (in WebKit, a window beside this one) in this page's profile, blank.

        It shares this page's storage (and hears its ``storage`` events and Web Locks).
        Close it before this page.
        """

    @abstractmethod
    def bring_to_front(self) -> None:
        """Show this page, as a player switching to its tab does.

        Show this page, as a player switching to its tab does (the tab shown before is
        hidden: ``visibilitychange``); in WebKit, whose tabs are windows here, both stay
        shown.
        """

    def click(self, selector: str) -> None:
        """Scroll the first element matching CSS ``selector`` into view and click it.

        Scroll the first element matching CSS ``selector`` into view, wait until it
        stands still (the page may be scrolling itself, smoothly, after a redraw), and
        click its centre (:meth:`click_at`). Raises :class:`EngineError` if nothing
        matches, or if another element covers that centre (a player's click would land
        there instead).
        """
        self.doing = f"clicking {selector}"
        box = self.evaluate(STILL_CENTRE_JS, selector)
        if box is None:
            raise EngineError(f"nothing matches {selector!r}")
        x, y, covered_by = box
        if covered_by:
            raise EngineError(f"{self.engine}: {covered_by} covers {selector!r} at its centre")
        self.click_at(x, y)

    def wait_for(self, function: str, *args: Any, timeout: float = 60.0) -> Any:
        """Poll the JavaScript function ``function`` until it returns a truthy value.

        Poll the JavaScript function ``function`` (see :meth:`evaluate`) until it
        returns a truthy value, and return that value. Raises :class:`EngineError` after
        ``timeout`` seconds.
        """
        self.doing = f"waiting for {' '.join(function.split())[:60]}"
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(function, *args)
            if value:
                return value
            if time.monotonic() > deadline:
                raise EngineError(
                    f"{self.engine}: timed out after {timeout:g} s waiting for "
                    f"{function.strip()[:120]}"
                )
            time.sleep(POLL_SECONDS)


class Engine(ABC):
    """A running browser engine, from which fresh pages are opened."""

    name: str
    """One of :data:`ENGINES`."""

    @property
    @abstractmethod
    def version(self) -> str:
        """The browser's name and version, as it reports them."""

    @abstractmethod
    def new_page(
        self, viewport: tuple[int, int] = DEFAULT_VIEWPORT, user_agent: str | None = None
    ) -> EnginePage:
        """A page in a fresh profile.

        A page in a fresh profile whose viewport is ``viewport`` (CSS pixels) and, if
        given, whose ``navigator.userAgent`` is ``user_agent``.
        """

    @abstractmethod
    def close(self) -> None:
        """Stop the browser and everything started for it."""


def call_script(function: str) -> str:
    """A JavaScript expression that calls ``function`` with the JSON array ``__args``.

    A JavaScript expression that calls ``function`` (source) with the JSON array ``__args``
    and resolves to ``{"value": ...}`` or ``{"error": "..."}``: what each driver evaluates,
    so an exception in the page comes back as data in every engine.
    """
    return (
        f"Promise.resolve().then(() => ({function})(...__args))"
        ".then((value) => ({ value: value === undefined ? null : value }),"
        " (error) => ({ error: String(error && error.stack || error) }))"
    )


def unwrap(engine: str, result: Any) -> Any:
    """The value of a :func:`call_script` result; raises :class:`EngineError` for an error."""
    if not isinstance(result, dict):
        raise EngineError(f"{engine}: unexpected script result {result!r}")
    if "error" in result:
        raise EngineError(f"{engine}: page script failed: {result['error']}")
    return result.get("value")


def args_literal(args: tuple[Any, ...]) -> str:
    """The JSON text of ``args``, as a JavaScript array literal."""
    return json.dumps(list(args))


def _start(name: str) -> Engine:
    try:
        return _construct(name)
    except ImportError as exc:
        raise EngineError(f"{exc.name} is missing: run scripts/setup.sh --for test") from None


def _construct(name: str) -> Engine:
    if name == "chromium":
        from tools.engines.chromium import ChromiumEngine

        return ChromiumEngine()
    if name == "firefox":
        from tools.engines.firefox import FirefoxEngine

        return FirefoxEngine()
    if name == "webkit":
        from tools.engines.webkit import WebKitEngine

        return WebKitEngine()
    raise EngineError(f"unknown engine {name!r}: one of {', '.join(ENGINES)}")


@contextmanager
def open_engine(name: str) -> Iterator[Engine]:
    """Start engine ``name`` (one of :data:`ENGINES`) and stop it afterwards.

    Raises :class:`EngineError` (with what to install) if it cannot be started here.
    """
    engine = _start(name)
    try:
        yield engine
    finally:
        engine.close()


def main(argv: list[str] | None = None) -> int:
    """Start each engine (or those named) and print its version, or why it does not start."""
    names = (argv if argv is not None else sys.argv[1:]) or list(ENGINES)
    failed = 0
    for name in names:
        try:
            with open_engine(name) as engine:
                print(f"{name}: {engine.version}")
        except EngineError as exc:
            failed += 1
            print(f"{name}: does not start: {exc}", file=sys.stderr)
    return 1 if failed else 0
