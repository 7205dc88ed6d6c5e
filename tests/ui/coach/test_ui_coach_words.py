"""The coach's words (issue 12).

Each sentence of a hint's reason is built from the figures of the advice, with its branches (hiding,
risks taken, scores, rivals caught, margins, the Club within reach, the Marketplace, Fad ties), read
from hand-made facts.
"""

from __future__ import annotations

from park import Phase
from park.ai.advice import Advice, ExchangeFacts, FadFacts, PlanFacts
from park.engine.actions import Discard, FinishExchange, PlayCard, Score, Stay, Step
from park.engine.rules import new_game
from park.engine.state import Expedition
from park.ui.coach.text import hint_words, plan_words
from park.ui.lang.text import space_labels
from park.ui.play.warnings import percent, reach_words

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
        "Score Everest now for 61 points: Everest is the Fad (+10)"
        " and its 14-point Novelty dot is still free" in text
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


def test_month_counters_at_risk_are_not_said_to_be_kept() -> None:
    """A played-test hint: "you would lose your 2 Month counters" and then "It keeps" them."""
    risky = facts(months=2, chance=0.71, end="10", actions=(Step("10"),), mean=53.0, samples=30)
    club = facts(months=0, chance=0.0, end="club", actions=(Step("club"),), mean=52.0, samples=30)
    text = words(advice(risky, club))
    assert "about 71%" in text and "2 Month counters" in text
    assert "It keeps your" not in text
    hotel = next(s.id for s in BOARD.spaces if s.kind == "Hotel")  # safe: they are kept
    hidden = facts(months=2, chance=0.0, end=hotel, actions=(Step(hotel),))
    cafe = facts(months=1, chance=0.6, end="10", actions=(Step("10"),))
    assert "It keeps your 2 Month counters; the other plan ends the turn with 1." in words(
        advice(hidden, cafe)
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


def moving_park(chance: float, chance_now: float) -> PlanFacts:
    """A plan to Café 3 whose card moves Captain Park from 4 to 5, with 4 Month counters."""
    card = next(iter(CARDS))
    return facts(
        actions=(Step("6"), PlayCard(card), Step("3")),
        end="3",
        park=5,
        chance=chance,
        chance_now=chance_now,
        played=(card,),
        months=4,
    )


def test_a_plan_whose_cards_move_captain_park_says_so_with_both_figures() -> None:
    text = words(advice(moving_park(0.18, 0.05), None, park=4))
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
    best = moving_park(0.01, 0.001)
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
