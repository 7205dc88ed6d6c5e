"""The coach's words when the move it advises is a warned one.

A ⚠ on the page, by the rule of ``park.ui.play.warnings``: what the ⚠ is for, and why the move is
still the sound one.

:func:`warned_reason` says it from the figures the coach already has (``park.ai.coach``'s
:class:`~park.ai.advice.PlanFacts`): the plan goes on past the warned space to a safer one,
or it takes the risk for what it gains (the expedition it builds, a card drawn, a rival
caught, the sampled deals' margin with the risk counted), or every other move is warned too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from park.engine.board import Board
from park.ui.coach.plan import sentences
from park.ui.coach.risk import counters
from park.ui.lang.i18n import _, ngettext, term
from park.ui.lang.text import space_labels, with_article
from park.ui.play.warnings import (
    CLUB_WITHOUT_SCORE,
    ENDS_IN_CLUB,
    SENT_ONTO_YOU,
    STAYS_WITH_PARK,
    WALKS_INTO_PARK,
    WARN_AT,
    MoveRisk,
    percent,
)

if TYPE_CHECKING:  # the AI is loaded only when a hint is asked for
    from park.ai.advice import Advice, PlanFacts

POTENTIAL = "potential"
"""A fact the words may name: the expedition the plan builds (points, by the estimate)."""
DRAWS = "draws"
"""A fact the words may name: the cards the plan draws."""
RIVALS = "rivals"
"""A fact the words may name: a rival whose Month counters Captain Park clears."""
MARGIN = "margin"
"""A fact the words may name: the sampled deals' margin."""
MIN_DEALS = 8
"""Rollouts both plans need before their margin is said (as ``park.ui.coach.text``)."""
AHEAD = 2.0
"""A rollout margin (points) from which a plan is said to come out ahead."""


def warned_reason(
    advice: Advice,
    warning: MoveRisk,
    *,
    best: PlanFacts,
    other: PlanFacts | None,
    them: str,
    all_warned: bool,
    names: Sequence[str],
    board: Board,
) -> tuple[str, frozenset[str]]:
    """Why the plan ``best`` (of ``advice``) is sound though its first move is warned.

    First what the ⚠ is for; then, when the ⚠ is a chance on a space the plan only passes through
    and the plan keeps the Month counters and ends where the chance is below the warnings'
    threshold, where it ends; else what it gains for the risk it takes.

    Args:
        warning: the first move's :class:`~park.ui.play.warnings.MoveRisk`.
        other: the plan compared (``them`` names it: "the other plan", "yours").
        all_warned: every move the player has now is warned.
        names: the seats' names.

    Returns:
        The words, and the facts they name (of :data:`POTENTIAL`, :data:`DRAWS`, :data:`RIVALS`,
        :data:`MARGIN`), which the reason need not say again.
    """
    labels = space_labels(board)

    def name(space: str) -> str:
        return with_article(labels.get(space, space))

    months = counters(warning.months)
    gain, used = _gain(advice, best, other, them=them, all_warned=all_warned, names=names)
    still = _("The AI advises it all the same, counting the risk to your {months}: {gain}.")
    still = still.format(months=months, gain=gain)
    if warning.certain or best.end == warning.space:
        return sentences(_risk(warning, name(warning.space), months), still), used
    passing = _(
        "Its first move is marked ⚠ for ending your turn on {space}, where Captain Park lands "
        "before your next turn with a chance of about {percent}%"
    ).format(space=name(warning.space), percent=percent(warning.chance))
    # A turn never adds counters after its start (R16): fewer at the end were lost, unless
    # they were spent on a score.
    if best.months < warning.months and best.scored is None:
        lost = _("{passing}; the plan does not end there, but your {months} are lost on the way.")
        return sentences(lost.format(passing=passing, months=months), still), used
    ends = _("{passing}; the plan does not end there: {end}.").format(
        passing=passing, end=_end(best, board)
    )
    if best.months and percent(best.chance) >= WARN_AT:
        return sentences(ends, still), used
    return ends, frozenset()


def _risk(warning: MoveRisk, space: str, months: str) -> str:
    """What the ⚠ on the first move is for.

    The rule that makes the loss certain, or the chance that Captain Park lands on ``space``.
    """
    cause = warning.cause
    if cause == WALKS_INTO_PARK:
        said = _(
            "Its first move is marked ⚠: it walks into Captain Park, and you lose your {months}."
        )
    elif cause == SENT_ONTO_YOU:
        said = _(
            "Its first move is marked ⚠: the card sends Captain Park onto you, and you lose your "
            "{months}."
        )
    elif cause == CLUB_WITHOUT_SCORE:
        said = _(
            "Its first move is marked ⚠: you cannot score yet, and ending your turn in the "
            "Gentlemen's Club clears your {months}."
        )
    elif cause == ENDS_IN_CLUB:
        said = _(
            "Its first move is marked ⚠: ending your turn in the Gentlemen's Club clears your "
            "{months}."
        )
    elif cause == STAYS_WITH_PARK:
        said = _(
            "Its first move is marked ⚠: ending your turn on Captain Park's space clears your "
            "{months}."
        )
    else:
        said = _(
            "Its first move is marked ⚠: Captain Park lands on {space} before your next turn "
            "with a chance of about {percent}%, and you would lose your {months}."
        )
    return said.format(months=months, space=space, percent=percent(warning.chance))


