"""The pure-Python libraries the page unpacks on first use, not at start-up.

Openskill, for the puzzle rating. ``tools/libraries.py`` packs each into a zip named by its content
and writes its address into ``<meta name="park-library-<name>">``; the service worker precaches it,
so this works offline too.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys

from dom import found
from pyscript import document  # type: ignore[import-not-found]

LIBRARIES_DIR = "/home/pyodide/park-libraries"
"""Where the libraries are unpacked (put on ``sys.path``)."""


async def load_library(name: str) -> None:
    """Make the library ``name`` importable: unpack its zip from the site the first time.

    Raises ``RuntimeError`` if the page names no such library, or what the download raises.
    """
    if importlib.util.find_spec(name) is not None:
        return
    from pyodide.http import pyfetch  # type: ignore[import-not-found]

    meta = document.querySelector(f'meta[name="park-library-{name}"]')
    if not found(meta):
        raise RuntimeError(f"this build of the page has no library {name}")
    response = await pyfetch(str(meta.content))
    if not response.ok:
        raise RuntimeError(f"the library {name} could not be downloaded ({response.status})")
    await response.unpack_archive(extract_dir=LIBRARIES_DIR, format="zip")
    if LIBRARIES_DIR not in sys.path:
        sys.path.append(LIBRARIES_DIR)
    importlib.invalidate_caches()
