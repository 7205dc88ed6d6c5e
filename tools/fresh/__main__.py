"""Walk one path from a push to a player from nothing (see :mod:`tools.fresh`).

``python -m tools.fresh serve|deploy|smoke [--work DIR]``: walk one path from a push to a player
from nothing. The last line printed names the path and says whether it worked; the exit status
is 1 if it did not.

``deploy`` leaves what it deployed in ``DIR/deploy/deployed/``, where ``smoke`` serves it
from: give both the same ``--work``. Without ``--work`` a temporary folder is used and
removed. The workflow's jobs run in clones of one commit, as ``actions/checkout`` makes them.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from tools.fresh.clone import PathFailed, fresh_clone
from tools.fresh.serve_path import walk_serve
from tools.fresh.workflow import Walk, load_job, run_job
from tools.serve import handler_class, serving, url_for
from tools.snapshot_file import PREFIX, SUFFIX

PAGES_MOUNT = "park"
"""The sub-path the smoke path serves the deployed site under, as Pages serves ``/<repo>/``."""

DEPLOYED_URL = "needs.deploy.outputs.page_url"
"""The smoke job's expression for the deployed site's URL."""

PATHS = {
    "serve": "the README's serve command",
    "deploy": "the deploy job of pages.yml",
    "smoke": "the smoke job of pages.yml against the deployed site",
}
"""Each path's name, as its last line says it."""


def walk_deploy(work: Path) -> str:
    """Run the workflow's deploy job in a fresh clone; what it deploys stays in ``work/deployed``.

    Return the line that says how it went.

    Raises:
        PathFailed: a step failed, or the site deployed has no start-up snapshot.
    """
    walk = Walk(workspace=fresh_clone(work / "clone", depth=1), scratch=work)
    began = time.monotonic()
    run_job(load_job("deploy", walk.workspace), walk)
    took = time.monotonic() - began
    if walk.deployed is None:
        raise PathFailed("the deploy job deploys nothing (no actions/deploy-pages step)")
    snapshots = list(walk.deployed.glob(f"{PREFIX}.*{SUFFIX}"))
    if not snapshots:
        raise PathFailed("the deployed site has no start-up snapshot")
    files = [path for path in walk.deployed.rglob("*") if path.is_file()]
    size = sum(path.stat().st_size for path in files) / 1e6
    notes = "".join(f"; {note}" for note in walk.notes)
    return (
        f"the deploy job built and deployed {len(files)} files ({size:.1f} MB, "
        f"snapshot {snapshots[0].name}) in {took:.0f} s on a fresh clone{notes}"
    )


def walk_smoke(work: Path, deployed: Path) -> str:
    """Serve ``deployed`` as GitHub Pages does and run the workflow's smoke job against it.

    Serve ``deployed`` as GitHub Pages does and run the workflow's smoke job against it, in
    a fresh clone. Return the line that says how it went.

    Raises:
        PathFailed: nothing was deployed, or a step of the smoke job failed.
    """
    if not (deployed / "index.html").is_file():
        raise PathFailed(f"nothing deployed in {deployed}: walk the deploy path first")
    handler = handler_class(quiet=True, pages=True)
    with serving({PAGES_MOUNT: deployed}, handler=handler) as server:
        url = url_for(server, PAGES_MOUNT)
        walk = Walk(
            workspace=fresh_clone(work / "clone", depth=1),
            scratch=work,
            expressions={DEPLOYED_URL: url},
        )
        began = time.monotonic()
        run_job(load_job("smoke", walk.workspace), walk)
    notes = "".join(f"; {note}" for note in walk.notes)
    return (
        f"the smoke job passed against the deployed site served as Pages does ({url}) "
        f"in {time.monotonic() - began:.0f} s{notes}"
    )


def main(argv: list[str] | None = None) -> int:
    """Walk the path named on the command line; print one line on how it went."""
    parser = argparse.ArgumentParser(description="Walk a path from a push to a player.")
    parser.add_argument("path", choices=sorted(PATHS))
    parser.add_argument("--work", type=Path, help="a folder for the clones and logs")
    args = parser.parse_args(argv)
    temporary = args.work is None
    work: Path = Path(tempfile.mkdtemp(prefix="park-fresh-")) if temporary else args.work
    walks: dict[str, Callable[[], str]] = {
        "serve": lambda: walk_serve(_fresh_folder(work / "serve")),
        "deploy": lambda: walk_deploy(_fresh_folder(work / "deploy")),
        "smoke": lambda: walk_smoke(_fresh_folder(work / "smoke"), work / "deploy" / "deployed"),
    }
    try:
        line = walks[args.path]()
    except PathFailed as exc:
        if exc.detail:
            print(exc.detail)
        print(f"FAILED from nothing: {PATHS[args.path]}: {exc}", flush=True)
        return 1
    except Exception as exc:  # the walk itself broke: still one line that names the path
        traceback.print_exc()
        print(f"FAILED from nothing: {PATHS[args.path]}: the walk broke: {exc!r}", flush=True)
        return 1
    finally:
        if temporary:
            shutil.rmtree(work, ignore_errors=True)
    print(f"ok from nothing: {line}", flush=True)
    return 0


def _fresh_folder(folder: Path) -> Path:
    """``folder``, emptied (a walk before may have left its clone)."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


if __name__ == "__main__":
    sys.exit(main())
