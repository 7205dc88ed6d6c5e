"""The tests' own shape (issue 42).

``tests/`` mirrors ``src/park`` (engine/, ai/, cli/, ui/<feature>/, plus web/ and tools/ for the
page's Python and the tooling), and no test module imports another: what tests share is in a
``conftest.py`` or a ``helpers.py``.

Every ``test_*.py`` under ``tests/`` and ``e2e/`` is parsed with ``ast``; every import counts,
at any depth, absolute (``from tests.ai.test_ai_coach import ...``, ``import test_ai_play``)
or relative (``from .test_ai_coach import ...``), and so does an import of a ``conftest``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.helpers import ROOT, SRC, TESTS

TEST_MODULES = sorted(TESTS.rglob("test_*.py")) + sorted((ROOT / "e2e").rglob("test_*.py"))
LEVELS = {"engine", "ai", "cli", "ui", "web", "tools"}
"""The folders of ``tests/``: ``park``'s layers, the page's Python and the tooling."""
UI_FEATURES = {path.name for path in (SRC / "ui").iterdir() if (path / "__init__.py").is_file()}
NOT_TESTS = {"data", "__pycache__"}
"""Folders of ``tests/`` that hold no tests: the recorded games."""


def imported_modules(source: str) -> list[str]:
    """The modules ``source`` imports, by their dotted names, at any depth.

    A relative import keeps its leading dots.

    Args:
        source: a Python module's text.

    Returns:
        The names, in the order they are met (``from a import b`` gives ``a`` and ``a.b``).
    """
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            found.append(base)
            joiner = "" if base.endswith(".") else "."
            found += [base + joiner + alias.name for alias in node.names]
    return found


def imports_of_tests(source: str) -> list[str]:
    """Of :func:`imported_modules`, those that are test modules or conftests."""
    return [
        name
        for name in imported_modules(source)
        if any(part.startswith("test_") or part == "conftest" for part in name.split("."))
    ]


@pytest.mark.parametrize("path", TEST_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_test_module_imports_another(path: Path) -> None:
    assert imports_of_tests(path.read_text(encoding="utf-8")) == []


def test_the_import_check_sees_test_modules() -> None:
    for source in (
        "from tests.ai.test_ai_coach import finished_game",
        "from tests.ai import test_ai_coach",
        "import test_ai_fairness",
        "def f():\n    from .test_ai_coach import ticking",
        "from e2e.engines.conftest import engine_screenshot",
    ):
        assert imports_of_tests(source), source
    assert imports_of_tests("from tests.ai.helpers import ticking\nimport pytest") == []


def test_the_tests_folders_mirror_the_code() -> None:
    folders = {
        str(path.relative_to(TESTS))
        for path in TESTS.rglob("*")
        if path.is_dir() and not NOT_TESTS & set(path.relative_to(TESTS).parts)
    }
    features = {f"ui/{feature}" for feature in UI_FEATURES}
    assert folders <= LEVELS | features, sorted(folders - LEVELS - features)


def test_every_test_is_in_a_package() -> None:
    """Each folder of tests has an ``__init__.py``.

    Same-named modules in two folders do not clash, and helpers are imported as
    ``tests.<level>.helpers``.
    """
    for path in TEST_MODULES:
        if path.is_relative_to(TESTS):
            assert (path.parent / "__init__.py").is_file(), path.parent
