"""Build the static site ``site/`` (what GitHub Pages serves).

    python tools/build_site.py                  # site/
    python tools/build_site.py --bare DIR       # also the bare baseline page (bench/page_load.py)

``site/`` holds:

* ``index.html``, ``boot.js``, ``main.py``, ``styles/``, ``icons/`` copied from ``web/``
  (any other ``web/**/*.py`` is copied too and listed in the PyScript ``files`` config);
  ``index.html`` gets a ``<meta name="park-prefetch">`` listing what Pyodide and PyScript
  fetch once they run (the WebAssembly, main.py, ...), which boot.js downloads
  from the start, and ``<link rel="modulepreload">`` for the modules Pyodide imports;
* ``interpreter.mjs`` (PyScript's interpreter: Pyodide, from the start-up snapshot) and
  ``snapshot_worker.mjs``, with the snapshot ``pyodide-snapshot.<sha256[:16]>.zst``
  (tools/snapshot.py) and ``stdlib-empty.zip`` (what a restored Python starts with);
* ``park-<version>-0.<sha256[:16]>-py3-none-any.whl``: the wheel, named by its content
  hash (tools/wheel.py); the interpreter module unpacks it (no micropip) only when Python
  starts afresh, since a Python restored from the snapshot holds all it needs of it;
* ``pyscript.json``: PyScript config pointing at the game's interpreter module, which starts
  the local Pyodide;
* every file ``index.html`` names that changes from build to build (``boot.js``,
  ``styles/park.css``, ``main.py``, the other Python files, ``pyscript.json``) is renamed
  ``<name>.<sha256[:16]>.<ext>`` and ``index.html`` names those: a page can only ever load
  the files of its own build (from a cache or the network), never another build's;
* ``runtime/``: Pyodide, PyScript and zstddec from node_modules, only the files the page
  loads, in folders named by their versions (``web/`` names them ``./runtime/pyodide/`` and
  so on; the build points the page's files at the versioned ones);
* ``fonts/``: the page's typeface, subset and named by content, which boot.js loads once
  the page is ready (tools/fonts.py);
* ``manifest.webmanifest`` and ``sw.js`` (Workbox, precaches every file above).

Needs the .venv and node_modules from scripts/setup.sh (--for build is enough).
"""

from __future__ import annotations

import argparse
import html
import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.bare_page import write_bare_page
from tools.build_info import build_info, write_build_info
from tools.fonts import add_fonts
from tools.icons import SIZES as ICON_SIZES
from tools.libraries import LIBRARIES_MARKER, add_libraries, libraries_meta
from tools.manifest import write_manifest
from tools.page_lists import fill_marker, fill_page_lists
from tools.page_texts import add_page_translations
from tools.paths import NODE_MODULES, ROOT, RUNTIME_DIR, SITE, WEB
from tools.runtime import (
    PYODIDE_DIR,
    copy_runtime,
    point_at_runtime,
    pyscript_config,
    pyscript_python,
)
from tools.service_worker import generate_service_worker, precached_urls
from tools.site_sizes import own_files
from tools.slim import slim_tree
from tools.snapshot import CACHE, SnapshotError, build_snapshot, check_snapshot
from tools.snapshot_file import Snapshot
from tools.wheel import BuiltWheel, build_wheel, fingerprinted_name

SNAPSHOT_MODES = ("required", "if-possible", "none")
"""Whether a build makes the memory snapshot (tools/snapshot.py): it must (the default: the
tests and the deploy), it does when a headless Chromium can be started (scripts/serve.sh on a
machine without one), or it does not (the page then always starts Python afresh)."""

INTERPRETER = "interpreter.mjs"
"""web/'s PyScript interpreter module; the build writes the snapshot's descriptor into it."""

SNAPSHOT_MARKER = re.compile(r"/\* park:snapshot \*/ null")
"""Where web/interpreter.mjs wants the snapshot's descriptor."""

