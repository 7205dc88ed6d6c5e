"""Warnings mean one thing (issue 39, item 5).

One rule (``park.ui.play.warnings``) decides the ⚠ of every move the player can make, from its
chance of costing the Month counters before the next turn (R19: R52, R62, R63, R66), against the
threshold ``WARN_AT``; the decision's buttons, the hand's cards, the map's spaces, the hint's reason
and a puzzle's verdict all read it, and a warned move's words say the chance.
"""

from __future__ import annotations

import html
import re

from park import GameState, Phase, legal_actions, observe
from park.ai.advice import Advice, PlanFacts
from park.engine.actions import PlayCard, Step
from park.engine.terms import HOTEL
from park.ui.coach.text import hint_words
from park.ui.game.screen import screen_parts
from park.ui.game.session import Session
from park.ui.play.board_svg import board_svg
from park.ui.play.view import build_view
from park.ui.play.view_types import DANGER, ButtonView, GameView
from park.ui.play.warnings import (
    CLUB_WITHOUT_SCORE,
    ENDS_IN_CLUB,
    REACH,
    SENT_ONTO_YOU,
    STAYS_WITH_PARK,
    WALKS_INTO_PARK,
    WARN_AT,
    MoveRisk,
    move_risks,
    warning_words,
)
from park.ui.puzzles.catalogue import load_puzzles
from park.ui.puzzles.html import verdict_html
from park.ui.puzzles.position import PuzzlePosition, puzzle_session
from park.ui.puzzles.verdict import judge_in_slices
from park.ui.setup.settings import NewGameSettings
from tests.engine.helpers import ARTIFACT, FACT, P1, Seat, position, run
from tests.ui.helpers import returned


def view_of(state: GameState) -> GameView:
    return build_view(observe(state, P1), legal_actions(state))


def button(view: GameView, action: str) -> ButtonView:
    return next(b for b in view.decision.buttons if b.action == action)


def drawn_space(view: GameView, space: str) -> str:
    """The map's markup of ``space``: its ``<g>``, up to the next space's."""
    svg = board_svg(view.board)
    start = svg.rindex("<g ", 0, svg.index(f'data-space="{space}"'))
    end = svg.find("data-space=", svg.index(f'data-space="{space}"') + 12)
    return svg[start:end]


def risks_of(state: GameState) -> dict[str, MoveRisk]:
    return move_risks(observe(state, P1), legal_actions(state))


# -- the rule -----------------------------------------------------------------------------------


def test_warning_threshold_is_the_chance_said_about_50_percent_or_more() -> None:
    assert WARN_AT == 50
    assert MoveRisk("step:3", "3", 2, 0.50).warned
    assert MoveRisk("step:3", "3", 2, 0.496).warned, "said 'about 50%', so warned"
    assert not MoveRisk("step:3", "3", 2, 0.494).warned, "said 'about 49%'"
    assert not MoveRisk("step:3", "3", 0, 1.0, WALKS_INTO_PARK).warned, "nothing to lose"


def test_warning_threshold_says_the_chance_in_words() -> None:
    likely = warning_words(MoveRisk("step:10", "10", 3, 0.62))
    assert likely == "Captain Park likely lands here before your next turn: about 62%"
    assert warning_words(MoveRisk("step:10", "10", 1, 0.8)) == (
        "Captain Park very likely lands here before your next turn: about 80%"
    )
    assert warning_words(MoveRisk("step:10", "10", 1, 0.999)) == (
        "Captain Park almost certainly lands here before your next turn: about 100%"
    )
    assert warning_words(MoveRisk("step:10", "10", 3, 0.3)) == "", "not warned"
    # A certain loss is said by the move's own words (walking into Captain Park…).
    assert warning_words(MoveRisk("step:3", "3", 3, 1.0, WALKS_INTO_PARK)) == ""


# -- steps --------------------------------------------------------------------------------------


def test_warning_threshold_park_on_the_space_is_warned_100_percent() -> None:
    state = position(park=3, seats={P1: Seat("1", months=2)})  # R63
    risk = risks_of(state)["step:3"]
    assert (risk.chance, risk.cause, risk.warned) == (1.0, WALKS_INTO_PARK, True)
    view = view_of(state)
    assert button(view, "step:3").style == DANGER
    assert (
        "Captain Park is here: you would lose your Month counters" in button(view, "step:3").detail
    )
    space = next(s for s in view.board.spaces if s.id == "3")
    assert space.warned


