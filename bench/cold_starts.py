"""Cold starts in each engine: how many crash, and how many never get ready (issue 53).

    .venv/bin/python bench/cold_starts.py [--engines chromium,firefox,webkit]
        [--starts 300,100,100] [--phone] [--heap-profiler [BYTES]] [--query ?snapshot=off]
        [--no-build] [--site DIR] [--timeout 120]

Each start is a first visit in a fresh profile, loaded until the page is ready
(``<html data-park-ready="true">``): in Chromium a new browser process every time (the crash
of issue 53 came about once in 50 such starts, and almost never in a browser that had already
started the page); in WebKit a new MiniBrowser every time; in Firefox a new user context (a
fresh profile) of one Firefox, started afresh every :data:`FIREFOX_STARTS_PER_BROWSER` starts.

Each start ends one way: ready; crashed (the tab's process died: :class:`tools.engines.TabCrashed`);
a start-up error shown by the page (``data-park-error``); never ready within ``--timeout``;
or the driver failed. The counts are printed as a table, with the median time to ready (from
the page's ``park:ready`` mark) and what each start that did not get ready said.

``--phone``: Chromium only, a 390x844 viewport and a CPU 4 times slower (DevTools' emulation).
``--heap-profiler``: Chromium only, its in-process heap profiler on in every session
(:func:`tools.browser.heap_profiler_flags`, the trigger of issue 53), sampling every BYTES
bytes on average (default 2000; 0 for Chromium's own rate, which samples far less often).

The site is built into ``bench/results/site`` (as bench/page_load.py builds it) unless
``--no-build``; ``--site`` serves another build. This is a benchmark, not a test: it only
reports (docs/browsers.md has its figures).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.browser import heap_profiler_flags
from tools.engines import ENGINES, Engine, EngineError, EnginePage, TabCrashed, open_engine
from tools.paths import ROOT
from tools.serve import serving, url_for

SITE = ROOT / "bench" / "results" / "site"
"""Where the benchmark builds the site (gitignored), as bench/page_load.py does."""

DEFAULT_STARTS = {"chromium": 300, "firefox": 100, "webkit": 100}
"""Issue 53's counts: 0 crashes in 300 cold starts in Chromium, and in 100 in the others."""

FIREFOX_STARTS_PER_BROWSER = 25
"""Firefox is started afresh after this many starts (its content processes with it)."""

PHONE_VIEWPORT = (390, 844)
PHONE_CPU_SLOWDOWN = 4.0

OUTCOME_JS = """() => {
  const root = document.documentElement.dataset;
  if (root.parkReady === "true") {
    const [mark] = performance.getEntriesByName("park:ready");
    return ["ready", mark ? mark.startTime : null];
  }
  return root.parkError ? ["start error", root.parkError] : null;
}"""
"""``["ready", ms to ready]``, ``["start error", code]``, or null while the page starts."""

OUTCOMES = ("ready", "crashed", "start error", "never ready", "driver failed")


@dataclass
class Tally:
    """One engine's starts: how each ended, the times to ready (ms), what the others said."""

    engine: str
    version: str = ""
    outcomes: Counter[str] = field(default_factory=Counter)
    ready_ms: list[float] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def row(self) -> str:
        """The table's row for this engine."""
        starts = sum(self.outcomes.values())
        median = f"{statistics.median(self.ready_ms) / 1000:.2f} s" if self.ready_ms else "-"
        counts = " | ".join(str(self.outcomes[outcome]) for outcome in OUTCOMES)
        return f"| {self.engine} ({self.version}) | {starts} | {counts} | {median} |"


def _start_once(page: EnginePage, url: str, timeout: float, tally: Tally, number: int) -> None:
    """Load ``url`` in ``page`` until it is ready, and count how the start ended."""
    try:
        page.goto(url)
        outcome, detail = page.wait_for(OUTCOME_JS, timeout=timeout)
    except TabCrashed as exc:
        tally.outcomes["crashed"] += 1
        tally.notes.append(f"start {number}: {exc}")
        return
    except EngineError as exc:
        said = str(exc)
        kind = "never ready" if "timed out" in said else "driver failed"
        tally.outcomes[kind] += 1
        tally.notes.append(f"start {number}: {kind}: {said[:300]}")
        return
    tally.outcomes[outcome] += 1
    if outcome == "ready" and isinstance(detail, (int, float)):
        tally.ready_ms.append(float(detail))
    elif outcome != "ready":
        tally.notes.append(f"start {number}: the page showed the start-up error {detail!r}")


