"""Make the page's Pyodide memory snapshot at build time, in headless Chromium (issue 10).

A snapshot is Pyodide's whole WebAssembly memory, taken after Python has started and run
``park.ui.startup.prepare()`` (every module the page imports, the data files parsed) plus the
stdlib modules PyScript's own start-up imports (:data:`RUNTIME_MODULES`). The page's
interpreter module (``web/interpreter.mjs``) restores it instead of starting Python afresh,
and starts afresh whenever it cannot (see there).

What the build does (:func:`build_snapshot`):

1. serve the folder being built (its runtime and wheel) on 127.0.0.1, open a blank page of it,
   start Pyodide there with ``_makeSnapshot``, unpack the wheel where PyScript unpacks it
   (the home folder), run :data:`PREPARE`, collect the garbage, zero the C heap's free memory
   (10% less to download) and take ``pyodide.makeMemorySnapshot()``;
2. write it as ``pyodide-snapshot.<sha256[:16]>.gz``, named by its content: the gzipped bytes
   of the snapshot without its long runs of zeros (half of Pyodide's heap is unused; the page
   unpacks the rest into a zeroed buffer, half the bytes to unpack), with the table of where
   each stretch goes (``segments``) in the page's interpreter module, itself named by its
   content. A new engine makes a new snapshot, so a page can never restore an old engine's
   memory next to a new wheel, and a browser that cached one build's snapshot never takes
   another build's for it;
3. once the site's interpreter module names it (:func:`check_snapshot`), restore it in a
   fresh page through that module, as the page does, and import the engine from it: a
   snapshot that does not restore (larger than Pyodide's default heap, see Pyodide issue
   6254, or a build id mismatch) fails the build, so a page never downloads one that cannot
   work.

Snapshots are kept in ``.cache/snapshots/`` by the digest of what they are made of (the wheel,
every runtime file and this module: :func:`inputs_digest`), so a rebuild of unchanged inputs
reuses the same snapshot, same name, and skips making one (not the check).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tools.paths import ROOT, RUNTIME_DIR
from tools.wheel import HASH_LENGTH, fingerprinted_name

PREFIX = "pyodide-snapshot"
"""Snapshot files are named ``pyodide-snapshot.<sha256 of the file, 16 hex digits>.gz``."""

CACHE = ROOT / ".cache" / "snapshots"
CACHE_KEEP = 6
"""How many snapshots the cache keeps (the newest)."""

RUNTIME_MODULES = ("html", "html.entities", "zipimport", "zlib")
"""Stdlib modules that PyScript's Python side and Pyodide's loader import at start-up beyond
what ``prepare()`` imports (found by listing ``sys.modules`` in a page started afresh)."""

HOME = "/home/pyodide"
"""Pyodide's working folder: PyScript unpacks the wheel (``files``: ``"./*"``) into it."""

PREPARE = f"""
import importlib
for name in {RUNTIME_MODULES!r}:
    importlib.import_module(name)
from park.ui.startup import prepare
prepare()
"""
"""What runs in Pyodide before the snapshot is taken."""

CHECK = "import park.ui.session, park.ai, random; park.__file__"
"""Run in Pyodide restored from the snapshot: it must find the engine where PyScript puts it."""

GZIP_LEVEL = 6
"""Level 9 saves about 1% (66 KB) and takes six times as long."""

ZERO_RUN = 4096
"""Runs of at least this many zero bytes are left out of the file (the page's buffer starts
zeroed): about 150 runs, 17 MB of the 31 MB heap."""

_BLANK_PAGE = "snapshot-maker.html"
"""A blank page of the site's origin (served by the browser route, never written)."""

_MAKE_JS = """
async ([wheel, home, prepare]) => {
  const { loadPyodide } = await import("./runtime/pyodide/pyodide.mjs");
  const indexURL = new URL("./runtime/pyodide/", location.href).href;
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
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
"""

