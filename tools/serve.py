"""Serve built sites on 127.0.0.1 under sub-paths, as GitHub Pages serves ``/<repo>/``.

Python's ``http.server`` does the serving; this module only mounts folders under
sub-paths (a temporary root holding one symlink per mount), fixes a few MIME types and
runs the server in a thread. Used by ``scripts/serve.sh``, the e2e fixtures and the
benchmark, which can also ask for (:func:`handler_class`):

* ``pages``: what GitHub Pages does on top, compress text and WebAssembly on the fly
  (``Content-Encoding: gzip``, for :data:`PAGES_GZIPPED` suffixes, never for files that are
  compressed already) and say ``Cache-Control: max-age=600`` of every file;
* a :class:`Link` that can be taken down: every request is then dropped unanswered, as
  with no network (no browser's WebDriver can switch a page offline); or that holds some
  files back (Python's start, for the first screen's tests) until it lets them go.

    python -m tools.serve [--port 8000] [--path park] [--pages]   # serves site/ at /park/
"""

from __future__ import annotations

import argparse
import functools
import gzip
import os
import re
import socket
import struct
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import unquote, urlsplit

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.paths import SITE

HOST = "127.0.0.1"

MIME_TYPES = {
    ".mjs": "text/javascript",  # module scripts need a JavaScript MIME type
    ".js": "text/javascript",
    ".wasm": "application/wasm",  # streaming compilation needs it
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".gz": "application/gzip",
    ".zst": "application/zstd",  # the start-up snapshot: unpacked by the page, never encoded
}


PAGES_GZIPPED = (".html", ".css", ".js", ".mjs", ".json", ".wasm", ".svg", ".py")
"""What GitHub Pages compresses on the fly (measured on a Pages site); ``.zst``, ``.zip`` and
``.whl`` files are sent as they are."""

PAGES_CACHE_CONTROL = "max-age=600"
"""What GitHub Pages says of every file it serves."""


class Link:
    """The network between the browser and the served sites.

    While it is down, every request is dropped without an answer; while it holds some files
    back, a request for one waits (as on a slow network, for those alone).
    """

    HOLD_LIMIT_S: ClassVar[float] = 120.0
    """The longest a held request waits, whatever happens to the test that held it."""

    def __init__(self) -> None:
        self.is_up = True
        self._held: re.Pattern[str] | None = None
        self._released = threading.Event()
        self._released.set()

    @contextmanager
    def down(self) -> Iterator[None]:
        """Take the link down until the block ends."""
        self.is_up = False
        try:
            yield
        finally:
            self.is_up = True

    @contextmanager
    def holding(self, pattern: str) -> Iterator[Callable[[], None]]:
        """Hold back every request whose path matches ``pattern``.

        Hold back every request whose path matches ``pattern`` (a regular expression,
        searched in the URL's path) until the block ends or the function it gives is
        called.

        Yields:
            The release: the held requests, and those to come, are answered from then on.
        """
        self._held = re.compile(pattern)
        self._released.clear()
        try:
            yield self._release
        finally:
            self._release()

    def _release(self) -> None:
        self._held = None
        self._released.set()

    def wait_if_held(self, path: str) -> None:
        """Wait while ``path`` (a request's URL path) is held back (:meth:`holding`)."""
        held = self._held
        if held is not None and held.search(path):
            self._released.wait(self.HOLD_LIMIT_S)


