"""The puzzles' themes (issue 41): what a puzzle's best turn is about.

Each puzzle of the set is tagged when the set is made (``tools/puzzle_themes.py``) from the
difference between its best plan and the runner-up, played on the puzzle's own deals
(``park.ai.difference``) and read by the coach's facts (``park.ai.coach.advise_plans``):

* ``park``: dodging Captain Park: he catches the seat before its next turn on more deals after
  the runner-up, or can reach where it ends with a clearly higher chance (R59, R62);
* ``club``: scoring at the Gentlemen's Club this turn (R53, R83-R88);
* ``market``: the Marketplace: the best plan goes there and the runner-up does not (R46-R49);
* ``moves_park``: a card played that moves Captain Park elsewhere than the runner-up's does (R59);
* ``kept_card``: a card kept in hand that the runner-up plays (or the other way round);
* ``fad``: the Fad: the best plan chooses it, or scores an expedition with its bonus (R87);
* ``months``: Month counters: the best plan ends the turn with more than the runner-up (R15-R19).

A puzzle has at least one: when none of those differences is there, its part of the gap names it
(``club`` for points scored, ``park`` for the next turn's worth where he catches, else
``kept_card`` or ``months``; see :func:`themes_from`). The hub offers a theme to pick, with
its count and how the player does in it (:func:`theme_counts`, :func:`theme_results`). The themes'
ids and names (:data:`THEMES`) and :func:`with_theme` are ``park.ui.puzzles.catalogue``'s, below
this module (the set is checked against them); this module offers them too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from park.ai.difference import Difference, cards_kept
from park.engine.actions import Action, ChooseFad, Score, Step
from park.ui.play.warnings import percent
from park.ui.puzzles.catalogue import THEME_IDS, THEMES, PuzzleSet, with_theme

if TYPE_CHECKING:
    from park.ai.advice import PlanFacts
    from park.ui.puzzles.progress import PuzzleRecord

MARKET_SPACE = "market"
"""The Marketplace's space id on the shipped board."""


def _catches_differ(found: Difference) -> bool:
    more = found.other.caught - found.best.caught
    return more >= max(2, 0.1 * found.deals)


def themes_from(
    best: Sequence[Action],
    runner_up: Sequence[Action],
    found: Difference,
    facts: tuple[PlanFacts, PlanFacts],
) -> tuple[str, ...]:
    """The themes of a puzzle whose ``best`` plan beat ``runner_up`` as ``found`` says.

    ``facts``: the coach's facts of the two plans, best first. In :data:`THEME_IDS`' order; at
    least one.
    """
    mine, theirs = facts
    reach = percent(theirs.chance) - percent(mine.chance) >= 15
    scored = next((a for a in best if isinstance(a, Score)), None) is not None
    market = Step(MARKET_SPACE) in best and Step(MARKET_SPACE) not in runner_up
    fad = any(isinstance(a, ChooseFad) for a in best) or bool(mine.scored and mine.scored.fad)
    found_themes = {
        "park": _catches_differ(found) or reach,
        "club": scored,
        "market": market,
        "moves_park": mine.park != theirs.park and bool(mine.played),
        "kept_card": bool(cards_kept(best, runner_up) or cards_kept(runner_up, best)),
        "fad": fad,
        "months": mine.months > theirs.months,
    }
    themes = tuple(theme for theme in THEME_IDS if found_themes[theme])
    if themes:
        return themes
    carried = found.carried()[0]
    if carried == "points":
        return ("club",)
    if found.best.caught != found.other.caught:
        return ("park",)
    return ("months",) if mine.months != theirs.months else ("kept_card",)


def theme_counts(puzzles: PuzzleSet) -> dict[str, int]:
    """How many puzzles of ``puzzles`` have each theme (every theme, 0 for none)."""
    counts = dict.fromkeys(THEME_IDS, 0)
    for puzzle in puzzles.puzzles:
        for theme in puzzle.themes:
            counts[theme] += 1
    return counts


def theme_results(record: PuzzleRecord, puzzles: PuzzleSet) -> dict[str, tuple[int, int]]:
    """For each theme: how many of its puzzles the person tried, and solved at the first try."""
    results = dict.fromkeys(THEME_IDS, (0, 0))
    for number, solved in record.tried:
        if not 1 <= number <= len(puzzles.puzzles):
            continue
        for theme in puzzles.number(number).themes:
            tried, won = results[theme]
            results[theme] = (tried + 1, won + int(solved))
    return results


__all__ = [
    "MARKET_SPACE",
    "THEMES",
    "THEME_IDS",
    "theme_counts",
    "theme_results",
    "themes_from",
    "with_theme",
]
