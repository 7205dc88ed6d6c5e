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

RISKY_MORE = 0.1
"""How much likelier (0..1) Captain Park's landing must be elsewhere for the risk avoided to
be worth a word."""
RISK_TAKEN = 0.3
"""A chance (0..1) of Captain Park landing on the plan's last space that the hint always
owns up to."""
LEVEL = 2.0
"""A rollout margin (points) below this is called about level."""
MIN_DEALS = 8
"""Rollouts both plans need before their margin is worth a word."""
OTHER = "the other plan"
"""How a hint's reason names the plan it is compared with (shown under it, "The other plan:
…")."""


@dataclass(frozen=True, slots=True)
class HintWords:
    """A hint as the page shows it: the ``plan`` ("Step to Café 3, then stay put."), the
    ``reason``, one or two sentences, and the plan the reason ``compared`` it with (the
    other plan it names), if any."""

    plan: str
    reason: tuple[str, ...]
    compared: str = ""

    @property
    def text(self) -> str:
        """ "Hint:", the plan, the reason and the other plan in one paragraph (for the live
        region)."""
        other = (f"The other plan: {self.compared}",) if self.compared else ()
        return " ".join(("Hint:", self.plan, *self.reason, *other))


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
    actions: Sequence[Action],
    labels: Mapping[str, str],
    cards: Mapping[str, Card],
    *,
    after_card: bool = False,
) -> str:
    """The plan as one sentence: ``"Step to Café 3, play Yeti Fur, then stay put."``. The
    Marketplace's discards read as one exchange: ``"Exchange Yeti Fur and Ice Axe."``, or
    ``"Keep your hand."``. Staying after a card played (``after_card``: the plan starts just
    after one) reads "end your turn", as the decision's button does."""
    discards = [_card(a.card, cards) for a in actions if isinstance(a, Discard)]
    if actions and all(isinstance(a, Discard | FinishExchange) for a in actions):
        if not discards:
            return "Keep your hand."
        listed = discards[0] if len(discards) == 1 else ", ".join(discards[:-1])
        if len(discards) > 1:
            listed += f" and {discards[-1]}"
        return f"Exchange {listed}."
    words = []
    for action in actions:
        word = action_words(action, labels, cards)
        if isinstance(action, Stay) and after_card:
            word = "end your turn"
        words.append(word)
        after_card = isinstance(action, PlayCard)
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
    after_card = advice.phase is Phase.STEP_AGAIN
    plan = plan_words(advice.actions, labels, cards, after_card=after_card)
    if advice.phase is Phase.MARKET:
        return HintWords(plan, _market_reason(advice, cards))
    if advice.phase is Phase.FAD:
        return HintWords(plan, _fad_reason(advice))
    other = advice.alternative
    said = reason(advice, advice.best, other, names, board, cards)
    compared = (
        plan_words(other.actions, labels, cards, after_card=after_card) if other is not None else ""
    )
    return HintWords(plan, said, compared if any(OTHER in r for r in said) else "")


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
    """One or two sentences (never none) on why ``best`` beats ``other`` (the plan compared,
    or ``None``), from their facts: a score and its bonuses, a rival caught, the risk of
    Captain Park avoided, the expedition's worth, cards kept or drawn, the rollouts' margin.
    Each is weighed by the size (points, roughly) of the difference it names and the two
    heaviest are said; ``yours``: ``other`` is what the player did (the review after the
    game), not the AI's best plan that starts differently."""
    them = "yours" if yours else OTHER
    weighed: list[tuple[float, str]] = []
    scored = best.scored
    if scored is not None:
        extras = []
        if scored.fad:
            extras.append(f"{scored.destination} is the Fad (+{scored.fad})")
        if scored.novelty:
            extras.append(f"its {scored.novelty}-point Novelty dot is still free")
        why = f": {' and '.join(extras)}" if extras else ""
        weighed.append(
            (
                1000.0 + scored.total,
                f"Score {scored.destination} now for {points(scored.total)}{why} (Basic "
                f"{scored.basic}, Diversity {scored.diversity}, Endurance {scored.endurance}).",
            )
        )
    elif advice.phase is Phase.CLUB:
        keep = best.destination or "a later expedition"
        instead = (
            f" above scoring {other.scored.destination} now for {points(other.scored.total)}"
            if other is not None and other.scored is not None
            else ""
        )
        weighed.append(
            (
                1000.0,
                f"Keep your Inventory for {keep} (an expedition worth about "
                f"{points(best.potential)} there): the hard AI values that{instead}.",
            )
        )
    for seat, months in best.rivals_hit:
        if other is None or (seat, months) not in other.rivals_hit:
            weighed.append(
                (
                    5.0 * months,
                    f"Captain Park lands on {names[seat]}, who loses "
                    f"{plural(months, 'Month counter')}.",
                )
            )
            break
    same_place = other is not None and (other.end, other.park) == (best.end, best.park)
    risk = None if same_place else _risk(advice, best, other, board, yours=yours)
    if risk is not None:
        weighed.append(risk)
    if (
        other is not None
        and scored is None
        and best.destination
        and best.played
        and sorted(best.played) != sorted(other.played)
        and round(best.potential) > round(other.potential)
    ):
        put = _listed([_card(c, cards) for c in best.played])
        weighed.append(
            (
                best.potential - other.potential,
                f"It puts {put} into your Inventory: the AI's estimate of your "
                f"{best.destination} expedition is then about {points(best.potential)} "
                f"(cards still in hand counted in part), against {round(other.potential)} "
                f"after {them}.",
            )
        )
    if other is not None and other.end == best.end and best.hand > other.hand:
        weighed.append(
            (
                1.5 * (best.hand - other.hand),
                f"It ends on the same space as {them} with "
                f"{plural(best.hand - other.hand, 'card')} fewer played: kept in your hand, "
                + ("it pays" if best.hand - other.hand == 1 else "they pay")
                + " for later steps and counts for later expeditions.",
            )
        )
    if other is not None and best.months > other.months and scored is None:
        weighed.append(
            (
                3.0 * (best.months - other.months),
                f"It keeps your {plural(best.months, 'Month counter')}; {them} ends the turn "
                f"with {other.months}.",
            )
        )
    if other is not None and best.draws > other.draws and scored is None:
        where = with_article(space_labels(board).get(best.end, best.end))
        weighed.append((2.0 * best.draws, f"You draw a card at {where}."))
    moved = None if yours else _park_moved(advice, best, other, board)
    if moved is not None:
        weighed.append(moved)
    club = _club_next(advice, best)
    if club is not None and scored is None and (other is None or _club_next(advice, other) is None):
        weighed.append((20.0, club))
    margin = _margin(best, other, them)
    if margin is not None:
        weighed.append(margin)
    weighed.sort(key=lambda w: -w[0])
    said = [text for _, text in weighed[:2]]
    return tuple(said) if said else (_plainly(advice, best),)


