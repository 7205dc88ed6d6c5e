"""The same seeds and actions give the same games as before the engine moved (issue 14).

The engine moved into ``park.engine``. Every recorded game replays to the same state and events
after every action, and its save (in the first save format) still loads.
"""

from __future__ import annotations

import json

import pytest

from park import Options, SeatSpec, apply, dumps, loads, new_game, parse_action
from park.engine.rules import RULES_VERSION
from tests.engine.golden_games import GAMES, GOLDEN_FILE, digest

FIXTURE = json.loads(GOLDEN_FILE.read_text(encoding="utf-8"))
RECORDED = FIXTURE["games"]


def test_every_recorded_game_is_in_the_fixture() -> None:
    assert len(RECORDED) == len(GAMES)


def test_the_games_were_recorded_under_these_rules() -> None:
    assert FIXTURE["rules"] == RULES_VERSION, (
        "RULES_VERSION was raised: re-record the games (python -m tests.engine.golden_games)"
    )


@pytest.mark.parametrize("index", range(len(GAMES)), ids=[f"{g[0]}p-seed{g[1]}" for g in GAMES])
def test_recorded_game_replays_identically(index: int) -> None:
    game = RECORDED[index]
    save = json.loads(game["save"])
    settings = save["settings"]
    state = new_game(
        [SeatSpec(**s) for s in settings["seats"]],
        settings["seed"],
        first_seat=settings["first_seat"],
        options=Options(**settings["options"]),
    )
    digests = [digest(state, ())]
    for text in save["actions"]:
        state, events = apply(state, parse_action(text))
        digests.append(digest(state, events))
    assert digests == game["digests"], (
        "the rules now play a recorded game differently: raise RULES_VERSION "
        "(park.engine.rules), say what changed in RULES_CHANGES, and re-record the games"
    )
    # the recorded saves are in the first save format (issue 8 added version 2): they load
    assert loads(game["save"]) == state
    assert loads(dumps(state)) == state
