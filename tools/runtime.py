"""Copy the self-hosted runtime from node_modules into a site.

Copy the self-hosted runtime (Pyodide + PyScript, zstddec for the start-up snapshot and
idiomorph for redraws) from node_modules into a site.

Only the files the page loads are copied. PyScript imports the small entry chunk of each
built-in plugin (editor, terminal, game, donkey) at start-up whatever the config says (the
MicroPython script type has no config on our page and so enables every plugin; seen with
0.7.31), so those chunks are copied. The large bundles they load lazily, CodeMirror for
``<script type="py-editor">`` and xterm.js for ``terminal`` scripts, are never requested
by our page and are left out: the e2e tests fail on any 404 or console error and reload
the page offline from the service worker, which precaches only what is copied here.
Every file in PyScript's ``dist/`` must be classified below, so a version bump that adds
a chunk fails the build instead of silently breaking the page.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
ZSTDDEC_VERSION = "0.3.4"
"""zstddec: the Zstandard decoder (Zstandard's own, built for WebAssembly, in one JavaScript
module; MIT and BSD) that unpacks the start-up snapshot."""
IDIOMORPH_VERSION = "0.8.0"
"""idiomorph: patches the page's elements to new markup (a DOM morph; 0BSD), so focus, scroll
positions and open ``<details>`` survive a redraw (issue 24)."""

PYODIDE_DIR = f"pyodide-{PYODIDE_VERSION}"
PYSCRIPT_DIR = f"pyscript-{PYSCRIPT_VERSION}"
ZSTDDEC_DIR = f"zstddec-{ZSTDDEC_VERSION}"
IDIOMORPH_DIR = f"idiomorph-{IDIOMORPH_VERSION}"
"""The runtime's folders in a site (under ``runtime/``), named by version: a runtime file's
URL changes with its content, like our fingerprinted files, so the service worker precaches it
from the browser's HTTP cache (Workbox re-downloads a URL that carries a revision instead)."""

RUNTIME_URLS = {
    "./runtime/pyodide/": f"./runtime/{PYODIDE_DIR}/",
    "./runtime/pyscript/": f"./runtime/{PYSCRIPT_DIR}/",
    "./runtime/zstddec/": f"./runtime/{ZSTDDEC_DIR}/",
    "./runtime/idiomorph/": f"./runtime/{IDIOMORPH_DIR}/",
}
"""The runtime's folders as ``web/`` names them, and as a built site holds them."""

PYODIDE_FILES = (
    "pyodide.mjs",  # the module PyScript imports (`interpreter` in the config)
    "pyodide.asm.mjs",  # Emscripten glue
    "pyodide.asm.wasm",  # the interpreter
    "python_stdlib.zip",  # the standard library
    "pyodide-lock.json",  # package index, read at start-up
)
"""Pyodide's core: everything `loadPyodide()` fetches for a start without packages."""

# PyScript dist/ files by the name before Rollup's content hash ("core-C9KDLldu.js" -> "core").
PYSCRIPT_NEEDED = {
    "core.js": "entry point",
    "core.css": "hides <script type=py> output targets until ready",
    "core": "the core chunk",
    "error": "error plugin: shows Python tracebacks on the page",
    "deprecations-manager": "warns about deprecated PyScript usage",
    "donkey": "plugin entry chunk, imported at start-up",
    "py-editor": "plugin entry chunk, imported at start-up (CodeMirror itself is not)",
    "py-game": "plugin entry chunk, imported at start-up",
    "py-terminal": "plugin entry chunk, imported at start-up (xterm.js itself is not)",
}
PYSCRIPT_UNUSED = {
    "codemirror": "py-editor only",
    "codemirror_commands": "py-editor only",
    "codemirror_lang-python": "py-editor only",
    "codemirror_language": "py-editor only",
    "codemirror_state": "py-editor only",
    "codemirror_view": "py-editor only",
    "index": "CodeMirror internals, py-editor only",
    "py": "terminal for Pyodide, py-terminal only",
    "mpy": "terminal for MicroPython, py-terminal only",
    "xterm": "py-terminal only",
    "xterm-readline": "py-terminal only",
    "xterm_addon-fit": "py-terminal only",
    "xterm_addon-web-links": "py-terminal only",
    "xterm.css": "py-terminal only",
    "zip": "unpacks archives for MicroPython only (Pyodide has its own unpackArchive)",
    "toml": "TOML configs and py-editor/py-game only; our config is JSON",
    "pyodide_graph": "only for the config's `packages` (micropip), which we do not use",
    "storage.js": "pyscript.storage module, not used",
    "service-worker.js": "PyScript's own (empty) service worker, not used",
}

_CHUNK = re.compile(r"^(?P<base>.+)-[A-Za-z0-9_-]{8}\.js$")


def _base_name(file_name: str) -> str:
    """Strip Rollup's 8-character content hash: ``core-C9KDLldu.js`` -> ``core``."""
    match = _CHUNK.match(file_name)
    return match["base"] if match else file_name


def _check_version(package_dir: Path, expected: str) -> None:
    """Fail unless node_modules holds the pinned version of a package."""
    manifest = package_dir / "package.json"
    if not manifest.is_file():
        raise FileNotFoundError(f"{package_dir} is missing: run `npm ci` (scripts/setup.sh)")
    found = json.loads(manifest.read_text(encoding="utf-8"))["version"]
    if found != expected:
        raise RuntimeError(f"{package_dir.name} {found} installed, {expected} pinned: run `npm ci`")


