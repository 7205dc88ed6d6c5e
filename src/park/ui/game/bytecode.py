"""Bytecode compiled when the start-up snapshot is made, for the files the page writes (issue 51).

The page's Python that is not in the snapshot (PyScript's own package, the page's modules
beside ``main.py``) arrives as source and is written to Pyodide's file system on every load,
and importing it compiled it: about 1.2 s of a phone's start. The build compiles each of those
sources in the snapshot's Python (the page's version and optimisation level) as PEP 552
*checked* hash-based bytecode, kept in this module's memory, so in the snapshot. After a
restore the page writes each where the import system looks for it (the source's
``__pycache__`` folder, :func:`importlib.util.cache_from_source`); the import system uses it
only for a source file whose hash is the one it was compiled from, and compiles any other
source as before.
"""

from __future__ import annotations

import importlib.util
import os
import py_compile
import tempfile
from collections.abc import Mapping

_KEPT: dict[str, bytes] = {}
"""Bytecode to write after a restore: each file's bytes by its path."""


def compile_sources(sources: Mapping[str, str]) -> dict[str, bytes]:
    """Checked hash-based bytecode of each source, by where the import system looks for it.

    Args:
        sources: each source file's text (UTF-8) by the absolute path it will have when it is
            imported.

    Returns:
        For each source, its ``.pyc`` file's bytes, by that file's path (for this Python's
        version and optimisation level).

    Raises:
        py_compile.PyCompileError: a source does not compile.
    """
    compiled = {}
    with tempfile.TemporaryDirectory() as folder:
        source, cached = os.path.join(folder, "source.py"), os.path.join(folder, "source.pyc")
        for path, text in sources.items():
            with open(source, "w", encoding="utf-8", newline="") as file:
                file.write(text)
            py_compile.compile(
                source,
                cfile=cached,
                dfile=path,
                doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH,
            )
            with open(cached, "rb") as file:
                compiled[importlib.util.cache_from_source(path)] = file.read()
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
