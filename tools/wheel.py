"""Build the `park` wheel and give it a file name that changes with its content.

The wheel is built with `python -m build` (hatchling builds are reproducible: fixed
timestamps, sorted entries), so the same sources give the same bytes. The first
16 hex digits of the SHA-256 of those bytes go into the wheel's *build tag*:

    park-0.1.0-0.3f9c2a71d04b5e86-py3-none-any.whl
               ^^^^^^^^^^^^^^^^^^ build tag "0." + sha256(wheel bytes)[:16]

A build tag is part of the standard wheel file name (PEP 427: it must start with a
digit, hence the leading "0."), so the renamed file is still a valid wheel for pip
and for PyScript, which unpacks it via the `files` config. The hashed bytes are those
of the site's slimmed wheel (tools/slim.py), made the same from the same sources.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from tools.slim import slim_wheel

HASH_LENGTH = 16
"""Hex digits of the SHA-256 kept in the file name (64 bits: collisions are not a concern)."""


def fingerprinted_name(name: str, content: bytes) -> str:
    """``dir/stem.ext`` -> ``dir/stem.<sha256(content)[:16]>.ext``.

    How the site names every file of its own that changes from build to build (the wheel has
    its build tag instead).
    """
    path = PurePosixPath(name)
    digest = hashlib.sha256(content).hexdigest()[:HASH_LENGTH]
    return str(path.with_name(f"{path.stem}.{digest}{path.suffix}"))


_WHEEL_NAME = re.compile(
    r"^(?P<name>[^-]+)-(?P<version>[^-]+)(?:-(?P<build>\d[^-]*))?"
    r"-(?P<python>[^-]+)-(?P<abi>[^-]+)-(?P<platform>[^-]+)\.whl$"
)


@dataclass(frozen=True)
class BuiltWheel:
    """A wheel in the site, with the digest its file name was derived from."""

    path: Path
    sha256: str

    @property
    def name(self) -> str:
        """The wheel's file name."""
        return self.path.name


def hashed_name(plain_name: str, digest: str) -> str:
    """Insert the build tag ``0.<digest[:16]>`` into a wheel file name that has none."""
    match = _WHEEL_NAME.match(plain_name)
    if match is None:
        raise ValueError(f"not a wheel file name: {plain_name}")
    if match["build"]:
        raise ValueError(f"wheel already has a build tag: {plain_name}")
    tag = f"0.{digest[:HASH_LENGTH]}"
    return (
        "-".join(
            (match["name"], match["version"], tag, match["python"], match["abi"], match["platform"])
        )
        + ".whl"
    )


def build_tag_hash(wheel_name: str) -> str | None:
    """Return the content hash recorded in a wheel file name's build tag, if any."""
    match = _WHEEL_NAME.match(wheel_name)
    if match is None or not match["build"] or not match["build"].startswith("0."):
        return None
    return match["build"][2:]


def build_wheel(project: Path, dest: Path) -> BuiltWheel:
    """Build the project's wheel, slim it for the site and write it into ``dest``.

    Build the project's wheel, slim it for the site (:func:`tools.slim.slim_wheel`: no
    docstrings, annotations nor long description) and write it into ``dest`` under its
    content-hashed name.

    Uses the running interpreter's `build` and `hatchling` without isolation (both are
    installed by scripts/setup.sh), so building needs no network.
    """
    with tempfile.TemporaryDirectory(prefix="park-wheel-") as tmp:
        out = Path(tmp)
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "build",
                "--wheel",
                "--no-isolation",
                "--outdir",
                str(out),
                str(project),
            ],
            check=False,
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            raise RuntimeError(f"building the wheel failed:\n{result.stdout}{result.stderr}")
        wheels = sorted(out.glob("*.whl"))
        if len(wheels) != 1:
            raise RuntimeError(f"expected one wheel from the build, got {wheels}")
        slim = slim_wheel(wheels[0].read_bytes())
        digest = hashlib.sha256(slim).hexdigest()
        dest.mkdir(parents=True, exist_ok=True)
        target = dest / hashed_name(wheels[0].name, digest)
        target.write_bytes(slim)
    return BuiltWheel(path=target, sha256=digest)
