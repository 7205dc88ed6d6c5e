"""Park: the rules engine of *Captain Park's Imaginary Polar Expedition* (Cheapass Games).

Public API (see each name's docstring):

- ``DESTINATIONS``, ``CARD_TYPES``: the game's fixed terms.
- ``load_board()``, ``load_deck()``, ``load_scoring_board()``: the shipped data, validated.
- ``new_game(players, seed, ...)`` -> ``GameState``; ``legal_actions(state)``;
  ``apply(state, action) -> (state, events)`` (each event's kind an ``EventKind``);
  ``observe(state, seat)``; ``score_preview(state, destination)``;
  ``dumps(state) -> str``; ``loads(text) -> state``;
  ``can_undo(state, seat)``, ``undo(state, seat) -> state`` (taking back this turn's decisions).

The names are loaded on first use (PEP 562 ``__getattr__``), so importing one submodule,
e.g. ``park.ui.setup.settings`` for the page's New game form, does not load the whole engine.
"""

from __future__ import annotations

import importlib as _importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # what type checkers see: each public name, re-exported explicitly
    from .engine.actions import Action as Action
    from .engine.actions import ChooseFad as ChooseFad
    from .engine.actions import DeclineScore as DeclineScore
    from .engine.actions import Discard as Discard
    from .engine.actions import FinishExchange as FinishExchange
    from .engine.actions import PlayCard as PlayCard
    from .engine.actions import Score as Score
    from .engine.actions import SkipPlay as SkipPlay
    from .engine.actions import Stay as Stay
    from .engine.actions import Step as Step
    from .engine.actions import parse_action as parse_action
    from .engine.board import Board as Board
    from .engine.board import Space as Space
    from .engine.board import load_board as load_board
    from .engine.deck import Card as Card
    from .engine.deck import load_deck as load_deck
    from .engine.errors import DataError as DataError
    from .engine.errors import IllegalActionError as IllegalActionError
    from .engine.errors import ParkError as ParkError
    from .engine.errors import SaveError as SaveError
    from .engine.events import Event as Event
    from .engine.events import EventKind as EventKind
    from .engine.observation import Observation as Observation
    from .engine.observation import PublicSeat as PublicSeat
    from .engine.observation import observe as observe
    from .engine.rules import DECISIONS as DECISIONS
    from .engine.rules import apply as apply
    from .engine.rules import legal_actions as legal_actions
    from .engine.rules import new_game as new_game
    from .engine.ruleset import Ruleset as Ruleset
    from .engine.ruleset import make_ruleset as make_ruleset
    from .engine.ruleset import standard_ruleset as standard_ruleset
    from .engine.save import SAVE_VERSION as SAVE_VERSION
    from .engine.save import dumps as dumps
    from .engine.save import loads as loads
    from .engine.scoring import qualifying_destinations as qualifying_destinations
    from .engine.scoring import score_preview as score_preview
    from .engine.scoring_board import ScoringBoard as ScoringBoard
    from .engine.scoring_board import load_scoring_board as load_scoring_board
    from .engine.state import Expedition as Expedition
    from .engine.state import GameState as GameState
    from .engine.state import Options as Options
    from .engine.state import Phase as Phase
    from .engine.state import SeatSpec as SeatSpec
    from .engine.state import SeatState as SeatState
    from .engine.state import Settings as Settings
    from .engine.terms import CARD_TYPES as CARD_TYPES
    from .engine.terms import DESTINATIONS as DESTINATIONS
    from .engine.terms import SHOP_CARD_TYPE as SHOP_CARD_TYPE
    from .engine.undo import UndoError as UndoError
    from .engine.undo import can_undo as can_undo
    from .engine.undo import undo as undo

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
    "EventKind": "engine.events",
    "Event": "engine.events",
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


__all__ = ["__version__", *_SUBMODULE_OF]
"""``from park import *``: every public name of :data:`_SUBMODULE_OF` (type checkers read the
``TYPE_CHECKING`` imports above instead; a test checks the two agree)."""
