"""The coach's words: a hint's plan and its reason, written from the AI's own figures.

:func:`hint_words` turns an :class:`~park.ai.coach.Advice` into the plan in plain words and
one or two sentences of reason. Every figure in them is one of the advice's facts (the
chance Captain Park lands on a space, Month counters, points, the scoring parts), rounded
for reading: nothing is canned.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.actions import (
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
)
from ..engine.board import Board
from ..engine.deck import Card
from ..engine.state import Phase
from ..engine.terms import CLUB, HOTEL, MARKETPLACE
from .text import plural, space_labels, with_article

if TYPE_CHECKING:  # the AI is loaded only when a hint is asked for
    from ..ai.coach import Advice, PlanFacts

RISKY = 0.05
"""A chance of Captain Park landing (0..1) below this is not worth a word."""


@dataclass(frozen=True, slots=True)
class HintWords:
    """A hint as the page shows it: the ``plan`` ("Step to Café 3, then stay put.") and the
    ``reason``, one or two sentences."""

    plan: str
    reason: tuple[str, ...]

    @property
    def text(self) -> str:
        """ "Hint:", the plan and the reason in one paragraph (for the live region)."""
        return " ".join(("Hint:", self.plan, *self.reason))


def points(value: float) -> str:
    """Points rounded to a whole number, with the word: ``"1 point"``, ``"38 points"``."""
    return plural(round(value), "point")


def percent(chance: float) -> int:
    """A chance (0..1) as the whole percent a hint says."""
    return round(chance * 100)


def reach_words(chance: float) -> str:
    """A space's line of Park's reach: the chance (0..1) that Captain Park lands there before
    the player's next turn, in words with its whole percent."""
    odds = percent(chance)
    if odds == 0:
        return (
            "Captain Park cannot land here before your next turn"
            if chance == 0
            else "Captain Park lands here before your next turn: under 1%"
        )
    return f"Captain Park lands here before your next turn: about {odds}%"


def action_words(action: Action, labels: Mapping[str, str], cards: Mapping[str, Card]) -> str:
    """One decision in a few words, lower case: ``"step to Café 3"``, ``"play Yeti Fur"``."""
    if isinstance(action, Step):
        return f"step to {with_article(labels.get(action.space, action.space))}"
    if isinstance(action, Stay):
        return "stay put"
    if isinstance(action, PlayCard):
        return f"play {_card(action.card, cards)}"
    if isinstance(action, SkipPlay):
        return "play no card"
    if isinstance(action, Discard):
        return f"exchange {_card(action.card, cards)}"
    if isinstance(action, FinishExchange):
        return "finish the exchange"
    if isinstance(action, Score):
        return f"score {action.destination}"
    if isinstance(action, DeclineScore):
        return "decline to score"
    if isinstance(action, ChooseFad):
        return f"make {action.destination} the Fad"
    return str(action)


def plan_words(
    actions: Sequence[Action], labels: Mapping[str, str], cards: Mapping[str, Card]
) -> str:
    """The plan as one sentence: ``"Step to Café 3, play Yeti Fur, then stay put."``."""
    words = [action_words(a, labels, cards) for a in actions]
    if not words:
        return ""
    sentence = words[0] if len(words) == 1 else ", ".join(words[:-1]) + ", then " + words[-1]
    return sentence[0].upper() + sentence[1:] + "."


def _card(card_id: str, cards: Mapping[str, Card]) -> str:
    found = cards.get(card_id)
    return found.name if found else card_id


def hint_words(
    advice: Advice, *, names: Sequence[str], cards: Mapping[str, Card], board: Board
) -> HintWords:
    """The plan and the reason for ``advice`` (see the module docstring). ``names``: the
    seats' names; ``cards``: card ids to cards; ``board``: for the spaces' names."""
    labels = space_labels(board)
    plan = plan_words(advice.actions, labels, cards)
    if advice.phase is Phase.MARKET:
        return HintWords(plan, _market_reason(advice, cards))
    if advice.phase is Phase.FAD:
        return HintWords(plan, _fad_reason(advice))
    return HintWords(plan, reason(advice, advice.best, advice.alternative, names, board, cards))