def test_warning_threshold_club_without_a_score_is_warned() -> None:
    broke = position(park=8, seats={P1: Seat("6", months=3, inventory=[], hand=[FACT])})
    risk = risks_of(broke)["step:club"]
    assert (risk.chance, risk.cause, risk.warned) == (1.0, CLUB_WITHOUT_SCORE, True)  # R52
    assert button(view_of(broke), "step:club").style == DANGER
    ready = position(park=8, seats={P1: Seat("6", months=8, inventory=[ARTIFACT], hand=[FACT])})
    assert not risks_of(ready)["step:club"].warned, "the counters are spent on a score"
    assert button(view_of(ready), "step:club").style == "primary"


def test_warning_threshold_a_likely_landing_is_warned_with_its_chance() -> None:
    # Captain Park on 1, the player in the Club: Café 3 is two numbers ahead of him (R59, R62).
    state = position(park=1, seats={P1: Seat("club", months=3)})
    risk = risks_of(state)["step:3"]
    assert risk.cause == REACH and risk.warned and risk.chance >= WARN_AT / 100
    view = view_of(state)
    step = button(view, "step:3")
    odds = f"lands here before your next turn: about {round(risk.chance * 100)}%"
    assert step.style == DANGER and odds in step.detail
    assert step.detail.startswith("draw a card; your turn ends; Captain Park almost certainly")
    space = next(s for s in view.board.spaces if s.id == "3")
    assert space.warned and odds in space.hint
    assert 'class="pk-warn"' in drawn_space(view, "3")
    assert 'class="pk-space kind-cafe is-clickable is-costly"' in drawn_space(view, "3")


def test_warning_threshold_an_unlikely_landing_is_not_warned() -> None:
    state = position(park=1, seats={P1: Seat("club", months=3)})
    risk = risks_of(state)["step:10"]  # Café 10: nine numbers ahead of him
    assert risk.cause == REACH and not risk.warned and risk.chance < WARN_AT / 100
    view = view_of(state)
    assert button(view, "step:10").style == "primary"
    assert "Captain Park" not in button(view, "step:10").detail
    space = next(s for s in view.board.spaces if s.id == "10")
    assert not space.warned
    assert "is-costly" not in drawn_space(view, "10")
    assert 'class="pk-warn"' not in drawn_space(view, "10")


def test_warning_threshold_every_warned_move_is_a_danger_button_and_only_those() -> None:
    """Never a green (primary) button whose words say a chance of 50% or more."""
    session = Session.new(NewGameSettings("Ada", 3, "easy", 11))
    seen = 0
    for _ in range(40):
        session.run_ai_turns()
        if session.is_over:
            break
        view = session.view()
        risks = view.decision.risk_of
        for b in view.decision.buttons:
            risk = risks.get(b.action)
            assert (b.style == DANGER) == (risk is not None and risk.warned), b
            for said in re.findall(r"about (\d+)%", b.detail):
                assert int(said) < WARN_AT or b.style == DANGER, b
            seen += b.style == DANGER
        state = session.state
        if state.phase is Phase.MARKET:
            session.exchange(())
            continue
        legal = legal_actions(state)
        unwarned = [a for a in legal if not (risks.get(str(a)) and risks[str(a)].warned)]
        session.act((unwarned or list(legal))[0])
    assert seen, "some move was warned"


# -- staying put, ending the turn, a shop ---------------------------------------------------


def test_warning_threshold_stay_put_clearing_or_likely_caught_is_warned() -> None:
    on_park = risks_of(position(park=3, seats={P1: Seat("3", months=2)}))["stay"]
    assert (on_park.cause, on_park.warned) == (STAYS_WITH_PARK, True)  # R66
    in_club = risks_of(position(park=3, seats={P1: Seat("club", months=2)}))["stay"]
    assert (in_club.cause, in_club.warned) == (ENDS_IN_CLUB, True)  # R52
    # Captain Park on 3, the player on News Stand 6 three numbers ahead (R62).
    ahead = position(park=3, seats={P1: Seat("6", months=2)})
    stay = button(view_of(ahead), "stay")
    assert stay.style == DANGER
    assert stay.detail.startswith("the turn ends; Captain Park very likely lands here")
    behind = position(park=3, seats={P1: Seat("1", months=2)})
    stay = button(view_of(behind), "stay")
    assert (stay.style, stay.detail) == ("secondary", "the turn ends; nothing happens")


