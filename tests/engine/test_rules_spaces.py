"""R32-R57: what each kind of space does (docs/rules.md, "What each space does")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from park import (
    SHOP_CARD_TYPE,
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
    load_board,
    observe,
)
from tests.engine.helpers import (
    ANECDOTE,
    ARTIFACT,
    ARTIFACT_2,
    CARDS,
    FACT,
    FACT_2,
    HERO,
    HERO_2,
    P1,
    P2,
    P3,
    P4,
    PHOTOGRAPH,
    Seat,
    begin_turn,
    deck_top_first,
    discard_pile,
    hand,
    ids,
    inventory,
    kinds,
    months,
    of_kind,
    position,
    run,
)

# -- 1.5 Location effects ---------------------------------------------------------------------


def test_R32_the_hotel_does_nothing():
    state = position(park=10, seats={P1: Seat("market", 3, hand=[FACT])})
    after, events = run(state, Step("hotel_south"))
    assert after.seats[P1] == replace(state.seats[P1], position="hotel_south")
    assert (after.park, after.deck, after.discard) == (state.park, state.deck, state.discard)
    assert kinds(events) == ["stepped", "turn_ended", "turn_started"]


def test_R33_park_is_never_on_a_hotel():
    board = load_board()
    for hotel in ("hotel_north", "hotel_south"):
        assert board.space(hotel).kind == "Hotel"
        assert board.space(hotel).number is None
        assert hotel not in board.route


def test_R34_entering_a_cafe_draws_one_card_without_a_choice():
    state = position(seats={P1: Seat("1", 2, hand=[FACT])}, deck=[HERO, ARTIFACT])
    after, events = run(state, Step("3"))
    assert hand(after, P1) == [FACT, HERO]
    assert deck_top_first(after)[0] == ARTIFACT
    assert after.active == P2  # no decision was offered
    assert [e.data["source"] for e in of_kind(events, "drew")] == ["café"]


def test_R35_there_is_no_hand_size_limit():
    many = [c.id for c in CARDS[:40]]
    state = position(seats={P1: Seat("1", 2, hand=many)})
    after, _ = run(state, Step("3"))
    assert len(after.seats[P1].hand) == 41


def test_R36_park_can_land_on_cafes_3_and_10():
    board = load_board()
    assert (board.space("3").kind, board.space("3").number) == ("Café", 3)
    assert (board.space("10").kind, board.space("10").number) == ("Café", 10)
    state = position(park=2, seats={P1: Seat("club", 2, hand=[FACT]), P2: Seat("3", 5)})
    state, _ = run(state, Step("6"), PlayCard(FACT))
    assert (state.park, state.park_space) == (3, "3")
    assert state.seats[P2].months == 0


ONE_OF_EACH = [ARTIFACT, ANECDOTE, PHOTOGRAPH, FACT, HERO]
TYPE_OF = dict(
    zip(ONE_OF_EACH, ["Artifact", "Anecdote", "Photograph", "Fact", "Hero"], strict=True)
)
SHOPS = [s.id for s in load_board().spaces if s.card_type is not None]


def test_R37_each_shop_kind_accepts_one_card_type():
    assert SHOP_CARD_TYPE == {
        "Antique Shop": "Artifact",
        "Gift Shop": "Photograph",
        "News Stand": "Fact",
        "Gymnasium": "Anecdote",
        "Hall of Records": "Hero",
    }
    assert sorted(SHOPS, key=int) == ["1", "2", "4", "5", "6", "8", "9", "11", "12", "13"]


@pytest.mark.parametrize("shop", SHOPS)
def test_R37_only_the_shops_card_type_may_be_played(shop):
    board = load_board()
    start = board.neighbours[shop][0]
    state = position(park=14 if shop != "14" else 1, seats={P1: Seat(start, 2, hand=ONE_OF_EACH)})
    state, _ = run(state, Step(shop))
    wanted = board.space(shop).card_type
    (card,) = [c for c in ONE_OF_EACH if TYPE_OF[c] == wanted]
    assert legal_actions(state) == (PlayCard(card), SkipPlay())
    others = [c for c in ONE_OF_EACH if c != card]
    for other in others:
        with pytest.raises(IllegalActionError):
            apply(state, PlayCard(other))


def test_R38_at_most_one_card_per_shop_visit_into_the_inventory():
    state = position(park=10, seats={P1: Seat("3", 2, hand=[FACT, FACT_2, HERO])})
    state, _ = run(state, Step("6"), PlayCard(FACT))
    assert inventory(state, P1) == [FACT]
    assert hand(state, P1) == [FACT_2, HERO]
    assert state.phase is Phase.STEP_AGAIN
    assert not any(isinstance(a, PlayCard) for a in legal_actions(state))
    with pytest.raises(IllegalActionError):
        apply(state, PlayCard(FACT_2))


@pytest.mark.parametrize(
    ("start", "to"),
    [("1", "3"), ("market", "hotel_south"), ("1", "market"), ("3", "club")],
    ids=["cafe", "hotel", "marketplace", "club"],
)
def test_R39_no_card_may_be_played_off_a_shop(start, to):
    seat = Seat(start, 8, hand=ONE_OF_EACH, inventory=[ARTIFACT_2])
    state, _ = run(position(park=10, seats={P1: seat}), Step(to))
    assert not any(isinstance(a, PlayCard) for a in legal_actions(state))


def test_R39_no_card_may_be_played_on_a_shop_not_entered_this_step():
    state = position(park=10, seats={P1: Seat("6", 2, hand=[FACT])})
    assert legal_actions(state) == (
        Step("club"),
        Step("hotel_north"),
        Step("3"),
        Step("5"),
        Stay(),
    )
    with pytest.raises(IllegalActionError):
        apply(state, PlayCard(FACT))


def test_R40_inventories_are_public():
    state = position(seats={P1: Seat("3", 2, inventory=[ARTIFACT, FACT]), P2: Seat("7")})
    for viewer in (P1, P2, P3, P4):
        seen = observe(state, viewer).seats[P1].inventory
        assert ids(seen) == [ARTIFACT, FACT]


def test_R41_inventory_cards_never_go_back_to_hand_or_get_discarded():
    state = position(park=10, seats={P1: Seat("1", 2, hand=[HERO], inventory=[FACT])})
    state, _ = run(state, Step("market"))
    assert legal_actions(state) == (Discard(HERO), FinishExchange())
    with pytest.raises(IllegalActionError):
        apply(state, Discard(FACT))
    state, _ = run(state, Discard(HERO), FinishExchange())
    assert inventory(state, P1) == [FACT]
    assert FACT not in hand(state, P1)


def test_R42_playing_a_card_moves_park_once_at_once():
    state = position(park=4, seats={P1: Seat("3", 2, hand=[FACT])})
    state, events = run(state, Step("6"), PlayCard(FACT))
    assert state.park == 5
    assert kinds(events)[-2:] == ["card_played", "park_moved"]
    moved = of_kind(events, "park_moved")
    assert [(e.data["origin"], e.data["to"]) for e in moved] == [("4", "5")]


def test_R43_parks_move_and_its_losses_resolve_before_the_next_step():
    # Park leaves Antique Shop 2 before P1 steps on, so walking into 2 costs nothing...
    state = position(park=2, seats={P1: Seat("market", 4, hand=[FACT])})
    played, events = run(state, Step("1"), PlayCard(FACT))
    assert played.park == 3
    assert played.phase is Phase.STEP_AGAIN
    after, events = run(played, Step("2"))
    assert after.seats[P1].months == 4
    assert of_kind(events, "months_lost") == []
    # ...while Café 3, where Park now stands, is no longer safe.
    into_park, _ = run(played, Step("3"))
    assert into_park.seats[P1].months == 0


def test_R43_a_landing_clears_months_before_the_step_decision():
    state = position(park=9, seats={P1: Seat("3", 4, hand=[FACT]), P2: Seat("10", 7)})
    state, events = run(state, Step("6"), PlayCard(FACT))
    assert kinds(events)[-3:] == ["card_played", "park_moved", "months_lost"]
    assert (state.phase, months(state)[:2]) == (Phase.STEP_AGAIN, [4, 0])


def test_R44_a_further_step_is_offered_even_after_park_lands_on_the_player():
    state = position(park=4, seats={P1: Seat("7", 7, hand=[PHOTOGRAPH])})
    state, _ = run(state, Step("5"), PlayCard(PHOTOGRAPH))
    assert (state.park, state.seats[P1].months) == (5, 0)
    assert (state.active, state.phase) == (P1, Phase.STEP_AGAIN)
    assert legal_actions(state) == (Step("4"), Step("6"), Step("7"), Stay())


def test_R45_entering_a_shop_and_playing_nothing_ends_the_turn():
    state = position(park=10, seats={P1: Seat("3", 2, hand=[FACT])})
    after, _ = run(state, Step("6"), SkipPlay())
    assert (after.active, after.park, inventory(after, P1)) == (P2, 10, [])
    assert hand(after, P1) == [FACT]


def test_R46_at_the_marketplace_any_number_of_cards_may_be_discarded():
    cards = [FACT, HERO, ARTIFACT, ANECDOTE, PHOTOGRAPH]
    state = position(park=10, seats={P1: Seat("1", 2, hand=cards)})
    state, _ = run(state, Step("market"))
    assert legal_actions(state) == (*(Discard(c) for c in cards), FinishExchange())
    nothing, _ = run(state, FinishExchange())
    assert hand(nothing, P1) == cards
    everything, _ = run(state, *(Discard(c) for c in cards))
    assert legal_actions(everything) == (FinishExchange(),)
    assert everything.seats[P1].hand == ()
    assert discard_pile(everything) == cards


def test_R47_as_many_cards_are_drawn_as_were_discarded():
    state = position(
        park=10,
        seats={P1: Seat("1", 2, hand=[FACT, HERO, ARTIFACT])},
        deck=[FACT_2, HERO_2, ANECDOTE],
    )
    state, events = run(state, Step("market"), Discard(FACT), Discard(ARTIFACT), FinishExchange())
    assert hand(state, P1) == [HERO, FACT_2, HERO_2]
    assert deck_top_first(state)[0] == ANECDOTE
    assert discard_pile(state) == [FACT, ARTIFACT]
    assert of_kind(events, "exchanged")[0].data["count"] == 2


def test_R48_inventory_cards_cannot_be_exchanged():
    state = position(park=10, seats={P1: Seat("8", 2, hand=[], inventory=[PHOTOGRAPH])})
    state, _ = run(state, Step("market"))
    # With an empty hand there is nothing to exchange: the Inventory is not offered.
    assert (state.active, inventory(state, P1)) == (P2, [PHOTOGRAPH])


def test_R49_park_is_never_on_the_marketplace():
    board = load_board()
    assert board.space("market").number is None
    assert "market" not in board.route


def test_R50_the_marketplace_connects_to_1_8_and_the_hotel():
    board = load_board()
    assert set(board.neighbours["market"]) == {"1", "8", "hotel_south"}
    assert board.space("1").kind == "News Stand"
    assert board.space("8").kind == "Gift Shop"
    assert board.space("hotel_south").kind == "Hotel"


def test_R51_entering_the_club_draws_one_card_before_scoring():
    state = position(
        seats={P1: Seat("3", 7, hand=[FACT], inventory=[ARTIFACT])}, deck=[HERO, HERO_2, ANECDOTE]
    )
    state, events = run(state, Step("club"))
    assert hand(state, P1) == [FACT, HERO]
    assert state.phase is Phase.CLUB
    assert kinds(events) == ["stepped", "drew", "drew_card"]


def test_R52_ending_the_turn_in_the_club_clears_months_after_scoring():
    state = position(seats={P1: Seat("3", 8, inventory=[ARTIFACT])})
    scored, events = run(state, Step("club"), Score("Africa"))
    assert of_kind(events, "scored")[0].data["months"] == 8
    assert scored.seats[P1].months == 0
    assert kinds(events).index("months_lost") > kinds(events).index("scored")
    declined, _ = run(state, Step("club"), DeclineScore())
    assert declined.seats[P1].months == 0


def test_R53_a_qualified_player_entering_the_club_may_score():
    state = position(seats={P1: Seat("3", 6, inventory=[ARTIFACT_2])})
    state, _ = run(state, Step("club"))
    assert state.phase is Phase.CLUB
    assert legal_actions(state) == (Score("Africa"), Score("Amazon"), DeclineScore())


def test_R54_entering_the_club_ends_the_turn():
    qualified = position(seats={P1: Seat("3", 6, hand=[FACT], inventory=[ARTIFACT])})
    state, _ = run(qualified, Step("club"))
    assert not any(isinstance(a, Step | Stay) for a in legal_actions(state))
    state, _ = run(state, Score("Africa"))
    assert (state.active, state.phase) == (P2, Phase.START)
    unqualified = position(seats={P1: Seat("3", 2, hand=[FACT], inventory=[ARTIFACT])})
    state, _ = run(unqualified, Step("club"))
    assert (state.active, state.phase) == (P2, Phase.START)


def test_R55_starting_in_the_club_and_leaving_keeps_the_counter():
    state = position(seats={P1: Seat("club", 0), P4: Seat("hotel_north")})
    state, _ = begin_turn(state)
    assert state.seats[P1].months == 1
    state, _ = run(state, Step("3"))
    assert (state.active, state.seats[P1].months) == (P2, 1)


def test_R56_staying_in_the_club_draws_nothing_scores_nothing_and_clears_months():
    state = position(seats={P1: Seat("club", 8, hand=[FACT], inventory=[ARTIFACT])})
    assert not any(isinstance(a, Score) for a in legal_actions(state))
    state, events = run(state, Stay())
    assert hand(state, P1) == [FACT]
    assert inventory(state, P1) == [ARTIFACT]
    assert state.seats[P1].score == 0
    assert state.seats[P1].months == 0
    assert of_kind(events, "drew") == []


def test_R57_leaving_the_club_and_returning_draws_and_ends_with_no_months():
    state = position(park=10, seats={P1: Seat("club", 0, hand=[FACT]), P4: Seat("hotel_north")})
    state, _ = begin_turn(state)
    state, events = run(state, Step("6"), PlayCard(FACT), Step("club"))
    assert len(of_kind(events, "drew")) == 1
    assert len(state.seats[P1].hand) == 1
    assert (state.active, state.seats[P1].months) == (P2, 0)
