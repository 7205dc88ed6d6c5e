"""Build, serve and benchmark tooling for the Park static site (not part of the wheel).

The build reads the game's own source of this checkout (the languages, the AI levels, the
page's messages, the modules the start-up snapshot holds), so ``src/`` is put first on
``sys.path`` here, once for every tool: ``python tools/build_site.py`` and ``python -m
tools.serve`` work in a checkout where the project is not installed (``scripts/setup.sh
--for build`` does not install it), and never build from another copy of ``park``.
"""

import sys
from pathlib import Path

_SOURCE = str(Path(__file__).resolve().parents[1] / "src")
if _SOURCE not in sys.path:
    sys.path.insert(0, _SOURCE)