def test_warning_threshold_end_my_turn_and_play_no_card_say_the_chance() -> None:
    # Captain Park on 4; a Fact played at News Stand 6 moves him to 5, one number behind.
    state = position(park=4, seats={P1: Seat("club", months=3, hand=[FACT, ARTIFACT])})
    at_shop, _ = run(state, Step("6"))
    skip = button(view_of(at_shop), "skip")
    assert (skip.label, skip.style) == ("Play no card", DANGER)
    assert skip.detail.startswith("the turn ends; Captain Park almost certainly lands here")
    after, _ = run(at_shop, PlayCard(FACT))
    assert after.phase is Phase.STEP_AGAIN and after.park == 5
    end = button(view_of(after), "stay")
    assert (end.label, end.style) == ("End my turn", DANGER)
    assert end.detail.startswith("stay at News Stand 6; the turn ends; Captain Park almost")


def test_warning_threshold_no_matching_card_the_only_button_ends_the_turn() -> None:
    """R45: a shop with no card of its type to play: the only move says it ends the turn."""
    state = position(park=8, seats={P1: Seat("club", months=3, hand=[ARTIFACT])})
    at_shop, _ = run(state, Step("6"))  # News Stand 6 takes a Fact
    view = view_of(at_shop)
    assert "You hold no Fact to play here, so your turn ends." in view.decision.prompt
    (only,) = view.decision.buttons
    assert (only.action, only.label) == ("skip", "End my turn")
    assert only.detail == "stay at News Stand 6; the turn ends"
    assert only.style == "secondary"


# -- card plays ---------------------------------------------------------------------------------


def test_warning_threshold_card_plays_that_send_park_onto_you() -> None:
    # Captain Park on 12; the player steps into Antique Shop 13: a card moves him onto them.
    state = position(park=12, seats={P1: Seat("club", months=7, hand=[ARTIFACT])})
    at_shop, _ = run(state, Step("13"))
    risk = risks_of(at_shop)[f"play:{ARTIFACT}"]
    assert (risk.chance, risk.cause, risk.warned) == (1.0, SENT_ONTO_YOU, True)  # R42, R62
    assert button(view_of(at_shop), f"play:{ARTIFACT}").style == DANGER
    # Captain Park on 1: the card moves him to 2, not onto the player at News Stand 6.
    safe = position(park=1, seats={P1: Seat("club", months=7, hand=[FACT])})
    at_six, _ = run(safe, Step("6"))
    assert not risks_of(at_six)[f"play:{FACT}"].warned
    assert button(view_of(at_six), f"play:{FACT}").style == "primary"


def test_warning_threshold_at_the_club_declining_is_warned_scoring_is_not() -> None:
    """Issue 50: declining loses the Month counters for nothing (R52); scoring spends them."""
    state = position(park=3, seats={P1: Seat("6", months=8, inventory=[ARTIFACT])})
    at_club, _ = run(state, Step("club"))
    assert at_club.phase is Phase.CLUB
    view = view_of(at_club)
    styles = {b.action: b.style for b in view.decision.buttons}
    assert styles.pop("decline") == DANGER
    assert styles and all(style != DANGER for style in styles.values())
    (risk,) = view.decision.risks
    assert (risk.action, risk.cause, risk.chance, risk.warned) == (
        "decline",
        ENDS_IN_CLUB,
        1.0,
        True,
    )


# -- the hint -----------------------------------------------------------------------------------

BOARD = position().rules.board
CARDS = {c.id: c for c in position().rules.cards}
NAMES = ["Ada", "Lady Beatrice", "Colonel Pembroke", "Professor Quill"]
HOTEL_ID = next(s.id for s in BOARD.spaces if s.kind == HOTEL)


def plan(**changes: object) -> PlanFacts:
    base: dict[str, object] = {"actions": (Step("10"),), "end": "10", "park": 1, "months": 3}
    base.update({"chance": 0.7, **changes})
    return PlanFacts(**base)  # type: ignore[arg-type]


def advice(best: PlanFacts, other: PlanFacts | None) -> Advice:
    return Advice(0, Phase.START, best, other, 1, "club", 0.0, 6)


def reason(best: PlanFacts, other: PlanFacts | None, risks: dict[str, MoveRisk]) -> str:
    return hint_words(advice(best, other), names=NAMES, cards=CARDS, board=BOARD, risks=risks).text


