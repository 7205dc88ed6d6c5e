"""Adding an AI level takes the README's steps and nothing else (issue 49).

In a copy of the repository (``src/``, ``tests/``, ``tools/``, ``web/`` and the files they read),
an "expert" level is added by the steps of the README's "How to add an AI level, a language or a
play mode", and only them: its entry in ``park.engine.levels.LEVELS``, its bot in a module of its
own under ``park/ai/`` with its factory in ``park.ai.levels``, its labels in
``park.ui.lang.levels``, then ``tools/translations.py update``, the two labels translated in each
``park.po`` and ``compile``. Then the unit tests that cover what a level touches (the registries,
the links, the bots and their helpers, the game's thinking time, the command line, the record,
the New game form, the catalogues, the built page's lists, the layers) run in the copy, in a
subprocess, and must all pass; and the new level must really be there.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from park.engine.languages import TRANSLATIONS
from tests.helpers import ROOT

COPIED = ("src", "tests", "tools", "web", "babel.cfg", "pyproject.toml")
"""What the copy holds: the package, its tests and tools, the page, the catalogues' and pytest's
configuration."""
LEFT_OUT = shutil.ignore_patterns("__pycache__", ".pytest_cache", ".mypy_cache", "*.pyc")

TESTS_RUN = (
    "tests/test_registries.py",
    "tests/test_layers.py",
    "tests/engine/test_names.py",
    "tests/ai/test_ai_interface.py",
    "tests/ui/game/test_ui_links.py",
    "tests/ui/game/test_ui_session.py",
    "tests/cli",
    "tests/ui/record",
    "tests/ui/setup",
    "tests/ui/lang",
    "tests/tools/test_page_texts.py",
    "tests/tools/test_tools_translations.py",
    "tests/web/test_startup_imports.py",
)
"""The tests run in the copy: those of every part a level reaches (not the whole slow suite)."""

EXPERT_MODULE = '''"""The ``expert`` level: the hard level's search, comparing more plans.

Its entry in ``park.engine.levels.LEVELS`` says it thinks twice the page's thinking time.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .hard import HardBot


class ExpertBot(HardBot):
    """The hard bot, comparing up to eight candidate plans instead of five."""

    level = "expert"


def make_expert_bot(clock: Callable[[], float] = time.perf_counter) -> ExpertBot:
    """The ``expert`` level thinking on ``clock`` (seconds; tournaments pass CPU time)."""
    return ExpertBot(clock=clock, max_candidates=8)
'''
"""Step 2: the bot, in a module of its own (the hard bot's code with other settings)."""

LABELS = {"Expert AI": {"ja": "達人AI"}, "Expert": {"ja": "達人"}}
"""Step 4: each label's translation; a language without one here gets the English text."""


def _add_line(path: Path, after: str, line: str, *, before: bool = False) -> None:
    """Add ``line`` to the file ``path`` after (or ``before``) the one line matching ``after``."""
    text = path.read_text(encoding="utf-8")
    found = list(re.finditer(rf"^{after}\n", text, re.MULTILINE))
    assert len(found) == 1, f"{path}: expected one line matching {after!r}"
    at = found[0].start() if before else found[0].end()
    path.write_text(text[:at] + line + "\n" + text[at:], encoding="utf-8")


def _translate(po: Path, message: str, translation: str) -> None:
    """Fill ``message``'s empty translation in the catalogue ``po``, as a translator would."""
    text = po.read_text(encoding="utf-8")
    untranslated = f'msgid "{message}"\nmsgstr ""\n'
    assert text.count(untranslated) == 1, f"{po}: {message!r} is not waiting for a translation"
    po.write_text(
        text.replace(untranslated, f'msgid "{message}"\nmsgstr "{translation}"\n'), "utf-8"
    )


def _run(copy: Path, *args: str) -> str:
    """Run ``python args`` in ``copy`` (its own ``src`` first on the path); its output.

    Fails the test, with the output, when the command fails.
    """
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(copy / "src"), str(copy)])}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    done = subprocess.run(
        [sys.executable, *args], cwd=copy, env=env, capture_output=True, text=True, check=False
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"python {' '.join(args)} failed in the copy:\n{output[-6000:]}"
    return output


def add_expert_level(copy: Path) -> None:
    """Add the "expert" level to the repository copied to ``copy``, by the README's steps."""
    park = copy / "src" / "park"
    # 1. Its entry in the registry, strongest last: its name, letter, and how it thinks.
    entry = '    Level("expert", "x", thinks_on_budget=True, thinking=2.0),'
    _add_line(park / "engine" / "levels.py", r'    Level\("hard".*\),', entry)
    # 2. Its bot in a module of its own, and the bot's factory.
    (park / "ai" / "expert.py").write_text(EXPERT_MODULE, encoding="utf-8")
    levels = park / "ai" / "levels.py"
    _add_line(levels, r"from \.hard import .*", "from .expert import make_expert_bot", before=True)
    _add_line(levels, r'    "hard": make_hard_bot,', '    "expert": make_expert_bot,')
    # 3. Its labels.
    labels = '    LevelLabels("expert", N_("Expert AI"), N_("Expert")),'
    _add_line(park / "ui" / "lang" / "levels.py", r'    LevelLabels\("hard".*\),', labels)
    # 4. The catalogues: update, translate the two labels, compile.
    _run(copy, "tools/translations.py", "update")
    for code in TRANSLATIONS:
        po = park / "locale" / code / "LC_MESSAGES" / "park.po"
        for message, translations in LABELS.items():
            _translate(po, message, translations.get(code, message))
    _run(copy, "tools/translations.py", "compile")


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the repository with the "expert" level added."""
    copy = tmp_path_factory.mktemp("park")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=LEFT_OUT)
        else:
            shutil.copy(source, copy / name)
    add_expert_level(copy)
    return copy


@pytest.mark.slow
def test_the_tests_of_every_part_a_level_reaches_pass_with_a_new_level(copy: Path) -> None:
    output = _run(copy, "-m", "pytest", "-p", "no:cacheprovider", *TESTS_RUN)
    passed = re.search(r"(\d+) passed", output)
    assert passed and int(passed.group(1)) > 500 and " failed" not in output, output[-2000:]


CHECKS = """
from tools.page_lists import filled_index
from park.ai import make_bot
from park.engine.levels import AI_LEVELS, thinking_time
from park.ui.game.links import SEAT_CODES
from park.ui.lang.i18n import speaking
from park.ui.lang.text import level_name
from park.ui.record.parts import LEVELS
assert AI_LEVELS[-1] == "expert" and make_bot("expert").level == "expert"
assert SEAT_CODES["expert"] == "x" and thinking_time("expert", 1.0) == 2.0
assert "expert" in LEVELS
page = filled_index(open("web/index.html", encoding="utf-8").read())
assert '<option value="expert" data-i18n>Expert</option>' in page
with speaking("ja"):
    assert level_name("expert") == "達人AI"
print("expert is everywhere")
"""


@pytest.mark.slow
def test_the_new_level_is_offered_linked_labelled_and_played(copy: Path) -> None:
    assert "expert is everywhere" in _run(copy, "-c", CHECKS)
    bots = "expert,random,random"
    args = ["--players", "3", "--games", "1", "--bots", bots, "--budget", "0.01"]
    report = _run(copy, "-m", "park", "tournament", *args, "--round-cap", "2")
    assert "1:expert decisions over the budget + 10% (22 ms):" in report
