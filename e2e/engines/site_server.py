"""The built site as the cross-engine tests serve it.

It is served under ``/park/`` on 127.0.0.1 like the other e2e tests, plus what a test in any
engine needs from the server's side:

* it compresses and caches as GitHub Pages does (``pages`` of :class:`tools.serve.SiteHandler`);
* every request is recorded (path and HTTP status), to count downloads per file;
* :meth:`RecordingSite.offline` takes its :class:`~tools.serve.Link` down while it lasts:
  the network is gone and only the service worker can answer; :meth:`RecordingSite.holding`
  holds some files back (Python's ``main.py``: the first screen before Python);
* ``boot.<hash>.js``, the page's first script, is served with ``observer.js`` in front of
  it, which records console errors, uncaught errors, failed loads and CSP violations in the
  tab's ``sessionStorage`` (:data:`PROBLEMS_JS` reads them back), since WebKit's WebDriver
  reports no console messages. The service worker precaches what it was served, so an
  offline reload is watched too.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tools.serve import Link, QuietSiteHandler, SiteHandler, serving, url_for

MOUNT = "park"
OBSERVER = Path(__file__).resolve().with_name("observer.js")
BOOT_SCRIPT = re.compile(rf"^/{MOUNT}/boot\.[0-9a-f]{{16}}\.js$")

PROBLEMS_JS = "() => JSON.parse(sessionStorage.getItem('park-test-problems') || '[]')"
"""What ``observer.js`` recorded in this tab, oldest first."""

OFFLINE = "offline"
"""The status recorded for a request that came while :meth:`RecordingSite.offline` lasted."""


@dataclass(frozen=True)
class Served:
    """One request: its path and its HTTP status.

    The path is relative to the site (no query); the status may be :data:`OFFLINE`.
    """

    path: str
    status: int | str


class RecordingSite:
    """A built site served for the cross-engine tests (see the module's docstring)."""

    def __init__(self, site_dir: Path) -> None:
        self.site_dir = site_dir
        self._lock = threading.Lock()
        self._served: list[Served] = []
        self.link = Link()
        self.url = ""

    @contextmanager
    def serving(self) -> Iterator[RecordingSite]:
        """Serve the site until the block ends (:attr:`url` is its address meanwhile)."""
        with serving({MOUNT: self.site_dir}, handler=_handler_for(self)) as server:
            self.url = url_for(server, MOUNT)
            yield self

    def offline(self) -> AbstractContextManager[None]:
        """Drop every connection until the block ends."""
        return self.link.down()

    def holding(self, pattern: str) -> AbstractContextManager[Callable[[], None]]:
        """Hold back the requests whose path matches ``pattern``.

        They are held until the block ends or the function it gives is called
        (:meth:`tools.serve.Link.holding`).
        """
        return self.link.holding(pattern)

    def served(self) -> list[Served]:
        """Every request so far, in order."""
        with self._lock:
            return list(self._served)

    def mark(self) -> int:
        """A position in :meth:`served`, for :meth:`served_since`."""
        with self._lock:
            return len(self._served)

    def served_since(self, mark: int) -> list[Served]:
        """The requests after ``mark``."""
        with self._lock:
            return list(self._served[mark:])

    def _record(self, raw_path: str, status: int | str) -> None:
        path = urlsplit(raw_path).path.removeprefix(f"/{MOUNT}/")
        with self._lock:
            self._served.append(Served(path, status))


def _handler_for(site: RecordingSite) -> type[SiteHandler]:
    observer = OBSERVER.read_bytes()

    class RecordingHandler(QuietSiteHandler):
        pages = True
        link = site.link

        def do_GET(self) -> None:
            if site.link.is_up and BOOT_SCRIPT.match(urlsplit(self.path).path):
                self._send_boot_script()
            else:
                super().do_GET()

        def dropped(self) -> None:
            site._record(self.path, OFFLINE)

        def _send_boot_script(self) -> None:
            name = urlsplit(self.path).path.removeprefix(f"/{MOUNT}/")
            body = observer + b"\n" + (site.site_dir / name).read_bytes()
            self.send_response(200)
            self.send_header("Content-Type", "text/javascript")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_request(self, code: Any = "-", size: Any = "-") -> None:
            site._record(self.path, int(code) if str(code).isdigit() else str(code))

    return RecordingHandler
