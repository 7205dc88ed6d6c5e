"""A job of ``.github/workflows/pages.yml`` run here as written, step by step.

The workflow is read with PyYAML. Each ``run:`` step runs in the job's workspace (a fresh
clone of one commit, as ``actions/checkout`` fetches it) with the shell GitHub's Ubuntu
runners use (``bash -e`` when the step names none, ``bash --noprofile --norc -eo pipefail`` for
``shell: bash``), the job's and the step's ``env``, within the job's and the step's
``timeout-minutes``. A key the walk does not honour (a job's ``if:``, ``services``, a step's
``continue-on-error``, ...) fails it rather than being ignored. Only what cannot run here is
stood in for:

* ``python -m playwright install ...`` (Playwright's browser download, out of reach here) is
  skipped where a Chromium is installed at ``/usr/bin/chromium`` (Debian's here; GitHub's
  runners have one too): the build and the tests launch it (``tools/browser.py``). Elsewhere
  the line runs as written.
* Each action (``uses:``) has a stand-in, :data:`STAND_INS`, that does here what it does on
  the runner: ``actions/setup-python`` gives the job a new virtual environment of that Python
  first on ``PATH`` (pip installs go there, as into the runner's fresh Python);
  ``actions/upload-pages-artifact`` makes the same tar of the same folder; and
  ``actions/deploy-pages`` unpacks it as what GitHub Pages would serve. An action without a
  stand-in, or at a major version its repository has not released (:data:`RELEASED_MAJORS`),
  fails the walk.
* ``${{ ... }}`` expressions are replaced from the values the walk is given; any other fails it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tools.browser import SYSTEM_CHROMIUM
from tools.fresh.clone import PathFailed, clean_environment, run_logged, tail

WORKFLOW = Path(".github") / "workflows" / "pages.yml"
"""The workflow that tests, deploys and smoke-tests the site, in a checkout."""

RELEASED_MAJORS = {
    "actions/checkout": 7,
    "actions/setup-python": 7,
    "actions/setup-node": 7,
    "actions/upload-artifact": 7,
    "actions/upload-pages-artifact": 5,
    "actions/deploy-pages": 5,
}
"""Each action's newest major version tag (``vN``) in its own repository, read from a copy
of each fetched on 2026-12-05. A workflow may name any major from 1 up to it."""

DEFAULT_TIMEOUT_MINUTES = 360.0
"""GitHub's time limit of a job or step that names none."""

JOB_KEYS = frozenset(
    ("name", "runs-on", "needs", "permissions", "environment", "outputs", "env", "steps",
     "timeout-minutes", "concurrency")
)  # fmt: skip
"""What a job may say for the walk to run it as GitHub would (the others are refused)."""

STEP_KEYS = frozenset(
    ("name", "id", "uses", "run", "with", "env", "if", "working-directory", "shell",
     "timeout-minutes")
)  # fmt: skip
"""What a step may say for the walk to run it as GitHub would."""

SHELLS = {
    None: ("bash", "-e"),
    "bash": ("bash", "--noprofile", "--norc", "-eo", "pipefail"),
    "sh": ("sh", "-e"),
}
"""How GitHub's Linux runners run a ``run:`` script, by the step's ``shell:``."""

PLAYWRIGHT_INSTALL = re.compile(
    r"^(?P<indent>[ \t]*)(?P<line>\S*python\S*\s+-m\s+playwright\s+install\b.*)$", re.MULTILINE
)
"""A line of a ``run:`` step that downloads Playwright's own browser."""

EXPRESSION = re.compile(r"\$\{\{\s*(?P<expression>.*?)\s*\}\}")
"""A GitHub Actions expression."""

RUN_CONDITIONS = (None, "success()", "always()")
"""The ``if:`` conditions a walk can honour: each such step runs (the walk stops at the
first failure, so a step that runs only after one never comes up)."""


@dataclass(frozen=True)
class Step:
    """One step of a job: an action (``uses``, with ``inputs``) or a ``run`` script."""

    name: str
    uses: str | None = None
    run: str | None = None
    inputs: Mapping[str, str] = field(default_factory=dict)
    env: Mapping[str, str] = field(default_factory=dict)
    condition: str | None = None
    working_directory: str | None = None
    shell: str | None = None
    timeout_minutes: float = DEFAULT_TIMEOUT_MINUTES


