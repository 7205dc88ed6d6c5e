"""The seats of a new game from the New game form, their pawn colours, and the seeded RNG
each bot decides with."""

from __future__ import annotations

import random

from park.engine.levels import HUMAN
from park.engine.names import same_name
from park.engine.state import GameState, SeatSpec
from park.ui.lang.i18n import _
from park.ui.lang.text import OPPONENT_NAMES
from park.ui.setup.settings import NewGameSettings

PAWN_COLOURS: tuple[str, ...] = (
    "#c0392b",
    "#2471a3",
    "#1e8449",
    "#d68910",
    "#7d3c98",
    "#d1558c",
    "#2c3e50",
)
"""Pawn colours by seat: red for the first human, then colours told apart easily on the map."""


def seat_specs(settings: NewGameSettings) -> list[SeatSpec]:
    """The seats of a new game: the humans first (the form's first name, then the other
    humans at this device), then the AI opponents with their names in the page's language.
    Raises ``ValueError`` (its reason in the page's language) if two seats would have the
    same name (names are unique)."""
    humans = (settings.name, *settings.others)
    opponents = tuple(_(name) for name in OPPONENT_NAMES[: settings.opponents])
    for i, name in enumerate(humans):
        for other in (*humans[:i], *opponents):
            if same_name(name, other):
                if other in opponents:
                    reason = _("{name} is the name of an opponent; choose another name")
                else:
                    reason = _("{name} is the name of another player; choose another name")
                raise ValueError(reason.format(name=other))
    seats = [SeatSpec(name, PAWN_COLOURS[i], HUMAN) for i, name in enumerate(humans)]
    for i, opponent in enumerate(opponents, start=len(humans)):
        seats.append(SeatSpec(opponent, PAWN_COLOURS[i], settings.level))
    return seats


def decision_rng(state: GameState, seat: int) -> random.Random:
    """The RNG a bot decides with for ``seat`` at ``state``'s next decision: seeded from the
    game's seed, the seat and the move number, so a game with the same seed and the same
    human moves plays out the same, even after a reload (and a hint is what the hard level
    would choose there)."""
    return random.Random(f"park-ai:{state.settings.seed}:{seat}:{len(state.log)}")