SNAPSHOT_WORKER = "snapshot_worker.mjs"
"""web/'s worker that downloads and decompresses the snapshot; the build names it by its
content and writes that name into the interpreter module."""

SNAPSHOT_WORKER_MARKER = re.compile(r"/\* park:snapshot-worker \*/ null")
"""Where web/interpreter.mjs wants the worker's name."""

WHEEL_MARKER = re.compile(r"/\* park:wheel \*/ null")
"""Where web/interpreter.mjs wants the wheel's name: it unpacks the wheel when Python starts
afresh; a Python restored from the snapshot needs none of its files."""

RUNTIME_PREFETCHED = (f"{PYODIDE_DIR}/pyodide.asm.wasm", f"{PYODIDE_DIR}/pyodide-lock.json")
"""Runtime files Pyodide fetch()es once its module has loaded: boot.js downloads them from the
start (:func:`prefetch_meta`), so they download while PyScript starts. Not the standard
library's zip: a Python restored from the snapshot needs it only after the page is ready
(web/interpreter.mjs downloads it then)."""

EMPTY_STDLIB = "stdlib-empty.zip"
EMPTY_ZIP = b"PK\x05\x06" + bytes(18)
"""An empty zip (its end record only): the standard library Pyodide starts a restored Python
with, until the real one has arrived (web/interpreter.mjs)."""

RUNTIME_MODULE_PRELOADS = (f"{PYODIDE_DIR}/pyodide.mjs", f"{PYODIDE_DIR}/pyodide.asm.mjs")
"""Runtime modules the interpreter module imports, directly and then dynamically: preloaded
with it (the browser would find them one after the other)."""

GENERATED = ("pyscript.json", "manifest.webmanifest", "sw.js", EMPTY_STDLIB)
"""Files the build writes into the site; web/ must not contain them."""

FINGERPRINTED = ("boot.js", "first_screen.js", "styles/park.css", "styles/table.css", "main.py")
"""Files of web/ that index.html names and the build renames by content hash."""

PRELOAD_MARKER = re.compile(r"<!-- park:preload\b.*?-->", re.DOTALL)
"""Where web/index.html wants the build's module preload links."""

PREFETCH_MARKER = re.compile(r"<!-- park:prefetch\b.*?-->", re.DOTALL)
"""Where web/index.html wants the list of files boot.js downloads at once."""


@dataclass(frozen=True)
class SiteBuild:
    """What a build produced, for the summary and for callers such as tests.

    The site, the wheel, the precached URLs, and the content-hashed names (relative URLs,
    ``./...``) of the page's files (``renamed``: the name in web/ -> the name in the site).
    """

    site: Path
    wheel: BuiltWheel
    precached: list[str]
    renamed: dict[str, str]
    snapshot: Snapshot | None = None


@contextmanager
def _staging(final: Path) -> Iterator[Path]:
    """Yield an empty folder next to ``final``; on success, swap it in place of ``final``.

    A server already serving ``final`` (another terminal, a test run) sees the old build or
    the new one, never a half-written folder.
    """
    final.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{final.name}-new-", dir=final.parent))
    staging.chmod(0o755)
    try:
        yield staging
        old = final.with_name(f".{final.name}-old-{os.getpid()}")
        if final.exists():
            final.rename(old)
        staging.rename(final)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _copy_web(web: Path, site: Path) -> list[str]:
    """Copy the page sources; return the extra Python modules (besides main.py) to load."""
    for name in GENERATED:
        if (web / name).exists():
            raise RuntimeError(f"web/{name} would be overwritten: the build generates it")
    shutil.copytree(
        web, site, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
    )
    for name in ("index.html", INTERPRETER, SNAPSHOT_WORKER):
        text = (site / name).read_text(encoding="utf-8")
        (site / name).write_text(point_at_runtime(text, name), encoding="utf-8")
    return sorted(
        path.relative_to(site).as_posix()
        for path in site.rglob("*.py")
        if path.relative_to(site).as_posix() != "main.py"
    )


