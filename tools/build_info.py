"""Which build a page is (issue 38).

The version, the commit it was built from and the start-up snapshot, so that a player can say
which page a bug was on.

The build writes them into the site's ``index.html``: the About dialog's list (its terms
translated like any ``data-i18n`` text) and ``<meta name="park-build">``, whose content
``web/boot.js`` writes to the console at start-up, in the same words.
"""

from __future__ import annotations

import datetime
import html
import re
import subprocess
import tomllib
from dataclasses import dataclass
from pathlib import Path

from park.ui.lang.i18n import N_
from tools.page_lists import fill_marker
from tools.snapshot_file import PREFIX, SUFFIX, Snapshot

ABOUT_MARKER = re.compile(r"<!-- park:build-about\b.*?-->", re.DOTALL)
"""Where web/index.html's About dialog wants the build's list."""

META_MARKER = re.compile(r"<!-- park:build-meta\b.*?-->", re.DOTALL)
"""Where web/index.html's head wants ``<meta name="park-build">``."""

UNKNOWN_COMMIT = "unknown"
"""The commit of a build made outside a git checkout."""


VERSION = N_("Version")
BUILD = N_("Build")
SNAPSHOT = N_("Start-up snapshot")
NO_SNAPSHOT = "none"
THIS_START = N_("This start")
SAFE_START = N_("Without the snapshot: the last start did not finish")
"""What the About dialog adds when a start found that the one before it never finished (its
tab crashed, issue 53) and started Python afresh (``web/interpreter.mjs``): shown by park.css
only then (``<html data-park-snapshot="safe">``)."""


@dataclass(frozen=True)
class BuildInfo:
    """A build.

    The project's ``version`` (pyproject.toml), the ``commit`` it was built from (git's
    short hash, ``+`` after it when the checkout had changes not committed, or
    :data:`UNKNOWN_COMMIT`), that commit's ``date`` (``YYYY-MM-DD``; the day of the build
    without git) and the start-up ``snapshot``'s content id (16 hex digits, or None).
    """

    version: str
    commit: str
    date: str
    snapshot: str | None

    def fields(self) -> tuple[tuple[str, str], ...]:
        """Each term (an English catalogue message) with its value."""
        return (
            (VERSION, self.version),
            (BUILD, f"{self.date} {self.commit}"),
            (SNAPSHOT, self.snapshot or NO_SNAPSHOT),
        )

    def line(self) -> str:
        """The console's line: ``Park: Version 0.1.0; Build 2026-12-05 1a2b3c4; ...``."""
        return "Park: " + "; ".join(f"{term} {value}" for term, value in self.fields())

    def about(self) -> str:
        """The About dialog's ``<dl>``.

        The About dialog's ``<dl>``, its terms marked for translation, its values
        (codes, the same in every language) marked ``translate="no"``; then the line of a
        start made the safe way (:data:`SAFE_START`), which park.css shows only then.
        """
        items = "".join(
            f'<dt data-i18n>{html.escape(term)}</dt><dd translate="no">{html.escape(value)}</dd>'
            for term, value in self.fields()
        )
        items += (
            f'<dt class="park-build-safe" data-i18n>{html.escape(THIS_START)}</dt>'
            f'<dd class="park-build-safe" data-i18n>{html.escape(SAFE_START)}</dd>'
        )
        return f'<dl class="park-build" id="park-build">{items}</dl>'

    def meta(self) -> str:
        """``<meta name="park-build">`` holding :meth:`line`."""
        return f'<meta name="park-build" content="{html.escape(self.line())}">'


def build_info(root: Path, snapshot: Snapshot | None) -> BuildInfo:
    """The build of the project at ``root`` (its ``pyproject.toml`` and git) with ``snapshot``."""
    with (root / "pyproject.toml").open("rb") as fh:
        version = str(tomllib.load(fh)["project"]["version"])
    commit, date = _commit(root)
    content_id = None
    if snapshot is not None:
        content_id = snapshot.name.removeprefix(PREFIX + ".").removesuffix(SUFFIX)
    return BuildInfo(version, commit, date, content_id)


def _commit(root: Path) -> tuple[str, str]:
    """The short hash and date of ``root``'s ``HEAD``.

    The short hash and date of ``root``'s ``HEAD`` (``+`` after the hash when files have
    changed or been added since, ignored ones aside), or :data:`UNKNOWN_COMMIT` and today
    where ``root`` is not a git checkout of its own.
    """

    def git(*args: str) -> str | None:
        try:
            done = subprocess.run(
                ["git", *args], cwd=root, capture_output=True, text=True, check=False
            )
        except OSError:
            return None
        return done.stdout.strip() if done.returncode == 0 else None

    top = git("rev-parse", "--show-toplevel")
    head = git("log", "-1", "--format=%h %cs")
    if not head or top is None or Path(top).resolve() != root.resolve():
        return UNKNOWN_COMMIT, datetime.date.today().isoformat()  # not a checkout of its own
    commit, date = head.split()
    changed = git("status", "--porcelain")  # new files too, but not those git ignores
    return (commit + "+" if changed else commit), date


def write_build_info(index: Path, info: BuildInfo) -> None:
    """Fill ``index``'s two markers with ``info``.

    Raises ``RuntimeError`` unless each is there once.
    """
    fill_marker(index, ABOUT_MARKER, info.about())
    fill_marker(index, META_MARKER, info.meta())
