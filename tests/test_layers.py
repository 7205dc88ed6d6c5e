"""The layers of the ``park`` package (docs/layout.md: imports run one way; issue 14).

Imports run one way (page -> ui -> ai -> engine -> data, the command line beside), and within a
layer too: no module imports one that imports it back, not even in a function or for type hints
(issue 49). Modules stay small (the page's too, and the tests'), and each says in its opening
docstring what it owns. The page's own wiring: ``tests/web/test_page_wiring.py``.
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


def _module_name(path: Path) -> str:
    parts = ("park", *path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(paths: list[Path]) -> dict[str, set[str]]:
    """Which ``park`` modules each module of ``paths`` imports: at any depth, for any reason.

    In a function, under ``TYPE_CHECKING``, relative or absolute; ``from a import b`` counts as
    importing ``a.b`` when that is a module, else ``a``.
    """
    names = {_module_name(path): path for path in paths}
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
                module = ".".join(part for part in (base, node.module or "") if part)
                for alias in node.names:
                    submodule = f"{module}.{alias.name}"
                    found.add(submodule if submodule in names else module)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[name] = {other for other in found if other in names and other != name}
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules of ``graph`` that import one another, round in a circle, sorted."""

    def reach(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for other in graph[todo.pop()] - seen:
                seen.add(other)
                todo.append(other)
        return seen

    reached = {name: reach(name) for name in graph}
    circles = {
        tuple(sorted(other for other in reached[name] if name in reached[other]))
        for name in graph
        if name in reached[name]
    }
    return sorted(list(circle) for circle in circles)


def test_no_module_imports_one_that_imports_it_back() -> None:
    """A circle is never hidden by an import in a function or under ``TYPE_CHECKING``.

    The piece two modules share goes to a lower module instead (``park.engine.space_effects``,
    ``park.ui.setup.deal``, the puzzle themes in ``park.ui.puzzles.catalogue``).
    """
    assert import_circles(import_graph(MODULES)) == []


def test_the_circle_check_sees_a_circle_through_a_function() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_circles(graph) == [["a", "b", "c"]]
    assert import_circles({"a": {"b"}, "b": set()}) == []
    graph = import_graph([SRC / "ui" / "setup" / "modes.py", SRC / "ui" / "setup" / "deal.py"])
    assert graph["park.ui.setup.modes"] == {"park.ui.setup.deal"}