def _listed(names: Sequence[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def _club_next(advice: Advice, plan: PlanFacts) -> str | None:
    """The Club within one turn of the plan's end, with enough Month counters to score
    there next turn (R75), or ``None``."""
    if not plan.destination or plan.club_turns != 1 or plan.months + 1 < advice.months_needed:
        return None
    return (
        f"From there the Gentlemen's Club is within one turn: next turn you can walk in "
        f"with {plan.months + 1} Month counters and score {plan.destination}."
    )


def _odds(chance: float) -> str:
    """A chance as the map's badges say it: "about 37%", "under 1%", "0%"."""
    if chance == 0:
        return "0%"
    return "under 1%" if percent(chance) == 0 else f"about {percent(chance)}%"


def _park_moved(
    advice: Advice, best: PlanFacts, other: PlanFacts | None, board: Board
) -> tuple[float, str] | None:
    """When the plan's own cards move Captain Park and so change the risk on its last space
    from what Park's reach shows now: say so, with both figures (unless the other plan ends
    the same way, when it is no difference)."""
    if best.park == advice.park or best.months <= 0 or board.by_id[best.end].number is None:
        return None
    if other is not None and (other.end, other.park) == (best.end, best.park):
        return None
    now, then = _odds(best.chance_now), _odds(best.chance)
    if now == then:
        return None
    end = with_article(space_labels(board).get(best.end, best.end))
    cards = "card moves" if len(best.played) == 1 else "cards move"
    return (
        5.0 * abs(best.chance - best.chance_now) * best.months + 1.0,
        f"Your {cards} Captain Park from {advice.park} to {best.park}: the chance he lands "
        f"on {end} before your next turn goes from {now} (the map now) to {then}; you carry "
        f"{plural(best.months, 'Month counter')}.",
    )


def _margin(best: PlanFacts, other: PlanFacts | None, them: str) -> tuple[float, str] | None:
    """The rollouts' margin of ``best`` over ``other``, when both were played on at least
    :data:`MIN_DEALS` deals: games won and lost in them if any ended, else the points."""
    if other is None or best.mean is None or other.mean is None:
        return None
    deals = min(best.samples, other.samples)
    if deals < MIN_DEALS:
        return None
    over = f"Over {plural(deals, 'sampled deal')} played on"
    if (best.wins, best.losses) != (other.wins, other.losses):
        said = f"{over}, you win the game in {best.wins} of them ({other.wins} after {them})"
        if best.losses or other.losses:
            said += f" and lose it in {best.losses} ({other.losses})"
        return 100.0 * abs(best.wins - other.wins - best.losses + other.losses) / deals, said + "."
    gap = best.mean - other.mean
    if gap < LEVEL:
        return 0.1, f"{over}, it came out about level with {them}: either will do."
    return 0.2 * gap, f"{over}, it came out about {points(gap)} ahead of {them}."


def _plainly(advice: Advice, best: PlanFacts) -> str:
    """The reason when no difference is worth a word: what the plan leads to."""
    if advice.choices <= 1:
        return "It is the only move you have."
    needed = advice.months_needed
    club = _club_next(advice, best)
    if club is not None:
        return club
    if best.destination:
        return (
            f"After it you carry {best.months} of the {needed} Month counters needed to score "
            f"{best.destination}; counting the cards in your hand, that expedition could be "
            f"worth about {points(best.potential)} by the AI's estimate."
        )
    return (
        f"No other plan comes within {points(advice.margin)} of it by the AI's evaluation; "
        f"after it you carry {plural(best.months, 'Month counter')}."
    )


def _risk(
    advice: Advice, best: PlanFacts, other: PlanFacts | None, board: Board, *, yours: bool
) -> tuple[float, str] | None:
    """The sentence on Captain Park, weighed: where the plan hides or what it risks, against
    a clearly higher risk on the other plan's last space or where the player stands."""
    plan = "your plan" if yours else OTHER
    labels = space_labels(board)
    if best.months <= 0:
        return None

    def name(space: str) -> str:
        return with_article(labels.get(space, space))

    def lands(space: str, chance: float, park: int) -> str:
        if board.by_id[space].number == park:
            return f"Captain Park stands on {name(space)}"
        return (
            f"Captain Park lands on {name(space)} before your next turn with a chance of about "
            f"{percent(chance)}%"
        )

    if other is not None and other.chance >= best.chance + RISKY_MORE and other.end != best.end:
        moved = ", as its cards move him" if other.park != advice.park else ""
        instead = (
            f"{plan} ends on {name(other.end)}: {lands(other.end, other.chance, other.park)}{moved}"
        )
        worse = other.chance - best.chance
    elif not yours and advice.here_chance >= best.chance + RISKY_MORE and advice.here != best.end:
        instead = (
            "if you ended your turn where you are, "
            f"{lands(advice.here, advice.here_chance, advice.park)}"
        )
        worse = advice.here_chance - best.chance
    elif best.chance >= RISK_TAKEN:
        against = (
            f"; {plan} ends on {name(other.end)}, with about {percent(other.chance)}%"
            if other is not None and other.end != best.end
            else ""
        )
        return (
            100.0,
            f"It risks your {plural(best.months, 'Month counter')}: "
            f"{lands(best.end, best.chance, best.park)}{against}. The AI takes that risk "
            "because of what the plan gains.",
        )
    else:
        return None
    months = plural(best.months, "Month counter")
    weight = 5.0 * worse * best.months
    space = board.by_id[best.end]
    if space.number is None:
        verb = {HOTEL: "Hide in", MARKETPLACE: "Wait at", CLUB: "End in"}.get(space.kind, "End at")
        return (
            weight,
            f"{verb} {name(best.end)}, where Captain Park never goes ({instead}); you carry "
            f"{months}.",
        )
    if best.chance == 0:
        safe = "Captain Park cannot reach you there before your next turn"
    elif percent(best.chance) == 0:
        safe = "Captain Park lands there before your next turn with a chance under 1%"
    else:
        safe = (
            f"Captain Park lands there before your next turn with a chance of about "
            f"{percent(best.chance)}%"
        )
    return weight, f"End on {name(best.end)}: {safe} ({instead}); you carry {months}."


def _market_reason(advice: Advice, cards: Mapping[str, Card]) -> tuple[str, ...]:
    """Each card's worth to the expedition against a fresh card's (R46, R47)."""
    exchange = advice.exchange
    if exchange is None or not exchange.worth:
        return (_plainly(advice, advice.best),)
    aim = f"your {exchange.destination} expedition" if exchange.destination else "you"
    new = f"a new card would be worth about {exchange.mean:.1f} points on average"
    worth = dict(exchange.worth)
    if not exchange.discards:
        card, lowest = min(exchange.worth, key=lambda w: w[1])
        than = "more than" if lowest >= exchange.mean else "too close to what"
        return (
            f"Keep your hand: even your weakest card, {_card(card, cards)}, is worth about "
            f"{lowest:.1f} points to {aim}, {than} {new}.",
        )
    named = ", ".join(
        f"{_card(card, cards)} (0 points: no destination still open values it)"
        if worth.get(card, 0.0) == 0
        else f"{_card(card, cards)} (about {worth.get(card, 0.0):.1f} points)"
        for card in exchange.discards
    )
    return (
        f"To {aim} {new} (the AI's estimate; a card for another open destination counts "
        f"less); these are worth less to you now: {named}.",
    )


def _fad_reason(advice: Advice) -> tuple[str, ...]:
    """The chosen Fad's bonus to the player and to the rivals, against the next choice (A5)."""
    tie = advice.fad_tie
    if tie is None or not tie.options:
        return (_plainly(advice, advice.best),)
    dest, mine, theirs = tie.options[0]
    said = (
        f"As the Fad, {dest} is worth about {points(mine)} to your next expedition and about "
        f"{points(theirs)} to your rivals' expeditions in progress"
    )
    if len(tie.options) > 1:
        other, other_mine, other_theirs = tie.options[1]
        said += (
            f"; {other} would be worth about {points(other_mine)} to you and "
            f"{points(other_theirs)} to them"
        )
    return (said + ".",)
