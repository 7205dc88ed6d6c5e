"""The coach's words on what made the difference between two turns (issue 41).

Written from a :class:`~park.ai.difference.Difference`: the same sampled deals played on after
each plan, the gap split into the points scored by the next turn, what that next turn is worth,
what the rivals gained and games won or lost. The one or two parts that carry most of the gap are
said with their figures, and for the next turn, what a player can see behind it: the cards one
plan keeps in hand that the other plays (and what each is worth where), and how often Captain
Park catches the seat before its next turn. When the deals cannot tell the two turns apart, that
is said instead. A puzzle's verdict says these words (``park.ui.puzzles.html``), and so does the
reason of a hint or of a moment in the review after a game whose plans the hard level compared
on the same deals (:func:`compared`, ``park.ui.coach.text``): one set of words for both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from park.engine.actions import Action
from park.engine.board import Board
from park.engine.deck import Card
from park.engine.terms import DESTINATIONS
from park.ui.coach.plan import card_label, listed, sentences
from park.ui.lang.i18n import _, ngettext, term
from park.ui.lang.text import listing, space_labels, with_article
from park.ui.play.warnings import percent

if TYPE_CHECKING:  # the AI is loaded only when plans are compared
    from park.ai.advice import Advice, PlanFacts
    from park.ai.difference import Difference

CATCHES_WORTH_A_WORD = 0.1
"""Captain Park's catches are named when they differ on at least this share of the deals."""


def _points(value: float) -> str:
    count = round(value)
    return ngettext("{count} point", "{count} points", count).format(count=count)


def card_worth(card_id: str, cards: Mapping[str, Card]) -> str:
    """A card and what it is worth where: "“Stuffed Penguin” (South Pole 10, Everest 4)".

    Its two best destinations, the best first (a card worth nothing anywhere: its name alone).
    """
    label = card_label(card_id, cards)
    card = cards.get(card_id)
    if card is None or not card.values:
        return label
    ranked = sorted(card.values, key=lambda d: (-card.values[d], DESTINATIONS.index(d)))[:2]
    worth = listing(
        _("{destination} {points}").format(destination=term(d), points=card.values[d])
        for d in ranked
    )
    return _("“{card}” ({worth})").format(card=label, worth=worth)


def _kept_words(
    best: Sequence[Action], other: Sequence[Action], cards: Mapping[str, Card], them: str
) -> str | None:
    """What the best plan keeps in hand that the other plays, and the other way round."""
    from park.ai.difference import cards_kept

    kept, spent = cards_kept(best, other), cards_kept(other, best)
    if not kept and not spent:
        return None
    names = listed([card_worth(c, cards) for c in kept]) if kept else ""
    spent_names = listed([card_worth(c, cards) for c in spent]) if spent else ""
    if kept and spent:
        said = _(
            "The best turn keeps {kept} in your hand and plays {spent}; {them} does the opposite."
        )
    elif kept:
        said = ngettext(
            "The best turn keeps {kept} in your hand; {them} plays it.",
            "The best turn keeps {kept} in your hand; {them} plays them.",
            len(kept),
        )
    else:
        said = ngettext(
            "The best turn plays {spent}; {them} keeps it in your hand.",
            "The best turn plays {spent}; {them} keeps them in your hand.",
            len(spent),
        )
    return said.format(kept=names, spent=spent_names, them=them)


def _caught_words(difference: Difference, them: str) -> str | None:
    """How often Captain Park catches the seat before its next turn after each plan."""
    best, other, deals = difference.best.caught, difference.other.caught, difference.deals
    if abs(best - other) < max(2, CATCHES_WORTH_A_WORD * deals):
        return None
    return ngettext(
        "Captain Park catches you before your next turn on {other} of {count} deal after "
        "{them} and on {best} after the best turn: each time he takes your Month counters.",
        "Captain Park catches you before your next turn on {other} of {count} deals after "
        "{them} and on {best} after the best turn: each time he takes your Month counters.",
        deals,
    ).format(other=other, count=deals, them=them, best=best)