def pyscript_files(dist: Path) -> list[Path]:
    """Return the PyScript dist files the page needs; fail on any unclassified file."""
    needed: list[Path] = []
    unknown: list[str] = []
    for path in sorted(dist.iterdir()):
        if path.suffix == ".map":
            continue  # source maps: fetched by dev tools only
        base = _base_name(path.name)
        if base in PYSCRIPT_NEEDED:
            needed.append(path)
        elif base not in PYSCRIPT_UNUSED:
            unknown.append(path.name)
    if unknown:
        raise RuntimeError(f"unclassified PyScript files (see tools/runtime.py): {unknown}")
    return needed


PYSCRIPT_STDLIB = "@pyscript/core/src/stdlib.js"
"""PyScript's module that holds its Python package (``stdlib/pyscript.js``, imported) and the
script that writes it (``stdlib``)."""

_READ_PYSCRIPT_JS = """
import files from {files};
import {{ stdlib }} from {stdlib};
process.stdout.write(JSON.stringify({{ files, writer: stdlib }}));
"""


@dataclass(frozen=True)
class PyScriptPython:
    """The Python that PyScript brings to a page.

    ``files``: its package's files, each text by its path from Python's working folder
    (``pyscript/...``); ``writer``: the script PyScript runs at start-up to write them (one
    ``_path.write_text(...)`` per file, then ``import pyscript``), PyScript's own text to the
    byte, which a ``<script type="py">`` (PyScript's async run) hands Pyodide's
    ``eval_code_async``.
    """

    files: dict[str, str]
    writer: str


def pyscript_python(node_modules: Path) -> PyScriptPython:
    """Read :class:`PyScriptPython` from PyScript's own modules, with Node.

    Raises ``RuntimeError`` if Node is missing or fails, ``ValueError`` if the package is not
    a tree of folders and files.
    """
    stdlib = node_modules / PYSCRIPT_STDLIB
    files = stdlib.parent / "stdlib" / "pyscript.js"
    script = _READ_PYSCRIPT_JS.format(
        files=json.dumps(files.resolve().as_uri()), stdlib=json.dumps(stdlib.resolve().as_uri())
    )
    try:
        done = subprocess.run(
            ["node", "--input-type=module", "-e", script], capture_output=True, check=False
        )
    except OSError as exc:
        raise RuntimeError(f"node could not be run to read {PYSCRIPT_STDLIB}: {exc}") from exc
    if done.returncode != 0 or not done.stdout:
        detail = done.stderr.decode("utf-8", "replace")
        raise RuntimeError(f"node could not read {PYSCRIPT_STDLIB}:\n{detail}")
    read = json.loads(done.stdout.decode("utf-8"))
    sources: dict[str, str] = {}

    def walk(folder: str, node: dict[str, object]) -> None:
        for name, value in node.items():
            path = f"{folder}{name}"
            if isinstance(value, str):
                sources[path] = value
            elif isinstance(value, dict):
                walk(f"{path}/", value)
            else:
                raise ValueError(f"{files}: {path} is neither a file nor a folder")

    walk("", read["files"])
    return PyScriptPython(sources, str(read["writer"]))


def copy_runtime(node_modules: Path, dest: Path) -> None:
    """Copy the needed Pyodide, PyScript, zstddec and idiomorph files into ``dest``.

    Copy the needed Pyodide, PyScript, zstddec and idiomorph files into
    ``dest/<PYODIDE_DIR>``, ``dest/<PYSCRIPT_DIR>``, ``dest/<ZSTDDEC_DIR>`` and
    ``dest/<IDIOMORPH_DIR>``.
    """
    pyodide = node_modules / "pyodide"
    pyscript = node_modules / "@pyscript" / "core"
    _check_version(pyodide, PYODIDE_VERSION)
    _check_version(pyscript, PYSCRIPT_VERSION)

    (dest / PYODIDE_DIR).mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(pyodide / name, dest / PYODIDE_DIR / name)

    (dest / PYSCRIPT_DIR).mkdir(parents=True, exist_ok=True)
    for path in pyscript_files(pyscript / "dist"):
        shutil.copyfile(path, dest / PYSCRIPT_DIR / path.name)
    shutil.copyfile(pyscript / "LICENSE", dest / PYSCRIPT_DIR / "LICENSE")

    for package, version, folder, script in (
        ("zstddec", ZSTDDEC_VERSION, ZSTDDEC_DIR, "zstddec.mjs"),
        ("idiomorph", IDIOMORPH_VERSION, IDIOMORPH_DIR, "idiomorph.min.js"),
    ):
        _check_version(node_modules / package, version)
        (dest / folder).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(node_modules / package / "dist" / script, dest / folder / script)
        shutil.copyfile(node_modules / package / "LICENSE", dest / folder / "LICENSE")


def point_at_runtime(text: str, name: str) -> str:
    """``text`` with the runtime's folders as a built site holds them.

    ``text`` (the file ``name`` of ``web/``) with the runtime's folders as a built site
    holds them (:data:`RUNTIME_URLS`). Raises ``RuntimeError`` if it names none of them.
    """
    for logical, built in RUNTIME_URLS.items():
        text = text.replace(logical, built)
    if not any(built in text for built in RUNTIME_URLS.values()):
        raise RuntimeError(f"{name} names no runtime folder ({', '.join(RUNTIME_URLS)})")
    return text


def pyscript_config(interpreter: str, files: dict[str, str] | None = None) -> dict[str, object]:
    """Return a PyScript config that loads the local Pyodide (never a CDN).

    ``interpreter`` is the module PyScript imports to start Pyodide, relative to the page:
    ``"./runtime/<PYODIDE_DIR>/pyodide.mjs"`` or a module exporting the same ``loadPyodide`` and
    ``version`` (the game's ``interpreter.<hash>.mjs``).
    """
    config: dict[str, object] = {"interpreter": interpreter}
    if files:
        config["files"] = files
    return config
