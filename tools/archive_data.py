"""Archive the shipped material (board, deck, scoring board) by its fingerprint.

Archive the shipped material (board, deck, scoring board) by its fingerprint, so games saved
with it replay exactly after the data files change (``park.engine.archive``).

    .venv/bin/python tools/archive_data.py

Writes ``src/park/data/archive/<fingerprint>.json`` if it is not there yet; run it after changing a
data file (``tests/engine/test_save_updates.py`` fails until then) and commit the new file. Earlier
versions stay: saves made with them keep working.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` (and so `park`) importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import tools  # noqa: F401  (puts src/ on sys.path)

from park.engine.archive import ARCHIVE_DIR, fingerprint, shipped_material
from park.engine.ruleset import standard_ruleset
from tools.paths import ROOT

ARCHIVE = ROOT / "src" / "park" / "data" / ARCHIVE_DIR


def archive_shipped_material(archive: Path = ARCHIVE) -> Path:
    """Write the shipped material's archive file (unchanged if it exists); return its path."""
    path = archive / f"{fingerprint(standard_ruleset())}.json"
    if not path.exists():
        archive.mkdir(parents=True, exist_ok=True)
        text = json.dumps(shipped_material(), ensure_ascii=False, sort_keys=True)
        path.write_text(text + "\n", encoding="utf-8")
    return path


def main() -> int:
    """Archive the shipped material and say where."""
    path = archive_shipped_material()
    print(f"the shipped material is archived in {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
