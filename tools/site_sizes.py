"""The sizes of a built site's own files: what the build prints and the page-load bench reports.

"Our own files" are everything in the site but the self-hosted runtime (``runtime/``) and the
start-up snapshot, each counted as stored (uncompressed, as the build wrote it).
"""

from __future__ import annotations

from pathlib import Path

from tools.paths import RUNTIME_DIR
from tools.snapshot_file import PREFIX as SNAPSHOT_PREFIX


def own_files(site: Path) -> dict[str, int]:
    """The size in bytes of each of ``site``'s own files, by its path in the site (``/``).

    Not the runtime's files nor the start-up snapshot.
    """
    runtime = site / RUNTIME_DIR
    return {
        path.relative_to(site).as_posix(): path.stat().st_size
        for path in sorted(site.rglob("*"))
        if path.is_file()
        and runtime not in path.parents
        and not (path.parent == site and path.name.startswith(SNAPSHOT_PREFIX))
    }
