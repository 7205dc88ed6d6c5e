"""The coach's words: a hint's plan and its reason, written from the AI's own figures.

:func:`hint_words` turns an :class:`~park.ai.advice.Advice` into the plan in plain words and
one or two sentences of reason. Every figure in them is one of the advice's facts (the
chance Captain Park lands on a space, Month counters, points, the scoring parts), rounded
for reading: nothing is canned. The plan's sentence is worded by :mod:`park.ui.coach.plan`,
the sentences on Captain Park by :mod:`park.ui.coach.risk`, and why a warned (⚠) first move
is sound by :mod:`park.ui.coach.warned`; all in the page's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from park.engine.board import Board
from park.engine.deck import Card
from park.engine.state import Expedition, Phase
from park.ui.coach.difference import checkable_facts, compared
from park.ui.coach.market import market_reason
from park.ui.coach.plan import card_label, listed, plan_words, sentences
from park.ui.coach.risk import RISK_TAKEN, park_moved, risk
from park.ui.coach.warned import DRAWS, MARGIN, POTENTIAL, RIVALS, warned_reason
from park.ui.lang.i18n import _, ngettext, pgettext, term
from park.ui.lang.text import space_labels, with_article
from park.ui.play.warnings import MoveRisk

if TYPE_CHECKING:  # the AI is loaded only when a hint is asked for
    from park.ai.advice import Advice, PlanFacts

__all__ = ["HintWords", "hint_words", "plan_words", "points", "reason"]

LEVEL = 2.0
"""A rollout margin (points) below this is called about level."""
MIN_DEALS = 8
"""Rollouts both plans need before their margin is worth a word."""


@dataclass(frozen=True, slots=True)
class HintWords:
    """A hint as the page shows it.

    The ``plan`` ("Step to Café 3, then stay put."), the ``reason``, one or two sentences, the
    plan the reason ``compared`` it with (the other plan it names), if any, and the sampled
    ``deals`` the plans were compared on (0: none, at a decision with no turn plan).
    """

    plan: str
    reason: tuple[str, ...]
    compared: str = ""
    deals: int = 0

    @property
    def text(self) -> str:
        """One paragraph for the live region: "Hint:", the plan, the reason and the other plan."""
        other = (_("The other plan: {plan}").format(plan=self.compared),) if self.compared else ()
        return sentences(_("Hint:"), self.plan, *self.reason, *other)


def points(value: float) -> str:
    """Points rounded to a whole number, with the word: ``"1 point"``, ``"38 points"``."""
    count = round(value)
    return ngettext("{count} point", "{count} points", count).format(count=count)


def hint_words(
    advice: Advice,
    *,
    names: Sequence[str],
    cards: Mapping[str, Card],
    board: Board,
    risks: Mapping[str, MoveRisk] | None = None,
) -> HintWords:
    """The plan and the reason for ``advice`` (see the module docstring).

    ``names``: the seats' names; ``cards``: card ids to cards; ``board``: for the spaces' names;
    ``risks``: the risk of each move the player has now (``park.ui.play.warnings.move_risks``): when
    the plan's first move is warned, the reason says first why it is still the sound one
    (:func:`park.ui.coach.warned.warned_reason`).
    """
    labels = space_labels(board)
    after_card = advice.phase is Phase.STEP_AGAIN
    plan = plan_words(advice.actions, labels, cards, after_card=after_card)
    if advice.phase is Phase.MARKET:
        return HintWords(plan, market_reason(advice, cards) or (_plainly(advice, advice.best),))
    if advice.phase is Phase.FAD:
        return HintWords(plan, _fad_reason(advice))
    other = advice.alternative
    said, named = _reason(
        advice, advice.best, other, names, board, cards, yours=False, risks=risks or {}
    )
    compared = (
        plan_words(other.actions, labels, cards, after_card=after_card) if other is not None else ""
    )
    deals = advice.difference.deals if advice.difference is not None else 0
    return HintWords(plan, said, compared if named else "", deals)


def reason(
    advice: Advice,
    best: PlanFacts,
    other: PlanFacts | None,
    names: Sequence[str],
    board: Board,
    cards: Mapping[str, Card],
    *,
    yours: bool = False,
    risks: Mapping[str, MoveRisk] | None = None,
) -> tuple[str, ...]:
    """One or two sentences (never none) on why ``best`` beats ``other``.

    ``other`` is the plan compared, or ``None``. From their facts: a score and its bonuses, a rival
    caught, the risk of Captain Park avoided, the expedition's worth, cards kept or drawn, the
    rollouts' margin. Each is weighed by the size (points, roughly) of the difference it names and
    the two heaviest are said.

    Args:
        yours: ``other`` is what the player did (the review after the game), not the AI's best
            plan that starts differently.
        risks: the risk of each move at the decision (``park.ui.play.warnings.move_risks``):
            when ``best``'s first move is warned, the first sentence says why it is still sound.
    """
    return _reason(advice, best, other, names, board, cards, yours=yours, risks=risks or {})[0]


def _reason(
    advice: Advice,
    best: PlanFacts,
    other: PlanFacts | None,
    names: Sequence[str],
    board: Board,
    cards: Mapping[str, Card],
    *,
    yours: bool,
    risks: Mapping[str, MoveRisk],
) -> tuple[tuple[str, ...], bool]:
    """:func:`reason`'s sentences, and whether one of them names the other plan."""
    them = (
        pgettext("the plan compared", "yours")
        if yours
        else pgettext("the plan compared", "the other plan")
    )
    weighed: list[tuple[float, str, bool]] = []
    told: dict[str, str] = {}  # the sentences of the facts a warned move's words may name
    used: frozenset[str] = frozenset()
    scored = best.scored
    if scored is not None:
        weighed.append((1000.0 + scored.total, _score_words(scored), False))
    elif advice.phase is Phase.CLUB:
        weighed.append((1000.0, _keep_words(best, other), False))
    for seat, months in best.rivals_hit:
        if other is None or (seat, months) not in other.rivals_hit:
            caught = ngettext(
                "Captain Park lands on {name}, who loses {count} Month counter.",
                "Captain Park lands on {name}, who loses {count} Month counters.",
                months,
            )
            told[RIVALS] = caught.format(name=names[seat], count=months)
            weighed.append((5.0 * months, told[RIVALS], False))
            break
    same_place = other is not None and (other.end, other.park) == (best.end, best.park)
    risked = None if same_place else risk(advice, best, other, board, yours=yours)
    warning = risks.get(str(best.actions[0])) if best.actions else None
    if warning is not None and warning.warned:  # said first, in place of the risk's words
        all_warned = all(r.warned for r in risks.values())
        why, used = warned_reason(
            advice,
            warning,
            best=best,
            other=other,
            them=them,
            all_warned=all_warned,
            names=names,
            board=board,
        )
        weighed.append((10_000.0, why, other is not None and them in why))
    elif risked is not None:
        weighed.append(risked)
    if (
        other is not None
        and scored is None
        and best.destination
        and best.played
        and sorted(best.played) != sorted(other.played)
        and _explains(best.potential - other.potential, best, other)
    ):
        put = _(
            "It puts {cards} into your Inventory: the AI's estimate of your {destination} "
            "expedition is then about {points} (cards still in hand counted in part), against "
            "{other} after {them}."
        ).format(
            cards=listed([card_label(c, cards) for c in best.played]),
            destination=term(best.destination),
            points=points(best.potential),
            other=round(other.potential),
            them=them,
        )
        told[POTENTIAL] = put
        weighed.append((best.potential - other.potential, put, True))
    if other is not None and other.end == best.end and best.hand > other.hand:
        fewer = best.hand - other.hand
        kept = ngettext(
            "It ends on the same space as {them} with {count} card fewer played: kept in your "
            "hand, it pays for later steps and counts for later expeditions.",
            "It ends on the same space as {them} with {count} cards fewer played: kept in your "
            "hand, they pay for later steps and count for later expeditions.",
            fewer,
        )
        weighed.append((1.5 * fewer, kept.format(them=them, count=fewer), True))
    at_risk = best.chance >= RISK_TAKEN or (warning is not None and warning.warned)
    if other is not None and best.months > other.months and scored is None and not at_risk:
        keeps = ngettext(
            "It keeps your {count} Month counter; {them} ends the turn with {other}.",
            "It keeps your {count} Month counters; {them} ends the turn with {other}.",
            best.months,
        )
        weighed.append(
            (
                3.0 * (best.months - other.months),
                keeps.format(count=best.months, them=them, other=other.months),
                True,
            )
        )
    if other is not None and best.draws > other.draws and scored is None:
        where = with_article(space_labels(board).get(best.end, best.end))
        told[DRAWS] = _("You draw a card at {space}.").format(space=where)
        weighed.append((2.0 * best.draws, told[DRAWS], False))
    moved = None if yours else park_moved(advice, best, other, board)
    if moved is not None:
        weighed.append((moved[0], moved[1], False))
    club = _club_next(advice, best)
    if club is not None and scored is None and (other is None or _club_next(advice, other) is None):
        weighed.append((20.0, club, False))
    from_deals = compared(advice, best, other, cards, board, them, names)
    margin = from_deals or _margin(best, other, them)
    if margin is not None:
        told[MARGIN] = margin[1]
        weighed.append((margin[0], margin[1], True))
    said_already = {told[fact] for fact in used if fact in told}
    weighed = [w for w in weighed if w[1] not in said_already]
    weighed.sort(key=lambda w: -w[0])
    said = weighed[:2]
    if not said:
        return (_plainly(advice, best),), False
    texts = tuple(text for _w, text, _n in said)
    named = any(named for _w, _t, named in said)
    alone = from_deals is None and texts == (told.get(MARGIN),) and said[0][0] > 0.1
    if alone:  # the rollouts' margin is the AI's valuation: never the whole reason (issue 50)
        facts = checkable_facts(best, other, board, them, names) if other is not None else []
        texts += (facts[0] if facts else _plainly(advice, best),)
    return texts, named


