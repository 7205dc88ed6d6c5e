"""The bytecode the snapshot keeps for the files the page writes (park.ui.game.bytecode, #51)."""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from park.ui.game import bytecode


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """A folder on ``sys.path`` that Python writes no bytecode in by itself."""
    writes = sys.dont_write_bytecode
    sys.dont_write_bytecode = True
    sys.path.insert(0, str(tmp_path))
    yield tmp_path
    sys.path.remove(str(tmp_path))
    sys.dont_write_bytecode = writes
    for name in [n for n in sys.modules if n.startswith("kept_")]:
        del sys.modules[name]


def _compiled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files the import system compiles from their source from now on."""
    compiled: list[str] = []
    real = importlib.machinery.SourceFileLoader.source_to_code

    def source_to_code(self: object, data: bytes, path: str, **kwargs: object) -> object:
        compiled.append(path)
        return real(self, data, path, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib.machinery.SourceFileLoader, "source_to_code", source_to_code)
    return compiled


def test_kept_bytecode_is_imported_without_compiling_its_source(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module, package = folder / "kept_module.py", folder / "kept_package" / "__init__.py"
    sources = {str(module): "ANSWER = 42\n", str(package): "from kept_module import ANSWER\n"}
    monkeypatch.setattr(bytecode, "_KEPT", {})
    assert bytecode.keep(sources) == 2
    assert set(bytecode._KEPT) == {importlib.util.cache_from_source(p) for p in sources}
    assert bytecode.write_kept() == 2
    package.parent.mkdir(exist_ok=True)  # the page writes its sources after the bytecode
    for path, text in sources.items():
        Path(path).write_text(text, encoding="utf-8")
        os.utime(path, (946684800, 946684800))  # written at another time than compiled
    compiled = _compiled(monkeypatch)
    importlib.invalidate_caches()
    assert importlib.import_module("kept_package").ANSWER == 42
    assert compiled == []


def test_a_source_changed_since_is_compiled_from_its_text(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = folder / "kept_changed.py"
    monkeypatch.setattr(bytecode, "_KEPT", {})
    bytecode.keep({str(module): "ANSWER = 42\n"})
    bytecode.write_kept()
    module.write_text("ANSWER = 43\n", encoding="utf-8")
    compiled = _compiled(monkeypatch)
    importlib.invalidate_caches()
    assert importlib.import_module("kept_changed").ANSWER == 43
    assert compiled == [str(module)]


def test_a_file_that_cannot_be_written_is_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "blocked"
    blocker.write_text("a file where a folder should be", encoding="utf-8")
    monkeypatch.setattr(bytecode, "_KEPT", {})
    bytecode.keep({str(blocker / "kept_blocked.py"): "X = 1\n", str(tmp_path / "ok.py"): "Y = 2\n"})
    assert bytecode.write_kept() == 1
    assert Path(importlib.util.cache_from_source(str(tmp_path / "ok.py"))).is_file()


def test_a_source_that_does_not_compile_raises() -> None:
    with pytest.raises(SyntaxError):
        bytecode.compile_sources({"/nowhere/broken.py": "def (:\n"})