_CHECK_JS = """
async ([interpreter, check]) => {
  const { loadPyodide } = await import("./" + interpreter);
  const pyodide = await loadPyodide({});
  return [document.documentElement.dataset.parkSnapshot, pyodide.runPython(check)];
}
"""


class SnapshotError(RuntimeError):
    """The snapshot could not be made, or it does not restore."""


@dataclass(frozen=True)
class Snapshot:
    """A snapshot file in a site: its ``name`` (relative to the site), the ``size`` of the
    snapshot in bytes and the ``segments`` ``(offset, length)`` of it that the file holds, one
    after the other, gzipped (the rest is zeros). gzip's CRC-32 and length check the file."""

    name: str
    size: int
    segments: tuple[tuple[int, int], ...]

    def descriptor(self) -> str:
        """The JSON object ``web/interpreter.mjs`` is built with."""
        return json.dumps(
            {
                "url": f"./{self.name}",
                "size": self.size,
                "segments": [list(segment) for segment in self.segments],
            }
        )


def segments_of(raw: bytes) -> tuple[tuple[int, int], ...]:
    """The ``(offset, length)`` stretches of ``raw`` between its runs of at least
    :data:`ZERO_RUN` zero bytes."""
    segments: list[tuple[int, int]] = []
    at = 0
    for run in re.finditer(rb"\0{%d,}" % ZERO_RUN, raw):
        if run.start() > at:
            segments.append((at, run.start() - at))
        at = run.end()
    if at < len(raw):
        segments.append((at, len(raw) - at))
    return tuple(segments)


def pack(raw: bytes) -> tuple[Snapshot, bytes]:
    """The file content for snapshot ``raw`` (its segments, gzipped) and its :class:`Snapshot`,
    named by that content: ``pyodide-snapshot.<sha256[:16]>.gz``."""
    segments = segments_of(raw)
    packed = gzip.compress(
        b"".join(raw[at : at + length] for at, length in segments), GZIP_LEVEL, mtime=0
    )
    return Snapshot(_name_of(packed), len(raw), segments), packed


def _name_of(packed: bytes) -> str:
    return fingerprinted_name(f"{PREFIX}.gz", packed)


def unpack(snapshot: Snapshot, packed: bytes) -> bytes:
    """The snapshot bytes of a file's content ``packed`` (the inverse of :func:`pack`), as the
    page rebuilds them. Raises ``ValueError`` if the content does not fit ``snapshot``."""
    data = gzip.decompress(packed)
    if len(data) != sum(length for _, length in snapshot.segments):
        raise ValueError(f"{snapshot.name}: {len(data)} bytes for segments of another size")
    raw = bytearray(snapshot.size)
    at = 0
    for offset, length in snapshot.segments:
        raw[offset : offset + length] = data[at : at + length]
        at += length
    return bytes(raw)


DESCRIPTOR = re.compile(r"^const SNAPSHOT = (.*);$", re.MULTILINE)
"""The line of a built interpreter module that holds the snapshot's descriptor."""


def snapshot_of(interpreter_text: str) -> Snapshot | None:
    """The :class:`Snapshot` a built interpreter module names (None: built without one).
    Raises ``ValueError`` if it names none at all."""
    found = DESCRIPTOR.search(interpreter_text)
    if found is None:
        raise ValueError("no `const SNAPSHOT = ...;` line in the interpreter module")
    return _from_descriptor(found.group(1))


def _from_descriptor(text: str) -> Snapshot | None:
    """The :class:`Snapshot` of a descriptor (JSON, see :meth:`Snapshot.descriptor`; ``null``:
    none). Raises ``ValueError``, ``KeyError`` or ``TypeError`` for a malformed one."""
    value = json.loads(text)
    if value is None:
        return None
    segments = tuple((int(at), int(length)) for at, length in value["segments"])
    return Snapshot(value["url"].removeprefix("./"), value["size"], segments)


