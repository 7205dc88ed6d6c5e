"""R68-R72: the deck, drawing, discards and recycling (docs/rules.md)."""

from __future__ import annotations

from dataclasses import replace

from park import Discard, FinishExchange, Score, Step
from tests.engine.helpers import (
    AMAZON_CARD,
    ARTIFACT,
    ARTIFACT_3,
    CHINA_CARD,
    EVEREST_CARD,
    FACT,
    FACT_2,
    HERO,
    HERO_2,
    P1,
    P2,
    PHOTOGRAPH,
    SOUTH_POLE_CARD,
    Seat,
    deck_top_first,
    discard_pile,
    hand,
    kinds,
    of_kind,
    position,
    run,
)


def test_R68_drawing_moves_the_top_card_into_the_hand():
    state = position(seats={P1: Seat("1", 2, hand=[FACT])}, deck=[HERO, HERO_2, PHOTOGRAPH])
    state, events = run(state, Step("3"))
    assert hand(state, P1) == [FACT, HERO]
    assert deck_top_first(state) == [HERO_2, PHOTOGRAPH]
    private = of_kind(events, "drew_card")
    assert [(e.seat, e.private_to, e.data["card"]) for e in private] == [(P1, P1, HERO)]


def test_R69_an_empty_deck_is_refilled_from_the_whole_discard_pile_when_needed():
    pile = [ARTIFACT, HERO, PHOTOGRAPH]
    state = position(seats={P1: Seat("1", 2, hand=[FACT])}, deck=[], discard=pile)
    state, events = run(state, Step("3"))
    assert kinds(events)[:3] == ["stepped", "reshuffled", "drew"]
    assert of_kind(events, "reshuffled")[0].data == {"cards": 3}
    drawn = hand(state, P1)[1]
    assert drawn in pile
    assert sorted([drawn, *deck_top_first(state)]) == sorted(pile)
    assert state.discard == ()


def test_R70_with_no_deck_and_no_discards_the_draw_simply_does_not_happen():
    state = position(seats={P1: Seat("1", 2, hand=[FACT]), P2: Seat("11", 2)}, deck=[])
    state, events = run(state, Step("3"))
    assert hand(state, P1) == [FACT]
    assert of_kind(events, "draw_failed")[0].seat == P1
    assert state.active == P2
    # Drawing works again once there are discards.
    state = replace(state, discard=(state.rules.card_index[HERO],))
    state, _ = run(state, Step("10"))
    assert hand(state, P2)[-1] == HERO
    assert (state.deck, state.discard) == ((), ())


def test_R71_all_discards_go_to_one_shared_pile():
    # Marketplace discards...
    state = position(seats={P1: Seat("1", 2, hand=[FACT, FACT_2])}, deck=[HERO, HERO_2])
    state, _ = run(state, Step("market"), Discard(FACT_2), FinishExchange())
    assert discard_pile(state) == [FACT_2]
    # ...then a worthless card, the scored Inventory and the Fad card, on the same pile.
    state = position(
        seats={P1: Seat("3", 6, inventory=[ARTIFACT_3, ARTIFACT])},
        deck=[HERO, SOUTH_POLE_CARD, EVEREST_CARD],
        discard=[FACT_2],
    )
    state, _ = run(state, Step("club"), Score("Africa"))
    assert discard_pile(state) == [FACT_2, ARTIFACT_3, ARTIFACT, SOUTH_POLE_CARD]
    assert state.fad == "South Pole"


def test_R72_market_discards_all_go_first_then_draws_one_at_a_time():
    cards = [ARTIFACT, AMAZON_CARD, CHINA_CARD]
    state = position(seats={P1: Seat("1", 2, hand=[*cards, FACT])}, deck=[HERO])
    state, events = run(state, Step("market"), *(Discard(c) for c in cards), FinishExchange())
    assert kinds(events)[1:5] == ["card_discarded"] * 3 + ["exchanged"]
    draws = [e.kind for e in events if e.kind in ("drew", "reshuffled")]
    assert draws == ["drew", "reshuffled", "drew", "drew"]
    mine = hand(state, P1)
    assert mine[:2] == [FACT, HERO]
    assert set(mine[2:]) < set(cards)  # the player's own discards came back
    assert len(mine) == 4
    assert len(state.deck) == 1 and state.discard == ()
