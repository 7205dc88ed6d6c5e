"""RULES.md Part 4: the 40 test scenarios, on our board of London (GAME.md).

Board facts used (GAME.md): the Club touches Café 3, News Stand 6, Café 10 and Antique Shop 13;
Café 3 touches the Club, News Stand 1, Gymnasium 4 and News Stand 6; the Marketplace touches
News Stand 1, Gift Shop 8 and the south Hotel; Gift Shop 5 touches Gymnasium 4, News Stand 6
and Café 7. 4 players throughout, so MIN = 6 and TARGET = 175 (unless stated).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from park import (
    ChooseFad,
    DeclineScore,
    Discard,
    FinishExchange,
    IllegalActionError,
    Phase,
    PlayCard,
    Score,
    SkipPlay,
    Stay,
    Step,
    apply,
    legal_actions,
    new_game,
)
from positions import (
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
    HERO_3,
    ODD_RULES,
    ONE_PER_DESTINATION,
    P1,
    P2,
    P3,
    P4,
    PHOTOGRAPH,
    PHOTOGRAPH_2,
    SOUTH_POLE_CARD,
    Seat,
    begin_turn,
    card_index,
    cards_of_type,
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


def test_scenario_01_setup():
    state = new_game(4, seed=2026, first_seat=P1)
    assert [len(s.hand) for s in state.seats] == [5, 5, 5, 5]
    assert (len(state.deck), len(state.discard)) == (70, 0)
    assert (state.park, state.park_space) == (1, "1")
    assert state.rules.board.space("1").kind == "News Stand"
    assert [s.position for s in state.seats] == ["club"] * 4
    # Setup leaves every pile at 0; P1's first turn has then begun with its counter (R15).
    assert months(state) == [1, 0, 0, 0]
    assert [s.score for s in state.seats] == [0, 0, 0, 0]
    assert state.fad is None
    assert all(s.visited == () for s in state.seats)
    assert state.scorings == (0, 0, 0, 0, 0)


def test_scenario_02_counter_when_leaving_the_club():
    state = position(seats={P1: Seat("club", 0, hand=[FACT]), P4: Seat("hotel_north")})
    state, _ = begin_turn(state)
    state, events = run(state, Step("3"))  # Café 3 is next to the Club
    assert state.seats[P1].months == 1
    assert len(state.seats[P1].hand) == 2
    assert (state.active, state.phase) == (P2, Phase.START)  # no further step
    assert kinds(events)[:4] == ["stepped", "drew", "drew_card", "turn_ended"]


def test_scenario_03_staying_put_in_the_club():
    state = position(seats={P1: Seat("club", 0, hand=[FACT]), P4: Seat("hotel_north")})
    state, _ = begin_turn(state)
    assert not any(isinstance(a, Score | DeclineScore) for a in legal_actions(state))
    state, events = run(state, Stay())
    assert hand(state, P1) == [FACT]
    assert "drew" not in kinds(events)
    assert state.seats[P1].months == 0


def test_scenario_04_staying_put_on_a_cafe():
    state = position(park=9, seats={P1: Seat("3", 4, hand=[FACT, HERO]), P4: Seat("7")})
    state, _ = begin_turn(state)
    state, _ = run(state, Stay())
    assert state.seats[P1].months == 5
    assert hand(state, P1) == [FACT, HERO]


def test_scenario_05_staying_put_on_a_shop():
    state = position(park=9, seats={P1: Seat("2", 3, hand=[ARTIFACT])})
    assert not any(isinstance(a, PlayCard) for a in legal_actions(state))
    state, _ = run(state, Stay())
    assert (state.park, inventory(state, P1), hand(state, P1)) == (9, [], [ARTIFACT])


def test_scenario_06_wrong_card_type():
    state = position(park=9, seats={P1: Seat("market", 3, hand=[HERO, HERO_2, HERO_3])})
    state, _ = run(state, Step("8"))  # Gift Shop 8
    assert legal_actions(state) == (SkipPlay(),)  # no play; the only choice ends the turn
    with pytest.raises(IllegalActionError):
        apply(state, PlayCard(HERO))
    state, events = run(state, SkipPlay())
    assert kinds(events) == ["play_skipped", "turn_ended", "turn_started"]
    assert (state.active, state.park) == (P2, 9)


def test_scenario_07_one_card_per_visit():
    state = position(park=9, seats={P1: Seat("club", 2, hand=[FACT, FACT_2])})
    state, _ = run(state, Step("6"), PlayCard(FACT))
    assert not any(isinstance(a, PlayCard) for a in legal_actions(state))
    with pytest.raises(IllegalActionError):
        apply(state, PlayCard(FACT_2))
    assert state.park == 10


def test_scenario_08_park_wraps_around():
    state = position(
        park=14,
        seats={
            P1: Seat("club", 2, hand=[FACT]),
            P2: Seat("1", 5),
            P3: Seat("14", 3),
            P4: Seat("2", 4),
        },
    )
    state, _ = run(state, Step("6"), PlayCard(FACT))
    assert state.park == 1
    assert months(state) == [2, 0, 3, 4]


def test_scenario_09_park_hits_several_bystanders():
    p2 = Seat("10", 5, hand=[HERO], inventory=[ARTIFACT_2])
    p3 = Seat("10", 8, hand=[HERO_2, ANECDOTE], inventory=[PHOTOGRAPH])
    state = position(park=9, seats={P1: Seat("club", 3, hand=[FACT]), P2: p2, P3: p3})
    before = state.seats
    state, _ = run(state, Step("6"), PlayCard(FACT))
    assert state.park == 10
    assert months(state)[:3] == [3, 0, 0]
    for seat in (P2, P3):
        assert state.seats[seat].hand == before[seat].hand
        assert state.seats[seat].inventory == before[seat].inventory


def test_scenario_10_park_never_stops_on_unnumbered_spaces():
    facts, artifacts = cards_of_type("Fact")[:7], cards_of_type("Artifact")[:7]
    state = position(
        park=1,
        seats={
            P1: Seat("3", 2, hand=facts + artifacts),
            P2: Seat("hotel_south", 4),
            P3: Seat("market", 6),
        },
    )
    landings = []
    for fact, artifact in zip(facts, artifacts, strict=True):
        state, events = run(state, Step("1"), PlayCard(fact), Step("2"), PlayCard(artifact))
        landings += [e.data["to"] for e in of_kind(events, "park_moved")]
    assert landings == [str(n) for n in range(2, 15)] + ["1"]
    assert months(state)[P2:P4] == [4, 6]


def test_scenario_11_a_players_own_card_moves_park_onto_them():
    state = position(park=4, seats={P1: Seat("7", 7, hand=[PHOTOGRAPH])})
    state, _ = run(state, Step("5"), PlayCard(PHOTOGRAPH))
    assert state.park == 5
    assert state.seats[P1].months == 0
    assert (state.active, state.phase) == (P1, Phase.STEP_AGAIN)
    assert legal_actions(state) == (Step("4"), Step("6"), Step("7"), Stay())


def test_scenario_12_walking_into_park():
    state = position(park=3, seats={P1: Seat("1", 7, hand=[FACT])}, deck=[HERO])
    state, _ = run(state, Step("3"))
    assert state.seats[P1].months == 0
    assert hand(state, P1) == [FACT, HERO]


def test_scenario_13_starting_on_parks_space_and_walking_away():
    state = position(park=6, seats={P1: Seat("6", 0), P4: Seat("hotel_south")})
    state, _ = begin_turn(state)
    assert state.seats[P1].months == 1
    state, _ = run(state, Step("hotel_north"))
    assert (state.active, state.seats[P1].months) == (P2, 1)


def test_scenario_14_starting_on_parks_space_and_staying():
    state = position(park=6, seats={P1: Seat("6", 0), P4: Seat("hotel_south")})
    state, _ = begin_turn(state)
    state, _ = run(state, Stay())
    assert (state.active, state.seats[P1].months) == (P2, 0)


def test_scenario_15_declining_the_extra_step():
    state = position(park=9, seats={P1: Seat("3", 4, hand=[FACT, FACT_2])})
    state, _ = run(state, Step("6"), PlayCard(FACT))
    assert not any(isinstance(a, PlayCard) for a in legal_actions(state))
    state, _ = run(state, Stay())
    assert (state.active, state.seats[P1].position) == (P2, "6")
    assert inventory(state, P1) == [FACT]
    assert state.seats[P1].months == 4


def test_scenario_16_cafe_to_shop_and_back_to_the_cafe():
    state = position(park=9, seats={P1: Seat("3", 2, hand=[ANECDOTE]), P4: Seat("7")})
    state, _ = begin_turn(state)
    state, events = run(state, Step("4"), PlayCard(ANECDOTE), Step("3"))
    assert len(of_kind(events, "drew")) == 1
    assert len(state.seats[P1].hand) == 1
    assert len(of_kind(events, "park_moved")) == 1
    assert state.park == 10
    assert state.seats[P1].months == 3


def test_scenario_17_using_the_same_shop_twice():
    state = position(park=9, seats={P1: Seat("market", 2, hand=[FACT, FACT_2, ARTIFACT])})
    state, _ = run(
        state,
        Step("1"),
        PlayCard(FACT),
        Step("2"),
        PlayCard(ARTIFACT),
        Step("1"),
        PlayCard(FACT_2),
    )
    assert inventory(state, P1) == [FACT, ARTIFACT, FACT_2]
    assert state.park == 12
    assert state.phase is Phase.STEP_AGAIN
    assert legal_actions(state) == (Step("market"), Step("2"), Step("3"), Stay())


def test_scenario_18_no_step_back_into_the_same_space():
    state = position(park=9, seats={P1: Seat("3", 2, hand=[FACT])})
    state, _ = run(state, Step("6"), PlayCard(FACT))
    assert legal_actions(state) == (
        Step("club"),
        Step("hotel_north"),
        Step("3"),
        Step("5"),
        Stay(),
    )


def test_scenario_19_the_chain_ends_at_the_marketplace():
    state = position(park=9, seats={P1: Seat("hotel_south", 3, hand=[ARTIFACT, FACT, HERO])})
    state, _ = run(state, Step("2"), PlayCard(ARTIFACT), Step("1"), PlayCard(FACT))
    state, _ = run(state, Step("market"))
    assert legal_actions(state) == (Discard(HERO), FinishExchange())
    state, _ = run(state, Discard(HERO), FinishExchange())
    assert (state.active, state.phase) == (P2, Phase.START)


def test_scenario_20_basic_marketplace_exchange():
    cards = [FACT, HERO, ARTIFACT, ANECDOTE, PHOTOGRAPH, HERO_2]
    state = position(
        park=9,
        seats={P1: Seat("1", 2, hand=cards, inventory=[PHOTOGRAPH_2])},
        deck=[FACT_2, FACT_3, HERO_3, CHINA_CARD],
    )
    state, _ = run(state, Step("market"))
    with pytest.raises(IllegalActionError):
        apply(state, Discard(PHOTOGRAPH_2))
    state, _ = run(state, Discard(HERO), Discard(ANECDOTE), Discard(HERO_2), FinishExchange())
    assert hand(state, P1) == [FACT, ARTIFACT, PHOTOGRAPH, FACT_2, FACT_3, HERO_3]
    assert discard_pile(state) == [HERO, ANECDOTE, HERO_2]
    assert inventory(state, P1) == [PHOTOGRAPH_2]


def test_scenario_21_marketplace_with_a_short_deck():
    a, b, c = ARTIFACT, HERO, ANECDOTE
    state = position(seats={P1: Seat("1", 2, hand=[a, b, c, FACT])}, deck=[CHINA_CARD])
    state, events = run(state, Step("market"), Discard(a), Discard(b), Discard(c))
    state, events = run(state, FinishExchange())
    mine = hand(state, P1)
    assert mine[:2] == [FACT, CHINA_CARD]  # the deck's one card first
    assert of_kind(events, "reshuffled")[0].data == {"cards": 3}
    assert set(mine[2:]) < {a, b, c} and len(mine[2:]) == 2
    assert len(mine) == 4
    assert (len(state.deck), len(state.discard)) == (1, 0)
    assert deck_top_first(state)[0] in {a, b, c} - set(mine)


def test_scenario_22_drawing_with_nothing_left_to_draw():
    state = position(seats={P1: Seat("1", 2, hand=[FACT]), P2: Seat("11", 2, hand=[])}, deck=[])
    state, events = run(state, Step("3"))
    assert hand(state, P1) == [FACT]
    assert kinds(events)[:2] == ["stepped", "draw_failed"]
    # Later, one card has been discarded.
    state = replace(state, discard=(card_index(HERO),))
    state, events = run(state, Step("10"))
    assert of_kind(events, "reshuffled")[0].data == {"cards": 1}
    assert hand(state, P2) == [HERO]


def test_scenario_23_entering_the_club_by_a_chain():
    state = position(
        park=10,  # not on 5, the number just before News Stand 6
        seats={P1: Seat("3", 7, hand=[FACT], inventory=[ARTIFACT]), P4: Seat("7")},
    )
    state, _ = begin_turn(state)
    assert state.seats[P1].months == 8
    state, events = run(state, Step("6"), PlayCard(FACT), Step("club"))
    assert len(of_kind(events, "drew")) == 1
    assert state.phase is Phase.CLUB
    assert not any(isinstance(a, Step) for a in legal_actions(state))
    state, events = run(state, Score("Africa"))
    data = of_kind(events, "scored")[0].data
    assert (data["months"], data["endurance"]) == (8, 6)
    assert (state.active, state.seats[P1].months) == (P2, 0)


def test_scenario_24_month_requirement_boundary():
    state = position(seats={P1: Seat("3", 6, inventory=[ARTIFACT])})
    state, _ = run(state, Step("club"))
    assert Score("Africa") in legal_actions(state)
    state, events = run(state, Score("Africa"))
    assert of_kind(events, "scored")[0].data["endurance"] == 0
    # Five months: no scoring, but the draw, the Inventory kept, and 0 months.
    state = position(seats={P1: Seat("3", 5, hand=[], inventory=[ARTIFACT])}, deck=[HERO])
    state, events = run(state, Step("club"))
    assert "cannot_score" in kinds(events)
    assert hand(state, P1) == [HERO]
    assert inventory(state, P1) == [ARTIFACT]
    assert (state.active, state.seats[P1].months) == (P2, 0)


def test_scenario_25_legal_destinations():
    state = position(seats={P1: Seat("3", 8, inventory=[ARTIFACT, HERO])})  # Africa only
    state, _ = run(state, Step("club"))
    assert legal_actions(state) == (Score("Africa"), DeclineScore())


def test_scenario_26_full_scoring_example():
    inventory_ = [
        "hero-africa-6",
        "artifact-africa-4",
        "photo-africa-3",
        "photo-no-africa",
        "fact-no-africa",
    ]
    state = position(
        rules=ODD_RULES,
        fad="Africa",
        scorings=[1, 0, 0, 0, 0],  # one player has already scored Africa
        seats={P1: Seat("3", 9, inventory=inventory_)},
        deck=[FACT, CHINA_CARD],
    )
    state, events = run(state, Step("club"), Score("Africa"))
    data = of_kind(events, "scored")[0].data
    assert data["worthless"] == ["photo-no-africa", "fact-no-africa"]
    assert data["basic"] == 13
    assert data["diversity"] == 15
    assert data["endurance"] == 9
    assert data["fad"] == 10
    assert data["novelty"] == 7
    assert data["total"] == 54
    assert state.seats[P1].score == 54
    assert state.seats[P1].inventory == ()
    assert state.fad == "China"


def test_scenario_27_the_first_scorer_gets_no_fad_bonus():
    state = position(park=4, seats={P1: Seat("3", 7, inventory=[ARTIFACT])}, deck=[FACT, HERO_3])
    state, events = run(state, Step("club"), Score("Africa"))
    assert of_kind(events, "scored")[0].data["fad"] == 0
    assert state.fad == "Amazon"  # HERO_3: Amazon 9
    assert discard_pile(state)[-1] == HERO_3
    assert state.park == 4
    assert "park_moved" not in kinds(events)


def test_scenario_28_fad_tie():
    state = position(
        rules=ODD_RULES,
        seats={P1: Seat("3", 7, inventory=[HERO])},
        deck=[FACT, "tied-fad"],  # Africa 4, China 4, Everest 1
    )
    state, _ = run(state, Step("club"), Score("Africa"))
    assert (state.active, state.phase) == (P1, Phase.FAD)
    assert legal_actions(state) == (ChooseFad("Africa"), ChooseFad("China"))
    for other in ("Amazon", "Everest", "South Pole"):
        with pytest.raises(IllegalActionError):
            apply(state, ChooseFad(other))
    state, _ = run(state, ChooseFad("Africa"))
    assert (state.fad, state.active) == ("Africa", P2)


def test_scenario_29_fad_reveal_with_an_empty_deck():
    state = position(
        seats={P1: Seat("3", 7, inventory=[ARTIFACT, HERO])},
        deck=[FACT],
        discard=[CHINA_CARD, EVEREST_CARD],
    )
    state, _ = run(state, Step("club"))
    assert state.deck == ()  # emptied by the Club draw
    state, events = run(state, Score("Africa"))
    assert of_kind(events, "reshuffled")[0].data == {"cards": 4}
    fad_card = of_kind(events, "fad_revealed")[0].data["card"]
    assert fad_card in {CHINA_CARD, EVEREST_CARD, ARTIFACT, HERO}
    assert discard_pile(state) == [fad_card]
    assert len(state.deck) == 3
    assert "draw_failed" not in kinds(events)
    assert state.fad is not None


def test_scenario_30_destination_cycle():
    cards = list(ONE_PER_DESTINATION.values())
    state = position(seats={P1: Seat("3", 7, inventory=cards, visited=["Africa"])})
    state, _ = run(state, Step("club"))
    assert Score("Africa") not in legal_actions(state)
    # All five scored: Africa again, then not again until all five once more.
    four = ["Amazon", "China", "Everest", "South Pole"]
    state = position(seats={P1: Seat("3", 7, inventory=cards, visited=four)})
    state, _ = run(state, Step("club"), Score("Africa"))
    assert state.seats[P1].visited == ()
    state = position(seats={P1: Seat("3", 7, inventory=cards, visited=[])})
    state, _ = run(state, Step("club"))
    assert Score("Africa") in legal_actions(state)
    state, _ = run(state, Score("Africa"))
    state = position(seats={P1: Seat("3", 7, inventory=cards, visited=state.seats[P1].visited)})
    state, _ = run(state, Step("club"))
    assert Score("Africa") not in legal_actions(state)


def test_scenario_31_novelty_for_the_fourth_visitor_and_for_repeat_visits():
    state = position(seats={P1: Seat("3", 7, inventory=[ARTIFACT])}, scorings=[3, 0, 0, 0, 0])
    state, events = run(state, Step("club"), Score("Africa"))
    assert of_kind(events, "scored")[0].data["novelty"] == 0
    assert state.scorings[0] == 4
    # P1 took Africa's first dot in cycle 1; in cycle 2 P1 takes the second.
    state = position(seats={P1: Seat("3", 7, inventory=[ARTIFACT])}, scorings=[1, 0, 0, 0, 0])
    state, events = run(state, Step("club"), Score("Africa"))
    assert of_kind(events, "scored")[0].data["novelty"] == 7


def test_scenario_32_declining_to_score():
    state = position(
        seats={P1: Seat("3", 9, hand=[], inventory=[ARTIFACT], score=20)}, deck=[HERO, CHINA_CARD]
    )
    state, events = run(state, Step("club"), DeclineScore())
    assert state.seats[P1].score == 20
    assert inventory(state, P1) == [ARTIFACT]
    assert "fad_revealed" not in kinds(events)
    assert state.fad is None
    assert hand(state, P1) == [HERO]
    assert state.seats[P1].months == 0


@pytest.mark.parametrize(("before", "over"), [(160, True), (159, False)])
def test_scenario_33_immediate_end_of_the_game(before, over):
    # South Pole 10 + Diversity 5; no Endurance, Fad or Novelty: a 15-point adventure.
    state = position(
        seats={P1: Seat("3", 6, inventory=[SOUTH_POLE_CARD], score=before)},
        scorings=[0, 0, 0, 0, 3],
    )
    state, events = run(state, Step("club"), Score("South Pole"))
    assert of_kind(events, "scored")[0].data["total"] == 15
    assert state.seats[P1].score == before + 15
    assert state.is_over is over
    if over:
        assert state.winner == P1
        assert "turn_started" not in kinds(events)
        assert legal_actions(state) == ()
    else:
        assert (state.winner, state.active) == (None, P2)


def test_scenario_34_park_hit_during_another_players_turn():
    state = position(
        park=8,
        seats={
            P1: Seat("3", 2, hand=[ANECDOTE, PHOTOGRAPH]),
            P2: Seat("10", 9, inventory=[ARTIFACT]),
        },
    )
    state, _ = run(state, Step("4"), PlayCard(ANECDOTE), Step("5"), PlayCard(PHOTOGRAPH))
    assert state.park == 10
    assert state.seats[P2].months == 0
    state, _ = run(state, Stay())
    assert (state.active, state.seats[P2].months) == (P2, 1)
    state, events = run(state, Step("club"))
    assert of_kind(events, "cannot_score")[0].data == {"months": 1}
    assert state.active == P3


def test_scenario_35_leaving_the_club_and_coming_back():
    state = position(
        park=10, seats={P1: Seat("club", 0, hand=[FACT], inventory=[ARTIFACT]), P4: Seat("7")}
    )
    state, _ = begin_turn(state)
    state, events = run(state, Step("6"), PlayCard(FACT), Step("club"))
    assert len(of_kind(events, "drew")) == 1
    assert of_kind(events, "cannot_score")[0].data == {"months": 1}
    assert (state.active, state.seats[P1].months) == (P2, 0)


def test_scenario_36_months_lost_mid_chain_then_the_club():
    state = position(park=13, seats={P1: Seat("10", 8, hand=[ARTIFACT], inventory=[HERO])})
    state, _ = run(state, Step("13"))
    assert state.seats[P1].months == 0
    state, events = run(state, PlayCard(ARTIFACT), Step("club"))
    assert state.park == 14
    assert "cannot_score" in kinds(events)
    assert (state.active, state.seats[P1].months) == (P2, 0)


def test_scenario_37_turn_order():
    state = position(seats={P1: Seat("hotel_north", 2)})
    state, events = run(state, Stay())
    assert state.active == P2
    assert [(e.kind, e.seat) for e in events][-2:] == [("turn_ended", P1), ("turn_started", P2)]


def test_scenario_38_the_club_draw_comes_before_scoring():
    c1, c2 = ARTIFACT_3, EVEREST_CARD
    state = position(seats={P1: Seat("3", 7, hand=[], inventory=[HERO])}, deck=[c1, c2])
    state, events = run(state, Step("club"), Score("Africa"))
    assert hand(state, P1) == [c1]
    assert of_kind(events, "fad_revealed")[0].data["card"] == c2
    assert state.fad == "Everest"


def test_scenario_39_what_counts_as_worthless():
    # printed-zero: Africa printed 0 (Amazon 5); ARTIFACT_3: blank for Africa (Amazon 9).
    state = position(
        rules=ODD_RULES, seats={P1: Seat("3", 7, inventory=["printed-zero", ARTIFACT_3, HERO])}
    )
    state, _ = run(state, Step("club"))
    assert Score("Africa") in legal_actions(state)
    state, events = run(state, Score("Africa"))
    data = of_kind(events, "scored")[0].data
    assert data["worthless"] == ["printed-zero", ARTIFACT_3]
    assert data["diversity"] == 5  # Hero only: the Fact and the Artifact do not count
    assert discard_pile(state)[:2] == ["printed-zero", ARTIFACT_3]
    # Neither counts toward qualifying for Africa.
    state = position(
        rules=ODD_RULES, seats={P1: Seat("3", 7, inventory=["printed-zero", ARTIFACT_3])}
    )
    state, _ = run(state, Step("club"))
    assert Score("Africa") not in legal_actions(state)


def test_scenario_40_park_moves_only_for_card_plays():
    state = position(
        park=12,
        seats={
            P1: Seat("1", 3, hand=[FACT, HERO]),  # a Café draw
            P2: Seat("1", 3, hand=[FACT_2, HERO_2]),  # a Marketplace exchange
            P3: Seat("3", 7, inventory=[ARTIFACT, ARTIFACT_3]),  # Club draw, scoring, Fad
        },
    )
    state, events = run(
        state,
        Step("3"),
        Step("market"),
        Discard(HERO_2),
        FinishExchange(),
        Step("club"),
        Score("Africa"),
    )
    assert {"drew", "exchanged", "scored", "fad_revealed"} <= set(kinds(events))
    assert of_kind(events, "scored")[0].data["worthless"] == [ARTIFACT_3]
    assert state.park == 12
    assert "park_moved" not in kinds(events)
