"""AI opponents' names follow the page's language, also in a resumed game (issue 26, item 6).

None is the name of a card's character.
"""

from __future__ import annotations

import pytest

from park.engine.deck import load_deck
from park.engine.languages import TRANSLATIONS
from park.engine.names import same_name
from park.engine.state import SeatSpec
from park.ui.game.session import Session
from park.ui.lang.i18n import _, speaking
from park.ui.lang.text import OPPONENT_NAMES
from park.ui.setup.seats import localized_seats
from park.ui.setup.settings import NewGameSettings


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_a_game_started_in_english_names_its_opponents_in_a_language_it_is_resumed_in(
    code: str,
) -> None:
    session = Session.new(NewGameSettings("Ada", 3, "easy", 5))
    text = session.save_text()
    assert session.names == ["Ada", "Lady Beatrice", "Colonel Pembroke", "Professor Quill"]
    with speaking(code):
        resumed = Session.resume(text)
        translated = [_(name) for name in OPPONENT_NAMES[:3]]
    assert translated != list(OPPONENT_NAMES[:3])
    assert resumed.names == ["Ada", *translated]
    assert resumed.state.seats == session.state.seats and resumed.state.log == session.state.log
    # The save it writes now still loads, and back in English the names are English again.
    assert Session.resume(resumed.save_text()).names == session.names


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_a_former_opponent_name_is_replaced_and_people_keep_theirs(code: str) -> None:
    seats = [
        SeatSpec("Lady Agatha", "#c0392b", "human"),
        SeatSpec("Lady Agatha", "#2471a3", "easy"),
        SeatSpec("Colonel Pembroke", "#1e8449", "hard"),
        SeatSpec("Zed", "#d68910", "easy"),
    ]
    assert [s.name for s in localized_seats(seats)] == [
        "Lady Agatha",
        "Lady Beatrice",
        "Colonel Pembroke",
        "Zed",
    ]
    with speaking(code):
        translated = [_("Lady Beatrice"), _("Colonel Pembroke")]
        assert [s.name for s in localized_seats(seats)][1:3] == translated
    assert translated != ["Lady Beatrice", "Colonel Pembroke"]


def test_an_opponent_keeps_its_name_when_another_seat_has_the_new_one() -> None:
    seats = [SeatSpec("Lady Beatrice", "#c0392b"), SeatSpec("Lady Agatha", "#2471a3", "easy")]
    assert localized_seats(seats) == tuple(seats)


def test_no_opponent_has_a_cards_name() -> None:
    cards = [card.name for card in load_deck()]
    for name in OPPONENT_NAMES:
        assert not any(name.casefold() in card.casefold() for card in cards), name
        assert not any(same_name(name, card) for card in cards)


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_a_blank_name_is_you_in_the_language_a_game_is_resumed_in(code: str) -> None:
    """Issue 48: "You" (the New game form's blank name) read back in Japanese is あなた."""
    session = Session.new(NewGameSettings("", 2, "easy", 5))
    assert session.names[0] == "You"
    with speaking(code):
        resumed = Session.resume(session.save_text())
        you = _("You")
    assert you != "You" and resumed.names[0] == you
    assert Session.resume(resumed.save_text()).names[0] == "You"
    people = [SeatSpec("You", "#c0392b", "human"), SeatSpec("Ada", "#2471a3", "human")]
    with speaking(code):
        assert [s.name for s in localized_seats(people)] == [you, "Ada"]
