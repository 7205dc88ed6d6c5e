"""Every card's name and joke in each translated language (issue 13).

The languages are the registry's, ``park.engine.languages.TRANSLATIONS``. The names and jokes
are in the deck data, validated on load, within the length limits, unique, and shown by the
page in that language.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from park.engine.board import read_data_file
from park.engine.deck import (
    DECK_FILE,
    TRANSLATED_FLAVOR_LENGTH,
    TRANSLATED_NAME_LENGTH,
    load_deck,
    parse_deck,
)
from park.engine.errors import DataError
from park.engine.languages import TRANSLATIONS
from park.ui.lang.i18n import card_flavor, card_name, speaking


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_every_card_has_its_text_within_the_length_limits(code: str) -> None:
    deck = load_deck()
    for card in deck:
        text = card.translations[code]
        assert 0 < len(text.name) <= TRANSLATED_NAME_LENGTH, card.id
        assert 0 < len(text.flavor) <= TRANSLATED_FLAVOR_LENGTH, card.id
        assert "\n" not in text.flavor, card.id
        assert text.name != card.name and text.flavor != card.flavor, card.id
    assert len({c.translations[code].name for c in deck}) == len(deck)


@pytest.mark.parametrize("code", TRANSLATIONS)
@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda card, code: card.pop(code), "needs its {code} text"),
        (lambda card, code: card[code].pop("flavor"), "{code}.flavor"),
        (
            lambda card, code: card[code].update(name="長" * (TRANSLATED_NAME_LENGTH + 1)),
            "{code}.name",
        ),
        (lambda card, code: card[code].update(flavor="一行目\n二行目"), "{code}.flavor"),
    ],
)
def test_a_card_without_valid_text_in_a_language_is_refused_on_load(
    change: Callable[[dict[str, Any], str], object], reason: str, code: str
) -> None:
    data = copy.deepcopy(read_data_file(DECK_FILE))
    change(data["card"][3], code)
    with pytest.raises(DataError, match=reason.format(code=code)):
        parse_deck(data)


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_an_archived_deck_without_translations_borrows_the_shipped_cards_text(code: str) -> None:
    data = copy.deepcopy(read_data_file(DECK_FILE))
    for card in data["card"]:
        for language in TRANSLATIONS:
            card.pop(language)
    old = parse_deck(data, languages=())
    with speaking(code):
        assert card_name(old[0]) == load_deck()[0].translations[code].name
        assert card_flavor(old[0]) == load_deck()[0].translations[code].flavor
    assert card_name(old[0]) == old[0].name
