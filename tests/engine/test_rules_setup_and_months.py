"""R1-R20: components, setup and Month counters (docs/rules.md), on the shipped data."""

from __future__ import annotations

from dataclasses import replace

import pytest

from park import (
    CARD_TYPES,
    DESTINATIONS,
    Discard,
    FinishExchange,
    Phase,
    PlayCard,
    Stay,
    Step,
    load_board,
    load_deck,
    load_scoring_board,
    new_game,
    observe,
    standard_ruleset,
)
from tests.engine.helpers import (
    ANECDOTE,
    ARTIFACT,
    FACT,
    HERO,
    P1,
    P2,
    P3,
    P4,
    PHOTOGRAPH,
    Seat,
    begin_turn,
    hand,
    months,
    of_kind,
    position,
    run,
)

# -- 1.1 Components and parameters ----------------------------------------------------------


def test_R1_the_map_is_london_and_the_scoring_board_is_separate():
    board = load_board()
    assert board.name == "London"
    assert len(board.spaces) == 18
    rules = standard_ruleset()
    # The scoring board is its own component, not part of the map.
    assert rules.scoring is load_scoring_board()
    assert not hasattr(board, "novelty")
    assert {s.kind for s in board.spaces}.isdisjoint({"Scoring board"})


def test_R2_the_deck_has_exactly_90_cards():
    deck = load_deck()
    assert len(deck) == 90
    assert len({c.id for c in deck}) == 90
    assert len(standard_ruleset().cards) == 90


def test_R3_one_pawn_per_player_one_park_pawn_and_one_fad_pawn():
    state = new_game(4, seed=3)
    assert len(state.seats) == 4
    for seat in state.seats:
        assert isinstance(seat.position, str)  # one pawn: one space
        assert seat.position in load_board().by_id
        assert isinstance(seat.months, int)  # a pile of counters
    assert isinstance(state.park, int)  # Captain Park: one number
    assert state.fad is None  # the Fad pawn: one destination or not yet placed


def test_R4_every_card_has_one_of_five_types():
    assert CARD_TYPES == ("Artifact", "Anecdote", "Photograph", "Fact", "Hero")
    deck = load_deck()
    assert {c.type for c in deck} == set(CARD_TYPES)
    for card_type in CARD_TYPES:
        assert sum(c.type == card_type for c in deck) == 18


def test_R5_five_destinations_each_with_three_bonus_dots():
    assert DESTINATIONS == ("Africa", "Amazon", "China", "Everest", "South Pole")
    novelty = load_scoring_board().novelty
    assert novelty == {
        "Africa": (10, 7, 4),
        "Amazon": (12, 8, 4),
        "China": (8, 6, 4),
        "Everest": (14, 10, 6),
        "South Pole": (16, 11, 6),
    }


@pytest.mark.parametrize(
    ("players", "needed", "target"),
    [(3, 7, 200), (4, 6, 175), (5, 5, 150), (6, 4, 125), (7, 3, 100)],
)
def test_R6_months_needed_and_target_come_from_the_table(players, needed, target):
    state = new_game(players, seed=1)
    assert (state.months_needed, state.target) == (needed, target)
    assert observe(state, 0).months_needed == needed
    assert observe(state, 0).target == target


def test_R7_scores_start_at_zero_and_are_public():
    state = new_game(5, seed=2)
    assert [s.score for s in state.seats] == [0] * 5
    state = replace(state, seats=tuple(replace(s, score=10 * i) for i, s in enumerate(state.seats)))
    for viewer in range(5):
        assert [p.score for p in observe(state, viewer).seats] == [0, 10, 20, 30, 40]


# -- 1.2 Setup -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_R8_every_pawn_starts_in_the_club(players):
    state = new_game(players, seed=5)
    assert [s.position for s in state.seats] == ["club"] * players


def test_R9_park_starts_on_news_stand_1():
    state = new_game(4, seed=5)
    assert state.park == 1
    assert state.park_space == "1"
    assert load_board().space("1").kind == "News Stand"


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_R10_shuffle_and_deal_five_cards_each(players):
    state = new_game(players, seed=11)
    assert [len(s.hand) for s in state.seats] == [5] * players
    assert len(state.deck) == 90 - 5 * players
    everything = [c for s in state.seats for c in s.hand] + list(state.deck)
    assert sorted(everything) == list(range(90))


def test_R10_the_deck_is_shuffled_by_the_seed():
    decks = {new_game(4, seed=s).deck for s in range(5)}
    assert len(decks) == 5
    assert new_game(4, seed=9).deck == new_game(4, seed=9).deck
    assert new_game(4, seed=9).deck != tuple(range(20, 90))


def test_R11_start_with_empty_discards_inventories_visits_and_dots():
    state = new_game(4, seed=4, first_seat=P2)
    assert state.discard == ()
    # Every pile starts at 0; the first player's first turn has already added its counter.
    assert months(state) == [0, 1, 0, 0]
    assert all(s.inventory == () for s in state.seats)
    assert all(s.visited == () and s.expeditions == () for s in state.seats)
    assert state.scorings == (0, 0, 0, 0, 0)


def test_R12_there_is_no_fad_at_the_start():
    assert new_game(4, seed=8).fad is None
    assert observe(new_game(4, seed=8), 0).fad is None


