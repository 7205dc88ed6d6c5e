"""In-page benchmark: how long a round of AI turns takes at a speed setting (issue 26).

    .venv/bin/python bench/page_round_pace.py [--speed normal] [--opponents 3] [--level normal]
        [--rounds 12] [--baseline DIR] [--no-build] [--site DIR]

Builds the site into ``bench/results/site`` (``--no-build`` reuses it), opens it in headless
Chromium with the human seat played by the page's autoplay (``?autoplay=easy``) and starts a
game against ``--opponents`` AIs of ``--level``. A ``MutationObserver`` notes when the
decision panel turns to ``wait`` (the player's turn ended) and back (the player's turn
began): the time in between is one round of AI turns, as a player waits for it. It prints,
over ``--rounds`` rounds, the median, the quartiles and the longest, and the AI decisions
per round. With ``--baseline DIR`` (another build, e.g. from before a change) it measures
that site too, in the same run, and prints ours over the baseline's median.

The figures depend on the seed (the same for both sites: a fixed one) far more than on the
machine: the pauses are timers, the normal AI thinks for milliseconds. A benchmark, not a
test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from playwright.sync_api import sync_playwright
from tools.browser import launch_chromium
from tools.page_steps import fill_new_game, press_start, wait_for_ready
from tools.paths import ROOT
from tools.serve import serving, url_for

from park.cli.tournament import percentile

RESULTS = ROOT / "bench" / "results"
SEED = 20261203
TIMEOUT_MS = 120_000

OBSERVE_JS = """
(() => {
  window.__parkTurns = [];
  let last = null;
  const note = () => {
    const kind = document.documentElement.dataset.parkTurn || null;
    if (kind !== last) {
      last = kind;
      window.__parkTurns.push({at: performance.now(), kind});
    }
  };
  new MutationObserver(note).observe(document.documentElement, {
    attributes: true, attributeFilter: ["data-park-turn"],
  });
})();
"""
"""Notes each change of ``<html data-park-turn>`` (the decision the player faces); run once
the page is ready."""


def rounds(turns: list[dict[str, object]]) -> list[float]:
    """The rounds' lengths (s).

    From each change to ``wait`` to the next change away from it (to the player's next
    decision; a game's end does not count).
    """
    found: list[float] = []
    began: float | None = None
    for entry in turns:
        kind, at = entry["kind"], float(str(entry["at"]))
        if kind == "wait":
            began = at
        elif began is not None:
            if kind != "over":
                found.append((at - began) / 1000)
            began = None
    return found


def run(url: str, speed: str, opponents: int, level: str, count: int) -> tuple[list[float], int]:
    """Play until ``count`` rounds of AI turns were seen.

    Their lengths (s) and the AI decisions made meanwhile.
    """
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            context = browser.new_context(viewport={"width": 1366, "height": 900})
            page = context.new_page()
            page.goto(f"{url}?autoplay=easy&speed={speed}")
            wait_for_ready(page, TIMEOUT_MS)
            page.evaluate(OBSERVE_JS)
            fill_new_game(page, opponents=opponents, level=level, seed=SEED)
            press_start(page)
            page.wait_for_function(
                "(n) => window.__parkTurns.filter((t) => t.kind === 'wait').length > n"
                " || document.documentElement.dataset.parkTurn === 'over'",
                arg=count,
                timeout=count * 60_000,
                polling=500,
            )
            turns = page.evaluate("window.__parkTurns")
            decisions = int(page.evaluate('performance.getEntriesByName("park-ai-think").length'))
            return rounds(turns)[:count], decisions
        finally:
            browser.close()


def describe(name: str, lengths: list[float], decisions: int) -> None:
    """Print one site's figures."""
    if not lengths:
        print(f"{name}: no round seen")
        return
    print(
        f"{name}: {len(lengths)} rounds, median {statistics.median(lengths):.2f} s"
        f" (quartiles {percentile(lengths, 25):.2f}-{percentile(lengths, 75):.2f} s,"
        f" longest {max(lengths):.2f} s), {decisions} AI decisions in the game so far"
    )


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description="A round of AI turns at a speed setting.")
    parser.add_argument("--speed", default="normal", help="slow, normal, fast or instant")
    parser.add_argument("--opponents", type=int, default=3)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--baseline", type=Path, help="another built site, measured too")
    parser.add_argument("--no-build", action="store_true", help="use the existing build")
    parser.add_argument("--site", type=Path, default=RESULTS / "site", help="our built site")
    args = parser.parse_args(argv)
    if not args.no_build:
        from tools.build_site import main as build

        build(["--site", str(args.site)])
    sites = {"ours": args.site}
    if args.baseline is not None:
        sites["baseline"] = args.baseline
    medians: dict[str, float] = {}
    print(f"{args.opponents} {args.level} opponents, speed {args.speed}, seed {SEED}:")
    with serving(sites) as server:
        for name in sites:
            lengths, decisions = run(
                url_for(server, name), args.speed, args.opponents, args.level, args.rounds
            )
            describe(name, lengths, decisions)
            if lengths:
                medians[name] = statistics.median(lengths)
    if "baseline" in medians and medians["baseline"] > 0:
        print(f"ours / baseline (median round): {medians['ours'] / medians['baseline']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
