"""The coach in the session and the page's markup (issue 12): hints on and off and counted in
the save, the hint's words built from its figures, Park's reach on the map, the moments."""

from __future__ import annotations

import re

import pytest
from tests.test_ai_coach import finished_game, ticking

from park import Phase, legal_actions
from park.ai.coach import Advice, ExchangeFacts, FadFacts, PlanFacts
from park.engine.actions import Discard, FinishExchange, PlayCard, Score, Stay, Step
from park.engine.errors import SaveError
from park.engine.rules import new_game
from park.engine.save import dumps, restore
from park.engine.state import Expedition
from park.ui.coach import Coach, HintsOffError
from park.ui.coach_html import moments_html
from park.ui.coach_text import hint_words, percent, plan_words, reach_words
from park.ui.page import page_parts
from park.ui.session import Session
from park.ui.settings import NewGameSettings
from park.ui.text import space_labels

BOARD = new_game(4, 1).rules.board
CARDS = {c.id: c for c in new_game(4, 1).rules.cards}
NAMES = ["Ada", "Lady Agatha", "Colonel Pembroke", "Professor Quill"]


def facts(**changes: object) -> PlanFacts:
    base: dict[str, object] = {
        "actions": (Stay(),),
        "end": "3",
        "park": 1,
        "months": 4,
        "chance": 0.3,
    }
    base.update(changes)
    return PlanFacts(**base)  # type: ignore[arg-type]


def advice(best: PlanFacts, other: PlanFacts | None = None, **changes: object) -> Advice:
    base: dict[str, object] = {
        "seat": 0,
        "phase": Phase.START,
        "best": best,
        "alternative": other,
        "park": 1,
        "here": "3",
        "here_chance": 0.0,
        "months_needed": 6,
    }
    base.update(changes)
    return Advice(**base)  # type: ignore[arg-type]


def words(a: Advice) -> str:
    return hint_words(a, names=NAMES, cards=CARDS, board=BOARD).text


def test_hiding_in_a_hotel_names_the_risk_it_avoids_with_its_own_figures() -> None:
    hotel = next(s.id for s in BOARD.spaces if s.kind == "Hotel")
    for chance, months in ((0.6, 5), (0.37, 2)):
        best = facts(actions=(Step(hotel),), end=hotel, chance=0.0, months=months)
        other = facts(actions=(Step("3"),), end="3", chance=chance, park=1)
        text = words(advice(best, other))
        label = space_labels(BOARD)[hotel]
        assert f"Hide in the {label}, where Captain Park never goes" in text
        assert (
            "Café 3: Captain Park lands on Café 3 before your next turn with a chance of about "
            f"{percent(chance)}%" in text
        )
        assert f"you carry {months} Month counters" in text


def test_a_space_captain_park_stands_on_is_said_so() -> None:
    hotel = next(s.id for s in BOARD.spaces if s.kind == "Hotel")
    park_on = BOARD.by_id["3"].number
    assert park_on is not None
    best = facts(actions=(Step(hotel),), end=hotel, chance=0.0)
    other = facts(end="3", chance=1.0, park=park_on)
    assert "Captain Park stands on Café 3" in words(advice(best, other, park=park_on))


def test_a_score_says_its_parts_fad_and_free_novelty_dot() -> None:
    scored = Expedition("Everest", 6, 24, 10, 3, 10, 14, 61, (), ())
    best = facts(
        actions=(Step("club"), Score("Everest")), end="club", chance=0.0, months=0, scored=scored
    )
    text = words(advice(best, None))
    assert (
        "Score Everest now for 61 points: Everest is the Fad (+10) and its 14-point Novelty dot is still free"
        in text
    )
    assert "Basic 24, Diversity 10, Endurance 3" in text
    assert (
        plan_words(best.actions, space_labels(BOARD), CARDS)
        == "Step to the Gentlemen's Club, then score Everest."
    )


def test_a_rival_caught_by_the_card_played_is_named() -> None:
    card = next(iter(CARDS))
    best = facts(actions=(Step("6"), PlayCard(card), Stay()), rivals_hit=((2, 5),), chance=0.0)
    text = words(advice(best, facts()))
    assert "Captain Park lands on Colonel Pembroke, who loses 5 Month counters." in text
    assert f"play {CARDS[card].name}" in text


