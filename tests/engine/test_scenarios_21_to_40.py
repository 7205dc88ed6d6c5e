"""The scenarios of docs/rules.md, "The scenarios".

Test scenarios 21-40 (draws, the Club, scoring, Fads, the end of the game), on our board of London
(docs/rules.md).

Board facts used: those listed in ``tests/engine/helpers.py``. 4 players
throughout, so MIN = 6 and TARGET = 175 (unless stated).
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
    Stay,
    Step,
    apply,
    legal_actions,
)
from tests.engine.helpers import (
    ANECDOTE,
    ARTIFACT,
    ARTIFACT_3,
    CHINA_CARD,
    EVEREST_CARD,
    FACT,
    FACT_2,
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
    SOUTH_POLE_CARD,
    Seat,
    begin_turn,
    card_index,
    deck_top_first,
    discard_pile,
    hand,
    inventory,
    kinds,
    of_kind,
    position,
    run,
)


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
