"""Page-load benchmark: time to ready for our page vs a bare PyScript page.

    .venv/bin/python bench/page_load.py [--runs 5] [--warmup 1] [--no-build] [--site DIR]
                                        [--languages en,ja]

Both pages are built from the same self-hosted runtime by tools/build_site.py (into
``bench/results/site`` and ``bench/results/site-bare``, unless ``--no-build``), served by
one local ``http.server`` under ``/park/`` and ``/bare/``, and loaded in headless Chromium, alternately, in fresh browser contexts:

* cold: a new context (empty HTTP cache, no service worker), first visit;
* offline: in that context, once its service worker controls the page, the browser goes
  offline and the page is reloaded from the service worker's precache;
* resume: still offline, our page starts a game (so it is autosaved) and is reloaded: the
  page then loads the engine and draws the game before it is ready. The bare page has no
  game: it is simply reloaded again, which gives the same baseline as "offline".

``--latency MS`` (and ``--mbps``) make the cold load go through a slower network, as
Chromium's DevTools emulate it: a round-trip time and a download rate, closer to
GitHub Pages than 127.0.0.1 is.

With no saved game (cold, offline) our page is ready once the New game form is, and loads
the engine just after (web/main.py); "resume" is the load that includes the engine.

Time to ready is read in the page: ``performance.now()`` (milliseconds since navigation
start) when ``<html data-park-ready="true">`` appears, so Playwright's own overhead is not
counted. The machines are noisy, so the figure that matters is the ratio ours/bare
measured in the same run (issue 10's targets, with the memory snapshot: cold at most 0.5,
offline 0.5, resume 0.6; cold behind ``--latency`` at most 1.0): each round loads both pages
back to back (after ``--pause`` seconds of rest each), and the ratio reported is the median
of the rounds' ratios, next to their spread and the ratio of the medians.

Each round then starts a first game on our page, in a fresh context, as soon as it is ready
(a seed whose first turn is an AI's, AI speed Instant), with the snapshot and with
``?snapshot=off``: the times from ready to the board drawn and to the first AI move.

Also prints the bytes of our own files (everything in site/ except the runtime and the
snapshot; target under 300 KB) and of the snapshot (target under 7 MB: the first visit's
extra download).

Every measurement is made once per language (``--languages``, default English and Japanese:
browser contexts whose ``navigator.languages`` is ``en-GB`` or ``ja-JP``, so our page picks the
language as on a first visit and loads only that catalogue); the bare page is measured
beside ours in each, so each language has its own ratios.

This is a benchmark, not a test: it only reports.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import Browser, Page, sync_playwright
from tools.browser import READY_SELECTOR, launch_chromium
from tools.paths import ROOT, RUNTIME_DIR
from tools.serve import serving, url_for
from tools.snapshot import PREFIX as SNAPSHOT_PREFIX

RESULTS = ROOT / "bench" / "results"
"""The benchmark builds here (gitignored), not in site/, which others may rebuild meanwhile."""

TARGETS = {"cold": 0.5, "offline": 0.5, "resume": 0.6}
"""Issue 10's targets for the ratio ours/bare (with the memory snapshot)."""
LATENCY_COLD_TARGET = 1.0
"""The cold load's target behind an emulated network (``--latency``): the snapshot's bytes
must not cost more than they save."""
OWN_BYTES_TARGET = 300_000
"""Our own files, the snapshot aside."""
SNAPSHOT_BYTES_TARGET = 7_000_000
"""The snapshot: the first visit's extra download."""
TIMEOUT_MS = 120_000

RECORD_READY_JS = """
(() => {
  const check = () => {
    const root = document.documentElement;
    if (root && root.dataset.parkReady === "true" && window.__parkReadyAt === undefined) {
      window.__parkReadyAt = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {
    attributes: true, subtree: true, attributeFilter: ["data-park-ready"],
  });
})();
"""
"""Injected before any page script: records when the ready attribute appears."""