def test_the_rollouts_margin_and_the_expedition_are_the_plans_figures() -> None:
    card = next(iter(CARDS))
    best = facts(
        mean=40.0,
        samples=30,
        destination="China",
        potential=37.6,
        chance=0.0,
        end="3",
        played=(card,),
    )
    other = facts(mean=31.4, samples=28, destination="China", potential=30.2, chance=0.0, end="7")
    text = words(advice(best, other))
    assert (
        f"It puts {CARDS[card].name} into your Inventory: the AI's estimate of your China "
        "expedition is then about 38 points (cards still in hand counted in part), against 30 "
        "after the other plan." in text
    )
    assert text.endswith("The other plan: Stay put.")
    best = facts(mean=40.0, samples=30, chance=0.0, end="3", months=3)
    other = facts(mean=31.4, samples=28, chance=0.0, end="7", months=3)
    assert (
        "Over 28 sampled deals played on, it came out about 9 points ahead of the other plan."
        in words(advice(best, other))
    )
    won = facts(mean=120.0, samples=20, wins=6, chance=0.0, end="3", months=3)
    lost = facts(mean=60.0, samples=20, wins=2, losses=1, chance=0.0, end="7", months=3)
    assert (
        "Over 20 sampled deals played on, you win the game in 6 of them (2 after the other plan) "
        "and lose it in 0 (1)." in words(advice(won, lost))
    )
    level = facts(mean=40.0, samples=30, chance=0.0, end="3", months=3)
    other = facts(mean=39.8, samples=30, end="7", chance=0.0)
    assert "about level with" in words(advice(level, other))
    few = facts(mean=40.0, samples=7, chance=0.0, end="3", months=3)
    other = facts(mean=30.0, samples=7, end="7", chance=0.0)
    assert "sampled deal" not in words(advice(few, other))


def test_same_end_with_more_cards_says_so() -> None:
    best = facts(hand=6, chance=0.0)
    other = facts(hand=4, chance=0.0, actions=(Step("6"), Stay()))
    text = words(advice(best, other))
    assert "It ends on the same space as the other plan with 2 cards fewer played" in text
    kept = facts(months=5, chance=0.0, end="3")
    lost = facts(months=0, chance=0.0, end="club", actions=(Step("club"),))
    assert "It keeps your 5 Month counters; the other plan ends the turn with 0." in words(
        advice(kept, lost)
    )


def test_marketplace_and_fad_reasons_use_their_worths() -> None:
    card = next(iter(CARDS))
    exchange = ExchangeFacts((card,), ((card, 1.25),), 3.5, "Amazon")
    swap = facts(actions=(Discard(card), FinishExchange()), end="market", chance=0.0)
    a = advice(swap, None, phase=Phase.MARKET, exchange=exchange)
    text = words(a)
    assert "To your Amazon expedition a new card would be worth about 3.5 points on average" in text
    assert "(about 1.2 points)" in text
    assert hint_words(a, names=NAMES, cards=CARDS, board=BOARD).plan == (
        f"Exchange {CARDS[card].name}."
    )
    keep = ExchangeFacts((), ((card, 4.0),), 3.5, "Amazon")
    a = advice(facts(end="market", chance=0.0), None, phase=Phase.MARKET, exchange=keep)
    assert "is worth about 4.0 points to your Amazon expedition, more than a new card" in words(a)
    tie = FadFacts((("Africa", 10.0, 2.0), ("China", 0.0, 5.0)))
    a = advice(facts(), None, phase=Phase.FAD, fad_tie=tie)
    text = words(a)
    assert "As the Fad, Africa is worth about 10 points to your next expedition" in text
    assert "China would be worth about 0 points to you and 5 points to them" in text


def test_reach_words_say_the_whole_percent() -> None:
    assert reach_words(0.374) == "Captain Park lands here before your next turn: about 37%"
    assert reach_words(0.0) == "Captain Park cannot land here before your next turn"
    assert reach_words(0.003).endswith("under 1%")


def _your_turn(hints: bool = True, seed: int = 5) -> Session:
    session = Session.new(NewGameSettings("Ada", 3, "normal", seed, hints))
    session.run_ai_turns()
    assert session.human_to_move
    return session


