"""Serving a built site's interpreter module changed for a test of the snapshot (issues 10, 51).

Shared by ``e2e/test_snapshot.py`` and ``e2e/test_snapshot_code.py``: the module can name
another snapshot, expose the started Python to the test (:data:`PYTHON_JS`), and have Python
note what it compiles after a restore (:data:`AUDIT`).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, Route
from tools.snapshot_file import Snapshot

from e2e.support import site_interpreter, site_snapshot

EXPOSE = (
    "\nglobalThis.parkTestPython = started;\n"
    "globalThis.parkTestRestoredModules = started.then("
    "(pyodide) => pyodide.runPython('import json, sys; json.dumps(sorted(sys.modules))'));\n"
)
"""Appended to the interpreter module by :func:`serve_interpreter` for :data:`PYTHON_JS`.

It comes with the modules Python holds as it is handed to PyScript (as restored, when it is),
for :data:`RESTORED_MODULES_JS`.
"""

PYTHON_JS = "async (code) => (await globalThis.parkTestPython).runPython(code)"
"""Run Python code in the page's interpreter (exposed by :data:`EXPOSE`); its value back."""

AFTER_RESTORE_PATH = "sys.path[:] = list(dict.fromkeys(sys.path))\n"
"""A line of the code the interpreter module runs once Python is restored."""

AUDIT = (
    "sys.parkCompiled = []\n"
    "sys.parkCompiledTexts = []\n"
    "sys.addaudithook(lambda event, args: (sys.parkCompiled.append(str(args[1])),"
    " sys.parkCompiledTexts.append(args[0].decode() if isinstance(args[0], bytes) else ''))"
    " if event == 'compile' else None)\n"
)
"""Python code that notes each source compiled from then on: the ``compile`` audit event's file
name (``<exec>`` and the like for code that is not a file's) in ``sys.parkCompiled``, and the
text compiled (the event gives it as UTF-8; empty for a syntax tree) in
``sys.parkCompiledTexts``."""

RESTORED_MODULES_JS = "async () => JSON.parse(await globalThis.parkTestRestoredModules)"
"""The modules the page's Python held before PyScript ran anything (exposed by EXPOSE)."""


def own_snapshot(site_dir: Path) -> Snapshot:
    """The snapshot of the site in ``site_dir`` (the test fails if it was built without one)."""
    found = site_snapshot(site_dir)
    assert found is not None, "the site was built without a snapshot"
    return found


def serve_interpreter(
    page: Page,
    site_dir: Path,
    snapshot: Snapshot | None = None,
    expose: bool = False,
    audit: bool = False,
) -> None:
    """Serve the site's interpreter module, changed for the test.

    It names ``snapshot`` instead of its own and/or exposes its Python to the test, and with
    ``audit`` its Python notes each file it compiles from then on (:data:`AUDIT`).
    """
    text = (site_dir / site_interpreter(site_dir)).read_text(encoding="utf-8")
    if audit:
        assert AFTER_RESTORE_PATH in text
        text = text.replace(AFTER_RESTORE_PATH, AFTER_RESTORE_PATH + AUDIT)
    if snapshot is not None:
        own = own_snapshot(site_dir).descriptor()
        assert own in text
        text = text.replace(own, snapshot.descriptor())
    if expose:
        text += EXPOSE

    def serve(route: Route) -> None:
        route.fulfill(status=200, body=text, content_type="text/javascript")

    page.route(f"**/{site_interpreter(site_dir)}", serve)
