"""A1-A32: our rulings where the rulebook is silent or ambiguous (RULES.md Part 2).

Rulings with a switch in ``Options`` (A5 ``fad_tie``, A18 ``club_order``, A21 ``reshuffle``)
are tested under both settings.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from park import (
    ChooseFad,
    DataError,
    DeclineScore,
    Discard,
    FinishExchange,
    IllegalActionError,
    Options,
    Phase,
    PlayCard,
    Score,
    SeatSpec,
    SkipPlay,
    Stay,
    Step,
    apply,
    legal_actions,
    load_board,
    new_game,
    observe,
    qualifying_destinations,
    score_preview,
)
from park.engine.board import parse_board, read_data_file
from positions import (
    AMAZON_CARD,
    ANECDOTE,
    ARTIFACT,
    ARTIFACT_2,
    ARTIFACT_3,
    CHINA_CARD,
    EVEREST_CARD,
    FACT,
    FACT_2,
    FACT_3,
    HERO,
    HERO_2,
    ODD_RULES,
    ONE_PER_DESTINATION,
    P1,
    P2,
    P3,
    P4,
    PHOTOGRAPH,
    SOUTH_POLE_CARD,
    Seat,
    begin_turn,
    card_index,
    deck_top_first,
    discard_pile,
    hand,
    inventory,
    kinds,
    months,
    of_kind,
    position,
    run,
)


def in_club(months=8, inventory=(ARTIFACT,), hand=(FACT,), **kwargs):
    """P1 steps from Café 3 into the Club with ``months`` and ``inventory``."""
    seat = Seat(
        "3",
        months,
        hand=list(hand),
        inventory=list(inventory),
        score=kwargs.pop("score", 0),
        visited=kwargs.pop("visited", ()),
    )
    state, _ = run(position(seats={P1: seat}, **kwargs), Step("club"))
    return state


def test_A1_staying_on_parks_space_loses_the_turns_counter():
    state = position(park=11, seats={P1: Seat("11", 0), P4: Seat("hotel_north")})
    state, _ = begin_turn(state)
    assert state.seats[P1].months == 1
    state, events = run(state, Stay())
    assert state.seats[P1].months == 0
    assert [e.data["reason"] for e in of_kind(events, "months_lost")] == ["stayed_with_park"]
    # Walking away instead keeps it (R65).
    state = position(park=11, seats={P1: Seat("11", 0), P4: Seat("hotel_north")})
    state, _ = begin_turn(state)
    state, _ = run(state, Step("12"))
    assert state.seats[P1].months == 1


def test_A2_a_qualified_player_may_decline_to_score():
    state = in_club(months=9, inventory=[ARTIFACT, HERO], deck=[HERO_2, CHINA_CARD])
    assert DeclineScore() in legal_actions(state)
    state, events = run(state, DeclineScore())
    assert state.seats[P1].score == 0
    assert inventory(state, P1) == [ARTIFACT, HERO]
    assert hand(state, P1) == [FACT, HERO_2]
    assert state.seats[P1].months == 0
    assert state.fad is None
    assert "fad_revealed" not in kinds(events)
    assert deck_top_first(state)[0] == CHINA_CARD


def test_A3_the_club_is_not_a_pass_through_space():
    for months_ in (2, 8):
        state = position(
            park=10, seats={P1: Seat("3", months_, hand=[FACT], inventory=[ARTIFACT_2])}
        )
        state, _ = run(state, Step("6"), PlayCard(FACT), Step("club"))
        if state.phase is Phase.CLUB:
            assert not any(isinstance(a, Step | Stay) for a in legal_actions(state))
            state, _ = run(state, Score("Africa"))
        assert (state.active, state.seats[P1].position) == (P2, "club")


def test_A4_staying_after_parks_move_ends_the_turn_without_using_the_shop_again():
    state = position(park=10, seats={P1: Seat("3", 4, hand=[FACT, FACT_2])})
    state, _ = run(state, Step("6"), PlayCard(FACT))
    assert Stay() in legal_actions(state)
    state, events = run(state, Stay())
    assert (state.active, state.seats[P1].position) == (P2, "6")
    assert inventory(state, P1) == [FACT]
    assert state.seats[P1].months == 4
    assert "card_played" not in kinds(events)


def test_A5_fad_tie_choose_the_scorer_picks_among_the_tied_destinations():
    state = in_club(inventory=[HERO], deck=[FACT_2, "tied-fad", CHINA_CARD], rules=ODD_RULES)
    state, events = run(state, Score("Africa"))
    assert (state.active, state.phase) == (P1, Phase.FAD)
    assert state.fad_choices == ("Africa", "China")
    assert legal_actions(state) == (ChooseFad("Africa"), ChooseFad("China"))
    assert of_kind(events, "fad_revealed")[0].data["best"] == ["Africa", "China"]
    for wrong in ("Everest", "Amazon"):
        with pytest.raises(IllegalActionError):
            apply(state, ChooseFad(wrong))
    state, events = run(state, ChooseFad("China"))
    assert state.fad == "China"
    assert (state.active, state.seats[P1].months) == (P2, 0)
    assert deck_top_first(state) == [CHINA_CARD]


def test_A5_fad_tie_redraw_reveals_again_until_one_destination_is_highest():
    state = in_club(
        inventory=[HERO],
        deck=[FACT_2, "tied-fad", CHINA_CARD],
        rules=ODD_RULES,
        options=Options(fad_tie="redraw"),
    )
    state, events = run(state, Score("Africa"))
    assert [e.data["card"] for e in of_kind(events, "fad_revealed")] == ["tied-fad", CHINA_CARD]
    assert state.fad == "China"
    assert (state.active, state.phase) == (P2, Phase.START)
    assert discard_pile(state)[-2:] == ["tied-fad", CHINA_CARD]


def test_A6_the_fad_reveal_never_finds_deck_and_discards_both_empty():
    # The Club draw takes the last card; the scored Inventory is reshuffled for the Fad.
    state = in_club(inventory=[ARTIFACT, HERO], deck=[FACT_2])
    assert (state.deck, state.discard) == ((), ())
    state, events = run(state, Score("Africa"))
    assert of_kind(events, "reshuffled")[0].data == {"cards": 2}
    assert of_kind(events, "fad_revealed")[0].data["card"] in (ARTIFACT, HERO)
    assert state.fad == "Africa"
    assert len(state.deck) == 1 and len(state.discard) == 1
    assert state.active == P2


def test_A7_the_club_has_no_number_and_park_never_lands_there():
    board = load_board()
    assert board.space("club").number is None
    assert "club" not in board.route
    data = read_data_file("board.toml")
    for space in data["space"]:
        if space["id"] == "club":
            space["number"] = 15
    with pytest.raises(DataError, match="A7"):
        parse_board(data)


def test_A8_park_clears_months_during_another_players_turn():
    state = position(park=12, seats={P1: Seat("11", 2, hand=[HERO]), P3: Seat("13", 9)})
    state, _ = run(state, Step("12"))  # no Fact to play: the turn just ends
    assert months(state)[P3] == 9
    state = position(park=12, seats={P1: Seat("11", 2, hand=[FACT]), P3: Seat("13", 9)})
    state, _ = run(state, Step("12"), PlayCard(FACT))
    assert state.active == P1
    assert months(state)[P3] == 0


def test_A9_a_shop_is_used_again_only_by_leaving_and_returning():
    state = position(park=10, seats={P1: Seat("market", 3, hand=[FACT, FACT_2, ARTIFACT])})
    state, _ = run(state, Step("1"), PlayCard(FACT))
    assert Step("1") not in legal_actions(state)
    with pytest.raises(IllegalActionError):
        apply(state, Step("1"))
    state, _ = run(state, Step("2"), PlayCard(ARTIFACT), Step("1"), PlayCard(FACT_2))
    assert inventory(state, P1) == [FACT, ARTIFACT, FACT_2]
    # Coming back through a space that gives no step ends the turn there.
    state = position(park=10, seats={P1: Seat("market", 3, hand=[FACT, FACT_2])})
    state, _ = run(state, Step("1"), PlayCard(FACT), Step("3"))
    assert (state.active, state.seats[P1].position) == (P2, "3")


def test_A10_the_first_to_reach_the_target_wins_at_once():
    state = position(
        seats={
            P1: Seat("3", 6, inventory=[SOUTH_POLE_CARD], score=160),
            P2: Seat("10", 12, inventory=[EVEREST_CARD], score=174),
        },
        scorings=[0, 0, 0, 0, 3],
    )
    state, _ = run(state, Step("club"), Score("South Pole"))
    assert (state.winner, state.is_over) == (P1, True)
    assert [s.score for s in state.seats[:2]] == [175, 174]
    assert legal_actions(state) == ()


def test_A11_destination_cycles_repeat():
    visited = []
    order = ["Africa", "Amazon", "China", "Everest", "South Pole"] * 2
    for n, destination in enumerate(order, start=1):
        state = in_club(inventory=list(ONE_PER_DESTINATION.values()), visited=visited)
        offered = [a.destination for a in legal_actions(state) if isinstance(a, Score)]
        assert offered == [d for d in ONE_PER_DESTINATION if d not in visited]
        state, _ = run(state, Score(destination))
        visited = list(state.seats[P1].visited)
        assert len(visited) == n % 5
    assert visited == []


def test_A12_walking_into_park_the_space_still_works():
    state = position(park=5, seats={P1: Seat("4", 7, hand=[PHOTOGRAPH])})
    state, _ = run(state, Step("5"))
    assert (state.seats[P1].months, state.phase) == (0, Phase.PLAY)
    state, _ = run(state, PlayCard(PHOTOGRAPH))
    assert (state.park, state.phase) == (6, Phase.STEP_AGAIN)


def test_A13_the_first_scorer_of_the_game_gets_no_fad_bonus():
    state = in_club(inventory=[ARTIFACT], deck=[FACT_2, HERO])
    assert state.fad is None
    assert score_preview(state, "Africa").fad == 0
    state, events = run(state, Score("Africa"))
    assert of_kind(events, "scored")[0].data["fad"] == 0
    assert state.fad == "Africa"  # set afterwards, from HERO (Africa 9)


def test_A14_the_game_ends_as_soon_as_the_total_is_recorded():
    state = in_club(months=6, inventory=[SOUTH_POLE_CARD], score=165, scorings=[0, 0, 0, 0, 3])
    state, events = run(state, Score("South Pole"))
    assert kinds(events) == ["scored", "game_won"]
    assert state.phase is Phase.OVER
    assert state.fad is None  # no Fad reveal
    assert state.seats[P1].months == 6  # no end-of-turn month loss


def test_A15_blank_and_printed_zero_are_both_worthless():
    # printed-zero: Africa 0, Amazon 5; ARTIFACT_3: Amazon 9, blank for Africa.
    only_zero = in_club(inventory=["printed-zero"], rules=ODD_RULES)
    assert qualifying_destinations(only_zero, P1) == ("Amazon",)
    state = in_club(inventory=["printed-zero", ARTIFACT, ARTIFACT_3], rules=ODD_RULES)
    state, events = run(state, Score("Africa"))
    data = of_kind(events, "scored")[0].data
    assert data["worthless"] == ["printed-zero", ARTIFACT_3]
    assert data["cards"] == [ARTIFACT]
    assert (data["basic"], data["diversity"]) == (8, 5)


def test_A16_club_months_are_lost_after_scoring():
    state = in_club(months=11, inventory=[ARTIFACT])
    assert state.seats[P1].months == 11
    state, events = run(state, Score("Africa"))
    assert of_kind(events, "scored")[0].data["endurance"] == 15
    assert kinds(events)[-3:] == ["months_lost", "turn_ended", "turn_started"]
    assert state.seats[P1].months == 0


def test_A17_the_club_draw_is_mandatory():
    unqualified = in_club(months=2, deck=[HERO])
    assert hand(unqualified, P1) == [FACT, HERO]
    assert unqualified.active == P2
    qualified = in_club(months=8, deck=[HERO])
    assert hand(qualified, P1) == [FACT, HERO]
    assert set(legal_actions(qualified)) == {Score("Africa"), DeclineScore()}


def test_A18_club_order_draw_first_draws_before_scoring():
    state = position(
        seats={P1: Seat("3", 8, hand=[], inventory=[HERO])}, deck=[ARTIFACT_3, CHINA_CARD]
    )
    state, events = run(state, Step("club"))
    assert hand(state, P1) == [ARTIFACT_3]
    state, events = run(state, Score("Africa"))
    assert hand(state, P1) == [ARTIFACT_3]
    assert of_kind(events, "fad_revealed")[0].data["card"] == CHINA_CARD
    assert state.fad == "China"


def test_A18_club_order_score_first_draws_after_scoring():
    state = position(
        seats={P1: Seat("3", 8, hand=[], inventory=[HERO])},
        deck=[ARTIFACT_3, CHINA_CARD],
        options=Options(club_order="score_first"),
    )
    state, _ = run(state, Step("club"))
    assert state.seats[P1].hand == ()
    state, events = run(state, Score("Africa"))
    assert of_kind(events, "fad_revealed")[0].data["card"] == ARTIFACT_3
    assert state.fad == "Amazon"
    assert hand(state, P1) == [CHINA_CARD]
    assert kinds(events).index("drew") > kinds(events).index("fad_set")
    # Not qualified: the draw still happens, once.
    state = position(
        seats={P1: Seat("3", 2, hand=[], inventory=[HERO])},
        deck=[ARTIFACT_3, CHINA_CARD],
        options=Options(club_order="score_first"),
    )
    state, _ = run(state, Step("club"))
    assert hand(state, P1) == [ARTIFACT_3]
    assert state.active == P2


def test_A18_score_first_may_draw_from_the_freshly_reshuffled_inventory():
    state = position(
        seats={P1: Seat("3", 8, hand=[], inventory=[HERO, ARTIFACT])},
        deck=[],
        options=Options(club_order="score_first"),
    )
    state, _ = run(state, Step("club"), Score("Africa"))
    # One of the two scored cards became the Fad card, the other was drawn.
    assert sorted([*hand(state, P1), *discard_pile(state)]) == sorted([HERO, ARTIFACT])
    assert len(hand(state, P1)) == 1


def test_A19_staying_in_the_club_draws_nothing():
    state = position(seats={P1: Seat("club", 0, hand=[FACT])}, deck=[HERO, HERO_2])
    for _ in range(3):
        state, events = run(state, Stay())
        assert "drew" not in kinds(events)
        state, _ = run(state, Stay(), Stay(), Stay())
    assert hand(state, P1) == [FACT]
    assert deck_top_first(state) == [HERO, HERO_2]


def test_A20_market_discards_first_then_draws_which_may_return_them():
    state = position(seats={P1: Seat("1", 2, hand=[ARTIFACT, HERO, FACT])}, deck=[])
    state, events = run(state, Step("market"), Discard(ARTIFACT), Discard(HERO))
    assert discard_pile(state) == [ARTIFACT, HERO]
    assert hand(state, P1) == [FACT]
    state, events = run(state, FinishExchange())
    assert sorted(hand(state, P1)) == sorted([FACT, ARTIFACT, HERO])
    assert of_kind(events, "reshuffled")[0].data == {"cards": 2}


@pytest.mark.parametrize("reshuffle", ["lazy", "eager"])
def test_A21_reshuffle_lazy_waits_for_a_need_and_eager_does_not(reshuffle):
    state = position(
        seats={P1: Seat("1", 2, hand=[]), P2: Seat("11", 2, hand=[])},
        deck=[HERO],
        discard=[ARTIFACT, FACT],
        options=Options(reshuffle=reshuffle),
    )
    state, events = run(state, Step("3"))
    assert hand(state, P1) == [HERO]
    if reshuffle == "lazy":
        assert "reshuffled" not in kinds(events)
        assert (len(state.deck), discard_pile(state)) == (0, [ARTIFACT, FACT])
    else:
        assert kinds(events)[:4] == ["stepped", "reshuffled", "drew", "drew_card"]
        assert (len(state.deck), state.discard) == (2, ())
    # Either way the next draw is one of the recycled cards.
    state, _ = run(state, Step("10"))
    assert hand(state, P2)[0] in (ARTIFACT, FACT)


@pytest.mark.parametrize("reshuffle", ["lazy", "eager"])
def test_A21_with_no_discards_both_settings_reshuffle_later(reshuffle):
    state = position(
        seats={P1: Seat("1", 2, hand=[FACT]), P2: Seat("11", 2, hand=[])},
        deck=[HERO],
        options=Options(reshuffle=reshuffle),
    )
    state, _ = run(state, Step("3"))
    assert (state.deck, state.discard) == ((), ())
    state = replace(state, discard=(card_index(ARTIFACT),))
    state, events = run(state, Step("10"))
    assert hand(state, P2) == [ARTIFACT]
    assert "reshuffled" in kinds(events)


def test_A22_novelty_counts_scorings_so_a_repeat_visitor_takes_the_next_dot():
    # P1 took Africa's first dot in cycle 1; nobody else has been.
    state = in_club(inventory=[ARTIFACT], scorings=[1, 0, 0, 0, 0], visited=[])
    state, events = run(state, Score("Africa"))
    assert of_kind(events, "scored")[0].data["novelty"] == 7
    assert state.scorings[0] == 2


def test_A23_the_scoring_marker_comes_from_the_supply_not_the_month_pile():
    state = in_club(months=7, inventory=[ARTIFACT])
    preview = score_preview(state, "Africa")
    state, events = run(state, Score("Africa"))
    data = of_kind(events, "scored")[0].data
    assert (data["months"], data["endurance"]) == (7, 3)
    assert preview.endurance == 3


def test_A24_the_players_own_card_can_move_park_onto_them():
    state = position(park=12, seats={P1: Seat("12", 9, hand=[ARTIFACT])})
    state, events = run(state, Step("13"), PlayCard(ARTIFACT))
    assert (state.park, state.seats[P1].months) == (13, 0)
    assert of_kind(events, "months_lost")[0].data == {"months": 9, "reason": "park_landed"}
    assert state.phase is Phase.STEP_AGAIN
    assert set(legal_actions(state)) == {
        Step("club"),
        Step("hotel_north"),
        Step("10"),
        Step("12"),
        Stay(),
    }


def test_A25_hands_are_hidden_sizes_are_not():
    state = position(seats={P1: Seat("3", 2, hand=[FACT, HERO]), P2: Seat("7", 1, hand=[ANECDOTE])})
    seen = observe(state, P2)
    assert seen.hand == (card_index(ANECDOTE),)
    assert seen.seats[P1].hand_size == 2
    assert not hasattr(seen.seats[P1], "hand")
    assert card_index(FACT) not in seen.hand and card_index(HERO) not in seen.hand


def test_A26_a_fad_card_with_no_value_is_skipped():
    state = in_club(inventory=[HERO], deck=[FACT_2, "blank-card", AMAZON_CARD], rules=ODD_RULES)
    state, events = run(state, Score("Africa"))
    revealed = [e.data for e in of_kind(events, "fad_revealed")]
    assert revealed == [
        {"card": "blank-card", "best": []},
        {"card": AMAZON_CARD, "best": ["Amazon"]},
    ]
    assert state.fad == "Amazon"
    assert discard_pile(state)[-2:] == ["blank-card", AMAZON_CARD]


def test_A27_staying_after_parks_move_changes_nothing_and_counters_still_come_every_turn():
    state = position(park=10, seats={P1: Seat("3", 4, hand=[FACT])}, deck=[HERO])
    state, _ = run(state, Step("6"), PlayCard(FACT))
    before = state.seats[P1]
    state, _ = run(state, Stay())
    assert state.seats[P1] == before
    assert deck_top_first(state)[0] == HERO
    state, _ = run(state, Stay(), Stay(), Stay())
    assert state.seats[P1].months == 5


@pytest.mark.parametrize(
    ("shop", "card"), [("6", FACT), ("4", ANECDOTE), ("1", FACT_3)], ids=["6", "4", "1"]
)
def test_A28_moving_park_after_a_play_is_mandatory(shop, card):
    state = position(park=9, seats={P1: Seat("3", 4, hand=[card])})
    state, _ = run(state, Step(shop))
    assert legal_actions(state) == (PlayCard(card), SkipPlay())  # no "play without Park"
    state, events = run(state, PlayCard(card))
    assert state.park == 10
    assert kinds(events) == ["card_played", "park_moved"]


def test_A29_leaving_the_club_and_coming_back_loses_the_counter():
    state = position(
        park=10, seats={P1: Seat("club", 0, hand=[FACT], inventory=[ARTIFACT]), P4: Seat("7")}
    )
    state, _ = begin_turn(state)
    state, events = run(state, Step("6"), PlayCard(FACT), Step("club"))
    assert (state.active, state.seats[P1].months) == (P2, 0)
    assert of_kind(events, "cannot_score")[0].data == {"months": 1}
    assert [e.data["reason"] for e in of_kind(events, "months_lost")] == ["ended_in_club"]


@pytest.mark.parametrize("players", [0, 1, 2, 8, 9])
def test_A30_player_counts_without_table_data_are_refused(players):
    with pytest.raises(ValueError, match="not supported"):
        new_game(players, seed=1)
    with pytest.raises(ValueError):
        new_game([SeatSpec(f"P{i}") for i in range(players)], seed=1)


def test_A30_supported_counts_use_the_table():
    assert [new_game(n, seed=1).months_needed for n in range(3, 8)] == [7, 6, 5, 4, 3]
    assert [new_game(n, seed=1).target for n in range(3, 8)] == [200, 175, 150, 125, 100]


def test_A31_there_is_no_end_but_the_target():
    state = new_game(4, seed=2)
    for _ in range(2000):
        state, _ = apply(state, Stay())
    assert not state.is_over
    assert state.winner is None
    assert state.turn == 2001
    assert legal_actions(state)[-1] == Stay()


def test_A32_diversity_counts_only_the_cards_left_after_worthless_ones_go():
    state = in_club(inventory=[ARTIFACT, FACT_3, HERO_2, PHOTOGRAPH])
    # FACT_3 (Fact) is worthless for Africa: Artifact, Hero, Photograph remain.
    state, events = run(state, Score("Africa"))
    data = of_kind(events, "scored")[0].data
    assert data["worthless"] == [FACT_3]
    assert data["diversity"] == 15
    assert data["basic"] == 8 + 7 + 9
