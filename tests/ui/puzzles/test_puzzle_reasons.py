"""Every puzzle's verdict gives a reason a player can check (issue 50).

Each puzzle of the set is answered with its runner-up and with a poor answer (staying put, where
that is legal, the rest of the turn played as the normal level would), valued on the puzzle's own
deals; the verdict's words on what made the difference, in English and in Japanese, never rest on
the AI's valuation alone: one of their first two sentences names what the table shows (cards,
Month counters, places, Captain Park, points, rivals, games won or lost), or they say that nothing
on the table tells the turns apart.
"""

from __future__ import annotations

import html
import re
from functools import cache

import pytest

from park.ai import make_bot
from park.ai.base import decision_rng
from park.ai.deal_values import parts_on_deals, run
from park.engine.actions import Action, Stay
from park.engine.observation import observe
from park.engine.rules import apply, legal_actions
from park.ui.coach.difference import difference_said
from park.ui.coach.plan import sentences
from park.ui.lang.i18n import pgettext, speaking
from park.ui.puzzles.catalogue import Puzzle, load_puzzles
from park.ui.puzzles.html import verdict_html
from park.ui.puzzles.position import PuzzlePosition, puzzle_session
from park.ui.puzzles.verdict import Verdict, verdict_from, verdict_plans

pytestmark = pytest.mark.slow  # every puzzle's three plans on its 24 deals: about two minutes


def staying_put(position: PuzzlePosition) -> tuple[Action, ...] | None:
    """Stay put, then the rest of the turn as the normal level plays it (``None``: no Stay)."""
    state = position.start
    if Stay() not in legal_actions(state):
        return None
    seat, bot = position.puzzle.seat, make_bot("normal")
    state, _events = apply(state, Stay())
    while not position.over(state):
        action = bot.decide(observe(state, seat), legal_actions(state), decision_rng(state, seat))
        state, _events = apply(state, action)
    return position.played(state)


@cache
def verdicts() -> tuple[tuple[Puzzle, str, Verdict], ...]:
    """Every puzzle answered with its runner-up, and by staying put where it can: the verdicts."""
    puzzles = load_puzzles()
    found: list[tuple[Puzzle, str, Verdict]] = []
    for puzzle in puzzles.puzzles:
        position = PuzzlePosition(puzzle, puzzle_session(puzzle, "Ada").state)
        answers = {
            "the runner-up": puzzle.runner_up_actions(),
            "staying put": staying_put(position),
        }
        poor = answers["staying put"]
        plans = verdict_plans(puzzle, poor) if poor is not None else verdict_plans(puzzle, ())[:2]
        view = observe(position.start, puzzle.seat)
        outcomes = run(parts_on_deals(view, plans, puzzles.deals, puzzle.deal_key))
        for answer, played in answers.items():
            if played is not None and played != puzzle.best_actions():
                found.append((puzzle, answer, verdict_from(position, played, outcomes)))
    return tuple(found)


def test_every_puzzle_is_answered_both_ways() -> None:
    puzzles = load_puzzles().puzzles
    answered = verdicts()
    assert {p.number for p, answer, _v in answered if answer == "the runner-up"} == {
        p.number for p in puzzles
    }
    assert sum(answer == "staying put" for _p, answer, _v in answered) >= len(puzzles) // 2


@pytest.mark.parametrize("language", ["en", "ja"])
def test_no_verdict_rests_on_the_ais_valuation_alone(language: str) -> None:
    alone: list[str] = []
    for puzzle, answer, verdict in verdicts():
        session = puzzle_session(puzzle, "Ada")
        start = PuzzlePosition(puzzle, session.state).start
        with speaking(language):
            them = pgettext("the plan compared", "yours")  # the best is never the answer here
            said = difference_said(
                verdict.difference,
                puzzle.best_actions(),
                verdict.played,
                session.cards,
                them=them,
                facts=(verdict.advice.best, verdict.advice.alternative),
                board=start.rules.board,
                names=session.names,
            )
            made = verdict_html(
                verdict,
                start,
                names=session.names,
                cards=session.cards,
                board=start.rules.board,
                rating="",
            )
            expected = sentences(*(s.text for s in said))
        shown = re.search(r'<p class="puzzle-difference">(.*?)</p>', made)
        assert shown is not None
        assert html.unescape(shown.group(1)) == expected
        if not any(s.checkable for s in said[:2]):
            alone.append(f"puzzle {puzzle.number} answered with {answer}: {said[0].text}")
        if language == "ja":  # every word Japanese but the seats' names
            words = shown.group(1)
            for name in session.names:
                words = words.replace(name, "")
            assert not re.search(r"[A-Za-z]{3,}", words), words
    assert alone == []