@dataclass(frozen=True)
class Job:
    """A job of the workflow: its name, its ``env``, its steps in order and its time limit."""

    name: str
    steps: tuple[Step, ...]
    env: Mapping[str, str] = field(default_factory=dict)
    timeout_minutes: float = DEFAULT_TIMEOUT_MINUTES


def load_job(name: str, checkout: Path) -> Job:
    """Read job ``name`` of the workflow (:data:`WORKFLOW`) of ``checkout``.

    Raises:
        PathFailed: the workflow is not valid YAML, has no such job, or a step is malformed.
    """
    workflow = checkout / WORKFLOW
    try:
        document = yaml.safe_load(workflow.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise PathFailed(f"{workflow.name} is not valid YAML: {exc}") from exc
    jobs = document.get("jobs") if isinstance(document, dict) else None
    if not isinstance(jobs, dict) or not isinstance(jobs.get(name), dict):
        raise PathFailed(f"{workflow.name} has no job '{name}'")
    job = jobs[name]
    _only(job, JOB_KEYS, f"job '{name}'")
    steps = tuple(_step(raw, index) for index, raw in enumerate(job.get("steps") or []))
    minutes = _minutes(job, f"job '{name}'")
    return Job(name, steps, _strings(job.get("env")), minutes)


def _only(mapping: dict[str, Any], keys: frozenset[str], where: str) -> None:
    """Refuse a key of ``mapping`` outside ``keys``."""
    unknown = sorted(str(key) for key in mapping if key not in keys)
    if unknown:
        raise PathFailed(f"{where}: the walk cannot honour {', '.join(unknown)}")


def _minutes(mapping: dict[str, Any], where: str) -> float:
    """``mapping``'s ``timeout-minutes`` (GitHub's default when it names none)."""
    value = mapping.get("timeout-minutes", DEFAULT_TIMEOUT_MINUTES)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise PathFailed(f"{where}: timeout-minutes must be a positive number, not {value!r}")
    return float(value)


def _step(raw: Any, index: int) -> Step:
    if not isinstance(raw, dict) or ("uses" in raw) == ("run" in raw):
        raise PathFailed(f"step {index + 1} has neither or both of 'uses' and 'run'")
    label = raw.get("name") or raw.get("uses") or (str(raw["run"]).splitlines() or [""])[0]
    where = f"step '{label}'"
    _only(raw, STEP_KEYS, where)
    shell = raw.get("shell")
    if shell not in SHELLS:
        raise PathFailed(f"{where}: the walk cannot run shell: {shell}")
    condition = raw.get("if")
    return Step(
        name=str(label),
        uses=str(raw["uses"]) if "uses" in raw else None,
        run=str(raw["run"]) if "run" in raw else None,
        inputs=_strings(raw.get("with")),
        env=_strings(raw.get("env")),
        condition=None if condition is None else str(condition).strip(),
        working_directory=raw.get("working-directory"),
        shell=shell,
        timeout_minutes=_minutes(raw, where),
    )


def _strings(mapping: Any) -> dict[str, str]:
    if not mapping:
        return {}
    if not isinstance(mapping, dict):
        raise PathFailed(f"expected a mapping, found {mapping!r}")
    return {str(key): str(value) for key, value in mapping.items()}


@dataclass
class Walk:
    """The state of one job's walk.

    Its workspace (a fresh clone), its scratch folder, the values of the expressions it may
    meet, and what its stand-ins made.
    """

    workspace: Path
    scratch: Path
    expressions: Mapping[str, str] = field(default_factory=dict)
    path_first: list[Path] = field(default_factory=list)
    artifact: Path | None = None
    deployed: Path | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def log(self) -> Path:
        """Where the steps' output goes."""
        return self.scratch / "steps.log"

    def environment(self, *layers: Mapping[str, str]) -> dict[str, str]:
        """A clean environment for a step, with ``layers`` on top.

        A clean environment with ``CI=true``, the stand-ins' ``PATH`` entries first, and
        ``layers`` on top (the job's ``env``, then the step's).
        """
        env = clean_environment({"CI": "true"})
        for layer in layers:
            env.update(layer)
        env["PATH"] = os.pathsep.join([*(str(path) for path in self.path_first), env["PATH"]])
        return env

    def expand(self, text: str, where: str) -> str:
        """``text`` with every expression replaced by its value.

        Raises:
            PathFailed: an expression the walk has no value for.
        """

        def value(match: re.Match[str]) -> str:
            expression = match.group("expression")
            if expression not in self.expressions:
                raise PathFailed(f"{where}: no stand-in for the expression ${{{{ {expression} }}}}")
            return self.expressions[expression]

        return EXPRESSION.sub(value, text)


def run_job(job: Job, walk: Walk) -> None:
    """Run every step of ``job`` in ``walk``'s workspace, in order.

    Run every step of ``job`` in ``walk``'s workspace, in order, stopping at the first that
    fails, within the job's time limit and each step's.

    Raises:
        PathFailed: a step failed or ran out of time (the message names it, with the end of
            its output), or cannot be walked here.
    """
    deadline = time.monotonic() + job.timeout_minutes * 60
    for number, step in enumerate(job.steps, start=1):
        where = f"job '{job.name}', step '{step.name}'"
        if step.condition not in RUN_CONDITIONS:
            raise PathFailed(f"{where}: the walk cannot honour `if: {step.condition}`")
        print(f"[{job.name}] {step.name}", flush=True)
        if step.uses is not None:
            _use_action(step, walk, where)
            continue
        assert step.run is not None
        script = _stand_in_for_downloads(walk.expand(step.run, where), walk)
        env = walk.environment(
            {key: walk.expand(value, where) for key, value in job.env.items()},
            {key: walk.expand(value, where) for key, value in step.env.items()},
        )
        script_file = walk.scratch / f"step-{number}.sh"
        script_file.write_text(script, encoding="utf-8")
        cwd = walk.workspace / (step.working_directory or "")
        command = [*SHELLS[step.shell], str(script_file)]
        limit = min(step.timeout_minutes * 60, deadline - time.monotonic())
        if limit <= 0:
            raise PathFailed(f"job '{job.name}' ran past its {job.timeout_minutes:g} minutes")
        status = run_logged(command, cwd=cwd, env=env, log=walk.log, timeout=limit)
        if status != 0:
            raise PathFailed(f"{where} failed (exit {status})", tail(walk.log))


def _stand_in_for_downloads(script: str, walk: Walk) -> str:
    """``script`` with Playwright's browser download skipped where Chromium stands in.

    ``script`` with Playwright's browser download skipped where a Chromium installed at
    ``/usr/bin/chromium`` stands in for it.
    """
    if not SYSTEM_CHROMIUM.exists():
        return script

    def skip(match: re.Match[str]) -> str:
        line = match.group("line").strip()
        walk.notes.append(f"the Chromium at {SYSTEM_CHROMIUM} stood in for `{line}`")
        return f"{match.group('indent')}true  # stood in for by {SYSTEM_CHROMIUM}"

    return PLAYWRIGHT_INSTALL.sub(skip, script)


def _use_action(step: Step, walk: Walk, where: str) -> None:
    """Do what the step's action does on the runner, with its stand-in."""
    assert step.uses is not None
    action, _, version = step.uses.partition("@")
    newest = RELEASED_MAJORS.get(action)
    stand_in = STAND_INS.get(action)
    if newest is None or stand_in is None:
        raise PathFailed(f"{where}: no stand-in for the action {action} (tools/fresh/workflow.py)")
    major = re.fullmatch(r"v(\d+)", version)
    if major is None or not 1 <= int(major.group(1)) <= newest:
        raise PathFailed(
            f"{where}: {step.uses} is not a released major version (the newest is v{newest})"
        )
    inputs = {key: walk.expand(value, where) for key, value in step.inputs.items()}
    stand_in(inputs, walk, where)


def _checkout(inputs: Mapping[str, str], walk: Walk, where: str) -> None:
    """The workspace is already a fresh clone of the commit."""
    if inputs:
        raise PathFailed(f"{where}: the walk's checkout takes no inputs, found {dict(inputs)}")


def _setup_python(inputs: Mapping[str, str], walk: Walk, where: str) -> None:
    """A new virtual environment of the asked-for Python, first on ``PATH``."""
    wanted = inputs.get("python-version", "")
    found = _python_of_version(wanted)
    if found is None:
        raise PathFailed(f"{where}: no Python {wanted} on this machine")
    venv = walk.scratch / "python"
    done = subprocess.run([found, "-m", "venv", str(venv)], capture_output=True, text=True)
    if done.returncode != 0:
        raise PathFailed(f"{where}: could not make a Python {wanted} environment: {done.stderr}")
    walk.path_first.insert(0, venv / "bin")


def _python_of_version(wanted: str) -> str | None:
    """A Python command whose ``major.minor`` is ``wanted`` (this one's first)."""
    for candidate in (sys.executable, f"python{wanted}", "python3"):
        path = shutil.which(candidate)
        if path is None:
            continue
        version = subprocess.run(
            [path, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True,
            text=True,
        ).stdout.strip()
        if version == wanted:
            return path
    return None


def _setup_node(inputs: Mapping[str, str], walk: Walk, where: str) -> None:
    """This machine's Node.js: a note where its major version differs from the one asked."""
    wanted = inputs.get("node-version", "")
    node = shutil.which("node")
    if node is None:
        raise PathFailed(f"{where}: no Node.js on this machine")
    have = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    if have.lstrip("v").split(".")[0] != wanted.split(".")[0]:
        walk.notes.append(f"the workflow asks for Node.js {wanted}; this machine has {have}")


def _nothing_here(inputs: Mapping[str, str], walk: Walk, where: str) -> None:
    """An action whose work only matters on GitHub (keeping files for later)."""


def _upload_pages_artifact(inputs: Mapping[str, str], walk: Walk, where: str) -> None:
    """The tar that ``actions/upload-pages-artifact`` makes, of the same folder."""
    folder = walk.workspace / inputs.get("path", "_site/")
    if not folder.is_dir():
        raise PathFailed(f"{where}: {inputs.get('path')} is not a folder: nothing to deploy")
    artifact = walk.scratch / "artifact.tar"
    command = [
        "tar", "--dereference", "--hard-dereference", "--directory", str(folder),
        "-cf", str(artifact), "--exclude=.git", "--exclude=.github", "--exclude=.[^/]*", ".",
    ]  # fmt: skip
    status = run_logged(
        command, cwd=walk.workspace, env=walk.environment(), log=walk.log, timeout=300
    )
    if status != 0:
        raise PathFailed(f"{where}: tar failed (exit {status})", tail(walk.log))
    walk.artifact = artifact


def _deploy_pages(inputs: Mapping[str, str], walk: Walk, where: str) -> None:
    """The uploaded artifact unpacked, as GitHub Pages would serve it."""
    if walk.artifact is None:
        raise PathFailed(f"{where}: no Pages artifact was uploaded before")
    deployed = walk.scratch / "deployed"
    shutil.rmtree(deployed, ignore_errors=True)
    with tarfile.open(walk.artifact) as archive:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later
            archive.extractall(deployed, filter="data")
        else:  # the tar is our own, made just now from the site's folder
            archive.extractall(deployed)
    if not (deployed / "index.html").is_file():
        raise PathFailed(f"{where}: the Pages artifact has no index.html at its root")
    walk.deployed = deployed


StandIn = Callable[[Mapping[str, str], Walk, str], None]

STAND_INS: dict[str, StandIn] = {
    "actions/checkout": _checkout,
    "actions/setup-python": _setup_python,
    "actions/setup-node": _setup_node,
    "actions/upload-pages-artifact": _upload_pages_artifact,
    "actions/deploy-pages": _deploy_pages,
    "actions/upload-artifact": _nothing_here,
}
"""What does here what each action does on the runner."""
