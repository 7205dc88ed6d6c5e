"""The order of the ``park.ui`` features (docs/layout.md, issue 42).

Each feature may import only itself and the features before it in :data:`ORDER`, never one after it,
so ``ui/`` has no circle and no arrow back up.

Every module under ``src/park/ui`` is parsed with ``ast``; every import counts, at any depth
(in a function, under ``TYPE_CHECKING``), absolute (``from park.ui.coach.text import ...``,
``import park.ui.coach``, ``from park.ui import coach``) or relative (``from ..coach import
...``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.helpers import SRC

UI = SRC / "ui"
ORDER: tuple[str, ...] = (
    "lang",
    "play",
    "coach",
    "setup",
    "record",
    "story",
    "replay",
    "tutorial",
    "game",
    "live",
    "puzzles",
    "page",
)
"""The features, lowest first.

The page's words (``lang``); a game drawn (``play``); the coach's hints on it (``coach``); then the
screens that use them: the New game form and the table's settings, seats and play modes (``setup``),
Your record (``record``), the game's story (``story``), the replay (``replay``), Learn to play's
lessons (``tutorial``), the game at this device that draws on all of them (``game``), a live
table between devices, whose friends' pages show their seat through the game's screen
(``live``), the puzzles, each played in a game's session (``puzzles``), and the page's state, its
updates and its view, which hold all of them (``page``).
"""
MODULES = sorted(UI.rglob("*.py"))


def feature_of(path: Path) -> str | None:
    """The feature a module of ``park.ui`` belongs to (``None``: ``park/ui/__init__.py``)."""
    parts = path.relative_to(UI).parts
    return parts[0] if len(parts) > 1 else None


def imported_modules(tree: ast.Module, package: tuple[str, ...]) -> list[tuple[int, str]]:
    """``(line, module)`` for every module ``tree`` imports, at any depth.

    Written in full (``park.ui.coach.text``); for ``from X import a, b`` also ``X.a`` and ``X.b``,
    which may be modules (``from park.ui import coach``). ``package``: the importing module's
    package, for relative imports (``("park", "ui", "play")``).
    """
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def feature_imported(module: str) -> str | None:
    """The ``park.ui`` feature ``module`` belongs to, if it is one (``None`` otherwise)."""
    parts = module.split(".")
    if parts[:2] == ["park", "ui"] and len(parts) > 2 and parts[2] in ORDER:
        return parts[2]
    return None


def imports_against_the_order(path: Path, source: str | None = None) -> list[str]:
    """Each import of the module at ``path`` of a feature after its own in :data:`ORDER`.

    With ``source``, that text is read as the module. Each is given as
    ``"ui/play/view.py:25 imports park.ui.coach.text (coach comes after play)"``.
    """
    own = feature_of(path)
    if own is None:
        return []
    text = path.read_text(encoding="utf-8") if source is None else source
    package = ("park", "ui", *path.relative_to(UI).parts[:-1])
    where = path.relative_to(UI.parent).as_posix()
    problems: dict[tuple[int, str], str] = {}
    for line, module in imported_modules(ast.parse(text), package):
        other = feature_imported(module)
        if other is not None and ORDER.index(other) > ORDER.index(own):
            problem = f"{where}:{line} imports {module} ({other} comes after {own})"
            problems.setdefault((line, other), problem)
    return list(problems.values())


def test_the_order_names_every_feature_once() -> None:
    features = {path.parent.name for path in UI.glob("*/__init__.py")}
    assert sorted(ORDER) == sorted(features) and len(set(ORDER)) == len(ORDER)


def test_the_check_sees_every_kind_of_import() -> None:
    play = UI / "play" / "example.py"
    source = (
        '"""An example."""\n'
        "from park.ui.lang.i18n import _\n"
        "from park.ui.coach.text import reach_words\n"
        "import park.ui.game.session\n"
        "from park.ui import record\n"
        "from ..story import html\n"
        "from .markup import escape\n"
        "def f() -> None:\n"
        "    from park.ui.puzzles.daily import streak_words\n"
        "if TYPE_CHECKING:\n"
        "    from ..replay.model import Replay\n"
    )
    found = imports_against_the_order(play, source)
    assert [problem.split(" imports ")[0] for problem in found] == [
        f"ui/play/example.py:{line}" for line in (3, 4, 5, 6, 9, 11)
    ]
    assert "ui/play/example.py:3 imports park.ui.coach.text (coach comes after play)" in found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(UI).as_posix())
def test_a_feature_imports_none_after_it(path: Path) -> None:
    problems = imports_against_the_order(path)
    assert not problems, "imports against the order of ui/ (ORDER):\n" + "\n".join(problems)