class SiteHandler(SimpleHTTPRequestHandler):
    """``SimpleHTTPRequestHandler`` with explicit MIME types and options.

    ``SimpleHTTPRequestHandler`` with explicit MIME types, optional quiet logging, and
    optionally GitHub Pages' compression and caching (``pages``) and a :class:`Link`.
    """

    quiet: ClassVar[bool] = False
    pages: ClassVar[bool] = False
    link: ClassVar[Link | None] = None

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        """Our MIME types first (the stdlib's table varies with the Python version and OS)."""
        return MIME_TYPES.get(Path(path).suffix.lower()) or super().guess_type(path)

    def do_GET(self) -> None:
        """Answer a GET: not at all while the link is down, compressed as Pages would."""
        if self.link is not None:
            self.link.wait_if_held(urlsplit(self.path).path)
        if self.link is not None and not self.link.is_up:
            self.dropped()
            # Reset the connection (no answer, no orderly close): browsers fail the request
            # at once, as with no network, where a closed connection may be retried.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            return
        if self.pages and self._send_gzipped():
            return
        super().do_GET()

    def dropped(self) -> None:
        """Called for a request that the link being down drops (subclasses record it)."""

    def end_headers(self) -> None:
        """Pages' caching header on every answer, in ``pages`` mode."""
        if self.pages:
            self.send_header("Cache-Control", PAGES_CACHE_CONTROL)
        super().end_headers()

    def _send_gzipped(self) -> bool:
        """Send the file asked for gzipped, if Pages would and the browser accepts it."""
        path = Path(self.translate_path(unquote(urlsplit(self.path).path)))
        if path.is_dir():
            path = path / "index.html"
        accepted = "gzip" in self.headers.get("Accept-Encoding", "")
        if not accepted or path.suffix not in PAGES_GZIPPED or not path.is_file():
            return False
        body = _gzipped(path, path.stat().st_mtime_ns)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        self.wfile.write(body)
        return True

    def log_message(self, format: str, *args: Any) -> None:
        """Log requests unless the server is quiet (tests, benchmark)."""
        if not self.quiet:
            super().log_message(format, *args)


class QuietSiteHandler(SiteHandler):
    """A ``SiteHandler`` that does not log requests."""

    quiet: ClassVar[bool] = True


@functools.lru_cache(maxsize=64)
def _gzipped(path: Path, mtime_ns: int) -> bytes:
    """``path``'s content gzipped (level 6), computed once per version of the file."""
    return gzip.compress(path.read_bytes(), 6, mtime=0)


def handler_class(
    *, quiet: bool = True, pages: bool = False, link: Link | None = None
) -> type[SiteHandler]:
    """A :class:`SiteHandler` class that serves as asked (see the module's docstring)."""
    base = QuietSiteHandler if quiet else SiteHandler
    return type("ConfiguredSiteHandler", (base,), {"pages": pages, "link": link})


@contextmanager
def serving(
    mounts: Mapping[str, Path],
    port: int = 0,
    quiet: bool = True,
    handler: type[SiteHandler] | None = None,
) -> Iterator[ThreadingHTTPServer]:
    """Serve each folder in ``mounts`` in a thread.

    Serve each folder in ``mounts`` at ``http://127.0.0.1:<port>/<name>/`` in a thread, with
    ``handler`` (a :class:`SiteHandler`; by default one that logs unless ``quiet``).

    ``port=0`` picks a free port: read it from ``server.server_address[1]``.
    """
    with tempfile.TemporaryDirectory(prefix="park-serve-") as tmp:
        for name, folder in mounts.items():
            if not (folder / "index.html").is_file():
                raise FileNotFoundError(f"{folder}/index.html is missing: build the site first")
            (Path(tmp) / name).symlink_to(folder.resolve(), target_is_directory=True)
        chosen = handler or (QuietSiteHandler if quiet else SiteHandler)
        server = ThreadingHTTPServer((HOST, port), functools.partial(chosen, directory=tmp))
        thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
        thread.start()
        try:
            yield server
        finally:
            server.shutdown()
            server.server_close()
            thread.join()


def url_for(server: ThreadingHTTPServer, mount: str) -> str:
    """The URL of a mount, with its trailing slash."""
    return f"http://{HOST}:{server.server_address[1]}/{mount}/"


def main(argv: list[str] | None = None) -> int:
    """Serve site/ until interrupted."""
    parser = argparse.ArgumentParser(description="Serve the built site like GitHub Pages.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--path", default="park", help="sub-path to serve the site under")
    parser.add_argument("--site", type=Path, default=SITE)
    parser.add_argument(
        "--pages", action="store_true", help="compress and cache as GitHub Pages does"
    )
    args = parser.parse_args(argv)
    handler = handler_class(quiet=False, pages=args.pages)
    with serving({args.path: args.site}, args.port, handler=handler) as server:
        print(f"Serving {args.site} at {url_for(server, args.path)}  (Ctrl+C to stop)", flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            print("\nstopped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
