"""What the human is told (issue 15).

"Since your last turn", each AI turn in one sentence, the cards just drawn, undo from the session,
the log in order, "Your turn" and Play again.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable
from dataclasses import replace

import pytest

from park import Event, Phase, Space, Step, legal_actions, load_board, observe
from park.engine.terms import CAFE
from park.ui.game.recap import Happening, turn_sentence
from park.ui.game.screen import screen_parts
from park.ui.game.session import Session
from park.ui.play.log_html import log_rounds
from park.ui.play.panels import recap_html
from park.ui.play.view import build_view
from park.ui.play.view_types import LogLine
from park.ui.setup.settings import GAME_TITLE, NewGameSettings
from tests.engine.helpers import ARTIFACT, FACT, P1, Seat, position
from tests.helpers import WEB


def _stand_still_until(session: Session, done: object, turns: int = 400) -> bool:
    """The human steps off once, then stays put each turn, until ``done(session)``."""
    check = done if callable(done) else (lambda s: False)
    for _ in range(turns):
        session.run_ai_turns()
        if session.is_over:
            return False
        if check(session):
            return True
        legal = legal_actions(session.state)
        steps = [a for a in legal if isinstance(a, Step)]
        at_start = session.state.seats[session.human].position == session.state.rules.board.start
        session.act(steps[0] if at_start and steps else legal[-1])
    return False


def _caught_session() -> Session:
    for seed in range(1, 60):
        session = Session.new(NewGameSettings("Ada", 3, "easy", seed))
        if _stand_still_until(
            session,
            lambda s: s.human_to_move and any(r.kind == "caught" for r in s.since_last_turn()),
        ):
            return session
    pytest.fail("Captain Park never caught the human")


def test_since_your_last_turn_says_who_sent_captain_park_onto_you() -> None:
    session = _caught_session()
    lines = session.since_last_turn()
    caught = next(r.text for r in lines if r.kind == "caught")
    match = re.fullmatch(
        r"(.+) played (.+): Captain Park moved to (.+) and caught you\."
        r" You lost (\d+) Month counters?\.",
        caught,
    )
    assert match, caught
    assert match.group(1) in session.names[1:]
    assert any(
        line.kind == "months_lost" and line.seat == session.human for line in session.log[-40:]
    )
    months = session.state.seats[session.human].months
    assert lines[-1].kind == "months" and lines[-1].text.startswith(f"You have {months} Month")


def test_since_your_last_turn_lists_every_score_and_fad() -> None:
    for seed in range(1, 80):
        session = Session.new(NewGameSettings("Ada", 4, "normal", seed))

        def rival_scored(s: Session) -> bool:
            return s.human_to_move and any(r.kind == "scored" for r in s.since_last_turn())

        if _stand_still_until(session, rival_scored):
            lines = session.since_last_turn()
            scored = [r.text for r in lines if r.kind == "scored"]
            assert all(
                re.fullmatch(r".+ scored .+ for \d+ points \(\d+ in all\)\.", t) for t in scored
            )
            fads = [r.text for r in lines if r.kind == "fad"]
            assert len(fads) == 1, "only the Fad now counts"
            assert re.fullmatch(r"The Fad (is now|changed \d+ times; it is now) .+\.", fads[0])
            return
    pytest.fail("no rival scored")


def test_the_recap_starts_afresh_when_your_turn_ends() -> None:
    session = _caught_session()
    session.act(legal_actions(session.state)[-1])  # stay: the turn ends, no AI has moved yet
    assert session.ai_to_move
    assert [r.kind for r in session.since_last_turn()] == ["park", "months"]
    assert session.since_last_turn()[0].text.startswith("Nothing touched you")


def test_each_ai_turn_is_announced_in_one_sentence() -> None:
    session = Session.new(NewGameSettings("Ada", 3, "easy", 8))
    session.run_ai_turns()
    session.act(legal_actions(session.state)[-1])
    session.run_ai_turns()
    assert session.announcement is not None
    turn, sentence = session.announcement
    assert sentence.count(".") >= 1 and sentence.endswith(".")
    assert sentence.split(" ")[0] in {n.split(" ")[0] for n in session.names[1:]}
    assert "\n" not in sentence and turn < session.state.turn


def _human_turn_with_a_step(to: Callable[[Space], bool]) -> tuple[Session, Step]:
    """A new game at the human's first turn and a legal step to a space for which ``to`` is true.

    The human is in the Club, next to Café 3, News Stand 6, Café 10 and Antique Shop 13.
    """
    session = Session.new(NewGameSettings("Ada", 3, "easy", 1))
    session.run_ai_turns()
    board = session.state.rules.board
    step = next(
        a for a in legal_actions(session.state) if isinstance(a, Step) and to(board.by_id[a.space])
    )
    return session, step


def test_a_card_drawn_is_new_until_the_next_decision() -> None:
    session, cafe = _human_turn_with_a_step(lambda space: space.kind == CAFE)
    before = set(session.observation().hand)
    session.act(cafe)
    cards = session.state.rules.cards
    drawn = {cards[i].id for i in set(session.observation().hand) - before}
    assert session.new_cards == frozenset(drawn) and len(drawn) == 1
    session.run_ai_turns()
    view = session.view()
    assert [c.id for c in view.hand if c.is_new] == list(drawn)
    assert "card-new" in screen_parts(session).markup["hand"]
    session.act(legal_actions(session.state)[-1])
    assert session.new_cards == frozenset()


def test_undo_takes_back_a_step_and_its_log_lines() -> None:
    session, shop = _human_turn_with_a_step(lambda space: space.card_type is not None)
    assert not session.can_undo  # the turn has just begun
    state, log = session.state, list(session.log)
    session.act(shop)
    assert session.state.phase is Phase.PLAY and session.can_undo
    assert 'data-ui="undo"' in screen_parts(session).markup["decision"]
    session.undo()
    assert session.state == state and session.log == log
    assert not session.can_undo
    assert 'data-ui="undo"' not in screen_parts(session).markup["decision"]
    assert Session.resume(session.save_text()).state == state


def test_the_log_reads_in_order_grouped_by_turn_and_round() -> None:
    lines = [
        LogLine("A new game.", None, "setup", 0),
        LogLine("Ada's turn 1.", 0, "turn_started", 1),
        LogLine("Ada stepped.", 0, "stepped", 1),
        LogLine("Bo's turn 2.", 1, "turn_started", 2),
        LogLine("Ada's turn 3.", 0, "turn_started", 3),
        LogLine("Bo's turn 4.", 1, "turn_started", 4),
        LogLine("Ada's turn 5.", 0, "turn_started", 5),
        LogLine("Ada stayed.", 0, "stayed", 5),
    ]
    markup = log_rounds(lines, ["#111111", "#222222"], players=2, open_rounds=2).html
    rounds = re.findall(r'<details class="log-round" data-round="(\d)"( open)?>', markup)
    assert rounds == [("1", ""), ("2", " open"), ("3", " open")]
    text = html.unescape(markup)
    assert text.index("Ada's turn 1.") < text.index("Ada stepped.") < text.index("Bo's turn 2.")
    assert markup.count('<ol class="log-turn">') == 6  # the setup line, then one per turn


def test_recap_markup_says_so_far_while_the_others_play() -> None:
    session = Session.new(NewGameSettings("Ada", 3, "easy", 3))
    lines = session.since_last_turn()
    assert "So far" in recap_html(lines, your_turn=False)
    assert "So far" not in recap_html(lines, your_turn=True)


def test_the_tab_title_says_your_turn() -> None:
    session = Session.new(NewGameSettings("Ada", 3, "easy", 3))
    session.run_ai_turns()
    assert screen_parts(session).title == f"Your turn · {GAME_TITLE}"
    session.act(legal_actions(session.state)[-1])
    if session.ai_to_move:
        assert screen_parts(session).title == GAME_TITLE


def test_play_again_keeps_the_table_with_a_new_deal() -> None:
    session = Session.new(NewGameSettings("Ada", 4, "hard", 12))
    again = session.settings_again()
    assert again == NewGameSettings("Ada", 4, "hard", None)
    fresh = Session.new(again, entropy=random.Random(1))
    assert fresh.names == session.names and fresh.seed != session.seed


def test_the_game_title_is_the_pages_title() -> None:
    index = (WEB / "index.html").read_text()
    assert f"<title>{GAME_TITLE}</title>" in index


def _ready_to_score_next_door() -> Session:
    """The human (seat P1, against easy AIs) at Café 3, next to the Club.

    The human has 8 Month counters and an Artifact in the Inventory: entering the Club draws a card
    and scores.
    """
    built = position(seats={P1: Seat("3", months=8, inventory=[ARTIFACT], hand=[FACT])})
    seats = tuple(
        replace(spec, controller="human" if i == P1 else "easy")
        for i, spec in enumerate(built.settings.seats)
    )
    return Session(replace(built, settings=replace(built.settings, seats=seats)))


def test_undo_says_why_not_after_a_card_is_drawn() -> None:
    session = _ready_to_score_next_door()
    assert session.undo_note is None  # nothing decided yet this turn
    session.act(Step("club"))  # a card is drawn; the expedition may be scored
    assert session.state.phase is Phase.CLUB and not session.can_undo
    assert session.undo_note == (
        "Nothing to undo: you drew a card, and Undo goes back only to before that."
    )
    assert "Nothing to undo: you drew a card" in screen_parts(session).markup["decision"]


def test_the_log_says_when_earlier_turns_are_left_out() -> None:
    lines = [LogLine(f"Turn {t}.", 0, "turn_started", t) for t in range(1, 40)]
    lines = [x for line in lines for x in (line, LogLine("A step.", 0, "stepped", line.turn))]
    markup = log_rounds(lines, ["#111111"], players=3, limit=11).html
    assert markup.count("Earlier turns are not shown.") == 1
    assert "Turn 34." not in markup and "Turn 35." in markup  # starts at a turn's beginning
    assert "Earlier turns" not in log_rounds(lines, ["#111111"], players=3).html


def test_stepping_into_the_club_without_qualifying_is_flagged_as_costly() -> None:
    built = position(seats={P1: Seat("3", months=3, inventory=[], hand=[FACT])})
    view = build_view(observe(built, P1), legal_actions(built))
    club = next(b for b in view.decision.buttons if b.action == "step:club")
    assert club.style == "danger"
    assert "ending the turn there clears your Month counters" in club.detail
    ready = position(seats={P1: Seat("3", months=8, inventory=[ARTIFACT], hand=[FACT])})
    view = build_view(observe(ready, P1), legal_actions(ready))
    club = next(b for b in view.decision.buttons if b.action == "step:club")
    assert club.style == "primary" and club.detail == "draw a card and score; your turn ends"


def test_your_own_score_is_recalled_at_your_next_turn() -> None:
    session = _ready_to_score_next_door()
    session.act(Step("club"))
    score = next(a for a in legal_actions(session.state) if str(a).startswith("score:"))
    session.act(score)
    while session.human_to_move and session.state.phase is Phase.FAD:
        session.act(legal_actions(session.state)[0])
    session.run_ai_turns()
    texts = [line.text for line in session.since_last_turn()]
    assert any(t.startswith("You scored Africa for ") for t in texts), texts
    assert any("The Fad" in t for t in texts)
    assert "You scored Africa" in screen_parts(session).markup["latest"]


def test_cards_drawn_together_are_said_together() -> None:
    happenings = [
        Happening(1, Event("card_discarded", 1, {"card": "lions-tooth"})),
        *(Happening(1, Event("drew", 1, {"source": "market", "count": 1})) for _ in range(3)),
        Happening(1, Event("exchanged", 1, {"count": 3})),
    ]
    sentence = turn_sentence(
        1,
        happenings,
        you=0,
        names=["Ada", "Bo"],
        cards={},
        board=load_board(),
    )
    assert sentence == "Bo exchanged 3 cards."
    drawing = [Happening(1, Event("drew", 1, {"source": "café", "count": 1}))] * 2
    assert turn_sentence(1, drawing, you=0, names=["Ada", "Bo"], cards={}, board=load_board()) == (
        "Bo drew 2 cards."
    )
