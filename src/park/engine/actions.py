"""The decisions a player makes, as small immutable values with a stable text form for saves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Step:
    """Step along one path to the neighbouring space ``space`` (R21, R22, R26)."""

    space: str
    verb: ClassVar[str] = "step"

    def __str__(self) -> str:
        return f"step:{self.space}"


@dataclass(frozen=True, slots=True)
class Stay:
    """Stay put: at the start of the turn (R21, R24) or instead of a further step (R27, A4).

    Either way the turn ends.
    """

    verb: ClassVar[str] = "stay"

    def __str__(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a card from hand into the Inventory (R38).

    Plays the card with id ``card`` from hand into the Inventory at the shop just entered (R38).
    """

    card: str
    verb: ClassVar[str] = "play"

    def __str__(self) -> str:
        return f"play:{self.card}"


@dataclass(frozen=True, slots=True)
class SkipPlay:
    """Play no card at the shop just entered; the turn ends (R45)."""

    verb: ClassVar[str] = "skip"

    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True, slots=True)
class Discard:
    """At the Marketplace, discard the card with id ``card`` from hand, to be replaced (R46)."""

    card: str
    verb: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return f"discard:{self.card}"


@dataclass(frozen=True, slots=True)
class FinishExchange:
    """At the Marketplace, stop discarding and draw one replacement per discard (R47, R72)."""

    verb: ClassVar[str] = "exchange"

    def __str__(self) -> str:
        return "exchange"


@dataclass(frozen=True, slots=True)
class Score:
    """In the Gentlemen's Club, score an expedition to ``destination`` (R53, R73-R92)."""

    destination: str
    verb: ClassVar[str] = "score"

    def __str__(self) -> str:
        return f"score:{self.destination}"


@dataclass(frozen=True, slots=True)
class DeclineScore:
    """In the Gentlemen's Club, do not score although qualified (R53, A2)."""

    verb: ClassVar[str] = "decline"

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class ChooseFad:
    """After scoring, pick the new Fad among the destinations tied on the revealed card (A5)."""

    destination: str
    verb: ClassVar[str] = "fad"

    def __str__(self) -> str:
        return f"fad:{self.destination}"


Action = (
    Step | Stay | PlayCard | SkipPlay | Discard | FinishExchange | Score | DeclineScore | ChooseFad
)
"""Any decision a player can make."""

_NO_ARG: dict[str, Action] = {
    "stay": Stay(),
    "skip": SkipPlay(),
    "exchange": FinishExchange(),
    "decline": DeclineScore(),
}
_WITH_ARG: dict[str, type[Step | PlayCard | Discard | Score | ChooseFad]] = {
    "step": Step,
    "play": PlayCard,
    "discard": Discard,
    "score": Score,
    "fad": ChooseFad,
}


def parse_action(text: str) -> Action:
    """Turn the text form (``str(action)``, e.g. ``"step:3"``) back into an action.

    Raises ``ValueError`` for text that is not an action. Whether the action is legal is a
    separate question (``legal_actions``).
    """
    if not isinstance(text, str):
        raise ValueError(f"an action must be text, got {type(text).__name__}")
    if text in _NO_ARG:
        return _NO_ARG[text]
    verb, sep, arg = text.partition(":")
    cls = _WITH_ARG.get(verb)
    if cls is None or not sep or not arg:
        raise ValueError(f"not an action: {text!r}")
    return cls(arg)