ESTIMATE_WORTH_A_WORD = 3.0
"""The least difference (points) of the AI's estimate of an expedition worth a sentence."""


def _explains(lead: float, best: PlanFacts, other: PlanFacts) -> bool:
    """Whether an estimate's ``lead`` (points) reads as a reason for ``best`` over ``other``.

    At least :data:`ESTIMATE_WORTH_A_WORD`, and a third of the rollouts' gap when both plans have
    one: a one-point estimate behind a seven-point gap would read oddly (issue 50).
    """
    if round(lead) < ESTIMATE_WORTH_A_WORD:
        return False
    if best.mean is None or other.mean is None or not best.samples or not other.samples:
        return True
    return lead >= (best.mean - other.mean) / 3


def _score_words(scored: Expedition) -> str:
    """The score now: its points, the Fad and a free Novelty dot if any, and its parts."""
    if scored.fad and scored.novelty:
        said = _(
            "Score {destination} now for {points}: {destination} is the Fad (+{fad}) and its "
            "{novelty}-point Novelty dot is still free (Basic {basic}, Diversity {diversity}, "
            "Endurance {endurance})."
        )
    elif scored.fad:
        said = _(
            "Score {destination} now for {points}: {destination} is the Fad (+{fad}) (Basic "
            "{basic}, Diversity {diversity}, Endurance {endurance})."
        )
    elif scored.novelty:
        said = _(
            "Score {destination} now for {points}: its {novelty}-point Novelty dot is still "
            "free (Basic {basic}, Diversity {diversity}, Endurance {endurance})."
        )
    else:
        said = _(
            "Score {destination} now for {points} (Basic {basic}, Diversity {diversity}, "
            "Endurance {endurance})."
        )
    return said.format(
        destination=term(scored.destination),
        points=points(scored.total),
        fad=scored.fad,
        novelty=scored.novelty,
        basic=scored.basic,
        diversity=scored.diversity,
        endurance=scored.endurance,
    )


