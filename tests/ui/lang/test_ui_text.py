"""park.ui.lang.text: space labels, the game log's plain-words lines, step hints."""

from __future__ import annotations

import random

import pytest

from park import Event, apply, legal_actions, load_board, new_game
from park.engine.languages import TRANSLATIONS
from park.ui.lang.i18n import speaking
from park.ui.lang.text import (
    a_or_an,
    describe,
    space_hint,
    space_labels,
    win_headline,
    with_article,
)

CARDS = {c.id: c for c in new_game(4, 1).rules.cards}
NAMES = ["Phileas", "Lady Agatha", "Colonel Pembroke", "Professor Quill"]


def test_space_labels_are_unique_and_readable() -> None:
    labels = space_labels()
    board = load_board()
    assert set(labels) == {s.id for s in board.spaces}
    assert len(set(labels.values())) == len(labels)
    assert labels["3"] == "Café 3"
    assert labels["11"] == "Hall of Records 11"
    assert labels["club"] == "Gentlemen's Club"
    assert labels["market"] == "Marketplace"
    assert labels["hotel_north"] == "North Hotel"
    assert labels["hotel_south"] == "South Hotel"


def test_small_words() -> None:
    assert with_article("Marketplace") == "the Marketplace"
    assert with_article("Café 3") == "Café 3"
    assert a_or_an("Artifact") == "an Artifact"
    assert a_or_an("Fact") == "a Fact"
    assert a_or_an("Anecdote") == "an Anecdote"


SMALL_WORDS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "ja": (("マーケット", "マーケット"), ("遺物", "遺物")),  # no articles
}
"""For each translated language, a space's label and a card type with their articles.

The space's label comes with its article (:func:`with_article`) and the card type with its "a"
or "an" (:func:`a_or_an`), as that language says them.
"""


def test_every_translated_language_has_its_small_words() -> None:
    assert sorted(SMALL_WORDS) == sorted(TRANSLATIONS)


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_small_words_in_each_language(code: str) -> None:
    (label, with_it), (word, a_word) = SMALL_WORDS[code]
    with speaking(code):
        assert with_article(label) == with_it and a_or_an(word) == a_word


def test_lines_name_the_seat_or_you() -> None:
    step = Event("stepped", 1, {"origin": "club", "to": "3"})
    assert describe(step, NAMES, CARDS) == "Lady Agatha stepped to Café 3."
    assert describe(step, NAMES, CARDS, you=1) == "You stepped to Café 3."
    lost = Event("months_lost", 2, {"months": 5, "reason": "park_landed"})
    assert describe(lost, NAMES, CARDS) == (
        "Colonel Pembroke lost 5 Month counters: Captain Park landed on them."
    )
    assert describe(lost, NAMES, CARDS, you=2) == (
        "You lost 5 Month counters: Captain Park landed on you."
    )
    park = Event("park_moved", None, {"origin": "1", "to": "2", "number": 2, "seats": []})
    assert describe(park, NAMES, CARDS) == "Captain Park moved to Antique Shop 2."
    turn = Event("turn_started", 0, {"turn": 7, "months": 1, "space": "club"})
    assert describe(turn, NAMES, CARDS, you=0) == "Your turn 7: 1 Month counter."
    assert describe(turn, NAMES, CARDS, you=1) == "Phileas's turn 7: 1 Month counter."


def test_a_seat_with_the_blank_name_is_you_in_every_line_never_you_wins() -> None:
    """Issue 50: a replay (no reader) said "You wins with 187 points!" of a blank-named seat."""
    names = ["You", *NAMES[1:]]
    won = Event("game_won", 0, {"score": 187, "target": 175})
    assert describe(won, names, CARDS) == "You win with 187 points!"
    assert describe(won, NAMES, CARDS) == "Phileas wins with 187 points!"
    step = Event("stepped", 0, {"origin": "club", "to": "3"})
    assert describe(step, names, CARDS, you=1) == "You stepped to Café 3."
    assert win_headline("You", 187) == "You win with 187 points!"
    assert win_headline("あなた", 187) == "You win with 187 points!"
    assert win_headline("Ada", 187) == "Ada wins with 187 points."
    assert win_headline("Ada", 187, is_you=True) == "You win with 187 points!"


def test_cards_are_named_with_their_type() -> None:
    played = Event("card_played", 3, {"card": "lions-tooth", "space": "2"})
    assert describe(played, NAMES, CARDS) == (
        "Professor Quill played Lion's Tooth on a Bootlace (Artifact) into their Inventory."
    )
    drew = Event("drew_card", 0, {"card": "lions-tooth"}, private_to=0)
    assert describe(drew, NAMES, CARDS, you=0) == "You drew Lion's Tooth on a Bootlace (Artifact)."


def test_an_opponents_draw_never_names_the_card() -> None:
    drew = Event("drew", 1, {"source": "café", "count": 1})
    line = describe(drew, NAMES, CARDS, you=0)
    assert line == "Lady Agatha drew a card at the Café."
    # Your own public "drew" line is left out: the private line names the card.
    assert describe(Event("drew", 0, {"source": "café", "count": 1}), NAMES, CARDS, you=0) is None


def test_scored_line_has_the_full_breakdown() -> None:
    scored = Event(
        "scored",
        0,
        {
            "destination": "Africa",
            "basic": 13,
            "diversity": 15,
            "endurance": 9,
            "fad": 10,
            "novelty": 7,
            "total": 54,
            "score": 54,
        },
    )
    assert describe(scored, NAMES, CARDS) == (
        "Phileas scored an expedition to Africa for 54 points (Basic 13, Diversity 15, "
        "Endurance 9, Fad 10, Novelty 7); total 54."
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_event_of_random_games_reads_as_a_sentence(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(NAMES, seed)
    seen: set[str] = set()
    for _ in range(3000):
        legal = legal_actions(state)
        if not legal:
            break
        state, events = apply(state, legal[rng.randrange(len(legal))])
        for event in events:
            for you in (None, 0, 1):
                if not event.visible_to(you):
                    continue
                line = describe(event, NAMES, CARDS, you=you)
                seen.add(event.kind)
                if line is None:
                    assert event.kind in ("turn_ended", "drew")
                else:
                    assert line.endswith((".", "!")), line
                    assert "{" not in line and "None" not in line, line
    assert {"stepped", "card_played", "park_moved", "turn_started"} <= seen


def test_step_hints() -> None:
    board = load_board()
    cafe, shop, club = board.space("3"), board.space("13"), board.space("club")
    # Issue 26: every step says whether it ends the turn.
    assert space_hint(cafe, park_here=False, playable=0, can_score=False) == (
        "draw a card; your turn ends"
    )
    assert "Captain Park is here" in space_hint(cafe, park_here=True, playable=0, can_score=False)
    assert space_hint(shop, park_here=False, playable=2, can_score=False) == (
        "you can play an Artifact and step again, or end your turn"
    )
    assert space_hint(shop, park_here=False, playable=0, can_score=False) == (
        "no Artifact in your hand: your turn ends"
    )
    assert "score" in space_hint(club, park_here=False, playable=0, can_score=True)
    assert "cannot score" in space_hint(club, park_here=False, playable=0, can_score=False)
    market = space_hint(board.space("market"), park_here=False, playable=0, can_score=False)
    assert "safe" in market
    for space in board.spaces:
        for playable in (0, 1):
            for can_score in (False, True):
                hint = space_hint(space, park_here=False, playable=playable, can_score=can_score)
                assert "turn ends" in hint or "end your turn" in hint, (space.id, hint)
