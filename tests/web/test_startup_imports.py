"""What the page loads at start-up.

The New game form needs no engine (issue 4's start-up figure), and ``park``'s public names still
load on first use.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import park
from tests.helpers import ROOT, WEB

MAIN_PY = WEB / "main.py"
STARTUP_PARK_MODULES = {
    "park.ui.setup.settings",
    "park.ui.setup.pace",
    "park.ui.setup.preferences",
    "park.ui.game.startup",
    "park.ui.lang.i18n",
}
"""The only ``park`` modules the page's Python imports at start-up besides the page's own
(``park.ui.page``: its state, updates and view, which load no engine until a game is drawn).

The AI's pace and the Theme and Sound settings import nothing.
"""

PAGE_PACKAGE = "park.ui.page"
"""The page's state, its updates and its view (issue 49)."""


def in_fresh_python(code: str) -> object:
    """Run ``code`` in a fresh interpreter with ``src/`` on the path.

    Return the Python literal it prints last.
    """
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT / "src")},
    )
    return ast.literal_eval(result.stdout.strip().splitlines()[-1])


def _park_modules_after(statement: str) -> list[str]:
    """The ``park`` modules a fresh interpreter has loaded after running ``statement``."""
    loaded = in_fresh_python(
        f"{statement}\nimport sys\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'park'))"
    )
    assert isinstance(loaded, list)
    return loaded


FORM_MODULES = [
    "park",
    "park.engine",
    "park.engine.languages",
    "park.engine.levels",
    "park.engine.names",
    "park.engine.player_counts",
    "park.ui",
    "park.ui.lang",
    "park.ui.lang.i18n",
    "park.ui.lang.levels",
    "park.ui.setup",
    "park.ui.setup.deal",
    "park.ui.setup.modes",
    "park.ui.setup.settings",
]
"""The ``park`` modules the New game form loads."""


def test_new_game_form_module_loads_no_engine() -> None:
    """Only the name rules, which the form shares with the engine (issue 8).

    The registries of languages and AI levels (issue 24) and the player-count limits (issue 42).
    """
    assert _park_modules_after("import park.ui.setup.settings") == FORM_MODULES


def test_the_record_loads_no_engine() -> None:
    """The page may open the record before any game.

    Of the engine, only its errors, the JSON depth check, the name rules, the player-count limits
    and the registries of languages and AI levels load (not the rules, the data or the AI): the
    form's modules and these.
    """
    record = ["park.engine.errors", "park.engine.json_depth", "park.ui.play", "park.ui.play.markup"]
    record += ["park.ui.record", "park.ui.record.html", "park.ui.record.parts"]
    record += ["park.ui.record.store", "park.ui.setup.daily"]
    assert _park_modules_after("import park.ui.record.html") == sorted(FORM_MODULES + record)


def _module_names(node: ast.stmt) -> list[str]:
    """The modules an import statement names (none for other statements)."""
    if isinstance(node, ast.ImportFrom):
        return [node.module or ""]
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    return []


def _top_level_imports(path: Path) -> set[str]:
    """The modules a module imports when it is imported.

    Those of its top level, not its functions nor its ``TYPE_CHECKING`` block.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {name for node in tree.body for name in _module_names(node)}


def startup_web_modules() -> list[Path]:
    """``web/main.py`` and every web module it imports at start-up, at any depth."""
    seen = [MAIN_PY]
    for path in seen:
        for name in sorted(_top_level_imports(path)):
            sibling = WEB / f"{name}.py"
            if sibling.exists() and sibling not in seen:
                seen.append(sibling)
    return seen


def test_the_start_up_modules_are_found() -> None:
    names = {path.name for path in startup_web_modules()}
    assert {"main.py", "dom.py", "storage.py", "loop.py", "draw.py", "game_draw.py"} <= names


@pytest.mark.parametrize("path", startup_web_modules(), ids=lambda p: p.name)
def test_page_imports_only_the_form_at_start_up(path: Path) -> None:
    top_level = {name for name in _top_level_imports(path) if name.split(".")[0] == "park"}
    page = {name for name in top_level if name.startswith(PAGE_PACKAGE)}
    assert top_level - page <= STARTUP_PARK_MODULES


def test_the_pages_updates_load_no_engine_rules_and_no_ai() -> None:
    """The New game form shows before the engine's rules or the AI load (issue 4, issue 49)."""
    loaded = _park_modules_after("import park.ui.page.update, park.ui.page.told")
    assert "park.engine.rules" not in loaded
    assert not [m for m in loaded if m == "park.ai" or m.startswith("park.ai.")]