def _hint(session: Session) -> Advice:
    items = session.coach.hint_in_slices(session.state, session.human, 0.2)
    found = [i for i in items if i is not None]
    assert len(found) == 1
    return found[0]


def test_a_hint_is_counted_kept_in_the_save_and_follows_the_plan() -> None:
    session = _your_turn()
    advice_now = _hint(session)
    assert session.coach.used == 1 and session.coach.advice == advice_now
    assert advice_now.actions[0] in legal_actions(session.state)
    parts = page_parts(session)
    assert parts.hint_marks == (str(advice_now.actions[0]),)
    assert "Hint:" in parts.markup["hint"] and parts.hint_text.startswith("Hint: ")
    assert 'data-ui="hint"' in parts.markup["coach"]
    session.act(advice_now.actions[0])
    if len(advice_now.actions) > 1 and session.human_to_move:
        assert session.coach.advice is not None
        assert session.coach.advice.actions == advice_now.actions[1:]
    resumed = Session.resume(session.save_text())
    assert resumed.coach.hints and resumed.coach.used == 1
    assert resumed.coach.advice is None


def test_undo_drops_the_hint() -> None:
    session = _your_turn(seed=9)
    board = session.state.rules.board
    into_shop = next(
        a
        for a in legal_actions(session.state)
        if isinstance(a, Step) and board.by_id[a.space].card_type is not None
    )
    session.act(into_shop)  # a shop draws nothing: the step can be taken back
    assert session.can_undo
    _hint(session)
    assert session.coach.advice is not None
    session.undo()
    assert session.coach.advice is None


def test_a_game_without_hints_offers_none_and_says_so() -> None:
    session = _your_turn(hints=False)
    with pytest.raises(HintsOffError):
        list(session.coach.hint_in_slices(session.state, session.human))
    parts = page_parts(session, reach=True)
    assert parts.markup["coach"] == ""
    assert "pk-reach" not in parts.markup["board"]
    resumed = Session.resume(session.save_text())
    assert not resumed.coach.hints
    assert resumed.settings_again().hints is False
    assert Coach(hints=False).record == "Played without hints."
    assert Coach(hints=True, used=0).record == "No hints used."
    assert Coach(hints=True, used=3).record == "3 hints used."


def test_no_hint_out_of_turn() -> None:
    session = Session.new(NewGameSettings("Ada", 3, "normal", 4))
    if session.human_to_move:
        session.act(Stay())
    assert not session.human_to_move
    assert 'data-ui="hint" disabled' in page_parts(session).markup["coach"]
    with pytest.raises(HintsOffError):
        list(session.coach.hint_in_slices(session.state, session.human))


def test_parks_reach_shades_the_map_and_describes_each_space() -> None:
    session = _your_turn()
    off = page_parts(session)
    assert "pk-reach" not in off.markup["board"]
    on = page_parts(session, reach=True)
    board = on.markup["board"]
    assert 'class="pk-reach"' in board and 'class="pk-reach-badges"' in board
    chances = session.coach.reach(session.state, session.human)
    assert chances is not None
    for space, chance in chances.items():
        if space == session.observation().park_space:
            continue
        desc = re.search(rf'<desc id="pk-hint-{re.escape(space)}">([^<]*)</desc>', board)
        assert desc is not None and reach_words(chance).replace("'", "&#x27;") in desc.group(1)
    assert 'aria-pressed="true"' in on.markup["coach"]


def test_save_notes_round_trip_and_damaged_notes_are_reported() -> None:
    state = new_game(3, 8)
    assert restore(dumps(state, notes={"hints": "off", "hints_used": 2})).notes == {
        "hints": "off",
        "hints_used": 2,
    }
    assert restore(dumps(state)).notes == {}
    with pytest.raises(ValueError):
        dumps(state, notes={"hints": "x" * 100})
    import json

    from park.engine.save import _checksum

    payload = json.loads(dumps(state))
    payload.pop("checksum")
    payload["notes"] = {"hints": ["not", "text"]}
    payload["checksum"] = _checksum(payload)
    restored = restore(json.dumps(payload))
    assert restored.notes == {} and any("notes" in n for n in restored.notices)
    payload["checksum"] = "0" * 64
    with pytest.raises(SaveError):
        restore(json.dumps(payload))


