"""Generate a Workbox service worker that precaches a built site (``workbox-cli generateSW``)."""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
from pathlib import Path

MAX_PRECACHE_FILE_BYTES = 32 * 1024 * 1024
"""Workbox silently skips larger files; the Pyodide wasm is about 9.6 MB."""

SW_NAME = "sw.js"

NOT_PRECACHED = ("sw.js", "**/LICENSE")
"""Site files the page never fetches."""

HASHED_URLS = (
    r"(-[A-Za-z0-9_-]{8}\.js|\.[0-9a-f]{16}\.(js|mjs|css|py|json|zst|zip|woff2)|\.whl)$"
    r"|^runtime\/[a-z]+-[0-9][^/]*\/"
)
"""URLs whose names already change with their content (a content hash, or the runtime's
versioned folders, tools/runtime.py), so Workbox needs no revision for them: it then
precaches them from the HTTP cache the page filled, instead of downloading them again."""


def workbox_config(site: Path) -> str:
    """Return a workbox-cli config module (CommonJS) for precaching everything in ``site``."""
    options = {
        "globDirectory": str(site),
        "globPatterns": ["**/*"],
        "globIgnores": list(NOT_PRECACHED),
        "swDest": str(site / SW_NAME),
        "maximumFileSizeToCacheInBytes": MAX_PRECACHE_FILE_BYTES,
        "inlineWorkboxRuntime": True,
        "mode": "production",
        "sourcemap": False,
        "cleanupOutdatedCaches": True,
        # A new build's worker waits until the page asks it to take over (web/boot.js offers
        # "A new version is ready"), so one load never mixes files of two builds.
        "clientsClaim": True,
        "skipWaiting": False,
    }
    # JSON is valid JavaScript; the RegExp options are spliced in as literals.
    body = json.dumps(options, indent=2)[:-2]
    # ignoreURLParametersMatching /./: a page opened with a query (?speed=fast) is still
    # served from the precache when offline.
    return (
        f'module.exports = {body},\n  "dontCacheBustURLsMatching": /{HASHED_URLS}/,\n'
        f'  "ignoreURLParametersMatching": [/./]\n}};\n'
    )


def generate_service_worker(site: Path, node_modules: Path) -> Path:
    """Write ``site/sw.js``; fail if Workbox skipped any file or precached nothing."""
    workbox = node_modules / ".bin" / "workbox"
    if not workbox.exists():
        raise FileNotFoundError(f"{workbox} is missing: run `npm ci` (scripts/setup.sh)")
    with tempfile.TemporaryDirectory(prefix="park-workbox-") as tmp:
        config = Path(tmp) / "workbox-config.cjs"
        config.write_text(workbox_config(site), encoding="utf-8")
        result = subprocess.run(
            [str(workbox), "generateSW", str(config)],
            check=False,
            capture_output=True,
            text=True,
        )
    output = result.stdout + result.stderr
    if result.returncode != 0:
        raise RuntimeError(f"workbox generateSW failed:\n{output}")
    if "will not be precached" in output or "skipped" in output.lower():
        raise RuntimeError(f"workbox skipped files:\n{output}")
    return site / SW_NAME


def precached_urls(sw: Path) -> list[str]:
    """Return the URLs listed in a generated service worker's precache manifest."""
    text = sw.read_text(encoding="utf-8")
    return sorted(set(re.findall(r'url:"([^"]+)"', text)))