def test_the_language_loads_no_engine_and_no_catalogue_for_english() -> None:
    """The page chooses its language first thing (issue 13).

    That costs no engine, and English reads no catalogue. Of the engine, only the language registry
    (issue 24).
    """
    assert _park_modules_after("import park.ui.lang.i18n") == [
        "park",
        "park.engine",
        "park.engine.languages",
        "park.ui",
        "park.ui.lang",
        "park.ui.lang.i18n",
    ]
    loaded = in_fresh_python(
        "import gettext, park.ui.lang.i18n as i18n\n"
        "opened = []\n"
        "gettext.GNUTranslations.__init__ = lambda self, fp=None: opened.append(fp)\n"
        "i18n.set_language('en')\n"
        "print(opened)"
    )
    assert loaded == []


def test_page_imports_names_that_exist() -> None:
    imports = [
        node
        for path in sorted(WEB.glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("park")
    ]
    assert len(imports) > 1, "the engine is imported where it is needed"
    for node in imports:
        module = importlib.import_module(node.module or "")
        for alias in node.names:
            if not hasattr(module, alias.name):  # a module of the package
                importlib.import_module(f"{node.module}.{alias.name}")


def test_every_public_name_loads_from_its_module() -> None:
    exported = set(park.__all__) - {"__version__"}
    assert exported == set(park._SUBMODULE_OF)
    for name in exported:
        module = importlib.import_module(f"park.{park._SUBMODULE_OF[name]}")
        assert getattr(park, name) is getattr(module, name)
    assert set(park.__all__) <= set(dir(park))


def test_type_checkers_see_the_same_public_names() -> None:
    """What mypy reads names every public name of ``_SUBMODULE_OF``, from the same module.

    What mypy reads is the ``TYPE_CHECKING`` imports, re-exported as themselves;
    ``__all__`` is made from ``_SUBMODULE_OF``.
    """
    tree = ast.parse(Path(park.__file__).read_text(encoding="utf-8"))
    (block,) = [
        node
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    ]
    seen: dict[str, str | None] = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom) and node.level == 1
        for alias in node.names:
            assert alias.asname == alias.name, f"{alias.name} is re-exported as itself"
            seen[alias.name] = node.module
    assert seen == park._SUBMODULE_OF


def test_star_import_loads_every_public_name_in_a_fresh_interpreter() -> None:
    loaded_lazily = in_fresh_python(
        "import park; before = set(vars(park)); from park import *; "
        "print(sorted(n for n in park.__all__ if n not in before))"
    )
    assert loaded_lazily == sorted(set(park.__all__) - {"__version__"})


def test_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Penguin'"):
        _ = park.Penguin  # type: ignore[attr-defined]


def test_engine_loads_on_first_use() -> None:
    loaded = _park_modules_after("import park\npark.new_game")
    assert "park.engine.rules" in loaded
    assert "park.ui" not in loaded
    assert "park.ai" not in loaded


def test_drawing_a_game_does_not_load_the_ai() -> None:
    """A resumed game is drawn before the page is ready; the AI loads after (web/main.py)."""
    loaded = _park_modules_after("import park.ui.game.session, park.ui.game.screen")
    assert "park.ui.game.screen" in loaded
    assert not [m for m in loaded if m == "park.ai" or m.startswith("park.ai.")]


def _with_its_packages(module: str) -> list[str]:
    """What importing ``module`` alone loads.

    Each package above it, top first, then itself (``"park.ui.setup.pace"`` gives ``park``,
    ``park.ui``, ``park.ui.setup`` and it).
    """
    parts = module.split(".")
    return [".".join(parts[:end]) for end in range(1, len(parts) + 1)]


def test_startup_module_loads_nothing_else() -> None:
    assert _park_modules_after("import park.ui.game.startup") == _with_its_packages(
        "park.ui.game.startup"
    )


def test_prepare_loads_every_page_module_and_the_material() -> None:
    """What the build's memory snapshot holds (tools/snapshot.py).

    Every module the page imports, and the shipped ruleset already parsed.
    """
    loaded = in_fresh_python(
        "import sys\nfrom park.ui.game.startup import PAGE_MODULES, prepare\nprepare()\n"
        "from park.engine import ruleset\n"
        "print([[m for m in PAGE_MODULES if m not in sys.modules], "
        "ruleset.standard_ruleset.cache_info().currsize])"
    )
    assert loaded == [[], 1]


