"""What the coach says of a decision, as facts.

The hard level's advice (:class:`Advice`), the facts of each plan (:class:`PlanFacts`), of a
Marketplace exchange (:class:`ExchangeFacts`) and of a Fad tie (:class:`FadFacts`).
``park.ai.coach`` makes them; ``park.ui.coach`` puts them in words.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..engine.actions import Action
from ..engine.state import Expedition, Phase
from .hard import MARGIN

if TYPE_CHECKING:
    from .difference import Difference


@dataclass(frozen=True, slots=True)
class PlanFacts:
    """What one plan for the rest of a turn does, by the evaluation's terms.

    Attributes:
        actions: the plan (its first action is legal now).
        end: the space the turn ends on.
        park: Captain Park's number then.
        months: the seat's Month counters then, after the end-of-turn checks (R52, R66).
        chance: the chance (0..1) that Captain Park lands on ``end`` before the seat's next turn
            (:func:`park.ai.park_reach.park_reach`; 0 on a space with no number, R33, R49; 1
            when he stands there).
        chance_now: the same from where he stands now (what Park's reach shows before the
            plan's cards move him).
        played: card ids played into the Inventory.
        draws: cards drawn (a Café, the Club).
        scored: the expedition scored, with its five parts (R83-R88), or ``None``.
        rivals_hit: ``(seat, Month counters)`` of each rival Captain Park lands on (R62).
        destination: the expedition in progress afterwards (the best open destination by the
            evaluation), or ``None``.
        potential: what ``destination`` is worth, in points (Basic + Diversity + the expected
            Novelty and Fad bonuses, hand cards in part).
        club_turns: turns (≥ 1) until the Club can be entered from the end.
        hand: cards left in hand (before any drawn).
        mean: the hard level's mean rollout value (points); ``None`` when it was not searched.
        samples: how many rollouts made ``mean`` (0 when it was not searched).
        wins: how many of those rollouts ended the game won by the seat (R99).
        losses: how many ended it lost by the seat.
    """

    actions: tuple[Action, ...]
    end: str
    park: int
    months: int
    chance: float
    chance_now: float = 0.0
    played: tuple[str, ...] = ()
    draws: int = 0
    scored: Expedition | None = None
    rivals_hit: tuple[tuple[int, int], ...] = ()
    destination: str | None = None
    potential: float = 0.0
    club_turns: int = 1
    hand: int = 0
    mean: float | None = None
    samples: int = 0
    wins: int = 0
    losses: int = 0


@dataclass(frozen=True, slots=True)
class ExchangeFacts:
    """The Marketplace advice (R46, R47).

    Attributes:
        discards: the card ids to discard.
        worth: what each is worth (points) to the expedition to ``destination``.
        mean: the average worth of a card the seat cannot see (a fresh draw), to compare with.
        destination: the expedition's destination (``None``: none under way).
    """

    discards: tuple[str, ...]
    worth: tuple[tuple[str, float], ...]
    mean: float
    destination: str | None


@dataclass(frozen=True, slots=True)
class FadFacts:
    """A Fad tie (A5), as the normal level weighs it.

    For each tied destination, the points its Fad bonus is worth to the seat's next expedition
    (``mine``) and to the rivals' expeditions in progress (``theirs``), as the normal level
    weighs them.
    """

    options: tuple[tuple[str, float, float], ...]


@dataclass(frozen=True, slots=True)
class Advice:
    """The hard level's advice to ``seat`` at one decision in ``phase``.

    Attributes:
        seat: the seat advised.
        phase: the decision's phase.
        best: the advised plan and its facts.
        alternative: the plan it compared best against (for a reason that contrasts), or
            ``None``.
        park: Captain Park's number now.
        here: the seat's space now.
        here_chance: the chance (0..1) that Captain Park lands there before the seat's next
            turn (0 once the seat has moved on along the plan).
        months_needed: Month counters needed to score (R75).
        rollouts: rollouts run.
        choices: how many legal actions there were.
        margin: how far below the best (points, by the evaluation) a plan may be and still be
            compared.
        exchange: the facts of a Marketplace decision, else ``None``.
        fad_tie: the facts of a Fad decision, else ``None``.
        difference: how ``best`` came out against ``alternative`` on the rollouts' shared
            deals (:mod:`park.ai.difference`), or ``None`` (not both sampled).
    """

    seat: int
    phase: Phase
    best: PlanFacts
    alternative: PlanFacts | None
    park: int
    here: str
    here_chance: float
    months_needed: int
    rollouts: int = 0
    choices: int = 2
    margin: float = MARGIN
    exchange: ExchangeFacts | None = None
    fad_tie: FadFacts | None = None
    difference: Difference | None = None

    @property
    def actions(self) -> tuple[Action, ...]:
        """The advised plan: the rest of the turn, first action first."""
        return self.best.actions

    def followed(self, action: Action) -> Advice | None:
        """The advice left after the seat played ``action``.

        Returns:
            The rest of the plan if ``action`` was the plan's next action and more remain, else
            ``None``. The rest is compared with nothing (the other plans started from where the
            seat was), no longer says where the seat stood, and no longer compares with what
            the map showed before the plan's cards moved Captain Park.
        """
        actions = self.best.actions
        if len(actions) < 2 or actions[0] != action:
            return None
        return replace(
            self,
            best=replace(self.best, actions=actions[1:]),
            alternative=None,
            difference=None,
            here_chance=0.0,
            park=self.best.park,  # "the map now" no longer shows where he was
        )