def reason(
    advice: Advice,
    best: PlanFacts,
    other: PlanFacts | None,
    names: Sequence[str],
    board: Board,
    cards: Mapping[str, Card],
    *,
    yours: bool = False,
) -> tuple[str, ...]:
    """One or two sentences on why ``best`` beats ``other`` (the plan compared, or ``None``),
    from their facts: a score and its bonuses, a rival caught, the risk of Captain Park, the
    Month counters carried, a card drawn, and the rollouts' margin. ``yours``: ``other`` is
    what the player did (the review after the game), not the AI's next best plan."""
    labels = space_labels(board)
    sentences: list[str] = []
    scored = best.scored
    if scored is not None:
        extras = []
        if scored.fad:
            extras.append(f"{scored.destination} is the Fad (+{scored.fad})")
        if scored.novelty:
            extras.append(f"its {scored.novelty}-point Novelty dot is still free")
        why = f": {' and '.join(extras)}" if extras else ""
        sentences.append(
            f"Score {scored.destination} now for {scored.total} points{why} (Basic "
            f"{scored.basic}, Diversity {scored.diversity}, Endurance {scored.endurance})."
        )
    elif advice.phase is Phase.CLUB:
        keep = best.destination or "a later expedition"
        sentences.append(
            f"Keep your Inventory for {keep}: it is worth about {points(best.potential)} "
            "there, more than any score now."
        )
    for seat, months in best.rivals_hit:
        if other is None or (seat, months) not in other.rivals_hit:
            sentences.append(
                f"Captain Park lands on {names[seat]}, who loses {plural(months, 'Month counter')}."
            )
            break
    same_end = other is not None and other.end == best.end
    risk = None if same_end else _risk(advice, best, other, board, yours=yours)
    if risk:
        sentences.append(risk)
    if (
        other is not None
        and scored is None
        and best.destination
        and best.potential >= other.potential + 1
    ):
        sentences.append(
            f"It leaves your {best.destination} expedition worth about "
            f"{points(best.potential)}, against {other.potential:.0f}."
        )
    if other is not None and same_end and best.hand > other.hand:
        sentences.append(
            f"It ends in the same place with {plural(best.hand - other.hand, 'more card')} in "
            "your hand, for later steps and expeditions."
        )
    if (
        risk is None
        and scored is None
        and advice.phase is not Phase.CLUB
        and best.destination
        and best.months
    ):
        needed = advice.months_needed
        if best.months >= needed:
            clock = f"you carry {best.months} Month counters, enough to score {best.destination}"
        else:
            clock = (
                f"you carry {best.months} of the {needed} Month counters needed to score "
                f"{best.destination}"
            )
        sentences.append(
            f"After it {clock}, an expedition worth about {points(best.potential)} so far."
        )
    if best.draws and (other is None or other.draws < best.draws) and scored is None:
        sentences.append(f"You draw {plural(best.draws, 'card')} on the way.")
    if (
        other is not None
        and best.mean is not None
        and other.mean is not None
        and best.mean > other.mean
    ):
        sentences.append(
            f"Over {plural(min(best.samples, other.samples), 'sampled deal')} it came out about "
            f"{points(best.mean - other.mean)} ahead of "
            + ("yours." if yours else f"the next best: {plan_words(other.actions, labels, cards)}")
        )
    return tuple(sentences[:2])


def _risk(
    advice: Advice, best: PlanFacts, other: PlanFacts | None, board: Board, *, yours: bool
) -> str | None:
    """The sentence on Captain Park: where the plan hides and the risk it avoids (on the
    other plan's last space, or where the player stands), or the risk it takes."""
    plan = "your plan" if yours else "the best other plan"
    labels = space_labels(board)
    if best.months <= 0:
        return None

    def name(space: str) -> str:
        return with_article(labels.get(space, space))

    def lands(space: str, chance: float, park: int) -> str:
        if board.by_id[space].number == park:
            return f"Captain Park stands on {name(space)}"
        return f"Captain Park lands on {name(space)} before your next turn with about {percent(chance)}% odds"

    months = plural(best.months, "Month counter")
    if best.chance < RISKY:
        if other is not None and other.chance >= RISKY and other.end != best.end:
            moved = ", as its cards move him" if other.park != advice.park else ""
            instead = f"{plan} ends on {name(other.end)}: {lands(other.end, other.chance, other.park)}{moved}"
        elif advice.here_chance >= RISKY and advice.here != best.end:
            instead = f"if you ended your turn where you are, {lands(advice.here, advice.here_chance, advice.park)}"
        else:
            return None
        space = board.by_id[best.end]
        if space.number is None:
            verb = {HOTEL: "Hide in", MARKETPLACE: "Wait at", CLUB: "End in"}.get(
                space.kind, "End at"
            )
            return f"{verb} {name(best.end)}, where Captain Park never goes ({instead}); you carry {months}."
        odds = percent(best.chance)
        safe = (
            "Captain Park cannot reach you there before your next turn"
            if odds == 0
            else f"Captain Park lands there before your next turn only with about {odds}% odds"
        )
        return f"End on {name(best.end)}: {safe} ({instead}); you carry {months}."
    against = ""
    if other is not None and other.chance > best.chance + 0.1:
        against = f" ({plan}: {percent(other.chance)}% on {name(other.end)})"
    return f"{lands(best.end, best.chance, best.park)}{against}; you carry {months}."


def _market_reason(advice: Advice, cards: Mapping[str, Card]) -> tuple[str, ...]:
    exchange = advice.exchange
    if exchange is None:
        return ()
    aim = f"your {exchange.destination} expedition" if exchange.destination else "you"
    if not exchange.discards:
        return (
            f"Keep your hand: every card is worth more to {aim} than a new card would be on "
            f"average (about {exchange.mean:.1f} points).",
        )
    worth = dict(exchange.worth)
    named = ", ".join(
        f"{_card(card, cards)} (about {worth.get(card, 0.0):.1f})" for card in exchange.discards
    )
    return (
        f"A new card is worth about {exchange.mean:.1f} points to {aim} on average; these are "
        f"worth less: {named}.",
    )


def _fad_reason(advice: Advice) -> tuple[str, ...]:
    tie = advice.fad_tie
    if tie is None or not tie.options:
        return ()
    _dest, mine, theirs = tie.options[0]
    return (
        f"Its Fad bonus is worth about {points(mine)} to your next expedition and about "
        f"{theirs:.0f} to your rivals' expeditions in progress.",
    )
