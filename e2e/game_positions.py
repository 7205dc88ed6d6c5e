"""Real game positions for the game's end-to-end tests, found by playing in CPython.

Each finder plays games with the same engine and bots as the page (``park.ui.game.session``)
until the human seat faces the wanted decision, and returns the autosave text. A test puts
that text in ``localStorage`` before the page starts, so the page resumes right there: the
same path a player takes when they reload mid-game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from tools.play import finish_session

from park import (
    Action,
    GameState,
    Phase,
    PlayCard,
    Step,
    apply,
    legal_actions,
)
from park.ui.game.session import Session
from park.ui.setup.settings import NewGameSettings


@dataclass(frozen=True)
class Found:
    """A position: its save text, its state, and the moves that make the tested turn."""

    save: str
    state: GameState
    moves: tuple[str, ...]


def _after(state: GameState, *actions: Action) -> GameState:
    for action in actions:
        state, _ = apply(state, action)
    return state


def _shop_steps(state: GameState, seat: int) -> Iterator[tuple[Action, GameState]]:
    """The steps from ``state`` into a shop where ``seat`` may then play a card.

    Each step comes with the state it leads to.
    """
    for step in legal_actions(state):
        if isinstance(step, Step):
            after = _after(state, step)
            if after.phase is Phase.PLAY and after.active == seat:
                yield step, after


def _chain(state: GameState) -> tuple[str, ...] | None:
    """Two shops in a row where the human can play a card at each: step, play, step, play."""
    seat = state.active
    for first, s1 in _shop_steps(state, seat):
        for play1 in [a for a in legal_actions(s1) if isinstance(a, PlayCard)]:
            for second, s3 in _shop_steps(_after(s1, play1), seat):
                plays = [a for a in legal_actions(s3) if isinstance(a, PlayCard)]
                if plays:
                    return (str(first), str(play1), str(second), str(plays[0]))
    return None


def _market(state: GameState) -> tuple[str, ...] | None:
    hand = state.seats[state.active].hand
    if Step("market") in legal_actions(state) and len(hand) >= 3:
        return ("step:market",)
    return None


def _club(state: GameState) -> tuple[str, ...] | None:
    if Step("club") in legal_actions(state) and _after(state, Step("club")).phase is Phase.CLUB:
        return ("step:club",)
    return None


def _find(
    wanted: Callable[[GameState], tuple[str, ...] | None],
    *,
    opponents: int = 3,
    seeds: range = range(1, 400),
    decisions: int = 400,
) -> Found:
    """Play games until ``wanted`` accepts a START decision of the human seat.

    The human is steered by an easy bot, nudged towards the Club when it could score.
    """
    for seed in seeds:
        session = Session.new(NewGameSettings("Phileas", opponents, "easy", seed))
        rng = random.Random(seed)
        for _ in range(decisions):
            session.run_ai_turns()
            if session.is_over:
                break
            state = session.state
            if state.phase is Phase.START:
                moves = wanted(state)
                if moves is not None:
                    return Found(as_played(session), state, moves)
            if state.phase is Phase.MARKET:
                session.exchange(session.suggest_exchange("easy"))
                continue
            choice: Action | None = next(a for a in session.suggest("easy") if a is not None)
            legal = legal_actions(state)
            if choice is None or rng.random() < 0.15:
                choice = legal[rng.randrange(len(legal))]
            session.act(choice)
    raise AssertionError("no game reached the wanted position")


def chain_position() -> Found:
    """The human's turn, with a step into a shop, a card, a second step and a second card."""
    return _find(_chain)


def _warned_step(state: GameState) -> tuple[str, ...] | None:
    """A step Captain Park will likely land on before the human's next turn.

    Its chance is ``WARN_AT`` percent or more, and it is not a step into him: warned on the page.
    """
    from park import observe
    from park.ui.play.warnings import REACH, move_risks

    risks = move_risks(observe(state, state.active), legal_actions(state))
    for action, risk in risks.items():
        if action.startswith("step:") and risk.cause == REACH and risk.warned:
            return (action,)
    return None