@dataclass
class Timings:
    """Time-to-ready samples, in milliseconds, for one page."""

    cold: list[float] = field(default_factory=list)
    offline: list[float] = field(default_factory=list)
    resume: list[float] = field(default_factory=list)
    board: list[float] = field(default_factory=list)
    """From ready (cold) to the board drawn, "Start the expedition" clicked at once."""
    ai_move: list[float] = field(default_factory=list)
    """From ready (cold) to the first AI move of that game (AI speed Instant)."""
    language: list[float] = field(default_factory=list)
    """Our page's cost of choosing its language in the cold load (web/dom.py: the catalogue
    read, the page's text translated)."""

    def add(self, sample: tuple[float, float, float, float | None]) -> None:
        """Record one round's (cold, offline, resume) times and the language's cost."""
        self.cold.append(sample[0])
        self.offline.append(sample[1])
        self.resume.append(sample[2])
        if sample[3] is not None:
            self.language.append(sample[3])


START_BUTTON = "#new-game-form button[type=submit]"  # "Start the expedition", in either language
"""The New game form's submit button (web/index.html)."""


def _reload_offline(page: Page, page_url: str) -> float:
    """Reload the page from its service worker; return the time to ready (ms)."""
    response = page.reload()
    if response is None or not response.from_service_worker:
        raise RuntimeError(f"{page_url}: offline reload was not served by the service worker")
    page.wait_for_selector(READY_SELECTOR, state="attached", timeout=TIMEOUT_MS)
    return float(page.evaluate("() => window.__parkReadyAt"))


@dataclass(frozen=True)
class Network:
    """The emulated network of the cold load: round-trip ``latency_ms`` and download
    ``mbps`` (megabits per second); ``None`` for the local server as it is."""

    latency_ms: float | None = None
    mbps: float = 40.0


LANGUAGE_MS_JS = "() => document.documentElement.dataset.parkLanguageMs ?? null"
"""What choosing the language cost our page, in milliseconds (``None`` on the bare page)."""
LOCALES = {"en": "en-GB", "ja": "ja-JP"}
"""The browser locale a language's contexts are given (our page follows it on a first visit)."""


def _ready_at(
    page_url: str, browser: Browser, *, game: bool, network: Network, locale: str
) -> tuple[float, float, float, float | None]:
    """Load a page cold, reload it offline, then (with ``game``: after starting a game)
    reload it again; return the three times to ready (ms) and what choosing the language cost
    the cold load (ms; ``None`` for the bare page)."""
    context = browser.new_context(locale=locale)
    context.add_init_script(RECORD_READY_JS)
    try:
        page = context.new_page()
        if network.latency_ms is not None:
            devtools = context.new_cdp_session(page)
            devtools.send("Network.enable")
            devtools.send(
                "Network.emulateNetworkConditions",
                {
                    "offline": False,
                    "latency": network.latency_ms,
                    "downloadThroughput": network.mbps * 1e6 / 8,
                    "uploadThroughput": network.mbps * 1e6 / 8,
                },
            )
        page.goto(page_url)
        page.wait_for_selector(READY_SELECTOR, state="attached", timeout=TIMEOUT_MS)
        cold = float(page.evaluate("() => window.__parkReadyAt"))
        language = page.evaluate(LANGUAGE_MS_JS)
        page.wait_for_function(
            "() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS
        )
        context.set_offline(True)
        offline = _reload_offline(page, page_url)
        if game:
            page.locator(START_BUTTON).click()
            page.wait_for_function(
                "() => localStorage.getItem('park.save') !== null", timeout=TIMEOUT_MS
            )
        resume = _reload_offline(page, page_url)
        if game and page.locator("#game").is_hidden():
            raise RuntimeError(f"{page_url}: the saved game was not resumed")
        return cold, offline, resume, None if language is None else float(language)
    finally:
        context.close()


FIRST_MOVES_JS = """
async (seed) => {
  document.getElementById("speed").value = "instant";
  document.getElementById("speed").dispatchEvent(new Event("change", { bubbles: true }));
  document.getElementById("f-seed").value = String(seed);
  const ready = window.__parkReadyAt;
  const moved = () => {
    const saved = localStorage.getItem("park.save");
    return saved !== null && JSON.parse(saved).actions.length > 0;
  };
  const drawn = () => !document.getElementById("game").hidden &&
    document.querySelector("#board svg") !== null;
  document.querySelector("#new-game-form button[type=submit]").click();
  let board = null;
  for (;;) {
    if (board === null && drawn()) board = performance.now();
    if (board !== null && moved()) return [board - ready, performance.now() - ready];
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
"""
"""Start a game at once on the ready page; the times from ready to the board drawn and to
the first AI move (polled every millisecond)."""