def _keep_words(best: PlanFacts, other: PlanFacts | None) -> str:
    """The Club's choice to keep the Inventory: for which expedition, and above what score."""
    instead = other.scored if other is not None else None
    if best.destination and instead is not None:
        said = _(
            "Keep your Inventory for {destination} (an expedition worth about {points} there): "
            "the hard AI values that above scoring {scored} now for {scored_points}."
        )
    elif best.destination:
        said = _(
            "Keep your Inventory for {destination} (an expedition worth about {points} there): "
            "the hard AI values that."
        )
    elif instead is not None:
        said = _(
            "Keep your Inventory for a later expedition (an expedition worth about {points} "
            "there): the hard AI values that above scoring {scored} now for {scored_points}."
        )
    else:
        said = _(
            "Keep your Inventory for a later expedition (an expedition worth about {points} "
            "there): the hard AI values that."
        )
    return said.format(
        destination=term(best.destination) if best.destination else "",
        points=points(best.potential),
        scored=term(instead.destination) if instead is not None else "",
        scored_points=points(instead.total) if instead is not None else "",
    )


def _club_next(advice: Advice, plan: PlanFacts) -> str | None:
    """The Club within one turn of the plan's end, or ``None``.

    With enough Month counters to score there next turn (R75).
    """
    if not plan.destination or plan.club_turns != 1 or plan.months + 1 < advice.months_needed:
        return None
    count = plan.months + 1
    return ngettext(
        "From there the Gentlemen's Club is within one turn: next turn you can walk in with "
        "{count} Month counter and score {destination}.",
        "From there the Gentlemen's Club is within one turn: next turn you can walk in with "
        "{count} Month counters and score {destination}.",
        count,
    ).format(count=count, destination=term(plan.destination))