def inputs_digest(site: Path, wheel_name: str) -> str:
    """The digest of what the snapshot of ``site`` is made of, its key in the cache: sha256
    (16 hex digits) of the wheel, every runtime file (by path) and this module's source."""
    digest = hashlib.sha256()
    files = [site / wheel_name, Path(__file__)]
    files += sorted(p for p in (site / RUNTIME_DIR).rglob("*") if p.is_file())
    for path in files:
        label = path.relative_to(site) if path.is_relative_to(site) else path.name
        digest.update(f"{label}\0{path.stat().st_size}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:HASH_LENGTH]


def _in_browser(site: Path, script: str, args: list[str]) -> object:
    """Evaluate ``script`` (an async arrow function of ``args``) in a blank page of ``site``
    served on 127.0.0.1, in a fresh headless Chromium, in a child process (the caller may be
    running Playwright already: the e2e tests build sites). Returns the script's value."""
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


def _evaluate(site: Path, script: str, args: list[str]) -> object:
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


def make_snapshot(site: Path, wheel_name: str) -> bytes:
    """Start Pyodide in ``site`` (runtime and wheel), run :data:`PREPARE` and return the memory
    snapshot. Raises :class:`SnapshotError`."""
    result = _in_browser(site, _MAKE_JS, [wheel_name, HOME, PREPARE])
    assert isinstance(result, dict)
    return gzip.decompress(base64.b64decode(result["base64"]))


def check_snapshot(site: Path, interpreter: str) -> None:
    """Start Python in a fresh page of ``site`` through its interpreter module (``interpreter``,
    relative to the site), as the page does, and import the engine. Raises
    :class:`SnapshotError` unless the snapshot was restored and finds the engine."""
    found = _in_browser(site, _CHECK_JS, [interpreter, CHECK])
    if found != ["restored", f"{HOME}/park/__init__.py"]:
        raise SnapshotError(f"the snapshot does not restore in a page: {found!r}")


def _cached(cache: Path, key: str) -> tuple[Snapshot, bytes] | None:
    """The snapshot kept in ``cache`` under ``key``, or None (none, or unreadable)."""
    packed_file, descriptor_file = cache / f"{key}.gz", cache / f"{key}.json"
    try:
        packed = packed_file.read_bytes()
        found = _from_descriptor(descriptor_file.read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if found is None or found.name != _name_of(packed):
        return None
    return found, packed


def _keep(cache: Path, key: str, snapshot: Snapshot, packed: bytes) -> None:
    """Keep a snapshot in ``cache`` under ``key``; drop all but the newest :data:`CACHE_KEEP`."""
    cache.mkdir(parents=True, exist_ok=True)
    (cache / f"{key}.gz").write_bytes(packed)
    (cache / f"{key}.json").write_text(snapshot.descriptor(), encoding="utf-8")
    kept = sorted(cache.glob("*.gz"), key=lambda p: p.stat().st_mtime)
    for old in kept[:-CACHE_KEEP]:
        old.unlink(missing_ok=True)
        old.with_suffix(".json").unlink(missing_ok=True)


def build_snapshot(site: Path, wheel_name: str, cache: Path | None = CACHE) -> Snapshot:
    """Make and write the snapshot of ``site`` (its runtime and wheel are in place), or reuse
    the one in ``cache`` made of the same inputs (:func:`inputs_digest`). Raises
    :class:`SnapshotError`.

    Making a snapshot twice gives different bytes (the heap's layout varies), so the file is
    named by its own content, never by its inputs alone: a browser that cached one build's
    snapshot never takes another's for it."""
    key = inputs_digest(site, wheel_name)
    found = _cached(cache, key) if cache is not None else None
    if found is None:
        found = pack(make_snapshot(site, wheel_name))
        if cache is not None:
            _keep(cache, key, *found)
    snapshot, packed = found
    (site / snapshot.name).write_bytes(packed)
    return snapshot


def main(argv: list[str] | None = None) -> int:
    """``python -m tools.snapshot JOB OUT``: the child process of :func:`_in_browser` (JOB, a
    JSON file: site, script, args; the result is written to OUT as JSON)."""
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
