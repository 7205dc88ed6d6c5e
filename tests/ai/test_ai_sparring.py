"""The sparring partners of ``bench/sparring.py`` (issue 9).

Each plays whole games legally, decides from its seat's observation only, and the tournament plays
them by name.
"""

from __future__ import annotations

import random

import pytest
from bench.sparring import SparringBot
from bench.tournament import SPARRING_PARTNERS, expand

from park import apply, legal_actions, new_game, observe
from park.cli.tournament import make_player, run_tournament
from tests.ai.helpers import hide_differently

STYLES = sorted(SPARRING_PARTNERS)


def _strict(style: str) -> SparringBot:
    bot = make_player(SPARRING_PARTNERS[style])
    assert isinstance(bot, SparringBot) and bot.level == style
    bot.strict = True
    return bot


@pytest.mark.parametrize("players", [3, 5, 7])
def test_sparring_partners_play_whole_games_legally(players: int) -> None:
    """Every style, at every seat count, to the end of the game: never an illegal choice."""
    for seed in range(2):
        bots = [_strict(STYLES[(seed + i) % len(STYLES)]) for i in range(players)]
        rng = random.Random(seed)
        state = new_game(players, seed)
        while not state.is_over and state.round <= 300:
            legal = legal_actions(state)
            action = bots[state.active].decide(observe(state, state.active), legal, rng)
            assert action in legal
            state, _ = apply(state, action)
        assert state.is_over, "a game of sparring partners ends (somebody scores to the target)"


@pytest.mark.parametrize("style", STYLES)
def test_sparring_partners_decide_from_their_seat_only(style: str) -> None:
    """Changing what the seat cannot see (other hands, deck order, seed) changes nothing."""
    shuffler = random.Random(7)
    bots = [_strict(style) for _ in range(4)]
    rng = random.Random(3)
    state = new_game(4, 11)
    checked = 0
    while not state.is_over and checked < 25:
        seat, legal = state.active, legal_actions(state)
        if len(legal) > 1:
            other = hide_differently(state, seat, shuffler)
            assert observe(other, seat) == observe(state, seat)
            first = bots[seat].decide(observe(state, seat), legal, random.Random(5))
            second = bots[seat].decide(observe(other, seat), legal, random.Random(5))
            assert first == second
            checked += 1
        state, _ = apply(state, bots[seat].decide(observe(state, seat), legal, rng))
    assert checked == 25


def test_the_tournament_plays_sparring_partners_by_name() -> None:
    argv = expand(["--players", "4", "--bots", "normal,racer,hoarder,cycler"])
    assert argv[-1] == ",".join(
        ["normal", *(SPARRING_PARTNERS[s] for s in ("racer", "hoarder", "cycler"))]
    )
    result = run_tournament(argv[-1].split(","), 2, 5)
    assert result.names == ("normal", "racer", "hoarder", "cycler")
    assert "2:racer" in "\n".join(result.lines())


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no-such-level", "unknown AI level"),
        ("no_such_module:make", "cannot load"),
        ("bench.sparring:make_nobody", "cannot load"),
        ("bench.sparring:HOARD_TARGET", "not a function"),
        ("park.engine.rules:new_game", "without arguments"),
    ],
)
def test_make_player_refuses_what_is_not_a_bot(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_player(spec)
