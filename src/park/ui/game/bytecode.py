"""Bytecode compiled when the start-up snapshot is made, for the files the page writes (issue 51).

The page's Python that is not in the snapshot (PyScript's own package, the page's modules
beside ``main.py``) arrives as source and is written to Pyodide's file system on every load,
and importing it compiled it every time (0.3-0.45 s of a phone's start, docs/startup.md). The
build compiles each of those
sources in the snapshot's Python (the page's version and optimisation level) as PEP 552
*checked* hash-based bytecode, kept in this module's memory, so in the snapshot. After a
restore the page writes each where the import system looks for it (the source's
``__pycache__`` folder, :func:`importlib.util.cache_from_source`); the import system uses it
only for a source file whose hash is the one it was compiled from, and compiles any other
source as before.

PyScript also runs Python that is no file: the 33 KB script that writes its package
(``@pyscript/core``'s ``stdlib``) and ``main.py``, through Pyodide's ``eval_code_async``
(``_pyodide._base``), which parses, tokenizes, transforms and compiles each on every load
(about 45 ms of Python on a desktop, 0.07 s of a phone's start measured). :func:`keep_runs`
compiles such scripts the way that machinery does, when the snapshot is made, and has it run
the kept code for the very same text with the very same options; any other text is compiled
as before.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import marshal
import os
from collections.abc import Generator, Iterable, Mapping
from types import CodeType, ModuleType
from typing import Any

_KEPT: dict[str, bytes] = {}
"""Bytecode to write after a restore: each file's bytes by its path."""

_CHECKED_HASH = (0b11).to_bytes(4, "little")
"""A ``.pyc`` header's flags (PEP 552): hash-based, and the hash checked against the source."""


def compile_sources(sources: Mapping[str, str]) -> dict[str, bytes]:
    """Checked hash-based bytecode of each source, by where the import system looks for it.

    Each ``.pyc`` is as PEP 552 lays it out (this Python's magic number, the flags, the
    source's hash, the marshalled code), compiled at this Python's optimisation level.

    Args:
        sources: each source file's text by the absolute path it will have when it is
            imported (written as UTF-8).

    Returns:
        For each source, its ``.pyc`` file's bytes, by that file's path (for this Python's
        version and optimisation level).

    Raises:
        SyntaxError: a source does not compile.
    """
    compiled = {}
    for path, text in sources.items():
        data = text.encode("utf-8")
        code = compile(data, path, "exec", dont_inherit=True)
        header = importlib.util.MAGIC_NUMBER + _CHECKED_HASH + importlib.util.source_hash(data)
        compiled[importlib.util.cache_from_source(path)] = header + marshal.dumps(code)
    return compiled


def keep(sources: Mapping[str, str]) -> int:
    """Compile ``sources`` (see :func:`compile_sources`) and keep the bytecode; how many files."""
    _KEPT.update(compile_sources(sources))
    return len(_KEPT)


def write_kept() -> int:
    """Write each kept bytecode file where the import system looks for it.

    A file that cannot be written is left out (its source is compiled when imported, as
    without this). Returns how many were written.
    """
    written = 0
    for path, data in _KEPT.items():
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as file:
                file.write(data)
        except OSError:
            continue
        written += 1
    return written


_RunKey = tuple[str, tuple[tuple[str, Any], ...]]
"""A script's SHA-256 (hex) and the options it is compiled with, sorted by name."""

_RUNS: dict[_RunKey, CodeType] = {}
"""Code kept for scripts run through Pyodide's ``eval_code_async``, by :data:`_RunKey`."""

_TOP_LEVEL_AWAIT = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
"""The flag ``eval_code_async`` compiles with (top-level ``await`` allowed)."""

_COMPILER = "_parse_and_compile_gen"
"""The generator Pyodide's ``CodeRunner`` compiles a script with (``_pyodide._base``)."""


def _run_key(source: str, options: Mapping[str, Any]) -> _RunKey:
    """The :data:`_RunKey` of ``source`` compiled with ``options``."""
    return hashlib.sha256(source.encode("utf-8")).hexdigest(), tuple(sorted(options.items()))


def keep_runs(sources: Iterable[str], base: ModuleType) -> int:
    """Compile each script as ``base`` compiles it, and have ``base`` run the kept code.

    ``base`` is Pyodide's ``_pyodide._base``: its ``CodeRunner`` compiles a script through its
    generator ``_parse_and_compile_gen(source, **options)`` (parse, yield the syntax tree for the
    caller to change, then transform and compile it). Each script is compiled as
    ``eval_code_async`` compiles it (top-level ``await`` allowed: how PyScript runs a
    ``<script type="py">`` and its own package's writer), the code kept, and
    ``base._parse_and_compile_gen`` replaced by one that, for a kept script with the same
    options, yields an empty tree and returns the kept code; any other script is compiled as
    before. A caller that changes that empty tree gets a ``ValueError`` rather than code that
    ignores its change (PyScript changes none).

    Args:
        sources: the scripts' texts, exactly as they will be run.
        base: the module whose ``CodeRunner`` and ``_parse_and_compile_gen`` are used.

    Returns:
        How many scripts are kept in all.

    Raises:
        SyntaxError: a script does not compile.
    """
    compiling = getattr(base, _COMPILER)
    original = getattr(compiling, "park_original", compiling)

    def recording(source: str, **options: Any) -> Generator[ast.Module, ast.Module, CodeType]:
        code: CodeType = yield from original(source, **options)
        _RUNS[_run_key(source, options)] = code
        return code

    setattr(base, _COMPILER, recording)
    try:
        for source in sources:
            base.CodeRunner(source, flags=_TOP_LEVEL_AWAIT).compile()
    finally:
        setattr(base, _COMPILER, compiling)

    def kept_or_compiled(
        source: str, **options: Any
    ) -> Generator[ast.Module, ast.Module, CodeType]:
        code = _RUNS.get(_run_key(source, options))
        if code is None:
            compiled: CodeType = yield from original(source, **options)
            return compiled
        tree = ast.Module(body=[], type_ignores=[])
        changed = yield tree
        if changed is not tree or tree.body:
            raise ValueError("a kept script's code cannot take a changed syntax tree")
        return code

    kept_or_compiled.park_original = original  # type: ignore[attr-defined]
    setattr(base, _COMPILER, kept_or_compiled)
    return len(_RUNS)