def _facts_words(
    best: PlanFacts, other: PlanFacts, board: Board, them: str, *, reach: bool
) -> list[str]:
    """What the turns' ends show behind the next turn: Captain Park's reach, Month counters, place.

    From the coach's facts of each plan (``park.ai.advice.PlanFacts``), each said only where the
    two differ (Captain Park's reach only if ``reach``).
    """
    said: list[str] = []
    labels = space_labels(board)
    if reach and abs(percent(best.chance) - percent(other.chance)) >= 15 and best.end == other.end:
        said.append(
            _(
                "Both turns end on {space}, where Captain Park lands before your next turn with a "
                "chance of about {percent}% after the best turn and about {other_percent}% after "
                "{them}."
            ).format(
                space=with_article(labels.get(best.end, best.end)),
                percent=percent(best.chance),
                other_percent=percent(other.chance),
                them=them,
            )
        )
    elif reach and abs(percent(best.chance) - percent(other.chance)) >= 15:
        said.append(
            _(
                "After the best turn you stand on {space}, where Captain Park lands before your "
                "next turn with a chance of about {percent}%; after {them}, on {other_space}: "
                "about {other_percent}%."
            ).format(
                space=with_article(labels.get(best.end, best.end)),
                percent=percent(best.chance),
                them=them,
                other_space=with_article(labels.get(other.end, other.end)),
                other_percent=percent(other.chance),
            )
        )
    if best.months != other.months:
        said.append(
            ngettext(
                "The best turn ends with {count} Month counter; {them} with {other}.",
                "The best turn ends with {count} Month counters; {them} with {other}.",
                best.months,
            ).format(count=best.months, them=them, other=other.months)
        )
    scored, other_scored = best.scored, other.scored
    if scored is not None and (
        other_scored is None or other_scored.destination != scored.destination
    ):
        if other_scored is None:
            said.append(
                _("The best turn scores {destination} for {points}; {them} scores nothing.").format(
                    destination=term(scored.destination), points=_points(scored.total), them=them
                )
            )
        else:
            said.append(
                _(
                    "The best turn scores {destination} for {points}; {them} scores "
                    "{other_destination} for {other_points}."
                ).format(
                    destination=term(scored.destination),
                    points=_points(scored.total),
                    them=them,
                    other_destination=term(other_scored.destination),
                    other_points=_points(other_scored.total),
                )
            )
    if best.draws != other.draws:
        said.append(
            ngettext(
                "The best turn draws {count} card; {them} draws {other}.",
                "The best turn draws {count} cards; {them} draws {other}.",
                best.draws,
            ).format(count=best.draws, them=them, other=other.draws)
        )
    if best.end != other.end and best.club_turns < other.club_turns:
        said.append(
            ngettext(
                "It ends on {space}, {count} turn from the Gentlemen's Club; {them} ends "
                "{other} turns away.",
                "It ends on {space}, {count} turns from the Gentlemen's Club; {them} ends "
                "{other} turns away.",
                best.club_turns,
            ).format(
                space=with_article(labels.get(best.end, best.end)),
                count=best.club_turns,
                them=them,
                other=other.club_turns,
            )
        )
    return said


def _part_words(name: str, difference: Difference, them: str) -> str:
    """The sentence of one part of the gap, with both turns' figures."""
    best, other, deals = difference.best, difference.other, difference.deals
    if name == "points":
        said = ngettext(
            "By your next turn the best turn scores about {best} (Month counters of an "
            "expedition counted), against {other} after {them}, over {count} sampled deal.",
            "By your next turn the best turn scores about {best} (Month counters of an "
            "expedition counted), against {other} after {them}, over {count} sampled deals.",
            deals,
        )
        return said.format(
            best=_points(best.points), other=_points(other.points), them=them, count=deals
        )
    if name == "next_turn":
        said = ngettext(
            "What made the difference is your next turn: the AI values it at about {best} after "
            "the best turn, against {other} after {them}, over {count} sampled deal.",
            "What made the difference is your next turn: the AI values it at about {best} after "
            "the best turn, against {other} after {them}, over {count} sampled deals.",
            deals,
        )
        return said.format(
            best=_points(best.next_turn), other=_points(other.next_turn), them=them, count=deals
        )
    if name == "rivals":
        return _(
            "Your rivals gain less after the best turn: about {best} (their points in part, and "
            "the Month counters and cards they carry), against {other} after {them}."
        ).format(best=_points(best.rivals), other=_points(other.rivals), them=them)
    return ngettext(
        "The game ends before your next turn on some deals: won on {best_wins} and lost on "
        "{best_losses} of {count} deal after the best turn, won on {wins} and lost on {losses} "
        "after {them}.",
        "The game ends before your next turn on some deals: won on {best_wins} and lost on "
        "{best_losses} of {count} deals after the best turn, won on {wins} and lost on {losses} "
        "after {them}.",
        deals,
    ).format(
        best_wins=best.wins,
        best_losses=best.losses,
        count=deals,
        wins=other.wins,
        losses=other.losses,
        them=them,
    )


