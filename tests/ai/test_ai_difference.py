"""What made the difference between two plans (issue 41): ``park.ai.difference``.

The gap split into parts that add up to it, whether the deals tell two plans apart, and made
positions from the shipped puzzles: a kept card, Captain Park's catches, Month counters.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from park.ai.deal_values import parts_on_deals, run, values_on_deals
from park.ai.difference import cards_kept, difference
from park.ai.search import RolloutParts
from park.engine.observation import observe
from park.ui.puzzles.catalogue import Puzzle, load_puzzles
from park.ui.puzzles.position import puzzle_state

_points = st.floats(-200, 200, allow_nan=False)
_outcomes = st.builds(
    RolloutParts,
    points=_points,
    scoring=_points,
    next_turn=_points,
    rivals=_points,
    game_over=st.none() | st.sampled_from([400.0, -400.0]),
    months_after_turn=st.integers(0, 6),
    months_at_next_turn=st.integers(0, 6),
)


@given(st.lists(st.tuples(_outcomes, _outcomes), min_size=1, max_size=30))
def test_the_parts_add_up_to_the_gap(pairs: list[tuple[RolloutParts, RolloutParts]]) -> None:
    found = difference([a for a, _b in pairs], [b for _a, b in pairs])
    gap = sum(a.value - b.value for a, b in pairs) / len(pairs)
    assert found.gap == pytest.approx(gap, abs=1e-6)
    assert sum(found.parts) == pytest.approx(found.gap, abs=1e-6)
    assert found.deals == len(pairs)


def test_a_deal_where_a_game_ends_counts_wholly_as_game_over() -> None:
    won = RolloutParts(game_over=400.0)
    played = RolloutParts(points=10.0, next_turn=20.0, rivals=5.0)
    found = difference([won], [played])
    assert found.parts == (0.0, 0.0, 0.0, 375.0)
    assert found.best.wins == 1 and found.other.wins == 0


def test_deals_that_cannot_tell_two_plans_apart() -> None:
    noisy = [RolloutParts(points=p) for p in (10, -10, 12, -8, 9, -11)]
    steady = [RolloutParts(points=0.0)] * 6
    assert not difference(noisy, steady).tellable  # a mean of 0.33, spread about 4
    ahead = [RolloutParts(points=p) for p in (10, 11, 9, 10, 12, 8)]
    assert difference(ahead, steady).tellable
    assert not difference(ahead[:1], steady[:1]).tellable  # one deal tells nothing


def test_the_parts_that_carry_the_gap_come_largest_first() -> None:
    best = [RolloutParts(points=5.0, next_turn=10.0, rivals=0.0)] * 4
    other = [RolloutParts(points=0.0, next_turn=0.0, rivals=1.0)] * 4
    found = difference(best, other)
    assert found.parts == (5.0, 10.0, 1.0, 0.0)
    assert found.carried() == ("next_turn", "points")  # rivals: under a quarter of the gap
    assert found.carried(share=0.5) == ("next_turn",)


def test_fewer_than_one_deal_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one deal"):
        difference([], [RolloutParts()])


def _outcomes_of(number: int) -> tuple[Puzzle, tuple[tuple[RolloutParts, ...], ...]]:
    """Puzzle ``number``'s best plan and runner-up, on its own deals."""
    puzzles = load_puzzles()
    puzzle = puzzles.number(number)
    view = observe(puzzle_state(puzzle, "You"), puzzle.seat)
    plans = [puzzle.best_actions(), puzzle.runner_up_actions()]
    return puzzle, run(parts_on_deals(view, plans, puzzles.deals, puzzle.deal_key))


@pytest.mark.slow
def test_the_parts_value_a_puzzle_as_the_puzzle_set_did() -> None:
    """The outcomes' values are the ones the puzzle set was made with (puzzle 219)."""
    puzzle, outcomes = _outcomes_of(219)
    means = [sum(o.value for o in found) / len(found) for found in outcomes]
    assert means == pytest.approx(puzzle.values, abs=0.01)
    view = observe(puzzle_state(puzzle, "You"), puzzle.seat)
    plans = [puzzle.best_actions(), puzzle.runner_up_actions()]
    deals = load_puzzles().deals
    values = run(values_on_deals(view, plans, deals, puzzle.deal_key))
    assert values == tuple(tuple(o.value for o in found) for found in outcomes)


@pytest.mark.slow
def test_a_kept_card_makes_the_difference_in_the_next_turn() -> None:
    """Puzzle 219: same route, same South Pole score; the best turn keeps another card."""
    puzzle, (best, runner_up) = _outcomes_of(219)
    found = difference(best, runner_up)
    assert found.tellable and found.carried() == ("next_turn",)
    assert found.parts[0] == pytest.approx(0.0, abs=0.01)  # the same points scored
    assert found.best.next_turn - found.other.next_turn == pytest.approx(6.3, abs=0.1)
    assert cards_kept(puzzle.best_actions(), puzzle.runner_up_actions()) == ("emperors-height",)
    assert cards_kept(puzzle.runner_up_actions(), puzzle.best_actions()) == ("speeding-sloth",)


@pytest.mark.slow
def test_captain_parks_catches_are_counted_deal_by_deal() -> None:
    """Puzzle 17: after the runner-up Captain Park catches the seat on most deals."""
    _puzzle, (best, runner_up) = _outcomes_of(17)
    found = difference(best, runner_up)
    assert (found.best.caught, found.other.caught) == (0, 17)
    assert found.carried()[0] == "next_turn"
    assert all(o.months_at_next_turn <= o.months_after_turn for o in runner_up if o.caught)
    assert all(o.months_at_next_turn == o.months_after_turn + 1 for o in best)  # R15's new one


@pytest.mark.slow
def test_month_counters_after_the_turn_are_kept_with_each_outcome() -> None:
    """Puzzle 190: the best turn ends with a Month counter, the runner-up with none."""
    _puzzle, (best, runner_up) = _outcomes_of(190)
    assert {o.months_after_turn for o in best} == {1}
    assert {o.months_after_turn for o in runner_up} == {0}


def test_a_seat_caught_with_one_month_counter_is_counted_caught() -> None:
    """Its next turn starts with that turn's new counter (R15): 1 after 1 means it lost one."""
    assert RolloutParts(months_after_turn=1, months_at_next_turn=1).caught
    assert not RolloutParts(months_after_turn=1, months_at_next_turn=2).caught
    assert not RolloutParts(months_after_turn=0, months_at_next_turn=1).caught  # nothing to lose
