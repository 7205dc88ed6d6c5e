"""Park: the rules engine of *Captain Park's Imaginary Polar Expedition* (Cheapass Games).

Public API (see each name's docstring):

- ``DESTINATIONS``, ``CARD_TYPES``: the game's fixed terms.
- ``load_board()``, ``load_deck()``, ``load_scoring_board()``: the shipped data, validated.
- ``new_game(players, seed, ...)`` -> ``GameState``; ``legal_actions(state)``;
  ``apply(state, action) -> (state, events)``; ``observe(state, seat)``;
  ``score_preview(state, destination)``; ``dumps(state) -> str``; ``loads(text) -> state``.
"""

from __future__ import annotations

from .actions import (
    Action,
    ChooseFad,
    DeclineScore,
    Discard,
    FinishExchange,
    PlayCard,
    Score,
    SkipPlay,
    Stay,
    Step,
    parse_action,
)
from .board import Board, Space, load_board
from .deck import Card, load_deck
from .errors import DataError, IllegalActionError, ParkError, SaveError
from .observation import Observation, PublicSeat, observe
from .rules import DECISIONS, apply, legal_actions, new_game
from .ruleset import Ruleset, make_ruleset, standard_ruleset
from .save import SAVE_VERSION, dumps, loads
from .scoring import qualifying_destinations, score_preview
from .scoring_board import ScoringBoard, load_scoring_board
from .state import Event, Expedition, GameState, Options, Phase, SeatSpec, SeatState, Settings
from .terms import CARD_TYPES, DESTINATIONS, SHOP_CARD_TYPE

__version__ = "0.1.0"

__all__ = [
    "CARD_TYPES",
    "DECISIONS",
    "DESTINATIONS",
    "SAVE_VERSION",
    "SHOP_CARD_TYPE",
    "Action",
    "Board",
    "Card",
    "ChooseFad",
    "DataError",
    "DeclineScore",
    "Discard",
    "Event",
    "Expedition",
    "FinishExchange",
    "GameState",
    "IllegalActionError",
    "Observation",
    "Options",
    "ParkError",
    "Phase",
    "PlayCard",
    "PublicSeat",
    "Ruleset",
    "SaveError",
    "Score",
    "ScoringBoard",
    "SeatSpec",
    "SeatState",
    "Settings",
    "SkipPlay",
    "Space",
    "Stay",
    "Step",
    "__version__",
    "apply",
    "dumps",
    "legal_actions",
    "load_board",
    "load_deck",
    "load_scoring_board",
    "loads",
    "make_ruleset",
    "new_game",
    "observe",
    "parse_action",
    "qualifying_destinations",
    "score_preview",
    "standard_ruleset",
]
