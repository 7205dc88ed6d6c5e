"""R21-R57: turns, steps, and what each kind of space does (RULES.md 1.4, 1.5)."""

from __future__ import annotations

from park import (
    Card,
    PlayCard,
    Step,
    apply,
    legal_actions,
    load_board,
    load_scoring_board,
    make_ruleset,
    new_game,
)
from positions import P1


def test_R38_play_actions_name_cards_of_this_games_own_deck():
    # Regression: legal actions were cached by id() of the deck tuple, so a new custom deck
    # allocated where a freed one had been was offered the old deck's cards.
    board, scoring = load_board(), load_scoring_board()
    for k in range(40):
        cards = tuple(
            Card(f"deck{k}-card{i}", f"Card {i}", "A fact.", "Fact", {"Africa": 5})
            for i in range(30)
        )
        rules = make_ruleset(board, cards, scoring)
        state = new_game(4, 1, first_seat=P1, rules=rules)
        hand = {rules.cards[c].id for c in state.seats[P1].hand}
        state, _ = apply(state, Step("6"))  # News Stand 6, and every card is a Fact
        plays = {a.card for a in legal_actions(state) if isinstance(a, PlayCard)}
        assert plays == hand
        del rules, state, cards
