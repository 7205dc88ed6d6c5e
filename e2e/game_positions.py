"""Real game positions for the game's end-to-end tests, found by playing in CPython.

Each finder plays games with the same engine and bots as the page (``park.ui.game.session``)
until the human seat faces the wanted decision, and returns the autosave text. A test puts
that text in ``localStorage`` before the page starts, so the page resumes right there: the
same path a player takes when they reload mid-game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

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

SAVE_KEY = "park.save"
"""The page's localStorage key for the autosave (web/storage.py)."""
BACKUP_KEY = "park.save.backup"
"""Where the page keeps a save it cannot open (web/storage.py)."""


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


def _chain(state: GameState) -> tuple[str, ...] | None:
    """Two shops in a row where the human can play a card at each: step, play, step, play."""
    for first in legal_actions(state):
        if not isinstance(first, Step):
            continue
        s1 = _after(state, first)
        if s1.phase is not Phase.PLAY or s1.active != state.active:
            continue
        for play1 in legal_actions(s1):
            if not isinstance(play1, PlayCard):
                continue
            s2 = _after(s1, play1)
            for second in legal_actions(s2):
                if not isinstance(second, Step):
                    continue
                s3 = _after(s2, second)
                if s3.phase is not Phase.PLAY or s3.active != state.active:
                    continue
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
    """Play games (the human steered by an easy bot, nudged towards the Club when it could
    score) until ``wanted`` accepts a START decision of the human seat."""
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
    """A step Captain Park will likely land on before the human's next turn (a chance of
    ``WARN_AT`` percent or more, not a step into him): warned on the page."""
    from park import observe
    from park.ui.play.warnings import REACH, move_risks

    risks = move_risks(observe(state, state.active), legal_actions(state))
    for action, risk in risks.items():
        if action.startswith("step:") and risk.cause == REACH and risk.warned:
            return (action,)
    return None


def warned_step_position() -> Found:
    """The human's turn, with a step Captain Park will likely land on (warned, with its
    chance: ``park.ui.play.warnings``)."""
    return _find(_warned_step)


def market_position() -> Found:
    """The human's turn, one step from the Marketplace, holding at least three cards."""
    return _find(_market)


def club_position() -> Found:
    """The human's turn, one step from the Gentlemen's Club, qualified to score."""
    return _find(_club, decisions=1500)


def finished_position(*, opponents: int = 2, seed: int = 3) -> Found:
    """A whole game played to its end (the human seat steered by an easy bot): the page
    resuming it opens on the game-over screen."""
    session = Session.new(NewGameSettings("Phileas", opponents, "easy", seed))
    while not session.is_over:
        session.run_ai_turns()
        if session.is_over:
            break
        if session.state.phase is Phase.MARKET:
            session.exchange(session.suggest_exchange("easy"))
            continue
        choice = [a for a in session.suggest("easy") if a is not None][-1]
        session.act(choice)
    return Found(as_played(session), session.state, ())


def as_played(session: Session) -> str:
    """The save of a position a bot reached for the human seat, as if the human had played
    it (without the "autoplay" mark, so a finished one counts in Your record)."""
    session.mode = replace(session.mode, autoplay=False)
    return session.save_text()


def nearly_over(day: str | None = None) -> tuple[str, str]:
    """A save one decision of the human's before the game ends, and that decision (the
    text of its action): the human makes it on the page, so the game is the player's own
    and counts in the record (a game a bot played for a human, ``?autoplay``, does not).
    ``day``: a game of Today's expedition of that day (``YYYY-MM-DD``)."""
    session = Session.new(NewGameSettings("Phileas", 2, "easy", 3, day=day))
    before, last = as_played(session), ""
    while True:
        session.run_ai_turns()
        if session.is_over:
            return before, last
        if session.state.phase is Phase.MARKET:
            session.exchange(session.suggest_exchange("easy"))
            continue
        before = as_played(session)
        action = [a for a in session.suggest("easy") if a is not None][-1]
        last = str(action)
        session.act(action)
