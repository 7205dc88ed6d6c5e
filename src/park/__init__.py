"""Park: the rules engine of *Captain Park's Imaginary Polar Expedition* (Cheapass Games).

Public API (see each name's docstring):

- ``DESTINATIONS``, ``CARD_TYPES``: the game's fixed terms.
- ``load_board()``, ``load_deck()``, ``load_scoring_board()``: the shipped data, validated.
- ``new_game(players, seed, ...)`` -> ``GameState``; ``legal_actions(state)``;
  ``apply(state, action) -> (state, events)``; ``observe(state, seat)``;
  ``score_preview(state, destination)``; ``dumps(state) -> str``; ``loads(text) -> state``;
  ``can_undo(state, seat)``, ``undo(state, seat) -> state`` (taking back this turn's decisions).

The names are loaded on first use (PEP 562 ``__getattr__``), so importing one submodule,
e.g. ``park.ui.setup.settings`` for the page's New game form, does not load the whole engine.
"""

from __future__ import annotations

import importlib as _importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine.actions import (
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
    from .engine.board import Board, Space, load_board
    from .engine.deck import Card, load_deck
    from .engine.errors import DataError, IllegalActionError, ParkError, SaveError
    from .engine.observation import Observation, PublicSeat, observe
    from .engine.rules import DECISIONS, apply, legal_actions, new_game
    from .engine.ruleset import Ruleset, make_ruleset, standard_ruleset
    from .engine.save import SAVE_VERSION, dumps, loads
    from .engine.scoring import qualifying_destinations, score_preview
    from .engine.scoring_board import ScoringBoard, load_scoring_board
    from .engine.state import (
        Event,
        Expedition,
        GameState,
        Options,
        Phase,
        SeatSpec,
        SeatState,
        Settings,
    )
    from .engine.terms import CARD_TYPES, DESTINATIONS, SHOP_CARD_TYPE
    from .engine.undo import UndoError, can_undo, undo

__version__ = "0.1.0"

_SUBMODULE_OF: dict[str, str] = {
    "Action": "engine.actions",
    "ChooseFad": "engine.actions",
    "DeclineScore": "engine.actions",
    "Discard": "engine.actions",
    "FinishExchange": "engine.actions",
    "PlayCard": "engine.actions",
    "Score": "engine.actions",
    "SkipPlay": "engine.actions",
    "Stay": "engine.actions",
    "Step": "engine.actions",
    "parse_action": "engine.actions",
    "Board": "engine.board",
    "Space": "engine.board",
    "load_board": "engine.board",
    "Card": "engine.deck",
    "load_deck": "engine.deck",
    "DataError": "engine.errors",
    "IllegalActionError": "engine.errors",
    "ParkError": "engine.errors",
    "SaveError": "engine.errors",
    "Observation": "engine.observation",
    "PublicSeat": "engine.observation",
    "observe": "engine.observation",
    "DECISIONS": "engine.rules",
    "apply": "engine.rules",
    "legal_actions": "engine.rules",
    "new_game": "engine.rules",
    "Ruleset": "engine.ruleset",
    "make_ruleset": "engine.ruleset",
    "standard_ruleset": "engine.ruleset",
    "SAVE_VERSION": "engine.save",
    "dumps": "engine.save",
    "loads": "engine.save",
    "qualifying_destinations": "engine.scoring",
    "score_preview": "engine.scoring",
    "ScoringBoard": "engine.scoring_board",
    "load_scoring_board": "engine.scoring_board",
    "Event": "engine.state",
    "Expedition": "engine.state",
    "GameState": "engine.state",
    "Options": "engine.state",
    "Phase": "engine.state",
    "SeatSpec": "engine.state",
    "SeatState": "engine.state",
    "Settings": "engine.state",
    "CARD_TYPES": "engine.terms",
    "DESTINATIONS": "engine.terms",
    "SHOP_CARD_TYPE": "engine.terms",
    "UndoError": "engine.undo",
    "can_undo": "engine.undo",
    "undo": "engine.undo",
}
"""Where each public name lives: ``park.<module>`` (the engine's modules are in ``park.engine``)."""


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
    "UndoError",
    "__version__",
    "apply",
    "can_undo",
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
    "undo",
]
