"""What a first visit downloads before the page is ready, file by file (issue 51).

Serves the built site as GitHub Pages does (gzip on the fly for text and WebAssembly, none for
the snapshot, zips and the wheel), loads it once cold in Chromium with a first visit's network
(``--profile phone``: 150 ms, 12 Mbit/s, the CPU 4x slower; ``desktop``: 100 ms, 40 Mbit/s;
``bench/page_load.py``'s profiles), and prints, as a Markdown table for docs/startup.md, each
file received before ready: its bytes on the wire (Resource Timing's ``transferSize``, headers
included, as sent), its bytes as stored (``decodedBodySize``) and when its last byte arrived
(ms since the navigation). Files asked for before ready that arrived after it are listed
apart, then the page's marks.

This is a benchmark: it only reports.

    .venv/bin/python bench/first_visit_bytes.py --site /tmp/site --profile phone
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable (and page_load, beside it)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from page_load import PROFILES, RESULTS, Setup, _open, _ready_at, served
from tools.engines import open_engine

WIRE_JS = """() => {
  const ready = performance.getEntriesByName("park:ready")[0].startTime;
  const base = new URL(".", location.href).href;
  const nav = performance.getEntriesByType("navigation")[0];
  const files = [["index.html", nav.transferSize, nav.decodedBodySize, nav.responseEnd]];
  for (const entry of performance.getEntriesByType("resource")) {
    const name = entry.name.split(/[?#]/)[0];
    const path = name.startsWith(base) ? name.slice(base.length) : name;
    files.push([path, entry.transferSize, entry.decodedBodySize, entry.responseEnd]);
  }
  const marks = performance.getEntriesByType("mark")
    .filter((m) => m.name.startsWith("park:")).map((m) => [m.name, m.startTime]);
  return {ready, files, marks};
}"""
"""Run once the page is ready: ``{ready, files: [[path, wire, stored, arrived]], marks}``."""


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point: load once, print the table."""
    parser = argparse.ArgumentParser(description="A first visit's bytes before ready, per file.")
    parser.add_argument("--site", type=Path, default=RESULTS / "site", help="our built site")
    parser.add_argument("--profile", choices=sorted(PROFILES), default="phone")
    args = parser.parse_args(argv)
    with (
        served(args.site, args.site, pages=True) as (urls, link),
        open_engine("chromium") as engine,
    ):
        setup = Setup(urls, link, "en", PROFILES[args.profile])
        page = _open(engine, setup, urls["ours"])
        try:
            _ready_at(page)
            seen = page.evaluate(WIRE_JS)
        finally:
            page.close()
    ready = float(seen["ready"])
    before = [f for f in seen["files"] if float(f[3]) <= ready]
    after = [f for f in seen["files"] if float(f[3]) > ready]
    print(f"ready at {ready:.0f} ms ({args.profile})\n")
    print("| file | on the wire | as stored | last byte at |")
    print("|---|---:|---:|---:|")
    for path, wire, stored, at in sorted(before, key=lambda f: -int(f[1] or 0)):
        size = "" if stored is None else f"{int(stored):,}"
        print(f"| `{path}` | {int(wire or 0):,} | {size} | {float(at):.0f} ms |")
    total = sum(int(f[1] or 0) for f in before)
    print(f"| **all {len(before)} files before ready** | **{total:,}** | | |")
    if after:
        print("\nafter ready: " + ", ".join(f"{p} ({int(w or 0):,})" for p, w, _, _ in after))
    print("\nmarks: " + ", ".join(f"{name} {float(at):.0f}" for name, at in seen["marks"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
