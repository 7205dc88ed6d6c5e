"""R73-R102: qualifying, the scoring procedure, Fads and the end of the game (docs/rules.md)."""

from __future__ import annotations

import pytest

from park import (
    ChooseFad,
    DeclineScore,
    IllegalActionError,
    Phase,
    PlayCard,
    Score,
    Stay,
    Step,
    apply,
    legal_actions,
    new_game,
    qualifying_destinations,
    score_preview,
)
from tests.engine.helpers import (
    AMAZON_CARD,
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
    ODD_RULES,
    P1,
    P2,
    PHOTOGRAPH,
    SOUTH_POLE_CARD,
    Seat,
    card_index,
    discard_pile,
    hand,
    inventory,
    kinds,
    of_kind,
    position,
    random_playout,
    run,
)


def in_club(months=8, inventory=(ARTIFACT,), **kwargs):
    """P1 steps from Café 3 into the Club with ``months`` and ``inventory`` (the Club draw done)."""
    seat = Seat(
        "3",
        months,
        hand=kwargs.pop("hand", [FACT]),
        inventory=list(inventory),
        score=kwargs.pop("score", 0),
        visited=kwargs.pop("visited", ()),
    )
    state = position(seats={P1: seat}, **kwargs)
    state, _ = run(state, Step("club"))
    return state


def scored(state, destination):
    """Score ``destination``; return the state, the events and the expedition recorded."""
    after, events = run(state, Score(destination))
    return after, events, after.seats[P1].expeditions[-1]


# -- 1.8 Qualifying ------------------------------------------------------------------------


def test_R73_scoring_happens_only_in_the_club_once_per_entry():
    # Qualified (8 months, an Africa card) but on a shop: no scoring is offered.
    state = position(seats={P1: Seat("3", 8, hand=[FACT], inventory=[ARTIFACT, AMAZON_CARD])})
    state, _ = run(state, Step("6"), PlayCard(FACT))
    assert not any(isinstance(a, Score) for a in legal_actions(state))
    # In the Club: one adventure, then the turn is over.
    state = in_club(inventory=[ARTIFACT, AMAZON_CARD])
    state, _, _ = scored(state, "Africa")
    assert state.active == P2
    with pytest.raises(IllegalActionError):
        apply(state, Score("Amazon"))
    assert len(state.seats[P1].expeditions) == 1


def test_R74_an_inventory_card_worth_points_for_the_destination_is_needed():
    state = in_club(inventory=[ARTIFACT])  # Africa only
    assert qualifying_destinations(state, P1) == ("Africa",)
    with pytest.raises(IllegalActionError):
        apply(state, Score("Amazon"))
    empty = in_club(inventory=[])
    assert qualifying_destinations(empty, P1) == ()
    assert empty.active == P2  # nothing to decide


@pytest.mark.parametrize(
    ("players", "months", "qualifies"),
    [(4, 5, False), (4, 6, True), (3, 6, False), (3, 7, True), (7, 2, False), (7, 3, True)],
)
def test_R75_at_least_min_months_are_needed(players, months, qualifies):
    state = in_club(months=months, players=players)
    assert (state.phase is Phase.CLUB) is qualifies
    assert (Score("Africa") in legal_actions(state)) is qualifies


def test_R76_a_destination_scored_in_this_cycle_cannot_be_scored_again():
    state = in_club(inventory=[ARTIFACT_2], visited=["Africa"])  # Africa 6, Amazon 3
    assert legal_actions(state) == (Score("Amazon"), DeclineScore())
    only_africa = in_club(inventory=[ARTIFACT], visited=["Africa"])
    assert only_africa.active == P2  # not qualified at all


def test_R77_the_cycle_resets_as_soon_as_all_five_are_scored():
    four = ["Amazon", "China", "Everest", "South Pole"]
    state = in_club(inventory=[ARTIFACT], visited=four)
    state, events, _ = scored(state, "Africa")
    assert state.seats[P1].visited == ()
    assert "cycle_completed" in kinds(events)
    again = in_club(inventory=[ARTIFACT], visited=[])
    assert Score("Africa") in legal_actions(again)


