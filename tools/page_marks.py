"""What ``bench/page_load.py`` runs in a loaded page: its marks, what it received, a first game.

Each ``..._JS`` is a JavaScript function for ``page.evaluate``, run once the page is ready (the
bare PyScript page has none of our marks: the functions then give None or nothing).
"""

from __future__ import annotations

import json

from tools.page_steps import GAME_SHOWN_JS, SAVE_KEY, SEED_FIELD, START_BUTTON

FIRST_SCREEN_AT_JS = """() => {
  const mark = performance.getEntriesByName("park:first-screen")[0];
  return mark === undefined ? null : mark.startTime;
}"""
"""When our page showed its first screen before Python (web/first_screen.js), in ms since
navigation start; None when it showed none (the bare page)."""

BYTES_BEFORE_READY_JS = """() => {
  const ready = performance.getEntriesByName("park:ready")[0].startTime;
  let bytes = performance.getEntriesByType("navigation")[0].transferSize;
  for (const entry of performance.getEntriesByType("resource")) {
    if (entry.responseEnd <= ready) bytes += entry.transferSize;
  }
  return bytes;
}"""
"""What the page fetched before it was ready, headers included, as sent (compressed), by its
own Resource Timing (the snapshot included: the page downloads it, web/interpreter.mjs)."""

PARTS_JS = """() => {
  const at = {};
  for (const mark of performance.getEntriesByType("mark")) {
    if (mark.name.startsWith("park:") && !(mark.name in at)) at[mark.name] = mark.startTime;
  }
  for (const entry of performance.getEntriesByType("resource")) {
    if (entry.name.endsWith("/pyodide.asm.wasm")) at["wasm downloaded"] = entry.responseEnd;
    if (entry.name.endsWith("/pyodide.asm.js")) at["pyodide.asm.js downloaded"] = entry.responseEnd;
  }
  return at;
}"""
"""Where a load's time went (issue 40): our page's performance marks (web/first_screen.js,
web/interpreter.mjs, web/draw.py) and when the runtime's two largest files had arrived, in
ms since navigation start."""

LANGUAGE_MS_JS = "() => document.documentElement.dataset.parkLanguageMs ?? null"
"""What choosing the language cost our page, in milliseconds (None on the bare page)."""

OWN_BEFORE_READY_JS = """() => {
  const ready = performance.getEntriesByName("park:ready")[0].startTime;
  const base = new URL(".", location.href).href;
  const own = {"index.html": performance.getEntriesByType("navigation")[0].decodedBodySize};
  for (const entry of performance.getEntriesByType("resource")) {
    const name = entry.name.split(/[?#]/)[0];
    if (entry.responseEnd > ready || !name.startsWith(base)) continue;
    const path = name.slice(base.length);
    if (!path.startsWith("runtime/") && !path.startsWith("pyodide-snapshot.")) {
      own[path] = entry.decodedBodySize;
    }
  }
  return own;
}"""
"""Run in a page once it is ready: each file of ours it had received before ready, by its path
in the site, with its size as stored (Resource Timing's ``decodedBodySize``: uncompressed). The
runtime and the snapshot are not among them."""


FIRST_MOVES_JS = f"""
async (seed) => {{
  document.getElementById("speed").value = "instant";
  document.getElementById("speed").dispatchEvent(new Event("change", {{ bubbles: true }}));
  const seedField = document.querySelector({json.dumps(SEED_FIELD)});
  seedField.value = String(seed);
  seedField.dispatchEvent(new Event("input", {{ bubbles: true }}));  // the page's form state
  const ready = performance.getEntriesByName("park:ready")[0].startTime;
  const moved = () => {{
    const saved = localStorage.getItem({json.dumps(SAVE_KEY)});
    return saved !== null && JSON.parse(saved).actions.length > 0;
  }};
  const drawn = () => ({GAME_SHOWN_JS})() && document.querySelector("#board svg") !== null;
  document.querySelector({json.dumps(START_BUTTON)}).click();
  let board = null;
  const started = performance.now();
  for (;;) {{
    if (board === null && drawn()) board = performance.now();
    if (board !== null && moved()) return [board - ready, performance.now() - ready];
    if (performance.now() - started > 60000) {{
      const turn = document.documentElement.dataset.parkTurn;
      throw new Error(`no AI move within 60 s (board drawn: ${{board !== null}}, turn: ${{turn}})`);
    }}
    await new Promise((resolve) => setTimeout(resolve, 1));
  }}
}}
"""
"""Start a game at once on the ready page; the times from ready to the board drawn and to
the first AI move (polled every millisecond). Throws if no AI has moved within 60 s (the seed
not taken, say: its game would start with the human's turn)."""


def ai_first_seed(opponents: int = 3) -> int:
    """A seed whose game starts with an AI's turn (the New game form's defaults otherwise)."""
    from park.ui.game.session import Session
    from park.ui.setup.settings import NewGameSettings

    for seed in range(1, 1000):
        session = Session.new(NewGameSettings("You", opponents, "normal", seed))
        if session.ai_to_move:
            return seed
    raise RuntimeError("no seed below 1000 starts with an AI's turn")
