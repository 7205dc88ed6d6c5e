"""The site's Python, smaller: what the page downloads, without what it never reads.

The page runs Python with ``-OO`` (the start-up snapshot is made so, ``tools/snapshot.py``):
docstrings are dropped when a module is compiled, and nothing in the page reads the
annotations of functions and variables (ours are never even evaluated: every module has
``from __future__ import annotations``). So the site's copy of each ``.py`` file,
in the wheel and beside ``main.py``, is rewritten by python-minifier (a well-kept library)
without its docstrings and the annotations of functions and variables; names, the order of
statements and class attribute annotations (dataclasses read them) are kept, so a traceback
still names the function. What changes is the line numbers: a traceback from the site
points into the slimmed copy, not into ``src/`` or ``web/``.

The wheel also loses its long description (the README, in ``METADATA``), which only a
package index shows; its ``RECORD`` is written again for the new bytes, so it stays a valid
wheel for pip as for PyScript. Entries keep their order and timestamps: the same sources give
the same bytes.
"""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile
from pathlib import Path

import python_minifier


def slim_python(source: str, filename: str) -> str:
    """``source`` without its docstrings nor its annotations.

    ``source`` (a module's text, named ``filename`` in errors) without its docstrings nor
    its functions' and variables' annotations. Raises ``SyntaxError`` for a module that does
    not parse.
    """
    kept_for_dataclasses = python_minifier.RemoveAnnotationsOptions(
        remove_variable_annotations=True,
        remove_return_annotations=True,
        remove_argument_annotations=True,
        remove_class_attribute_annotations=False,
    )
    slim = python_minifier.minify(  # only what -OO and postponed annotations make dead
        source,
        filename=filename,
        remove_annotations=kept_for_dataclasses,
        remove_literal_statements=True,  # the docstrings
        remove_dead_branches=False,
        remove_pass=True,
        combine_imports=False,
        hoist_literals=False,
        rename_locals=False,
        rename_globals=False,
        remove_object_base=False,
        convert_posargs_to_args=False,
        preserve_shebang=True,
        remove_asserts=False,
        remove_debug=False,
        remove_explicit_return_none=False,
        remove_builtin_exception_brackets=False,
        constant_folding=False,
    )
    return str(slim) + "\n"


def slim_tree(folder: Path) -> int:
    """Slim every ``.py`` file under ``folder`` in place; returns the bytes saved."""
    saved = 0
    for path in sorted(folder.rglob("*.py")):
        before = path.read_text(encoding="utf-8")
        after = slim_python(before, str(path))
        path.write_text(after, encoding="utf-8")
        saved += len(before.encode()) - len(after.encode())
    return saved


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _short_metadata(text: str) -> str:
    """A wheel's ``METADATA`` headers, without the long description.

    A wheel's ``METADATA`` headers, without the long description (the body after them) nor
    the header that says what markup it is in.
    """
    headers = text.split("\n\n", 1)[0].splitlines()
    return "\n".join(h for h in headers if not h.startswith("Description-Content-Type:")) + "\n"


def slim_wheel(wheel: bytes) -> bytes:
    """The bytes of a wheel like ``wheel`` with its modules slimmed.

    The bytes of a wheel like ``wheel`` (a pure-Python one) whose modules are slimmed
    (:func:`slim_python`), whose ``METADATA`` has no long description, and whose ``RECORD``
    lists the new files. Raises ``ValueError`` for a wheel without a ``RECORD``.
    """
    with zipfile.ZipFile(io.BytesIO(wheel)) as source:
        entries = source.infolist()
        contents = {info.filename: source.read(info) for info in entries}
    records = [name for name in contents if name.endswith(".dist-info/RECORD")]
    if len(records) != 1:
        raise ValueError("not a wheel: it has no .dist-info/RECORD")
    record = records[0]
    for name, data in contents.items():
        if name.endswith(".py"):
            contents[name] = slim_python(data.decode("utf-8"), name).encode("utf-8")
        elif name.endswith(".dist-info/METADATA"):
            contents[name] = _short_metadata(data.decode("utf-8")).encode("utf-8")
    lines = [_record_line(name, data) for name, data in contents.items() if name != record]
    contents[record] = ("\n".join([*lines, f"{record},,"]) + "\n").encode("utf-8")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for info in entries:
            target.writestr(info, contents[info.filename], zipfile.ZIP_DEFLATED, 9)
    return out.getvalue()
