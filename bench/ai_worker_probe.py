"""What moving the AI into a Web Worker would cost: a probe (issue 9, "decide by measuring both").

    .venv/bin/python bench/ai_worker_probe.py [--decisions 12] [--budget 1.0] [--no-build]

The page runs the AI on the main thread in time slices (``bench/page_ai_smooth.py`` measures that).
The alternative is a Web Worker with its own Pyodide that thinks and answers by ``postMessage``.
This probe measures the worker's costs in headless Chromium, on the built site's own runtime and
wheel: a module worker imports Pyodide (``runtime/pyodide-<version>/pyodide.mjs``), starts Python
afresh (a worker cannot use the page's interpreter module, which needs the DOM), unpacks the wheel
and imports the AI; then the page asks it for ``--decisions`` hard decisions (positions of a
7-player game of normal bots) and times each round trip. Reported: the time from creating the worker
to its first answer being possible, its WebAssembly heap, the round trips' overhead (round trip
minus the worker's own thinking time), and the page's longest task meanwhile. A benchmark, not a
test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright
from tools.browser import launch_chromium
from tools.paths import ROOT
from tools.runtime import PYODIDE_DIR
from tools.serve import serving, url_for

RESULTS = ROOT / "bench" / "results"
TIMEOUT_MS = 300_000

WORKER_JS = """
import { loadPyodide } from "../park/runtime/PYODIDE_DIR/pyodide.mjs";

const created = performance.timeOrigin;
const indexURL = new URL("../park/runtime/PYODIDE_DIR/", import.meta.url).href;
const started = performance.now();
const pyodide = await loadPyodide({ indexURL });
const pythonReady = performance.now();
const wheel = await (await fetch("../park/" + WHEEL)).arrayBuffer();
pyodide.unpackArchive(wheel, "wheel", { extractDir: "/home/pyodide" });
pyodide.runPython(`
import sys, random, time
sys.path.insert(0, "/home/pyodide")
from park import apply, legal_actions, new_game, observe
from park.ai import make_bot
from park.ai.hard import HardBot
`);
const aiReady = performance.now();
pyodide.runPython(`

def positions(count):
    bots = [make_bot("normal") for _ in range(7)]
    rng = random.Random(4)
    state = new_game(7, 21)
    found = []
    while not state.is_over and len(found) < count:
        legal = legal_actions(state)
        if len(legal) > 1 and state.phase.value == "start":
            found.append(state)
        state, _ = apply(state, bots[state.active].decide(observe(state, state.active), legal, rng))
    return found

POSITIONS = positions(40)

def think(index, budget):
    state = POSITIONS[index % len(POSITIONS)]
    bot = HardBot()
    started = time.perf_counter()
    seen = observe(state, state.active)
    action = bot.decide(seen, legal_actions(state), random.Random(index), budget)
    return f"{action} {(time.perf_counter() - started) * 1000} {bot.last_rollouts}"
`);
postMessage({
  ready: true,
  timeOrigin: created,
  startedAt: started,
  pythonMs: pythonReady - started,
  aiMs: aiReady - pythonReady,
  readyAt: aiReady,
  heapBytes: pyodide._module.HEAP8.length,
});
onmessage = (event) => {
  const { index, budget } = event.data;
  const answer = pyodide.globals.get("think")(index, budget);
  const [action, ms, rollouts] = answer.split(" ");
  postMessage({ action, thinkingMs: Number(ms), rollouts: Number(rollouts) });
};
"""

PROBE_JS = """async ([decisions, budget]) => {
  const longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push(e.duration);
  }).observe({ type: "longtask" });
  const createdAt = performance.now();
  const worker = new Worker("./worker.mjs", { type: "module" });
  const next = () => new Promise((resolve, reject) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(event.message));
  });
  const ready = await next();
  const readyMs = performance.now() - createdAt;
  const trips = [];
  for (let i = 0; i < decisions; i++) {
    const sent = performance.now();
    const answer = next();
    worker.postMessage({ index: i, budget });
    const reply = await answer;
    trips.push({ roundTripMs: performance.now() - sent, ...reply });
  }
  worker.terminate();
  return { readyMs, ready, trips, longTasks };
}"""


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description="The costs of a Web Worker for the AI.")
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--budget", type=float, default=1.0, help="hard's budget (s)")
    parser.add_argument("--no-build", action="store_true", help="use the existing build")
    parser.add_argument("--site", type=Path, default=RESULTS / "site", help="our built site")
    args = parser.parse_args(argv)
    if not args.no_build:
        from tools.build_site import main as build

        build(["--site", str(args.site)])
    wheel = next(args.site.glob("park-*.whl")).name
    with tempfile.TemporaryDirectory(prefix="park-worker-probe-") as tmp:
        probe = Path(tmp)
        (probe / "index.html").write_text("<!doctype html><title>probe</title>\n")
        worker = WORKER_JS.replace("PYODIDE_DIR", PYODIDE_DIR)
        (probe / "worker.mjs").write_text(f"const WHEEL = {wheel!r};\n" + worker)
        with serving({"park": args.site, "probe": probe}) as server, sync_playwright() as pw:
            browser = launch_chromium(pw)
            try:
                page = browser.new_page()
                page.set_default_timeout(TIMEOUT_MS)
                page.goto(url_for(server, "probe"))
                result: dict[str, Any] = page.evaluate(PROBE_JS, [args.decisions, args.budget])
            finally:
                browser.close()
    ready = result["ready"]
    trips = result["trips"]
    overhead = [float(t["roundTripMs"]) - float(t["thinkingMs"]) for t in trips]
    thinking = [float(t["thinkingMs"]) for t in trips]
    rollouts = [int(t["rollouts"]) for t in trips]
    print(
        f"worker ready {result['readyMs']:.0f} ms after it was created"
        f" (Python started in {ready['pythonMs']:.0f} ms, wheel and AI in {ready['aiMs']:.0f} ms);"
        f" its WebAssembly heap {int(ready['heapBytes']) / 2**20:.0f} MB"
    )
    print(
        f"{len(trips)} hard decisions at {args.budget:g} s: thinking median"
        f" {statistics.median(thinking):.0f} ms ({statistics.median(rollouts):.0f} rollouts),"
        f" round-trip overhead median {statistics.median(overhead):.1f} ms,"
        f" max {max(overhead):.1f} ms"
    )
    tasks = [float(t) for t in result["longTasks"]]
    print(f"page long tasks meanwhile: {len(tasks)}, longest {max(tasks, default=0.0):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