@contextmanager
def _engine(name: str, extra_args: tuple[str, ...]) -> Iterator[Engine]:
    """Engine ``name`` (Chromium with ``extra_args``), stopped afterwards."""
    if name != "chromium":
        with open_engine(name) as engine:
            yield engine
        return
    from tools.engines.chromium import ChromiumEngine

    chromium = ChromiumEngine(extra_args)
    try:
        yield chromium
    finally:
        chromium.close()


def _new_page(engine: Engine, phone: bool) -> EnginePage:
    if not phone:
        return engine.new_page()
    from tools.engines.chromium import ChromiumPage

    page = engine.new_page(PHONE_VIEWPORT)
    assert isinstance(page, ChromiumPage)
    page.emulate(latency_ms=0, mbps=1000, cpu_slowdown=PHONE_CPU_SLOWDOWN)
    return page


def cold_starts(
    name: str, url: str, starts: int, *, phone: bool, extra_args: tuple[str, ...], timeout: float
) -> Tally:
    """``starts`` cold starts of ``url`` in engine ``name``; how they ended.

    Chromium and WebKit start a new browser for every start, Firefox a new profile (and a new
    browser every :data:`FIREFOX_STARTS_PER_BROWSER`). Prints a line every 10 starts.
    """
    tally = Tally(name)
    done = 0
    while done < starts:
        batch = FIREFOX_STARTS_PER_BROWSER if name == "firefox" else 1
        with _engine(name, extra_args) as engine:
            tally.version = engine.version
            for _ in range(min(batch, starts - done)):
                done += 1
                page = _new_page(engine, phone)
                try:
                    _start_once(page, url, timeout, tally, done)
                finally:
                    with suppress(EngineError):  # a crashed tab's profile goes with its browser
                        page.close()
                if done % 10 == 0:
                    print(f"  {name}: {done} starts, {dict(tally.outcomes)}", flush=True)
    return tally


def main(argv: list[str] | None = None) -> int:
    """Run the cold starts in each engine asked for and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engines", default=",".join(ENGINES))
    parser.add_argument(
        "--starts",
        default=None,
        help="starts per engine, comma-separated in --engines' order (default: 300 in "
        "Chromium, 100 in the others)",
    )
    parser.add_argument("--phone", action="store_true", help="Chromium: phone viewport, CPU 4x")
    parser.add_argument(
        "--heap-profiler",
        nargs="?",
        const=2000,
        type=int,
        default=None,
        metavar="BYTES",
        help="Chromium: its heap profiler on, sampling every BYTES bytes on average (0: "
        "Chromium's own rate)",
    )
    parser.add_argument("--query", default="", help="after the page's URL: ?snapshot=off")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds to get ready")
    parser.add_argument("--no-build", action="store_true", help="use the existing build")
    parser.add_argument("--site", type=Path, default=SITE)
    args = parser.parse_args(argv)

    names = [n.strip() for n in args.engines.split(",") if n.strip()]
    unknown = [n for n in names if n not in ENGINES]
    if unknown:
        parser.error(f"unknown engines {unknown}: choose from {', '.join(ENGINES)}")
    counts = (
        [int(n) for n in args.starts.split(",")]
        if args.starts
        else [DEFAULT_STARTS[n] for n in names]
    )
    if len(counts) != len(names):
        parser.error("--starts needs one count per engine")
    profiled = args.heap_profiler is not None
    extra = heap_profiler_flags(args.heap_profiler or None) if profiled else ()
    if (args.phone or extra) and names != ["chromium"]:
        parser.error("--phone and --heap-profiler are for Chromium alone (--engines chromium)")
    if not args.no_build:
        from tools.build_site import main as build

        build(["--site", str(args.site)])

    began = time.strftime("%Y-%m-%d %H:%M")
    tallies = []
    with serving({"park": args.site}) as server:
        url = url_for(server, "park") + args.query
        for name, starts in zip(names, counts, strict=True):
            print(f"{name}: {starts} cold starts of {url}", flush=True)
            tallies.append(
                cold_starts(
                    name,
                    url,
                    starts,
                    phone=args.phone,
                    extra_args=extra,
                    timeout=args.timeout,
                )
            )
    profile = "phone (390x844, CPU 4x slower)" if args.phone else "desktop (1366x768)"
    if profiled:
        rate = f"every {args.heap_profiler} bytes" if args.heap_profiler else "Chromium's rate"
        profile += f", heap profiler on ({rate})"
    print(f"\nCold starts, {began}, {profile}{', ' + args.query if args.query else ''}:\n")
    print("| engine | starts | " + " | ".join(OUTCOMES) + " | median time to ready |")
    print("|---" * (len(OUTCOMES) + 3) + "|")
    for tally in tallies:
        print(tally.row())
    for tally in tallies:
        for note in tally.notes:
            print(f"- {tally.engine}, {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