def warned_step_position() -> Found:
    """The human's turn, with a step Captain Park will likely land on.

    The step is warned, with its chance (``park.ui.play.warnings``).
    """
    return _find(_warned_step)


def market_position() -> Found:
    """The human's turn, one step from the Marketplace, holding at least three cards."""
    return _find(_market)


def club_position() -> Found:
    """The human's turn, one step from the Gentlemen's Club, qualified to score."""
    return _find(_club, decisions=1500)


def finished_position(*, opponents: int = 2, seed: int = 3) -> Found:
    """A whole game played to its end (the human seat steered by an easy bot).

    The page resuming it opens on the game-over screen.
    """
    session = finish_session(Session.new(NewGameSettings("Phileas", opponents, "easy", seed)))
    return Found(as_played(session), session.state, ())


def as_played(session: Session) -> str:
    """The save of a position a bot reached for the human seat, as if the human had played it.

    It is saved without the "autoplay" mark, so a finished one counts in Your
    record).
    """
    session.mode = replace(session.mode, autoplay=False)
    return session.save_text()


def nearly_over(day: str | None = None) -> tuple[str, str]:
    """A save one decision of the human's before the game ends, and that decision.

    The decision is the text of its action: the human makes it on the page, so the game is the
    player's own and counts in the record (a game a bot played for a human, ``?autoplay``, does
    not). ``day``: a game of Today's expedition of that day (``YYYY-MM-DD``).
    """
    session = Session.new(NewGameSettings("Phileas", 2, "easy", 3, day=day))
    last = [as_played(session), ""]

    def keep(before: Session, action: Action) -> None:
        last[:] = [as_played(before), str(action)]

    finish_session(session, before_decision=keep)
    return last[0], last[1]


def big_hand_position(cards: int = 10) -> Found:
    """The human's turn with ``cards`` cards or more in hand (issue 48: a laptop's big hand).

    The human seat never plays a card and keeps its hand at the Marketplace, picking its other
    moves at random (seeded), until its hand has grown.
    """
    for seed in range(1, 100):
        session = Session.new(NewGameSettings("Phileas", 3, "easy", seed))
        rng = random.Random(seed)
        for _ in range(800):
            session.run_ai_turns()
            if session.is_over:
                break
            state = session.state
            if state.phase is Phase.START and len(state.seats[state.active].hand) >= cards:
                return Found(as_played(session), state, ())
            if state.phase is Phase.MARKET:
                session.exchange([])
                continue
            moves = [a for a in legal_actions(state) if not isinstance(a, PlayCard)]
            session.act(moves[rng.randrange(len(moves))])
    raise AssertionError(f"no game reached a hand of {cards} cards")


def lesson_position(key: str) -> Found:
    """The guided game at the human's decision where the lesson ``key`` first shows.

    The human seat is played by the normal AI, each lesson finished by the move it makes (as
    ``tests/ui/tutorial/test_ui_tutorial.py`` plays it); the save keeps the lessons seen, so
    the page resuming it shows the lesson.
    """
    from park.ai import make_bot
    from park.engine.observation import observe
    from park.ui.tutorial.guide import finish_lesson, lesson_now
    from park.ui.tutorial.lessons import tutorial_settings

    session = Session.new(tutorial_settings("Phileas"))
    bot = make_bot("normal")
    rng = random.Random(1)
    while not session.is_over:
        session.run_ai_turns()
        if not session.human_to_move:
            continue
        lesson = lesson_now(session)
        if lesson is not None and lesson.key == key:
            return Found(session.save_text(), session.state, ())
        action = bot.decide(
            observe(session.state, session.human), legal_actions(session.state), rng
        )
        if lesson is not None:
            finish_lesson(session, lesson)
        session.act(action)
    raise AssertionError(f"the guided game ended before the lesson {key!r}")
