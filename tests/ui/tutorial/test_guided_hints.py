"""Following every hint wins the guided first game (issue 50).

A hint rests on a fixed number of shared sampled deals, not on the device's speed: at both depths
the page's thinking setting picks (24 deals for Quick and Normal, 48 for Deep), on the clocks of
a slow and a fast device (which change only when it yields to the page: the first case's advice
is the same on every clock, ``tests/ai/test_ai_coach.py``) and however the easy opponents' own
dice fall (their RNG salted), a beginner who follows every hint, the Marketplace's included, wins
the guided game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import park.ai.base
from park.engine.actions import Discard
from park.engine.state import GameState, Phase
from park.ui.coach.depth import HINT_DEALS
from park.ui.game.session import Session
from park.ui.tutorial.guide import finish_lesson, lesson_now
from park.ui.tutorial.lessons import tutorial_settings
from tests.ai.helpers import ticking

pytestmark = pytest.mark.slow  # a whole game with a hint at every turn: about 20 s a case


def salted(salt: str) -> Callable[[GameState, int], random.Random]:
    """The AI seats' RNG (``park.ai.base.decision_rng``) with ``salt`` in its seed."""

    def rng(state: GameState, seat: int) -> random.Random:
        return random.Random(f"park-ai:{state.settings.seed}:{seat}:{len(state.log)}:{salt}")

    return rng


def follow_every_hint(deals: int, clock_step: float) -> Session:
    """The guided game played by asking for a hint at every decision and following it."""
    session = Session.new(tutorial_settings("Ada"))
    while not session.is_over:
        session.run_ai_turns()
        if not session.human_to_move:
            continue
        finish_lesson(session, lesson_now(session))
        thinking = session.coach.hint_in_slices(
            session.state, session.human, deals, clock=ticking(clock_step)
        )
        advice = [item for item in thinking if item is not None][-1]
        if session.state.phase is Phase.MARKET:
            session.exchange([a.card for a in advice.actions if isinstance(a, Discard)])
        else:
            session.act(advice.actions[0])
    return session


@pytest.mark.parametrize(
    ("setting", "clock_step", "salt"),
    [("normal", 0.001, ""), ("quick", 0.02, "a phone's dice"), ("deep", 0.0001, "other dice")],
    ids=["normal-laptop", "quick-phone-other-dice", "deep-fast-other-dice"],
)
def test_following_every_hint_wins_the_guided_game(
    setting: str, clock_step: float, salt: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if salt:  # the AI seats import it when they decide (park.ui.game.ai_seats)
        monkeypatch.setattr(park.ai.base, "decision_rng", salted(salt))
    session = follow_every_hint(HINT_DEALS[setting], clock_step)
    scores = [seat.score for seat in session.state.seats]
    assert session.state.winner == session.human, scores
    assert session.coach.used > 20  # a hint at every decision but the rest of a plan followed
