"""Park: the rules engine of *Captain Park's Imaginary Polar Expedition* (Cheapass Games).

Public API (see each name's docstring):

- ``DESTINATIONS``, ``CARD_TYPES``: the game's fixed terms.
- ``load_board()``, ``load_deck()``, ``load_scoring_board()``: the shipped data, validated.
- ``new_game(players, seed, ...)`` -> ``GameState``; ``legal_actions(state)``;
  ``apply(state, action) -> (state, events)``; ``observe(state, seat)``;
  ``score_preview(state, destination)``; ``dumps(state) -> str``; ``loads(text) -> state``.

The names are loaded on first use (PEP 562 ``__getattr__``), so importing one submodule,
e.g. ``park.ui.settings`` for the page's New game form, does not load the whole engine.
"""

from __future__ import annotations

import importlib as _importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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

_SUBMODULE_OF: dict[str, str] = {
    "Action": "actions",
    "ChooseFad": "actions",
    "DeclineScore": "actions",
    "Discard": "actions",
    "FinishExchange": "actions",
    "PlayCard": "actions",
    "Score": "actions",
    "SkipPlay": "actions",
    "Stay": "actions",
    "Step": "actions",
    "parse_action": "actions",
    "Board": "board",
    "Space": "board",
    "load_board": "board",
    "Card": "deck",
    "load_deck": "deck",
    "DataError": "errors",
    "IllegalActionError": "errors",
    "ParkError": "errors",
    "SaveError": "errors",
    "Observation": "observation",
    "PublicSeat": "observation",
    "observe": "observation",
    "DECISIONS": "rules",
    "apply": "rules",
    "legal_actions": "rules",
    "new_game": "rules",
    "Ruleset": "ruleset",
    "make_ruleset": "ruleset",
    "standard_ruleset": "ruleset",
    "SAVE_VERSION": "save",
    "dumps": "save",
    "loads": "save",
    "qualifying_destinations": "scoring",
    "score_preview": "scoring",
    "ScoringBoard": "scoring_board",
    "load_scoring_board": "scoring_board",
    "Event": "state",
    "Expedition": "state",
    "GameState": "state",
    "Options": "state",
    "Phase": "state",
    "SeatSpec": "state",
    "SeatState": "state",
    "Settings": "state",
    "CARD_TYPES": "terms",
    "DESTINATIONS": "terms",
    "SHOP_CARD_TYPE": "terms",
}
"""Where each public name lives: ``park.<module>``."""


if not TYPE_CHECKING:  # type checkers see the imports above, and flag unknown names

    def __getattr__(name: str) -> object:
        """Load a public name from its submodule on first use (PEP 562).

        Raises ``AttributeError`` for a name that ``park`` does not export.
        """
        module = _SUBMODULE_OF.get(name)
        if module is None:
            raise AttributeError(f"module 'park' has no attribute {name!r}")
        value = getattr(_importlib.import_module(f".{module}", __name__), name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        """The module's names, the not-yet-loaded public ones included."""
        return sorted({*globals(), *_SUBMODULE_OF})


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