def preload_links(modules: list[str]) -> str:
    """``<link rel="modulepreload">`` elements for modules the page will ``import``."""
    return "\n  ".join(f'<link rel="modulepreload" href="{html.escape(url)}">' for url in modules)


def prefetch_meta(urls: Sequence[str], first_visit: Sequence[str] = ()) -> str:
    """The ``<meta name="park-prefetch">`` that lists the files boot.js downloads at once.

    The ``<meta name="park-prefetch">`` that lists the files boot.js downloads at once
    (``urls``, and ``first_visit`` only when no service worker controls the page: the
    snapshot, which later visits take from the copy the page keeps), for the page's later
    ``fetch()`` of each (see web/boot.js). ``<link rel="preload">`` would do it in Chromium
    and Firefox, but WebKit downloads a preloaded file again when a script fetches it
    (e2e/engines/ counts the downloads in every engine). Raises ``ValueError`` for a URL with
    a space.
    """
    for url in (*urls, *first_visit):
        if any(c.isspace() for c in url):
            raise ValueError(f"a prefetched URL has a space: {url!r}")
    extra = f' data-first-visit="{html.escape(" ".join(first_visit))}"' if first_visit else ""
    return f'<meta name="park-prefetch" content="{html.escape(" ".join(urls))}"{extra}>'


def build_site(
    site: Path = SITE,
    web: Path = WEB,
    node_modules: Path = NODE_MODULES,
    root: Path = ROOT,
    snapshot: str = "required",
    snapshot_cache: Path | None = CACHE,
) -> SiteBuild:
    """Build the game site into ``site``.

    Build the game site into ``site``, the page from ``web`` and the wheel from the project
    at ``root`` (tests build variants of either). ``snapshot`` is one of
    :data:`SNAPSHOT_MODES`; snapshots are reused from ``snapshot_cache`` (None: no cache).
    Raises ``SnapshotError`` when a required snapshot cannot be made.
    """
    if snapshot not in SNAPSHOT_MODES:
        raise ValueError(f"snapshot must be one of {SNAPSHOT_MODES}, not {snapshot!r}")
    with _staging(site) as staging:
        built = _build_site_into(staging, web, node_modules, root, snapshot, snapshot_cache)
    return SiteBuild(
        site=site,
        wheel=BuiltWheel(site / built.wheel.name, built.wheel.sha256),
        precached=built.precached,
        renamed=built.renamed,
        snapshot=built.snapshot,
    )


def _add_snapshot(
    site: Path,
    wheel: BuiltWheel,
    modules: Sequence[str],
    node_modules: Path,
    mode: str,
    cache: Path | None,
) -> tuple[Snapshot | None, str]:
    """Make the snapshot of the site being built and the interpreter module naming it.

    Make the snapshot of the site being built (as ``mode`` says), with the bytecode of the
    Python PyScript writes and runs at start-up (:func:`_python_kept`: PyScript's, read from
    ``node_modules``, and the page's ``modules`` beside ``main.py``), write the interpreter
    module naming it and its worker, and check that it restores through that module; return
    the snapshot (None: mode "none", or "if-possible" and it could not be made or checked, said
    on stderr) and the interpreter module's content-hashed name.
    """
    worker = _fingerprint(site, SNAPSHOT_WORKER)
    source = (site / INTERPRETER).read_text(encoding="utf-8")
    if mode != "none":
        snapshot: Snapshot | None = None
        interpreter: str | None = None
        try:
            sources, runs = _python_kept(site, node_modules, modules)
            snapshot = build_snapshot(site, wheel.name, sources, runs, cache)
            interpreter = _write_interpreter(site, source, snapshot, worker, wheel.name)
            check_snapshot(site, interpreter)
            return snapshot, interpreter
        except SnapshotError as exc:
            if mode == "required":
                raise
            print(
                f"note: built without the start-up snapshot ({exc}); the page works, and starts "
                "about twice as slowly. Install Chromium (see docs/local.md) to build it.",
                file=sys.stderr,
            )
            for made in (snapshot.name if snapshot else None, interpreter):
                if made is not None:
                    (site / made).unlink(missing_ok=True)
    return None, _write_interpreter(site, source, None, worker, wheel.name)