def test_R78_not_scoring_leaves_the_inventory_unchanged():
    for months in (3, 8):  # unable, then unwilling
        state = in_club(months=months, inventory=[ARTIFACT, HERO])
        if state.phase is Phase.CLUB:
            state, _ = run(state, DeclineScore())
        assert inventory(state, P1) == [ARTIFACT, HERO]
        assert state.seats[P1].score == 0


# -- 1.9 Scoring procedure -------------------------------------------------------------------


def test_R79_the_player_declares_the_destination():
    state = in_club(inventory=[ARTIFACT_2])
    state, events, expedition = scored(state, "Amazon")
    assert expedition.destination == "Amazon"
    assert of_kind(events, "scored")[0].data["destination"] == "Amazon"
    assert state.seats[P1].visited == ("Amazon",)


@pytest.mark.parametrize(("before", "dot"), [(0, 10), (1, 7), (2, 4), (3, 0), (5, 0)])
def test_R80_the_counter_covers_the_highest_free_dot(before, dot):
    state = in_club(inventory=[ARTIFACT], scorings=[before, 0, 0, 0, 0])
    state, _, expedition = scored(state, "Africa")
    assert expedition.novelty == dot
    assert state.scorings == (before + 1, 0, 0, 0, 0)


def test_R81_the_marker_does_not_come_from_the_month_pile():
    state = in_club(months=8, inventory=[ARTIFACT])
    state, events, expedition = scored(state, "Africa")
    assert (expedition.months, expedition.endurance) == (8, 6)
    assert of_kind(events, "months_lost")[0].data["months"] == 8


def test_R82_worthless_cards_are_discarded_first():
    state = in_club(inventory=[ARTIFACT_3, ARTIFACT, FACT_3])  # Amazon 9 / Africa 8 / Amazon 9
    state, events, expedition = scored(state, "Africa")
    assert [state.rules.cards[c].id for c in expedition.worthless] == [ARTIFACT_3, FACT_3]
    assert [state.rules.cards[c].id for c in expedition.cards] == [ARTIFACT]
    assert of_kind(events, "scored")[0].data["worthless"] == [ARTIFACT_3, FACT_3]
    assert discard_pile(state)[:2] == [ARTIFACT_3, FACT_3]


def test_R83_basic_score_is_the_sum_of_the_destinations_values():
    state = in_club(inventory=[ARTIFACT, PHOTOGRAPH, ARTIFACT_2])  # Africa 8 + 9 + 6
    _, _, expedition = scored(state, "Africa")
    assert expedition.basic == 23


@pytest.mark.parametrize(
    ("cards", "diversity"),
    [
        ([ARTIFACT], 5),
        ([ARTIFACT, ARTIFACT_2], 5),
        ([ARTIFACT, ARTIFACT_2, FACT], 10),
        ([ARTIFACT, ANECDOTE, PHOTOGRAPH, FACT, HERO], 25),
    ],
)
def test_R84_diversity_is_five_per_card_type(cards, diversity):
    _, _, expedition = scored(in_club(inventory=cards), "Africa")
    assert expedition.diversity == diversity


@pytest.mark.parametrize(
    ("players", "months", "endurance"), [(4, 6, 0), (4, 9, 9), (4, 20, 42), (5, 9, 12)]
)
def test_R85_endurance_is_three_per_month_beyond_min(players, months, endurance):
    _, _, expedition = scored(in_club(months=months, players=players), "Africa")
    assert expedition.endurance == endurance


@pytest.mark.parametrize(
    ("fad", "bonus"), [("Africa", 10), ("Amazon", 0), (None, 0)], ids=["fad", "other", "none"]
)
def test_R86_the_fad_bonus_is_a_flat_ten(fad, bonus):
    state = in_club(inventory=[ARTIFACT, ARTIFACT_2, HERO], fad=fad, scorings=[1, 1, 1, 1, 1])
    _, _, expedition = scored(state, "Africa")
    assert expedition.fad == bonus