@dataclass(frozen=True, slots=True)
class Said:
    """One sentence on what made the difference.

    ``checkable``: it names what a player can see on the table or count in the game (cards played,
    kept or drawn, Month counters, places, Captain Park, points scored, rivals caught, games won
    and lost), not only the AI's valuation (issue 50).
    """

    text: str
    checkable: bool


CHECKABLE_PARTS = frozenset({"points", "game_over"})
"""The parts of a gap (``park.ai.difference.PARTS``) whose sentence is checkable; what the next
turn is worth and the rivals' gains are the AI's valuation."""


def _rivals_words(best: PlanFacts, other: PlanFacts, names: Sequence[str], them: str) -> str | None:
    """A rival Captain Park lands on after the best turn and not after the other."""
    caught = {seat for seat, months in other.rivals_hit if months}
    for seat, months in best.rivals_hit:
        if seat not in caught and months:
            return ngettext(
                "After the best turn Captain Park lands on {name}, who loses {count} Month "
                "counter; not after {them}.",
                "After the best turn Captain Park lands on {name}, who loses {count} Month "
                "counters; not after {them}.",
                months,
            ).format(name=names[seat], count=months, them=them)
    return None


def _ends_words(best: PlanFacts, other: PlanFacts, board: Board, them: str) -> str | None:
    """Where each turn ends, and Captain Park's number after each, where they differ."""
    labels = space_labels(board)
    if best.end != other.end:
        return _("The best turn ends on {space}; {them} on {other_space}.").format(
            space=with_article(labels.get(best.end, best.end)),
            them=them,
            other_space=with_article(labels.get(other.end, other.end)),
        )
    if best.park != other.park:
        return _(
            "Both turns end on {space}, but Captain Park stands on {park} after the best turn "
            "and on {other_park} after {them}."
        ).format(
            space=with_article(labels.get(best.end, best.end)),
            park=best.park,
            other_park=other.park,
            them=them,
        )
    return None


def checkable_facts(
    best: PlanFacts,
    other: PlanFacts,
    board: Board,
    them: str,
    names: Sequence[str] = (),
    *,
    reach: bool = True,
    ends: bool = True,
) -> list[str]:
    """What a player can check on the table that differs after ``best`` and ``other``.

    Captain Park's chance where each ends (if ``reach``), Month counters, an expedition scored,
    cards drawn, the Club's distance, a rival he lands on (``names``: the seats'), else (if
    ``ends``) where each ends, or his number after each.
    """
    said = _facts_words(best, other, board, them, reach=reach)
    rivals = _rivals_words(best, other, names, them) if names else None
    said += [rivals] if rivals else []
    where = _ends_words(best, other, board, them) if ends and not said else None
    return said + ([where] if where else [])


