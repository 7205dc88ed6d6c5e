"""A1-A15: our rulings where the rulebook is silent or ambiguous (docs/rules.md, "Our rulings").

Rulings with a switch in ``Options`` (A5 ``fad_tie``, A18 ``club_order``, A21 ``reshuffle``)
are tested under both settings.
"""

from __future__ import annotations

import pytest

from park import (
    ChooseFad,
    DataError,
    DeclineScore,
    IllegalActionError,
    Options,
    Phase,
    PlayCard,
    Score,
    Stay,
    Step,
    apply,
    legal_actions,
    load_board,
    qualifying_destinations,
    score_preview,
)
from park.engine.board import parse_board, read_data_file
from tests.engine.helpers import (
    ARTIFACT,
    ARTIFACT_2,
    ARTIFACT_3,
    CHINA_CARD,
    EVEREST_CARD,
    FACT,
    FACT_2,
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
    deck_top_first,
    discard_pile,
    hand,
    in_club,
    inventory,
    kinds,
    months,
    of_kind,
    position,
    run,
)


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
