"""Python runs without JSPI in the page and in the build's snapshot maker (issue 53).

Chromium's tab crashed when its heap profiler walked one of the stacks JSPI gives WebAssembly,
where Pyodide ran every call into Python (docs/browsers.md). The page removes JSPI before
Pyodide looks for it, and the snapshot is made the same way, so that the restored Python's own
state (which of Pyodide's functions ``run_sync`` is, fixed when Python starts) agrees with it.
"""

from __future__ import annotations

import re

from tools.paths import NODE_MODULES, WEB
from tools.snapshot import _MAKE_JS, NO_JSPI_JS


def test_the_page_removes_jspi_before_pyodide_starts() -> None:
    interpreter = (WEB / "interpreter.mjs").read_text(encoding="utf-8")
    removed = interpreter.index(NO_JSPI_JS)
    assert removed < interpreter.index("async function start()")
    assert removed < interpreter.index('import("./runtime/pyodide/pyodide.asm.mjs")')


def test_the_snapshot_is_made_without_jspi() -> None:
    assert _MAKE_JS.index(NO_JSPI_JS) < _MAKE_JS.index("loadPyodide(")


def test_every_name_pyodide_looks_for_is_removed() -> None:
    """Pyodide looks for JSPI by the names it tests with ``"X" in WebAssembly`` (two APIs)."""
    runtime = (NODE_MODULES / "pyodide" / "pyodide.asm.mjs").read_text(encoding="utf-8")
    looked_for = set(re.findall(r'"(\w+)"\s*in\s+WebAssembly', runtime))
    assert looked_for >= {"Suspending", "Suspender"}
    assert looked_for <= set(re.findall(r'"(\w+)"', NO_JSPI_JS))
    assert '"promising"' in NO_JSPI_JS  # what the standard API calls into Python with
