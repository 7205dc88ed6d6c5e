"""The page's wiring (issue 42).

``web/main.py`` is only its start-up, one controller (``web/page.py``) owns the page's state
(``web/page_state.py``), and no page helper calls another.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.helpers import WEB

MAX_MAIN_LINES = 120
"""``web/main.py`` is the page's start-up (issue 42).

Its controller (``web/page.py``) and the helpers do the work.
"""

PAGE_HELPERS = (
    "ai_pacing",
    "coach_page",
    "files",
    "first_screen",
    "game_screen",
    "language_menu",
    "links_page",
    "preferences",
    "puzzle_page",
    "replace_guard",
    "replay_page",
    "table_picture",
    "tabs",
    "tutorial_page",
)
"""The page's helpers.

Each does one job on the page's state for its one controller (``web/page.py``).
"""


def test_the_page_entry_point_is_only_wiring() -> None:
    text = (WEB / "main.py").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MAX_MAIN_LINES


def _runtime_imports(path: Path) -> set[str]:
    """The top-level names of the modules ``path`` imports when it runs.

    Not those it imports only for type checking.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    checking = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
        for node in ast.walk(block)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in checking:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("helper", PAGE_HELPERS)
def test_no_page_helper_calls_another(helper: str) -> None:
    """Issue 42: one controller.

    A helper asks it (``page``, for type checking only), never another helper, for what else must
    happen.
    """
    imported = _runtime_imports(WEB / f"{helper}.py")
    assert not imported & (set(PAGE_HELPERS) | {"page", "main"}), sorted(imported)


def test_the_page_state_is_in_one_place() -> None:
    """Issue 42: the page's state is ``web/page_state.py``'s.

    The page's one controller owns it; no helper keeps the game, the puzzle shown or which screen
    shows.
    """
    for helper in PAGE_HELPERS:
        text = (WEB / f"{helper}.py").read_text(encoding="utf-8")
        for field in ("self.session =", "self.position =", "self.stale =", "self.current ="):
            assert field not in text, f"web/{helper}.py keeps {field.split()[0]}"
    page = (WEB / "page.py").read_text(encoding="utf-8")
    assert "class Page" in page and "self.state = state" in page
