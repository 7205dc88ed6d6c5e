"""R58-R67: Captain Park (docs/rules.md), on the real board."""

from __future__ import annotations

import pytest

from park import (
    Discard,
    FinishExchange,
    Phase,
    PlayCard,
    Score,
    SkipPlay,
    Stay,
    Step,
    legal_actions,
    load_board,
    new_game,
)
from tests.engine.helpers import (
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
    cards_of_type,
    months,
    of_kind,
    position,
    random_playout,
    run,
)

BOARD = load_board()
UNNUMBERED = {"club", "market", "hotel_north", "hotel_south"}


def test_R58_park_only_ever_stands_on_numbered_spaces():
    assert BOARD.route == tuple(str(n) for n in range(1, 15))
    assert [BOARD.space(s).number for s in BOARD.route] == list(range(1, 15))
    assert {s.id for s in BOARD.spaces if s.number is None} == UNNUMBERED
    # 28 card plays in one chain take Park twice round the route, never off it.
    facts, artifacts = cards_of_type("Fact")[:14], cards_of_type("Artifact")[:14]
    state = position(park=1, seats={P1: Seat("market", 3, hand=facts + artifacts)})
    landings = []
    for fact, artifact in zip(facts, artifacts, strict=True):
        state, events = run(state, Step("1"), PlayCard(fact), Step("2"), PlayCard(artifact))
        landings += [e.data["to"] for e in of_kind(events, "park_moved")]
    assert landings == [str(n) for n in range(2, 15)] + ["1"] + [str(n) for n in range(2, 15)] + [
        "1"
    ]
    assert not set(landings) & UNNUMBERED


def test_R59_park_moves_from_n_to_n_plus_one_and_from_14_to_1():
    assert [BOARD.next_park_number(n) for n in range(1, 15)] == [*range(2, 15), 1]
    for start in (1, 7, 13, 14):
        state = position(park=start, seats={P1: Seat("3", 2, hand=[FACT])})
        state, _ = run(state, Step("6"), PlayCard(FACT))
        assert state.park == start % 14 + 1


def test_R60_only_the_space_park_lands_on_is_affected():
    state = position(
        park=7,
        seats={
            P1: Seat("club", 2, hand=[FACT]),
            P2: Seat("7", 3),  # where Park leaves from
            P3: Seat("8", 4),  # where he lands
            P4: Seat("hotel_north", 5),  # drawn between 7 and 8, but not on the route
        },
    )
    state, _ = run(state, Step("6"), PlayCard(FACT))
    assert state.park == 8
    assert months(state) == [2, 3, 0, 5]


@pytest.mark.parametrize(
    ("seat", "actions"),
    [
        (Seat("1", 7, hand=[FACT]), [Step("3")]),
        (Seat("1", 7, hand=[FACT, HERO]), [Step("market"), Discard(FACT), FinishExchange()]),
        (Seat("3", 7, inventory=[ARTIFACT, "dented-pith-helmet"]), [Step("club"), Score("Amazon")]),
        (Seat("6", 7, hand=[HERO]), [Step("5")]),
        (Seat("3", 7, hand=[FACT]), [Step("6"), SkipPlay()]),
    ],
    ids=["cafe_draw", "market_exchange", "club_draw_scoring_and_fad", "no_card", "skip"],
)
def test_R61_park_moves_only_when_a_card_is_played(seat, actions):
    state = position(park=12, seats={P1: seat})
    state, events = run(state, *actions)
    assert state.park == 12
    assert of_kind(events, "park_moved") == []


def test_R61_every_park_move_follows_a_card_play_in_a_whole_game():
    steps = random_playout(new_game(4, seed=21), 21, 1500, prefer=(PlayCard, Score))
    plays = moves = 0
    for _, _, _, events in steps:
        kinds_ = [e.kind for e in events]
        plays += kinds_.count("card_played")
        moves += kinds_.count("park_moved")
        for i, kind in enumerate(kinds_):
            if kind == "park_moved":
                assert kinds_[i - 1] == "card_played"
    assert plays == moves > 50