def ai_first_seed(opponents: int = 3) -> int:
    """A seed whose game starts with an AI's turn (the New game form's defaults otherwise)."""
    from park.ui.session import Session
    from park.ui.settings import NewGameSettings

    for seed in range(1, 1000):
        session = Session.new(NewGameSettings("You", opponents, "normal", seed))
        if session.ai_to_move:
            return seed
    raise RuntimeError("no seed below 1000 starts with an AI's turn")


def _first_moves(page_url: str, browser: Browser, seed: int, locale: str) -> tuple[float, float]:
    """In a fresh context: load the page, start a game as soon as it is ready; return the
    times (ms) from ready to the board drawn and to the first AI move."""
    context = browser.new_context(locale=locale)
    context.add_init_script(RECORD_READY_JS)
    try:
        page = context.new_page()
        page.goto(page_url)
        page.wait_for_selector(READY_SELECTOR, state="attached", timeout=TIMEOUT_MS)
        board, move = page.evaluate(FIRST_MOVES_JS, seed)
        return float(board), float(move)
    finally:
        context.close()


def own_files(site: Path) -> dict[str, int]:
    """Sizes of the files in ``site`` that are ours, i.e. not the self-hosted runtime."""
    runtime = site / RUNTIME_DIR
    return {
        path.relative_to(site).as_posix(): path.stat().st_size
        for path in sorted(site.rglob("*"))
        if path.is_file() and runtime not in path.parents
    }


def measure(
    runs: int,
    warmup: int,
    site: Path,
    bare: Path,
    network: Network,
    pause: float = 1.0,
    query: str = "",
    locale: str = LOCALES["en"],
) -> dict[str, Timings]:
    """Measure both pages, alternating, ``warmup`` discarded rounds then ``runs`` rounds,
    ``pause`` seconds before each page's cold load; ``query`` is added to our page's URL.
    Each round also times a first game on our page, with the snapshot and without."""
    results = {"ours": Timings(), "bare": Timings(), "ours, no snapshot": Timings()}
    seed = ai_first_seed()
    with serving({"park": site, "bare": bare}) as server, sync_playwright() as pw:
        ours = url_for(server, "park") + (f"?{query}" if query else "")
        urls = {"ours": ours, "bare": url_for(server, "bare")}
        browser = launch_chromium(pw)
        try:
            for round_no in range(warmup + runs):
                order = ("ours", "bare") if round_no % 2 == 0 else ("bare", "ours")
                for name in order:
                    time.sleep(pause)  # let the previous context's processes wind down
                    sample = _ready_at(
                        urls[name], browser, game=name == "ours", network=network, locale=locale
                    )
                    label = "warm-up" if round_no < warmup else f"run {round_no - warmup + 1}"
                    print(
                        f"  {label:8} {name}: cold {sample[0]:7.0f} ms   "
                        f"offline {sample[1]:7.0f} ms   resume {sample[2]:7.0f} ms",
                        flush=True,
                    )
                    if round_no >= warmup:
                        results[name].add(sample)
                for name, url in (("ours", ours), ("ours, no snapshot", ours_fresh(ours))):
                    time.sleep(pause)
                    board, move = _first_moves(url, browser, seed, locale)
                    print(
                        f"  {'':8} {name}: board drawn {board:5.0f} ms, first AI move "
                        f"{move:5.0f} ms after ready",
                        flush=True,
                    )
                    if round_no >= warmup:
                        results[name].board.append(board)
                        results[name].ai_move.append(move)
        finally:
            browser.close()
    return results


def ours_fresh(url: str) -> str:
    """Our page's URL with the snapshot turned off."""
    return url + ("&" if "?" in url else "?") + "snapshot=off"


