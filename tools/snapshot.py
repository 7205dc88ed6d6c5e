"""Make the page's Pyodide memory snapshot at build time, in headless Chromium (issue 10).

A snapshot is Pyodide's whole WebAssembly memory, taken after Python has started and run
``park.ui.game.startup.prepare()`` (every module the page imports, the data files parsed) plus the
stdlib modules PyScript's own start-up imports (:data:`RUNTIME_MODULES`). The page's
interpreter module (``web/interpreter.mjs``) restores it instead of starting Python afresh,
and starts afresh whenever it cannot (see there).

What the build does (:func:`build_snapshot`):

1. serve the folder being built (its runtime and wheel) on 127.0.0.1, open a blank page of it,
   start Pyodide there with ``_makeSnapshot``, unpack the wheel where PyScript unpacks it
   (the home folder), run :func:`prepare_code` (:data:`PREPARE`, then the bytecode kept),
   collect the garbage, zero the C heap's free memory (10% less to download) and take
   ``pyodide.makeMemorySnapshot()``;
2. write it as ``pyodide-snapshot.<sha256[:16]>.zst``, named by its content, packed as
   tools/snapshot_file.py says (the module's static data left out, runs of zeros left out,
   gzipped), with its descriptor in the page's interpreter module, itself named by its
   content. A new engine makes a new snapshot, so a page can never restore an old engine's
   memory next to a new wheel, and a browser that cached one build's snapshot never takes
   another build's for it;
3. once the site's interpreter module names it (:func:`check_snapshot`), restore it in a
   fresh page through that module, as the page does, and import the engine from it: a
   snapshot that does not restore (larger than Pyodide's default heap, see Pyodide issue
   6254, or a build id mismatch) fails the build, so a page never downloads one that cannot
   work.

Snapshots are kept in ``.cache/snapshots/`` by the digest of what they are made of (the wheel,
every runtime file, the sources and scripts whose bytecode it keeps, so ``main.py`` too, and
this module: :func:`inputs_digest`), so a rebuild of unchanged inputs reuses the same snapshot,
same name, and skips making one (not the check).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from tools import snapshot_file
from tools.paths import ROOT, RUNTIME_DIR
from tools.runtime import PYODIDE_DIR
from tools.snapshot_file import (
    SUFFIX,
    Snapshot,
    data_image,
    from_descriptor,
    is_named_by_content,
    pack,
)
from tools.wheel import HASH_LENGTH

CACHE = ROOT / ".cache" / "snapshots"
CACHE_KEEP = 6
"""How many snapshots the cache keeps (the newest)."""

RUNTIME_MODULES = ("html", "html.entities", "zipimport", "zlib")
"""Stdlib modules that PyScript's Python side and Pyodide's loader import at start-up beyond
what ``prepare()`` imports (found by listing ``sys.modules`` in a page started afresh)."""

PYTHON_ENV = {"PYTHONOPTIMIZE": "2"}
"""The page's Python runs as ``python -OO`` (web/interpreter.mjs sets the same): the code
compiled in the page, ours and PyScript's, keeps no docstrings (0.47 MB less snapshot to
download; nothing in the page reads ``__doc__``) and no ``assert``s. The tests run the code
as it is."""

HOME = "/home/pyodide"
"""Pyodide's working folder, where the wheel is unpacked (``web/interpreter.mjs`` unpacks it there
when Python starts afresh; a restored Python needs none of its files)."""

PREPARE = f"""
import importlib
for name in {RUNTIME_MODULES!r}:
    importlib.import_module(name)