def _python_kept(
    site: Path, node_modules: Path, modules: Sequence[str]
) -> tuple[dict[str, str], list[str]]:
    """The Python the page writes and runs at start-up, whose bytecode the snapshot keeps.

    The files PyScript writes (its package, and the page's ``modules`` beside ``main.py``),
    each text by its path from Python's working folder; and the scripts PyScript runs through
    Pyodide's ``eval_code_async``, as it runs them (its package's writer and ``main.py``).
    Raises :class:`SnapshotError` if PyScript's cannot be read (Node missing or failing).
    """
    try:
        pyscript = pyscript_python(node_modules)
    except (RuntimeError, ValueError) as exc:
        raise SnapshotError(str(exc)) from exc
    files = pyscript.files | {name: (site / name).read_text(encoding="utf-8") for name in modules}
    return files, [pyscript.writer, (site / "main.py").read_text(encoding="utf-8")]


def _literally(value: str) -> Callable[[re.Match[str]], str]:
    """A replacement for ``re.sub`` that is ``value`` as it is (no group references)."""
    return lambda _: value


def _write_interpreter(
    site: Path, source: str, snapshot: Snapshot | None, worker: str, wheel: str
) -> str:
    """Write the interpreter module into the site; return its content-hashed name.

    Write the interpreter module (``source``, web/'s) with the snapshot's descriptor, its
    worker's name (``worker``, in the site) and the wheel's (``wheel``) into the site; return
    the module's content-hashed name.
    """
    descriptor = snapshot.descriptor() if snapshot is not None else "null"
    text = source
    for marker, value in (
        (SNAPSHOT_MARKER, descriptor),
        (SNAPSHOT_WORKER_MARKER, json.dumps(f"./{worker}")),
        (WHEEL_MARKER, json.dumps(f"./{wheel}")),
    ):
        text, found = marker.subn(_literally(value), text)
        if found != 1:
            raise RuntimeError(f"{INTERPRETER}: expected one {marker.pattern}, found {found}")
    (site / INTERPRETER).write_text(text, encoding="utf-8")
    return _fingerprint(site, INTERPRETER)