def test_moments_markup_shows_progress_then_the_moments_with_pictures() -> None:
    from park.ai.review import Review, ReviewProgress, review_in_slices
    from park.engine.save import start_of

    session = finished_game()
    kw = {
        "names": session.names,
        "cards": {c.id: c for c in session.state.rules.cards},
        "board": session.state.rules.board,
        "seat": session.human,
    }
    idle = moments_html(None, None, **kw)
    assert 'data-ui="moments"' in idle and "Find moments to look at" in idle
    running = moments_html(ReviewProgress(4, 38), None, **kw)
    assert '<progress max="38" value="4">' in running and 'data-ui="moments-cancel"' in running
    review = next(
        i
        for i in review_in_slices(
            start_of(session.state),
            list(session.state.log),
            session.human,
            budget=1.0,
            clock=ticking(),
        )
        if isinstance(i, Review)
    )
    done = moments_html(None, review, **kw)
    assert done.count('<li class="moment">') == len(review.moments) >= 1
    for moment in review.moments:
        assert f"about {round(moment.at_stake)} points at stake" in done
    assert 'id="pk-' not in done  # pictures carry their own ids, beside the map's
    assert done.count("<details>") == len(review.moments) - 1
    assert "none cost you much" in moments_html(None, Review((), 12), **kw)


def test_game_over_says_whether_hints_were_used() -> None:
    session = finished_game()
    parts = page_parts(session)
    assert parts.game_over is not None and "No hints used." in parts.game_over


def _multi_step_hint() -> tuple[Session, Advice]:
    """A human decision whose hint plans two decisions or more (found by playing on)."""
    for seed in range(20, 40):
        session = Session.new(NewGameSettings("Ada", 3, "normal", seed))
        for _ in range(8):
            session.run_ai_turns()
            if not session.human_to_move or session.state.phase is not Phase.START:
                break
            found = _hint(session)
            if len(found.actions) >= 2:
                return session, found
            session.act(found.actions[0])
            if session.human_to_move and session.state.phase is Phase.MARKET:
                session.exchange([])
            while session.human_to_move and session.state.phase is not Phase.START:
                session.act(legal_actions(session.state)[-1])
    raise AssertionError("no hint of two decisions or more")


def test_following_a_hint_in_the_session_keeps_the_rest_without_stale_comparisons() -> None:
    session, advice_now = _multi_step_hint()
    session.act(advice_now.actions[0])
    rest = session.coach.advice
    assert rest is not None and rest.actions == advice_now.actions[1:]
    assert rest.alternative is None and rest.here_chance == 0.0
    assert page_parts(session).hint_marks == (str(rest.actions[0]),)
    other = next(a for a in legal_actions(session.state) if a != rest.actions[0])
    session.act(other)
    assert session.coach.advice is None


def test_the_hint_is_what_a_hard_ai_in_the_seat_would_choose() -> None:
    from tests.test_ai_coach import ticking

    from park.ai.hard import HardBot
    from park.ui.seats import decision_rng

    for seed in (31, 32, 33):
        session = _your_turn(seed=seed)
        state = session.state
        items = session.coach.hint_in_slices(state, session.human, 0.3, clock=ticking())
        advice_now = next(i for i in items if i is not None)
        bot = HardBot(clock=ticking())
        chosen = bot.decide(
            session.observation(), legal_actions(state), decision_rng(state, session.human), 0.3
        )
        assert advice_now.actions[0] == chosen


def test_a_hint_stops_when_the_game_moves_on() -> None:
    session = _your_turn(seed=12)
    state = session.state
    thinking = session.coach.hint_in_slices(
        state, session.human, 0.5, current=lambda: session.state
    )
    assert next(thinking) is None
    session.act(legal_actions(state)[0])
    assert [i for i in thinking if i is not None] == []
    assert session.coach.advice is None and session.coach.used == 0


