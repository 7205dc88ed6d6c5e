"""R103-R104: what is public and what is hidden (docs/rules.md, "Information"; A25)."""

from __future__ import annotations

from dataclasses import fields, replace

from park import Observation, Phase, PublicSeat, Score, SkipPlay, Step, legal_actions, observe
from tests.engine.helpers import (
    ARTIFACT,
    FACT,
    HERO,
    HERO_2,
    P1,
    P2,
    P3,
    P4,
    PHOTOGRAPH,
    Seat,
    card_index,
    ids,
    position,
    run,
)


def _table():
    return position(
        park=9,
        fad="China",
        scorings=[1, 0, 2, 0, 0],
        seats={
            P1: Seat("3", 4, hand=[FACT, HERO], inventory=[ARTIFACT], score=30),
            P2: Seat("hotel_north", 7, hand=[PHOTOGRAPH], score=12),
        },
        discard=[HERO_2],
    )


def test_R103_months_inventories_scores_park_fad_and_dots_are_public():
    state = _table()
    for viewer in (P1, P2, P3, P4):
        seen = observe(state, viewer)
        assert [p.months for p in seen.seats] == [s.months for s in state.seats]
        assert [p.inventory for p in seen.seats] == [s.inventory for s in state.seats]
        assert [p.score for p in seen.seats] == [30, 12, 0, 0]
        assert [p.position for p in seen.seats] == [s.position for s in state.seats]
        assert (seen.park, seen.park_space, seen.fad) == (9, "9", "China")
        assert seen.scorings == (1, 0, 2, 0, 0)


def test_R104_hands_are_hidden_but_sizes_deck_size_and_discards_are_public():
    state = _table()
    seen = observe(state, P2)
    assert ids(seen.hand) == [PHOTOGRAPH]
    assert [p.hand_size for p in seen.seats] == [len(s.hand) for s in state.seats]
    assert seen.deck_size == len(state.deck)
    assert ids(seen.discard) == [HERO_2]
    assert "hand" not in {f.name for f in fields(PublicSeat)}
    assert not {"deck", "seed", "settings"} & {f.name for f in fields(Observation)}


def test_R104_observe_never_depends_on_other_hands_or_the_deck_order():
    state = _table()
    # Swap P1's hand with two deck cards and reverse the deck: P2 must see no difference.
    swapped = state.deck[:2]
    deck = (*state.seats[P1].hand, *state.deck[2:])[::-1]
    other = replace(
        state,
        seats=(replace(state.seats[P1], hand=swapped), *state.seats[1:]),
        deck=deck,
    )
    assert other.seats[P1].hand != state.seats[P1].hand
    assert observe(other, P2) == observe(state, P2)
    assert observe(other, P1) != observe(state, P1)


def test_R104_a_drawn_card_is_told_only_to_the_drawer():
    state = position(seats={P1: Seat("1", 2, hand=[])}, deck=[HERO])
    state, events = run(state, Step("3"))
    private = [e for e in events if e.private_to is not None]
    assert [(e.kind, e.private_to, e.data["card"]) for e in private] == [("drew_card", P1, HERO)]
    for viewer in (P2, P3, P4, None):
        visible = [e for e in events if e.visible_to(viewer)]
        assert all(HERO not in str(e.data) for e in visible)
    assert state.seats[P1].hand == (card_index(HERO),)


def test_R104_the_fad_card_and_scored_cards_are_public():
    state = position(seats={P1: Seat("3", 6, inventory=[ARTIFACT])}, deck=[FACT, HERO])
    state, events = run(state, Step("club"), Score("Africa"))
    public = {e.kind: e.data for e in events if e.private_to is None}
    assert public["scored"]["cards"] == [ARTIFACT]
    assert public["fad_revealed"]["card"] == HERO


def test_R104_entering_a_shop_does_not_reveal_whether_a_matching_card_is_held():
    with_fact = position(park=10, seats={P1: Seat("3", 2, hand=[FACT, HERO])})
    without = position(park=10, seats={P1: Seat("3", 2, hand=[HERO_2, HERO])})
    a, _ = run(with_fact, Step("6"))
    b, _ = run(without, Step("6"))
    seen_a, seen_b = observe(a, P2), observe(b, P2)
    assert (seen_a.active, seen_a.phase) == (seen_b.active, seen_b.phase) == (P1, Phase.PLAY)
    assert legal_actions(b) == (SkipPlay(),)


def test_R103_observation_copies_only_public_fields_of_the_state() -> None:
    """The fields ``observe`` copies from the state as they are hold nothing hidden (R104).

    No deck order, no seed (settings), no reshuffle count, no other hand.
    """
    from park.engine.observation import (
        OWN_FIELDS,
        SEAT_OWN_FIELDS,
        SEAT_SHARED_FIELDS,
        SHARED_FIELDS,
    )

    assert not {"deck", "settings", "shuffles", "seats", "log"} & set(SHARED_FIELDS)
    assert "hand" not in SEAT_SHARED_FIELDS
    # observe passes the fields in order: the shared ones, then those made for the seat
    assert [f.name for f in fields(Observation)] == [*SHARED_FIELDS, *OWN_FIELDS]
    assert [f.name for f in fields(PublicSeat)] == [*SEAT_SHARED_FIELDS, *SEAT_OWN_FIELDS]
    state = _table()
    assert all(hasattr(state, name) for name in SHARED_FIELDS)
    assert all(hasattr(state.seats[P1], name) for name in SEAT_SHARED_FIELDS)