@pytest.mark.parametrize(
    ("destination", "card", "before", "novelty"),
    [
        ("Africa", ARTIFACT, 1, 7),
        ("Amazon", AMAZON_CARD, 0, 12),
        ("China", CHINA_CARD, 2, 4),
        ("Everest", EVEREST_CARD, 0, 14),
        ("South Pole", SOUTH_POLE_CARD, 1, 11),
    ],
)
def test_R87_novelty_is_the_value_of_the_dot_covered(destination, card, before, novelty):
    d = ("Africa", "Amazon", "China", "Everest", "South Pole").index(destination)
    scorings = [0] * 5
    scorings[d] = before
    _, _, expedition = scored(in_club(inventory=[card], scorings=scorings), destination)
    assert expedition.novelty == novelty


def test_R88_the_total_of_the_five_parts_is_added_to_the_score():
    # Africa: basic 8 + 9 = 17, diversity 10, endurance (10 - 6) * 3 = 12, Fad 10, Novelty 7.
    state = in_club(
        months=10, inventory=[ARTIFACT, HERO], score=40, fad="Africa", scorings=[1, 0, 0, 0, 0]
    )
    preview = score_preview(state, "Africa")
    state, events, expedition = scored(state, "Africa")
    assert (expedition.basic, expedition.diversity, expedition.endurance) == (17, 10, 12)
    assert (expedition.fad, expedition.novelty, expedition.total) == (10, 7, 56)
    assert expedition == preview
    assert state.seats[P1].score == 96
    assert of_kind(events, "scored")[0].data["score"] == 96


def test_R89_the_remaining_inventory_is_discarded():
    state = in_club(inventory=[ARTIFACT, HERO, ARTIFACT_3], deck=[FACT_2, SOUTH_POLE_CARD])
    state, _, _ = scored(state, "Africa")
    assert state.seats[P1].inventory == ()
    assert discard_pile(state) == [ARTIFACT_3, ARTIFACT, HERO, SOUTH_POLE_CARD]


def test_R90_the_destination_is_recorded_as_visited():
    state = in_club(inventory=[CHINA_CARD], visited=["Africa"])
    state, _, _ = scored(state, "China")
    assert state.seats[P1].visited == ("Africa", "China")


def test_R91_choosing_the_new_fad_is_the_last_scoring_step():
    state = in_club(inventory=[ARTIFACT], deck=[FACT_2, SOUTH_POLE_CARD])
    state, events, _ = scored(state, "Africa")
    order = kinds(events)
    assert order[:3] == ["scored", "fad_revealed", "fad_set"]
    assert order[3] == "months_lost"  # then the turn ends (R92)
    assert state.fad == "South Pole"


def test_R92_months_are_cleared_at_the_end_of_the_turn_never_before_scoring():
    state = in_club(months=9, inventory=[ARTIFACT])
    assert state.seats[P1].months == 9  # still there at the scoring decision
    state, events, expedition = scored(state, "Africa")
    assert expedition.months == 9
    lost = of_kind(events, "months_lost")
    assert [(e.data["months"], e.data["reason"]) for e in lost] == [(9, "ended_in_club")]
    assert kinds(events).index("months_lost") > kinds(events).index("fad_set")


def test_R93_a_new_fad_is_chosen_after_every_scoring():
    state = in_club(inventory=[ARTIFACT], fad="China", scorings=[2, 3, 1, 0, 0],
                    deck=[FACT_2, EVEREST_CARD])  # fmt: skip
    state, events, _ = scored(state, "Africa")
    assert state.fad == "Everest"
    assert len(of_kind(events, "fad_revealed")) == 1


def test_R94_the_fad_card_goes_from_the_deck_to_the_discard_pile():
    state = in_club(inventory=[ARTIFACT], deck=[FACT_2, AMAZON_CARD, HERO])
    assert hand(state, P1) == [FACT, FACT_2]  # the Club draw
    state, events, _ = scored(state, "Africa")
    assert discard_pile(state)[-1] == AMAZON_CARD
    assert all(card_index(AMAZON_CARD) not in s.hand for s in state.seats)
    assert of_kind(events, "fad_revealed")[0].data["card"] == AMAZON_CARD
    assert state.deck[-1] == card_index(HERO)


@pytest.mark.parametrize(
    ("card", "fad"),
    [
        ("varnished-blowpipe", "Amazon"),  # Africa 3, Amazon 7
        ("folding-bathtub", "Africa"),  # Africa 5, Amazon 3, China 2
        ("biscuit-the-dog", "South Pole"),  # Africa 2, Everest 3, South Pole 5
    ],
)
def test_R95_the_fad_is_the_destination_worth_most_on_the_card(card, fad):
    state = in_club(inventory=[HERO], deck=[FACT_2, card])
    state, _, _ = scored(state, "Africa")
    assert state.fad == fad


