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
"""

from __future__ import annotations

import importlib.util
import marshal
import os
from collections.abc import Mapping

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
