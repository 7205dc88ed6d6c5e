"""The scenarios of docs/rules.md, "The scenarios".

Test scenarios 1-20 (setup, months, shops, Park, chains, the Marketplace), on our board of London
(docs/rules.md).

Board facts used: those listed in ``tests/engine/helpers.py``. 4 players
throughout, so MIN = 6 and TARGET = 175 (unless stated).
"""

from __future__ import annotations

import pytest

from park import (
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
from tests.engine.helpers import (
    ANECDOTE,
    ARTIFACT,
    ARTIFACT_2,
    CHINA_CARD,
    FACT,
    FACT_2,
    FACT_3,
    HERO,
    HERO_2,
    HERO_3,
    P1,
    P2,
    P3,
    P4,
    PHOTOGRAPH,
    PHOTOGRAPH_2,
    Seat,
    begin_turn,
    cards_of_type,
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
