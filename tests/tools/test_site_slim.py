"""The site's slimmed Python (tools/slim.py).

No docstrings nor annotations of functions and variables, the same behaviour, dataclasses intact,
and a slimmed wheel that is still valid.
"""

from __future__ import annotations

import base64
import hashlib
import io
import sys
import types
import zipfile
from pathlib import Path
from typing import Any

import pytest
from tools.slim import slim_python, slim_tree, slim_wheel

from tests.helpers import SRC, WEB

MODULE = '''"""A module's docstring."""

from __future__ import annotations

from dataclasses import dataclass, fields

LIMIT: int = 3
"""A variable's docstring."""


@dataclass(frozen=True)
class Seat:
    """A class's docstring."""

    name: str
    months: int = 0


def total(seats: list[Seat], extra: int = 0) -> int:
    """A function's docstring."""
    # a comment
    return sum(seat.months for seat in seats) + extra + LIMIT


class Empty(Exception):
    """Only a docstring."""


NAMES = [field.name for field in fields(Seat)]
'''


def _run(source: str, name: str) -> dict[str, Any]:
    """The namespace of ``source`` run as the module ``name`` (dataclasses look it up)."""
    module = types.ModuleType(name)
    sys.modules[name] = module
    try:
        exec(compile(source, name, "exec"), module.__dict__)
    finally:
        del sys.modules[name]
    return module.__dict__


def test_slimmed_python_has_no_docstrings_nor_annotations_and_behaves_the_same() -> None:
    slim = slim_python(MODULE, "module.py")
    for gone in ("docstring", "# a comment", "-> int", "list[Seat]", "LIMIT: int"):
        assert gone not in slim, gone
    assert "name:str" in slim, "a dataclass's fields are its class attribute annotations"
    before, after = _run(MODULE, "park_before"), _run(slim, "park_slimmed")
    assert after["NAMES"] == before["NAMES"] == ["name", "months"]
    seat = after["Seat"]("Ada", 2)
    assert after["total"]([seat], extra=1) == 6
    assert issubclass(after["Empty"], Exception)
    assert len(slim) < 0.6 * len(MODULE)


@pytest.mark.slow
def test_every_module_of_ours_slims_to_one_that_compiles() -> None:
    for path in [*sorted(SRC.rglob("*.py")), *sorted(WEB.glob("*.py"))]:
        slim = slim_python(path.read_text(encoding="utf-8"), str(path))
        compile(slim, str(path), "exec")


def test_slim_tree_rewrites_the_python_files_and_says_what_it_saved(tmp_path: Path) -> None:
    (tmp_path / "module.py").write_text(MODULE, encoding="utf-8")
    (tmp_path / "page.css").write_text("/* kept */", encoding="utf-8")
    saved = slim_tree(tmp_path)
    assert saved == len(MODULE) - len((tmp_path / "module.py").read_text(encoding="utf-8"))
    assert saved > 0 and (tmp_path / "page.css").read_text(encoding="utf-8") == "/* kept */"


def _wheel(files: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as wheel:
        for name, text in files.items():
            wheel.writestr(zipfile.ZipInfo(name, (2020, 2, 2, 0, 0, 0)), text)
    return out.getvalue()


WHEEL = {
    "park/__init__.py": MODULE,
    "park/data/deck.toml": "# kept as it is\n",
    "park-0.1.0.dist-info/METADATA": (
        "Metadata-Version: 2.4\nName: park\nVersion: 0.1.0\n"
        "Description-Content-Type: text/markdown\n\n# Park\n\nThe whole README.\n"
    ),
    "park-0.1.0.dist-info/RECORD": "stale\n",
}


def test_a_slimmed_wheel_is_a_valid_wheel_without_its_long_description() -> None:
    slim = slim_wheel(_wheel(WHEEL))
    wheel = zipfile.ZipFile(io.BytesIO(slim))
    assert wheel.namelist() == list(WHEEL), "the same entries, in the same order"
    metadata = wheel.read("park-0.1.0.dist-info/METADATA").decode()
    assert metadata == "Metadata-Version: 2.4\nName: park\nVersion: 0.1.0\n"
    assert wheel.read("park/data/deck.toml") == b"# kept as it is\n"
    assert b"docstring" not in wheel.read("park/__init__.py")
    record = wheel.read("park-0.1.0.dist-info/RECORD").decode().splitlines()
    assert record[-1] == "park-0.1.0.dist-info/RECORD,,"
    for line in record[:-1]:
        name, digest, size = line.split(",")
        data = wheel.read(name)
        expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert digest == f"sha256={expected}" and int(size) == len(data), name
    assert slim_wheel(_wheel(WHEEL)) == slim, "the same wheel gives the same bytes"


def test_a_zip_without_a_record_is_not_a_wheel() -> None:
    with pytest.raises(ValueError, match="RECORD"):
        slim_wheel(_wheel({"park/__init__.py": MODULE}))