def test_warning_threshold_hint_reason_says_why_a_warned_move_is_sound() -> None:
    risks = {
        "step:10": MoveRisk("step:10", "10", 3, 0.7),
        f"step:{HOTEL_ID}": MoveRisk(f"step:{HOTEL_ID}", HOTEL_ID, 3, 0.0),
    }
    best = plan(destination="China", potential=40.0, draws=1)
    other = plan(actions=(Step(HOTEL_ID),), end=HOTEL_ID, chance=0.0, potential=35.0)
    text = reason(best, other, risks)
    assert (
        "Its first move is marked ⚠: Captain Park lands on Café 10 before your next turn with a "
        "chance of about 70%, and you would lose your 3 Month counters." in text
    )
    assert (
        "The AI advises it all the same, counting the risk to your 3 Month counters: it builds "
        "your China expedition to about 40 points by the AI's estimate, against 35 after the "
        "other plan." in text
    )
    assert text.count("40 points") == 1, "the expedition is said once"
    assert "The AI takes that risk because of what the plan gains" not in text
    unwarned = {"step:10": MoveRisk("step:10", "10", 3, 0.3)}
    assert "marked ⚠" not in reason(best, other, unwarned)


def test_warning_threshold_hint_reason_of_a_warned_shop_the_plan_passes_through() -> None:
    risks = {"step:8": MoveRisk("step:8", "8", 3, 0.95)}
    actions = (Step("8"), PlayCard(ARTIFACT), Step("market"))
    best = plan(actions=actions, end="market", chance=0.0, played=(ARTIFACT,))
    text = reason(best, None, risks)
    assert (
        "Its first move is marked ⚠ for ending your turn on Gift Shop 8, where Captain Park "
        "lands before your next turn with a chance of about 95%; the plan does not end there: "
        "it ends at the Marketplace, where Captain Park never goes." in text
    )
    lost = plan(actions=actions, end="market", chance=0.0, months=0)
    assert "but your 3 Month counters are lost on the way" in reason(lost, None, risks)


def test_warning_threshold_hint_reason_of_a_certain_loss_and_of_every_move_warned() -> None:
    risks = {
        "step:3": MoveRisk("step:3", "3", 3, 1.0, WALKS_INTO_PARK),
        "step:10": MoveRisk("step:10", "10", 3, 0.9),
    }
    best = plan(actions=(Step("3"),), end="3", chance=1.0, months=0)
    text = reason(best, None, risks)
    assert "Its first move is marked ⚠: it walks into Captain Park, and you lose your 3" in text
    assert "every other move you have now is marked ⚠ too" in text


def test_warning_threshold_the_page_gives_the_hint_the_warnings() -> None:
    session = Session.new(NewGameSettings("Ada", 3, "easy", 5))
    session.run_ai_turns()
    risks = session.view().decision.risk_of
    warned = next((a for a, r in risks.items() if r.warned and a.startswith("step:")), None)
    assert warned is not None, "a warned step at the first turn"
    space = warned.removeprefix("step:")
    best = plan(actions=(Step(space),), end=space, months=risks[warned].months)
    session.coach.advice = advice(best, None)
    parts = screen_parts(session)
    assert parts.hint_marks == (warned,)
    assert "Its first move is marked ⚠" in parts.hint_text


# -- a puzzle's verdict -------------------------------------------------------------------------


def test_warning_threshold_a_puzzles_verdict_says_why_its_warned_move_is_sound() -> None:
    puzzle = load_puzzles().number(3)  # the best turn passes through Gift Shop 8 (about 70%)
    session = puzzle_session(puzzle, "Ada")
    start = session.state
    assert risks_of_seat(start, puzzle.seat)[str(puzzle.best_actions()[0])].warned
    at_start = PuzzlePosition(puzzle, start)
    for action in puzzle.runner_up_actions():
        session.act(action)
    verdict = returned(judge_in_slices(at_start, session.state, 8))
    shown = html.unescape(
        verdict_html(
            verdict,
            start,
            names=session.names,
            cards=session.cards,
            board=start.rules.board,
            rating="",
        )
    )
    assert "Its first move is marked ⚠ for ending your turn on Gift Shop 8" in shown
    assert "it ends at the Marketplace, where Captain Park never goes" in shown


def risks_of_seat(state: GameState, seat: int) -> dict[str, MoveRisk]:
    return move_risks(observe(state, seat), legal_actions(state))
