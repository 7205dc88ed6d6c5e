"""The layers of the ``park`` package (ARCHITECTURE.md, issue 14).

Imports run one way (page -> ui -> ai -> engine -> data, the command line beside), modules stay
small (the page's too, and the tests'), and each says in its opening docstring what it owns. The
page's own wiring: ``tests/web/test_page_wiring.py``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.helpers import ROOT, SRC, TESTS, WEB

MODULES = sorted(SRC.rglob("*.py"))
TEST_MODULES = sorted(TESTS.rglob("*.py"))
WEB_MODULES = sorted(WEB.glob("*.py"))
LAYERS = ("engine", "ai", "ui", "cli")
MAY_IMPORT = {
    "engine": {"engine"},
    "ai": {"engine", "ai"},
    "ui": {"engine", "ai", "ui"},
    "cli": {"engine", "ai", "cli"},
}
"""Which layers a layer's modules may import (``ui`` loads the AI lazily, for the bots)."""
MAX_LINES = 500


def _layer(path: Path) -> str | None:
    parts = path.relative_to(SRC).parts
    return parts[0] if len(parts) > 1 and parts[0] in LAYERS else None


def _imported_layers(path: Path) -> set[str]:
    """The ``park`` layers a module imports (relative or absolute, at any depth)."""
    package = ["park", *path.relative_to(SRC).parts[:-1]]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                names = [".".join([*base, node.module or ""]).rstrip(".")]
            else:
                names = [node.module or ""]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "park" and len(parts) > 1 and parts[1] in LAYERS:
                found.add(parts[1])
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_module_imports_only_its_layer_and_those_below(path: Path) -> None:
    layer = _layer(path)
    if layer is None:
        return  # park/__init__.py and __main__.py: the public face
    assert _imported_layers(path) <= MAY_IMPORT[layer]


def test_the_layer_check_sees_imports() -> None:
    assert _imported_layers(SRC / "ai" / "hard.py") == {"engine", "ai"}
    assert "engine" in _imported_layers(SRC / "ui" / "game" / "session.py")


@pytest.mark.parametrize(
    "path", MODULES + TEST_MODULES + WEB_MODULES, ids=lambda p: str(p.relative_to(ROOT))
)
def test_module_is_small_and_says_what_it_owns(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MAX_LINES
    docstring = ast.get_docstring(ast.parse(text))
    assert docstring and len(docstring) >= 30, "an opening docstring says what the module owns"


def test_the_page_modules_are_checked() -> None:
    assert WEB / "main.py" in WEB_MODULES
    assert len(WEB_MODULES) > 5, "the page is split by job (issue 24)"
