"""What a page restored from the snapshot compiles and imports before and after it is ready.

Every module of ours the page imports before it is ready is in the snapshot (issue 28); the
bytecode of PyScript's package, of the page's modules and of the scripts PyScript runs through
Pyodide's ``eval_code`` is too (issue 51), and nothing the snapshot holds is imported again.
The interpreter module is served changed (``e2e/snapshot_pages.py``) so that the test can ask
the page's Python what it holds and what it compiled.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tools.page_steps import SAVE_KEY, start_new_game, wait_for_decision, wait_for_ready
from tools.paths import NODE_MODULES
from tools.runtime import pyscript_python

from e2e.game_page import open_game, saved_state
from e2e.snapshot_pages import PYTHON_JS, RESTORED_MODULES_JS, serve_interpreter
from e2e.support import site_config, site_entry


@pytest.mark.browser_context(service_workers="block")  # every load through the routes
def test_a_restored_page_compiles_none_of_our_modules_before_it_is_ready(
    page: Page, site_url: str, site_dir: Path
) -> None:
    """Every module of ours that the page imports before it is ready is in the snapshot.

    That is, before showing the New game form or resuming a game (Park's reach shown); the
    snapshot's list is ``park.ui.game.startup.PAGE_MODULES``. A module imported afresh is compiled
    from its source on every load. (The command table loaded the puzzles' eight modules so, a
    resumed game the map's edge markers and the coach, and the form the game files' module, until
    issue 28.)
    """
    serve_interpreter(page, site_dir, expose=True)
    open_game(page, site_url, query="?speed=instant")
    start_new_game(page, seed=31)
    wait_for_decision(page, "start")
    page.get_by_role("button", name="Park's reach").click()  # remembered: drawn on a resume
    saved_state(page)  # the autosave is written
    for shown in ("a game resumed", "the New game form"):
        page.reload()
        wait_for_ready(page)
        assert page.evaluate("document.documentElement.dataset.parkSnapshot") == "restored"
        resumed = page.evaluate("!document.getElementById('game').hidden")
        assert resumed == (shown == "a game resumed")
        if resumed:  # the panels are drawn just after ready
            wait_for_decision(page, "start")
            reach = page.get_by_role("button", name="Park's reach")
            expect(reach).to_have_attribute("aria-pressed", "true")
        restored = set(page.evaluate(RESTORED_MODULES_JS))
        held = json.loads(
            page.evaluate(PYTHON_JS, "import json, sys; json.dumps(list(sys.modules))")
        )
        assert [m for m in held if m.split(".")[0] == "park" and m not in restored] == [], shown
        page.evaluate(f"localStorage.removeItem({SAVE_KEY!r})")


@pytest.mark.browser_context(service_workers="block")  # every load through the routes
def test_a_restored_page_compiles_neither_pyscripts_files_nor_its_own_modules(
    page: Page, site_url: str, site_dir: Path
) -> None:
    """Issue 51: the bytecode the snapshot keeps is what their imports run, not their source.

    PyScript's package and the page's modules beside main.py arrive as source and are written to
    the file system on every load; the snapshot holds their bytecode (park.ui.game.bytecode).
    So it does for the scripts PyScript runs through Pyodide's ``eval_code``: the one that
    writes its package (33 KB) and main.py.
    """
    serve_interpreter(page, site_dir, expose=True, audit=True)
    open_game(page, site_url, query="?speed=instant")
    start_new_game(page, seed=31)
    wait_for_decision(page, "start")
    compiled = json.loads(
        page.evaluate(PYTHON_JS, "import json, sys; json.dumps(sys.parkCompiled)")
    )
    files = [name for name in compiled if name.endswith(".py")]
    assert files == [], f"compiled from their source: {files}"
    texts = json.loads(
        page.evaluate(PYTHON_JS, "import json, sys; json.dumps(sys.parkCompiledTexts)")
    )
    main_py = (site_dir / site_entry(site_dir).main).read_text(encoding="utf-8")
    for name, text in {
        "main.py": main_py,
        "PyScript's writer": pyscript_python(NODE_MODULES).writer,
    }.items():
        assert text not in texts, f"{name} was compiled: its kept code was not run"
    scripts = [text[:80] for text in texts if len(text) > 500]  # else the page's one-liners
    assert scripts == [], f"scripts compiled after the restore: {scripts}"
    imported = json.loads(
        page.evaluate(
            PYTHON_JS,
            "import json, sys; json.dumps([m.__file__ for m in list(sys.modules.values())"
            " if (getattr(m, '__file__', None) or '').startswith('/home/pyodide/')])",
        )
    )
    assert any(name.startswith("/home/pyodide/pyscript/") for name in imported), imported
    assert "/home/pyodide/draw.py" in imported, imported


@pytest.mark.browser_context(service_workers="block")  # every load through the routes
def test_a_restored_page_imports_nothing_the_snapshot_holds(
    page: Page, site_url: str, site_dir: Path
) -> None:
    """Issue 51: after a restore only PyScript's package and the page's modules are imported.

    Nothing the snapshot holds is imported a second time (under another name, or from the
    standard library's zip), through the New game form to a game's first decision.
    """
    serve_interpreter(page, site_dir, expose=True)
    open_game(page, site_url, query="?speed=instant")
    start_new_game(page, seed=31)
    wait_for_decision(page, "start")
    restored = set(page.evaluate(RESTORED_MODULES_JS))
    now = json.loads(page.evaluate(PYTHON_JS, "import json, sys; json.dumps(sorted(sys.modules))"))
    page_modules = {Path(target).stem for target in site_config(site_dir)["files"].values()}
    pyscripts = {"pyscript", "_pyscript", "polyscript", "js"}
    imported = [name for name in now if name not in restored]
    assert imported, "PyScript's package and the page's modules are imported after the restore"
    others = [
        name
        for name in imported
        if name.split(".")[0] not in pyscripts and name not in page_modules
    ]
    assert others == [], f"imported after the restore: {others}"
