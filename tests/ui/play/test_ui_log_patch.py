"""The game log patched round by round (``park.ui.play.log_html``).

The plan the page follows gives exactly the new log, touches only the rounds that changed, and falls
back to a whole redraw for another game's log.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from park.ui.play.log_html import RoundsPatch, log_rounds, rounds_patch
from park.ui.play.view_types import LogLine


def _apply(old: list[str], plan: RoundsPatch) -> list[str]:
    """What the page does with a plan, on a list standing for the rounds' elements."""
    kept = old[plan.drop :]
    for index, markup in plan.morph:
        kept[index] = markup
    return kept + list(plan.append)


def _rounds(first: int, markups: list[str]) -> list[tuple[int, str]]:
    return [(first + i, markup) for i, markup in enumerate(markups)]


@given(
    first=st.integers(1, 30),
    old=st.lists(st.sampled_from("abc"), max_size=8),
    dropped=st.integers(0, 8),
    changed=st.lists(st.sampled_from("abcd"), max_size=8),
    added=st.lists(st.sampled_from("abc"), max_size=4),
)
def test_the_plan_turns_the_drawn_rounds_into_the_new_ones(
    first: int, old: list[str], dropped: int, changed: list[str], added: list[str]
) -> None:
    dropped = min(dropped, len(old))
    still = [changed[i] if i < len(changed) else m for i, m in enumerate(old[dropped:])]
    drawn = _rounds(first, old)
    new = _rounds(first + dropped, still + added)
    plan = rounds_patch(drawn, new)
    assert plan is not None
    assert _apply(old, plan) == [markup for _round, markup in new]
    kept = old[dropped:]
    assert all(kept[i] != markup for i, markup in plan.morph)  # an unchanged round is left alone


def test_a_new_round_is_appended_and_only_the_last_round_morphed() -> None:
    lines = [
        LogLine("Turn 1", 0, "turn_started", 1),
        LogLine("You stepped", 0, "step", 1),
        LogLine("Turn 2", 1, "turn_started", 2),
    ]
    before = log_rounds(lines, ["#111111", "#222222"], players=2)
    after = log_rounds(
        [*lines, LogLine("A stepped", 1, "step", 2), LogLine("Turn 3", 0, "turn_started", 3)],
        ["#111111", "#222222"],
        players=2,
    )
    plan = rounds_patch(before.rounds, after.rounds)
    assert plan == RoundsPatch(0, ((0, after.rounds[0][1]),), (after.rounds[1][1],))


def test_another_games_log_is_drawn_whole() -> None:
    assert rounds_patch(_rounds(1, ["a", "b", "c"]), _rounds(1, ["a"])) is None
    assert rounds_patch(_rounds(5, ["a", "b"]), _rounds(2, ["a", "b", "c"])) is None
    assert rounds_patch((), _rounds(1, ["a"])) == RoundsPatch(0, (), ("a",))


def test_the_whole_log_is_the_note_then_the_rounds() -> None:
    lines = [
        LogLine(f"line {i}", 0, "step" if i % 3 else "turn_started", 1 + i // 3) for i in range(30)
    ]
    log = log_rounds(lines, ["#111111"], players=1, limit=10)
    assert log.html.startswith(log.note) and "Earlier turns" in log.note
    assert (
        log.html
        == log.note + '<div class="log-rounds">' + "".join(m for _r, m in log.rounds) + "</div>"
    )
