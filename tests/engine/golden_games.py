"""Games recorded before the engine moved into ``park.engine`` (issue 14).

To prove that the same seeds and actions still give the same games.

``python -m tests.engine.golden_games`` (from the repository, ``park`` installed) rewrites
``tests/data/golden_games.json``: the rules version (``RULES_VERSION``) and, for each
recorded game, its save text and, after every action, a digest of the state and of the
events the action caused. ``test_golden_games.py`` replays them, so it fails when a change
makes the rules play a game differently: then raise ``RULES_VERSION`` (saying what changed in
``RULES_CHANGES``: games saved before go on from their saved position) and re-record. The
saves recorded first are in save format 1, which the engine still reads.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable
from pathlib import Path

from tools.play import bots_choice, play_to_end

from park import Event, GameState, Options, dumps, new_game
from park.engine.rules import RULES_VERSION

GOLDEN_FILE = Path(__file__).resolve().parents[1] / "data" / "golden_games.json"

GAMES: tuple[tuple[int, int, tuple[str, ...], Options], ...] = (
    # (players, seed, bot levels by seat, options)
    (3, 11, ("normal", "random", "easy"), Options()),
    (4, 7, ("normal", "normal", "random", "easy"), Options()),
    (4, 2024, ("random", "random", "random", "random"), Options(fad_tie="redraw")),
    (5, 99, ("easy", "normal", "random", "normal", "easy"), Options(club_order="score_first")),
    (6, 5, ("normal",) * 6, Options(reshuffle="eager")),
    (7, 31337, ("random", "normal") * 3 + ("easy",), Options()),
)
"""The recorded games; bots are played deterministically from fixed seeds."""

MAX_ACTIONS = 900
"""Games are recorded up to this many actions (enough to pass reshuffles and several scorings)."""


def digest(state: GameState, events: Iterable[Event]) -> str:
    """A short hash of everything a state holds (not its ruleset or log) and of ``events``."""
    text = repr(state) + "|" + repr(tuple(events))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def record(players: int, seed: int, levels: tuple[str, ...], options: Options) -> dict[str, object]:
    """Play one game with bots of ``levels`` and record its save and per-action digests."""
    from park.ai import make_bot

    bots = [make_bot(level) for level in levels]
    rngs = [random.Random(f"golden:{seed}:{i}") for i in range(players)]
    start = new_game(players, seed, options=options)
    digests = [digest(start, ())]
    state = play_to_end(
        start,
        bots_choice(bots, rngs, 0.02),
        max_actions=MAX_ACTIONS,
        watch=lambda _before, _action, events, after: digests.append(digest(after, events)),
    )
    return {"save": dumps(state), "digests": digests}


def main() -> None:
    games = [record(*game) for game in GAMES]
    recorded = {"rules": RULES_VERSION, "games": games}
    GOLDEN_FILE.write_text(json.dumps(recorded, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {len(games)} games to {GOLDEN_FILE}")


if __name__ == "__main__":
    main()