def _build_site_into(
    site: Path, web: Path, node_modules: Path, root: Path, mode: str, cache: Path | None
) -> SiteBuild:
    """Write the game site into the empty folder ``site``."""
    extra_modules = _copy_web(web, site)
    slim_tree(site)  # the page's own modules, as the wheel's (tools/slim.py)
    fill_page_lists(site)
    add_fonts(site, node_modules, root)  # fonts/: the page's typeface (tools/fonts.py)
    wheel = build_wheel(root, site)
    copy_runtime(node_modules, site / RUNTIME_DIR)
    fill_marker(site / "index.html", LIBRARIES_MARKER, libraries_meta(add_libraries(site)))
    (site / EMPTY_STDLIB).write_bytes(EMPTY_ZIP)
    snapshot, interpreter = _add_snapshot(site, wheel, extra_modules, node_modules, mode, cache)
    renamed = {name: _fingerprint(site, name) for name in (*FINGERPRINTED, *extra_modules)}
    renamed[INTERPRETER] = interpreter
    files = {f"./{renamed[module]}": f"./{module}" for module in extra_modules}
    config = pyscript_config(f"./{renamed[INTERPRETER]}", files)
    (site / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    renamed["pyscript.json"] = _fingerprint(site, "pyscript.json")
    index = site / "index.html"
    _name_fingerprinted_files(index, renamed)
    fetched = [f"./{RUNTIME_DIR}/{name}" for name in RUNTIME_PREFETCHED]
    fetched += [f"./{renamed['pyscript.json']}", *files, f"./{renamed['main.py']}"]
    first_visit = [] if snapshot is None else [f"./{snapshot.name}"]
    fill_marker(index, PREFETCH_MARKER, prefetch_meta(fetched, first_visit))
    modules = [f"./{RUNTIME_DIR}/{name}" for name in RUNTIME_MODULE_PRELOADS]
    fill_marker(index, PRELOAD_MARKER, preload_links(modules))
    write_build_info(index, build_info(root, snapshot))
    add_page_translations(site)  # the first screen's texts before Python (tools/page_texts.py)
    write_manifest(site, ICON_SIZES)
    sw = generate_service_worker(site, node_modules)
    urls = {name: f"./{path}" for name, path in renamed.items()}
    return SiteBuild(
        site=site, wheel=wheel, precached=precached_urls(sw), renamed=urls, snapshot=snapshot
    )


def _fingerprint(site: Path, name: str) -> str:
    """Rename ``site/name`` by its content hash; return the new name (relative to ``site``)."""
    new = fingerprinted_name(name, (site / name).read_bytes())
    (site / name).rename(site / new)
    return new


def _name_fingerprinted_files(index: Path, renamed: dict[str, str]) -> None:
    """Point the ``src``, ``href`` and ``config`` attributes of ``index`` at the renamed files."""
    text = index.read_text(encoding="utf-8")
    for old, new in renamed.items():
        pattern = re.compile(rf'((?:src|href|config)=")\./{re.escape(old)}"')
        text, found = pattern.subn(rf'\g<1>./{new}"', text)
        if found != 1 and old in (*FINGERPRINTED, INTERPRETER, "pyscript.json"):
            raise RuntimeError(f"{index}: expected one reference to ./{old}, found {found}")
    index.write_text(text, encoding="utf-8")


def build_bare_site(site: Path, node_modules: Path = NODE_MODULES) -> Path:
    """Build the bare PyScript baseline page into ``site``, from the same runtime files."""
    with _staging(site) as staging:
        _build_bare_site_into(staging, node_modules)
    return site


def _build_bare_site_into(site: Path, node_modules: Path) -> None:
    """Write the bare baseline page into the empty folder ``site``."""
    (site / ".gitignore").write_text("# built by tools/build_site.py\n*\n", encoding="utf-8")
    copy_runtime(node_modules, site / RUNTIME_DIR)
    config = pyscript_config(f"./{RUNTIME_DIR}/{PYODIDE_DIR}/pyodide.mjs")
    (site / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    write_bare_page(site)
    generate_service_worker(site, node_modules)


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=SITE, help="output folder (default: site/)")
    parser.add_argument(
        "--bare",
        type=Path,
        default=None,
        help="also build the bare PyScript baseline page (benchmark) here",
    )
    parser.add_argument(
        "--snapshot",
        choices=SNAPSHOT_MODES,
        default="required",
        help="make the start-up memory snapshot: required (default), if-possible, none",
    )
    args = parser.parse_args(argv)

    try:
        built = build_site(args.site, snapshot=args.snapshot)
    except SnapshotError as exc:
        print(f"error: the start-up snapshot could not be made: {exc}", file=sys.stderr)
        print(
            "(--snapshot if-possible builds without it; after a Pyodide or PyScript upgrade, "
            "deleting .cache/snapshots/ makes it afresh)",
            file=sys.stderr,
        )
        return 1
    own = sum(own_files(args.site).values())
    runtime = _size(args.site / RUNTIME_DIR)
    snapshot = built.snapshot
    packed = (args.site / snapshot.name).stat().st_size if snapshot else 0
    print(
        f"built {args.site}: {built.wheel.name}, {len(built.precached)} files precached, "
        f"{own / 1024:.1f} KiB of our own files (+ runtime {runtime / 1e6:.1f} MB"
        + (f", + start-up snapshot {packed / 1e6:.1f} MB)" if snapshot else ", no snapshot)")
    )
    if args.bare is not None:
        build_bare_site(args.bare)
        print(f"built {args.bare} (bare PyScript baseline, not deployed)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
