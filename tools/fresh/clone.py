"""A fresh clone to walk a path in, and the commands run in it, logged.

A fresh clone holds what ``git clone`` of this checkout gives a newcomer: the committed files
of ``HEAD``, nothing that a set-up, a build or a test made (``.venv``, ``node_modules``,
``site/``, ``.cache/``). The commands run in it see an environment without this checkout's
virtual environment, so nothing it installed can stand in for what the path must install.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping
from pathlib import Path

from tools.paths import ROOT

CARRIED_VARIABLES = ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "PARK_SITE_DIR", "PARK_SITE_URL")
"""Environment variables that would let a path use this checkout's set-up or built site."""


class PathFailed(Exception):
    """A path from a push to a player broke: the message says where, in one line;
    ``detail`` holds what to read to see why (the end of a log), printed before it."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


def fresh_clone(dest: Path) -> Path:
    """Clone this checkout's ``HEAD`` into ``dest`` (which must not exist); return ``dest``.

    Uncommitted changes are not in the clone: a note on standard output says so.

    Raises:
        PathFailed: ``git clone`` failed.
    """
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    if dirty:
        print(f"note: {ROOT} has uncommitted changes; the fresh clone has HEAD only", flush=True)
    done = subprocess.run(
        ["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(dest)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise PathFailed(f"git clone failed: {done.stderr.strip()}")
    return dest


def clean_environment(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """This process's environment without this checkout's traces: no
    :data:`CARRIED_VARIABLES`, no ``PATH`` entry inside this checkout (its ``.venv/bin``);
    then ``extra`` on top."""
    env = {key: value for key, value in os.environ.items() if key not in CARRIED_VARIABLES}
    root = str(ROOT)
    entries = env.get("PATH", "").split(os.pathsep)
    env["PATH"] = os.pathsep.join(
        entry for entry in entries if entry and not (entry + "/").startswith(root + "/")
    )
    env.update(extra or {})
    return env


def run_logged(
    command: list[str], *, cwd: Path, env: Mapping[str, str], log: Path, timeout: float
) -> int:
    """Run ``command`` in ``cwd`` with ``env``, its output (both streams) appended to ``log``;
    return its exit status (``124`` if it ran past ``timeout`` seconds and was killed)."""
    with log.open("a", encoding="utf-8") as out:
        out.write(f"\n$ {' '.join(command)}   (in {cwd})\n")
        out.flush()
        try:
            return subprocess.run(
                command,
                cwd=cwd,
                env=dict(env),
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                timeout=timeout,
                check=False,
            ).returncode
        except subprocess.TimeoutExpired:
            out.write(f"\n(killed after {timeout:.0f} s)\n")
            return 124


def tail(log: Path, lines: int = 12) -> str:
    """The last ``lines`` lines of ``log``, indented, for a failure's message."""
    if not log.is_file():
        return ""
    text = log.read_text(encoding="utf-8", errors="replace").rstrip().splitlines()
    return "\n".join("    " + line for line in text[-lines:])
