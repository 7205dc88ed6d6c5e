"""A16-A32: our rulings where the rulebook is silent or ambiguous (docs/rules.md, "Our rulings").

Rulings with a switch in ``Options`` (A5 ``fad_tie``, A18 ``club_order``, A21 ``reshuffle``)
are tested under both settings.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from park import (
    DeclineScore,
    Discard,
    FinishExchange,
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
    new_game,
    observe,
    score_preview,
)
from tests.engine.helpers import (
    AMAZON_CARD,
    ANECDOTE,
    ARTIFACT,
    ARTIFACT_3,
    CHINA_CARD,
    FACT,
    FACT_2,
    FACT_3,
    HERO,
    HERO_2,
    ODD_RULES,
    P1,
    P2,
    P4,
    PHOTOGRAPH,
    Seat,
    begin_turn,
    card_index,
    deck_top_first,
    discard_pile,
    hand,
    in_club,
    kinds,
    of_kind,
    position,
    run,
)


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
