"""The ``python -m park tournament`` command and its figures."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from park.ai import HardBot
from park.cli import main
from park.cli.tournament import percentile, play_game, run_tournament, wilson
from park.engine import levels
from park.engine.actions import Action
from park.engine.levels import LEVELS


def test_wilson_interval_known_values() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 20)
    assert low == 0.0 and 0.1 < high < 0.2
    low, high = wilson(20, 20)
    assert high == pytest.approx(1.0) and 0.8 < low < 0.9


def test_percentile_nearest_rank() -> None:
    assert percentile([], 50) == 0.0
    assert percentile([3.0, 1.0, 2.0], 50) == 2.0
    assert percentile([float(i) for i in range(1, 101)], 95) == 95.0
    assert percentile([1.0, 2.0], 100) == 2.0


def test_play_game_rotates_seats_and_reports_each_bot() -> None:
    record = play_game(["normal", "random", "random"], game=1, seed=4)
    assert record.seat_of == [1, 2, 0]
    assert record.winner in (0, 1, 2)
    assert len(record.scores) == 3
    assert all(record.times[j] for j in range(3))


def test_round_cap_counts_as_no_win() -> None:
    result = run_tournament(["random"] * 4, games=2, seed=1, round_cap=1)
    assert all(r.winner is None for r in result.records)
    assert "capped at 1 rounds (no winner): 2" in "\n".join(result.lines())


def test_tournament_is_reproducible() -> None:
    a = run_tournament(["normal", "easy", "random"], games=2, seed=9)
    b = run_tournament(["normal", "easy", "random"], games=2, seed=9)
    assert [(r.winner, r.scores) for r in a.records] == [(r.winner, r.scores) for r in b.records]


def test_cli_tournament_prints_win_rates(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--players", "3", "--games", "2", "--bots", "normal,random,random"]
    code = main([*args, "--seed", "3"])
    assert code == 0
    out = capsys.readouterr().out
    assert "1:normal" in out and "2:random" in out and "3:random" in out
    assert "95% CI" in out and "p95 ms" in out
    assert "all 2 random" in out


def test_cli_tournament_with_hard_and_budget(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--players", "3", "--games", "1", "--bots", "hard,random,random"]
    code = main([*args, "--budget", "0.01", "--round-cap", "5"])
    assert code == 0
    out = capsys.readouterr().out
    assert "budget 0.01 s" in out
    assert "1:hard decisions over the budget + 10% (11 ms):" in out


def test_a_level_that_thinks_longer_is_given_and_held_to_its_own_budget(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every level as if it thought twice the budget (those that think on one at all).
    stretched = {entry.name: replace(entry, thinking=2.0) for entry in LEVELS}
    monkeypatch.setattr(levels, "_BY_NAME", stretched)
    seen: list[float | None] = []
    decide = HardBot.decide

    def noting(self: HardBot, *args: Any) -> Action:
        seen.append(args[3])
        return decide(self, *args)

    monkeypatch.setattr(HardBot, "decide", noting)
    args = ["tournament", "--players", "3", "--games", "1", "--bots", "hard,random,random"]
    assert main([*args, "--budget", "0.01", "--round-cap", "3"]) == 0
    assert seen and set(seen) == {0.02}
    assert "1:hard decisions over the budget + 10% (22 ms):" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "4", "--bots", "normal,random,random"],
        ["--players", "3", "--bots", "normal,random,no-such-level"],
        ["--players", "2", "--bots", "normal,random"],
    ],
)
def test_cli_tournament_rejects_bad_settings(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", "--games", "1", *args]) == 2
    assert "error:" in capsys.readouterr().err


def test_tournament_hard_thinks_in_cpu_time() -> None:
    import time

    from park.ai import HardBot
    from park.cli.tournament import make_player

    bot = make_player("hard")
    assert isinstance(bot, HardBot)
    assert bot.clock is time.process_time