def _end(best: PlanFacts, board: Board) -> str:
    """Where the plan ends the turn, and Captain Park's chance of landing there."""
    space = with_article(space_labels(board).get(best.end, best.end))
    if board.by_id[best.end].number is None:  # the Club, the Marketplace, a Hotel (R58)
        return _("it ends at {space}, where Captain Park never goes").format(space=space)
    if best.chance == 0:
        return _(
            "it ends on {space}, where Captain Park cannot reach you before your next turn"
        ).format(space=space)
    if percent(best.chance) == 0:
        return _(
            "it ends on {space}, where Captain Park lands before your next turn with a chance "
            "under 1%"
        ).format(space=space)
    return _(
        "it ends on {space}, where Captain Park lands before your next turn with a chance of "
        "about {percent}%"
    ).format(space=space, percent=percent(best.chance))


def _gain(
    advice: Advice,
    best: PlanFacts,
    other: PlanFacts | None,
    *,
    them: str,
    all_warned: bool,
    names: Sequence[str],
) -> tuple[str, frozenset[str]]:
    """What the plan gains for the risk, from the figures, and the facts named.

    The first that applies: every move warned, the expedition it builds, a card drawn, a rival
    caught; then the sampled deals' margin, with the risk counted in them; else the evaluation.
    """
    said: list[str] = []
    used: set[str] = set()
    if all_warned:
        said.append(_("every other move you have now is marked ⚠ too"))
    elif other is not None and best.destination and round(best.potential) > round(other.potential):
        said.append(
            _(
                "it builds your {destination} expedition to about {points} by the AI's "
                "estimate, against {other} after {them}"
            ).format(
                destination=term(best.destination),
                points=_points(best.potential),
                other=round(other.potential),
                them=them,
            )
        )
        used.add(POTENTIAL)
    elif best.draws > (other.draws if other is not None else 0):
        said.append(
            ngettext("you draw a card", "you draw {count} cards", best.draws).format(
                count=best.draws
            )
        )
        used.add(DRAWS)
    elif best.rivals_hit and (other is None or best.rivals_hit != other.rivals_hit):
        seat, lost = best.rivals_hit[0]
        said.append(
            ngettext(
                "Captain Park lands on {name}, who loses {count} Month counter",
                "Captain Park lands on {name}, who loses {count} Month counters",
                lost,
            ).format(name=names[seat], count=lost)
        )
        used.add(RIVALS)
    margin = _margin(best, other, them)
    if margin:
        said.append(margin)
        used.add(MARGIN)
    if not said:
        if advice.choices <= 1:
            return _("it is the only move you have"), frozenset()
        return _("by its evaluation, with the risk counted, no other plan is worth as much"), (
            frozenset()
        )
    if len(said) == 1:
        return said[0], frozenset(used)
    return _("{gain}, and {margin}").format(gain=said[0], margin=said[1]), frozenset(used)


def _margin(best: PlanFacts, other: PlanFacts | None, them: str) -> str:
    """The sampled deals' verdict, with the risk counted in them.

    Games won, or points ahead (``""`` when too few deals, or when it is not clearly ahead).
    """
    if other is None or best.mean is None or other.mean is None:
        return ""
    deals = min(best.samples, other.samples)
    if deals < MIN_DEALS:
        return ""
    if best.wins - best.losses > other.wins - other.losses:
        return ngettext(
            "over {count} sampled deal played on, you win the game in {wins} of them "
            "({other_wins} after {them})",
            "over {count} sampled deals played on, you win the game in {wins} of them "
            "({other_wins} after {them})",
            deals,
        ).format(count=deals, wins=best.wins, other_wins=other.wins, them=them)
    gap = best.mean - other.mean
    if gap < AHEAD:
        return ""
    return ngettext(
        "over {count} sampled deal played on, it came out about {points} ahead of {them}",
        "over {count} sampled deals played on, it came out about {points} ahead of {them}",
        deals,
    ).format(count=deals, points=_points(gap), them=them)


def _points(value: float) -> str:
    """Points rounded to a whole number, with the word (as ``park.ui.coach.text.points``)."""
    count = round(value)
    return ngettext("{count} point", "{count} points", count).format(count=count)


__all__ = ["DRAWS", "MARGIN", "POTENTIAL", "RIVALS", "warned_reason"]
