"""The pure-Python libraries the page loads only when it needs them.

openskill, for the puzzle rating (``park.ui.puzzles.rating``); segno, for the QR codes of a live
table's invitations and replies (``park.ui.live.qr``).

Each is packed from the build's own installation (``requirements-build.txt`` pins it; the
files its installed RECORD lists under the package, with its licence) into a zip named by
its content, ``<name>-<version>.<sha256[:16]>.zip``, with fixed timestamps and sorted
entries, so the same installation gives the same bytes. The page learns the zip's address
from ``<meta name="park-library-<name>">`` and unpacks it on first use
(``web/libraries.py``); the service worker precaches it like every file of the site.
"""

from __future__ import annotations

import html
import io
import re
import zipfile
from importlib import metadata
from pathlib import Path

from tools.slim import slim_python
from tools.wheel import fingerprinted_name

LIBRARIES = ("openskill", "segno")
"""The libraries the page loads on first use, by distribution name."""
LIBRARIES_MARKER = re.compile(r"<!-- park:libraries\b.*?-->", re.DOTALL)
"""Where web/index.html wants the libraries' ``<meta>`` tags."""
_EPOCH = (1980, 1, 1, 0, 0, 0)


def library_zip(name: str) -> tuple[str, bytes]:
    """The file name and bytes of the zip of the installed distribution ``name``.

    The file name (``openskill-6.2.0.zip``, before fingerprinting) and bytes of the zip of
    the installed distribution ``name``: its package's Python files (not a platform build's
    compiled modules: the page runs the pure Python), slimmed (``tools.slim``), and its
    licence. Raises ``RuntimeError`` if it is not installed.
    """
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        raise RuntimeError(
            f"the page's library {name} is not installed: run scripts/setup.sh"
        ) from None
    package = f"{name}/"
    wanted = sorted(
        str(path)
        for path in dist.files or ()
        if str(path).startswith(package) and str(path).endswith((".py", ".typed"))
    )
    licences = sorted(
        str(path)
        for path in dist.files or ()
        if re.search(r"\.dist-info/licen[cs]e", str(path), re.I)
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for member in (*wanted, *licences):
            info = zipfile.ZipInfo(
                member.replace(".dist-info/", "/", 1) if member in licences else member, _EPOCH
            )
            info.compress_type = zipfile.ZIP_DEFLATED
            data = Path(str(dist.locate_file(member))).read_bytes()
            if member.endswith(".py"):  # slimmed, as the site's own Python (tools/slim.py)
                data = slim_python(data.decode("utf-8"), member).encode("utf-8")
            archive.writestr(info, data)
    return f"{name}-{dist.version}.zip", buffer.getvalue()


def add_libraries(site: Path) -> dict[str, str]:
    """Write each of :data:`LIBRARIES` into ``site`` as its fingerprinted zip.

    Returns each library's name with its file name in the site.
    """
    written: dict[str, str] = {}
    for name in LIBRARIES:
        plain, content = library_zip(name)
        target = fingerprinted_name(plain, content)
        (site / target).write_bytes(content)
        written[name] = target
    return written


def libraries_meta(written: dict[str, str]) -> str:
    """The ``<meta name="park-library-<name>" content="./<file>">`` tags of the libraries."""
    return "".join(
        f'<meta name="park-library-{html.escape(name)}" content="./{html.escape(file)}">'
        for name, file in written.items()
    )
