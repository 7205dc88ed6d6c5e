"""The coach's words on Captain Park, in the page's language.

A chance of his landing as a hint says it, where a plan hides from him or what it risks, and how a
plan's own cards move him.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from park.engine.board import Board
from park.engine.terms import CLUB, HOTEL, MARKETPLACE
from park.ui.lang.i18n import _, ngettext, pgettext
from park.ui.lang.text import space_labels, with_article
from park.ui.play.warnings import percent

if TYPE_CHECKING:  # the AI is loaded only when a hint is asked for
    from park.ai.advice import Advice, PlanFacts

RISKY_MORE = 0.1
"""How much likelier (0..1) Captain Park's landing must be elsewhere for the risk avoided to
be worth a word."""
RISK_TAKEN = 0.3
"""A chance (0..1) of Captain Park landing on the plan's last space that the hint always
owns up to."""


def counters(count: int) -> str:
    """Month counters with the word: ``"1 Month counter"``, ``"5 Month counters"``."""
    return ngettext("{count} Month counter", "{count} Month counters", count).format(count=count)


def odds(chance: float) -> str:
    """A chance as the map's badges say it: "about 37%", "under 1%", "0%"."""
    if chance == 0:
        return "0%"
    if percent(chance) == 0:
        return _("under 1%")
    return _("about {percent}%").format(percent=percent(chance))


def park_moved(
    advice: Advice, best: PlanFacts, other: PlanFacts | None, board: Board
) -> tuple[float, str] | None:
    """Say how the plan's own cards change the risk on its last space, with both figures.

    That is when they move Captain Park and so change it from what Park's reach shows now (unless
    the other plan ends the same way, when it is no difference).
    """
    if best.park == advice.park or best.months <= 0 or board.by_id[best.end].number is None:
        return None
    if other is not None and (other.end, other.park) == (best.end, best.park):
        return None
    now, then = odds(best.chance_now), odds(best.chance)
    if now == then:
        return None
    said = ngettext(
        "Your card moves Captain Park from {start} to {park}: the chance he lands on {space} "
        "before your next turn goes from {now} (the map now) to {then}; you carry {months}.",
        "Your cards move Captain Park from {start} to {park}: the chance he lands on {space} "
        "before your next turn goes from {now} (the map now) to {then}; you carry {months}.",
        len(best.played),
    ).format(
        start=advice.park,
        park=best.park,
        space=with_article(space_labels(board).get(best.end, best.end)),
        now=now,
        then=then,
        months=counters(best.months),
    )
    return 5.0 * abs(best.chance - best.chance_now) * best.months + 1.0, said


def risk(
    advice: Advice, best: PlanFacts, other: PlanFacts | None, board: Board, *, yours: bool
) -> tuple[float, str, bool] | None:
    """The sentence on Captain Park, weighed.

    Where the plan hides or what it risks, against a clearly higher risk on the other plan's last
    space or where the player stands; and whether it names the other plan.
    """
    plan = (
        pgettext("the plan compared", "your plan")
        if yours
        else pgettext("the plan compared", "the other plan")
    )
    labels = space_labels(board)
    if best.months <= 0:
        return None

    def name(space: str) -> str:
        return with_article(labels.get(space, space))

    def lands(space: str, chance: float, park: int) -> str:
        if board.by_id[space].number == park:
            return _("Captain Park stands on {space}").format(space=name(space))
        return _(
            "Captain Park lands on {space} before your next turn with a chance of about {percent}%"
        ).format(space=name(space), percent=percent(chance))

    named = False
    if other is not None and other.chance >= best.chance + RISKY_MORE and other.end != best.end:
        if other.park != advice.park:
            instead = _("{plan} ends on {space}: {lands}, as its cards move him")
        else:
            instead = _("{plan} ends on {space}: {lands}")
        instead = instead.format(
            plan=plan, space=name(other.end), lands=lands(other.end, other.chance, other.park)
        )
        worse = other.chance - best.chance
        named = True
    elif not yours and advice.here_chance >= best.chance + RISKY_MORE and advice.here != best.end:
        instead = _("if you ended your turn where you are, {lands}").format(
            lands=lands(advice.here, advice.here_chance, advice.park)
        )
        worse = advice.here_chance - best.chance
    elif best.chance >= RISK_TAKEN:
        here = lands(best.end, best.chance, best.park)
        if other is not None and other.end != best.end:
            said = _(
                "It risks your {months}: {lands}; {plan} ends on {space}, with about "
                "{percent}%. The AI takes that risk because of what the plan gains."
            ).format(
                months=counters(best.months),
                lands=here,
                plan=plan,
                space=name(other.end),
                percent=percent(other.chance),
            )
            return 100.0, said, True
        said = _(
            "It risks your {months}: {lands}. The AI takes that risk because of what the plan "
            "gains."
        ).format(months=counters(best.months), lands=here)
        return 100.0, said, False
    else:
        return None
    kind = board.by_id[best.end].kind
    if board.by_id[best.end].number is not None:
        if best.chance == 0:
            said = _(
                "End on {space}: Captain Park cannot reach you there before your next turn "
                "({instead}); you carry {months}."
            )
        elif percent(best.chance) == 0:
            said = _(
                "End on {space}: Captain Park lands there before your next turn with a chance "
                "under 1% ({instead}); you carry {months}."
            )
        else:
            said = _(
                "End on {space}: Captain Park lands there before your next turn with a chance "
                "of about {percent}% ({instead}); you carry {months}."
            )
    elif kind == HOTEL:
        said = _("Hide in {space}, where Captain Park never goes ({instead}); you carry {months}.")
    elif kind == MARKETPLACE:
        said = _("Wait at {space}, where Captain Park never goes ({instead}); you carry {months}.")
    elif kind == CLUB:
        said = _("End in {space}, where Captain Park never goes ({instead}); you carry {months}.")
    else:
        said = _("End at {space}, where Captain Park never goes ({instead}); you carry {months}.")
    said = said.format(
        space=name(best.end),
        instead=instead,
        months=counters(best.months),
        percent=percent(best.chance),
    )
    return 5.0 * worse * best.months, said, named
