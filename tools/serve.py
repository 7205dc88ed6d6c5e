"""Serve built sites on 127.0.0.1 under sub-paths, as GitHub Pages serves ``/<repo>/``.

Python's ``http.server`` does the serving; this module only mounts folders under
sub-paths (a temporary root holding one symlink per mount), fixes a few MIME types and
runs the server in a thread. Used by ``scripts/serve.sh``, the e2e fixtures and the
benchmark.

    python -m tools.serve [--port 8000] [--path park]   # serves site/ at /park/
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import tempfile
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

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
    ".gz": "application/gzip",  # the start-up snapshot: unpacked by the page, never encoded
}


class SiteHandler(SimpleHTTPRequestHandler):
    """``SimpleHTTPRequestHandler`` with explicit MIME types and optional quiet logging."""

    quiet: ClassVar[bool] = False

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        """Our MIME types first (the stdlib's table varies with the Python version and OS)."""
        return MIME_TYPES.get(Path(path).suffix.lower()) or super().guess_type(path)

    def log_message(self, format: str, *args: Any) -> None:
        """Log requests unless the server is quiet (tests, benchmark)."""
        if not self.quiet:
            super().log_message(format, *args)


class QuietSiteHandler(SiteHandler):
    """A ``SiteHandler`` that does not log requests."""

    quiet: ClassVar[bool] = True


@contextmanager
def serving(
    mounts: Mapping[str, Path], port: int = 0, quiet: bool = True
) -> Iterator[ThreadingHTTPServer]:
    """Serve each folder in ``mounts`` at ``http://127.0.0.1:<port>/<name>/`` in a thread.

    ``port=0`` picks a free port: read it from ``server.server_address[1]``.
    """
    with tempfile.TemporaryDirectory(prefix="park-serve-") as tmp:
        for name, folder in mounts.items():
            if not (folder / "index.html").is_file():
                raise FileNotFoundError(f"{folder}/index.html is missing: build the site first")
            (Path(tmp) / name).symlink_to(folder.resolve(), target_is_directory=True)
        handler = functools.partial(QuietSiteHandler if quiet else SiteHandler, directory=tmp)
        server = ThreadingHTTPServer((HOST, port), handler)
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
    args = parser.parse_args(argv)
    with serving({args.path: args.site}, args.port, quiet=False) as server:
        print(f"Serving {args.site} at {url_for(server, args.path)}  (Ctrl+C to stop)", flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            print("\nstopped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