def test_R62_a_landing_clears_everyone_there_in_any_turn():
    state = position(
        park=4,
        seats={
            P1: Seat("7", 6, hand=[PHOTOGRAPH]),
            P2: Seat("4", 9),  # left behind by Park
            P3: Seat("5", 5),
            P4: Seat("5", 8),
        },
    )
    state, events = run(state, Step("5"), PlayCard(PHOTOGRAPH))
    assert state.park == 5
    assert months(state) == [0, 9, 0, 0]  # the active player too (A24)
    hit = of_kind(events, "months_lost")
    assert [(e.seat, e.data["reason"]) for e in hit] == [
        (P1, "park_landed"),
        (P3, "park_landed"),
        (P4, "park_landed"),
    ]


def test_R63_stepping_into_parks_space_clears_months_on_any_step():
    # First step.
    state = position(park=3, seats={P1: Seat("1", 6)})
    after, events = run(state, Step("3"))
    assert after.seats[P1].months == 0
    assert of_kind(events, "months_lost")[0].data == {"months": 6, "reason": "walked_into_park"}
    # A further step: Park moves from 4 to 5, then P1 walks into Gift Shop 5.
    state = position(park=4, seats={P1: Seat("3", 6, hand=[FACT, PHOTOGRAPH])})
    state, _ = run(state, Step("6"), PlayCard(FACT))
    assert (state.park, state.seats[P1].months) == (5, 6)
    state, events = run(state, Step("5"))
    assert state.seats[P1].months == 0
    assert of_kind(events, "months_lost")[0].data == {"months": 6, "reason": "walked_into_park"}


def test_R64_walking_into_park_does_not_stop_the_space_or_the_turn():
    # A Café still draws.
    state = position(park=3, seats={P1: Seat("1", 6, hand=[])}, deck=[HERO])
    state, _ = run(state, Step("3"))
    assert state.seats[P1].hand == (state.rules.card_index[HERO],)
    # A shop still takes a card, and the chain goes on.
    state = position(park=6, seats={P1: Seat("club", 6, hand=[FACT])})
    state, _ = run(state, Step("6"))
    assert (state.phase, state.seats[P1].months) == (Phase.PLAY, 0)
    state, _ = run(state, PlayCard(FACT))
    assert (state.park, state.phase) == (7, Phase.STEP_AGAIN)


def test_R65_starting_on_parks_space_and_stepping_away_keeps_the_counter():
    state = position(park=5, seats={P1: Seat("5", 0), P4: Seat("hotel_north")})
    state, _ = begin_turn(state)
    assert state.seats[P1].months == 1
    state, events = run(state, Step("4"), SkipPlay())  # Gymnasium, no Anecdote: the turn ends
    assert (state.active, state.seats[P1].months) == (P2, 1)
    assert of_kind(events, "months_lost") == []


def test_R66_starting_on_parks_space_and_staying_ends_with_no_months():
    state = position(park=5, seats={P1: Seat("5", 0), P4: Seat("hotel_north")})
    state, _ = begin_turn(state)
    assert state.seats[P1].months == 1
    state, events = run(state, Stay())
    assert (state.active, state.seats[P1].months) == (P2, 0)
    assert of_kind(events, "months_lost")[0].data == {"months": 1, "reason": "stayed_with_park"}


def test_R67_park_never_moves_pawns():
    state = position(
        park=9,
        seats={P1: Seat("12", 3, hand=[HERO]), P2: Seat("10", 5), P3: Seat("10", 2)},
    )
    before = [s.position for s in state.seats]
    state, _ = run(state, Step("11"), PlayCard(HERO))
    assert state.park == 10
    assert [s.position for s in state.seats] == ["11", *before[1:]]
    assert legal_actions(state)[-1] == Stay()