def difference_said(
    difference: Difference,
    best: Sequence[Action],
    other: Sequence[Action],
    cards: Mapping[str, Card],
    *,
    them: str,
    facts: tuple[PlanFacts, PlanFacts | None] | None = None,
    board: Board | None = None,
    names: Sequence[str] = (),
) -> tuple[Said, ...]:
    """One to three sentences on what made the difference between ``best`` and ``other``.

    Args:
        difference: how ``best`` came out against ``other`` on the same deals.
        best: the best plan (the rest of the turn).
        other: the plan compared: the player's, or the runner-up.
        cards: the game's cards by id (their names and values).
        them: how the sentences name ``other`` ("yours", "the runner-up").
        facts: the coach's facts of ``best`` and ``other`` (``park.ai.advice``), for where
            each ends, its Month counters, cards drawn, rivals caught and Captain Park's reach
            there; ``None``: not said.
        board: the game's board (its spaces' names), with ``facts``.
        names: the seats' names, for a rival caught.

    Returns:
        The part that carries most of the gap (two if a second carries a good share) with both
        turns' figures, then what a player can check behind it: the cards one keeps that the other
        plays (both ways), Captain Park's catches, where each ends and his chance there, Month
        counters, cards drawn, rivals caught. The first two always hold a checkable sentence: when
        a part is the AI's valuation alone (the next turn, the rivals' gains), a checkable one
        comes second; when nothing checkable differs, one sentence says that the deals and the
        table cannot tell the two apart. When the deals cannot tell the two apart, or ``other``
        did better on them, one sentence says so.
    """
    deals = difference.deals
    if not difference.tellable:
        return (Said(_even_words(difference), True),)
    if difference.gap <= 0:  # the other turn did better on these deals
        ahead = ngettext(
            "Over {count} sampled deal {them} came out about {points} ahead of the best turn.",
            "Over {count} sampled deals {them} came out about {points} ahead of the best turn.",
            deals,
        )
        return (Said(ahead.format(count=deals, them=them, points=_points(-difference.gap)), True),)
    parts = [
        Said(_part_words(name, difference, them), name in CHECKABLE_PARTS)
        for name in difference.carried()[:2]
    ]
    behind = [_kept_words(best, other, cards, them), _caught_words(difference, them)]
    if facts is not None and facts[1] is not None and board is not None:
        known = any(behind) or any(said.checkable for said in parts)
        behind += checkable_facts(
            facts[0], facts[1], board, them, names, reach=behind[1] is None, ends=not known
        )
    said = [*parts, *(Said(words, True) for words in behind if words)]
    if not any(s.checkable for s in said):
        return (Said(_nothing_seen_words(difference), True),)
    if not said[0].checkable:  # the AI's valuation is never the whole reason
        first = next(s for s in said if s.checkable)
        said.remove(first)
        said.insert(1, first)
    return tuple(said[:3])


def _even_words(difference: Difference) -> str:
    """The deals cannot tell the two turns apart."""
    return ngettext(
        "Over {count} sampled deal the two turns come out within about {spread} of each "
        "other: the deals cannot tell them apart.",
        "Over {count} sampled deals the two turns come out within about {spread} of each "
        "other: the deals cannot tell them apart.",
        difference.deals,
    ).format(
        count=difference.deals,
        spread=_points(max(abs(difference.gap), 2 * difference.spread)),
    )


def _nothing_seen_words(difference: Difference) -> str:
    """Nothing a player can see differs after the two turns, and the gap is the AI's alone."""
    return ngettext(
        "Nothing you can see on the table tells the two turns apart; over {count} sampled deal, "
        "only the AI's valuation of what follows puts the best turn about {points} ahead.",
        "Nothing you can see on the table tells the two turns apart; over {count} sampled deals, "
        "only the AI's valuation of what follows puts the best turn about {points} ahead.",
        difference.deals,
    ).format(points=_points(difference.gap), count=difference.deals)


def difference_words(
    difference: Difference,
    best: Sequence[Action],
    other: Sequence[Action],
    cards: Mapping[str, Card],
    *,
    them: str,
    facts: tuple[PlanFacts, PlanFacts | None] | None = None,
    board: Board | None = None,
    names: Sequence[str] = (),
) -> tuple[str, ...]:
    """The texts of :func:`difference_said` (same arguments)."""
    return tuple(
        said.text
        for said in difference_said(
            difference, best, other, cards, them=them, facts=facts, board=board, names=names
        )
    )


def compared(
    advice: Advice,
    best: PlanFacts,
    other: PlanFacts | None,
    cards: Mapping[str, Card],
    board: Board,
    them: str,
    names: Sequence[str] = (),
) -> tuple[float, str] | None:
    """A hint's words on what made the difference, weighed for its reason (``park.ui.coach.text``).

    When ``other`` is the plan ``advice`` was compared with on the hard level's deals and those
    deals tell the two apart: the part that carries most of the gap and what is behind it, as one
    text, weighed above every fact but a score and a warned move's reason (one of the two
    sentences a hint says; the first two sentences of :func:`difference_said`, so never the AI's
    valuation alone). ``names``: the seats' names. Else ``None``.
    """
    found = advice.difference
    if found is None or other is None or other is not advice.alternative:
        return None
    if not found.tellable or found.gap <= 0:
        return None
    words = difference_words(
        found,
        best.actions,
        other.actions,
        cards,
        them=them,
        facts=(best, other),
        board=board,
        names=names,
    )
    return 500.0 + found.gap, sentences(*words[:2])


__all__ = [
    "CHECKABLE_PARTS",
    "Said",
    "card_worth",
    "checkable_facts",
    "compared",
    "difference_said",
    "difference_words",
]
