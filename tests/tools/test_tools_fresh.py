"""The walker of the paths from a push to a player (tools/fresh).

It reads the README's serve command and the workflow's jobs as written, and refuses what it cannot
stand in for.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
import yaml
from tools.fresh import workflow
from tools.fresh.clone import PathFailed, clean_environment
from tools.fresh.serve_path import readme_serve_command
from tools.fresh.workflow import RELEASED_MAJORS, STAND_INS, Walk, load_job, run_job
from tools.paths import ROOT


def _checkout(tmp_path: Path, jobs: dict[str, object]) -> Path:
    """A folder holding a workflow of ``jobs``."""
    folder = tmp_path / "checkout"
    (folder / ".github" / "workflows").mkdir(parents=True)
    text = yaml.safe_dump({"name": "t", "on": "push", "jobs": jobs})
    (folder / ".github" / "workflows" / "pages.yml").write_text(text, encoding="utf-8")
    return folder


def _walk(checkout: Path, tmp_path: Path, **expressions: str) -> Walk:
    scratch = tmp_path / "scratch"
    scratch.mkdir(parents=True)
    return Walk(workspace=checkout, scratch=scratch, expressions=expressions)


def test_the_readme_names_the_serve_command() -> None:
    assert readme_serve_command(ROOT / "README.md") == "bash scripts/serve.sh"


def test_a_readme_without_the_section_is_refused(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# Park\n\n## Play\n\n```sh\nbash x.sh\n```\n", encoding="utf-8")
    with pytest.raises(PathFailed, match="Run it locally"):
        readme_serve_command(readme)


@pytest.mark.parametrize("job", ["test", "deploy", "smoke"])
def test_every_action_of_the_workflow_has_a_stand_in_and_is_released(job: str) -> None:
    for step in load_job(job, ROOT).steps:
        if step.uses is None:
            continue
        action, _, version = step.uses.partition("@")
        assert action in STAND_INS, step.uses
        assert 1 <= int(version.removeprefix("v")) <= RELEASED_MAJORS[action], step.uses


def test_the_deploy_job_builds_the_site_with_its_snapshot() -> None:
    scripts = "\n".join(step.run or "" for step in load_job("deploy", ROOT).steps)
    assert "scripts/setup.sh --for build" in scripts
    assert "tools/build_site.py --snapshot required" in scripts


def test_run_steps_run_in_order_with_env_and_expressions(tmp_path: Path) -> None:
    checkout = _checkout(
        tmp_path,
        {
            "j": {
                "env": {"WHO": "job"},
                "steps": [
                    {"run": 'echo "$WHO ${{ needs.x.outputs.url }}" > out.txt'},
                    {"run": 'echo "$STEP" >> out.txt', "env": {"STEP": "step"}},
                ],
            }
        },
    )
    run_job(load_job("j", checkout), _walk(checkout, tmp_path, **{"needs.x.outputs.url": "U"}))
    assert (checkout / "out.txt").read_text().split() == ["job", "U", "step"]


def test_a_failing_step_is_named(tmp_path: Path) -> None:
    checkout = _checkout(
        tmp_path, {"j": {"steps": [{"run": "true"}, {"name": "Build", "run": "echo no; false"}]}}
    )
    with pytest.raises(PathFailed, match=r"job 'j', step 'Build' failed \(exit 1\)") as failed:
        run_job(load_job("j", checkout), _walk(checkout, tmp_path))
    assert "no" in failed.value.detail


def test_each_step_runs_in_the_shell_the_runner_uses(tmp_path: Path) -> None:
    """No shell named.

    ``bash -e`` (a failing pipe's first command goes unnoticed); ``shell: bash``: with ``pipefail``
    too (GitHub's ``jobs.<id>.steps[*].shell``).
    """
    checkout = _checkout(
        tmp_path,
        {
            "plain": {"steps": [{"run": "false | cat"}]},
            "bash": {"steps": [{"run": "false | cat", "shell": "bash"}]},
        },
    )
    run_job(load_job("plain", checkout), _walk(checkout, tmp_path))
    with pytest.raises(PathFailed, match="exit 1"):
        run_job(load_job("bash", checkout), _walk(checkout, tmp_path / "b"))


@pytest.mark.parametrize(
    ("job", "refusal"),
    [
        ({"if": "github.ref == 'x'", "steps": []}, "cannot honour if"),
        ({"services": {"db": {}}, "steps": []}, "cannot honour services"),
        ({"steps": [{"run": "true", "continue-on-error": True}]}, "continue-on-error"),
        ({"steps": [{"run": "true", "shell": "pwsh"}]}, "shell: pwsh"),
        ({"timeout-minutes": "soon", "steps": []}, "positive number"),
    ],
)
def test_what_the_walk_cannot_honour_is_refused(
    tmp_path: Path, job: dict[str, object], refusal: str
) -> None:
    checkout = _checkout(tmp_path, {"j": job})
    with pytest.raises(PathFailed, match=refusal):
        load_job("j", checkout)


@pytest.mark.slow
@pytest.mark.parametrize("started_in_the_background", [False, True])
def test_a_step_past_its_time_is_killed_with_all_it_started(
    tmp_path: Path, started_in_the_background: bool
) -> None:
    """Also when the walk was started by ``cmd &`` in a shell, so ignores Ctrl+C's signal."""
    # ignored here, the steps would inherit it but for tools.fresh.clone.as_a_terminal_starts
    ignored = signal.SIG_IGN if started_in_the_background else signal.getsignal(signal.SIGINT)
    before = signal.signal(signal.SIGINT, ignored)
    try:
        checkout = _checkout(
            tmp_path,
            {
                "j": {
                    "steps": [{"run": "(sleep 6; touch late) & sleep 60", "timeout-minutes": 0.02}]
                }
            },
        )
        began = time.monotonic()
        with pytest.raises(PathFailed, match="exit 124"):
            run_job(load_job("j", checkout), _walk(checkout, tmp_path))
    finally:
        signal.signal(signal.SIGINT, before)
    assert time.monotonic() - began < 20
    # stopped at 1.2 s (Ctrl+C's signal, else 5 s later SIGTERM's): "late" would come at 6 s
    time.sleep(max(0.0, began + 8 - time.monotonic()))
    assert not (checkout / "late").exists(), "a process the step started outlived it"


@pytest.mark.slow
def test_the_job_s_time_limit_bounds_its_steps(tmp_path: Path) -> None:
    checkout = _checkout(
        tmp_path, {"j": {"timeout-minutes": 0.02, "steps": [{"run": "sleep 30"}, {"run": "true"}]}}
    )
    with pytest.raises(PathFailed, match="exit 124"):
        run_job(load_job("j", checkout), _walk(checkout, tmp_path))


def test_an_unknown_expression_is_refused(tmp_path: Path) -> None:
    checkout = _checkout(tmp_path, {"j": {"steps": [{"run": "echo ${{ secrets.TOKEN }}"}]}})
    with pytest.raises(PathFailed, match=r"secrets\.TOKEN"):
        run_job(load_job("j", checkout), _walk(checkout, tmp_path))


@pytest.mark.parametrize(
    ("uses", "refusal"),
    [
        ("actions/deploy-pages@v6", "not a released major version"),
        ("actions/checkout@main", "not a released major version"),
        ("someone/else@v1", "no stand-in for the action someone/else"),
    ],
)
def test_an_action_without_a_release_or_a_stand_in_is_refused(
    tmp_path: Path, uses: str, refusal: str
) -> None:
    checkout = _checkout(tmp_path, {"j": {"steps": [{"uses": uses}]}})
    with pytest.raises(PathFailed, match=refusal):
        run_job(load_job("j", checkout), _walk(checkout, tmp_path))


def test_a_condition_the_walk_cannot_honour_is_refused(tmp_path: Path) -> None:
    checkout = _checkout(tmp_path, {"j": {"steps": [{"run": "true", "if": "failure()"}]}})
    with pytest.raises(PathFailed, match=r"failure\(\)"):
        run_job(load_job("j", checkout), _walk(checkout, tmp_path))


def test_playwrights_download_is_skipped_where_debians_chromium_stands_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chromium = tmp_path / "chromium"
    chromium.touch()
    monkeypatch.setattr(workflow, "SYSTEM_CHROMIUM", chromium)
    script = "a\n  .venv/bin/python -m playwright install --with-deps chromium\nb"
    checkout = _checkout(tmp_path, {})
    walk = _walk(checkout, tmp_path)
    changed = workflow._stand_in_for_downloads(script, walk)
    assert changed.splitlines()[0] == "a" and changed.splitlines()[2] == "b"
    assert "playwright" not in changed.splitlines()[1].split("#")[0]
    assert walk.notes and f"Chromium at {chromium}" in walk.notes[0]
    monkeypatch.setattr(workflow, "SYSTEM_CHROMIUM", tmp_path / "absent")
    assert workflow._stand_in_for_downloads(script, walk) == script


def test_the_pages_artifact_is_what_pages_would_serve(tmp_path: Path) -> None:
    checkout = _checkout(
        tmp_path,
        {
            "j": {
                "steps": [
                    {"run": "mkdir -p out/a && echo hi > out/index.html && touch out/.hidden"},
                    {"uses": "actions/upload-pages-artifact@v5", "with": {"path": "out"}},
                    {"uses": "actions/deploy-pages@v5"},
                ]
            }
        },
    )
    walk = _walk(checkout, tmp_path)
    run_job(load_job("j", checkout), walk)
    assert walk.deployed is not None
    assert (walk.deployed / "index.html").read_text() == "hi\n"
    assert (walk.deployed / "a").is_dir() and not (walk.deployed / ".hidden").exists()


def test_deploying_without_an_artifact_is_refused(tmp_path: Path) -> None:
    checkout = _checkout(tmp_path, {"j": {"steps": [{"uses": "actions/deploy-pages@v5"}]}})
    with pytest.raises(PathFailed, match="no Pages artifact"):
        run_job(load_job("j", checkout), _walk(checkout, tmp_path))


def test_the_environment_carries_nothing_of_this_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VIRTUAL_ENV", str(ROOT / ".venv"))
    monkeypatch.setenv("PATH", os.pathsep.join([str(ROOT / ".venv" / "bin"), "/usr/bin"]))
    env = clean_environment({"PORT": "1"})
    assert "VIRTUAL_ENV" not in env
    assert env["PATH"] == "/usr/bin" and env["PORT"] == "1"
