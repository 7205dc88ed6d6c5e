"""Fairness: a bot decides from its seat's observation only (R103, R104).

Changing what the seat cannot see (the other players' hands, the deck order, the seed of
future reshuffles) while keeping every hand size must not change the choice, for every level.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from park import GameState, apply, legal_actions, new_game, observe
from park.ai import LEVELS, make_bot
from park.engine.levels import thinks_on_budget
from tests.ai.helpers import BotMaker, hide_differently


def _positions(players: int, count: int, seed: int) -> list[GameState]:
    """Mid-game positions with a real choice, from games between normal bots."""
    bots = [make_bot("normal") for _ in range(players)]
    rng = random.Random(seed)
    found: list[GameState] = []
    state = new_game(players, seed)
    while not state.is_over and len(found) < count:
        legal = legal_actions(state)
        if len(legal) > 1 and rng.random() < 0.3:
            found.append(state)
        action = bots[state.active].decide(observe(state, state.active), legal, rng)
        state, _ = apply(state, action)
    return found


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [3, 4, 6])
def test_hidden_cards_do_not_change_the_choice(level: str, players: int, bot: BotMaker) -> None:
    shuffler = random.Random(99)
    count = 6 if thinks_on_budget([level]) else 15  # a search takes longer
    positions = _positions(players, count, seed=players * 10)
    assert positions
    for state in positions:
        seat = state.active
        other = hide_differently(state, seat, shuffler)
        assert other != state  # the hidden cards really moved
        assert observe(other, seat) == observe(state, seat)
        legal = legal_actions(state)
        assert legal_actions(other) == legal
        first = bot(level).decide(observe(state, seat), legal, random.Random(5), 0.03)
        second = bot(level).decide(observe(other, seat), legal, random.Random(5), 0.03)
        assert first == second


def test_determinize_uses_only_unseen_cards() -> None:
    from park.ai.determinize import determinize, unseen_cards

    for state in _positions(5, 10, seed=3):
        seat = state.active
        view = observe(state, seat)
        world = determinize(view, random.Random(1))
        assert observe(world, seat) == replace(view, turn=view.turn)
        unseen = sorted(unseen_cards(view))
        dealt = [c for i, s in enumerate(world.seats) if i != seat for c in s.hand]
        assert sorted(dealt + list(world.deck)) == unseen
        assert [len(s.hand) for s in world.seats] == [len(s.hand) for s in state.seats]
        assert len(world.deck) == len(state.deck)
        assert legal_actions(world) == legal_actions(state)
