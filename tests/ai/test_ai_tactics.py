"""Tactical positions every level above random gets right.

Also a few the normal level and those above it understand: Captain Park, the Club, chains,
Hotels, the Marketplace.

Positions are built on the real board of London (docs/rules.md) with ``positions.position``.
"""

from __future__ import annotations

import random

import pytest

from park import Action, Discard, GameState, PlayCard, Score, Step, legal_actions
from park import observe as observe_state
from park.engine.levels import AI_LEVELS, strength
from park.engine.state import Phase
from tests.ai.helpers import clocked_bot
from tests.engine.helpers import (
    ANECDOTE,
    ARTIFACT,
    ARTIFACT_3,
    FACT,
    FACT_3,
    HERO,
    P1,
    P2,
    PHOTOGRAPH,
    Seat,
    position,
    run,
)

SMART = [level for level in AI_LEVELS if strength(level) > strength("random")]
"""Every level above random (the registry: ``park.engine.levels``)."""
PLANNERS = [level for level in AI_LEVELS if strength(level) >= strength("normal")]
"""The normal level and every level above it: they plan whole turns."""


def _decide(level: str, state: GameState, seed: int = 0) -> Action:
    legal = legal_actions(state)
    action = clocked_bot(level).decide(
        observe_state(state, state.active), legal, random.Random(seed), 0.1
    )
    assert action in legal
    return action


@pytest.mark.parametrize("level", SMART)
@pytest.mark.parametrize("seed", range(3))
def test_does_not_walk_into_captain_park_with_months(level: str, seed: int) -> None:
    # P1 hides in the north Hotel with 6 months and a Fact; Park stands on News Stand 6, the
    # tempting way to the Club (R63: walking into him clears the months).
    state = position(
        park=6,
        seats={P1: Seat(position="hotel_north", months=6, hand=[FACT], inventory=[ARTIFACT, HERO])},
    )
    assert _decide(level, state, seed) != Step("6")


def _qualified_beside_the_club() -> GameState:
    """P1 at Café 3, beside the Club, with three cards of one destination (Africa).

    Enough to score.
    """
    return position(
        park=9,
        seats={P1: Seat(position="3", months=6, inventory=[ARTIFACT, HERO, PHOTOGRAPH])},
    )


@pytest.mark.parametrize("level", SMART)
@pytest.mark.parametrize("seed", range(3))
def test_scores_when_qualified_in_the_club(level: str, seed: int) -> None:
    state = _qualified_beside_the_club()
    state, _ = run(state, Step("club"))
    assert Score("Africa") in legal_actions(state)
    assert _decide(level, state, seed) == Score("Africa")


@pytest.mark.parametrize("level", SMART)
@pytest.mark.parametrize("seed", range(3))
def test_steps_into_the_club_when_qualified(level: str, seed: int) -> None:
    state = _qualified_beside_the_club()
    assert _decide(level, state, seed) == Step("club")


@pytest.mark.parametrize("level", SMART)
def test_chains_a_card_play_to_reach_the_club_in_one_turn(level: str) -> None:
    # From the north Hotel: News Stand 6, play the Fact (Park moves 10 -> 11), then the Club.
    state = position(
        park=10,
        seats={
            P1: Seat(
                position="hotel_north",
                months=6,
                hand=[FACT_3],
                inventory=[ARTIFACT, HERO, ANECDOTE],
            )
        },
    )
    bot = clocked_bot(level)
    rng = random.Random(4)
    expected = [Step("6"), PlayCard(FACT_3), Step("club")]
    for want in expected:
        legal = legal_actions(state)
        action = bot.decide(observe_state(state, P1), legal, rng, 0.1)
        assert action == want
        state, _ = run(state, action)
    assert state.active == P1
    assert Score("Africa") in legal_actions(state)


@pytest.mark.parametrize("level", PLANNERS)
def test_hides_in_the_hotel_when_park_is_about_to_land(level: str) -> None:
    # P1 on Café 14 with 5 months; Park on 12, two cards away (and News Stand 12 is his own
    # space). The north Hotel is safe (R33).
    state = position(
        park=12,
        seats={P1: Seat(position="14", months=5, hand=[HERO], inventory=[ARTIFACT, PHOTOGRAPH])},
    )
    assert _decide(level, state) == Step("hotel_north")


@pytest.mark.parametrize("level", PLANNERS)
def test_moves_park_onto_a_rival_about_to_score(level: str) -> None:
    # P2 waits on Café 10 with 9 months and a rich Inventory; Park is on 9. P1 on Café 14 can
    # step into News Stand 12 and play a Fact: Park lands on 10 and clears P2's months (R62).
    state = position(
        park=9,
        seats={
            P1: Seat(position="14", months=1, hand=[FACT]),
            P2: Seat(position="10", months=9, inventory=[ARTIFACT, HERO, PHOTOGRAPH, ANECDOTE]),
        },
    )
    bot = clocked_bot(level)
    rng = random.Random(2)
    first = bot.decide(observe_state(state, P1), legal_actions(state), rng, 0.1)
    assert first == Step("12")
    state, _ = run(state, first)
    second = bot.decide(observe_state(state, P1), legal_actions(state), rng, 0.1)
    assert second == PlayCard(FACT)
    state, _ = run(state, second)
    assert state.seats[P2].months == 0


@pytest.mark.parametrize("level", PLANNERS)
def test_uses_the_marketplace_to_fix_a_hopeless_hand(level: str) -> None:
    # Only Amazon is left to visit this cycle (R76); every card in hand is Africa-only.
    visited = ["Africa", "China", "Everest", "South Pole"]
    state = position(
        park=5,
        seats={
            P1: Seat(position="1", months=2, hand=[ARTIFACT, HERO, PHOTOGRAPH], visited=visited)
        },
    )
    state, _ = run(state, Step("market"))
    action = _decide(level, state)
    assert isinstance(action, Discard)


def _africa_scored(hand: list[str]) -> GameState:
    """P1 on News Stand 1, next to the Marketplace (R46), Africa scored this cycle (R76).

    An Amazon Artifact in the Inventory.
    """
    seat = Seat(position="1", months=2, hand=hand, inventory=[ARTIFACT_3], visited=["Africa"])
    return position(park=9, seats={P1: seat})


@pytest.mark.parametrize("level", PLANNERS)
@pytest.mark.parametrize("seed", range(3))
def test_steps_into_the_marketplace_to_dump_cards_for_a_destination_already_scored(
    level: str, seed: int
) -> None:
    # Four Africa-only cards are dead weight; a shop next door would take one, for nothing.
    state = _africa_scored([ARTIFACT, HERO, PHOTOGRAPH, FACT])
    assert _decide(level, state, seed) == Step("market")


@pytest.mark.parametrize("level", PLANNERS)
def test_never_discards_the_card_the_next_expedition_needs(level: str) -> None:
    # The Amazon Fact in hand is the expedition's next card (a new type, 9 points); the
    # Africa-only cards are dead.
    state, _ = run(_africa_scored([FACT_3, ARTIFACT, HERO, PHOTOGRAPH]), Step("market"))
    discarded = []
    while state.active == P1 and state.phase is Phase.MARKET:
        action = _decide(level, state)
        if isinstance(action, Discard):
            discarded.append(action.card)
        state, _ = run(state, action)
    assert FACT_3 not in discarded
    assert sorted(discarded) == sorted([ARTIFACT, HERO, PHOTOGRAPH])