def test_hint_words_over_real_positions_say_only_the_advices_figures() -> None:
    from tests.test_ai_coach import advise, human_decisions

    said = 0
    for seed in (41, 42, 43, 44):
        for session in human_decisions(seed, turns=9):
            a = advise(session)
            state = session.state
            hint = hint_words(
                a,
                names=session.names,
                cards={c.id: c for c in state.rules.cards},
                board=state.rules.board,
            )
            assert 1 <= len(hint.reason) <= 2 and all(hint.reason)
            chances = {a.here_chance, a.best.chance, a.best.chance_now}
            if a.alternative is not None:
                chances.add(a.alternative.chance)
            for odds in re.findall(r"about (\d+)%", hint.text):
                assert int(odds) in {percent(c) for c in chances}
            if "cannot reach you there" in hint.text:
                assert a.best.chance == 0.0
            for deals in re.findall(r"Over (\d+) sampled deal", hint.text):
                assert int(deals) >= 3
            months = re.findall(r"you carry (\d+) Month counter", hint.text)
            assert all(int(m) == a.best.months for m in months)
            said += 1
    assert said >= 20


def test_asking_again_gives_the_hint_shown_without_thinking_or_counting() -> None:
    session, advice_now = _multi_step_hint()
    used = session.coach.used
    again = list(session.coach.hint_in_slices(session.state, session.human, 0.2))
    assert again == [advice_now] and session.coach.used == used
    session.act(advice_now.actions[0])  # following it: the rest is the hint for here
    rest = list(session.coach.hint_in_slices(session.state, session.human, 0.2))
    assert rest == [session.coach.advice] and session.coach.used == used
    assert rest[0] is not None and rest[0].actions == advice_now.actions[1:]


def test_a_plan_whose_cards_move_captain_park_says_so_with_both_figures() -> None:
    card = next(iter(CARDS))
    best = facts(
        actions=(Step("6"), PlayCard(card), Step("3")),
        end="3",
        park=5,
        chance=0.18,
        chance_now=0.05,
        played=(card,),
        months=4,
    )
    text = words(advice(best, None, park=4))
    assert (
        "Your card moves Captain Park from 4 to 5: the chance he lands on Café 3 before your "
        "next turn goes from about 5% (the map now) to about 18%; you carry 4 Month counters."
        in text
    )


def test_a_big_risk_taken_is_owned_up_to() -> None:
    best = facts(actions=(Step("3"),), end="3", chance=0.93, months=5)
    other = facts(actions=(Step("5"),), end="5", chance=0.18, months=5)
    text = words(advice(best, other))
    assert (
        "It risks your 5 Month counters: Captain Park lands on Café 3 before your next turn with "
        "a chance of about 93%; the other plan ends on Gift Shop 5, with about 18%." in text
    )


def test_the_club_within_reach_is_said_when_nothing_else_differs() -> None:
    best = facts(destination="China", potential=40.0, club_turns=1, months=6, chance=0.0)
    text = words(advice(best, None, months_needed=7))
    assert "next turn you can walk in with 7 Month counters and score China" in text


def test_park_moved_reads_like_the_map_and_not_when_the_other_plan_ends_the_same() -> None:
    card = next(iter(CARDS))
    best = facts(
        actions=(Step("6"), PlayCard(card), Step("3")),
        end="3",
        park=5,
        chance=0.01,
        chance_now=0.001,
        played=(card,),
        months=4,
    )
    assert "goes from under 1% (the map now) to about 1%" in words(advice(best, None, park=4))
    same = facts(actions=(Step("5"), PlayCard(card), Step("3")), end="3", park=5, chance=0.01)
    assert "(the map now)" not in words(advice(best, same, park=4))
    followed = advice(best, None, park=4).followed(Step("6"))
    assert followed is not None and "(the map now)" not in words(followed)


def test_staying_after_a_card_reads_as_ending_the_turn() -> None:
    card = next(iter(CARDS))
    labels = space_labels(BOARD)
    assert plan_words((Step("6"), PlayCard(card), Stay()), labels, CARDS).endswith(
        "then end your turn."
    )
    assert plan_words((Stay(),), labels, CARDS) == "Stay put."
    assert plan_words((Stay(),), labels, CARDS, after_card=True) == "End your turn."


def test_the_club_within_reach_is_a_reason_against_a_plan_without_it() -> None:
    best = facts(destination="China", club_turns=1, months=6, chance=0.0, end="6")
    other = facts(destination="China", club_turns=2, months=6, chance=0.0, end="7")
    assert "next turn you can walk in with 7 Month counters and score China" in words(
        advice(best, other, months_needed=7)
    )