def report(results: dict[str, Timings], site: Path, network: Network) -> None:
    """Print medians and ratios, the first game's times, and the bytes of our own files."""
    ours, bare = results["ours"], results["bare"]
    targets = dict(TARGETS)
    if network.latency_ms is not None:
        targets["cold"] = LATENCY_COLD_TARGET
    print(f"\ntime to ready over {len(ours.cold)} rounds (medians):")
    for kind in ("cold", "offline", "resume"):
        target = targets[kind]
        ours_ms = statistics.median(getattr(ours, kind))
        bare_ms = statistics.median(getattr(bare, kind))
        # Each round times both pages back to back, so a slow spell of the machine slows
        # both: the median of those paired ratios is the figure, the ratio of the medians and
        # the spread of the paired ratios show how noisy the run was.
        paired = [o / b for o, b in zip(getattr(ours, kind), getattr(bare, kind), strict=True)]
        ratio = statistics.median(paired)
        verdict = "ok" if ratio <= target else "OVER TARGET"
        print(
            f"  {kind:8} ours {ours_ms:6.0f} ms   bare {bare_ms:6.0f} ms   "
            f"ratio {ratio:.2f} {verdict} (target <= {target}; rounds "
            f"{min(paired):.2f}-{max(paired):.2f}, ratio of medians {ours_ms / bare_ms:.2f})"
        )
    print("\na first game, started as soon as the page is ready (cold load; medians):")
    for name in ("ours", "ours, no snapshot"):
        timings = results[name]
        if timings.board:
            print(
                f"  {name:18} board drawn {statistics.median(timings.board):5.0f} ms, "
                f"first AI move {statistics.median(timings.ai_move):5.0f} ms after ready"
            )
    sizes = own_files(site)
    snapshots = {name: size for name, size in sizes.items() if name.startswith(SNAPSHOT_PREFIX)}
    total = sum(sizes.values()) - sum(snapshots.values())
    verdict = "ok" if total < OWN_BYTES_TARGET else "OVER TARGET"
    print(
        f"\nour own files in {site.name}/ (not {RUNTIME_DIR}/, not the snapshot): {total:,} "
        f"bytes (target < {OWN_BYTES_TARGET:,}) {verdict}"
    )
    for name, size in sorted(sizes.items(), key=lambda item: -item[1]):
        if name not in snapshots:
            print(f"  {size:9,}  {name}")
    for name, size in snapshots.items():
        verdict = "ok" if size < SNAPSHOT_BYTES_TARGET else "OVER TARGET"
        print(
            f"the start-up snapshot {name}: {size:,} bytes gzipped "
            f"(target < {SNAPSHOT_BYTES_TARGET:,}) {verdict}"
        )


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description="Time to ready: our page vs bare PyScript.")
    parser.add_argument("--runs", type=int, default=5, help="measured rounds (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="discarded rounds (default 1)")
    parser.add_argument("--no-build", action="store_true", help="use the existing builds")
    parser.add_argument("--site", type=Path, default=RESULTS / "site", help="our built site")
    parser.add_argument("--bare", type=Path, default=RESULTS / "site-bare", help="the baseline")
    parser.add_argument(
        "--pause", type=float, default=1.0, help="seconds of rest before each load (default 1)"
    )
    parser.add_argument(
        "--latency", type=float, default=None, help="emulated round trip of the cold load (ms)"
    )
    parser.add_argument(
        "--mbps", type=float, default=40.0, help="emulated download rate with --latency (Mbit/s)"
    )
    parser.add_argument(
        "--query", default="", help="added to our page's URL, e.g. snapshot=off (default none)"
    )
    parser.add_argument(
        "--languages", default="en,ja", help="the page's languages to measure (default en,ja)"
    )
    args = parser.parse_args(argv)
    if not args.no_build:
        from tools.build_site import main as build

        build(["--site", str(args.site), "--bare", str(args.bare)])
    network = Network(args.latency, args.mbps)
    where = "127.0.0.1" if args.latency is None else f"{args.latency:g} ms, {args.mbps:g} Mbit/s"
    for language in args.languages.split(","):
        locale = LOCALES[language.strip()]
        print(
            f"\n[{language}] measuring {args.runs} rounds (+{args.warmup} warm-up), browser "
            f"locale {locale}, alternating pages ({where}):"
        )
        results = measure(
            args.runs, args.warmup, args.site, args.bare, network, args.pause, args.query, locale
        )
        print(f"\n[{language}] results")
        report(results, args.site, network)
        if results["ours"].language:
            print(
                f"choosing the language ({language}: its catalogue, the page's text): median "
                f"{statistics.median(results['ours'].language):.1f} ms of the cold load's "
                "time to ready"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