def test_R96_a_tied_fad_card_lets_the_scorer_choose_and_a_blank_one_is_skipped():
    tied = in_club(inventory=[HERO], deck=[FACT_2, "tied-fad"], rules=ODD_RULES)
    state, _, _ = scored(tied, "Africa")
    assert state.phase is Phase.FAD
    assert legal_actions(state) == (ChooseFad("Africa"), ChooseFad("China"))
    blank = in_club(inventory=[HERO], deck=[FACT_2, "blank-card", CHINA_CARD], rules=ODD_RULES)
    state, events, _ = scored(blank, "Africa")
    assert [e.data["card"] for e in of_kind(events, "fad_revealed")] == ["blank-card", CHINA_CARD]
    assert state.fad == "China"


@pytest.mark.parametrize("previous", ["Africa", None])
def test_R97_the_new_fad_may_repeat_the_old_one_or_the_destination_just_scored(previous):
    state = in_club(inventory=[HERO], fad=previous, deck=[FACT_2, ARTIFACT])  # Africa 8
    state, _, expedition = scored(state, "Africa")
    assert state.fad == "Africa"
    assert expedition.fad == (10 if previous == "Africa" else 0)


def test_R98_from_the_first_scoring_on_there_is_always_a_fad():
    state = in_club(inventory=[HERO], deck=[FACT_2, CHINA_CARD])
    assert state.fad is None
    state, _, _ = scored(state, "Africa")
    assert state.fad == "China"
    for _, _, after, _ in random_playout(state, 5, 400, prefer=(PlayCard, Score)):
        assert after.fad is not None


# -- 1.11 End of the game --------------------------------------------------------------------


def _fifteen_point_adventure(score):
    """South Pole 10 + Diversity 5, no Endurance, Fad or Novelty: exactly 15 points."""
    return in_club(months=6, inventory=[SOUTH_POLE_CARD], score=score, scorings=[0, 0, 0, 0, 3])


def test_R99_the_game_ends_the_moment_the_target_is_reached():
    state, _, expedition = scored(_fifteen_point_adventure(160), "South Pole")
    assert expedition.total == 15
    assert state.seats[P1].score == 175
    assert (state.phase, state.is_over) == (Phase.OVER, True)
    state, _, _ = scored(_fifteen_point_adventure(170), "South Pole")
    assert state.seats[P1].score == 185
    assert state.is_over
    state, _, _ = scored(_fifteen_point_adventure(159), "South Pole")
    assert state.seats[P1].score == 174
    assert not state.is_over


def test_R100_the_player_who_reaches_the_target_wins():
    state, events, _ = scored(_fifteen_point_adventure(160), "South Pole")
    assert state.winner == P1
    assert of_kind(events, "game_won")[0].seat == P1
    assert of_kind(events, "game_won")[0].data == {"score": 175, "target": 175}
    state, _, _ = scored(_fifteen_point_adventure(159), "South Pole")
    assert state.winner is None


def test_R101_no_more_turns_are_played():
    state, events, _ = scored(_fifteen_point_adventure(160), "South Pole")
    assert kinds(events)[-1] == "game_won"
    assert "turn_started" not in kinds(events)
    assert state.active == P1
    assert legal_actions(state) == ()
    for action in (Stay(), Step("3"), DeclineScore()):
        with pytest.raises(IllegalActionError):
            apply(state, action)


def test_R102_scores_change_only_by_scoring_in_the_club():
    scorings = 0
    for before, _, after, events in random_playout(
        new_game(4, seed=3), 3, 4000, prefer=(Score, PlayCard)
    ):
        totals = [e.data["total"] for e in events if e.kind == "scored"]
        scorings += len(totals)
        for i, (old, new) in enumerate(zip(before.seats, after.seats, strict=True)):
            gained = sum(totals) if i == before.active else 0
            assert new.score - old.score == gained
            if gained:
                assert new.position == "club"
    assert scorings > 0
