"""How long the page takes to open the largest save it accepts, against a small one.

    .venv/bin/python bench/resume_large_save.py [--runs 3]

Builds, in CPython, a legal 7-player game as long as a save may hold: nobody ever scores (every seat
declines at the Club) and every Marketplace visit exchanges the whole hand, so the game runs to the
round cap (``park.engine.save.MAX_ROUNDS``) with as many moves as random play makes there. It then
opens the built site (``site/``, served on 127.0.0.1) in headless Chromium with that save in
``localStorage``, and with the save of a game just started, as a returning player does: the site was
visited before, so the service worker serves it (a first visit also downloads the 20 MB runtime and
snapshot). It prints the time to ready (the page's own ``park:ready`` performance mark, set with
``data-park-ready``) of each, their ratio and the moves. Target (issue 8): the largest save opens in
under 2 s. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` and `park` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from playwright.sync_api import Browser, sync_playwright
from tools.browser import launch_chromium
from tools.page_steps import CONTROLLED_JS, FAST, READY_AT_JS, SAVE_KEY, wait_for_ready
from tools.paths import SITE
from tools.play import play_to_end
from tools.serve import serving, url_for

from park import (
    Action,
    DeclineScore,
    Discard,
    GameState,
    Score,
    SeatSpec,
    dumps,
    legal_actions,
    new_game,
)
from park.engine.save import MAX_ROUNDS


def longest_game(seed: int = 1) -> GameState:
    """A legal 7-player game that runs to the save's round limit (see the module docstring)."""
    seats = [SeatSpec("You", "#c0392b", "human")] + [
        SeatSpec(f"Bot {i}", "#2471a3", "random") for i in range(1, 7)
    ]
    rng = random.Random(seed)

    def choose(state: GameState) -> Action:
        legal = [a for a in legal_actions(state) if not isinstance(a, Score)]
        discards = [a for a in legal if isinstance(a, Discard)]
        return discards[0] if discards else rng.choice(legal or [DeclineScore()])

    return play_to_end(new_game(seats, seed), choose, keep=lambda after: after.round <= MAX_ROUNDS)


def time_to_ready(browser: Browser, url: str, save: str) -> float:
    """Milliseconds from navigation to ready, with ``save`` as the page's autosave.

    Milliseconds from navigation to ready, with ``save`` as the page's autosave, on a visit
    after the first (the service worker serves the site).
    """
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url + FAST)
        wait_for_ready(page, 120_000)
        page.wait_for_function(CONTROLLED_JS)
        page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE_KEY, save])
        page.reload()
        wait_for_ready(page, 120_000)
        return float(page.wait_for_function(READY_AT_JS).json_value())
    finally:
        context.close()


def main() -> int:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="loads of each save (default 3)")
    args = parser.parse_args()
    large = longest_game()
    small = new_game(large.settings.seats, 2)
    texts = {"largest": dumps(large), "small": dumps(small)}
    times: dict[str, list[float]] = {name: [] for name in texts}
    with serving({"park": SITE}) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        url = url_for(server, "park")
        for _ in range(args.runs):
            for name, text in texts.items():
                times[name].append(time_to_ready(browser, url, text))
        browser.close()
    print(
        f"largest save: {len(large.log):,} moves, {large.round} rounds,"
        f" {len(texts['largest']):,} characters"
    )
    for name, values in times.items():
        print(f"  {name:8} time to ready: median {statistics.median(values):,.0f} ms ({values})")
    ratio = statistics.median(times["largest"]) / statistics.median(times["small"])
    extra = statistics.median(times["largest"]) - statistics.median(times["small"])
    print(f"  the largest save takes {ratio:.2f}x the small one's time, {extra:,.0f} ms more")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
