"""The page's one loop, seen in its code (issue 49).

``web/main.py`` is only the page's start and its wiring; ``web/`` has no import circle (nothing
imports what calls it); only the drawing, patching and focus helpers write the page; and the
state lives in ``park.ui.page.state``: a web module keeps nothing but its memo of what it drew, its
tasks and its browser resources.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.helpers import WEB

MAX_MAIN_LINES = 100
"""``web/main.py`` is the page's start and its wiring: the loop, the view and the effects do the
work."""

WRITERS = frozenset(
    {"draw", "game_draw", "patch", "focus", "table_view", "map_edges", "first_screen"}
)
"""The modules that write the page: the drawing and patching of the view, the focus and the
layout's measuring, and the first screen's take-over at start-up."""

DOM_WRITES = re.compile(
    r"\.(innerHTML|textContent|value|hidden|checked|disabled|href|download|title|scrollTop|"
    r"scrollLeft|lang)\s*=(?!=)"
    r"|\.(setAttribute|removeAttribute|insertAdjacentHTML|appendChild|replaceWith|remove|"
    r"showModal|scrollIntoView|scrollTo|focus|select)\("
    r"|\.classList\.(add|remove|toggle)\("
    r"|\.style\.\w+\s*=(?!=)"
    r"|\.dataset\.\w+\s*=(?!=)"
    r"|\.inert\s*=(?!=)"
)
"""What writes the page: content, a property, an attribute, a class, a style, a dataset mark, a
node added or removed, a dialog opened, the focus or the scroll moved."""

KEPT = {
    "ai_runner": {"state", "dispatch", "task", "skip"},
    "coach_runner": {"dispatch", "hint", "review"},
    "puzzle_runner": {"dispatch", "task"},
    "saver": {"dispatch", "queued", "reloading"},
    "records": {"dispatch"},
    "files": {"dispatch", "tasks"},
    "audio": {"context", "free_at"},
    "effects": {"loop", "game", "ai", "coach", "puzzles", "saver", "records", "files", "audio"}
    | {"tasks", "handlers", "peers"},
    "peers": {"dispatch", "start", "connections", "channels", "kept", "opened", "tabs"}
    | {"tabs_proxy"},
    "loop": {"state", "draw", "run", "parts", "_drawn", "_motion", "_queue", "_busy"},
    "draw": {"game", "elements", "root", "title", "ready"},
    "game_draw": {"patched", "log_drawn", "map_drawn", "panels", "later", "held", "edges"},
    "map_edges": {"scheduled", "drawn", "_on_frame", "_on_scroll"},
    "focus": {"decision_kind"},
}
"""Each web module's instance attributes: its tasks, its browser resources, the loop's state and
the drawing's memo of what it drew last. Any other is state that belongs to the page's state."""


def _modules() -> list[Path]:
    return sorted(WEB.glob("*.py"))


def _imports(path: Path) -> set[str]:
    """The web modules ``path`` imports anywhere (functions too), not for type checking only."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    checking = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
        for node in ast.walk(block)
    }
    names = {p.stem for p in _modules()}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in checking:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in names}
        elif isinstance(node, ast.ImportFrom) and node.module in names and not node.level:
            found.add(node.module)
    return found


def test_the_page_entry_point_is_only_its_start_and_wiring() -> None:
    text = (WEB / "main.py").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MAX_MAIN_LINES


def test_the_page_has_no_import_circle() -> None:
    graph = {path.stem: _imports(path) for path in _modules()}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        if module in path:
            cycle = (*path[path.index(module) :], module)
            pytest.fail("an import circle: " + " -> ".join(cycle))
        if module in done:
            return
        for imported in sorted(graph.get(module, ())):
            visit(imported, (*path, module))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())


def test_the_circle_finder_finds_one() -> None:
    """The check above can fail: ``loop`` importing ``main`` (which imports it) is a circle."""
    graph = {path.stem: _imports(path) for path in _modules()}
    assert "loop" in _reachable(graph, "main")
    graph["loop"] = graph["loop"] | {"main"}
    assert "main" in _reachable(graph, "main", skip_start=True)


def _reachable(graph: dict[str, set[str]], start: str, *, skip_start: bool = False) -> set[str]:
    seen: set[str] = set()
    todo = sorted(graph[start])
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        todo.extend(graph.get(module, ()))
    return seen if skip_start else seen - {start}


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.name)
def test_only_the_drawing_and_focus_helpers_write_the_page(path: Path) -> None:
    if path.stem in WRITERS:
        return
    lines = path.read_text(encoding="utf-8").splitlines()
    writes = [
        f"{path.name}:{number}: {line.strip()}"
        for number, line in enumerate(lines, start=1)
        if DOM_WRITES.search(line) and not line.strip().startswith(("#", '"'))
    ]
    assert not writes, "the page written outside draw.py and its helpers:\n" + "\n".join(writes)


def test_the_write_finder_finds_writes() -> None:
    """The check above can fail: each kind of write is found."""
    for line in (
        'box.innerHTML = "x"',
        "note.hidden = False",
        "element.classList.add('x')",
        "dialog.showModal()",
        "root.dataset.parkReady = 'true'",
        "field.value = ''",
        "node.setAttribute('a', 'b')",
    ):
        assert DOM_WRITES.search(line), line
    assert not DOM_WRITES.search("if box.hidden == True:")


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.name)
def test_no_web_module_keeps_the_pages_state(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    kept = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
        and isinstance(node.ctx, ast.Store)
    }
    extra = kept - KEPT.get(path.stem, set())
    assert not extra, f"web/{path.name} keeps {sorted(extra)}: the page's state holds that"


def test_no_module_keeps_state_at_module_level() -> None:
    """A module's global assigned in a function (``global x``) is state too."""
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert not [n for n in ast.walk(tree) if isinstance(n, ast.Global)], path.name
