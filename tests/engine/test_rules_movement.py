"""R21-R31: turns and steps (docs/rules.md, "Turns and steps")."""

from __future__ import annotations

import pytest

from park import (
    Card,
    FinishExchange,
    IllegalActionError,
    Phase,
    PlayCard,
    SkipPlay,
    Stay,
    Step,
    apply,
    legal_actions,
    load_board,
    load_scoring_board,
    make_ruleset,
    new_game,
)
from tests.engine.helpers import (
    ANECDOTE,
    ARTIFACT,
    ARTIFACT_2,
    FACT,
    FACT_2,
    FACT_3,
    HERO,
    P1,
    P2,
    P3,
    PHOTOGRAPH,
    Seat,
    hand,
    inventory,
    kinds,
    months,
    of_kind,
    position,
    run,
)


def test_R38_play_actions_name_cards_of_this_games_own_deck():
    # Regression: legal actions were cached by id() of the deck tuple, so a new custom deck
    # allocated where a freed one had been was offered the old deck's cards.
    board, scoring = load_board(), load_scoring_board()
    for k in range(40):
        cards = tuple(
            Card(f"deck{k}-card{i}", f"Card {i}", "A fact.", "Fact", {"Africa": 5})
            for i in range(30)
        )
        rules = make_ruleset(board, cards, scoring)
        state = new_game(4, 1, first_seat=P1, rules=rules)
        hand = {rules.cards[c].id for c in state.seats[P1].hand}
        state, _ = apply(state, Step("6"))  # News Stand 6, and every card is a Fact
        plays = {a.card for a in legal_actions(state) if isinstance(a, PlayCard)}
        assert plays == hand
        del rules, state, cards


# -- 1.4 Turn structure and movement ----------------------------------------------------------


def test_R21_a_turn_offers_one_step_or_staying_put():
    state = position(seats={P1: Seat("3", 1)})
    assert legal_actions(state) == (Step("club"), Step("1"), Step("4"), Step("6"), Stay())


def test_R22_a_step_follows_one_path_to_a_connected_space():
    state = position(seats={P1: Seat("market", 1)})
    assert set(legal_actions(state)) == {Step("1"), Step("8"), Step("hotel_south"), Stay()}
    for far in ("2", "3", "club", "hotel_north", "9"):
        with pytest.raises(IllegalActionError):
            apply(state, Step(far))
    state, _ = apply(state, Step("8"))
    assert state.seats[P1].position == "8"


def test_R23_any_connected_space_may_be_entered_whoever_is_there():
    state = position(park=3, seats={P1: Seat("1", 2), P2: Seat("2", 4), P3: Seat("market", 1)})
    assert {Step("2"), Step("3"), Step("market")} <= set(legal_actions(state))
    shared, _ = apply(state, Step("2"))
    assert [s.position for s in shared.seats[:2]] == ["2", "2"]
    assert months(shared)[:3] == [2, 4, 1]  # no penalty for sharing with players


def test_R24_staying_put_uses_nothing_and_ends_the_turn():
    # On a Café: no draw.
    state = position(seats={P1: Seat("3", 2, hand=[FACT])})
    after, events = run(state, Stay())
    assert hand(after, P1) == [FACT]
    assert after.active == P2
    assert of_kind(events, "drew") == []
    # On an Antique Shop holding an Artifact: no play, and Park stays.
    state = position(park=7, seats={P1: Seat("2", 2, hand=[ARTIFACT])})
    assert not any(isinstance(a, PlayCard) for a in legal_actions(state))
    after, _ = run(state, Stay())
    assert (after.park, inventory(after, P1), after.active) == (7, [], P2)


def test_R25_after_a_step_the_space_entered_takes_effect():
    state = position(seats={P1: Seat("1", 2, hand=[FACT])}, deck=[HERO, ARTIFACT])
    after, _ = run(state, Step("3"))  # Café: draw
    assert hand(after, P1) == [FACT, HERO]
    state = position(seats={P1: Seat("3", 2, hand=[FACT])})
    after, _ = run(state, Step("6"))  # News Stand: a Fact may be played
    assert after.phase is Phase.PLAY
    assert legal_actions(after) == (PlayCard(FACT), SkipPlay())