def test_R13_the_first_player_is_chosen_at_random():
    firsts = [new_game(4, seed=s).active for s in range(40)]
    assert set(firsts) == {0, 1, 2, 3}
    assert new_game(4, seed=12).active == new_game(4, seed=12).active
    assert new_game(4, seed=12, first_seat=P3).active == P3


def test_R14_turns_pass_to_the_left():
    state = new_game(4, seed=0, first_seat=P3)
    order = []
    for _ in range(6):
        order.append(state.active)
        state, _ = run(state, Stay())
    assert order == [P3, P4, P1, P2, P3, P4]


# -- 1.3 Month counters ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("where", "park", "before", "after"),
    [("club", 1, 0, 1), ("hotel_north", 1, 3, 4), ("5", 5, 0, 1), ("3", 1, 12, 13)],
    ids=["in_the_club", "in_the_hotel", "on_parks_space", "on_a_cafe"],
)
def test_R15_each_turn_starts_with_exactly_one_counter(where, park, before, after):
    state = position(active=P2, park=park, seats={P1: Seat("hotel_south"), P2: Seat(where, before)})
    state, events = begin_turn(state)
    assert state.active == P2
    assert state.phase is Phase.START
    assert state.seats[P2].months == after
    assert of_kind(events, "turn_started")[0].data["months"] == after


def test_R16_extra_steps_add_no_counters():
    state = position(park=10, seats={P1: Seat("3", 4, hand=[ANECDOTE, PHOTOGRAPH, FACT, HERO])})
    for action in (Step("4"), PlayCard(ANECDOTE), Step("5"), PlayCard(PHOTOGRAPH)):
        state, _ = run(state, action)
        assert state.seats[P1].months == 4
    state, _ = run(state, Step("6"), PlayCard(FACT))
    assert state.seats[P1].months == 4
    state, _ = run(state, Stay())
    assert state.seats[P1].months == 4
    # Only the start of the next own turn adds one.
    state, _ = run(state, Stay(), Stay(), Stay())
    assert state.active == P1
    assert state.seats[P1].months == 5


def test_R17_month_piles_are_public():
    state = position(seats={P1: Seat("3", 4), P2: Seat("7", 9), P3: Seat("hotel_north", 2)})
    for viewer in (P1, P2, P3, P4):
        assert [p.months for p in observe(state, viewer).seats] == [4, 9, 2, 0]


def test_R18_a_loss_clears_the_whole_pile():
    state = position(park=9, seats={P1: Seat("12", 3, hand=[HERO]), P2: Seat("10", 9)})
    state, events = run(state, Step("11"), PlayCard(HERO))
    assert state.park == 10
    assert state.seats[P2].months == 0
    lost = of_kind(events, "months_lost")
    assert [(e.seat, e.data["months"], e.data["reason"]) for e in lost] == [(P2, 9, "park_landed")]


@pytest.mark.parametrize(
    ("seat", "park", "actions", "reason"),
    [
        (Seat("12", 5, hand=[HERO]), 10, [Step("11"), PlayCard(HERO)], "park_landed"),
        (Seat("1", 5), 3, [Step("3")], "walked_into_park"),
        (Seat("6", 5), 1, [Step("club")], "ended_in_club"),
        (Seat("5", 5), 5, [Stay()], "stayed_with_park"),
    ],
    ids=["a_park_lands", "b_steps_into_park", "c_ends_in_club", "d_stays_with_park"],
)
def test_R19_months_are_cleared_in_exactly_four_cases(seat, park, actions, reason):
    state = position(park=park, seats={P1: seat})
    state, events = run(state, *actions)
    assert state.seats[P1].months == 0
    lost = of_kind(events, "months_lost")
    assert [(e.seat, e.data["months"], e.data["reason"]) for e in lost] == [(P1, 5, reason)]


@pytest.mark.parametrize(
    ("seat", "actions"),
    [
        (Seat("1", 5), [Step("3")]),  # a Café draw
        (Seat("market", 5), [Step("hotel_south")]),  # the Hotel
        (Seat("1", 5, hand=[FACT, HERO]), [Step("market"), Discard(FACT), FinishExchange()]),
        (Seat("3", 5, hand=[ANECDOTE]), [Step("4"), PlayCard(ANECDOTE), Stay()]),
        (Seat("hotel_north", 5), [Stay()]),
    ],
    ids=["cafe", "hotel", "marketplace", "card_play_elsewhere", "stay"],
)
def test_R19_nothing_else_clears_months(seat, actions):
    state = position(park=10, seats={P1: seat})
    state, events = run(state, *actions)
    assert state.active == P2
    assert state.seats[P1].months == 5
    assert of_kind(events, "months_lost") == []


def test_R20_losing_months_changes_nothing_else():
    victim = Seat("10", 8, hand=[FACT, HERO], inventory=[ARTIFACT], score=42, visited=["China"])
    state = position(
        park=9, seats={P1: Seat("12", 3, hand=[PHOTOGRAPH, "river-pilot"]), P2: victim}
    )
    before = state.seats[P2]
    state, _ = run(state, Step("11"), PlayCard("river-pilot"))
    assert state.park == 10
    assert state.seats[P2] == replace(before, months=0)
    assert hand(state, P2) == [FACT, HERO]