def _margin(best: PlanFacts, other: PlanFacts | None, them: str) -> tuple[float, str] | None:
    """The rollouts' margin of ``best`` over ``other``.

    Only when both were played on at least :data:`MIN_DEALS` deals: games won and lost in them if
    any ended, else the points.
    """
    if other is None or best.mean is None or other.mean is None:
        return None
    deals = min(best.samples, other.samples)
    if deals < MIN_DEALS:
        return None
    if (best.wins, best.losses) != (other.wins, other.losses):
        if best.losses or other.losses:
            said = ngettext(
                "Over {count} sampled deal played on, you win the game in {wins} of them "
                "({other_wins} after {them}) and lose it in {losses} ({other_losses}).",
                "Over {count} sampled deals played on, you win the game in {wins} of them "
                "({other_wins} after {them}) and lose it in {losses} ({other_losses}).",
                deals,
            )
        else:
            said = ngettext(
                "Over {count} sampled deal played on, you win the game in {wins} of them "
                "({other_wins} after {them}).",
                "Over {count} sampled deals played on, you win the game in {wins} of them "
                "({other_wins} after {them}).",
                deals,
            )
        weight = 100.0 * abs(best.wins - other.wins - best.losses + other.losses) / deals
        return weight, said.format(
            count=deals,
            wins=best.wins,
            other_wins=other.wins,
            them=them,
            losses=best.losses,
            other_losses=other.losses,
        )
    gap = best.mean - other.mean
    if gap < LEVEL:
        level = ngettext(
            "Over {count} sampled deal played on, it came out about level with {them}: either "
            "will do.",
            "Over {count} sampled deals played on, it came out about level with {them}: either "
            "will do.",
            deals,
        )
        return 0.1, level.format(count=deals, them=them)
    ahead = ngettext(
        "Over {count} sampled deal played on, it came out about {points} ahead of {them}.",
        "Over {count} sampled deals played on, it came out about {points} ahead of {them}.",
        deals,
    )
    return 0.2 * gap, ahead.format(count=deals, points=points(gap), them=them)


def _plainly(advice: Advice, best: PlanFacts) -> str:
    """The reason when no difference is worth a word: what the plan leads to."""
    if advice.choices <= 1:
        return _("It is the only move you have.")
    club = _club_next(advice, best)
    if club is not None:
        return club
    if best.destination:
        return _(
            "After it you carry {months} of the {needed} Month counters needed to score "
            "{destination}; counting the cards in your hand, that expedition could be worth "
            "about {points} by the AI's estimate."
        ).format(
            months=best.months,
            needed=advice.months_needed,
            destination=term(best.destination),
            points=points(best.potential),
        )
    return ngettext(
        "No other plan comes within {points} of it by the AI's evaluation; after it you carry "
        "{count} Month counter.",
        "No other plan comes within {points} of it by the AI's evaluation; after it you carry "
        "{count} Month counters.",
        best.months,
    ).format(points=points(advice.margin), count=best.months)


def _fad_reason(advice: Advice) -> tuple[str, ...]:
    """The chosen Fad's bonus to the player and to the rivals, against the next choice (A5)."""
    tie = advice.fad_tie
    if tie is None or not tie.options:
        return (_plainly(advice, advice.best),)
    dest, mine, theirs = tie.options[0]
    if len(tie.options) > 1:
        other, other_mine, other_theirs = tie.options[1]
        said = _(
            "As the Fad, {destination} is worth about {mine} to your next expedition and about "
            "{theirs} to your rivals' expeditions in progress; {other} would be worth about "
            "{other_mine} to you and {other_theirs} to them."
        ).format(
            destination=term(dest),
            mine=points(mine),
            theirs=points(theirs),
            other=term(other),
            other_mine=points(other_mine),
            other_theirs=points(other_theirs),
        )
    else:
        said = _(
            "As the Fad, {destination} is worth about {mine} to your next expedition and about "
            "{theirs} to your rivals' expeditions in progress."
        ).format(destination=term(dest), mine=points(mine), theirs=points(theirs))
    return (said,)
