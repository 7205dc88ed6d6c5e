"""The bytecode the snapshot keeps for the files the page writes (park.ui.game.bytecode, #51)."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import sys
from collections.abc import Generator, Iterator
from pathlib import Path
from types import CodeType, ModuleType

import pytest

from park.ui.game import bytecode

ASYNC = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
"""The flag Pyodide's ``eval_code_async`` compiles with."""


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


class PyodideBase(ModuleType):
    """A module shaped as Pyodide's ``_pyodide._base``.

    Its ``CodeRunner`` compiles through the generator ``_parse_and_compile_gen``, looked up on
    the module at each use as Pyodide's is; each text that generator compiles is noted in
    ``compiled``.
    """

    def __init__(self) -> None:
        super().__init__("pyodide_base")
        self.compiled: list[str] = []
        self._parse_and_compile_gen = self._own_parse_and_compile_gen
        base = self

        class CodeRunner:
            def __init__(self, source: str, *, flags: int = 0, filename: str = "<exec>") -> None:
                self._gen = base._parse_and_compile_gen(
                    source,
                    return_mode="last_expr",
                    mode="exec",
                    quiet_trailing_semicolon=True,
                    filename=filename,
                    flags=flags,
                    dont_inherit=False,
                    optimize=-1,
                    dedent=True,
                )
                self.ast = next(self._gen)

            def compile(self) -> CodeRunner:
                try:
                    self._gen.send(self.ast)
                except StopIteration as done:
                    self.code: CodeType = done.value
                else:
                    raise AssertionError("the generator yielded twice")
                return self

        self.CodeRunner = CodeRunner

    def _own_parse_and_compile_gen(
        self, source: str, *, filename: str, mode: str, flags: int, **options: object
    ) -> Generator[ast.Module, ast.Module, CodeType]:
        self.compiled.append(source)
        tree = yield compile(source, filename, mode, flags | ast.PyCF_ONLY_AST)
        code: CodeType = compile(tree, filename, mode, flags)
        return code

    def run(self, source: str, flags: int = ASYNC, filename: str = "<exec>") -> object:
        """``kept_result`` after running ``source`` as ``eval_code_async`` would (``flags``)."""
        scope: dict[str, object] = {}
        exec(self.CodeRunner(source, flags=flags, filename=filename).compile().code, scope)
        return scope["kept_result"]


WRITER = "import json\nkept_result = json.dumps({'written': 14})\n"


@pytest.fixture(autouse=True)
def no_kept_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test keeps its own scripts."""
    monkeypatch.setattr(bytecode, "_RUNS", {})


def test_a_kept_script_runs_without_being_compiled_again() -> None:
    """Issue 51: PyScript's package writer and main.py, run by ``eval_code_async``."""
    base = PyodideBase()
    assert bytecode.keep_runs([WRITER], base) == 1
    base.compiled.clear()
    assert base.run(WRITER) == '{"written": 14}'
    assert base.compiled == []


def test_another_script_or_other_options_are_compiled_as_before() -> None:
    base = PyodideBase()
    bytecode.keep_runs([WRITER], base)
    base.compiled.clear()
    other = WRITER.replace("14", "15")
    assert base.run(other) == '{"written": 15}'
    assert base.run(WRITER, filename="main.py") == '{"written": 14}'
    assert base.run(WRITER, flags=0) == '{"written": 14}'  # eval_code's
    assert base.compiled == [other, WRITER, WRITER]


def test_keeping_scripts_twice_compiles_through_pyodides_own_generator() -> None:
    base = PyodideBase()
    bytecode.keep_runs([WRITER], base)
    assert bytecode.keep_runs(["kept_result = 2\n"], base) == 2
    base.compiled.clear()
    assert base.run("kept_result = 2\n") == 2
    assert base.run(WRITER) == '{"written": 14}'
    assert base.run("kept_result = 3\n") == 3
    assert base.compiled == ["kept_result = 3\n"]


def test_a_kept_script_refuses_a_changed_syntax_tree() -> None:
    base = PyodideBase()
    bytecode.keep_runs([WRITER], base)
    runner = base.CodeRunner(WRITER, flags=ASYNC)
    runner.ast = ast.parse("kept_result = 0\n")  # a caller's transform
    with pytest.raises(ValueError, match="changed syntax tree"):
        runner.compile()


def test_a_script_that_does_not_compile_raises_and_changes_nothing() -> None:
    base = PyodideBase()
    own = base._parse_and_compile_gen
    with pytest.raises(SyntaxError):
        bytecode.keep_runs(["def (:\n"], base)
    assert base._parse_and_compile_gen == own
