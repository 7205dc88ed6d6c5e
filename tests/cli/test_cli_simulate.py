"""The ``python -m park simulate`` command and the simulation figures behind it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from park.cli import main
from park.cli.simulate import simulate
from tests.helpers import ROOT


def test_simulate_plays_every_game_to_a_winner_or_the_cap() -> None:
    report = simulate(players=4, games=5, seed=3)
    assert report.games == 5
    assert len(report.rounds) == 5
    assert len(report.winning_scores) + report.capped == 5
    assert all(score >= 175 for score in report.winning_scores)
    assert report.decisions > 5 * 4  # every game lasts more than a round


def test_simulate_round_cap_counts_capped_games() -> None:
    report = simulate(players=3, games=2, seed=1, round_cap=1)
    assert report.capped == 2
    assert report.rounds == (1, 1)
    assert report.winning_scores == ()


def test_simulate_is_deterministic_for_a_seed() -> None:
    a = simulate(players=5, games=3, seed=11)
    b = simulate(players=5, games=3, seed=11)
    assert (a.rounds, a.winning_scores, a.decisions) == (b.rounds, b.winning_scores, b.decisions)


def test_cli_simulate_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "4", "--games", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    for label in (
        "games per second:",
        "decisions per second:",
        "median",
        "90th percentile",
        "winner's median score:",
        "capped at the round cap: ",
    ):
        assert label in out


def test_cli_simulate_rejects_an_unsupported_player_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--players", "9", "--games", "1"]) == 2
    assert "9 players is not supported" in capsys.readouterr().err


def test_python_dash_m_park_runs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "park", "simulate", "--players", "3", "--games", "1"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "src")},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "decisions per second" in result.stdout
