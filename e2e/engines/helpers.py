"""Helpers of the cross-engine suite (issue 28).

The engines it runs in (``$PARK_ENGINES``), and screenshots named by engine.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from tools.engines import ENGINES, EnginePage

from e2e.support import SCREENSHOTS

ENGINES_UNDER_TEST = tuple(
    name.strip()
    for name in os.environ.get("PARK_ENGINES", "firefox,webkit").split(",")
    if name.strip()
)
"""The engines this suite runs in (``PARK_ENGINES=``: none, its tests reported as skipped)."""

unknown = [name for name in ENGINES_UNDER_TEST if name not in ENGINES]
if unknown:
    raise pytest.UsageError(f"PARK_ENGINES names unknown engines: {unknown}")


def engine_screenshot(page: EnginePage, name: str) -> Path:
    """Save a screenshot as ``e2e/screenshots/<engine>-<name>.png`` and return its path."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{page.engine}-{name}.png")
    page.screenshot(path)
    return path