def test_the_puzzles_button_names_load_nothing_else() -> None:
    """The page's command table, made before it is ready, names the puzzles' buttons.

    That costs none of the puzzles' code (it loads when the puzzles are first opened).
    """
    assert _park_modules_after("import park.ui.puzzles.buttons") == _with_its_packages(
        "park.ui.puzzles.buttons"
    )


def test_the_ai_pace_loads_nothing_else() -> None:
    """The header's AI speed menu is read at start-up (issue 26): its pace costs no engine."""
    assert _park_modules_after("import park.ui.setup.pace") == _with_its_packages(
        "park.ui.setup.pace"
    )


def test_prepare_imports_every_module_but_the_command_lines() -> None:
    """A page restored from the snapshot has no wheel to import a module from (issue 40)."""
    src = ROOT / "src"
    modules = [path.relative_to(src).with_suffix("") for path in (src / "park").rglob("*.py")]
    names = [".".join(m.parts[:-1] if m.name == "__init__" else m.parts) for m in modules]
    loaded = in_fresh_python(
        "import sys\nfrom park.ui.game.startup import prepare\nprepare()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'park'))"
    )
    assert isinstance(loaded, list)
    missing = sorted(name for name in names if name not in loaded)
    assert missing == ["park.__main__", *sorted(n for n in names if n.startswith("park.cli"))]


WITHOUT_THE_FILES = """
import random, shutil, sys, tempfile
from pathlib import Path
copy = Path(tempfile.mkdtemp())
shutil.copytree({package!r}, copy / "park", ignore=shutil.ignore_patterns("__pycache__"))
sys.path.insert(0, str(copy))
sys.dont_write_bytecode = True
from park.ui.game.startup import prepare
prepare()
shutil.rmtree(copy)
from park import apply, legal_actions, new_game, observe
from park.ai import LEVELS, make_bot
from park.ai.review import review_in_slices
from park.engine.archive import archived_rulesets
from park.ui.lang.i18n import _, set_language
from park.ui.puzzles.catalogue import load_puzzles
from park.ui.puzzles.position import puzzle_session
puzzles = load_puzzles()
puzzle_session(puzzles.puzzles[0], "Ada")
set_language("ja")
said = _("Start the expedition")
state, moves, rng = new_game(len(LEVELS), seed=5), [], random.Random(5)
bots = [make_bot(level) for level in LEVELS]
for _turn in range(30):
    seat = state.active
    action = bots[seat].decide(observe(state, seat), legal_actions(state), rng, 0.01)
    moves.append(action)
    state, _events = apply(state, action)
start = new_game(len(LEVELS), seed=5)
review = list(review_in_slices(start, moves[:6], 0, budget=0.01))[-1]
print([copy.exists(), len(puzzles.puzzles) > 100, said != "Start the expedition",
       len(archived_rulesets()) > 0, type(review).__name__])
"""


@pytest.mark.slow
def test_after_prepare_the_page_reads_no_file_of_the_package() -> None:
    """What the page's snapshot holds is all it needs of the wheel (issue 40).

    A restored page does not download the wheel: after :func:`prepare`, with the package's folder
    deleted, Japanese, the puzzles, an AI of every level and the coach's review still work.
    """
    code = WITHOUT_THE_FILES.format(package=str(ROOT / "src" / "park"))
    assert in_fresh_python(code) == [False, True, True, True, "Review"]


def _functions_reading_package_files() -> set[str]:
    """``module:function`` for every function of ``src/park`` that calls ``resources.files``."""
    found: set[str] = set()
    src = ROOT / "src"
    for path in (src / "park").rglob("*.py"):
        module = ".".join(path.relative_to(src).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and any(
                isinstance(call, ast.Attribute) and call.attr == "files" for call in ast.walk(node)
            ):
                found.add(f"{module}:{node.name}")
    return found


def test_every_function_that_reads_a_package_file_is_run_by_prepare() -> None:
    """A new reader of the wheel's files must be warmed in the snapshot too (issue 40).

    The ruleset's files and the catalogues are read by ``prepare`` itself; the others are named
    in ``FILE_READERS``. The command line's readers are not the page's.
    """
    from park.ui.game.startup import FILE_READERS

    by_prepare = {"park.engine.board:read_data_file", "park.ui.lang.i18n:catalogue"}
    readers = {r for r in _functions_reading_package_files() if not r.startswith("park.cli")}
    assert readers == by_prepare | set(FILE_READERS)
