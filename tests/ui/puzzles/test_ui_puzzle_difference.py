"""A puzzle's verdict says what made the difference (issue 41), with figures a player can check.

Puzzles 219 and 53 (the ones the issue names) and others of each kind: a kept card, Captain
Park's catches, Captain Park's reach, Month counters, points scored; a turn the deals cannot tell
from the best is solved; English and Japanese.
"""

from __future__ import annotations

import html
import re
from dataclasses import replace

import pytest

from park.ai.difference import Difference, difference
from park.ai.search import RolloutParts
from park.engine.rules import apply
from park.ui.lang.i18n import speaking
from park.ui.puzzles.catalogue import load_puzzles
from park.ui.puzzles.html import verdict_html
from park.ui.puzzles.position import PuzzlePosition, puzzle_session
from park.ui.puzzles.verdict import Verdict, judge_in_slices
from tests.ui.helpers import returned

pytestmark = pytest.mark.slow  # each verdict plays three plans on the puzzle's 24 deals


def _verdict_of_runner_up(number: int) -> tuple[Verdict, str, str]:
    """Puzzle ``number`` answered with its runner-up: the verdict and its markup in en and ja."""
    puzzle = load_puzzles().number(number)
    session = puzzle_session(puzzle, "Ada")
    position = PuzzlePosition(puzzle, session.state)
    state = position.start
    for action in puzzle.runner_up_actions():
        state, _events = apply(state, action)
    verdict = returned(judge_in_slices(position, state, load_puzzles().deals))
    markup = {}
    for language in ("en", "ja"):
        with speaking(language):
            made = verdict_html(
                verdict,
                position.start,
                names=session.names,
                cards=session.cards,
                board=position.start.rules.board,
                rating="",
            )
        found = re.search(r'<p class="puzzle-difference">(.*?)</p>', made)
        assert found is not None, "the verdict says what made the difference"
        markup[language] = html.unescape(found.group(1))
    return verdict, markup["en"], markup["ja"]


@pytest.mark.parametrize(
    ("number", "english", "japanese"),
    [
        (
            219,
            [
                "What made the difference is your next turn",
                "about 31 points after the best turn, against 25 points after yours",
                "The best turn keeps “The Emperor's Height, Officially” (China 5, Everest 3)",
                "plays “Sloth Clocked at Four Miles an Hour” (Amazon 7, Africa 2)",
            ],
            ["約31点", "25点", "（中国5、エベレスト3）"],
        ),
        (
            53,
            [
                "about 118 points after the best turn, against 111 points after yours",
                "keeps “The Anaconda and My Second-Best Hat” (Amazon 9)",
            ],
            ["約118点", "（アマゾン9）"],
        ),
        (17, ["on 17 of 24 deals after yours and on 0 after the best turn"], ["17通り"]),
        (100, ["on 11 of 24 deals after yours and on 0 after the best turn"], ["11通り"]),
        (280, ["a chance of about 0%; after yours, on Antique Shop 13: about 100%"], ["約100%"]),
        (190, ["The best turn ends with 1 Month counter; yours with 0."], ["月カウンター1個"]),
        (160, ["the best turn scores about 73 points", "against 65 points after yours"], ["73点"]),
    ],
)
def test_the_verdict_names_what_made_the_difference(
    number: int, english: list[str], japanese: list[str]
) -> None:
    verdict, said_en, said_ja = _verdict_of_runner_up(number)
    assert not verdict.solved and verdict.difference.tellable
    for words in english:
        assert words in said_en, said_en
    for words in japanese:
        assert words in said_ja, said_ja
    assert not re.search(r"[A-Za-z]{3,}", said_ja), said_ja


def _even() -> Difference:
    """A difference the deals cannot tell apart (the same outcomes, one deal noisy)."""
    same = [RolloutParts(points=float(p)) for p in (10, -10, 12, -8)]
    return difference(same, [RolloutParts()] * 4)


def test_a_turn_the_deals_cannot_tell_from_the_best_is_solved() -> None:
    verdict, _en, _ja = _verdict_of_runner_up(219)
    even = replace(verdict, difference=_even())
    assert even.yours < (even.best + even.runner_up) / 2  # below the midpoint, yet
    assert even.solved and not even.found_best
    puzzle = verdict.puzzle
    session = puzzle_session(puzzle, "Ada")
    start = PuzzlePosition(puzzle, session.state).start
    made = verdict_html(
        even, start, names=session.names, cards=session.cards, board=start.rules.board, rating=""
    )
    assert "Solved: your turn is as good as the best one." in made
    assert "the deals cannot tell them apart" in made
