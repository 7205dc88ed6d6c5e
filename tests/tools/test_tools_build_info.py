"""Which build a page is (tools/build_info.py, issue 38).

The version, the commit and the start-up snapshot, in the About dialog and the console's line.
"""

from __future__ import annotations

import datetime
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from tools.build_info import (
    UNKNOWN_COMMIT,
    BuildInfo,
    build_info,
    write_build_info,
)
from tools.paths import ROOT, WEB
from tools.snapshot_file import Snapshot


def _snapshot(name: str) -> Snapshot:
    return Snapshot(name=name, size=1, segments=(), masked=0, image_hash=0, sha256="0")


def test_the_build_of_this_checkout_names_its_version_commit_and_snapshot() -> None:
    info = build_info(ROOT, _snapshot("pyodide-snapshot.0123456789abcdef.zst"))
    short, date = subprocess.run(
        ["git", "log", "-1", "--format=%h %cs"], cwd=ROOT, capture_output=True, text=True
    ).stdout.split()
    with (ROOT / "pyproject.toml").open("rb") as fh:
        assert info.version == tomllib.load(fh)["project"]["version"]
    assert info.commit.rstrip("+") == short and info.date == date
    assert info.snapshot == "0123456789abcdef"


def test_a_build_outside_a_checkout_of_its_own_says_so(tmp_path: Path) -> None:
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    info = build_info(tmp_path, None)
    assert info.commit == UNKNOWN_COMMIT
    assert info.date == datetime.date.today().isoformat()
    assert info.snapshot is None
    assert info.line().endswith("Start-up snapshot none")
    inside = ROOT / ".cache" / "not-a-checkout"  # in this checkout's tree, but not its root
    inside.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "pyproject.toml", inside / "pyproject.toml")
    assert build_info(inside, None).commit == UNKNOWN_COMMIT


def test_the_console_line_and_the_about_list_say_the_same() -> None:
    info = BuildInfo("0.1.0", "1a2b3c4", "2026-12-05", "0123456789abcdef")
    assert info.line() == (
        "Park: Version 0.1.0; Build 2026-12-05 1a2b3c4; Start-up snapshot 0123456789abcdef"
    )
    assert info.about() == (
        '<dl class="park-build" id="park-build">'
        '<dt data-i18n>Version</dt><dd translate="no">0.1.0</dd>'
        '<dt data-i18n>Build</dt><dd translate="no">2026-12-05 1a2b3c4</dd>'
        '<dt data-i18n>Start-up snapshot</dt><dd translate="no">0123456789abcdef</dd>'
        '<dt class="park-build-safe" data-i18n>This start</dt>'
        '<dd class="park-build-safe" data-i18n>'
        "Without the snapshot: the last start did not finish</dd></dl>"
    )


def test_the_line_of_a_safe_start_shows_only_after_a_start_that_died() -> None:
    """park.css hides it unless the interpreter marked this start "safe" (issue 53)."""
    css = (WEB / "styles" / "park.css").read_text(encoding="utf-8")
    assert ".park-build .park-build-safe { display: none; }" in css
    assert 'html[data-park-snapshot="safe"] .park-build .park-build-safe { display: block; }' in css
    interpreter = (WEB / "interpreter.mjs").read_text(encoding="utf-8")
    assert 'marks.parkSnapshot = "safe";' in interpreter


def test_values_are_written_as_text() -> None:
    info = BuildInfo('1"<b>', "x", "d", None)
    assert "1&quot;&lt;b&gt;" in info.meta() and "<b>" not in info.about()


def test_the_page_has_one_place_for_each(tmp_path: Path) -> None:
    index = tmp_path / "index.html"
    shutil.copy(WEB / "index.html", index)
    write_build_info(index, BuildInfo("0.1.0", "1a2b3c4", "2026-12-05", None))
    text = index.read_text(encoding="utf-8")
    assert text.count('<meta name="park-build"') == 1
    assert text.count('id="park-build"') == 1
    with pytest.raises(RuntimeError, match="park:build-about"):
        write_build_info(index, BuildInfo("0.1.0", "1a2b3c4", "2026-12-05", None))