from park.ui.game.startup import prepare
prepare()
"""
"""What runs in Pyodide before the snapshot is taken (then :func:`prepare_code`'s bytecode)."""


def prepare_code(sources: Mapping[str, str], runs: Sequence[str] = ()) -> str:
    """:data:`PREPARE`, then the bytecode of ``sources`` and ``runs`` kept.

    ``sources``: the Python files the page writes at start-up (PyScript's package, the page's
    modules), each text by its path from the working folder (:data:`HOME`); ``runs``: the
    scripts PyScript runs through Pyodide's ``eval_code_async`` (its package's writer and
    ``main.py``). See ``park.ui.game.bytecode``.
    """
    absolute = {f"{HOME}/{path}": text for path, text in sorted(sources.items())}
    return PREPARE + (
        "from park.ui.game import bytecode\n"
        f"bytecode.keep({absolute!r})\n"
        "from _pyodide import _base\n"
        f"bytecode.keep_runs({list(runs)!r}, _base)\n"
    )


CHECK = (
    "import json, park.ui.game.session, park.ai, random, sys;"
    " json.dumps([park.__file__, sys.flags.optimize])"
)
"""Run in Pyodide restored from the snapshot: it must find the engine where PyScript puts it,
in a Python made with :data:`PYTHON_ENV`."""

_BLANK_PAGE = "snapshot-maker.html"
"""A blank page of the site's origin (served by the browser route, never written)."""

NO_JSPI_JS = (
    'for (const name of ["Suspending", "promising", "Suspender"]) delete WebAssembly[name];'
)
"""Removes JSPI from the page before Pyodide starts, as ``web/interpreter.mjs`` does (issue 53):
the snapshot is made by a Python that runs without it, as the page's does."""

_MAKE_JS = """
async ([wheel, home, prepare, runtime, env]) => {
  /* park:no-jspi */
  const { loadPyodide } = await import(runtime + "pyodide.mjs");
  const indexURL = new URL(runtime, location.href).href;
  const pyodide = await loadPyodide({ indexURL, env, _makeSnapshot: true });
  const response = await fetch("./" + wheel);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${wheel}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "wheel", { extractDir: home });
  pyodide.runPython(prepare);
  pyodide.runPython("import gc; gc.collect()");
  // Zero the C heap's free memory (what compiling and importing left behind), so that it
  // packs away: allocate it in chunks (never past the end of the WebAssembly memory, which
  // must not grow: the snapshot must fit Pyodide's default heap), zero them, free them.
  const module = pyodide._module;
  const heap = module.HEAP8.length;
  const held = [];
  for (let size = 1 << 22; size >= 256; ) {
    const p = module._sbrk(0) + size + 65536 < heap ? module._malloc(size) : 0;
    if (module.HEAP8.length !== heap) throw new Error("the heap grew while it was being zeroed");
    if (!p) {
      size >>= 1;
      continue;
    }
    module.HEAP8.fill(0, p, p + size);
    held.push(p);
  }
  held.forEach((p) => module._free(p));
  const snapshot = pyodide.makeMemorySnapshot();
  const packed = await new Response(
    new Blob([snapshot]).stream().pipeThrough(new CompressionStream("gzip"))
  ).arrayBuffer();
  const bytes = new Uint8Array(packed);
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return { base64: btoa(text) };
}
""".replace("/* park:no-jspi */", NO_JSPI_JS)

_CHECK_JS = """
async ([interpreter, check]) => {
  const { loadPyodide } = await import("./" + interpreter);
  const pyodide = await loadPyodide({});
  return [document.documentElement.dataset.parkSnapshot, pyodide.runPython(check)];
}
"""


class SnapshotError(RuntimeError):
    """The snapshot could not be made, or it does not restore."""


def inputs_digest(
    site: Path, wheel_name: str, sources: Mapping[str, str], runs: Sequence[str] = ()
) -> str:
    """The digest of what the snapshot of ``site`` is made of, its key in the cache.

    sha256 (16 hex digits) of the wheel, every runtime file (by path), the sources and
    scripts compiled into it (:func:`prepare_code`), this module's source and the file
    format's (tools/snapshot_file.py).
    """
    digest = hashlib.sha256()
    digest.update(json.dumps([sorted(sources.items()), list(runs)]).encode())
    files = [site / wheel_name, Path(__file__), Path(snapshot_file.__file__)]
    files += sorted(p for p in (site / RUNTIME_DIR).rglob("*") if p.is_file())
    for path in files:
        label = path.relative_to(site) if path.is_relative_to(site) else path.name
        digest.update(f"{label}\0{path.stat().st_size}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:HASH_LENGTH]


def _in_browser(site: Path, script: str, args: list[object]) -> object:
    """Evaluate ``script`` in a blank page of ``site`` in a fresh headless Chromium.

    Evaluate ``script`` (an async arrow function of ``args``) in a blank page of ``site``
    served on 127.0.0.1, in a fresh headless Chromium, in a child process (the caller may be
    running Playwright already: the e2e tests build sites). Returns the script's value.
    """
    with tempfile.TemporaryDirectory(prefix="park-snapshot-") as tmp:
        job, out = Path(tmp) / "job.json", Path(tmp) / "out.json"
        job.write_text(json.dumps({"site": str(site), "script": script, "args": args}))
        result = subprocess.run(
            [sys.executable, "-m", "tools.snapshot", str(job), str(out)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0 or not out.is_file():
            lines = (result.stderr or result.stdout).strip().splitlines()
            raise SnapshotError(lines[-1] if lines else f"exit status {result.returncode}")
        return json.loads(out.read_text(encoding="utf-8"))


def _evaluate(site: Path, script: str, args: list[object]) -> object:
    """What :func:`_in_browser` runs in its child process."""
    from playwright.sync_api import Error, Route, sync_playwright

    from tools.browser import launch_chromium
    from tools.serve import serving, url_for

    def blank(route: Route) -> None:
        route.fulfill(body="<!doctype html><title>snapshot</title>", content_type="text/html")

    with serving({"park": site}) as server, sync_playwright() as playwright:
        url = url_for(server, "park")
        try:
            browser = launch_chromium(playwright)
        except Error as exc:
            first = exc.message.strip().splitlines()[0] if exc.message.strip() else "no browser"
            raise SnapshotError(f"headless Chromium could not be started: {first}") from None
        try:
            page = browser.new_page()
            page.route(url + _BLANK_PAGE, blank)
            page.goto(url + _BLANK_PAGE)
            return page.evaluate(script, args)
        except Error as exc:
            raise SnapshotError(f"in headless Chromium: {exc.message}") from None
        finally:
            browser.close()


def make_snapshot(
    site: Path, wheel_name: str, sources: Mapping[str, str], runs: Sequence[str] = ()
) -> bytes:
    """Start Pyodide in ``site`` and return the memory snapshot.

    Start Pyodide in ``site`` (runtime and wheel), run :func:`prepare_code` of ``sources``
    and ``runs`` and return the memory snapshot. Raises :class:`SnapshotError`.
    """
    runtime = f"./{RUNTIME_DIR}/{PYODIDE_DIR}/"
    prepare = prepare_code(sources, runs)
    result = _in_browser(site, _MAKE_JS, [wheel_name, HOME, prepare, runtime, PYTHON_ENV])
    assert isinstance(result, dict)
    return gzip.decompress(base64.b64decode(result["base64"]))


def check_snapshot(site: Path, interpreter: str) -> None:
    """Start Python in a fresh page of ``site`` through its interpreter module.

    Start Python in a fresh page of ``site`` through its interpreter module
    (``interpreter``, relative to the site), as the page does, and import the engine. Raises
    :class:`SnapshotError` unless the snapshot was restored and finds the engine.
    """
    found = _in_browser(site, _CHECK_JS, [interpreter, CHECK])
    optimize = int(PYTHON_ENV["PYTHONOPTIMIZE"])
    expected = json.dumps([f"{HOME}/park/__init__.py", optimize])
    if found != ["restored", expected]:
        raise SnapshotError(f"the snapshot does not restore in a page: {found!r}")


def _cached(cache: Path, key: str) -> tuple[Snapshot, bytes] | None:
    """The snapshot kept in ``cache`` under ``key``, or None (none, or unreadable)."""
    packed_file, descriptor_file = cache / f"{key}{SUFFIX}", cache / f"{key}.json"
    try:
        packed = packed_file.read_bytes()
        found = from_descriptor(descriptor_file.read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if found is None or not is_named_by_content(found, packed):
        return None
    return found, packed


def _keep(cache: Path, key: str, snapshot: Snapshot, packed: bytes) -> None:
    """Keep a snapshot in ``cache`` under ``key``; drop all but the newest :data:`CACHE_KEEP`."""
    cache.mkdir(parents=True, exist_ok=True)
    (cache / f"{key}{SUFFIX}").write_bytes(packed)
    (cache / f"{key}.json").write_text(snapshot.descriptor(), encoding="utf-8")
    kept = sorted(cache.glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime)
    for old in kept[:-CACHE_KEEP]:
        old.unlink(missing_ok=True)
        old.with_suffix(".json").unlink(missing_ok=True)


def build_snapshot(
    site: Path,
    wheel_name: str,
    sources: Mapping[str, str],
    runs: Sequence[str] = (),
    cache: Path | None = CACHE,
) -> Snapshot:
    """Make and write the snapshot of ``site``, or reuse a cached one.

    Make and write the snapshot of ``site`` (its runtime and wheel are in place), with the
    bytecode of ``sources`` and ``runs`` (:func:`prepare_code`), or reuse the one in ``cache``
    made of the same inputs (:func:`inputs_digest`). Raises :class:`SnapshotError`.

    Making a snapshot twice gives different bytes (the heap's layout varies), so the file is
    named by its own content, never by its inputs alone: a browser that cached one build's
    snapshot never takes another's for it.
    """
    key = inputs_digest(site, wheel_name, sources, runs)
    found = _cached(cache, key) if cache is not None else None
    if found is None:
        wasm = site / RUNTIME_DIR / PYODIDE_DIR / "pyodide.asm.wasm"
        made = make_snapshot(site, wheel_name, sources, runs)
        found = pack(made, data_image(wasm.read_bytes()))
        if cache is not None:
            _keep(cache, key, *found)
    snapshot, packed = found
    (site / snapshot.name).write_bytes(packed)
    return snapshot


def main(argv: list[str] | None = None) -> int:
    """The child process of :func:`_in_browser`.

    ``python -m tools.snapshot JOB OUT``: the child process of :func:`_in_browser` (JOB, a
    JSON file: site, script, args; the result is written to OUT as JSON).
    """
    job_file, out_file = argv if argv is not None else sys.argv[1:]
    job = json.loads(Path(job_file).read_text(encoding="utf-8"))
    try:
        result = _evaluate(Path(job["site"]), job["script"], job["args"])
    except SnapshotError as exc:
        print(exc, file=sys.stderr)
        return 1
    Path(out_file).write_text(json.dumps(result), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