def test_R26_only_a_card_play_gives_another_step():
    state = position(park=10, seats={P1: Seat("3", 2, hand=[FACT])})
    played, _ = run(state, Step("6"), PlayCard(FACT))
    assert (played.active, played.phase) == (P1, Phase.STEP_AGAIN)
    skipped, _ = run(state, Step("6"), SkipPlay())
    assert (skipped.active, skipped.phase) == (P2, Phase.START)


def test_R27_declining_a_further_step_is_staying_put():
    state = position(park=10, seats={P1: Seat("3", 2, hand=[FACT, FACT_2])})
    played, _ = run(state, Step("6"), PlayCard(FACT))
    after, events = run(played, Stay())
    assert kinds(events) == ["stayed", "turn_ended", "turn_started"]
    assert after.seats[P1] == played.seats[P1]
    assert (after.park, after.deck, after.active) == (played.park, played.deck, P2)


def test_R28_a_space_used_earlier_in_the_turn_works_again_in_full():
    state = position(park=10, seats={P1: Seat("market", 2, hand=[FACT, FACT_2, ARTIFACT])})
    state, _ = run(
        state,
        Step("1"),
        PlayCard(FACT),
        Step("2"),
        PlayCard(ARTIFACT),
        Step("1"),
    )
    assert state.phase is Phase.PLAY
    assert legal_actions(state) == (PlayCard(FACT_2), SkipPlay())
    state, _ = run(state, PlayCard(FACT_2))
    assert inventory(state, P1) == [FACT, ARTIFACT, FACT_2]
    assert state.park == 13


def test_R29_no_limit_on_steps_but_the_cards_held():
    cards = [FACT, PHOTOGRAPH, ANECDOTE, ARTIFACT, FACT_2, ARTIFACT_2, FACT_3]
    state = position(park=7, seats={P1: Seat("club", 1, hand=cards)})
    path = ["6", "5", "4", "2", "1", "2", "1"]
    for space, card in zip(path, cards, strict=True):
        state, _ = run(state, Step(space), PlayCard(card))
        assert state.phase is Phase.STEP_AGAIN
    assert len(inventory(state, P1)) == 7
    assert state.park == 14
    assert state.seats[P1].months == 1
    assert Step("2") in legal_actions(state)


def test_R30_a_step_always_changes_space():
    board = load_board()
    assert all(a != b for a, b in board.paths)
    for space in board.by_id:
        state = position(seats={P1: Seat(space, 1)})
        steps = [a.space for a in legal_actions(state) if isinstance(a, Step)]
        assert space not in steps
        assert sorted(steps) == sorted(board.neighbours[space])


@pytest.mark.parametrize(
    ("start", "hand_cards", "to"),
    [
        ("market", [FACT], "hotel_south"),
        ("1", [FACT], "3"),
        ("3", [FACT], "club"),  # the Club, not qualified
    ],
    ids=["hotel", "cafe", "club"],
)
def test_R31_the_turn_ends_on_a_space_that_gives_no_step(start, hand_cards, to):
    state = position(park=10, seats={P1: Seat(start, 2, hand=hand_cards)})
    after, events = run(state, Step(to))
    assert (after.active, after.phase) == (P2, Phase.START)
    assert of_kind(events, "turn_ended")[0].data["space"] == to


def test_R31_R45_a_shop_without_a_card_of_its_type_offers_only_skip_then_ends_the_turn():
    state = position(park=10, seats={P1: Seat("3", 2, hand=[HERO])})
    at_shop, _ = run(state, Step("4"))  # Gymnasium: no Anecdote in hand
    assert (at_shop.active, at_shop.phase) == (P1, Phase.PLAY)
    assert legal_actions(at_shop) == (SkipPlay(),)
    after, events = run(at_shop, SkipPlay())
    assert (after.active, after.phase, after.park) == (P2, Phase.START, 10)
    assert of_kind(events, "turn_ended")[0].data["space"] == "4"


def test_R31_the_turn_ends_after_the_marketplace_exchange():
    state = position(park=10, seats={P1: Seat("1", 2, hand=[FACT])})
    at_market, _ = run(state, Step("market"))
    assert at_market.active == P1
    assert not any(isinstance(a, Step) for a in legal_actions(at_market))
    after, _ = run(at_market, FinishExchange())
    assert (after.active, after.phase) == (P2, Phase.START)
