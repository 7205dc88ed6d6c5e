"""A fresh clone to walk a path in, and the commands run in it, logged.

A fresh clone holds what ``git clone`` of this checkout gives a newcomer: the committed files
of ``HEAD``, nothing that a set-up, a build or a test made (``.venv``, ``node_modules``,
``site/``, ``.cache/``). The commands run in it see an environment without this checkout's
virtual environment, so nothing it installed can stand in for what the path must install.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tools.paths import ROOT

CARRIED_VARIABLES = ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "PARK_SITE_DIR", "PARK_SITE_URL")
"""Environment variables that would let a path use this checkout's set-up or built site."""


class PathFailed(Exception):
    """A path from a push to a player broke.

    The message says where, in one line; ``detail`` holds what to read to see why (the end
    of a log), printed before it.
    """

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


def fresh_clone(dest: Path, *, depth: int | None = None) -> Path:
    """Clone this checkout's ``HEAD`` into ``dest`` (which must not exist); return ``dest``.

    ``depth``: only that many commits (``actions/checkout`` fetches one), else the whole
    history, as a newcomer's ``git clone`` does.

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
    shallow = [] if depth is None else ["--depth", str(depth)]
    source = ROOT.as_uri() if depth is not None else str(ROOT)  # a path ignores --depth
    done = subprocess.run(
        ["git", "clone", "--quiet", "--no-hardlinks", *shallow, source, str(dest)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise PathFailed(f"git clone failed: {done.stderr.strip()}")
    return dest


def clean_environment(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """This process's environment without this checkout's traces.

    No :data:`CARRIED_VARIABLES`, no ``PATH`` entry inside this checkout (its
    ``.venv/bin``); then ``extra`` on top.
    """
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
    """Run ``command`` in ``cwd`` with ``env``, its output (both streams) appended to ``log``.

    Return its exit status (``124`` if it ran past ``timeout`` seconds: then it and every
    process it started are killed, so that none goes on taking the machine).
    """
    with log.open("a", encoding="utf-8") as out:
        out.write(f"\n$ {' '.join(command)}   (in {cwd})\n")
        out.flush()
        process = subprocess.Popen(
            command,
            cwd=cwd,
            env=dict(env),
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, killed whole
            preexec_fn=as_a_terminal_starts,
        )
        try:
            return process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            stop_group(process)
            out.write(f"\n(killed after {timeout:.0f} s)\n")
            return 124


def as_a_terminal_starts() -> None:
    """In a command's new process: Ctrl+C's and Ctrl+\\'s signals do what they do by default.

    As in a step of GitHub's runner or a newcomer's terminal, whatever started this walk: a
    process started in the background by a shell (``cmd &``) ignores them, and its children
    inherit that, so a step would not stop when asked as Ctrl+C does (:func:`stop_group`).
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


def stop_group(process: subprocess.Popen[Any]) -> None:
    """Stop ``process`` (started in a session of its own) and everything it started.

    Asked as Ctrl+C would, then told (SIGTERM), then killed, each given a few seconds, until
    no process of its group is left.
    """
    for sign in (signal.SIGINT, signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(process.pid, sign)
        except ProcessLookupError:
            return  # the whole group is gone
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5.0)


def tail(log: Path, lines: int = 12) -> str:
    """The last ``lines`` lines of ``log``, indented, for a failure's message."""
    if not log.is_file():
        return ""
    text = log.read_text(encoding="utf-8", errors="replace").rstrip().splitlines()
    return "\n".join("    " + line for line in text[-lines:])
