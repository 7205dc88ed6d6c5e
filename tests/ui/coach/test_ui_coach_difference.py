"""The coach's words on what made the difference (issue 41): ``park.ui.coach.difference``."""

from __future__ import annotations

from park.ai.difference import difference
from park.ai.search import RolloutParts
from park.ui.coach.difference import difference_words
from park.ui.lang.i18n import speaking


def test_the_words_of_a_turn_that_did_better_than_the_best() -> None:
    """On deals where the other turn came out ahead, the words say so, not the best's merits."""
    better = [RolloutParts(points=float(p)) for p in (9, 10, 11, 10)]
    ahead = difference([RolloutParts()] * 4, better)
    said = difference_words(ahead, (), (), {}, them="yours")
    assert said == ("Over 4 sampled deals yours came out about 10 points ahead of the best turn.",)
    with speaking("ja"):
        said_ja = difference_words(ahead, (), (), {}, them="あなたのプラン")
    assert "10点" in said_ja[0] and "4通り" in said_ja[0]


def test_deals_that_cannot_tell_the_turns_apart_are_said_so() -> None:
    noisy = [RolloutParts(points=float(p)) for p in (10, -10, 12, -8)]
    said = difference_words(difference(noisy, [RolloutParts()] * 4), (), (), {}, them="yours")
    assert said[0].endswith("the deals cannot tell them apart.")
