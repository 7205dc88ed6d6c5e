"""Every card's Japanese name and joke (issue 13): in the deck data, validated on load, within
the length limits, unique, and shown by the page in Japanese."""

from __future__ import annotations

import copy

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
from park.ui.lang.i18n import card_flavor, card_name, speaking


def test_every_card_has_japanese_text_within_the_length_limits() -> None:
    deck = load_deck()
    for card in deck:
        ja = card.translations["ja"]
        assert 0 < len(ja.name) <= TRANSLATED_NAME_LENGTH, card.id
        assert 0 < len(ja.flavor) <= TRANSLATED_FLAVOR_LENGTH and "\n" not in ja.flavor, card.id
        assert ja.name != card.name and ja.flavor != card.flavor, card.id
    assert len({c.translations["ja"].name for c in deck}) == len(deck)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda card: card.pop("ja"), "needs its ja text"),
        (lambda card: card["ja"].pop("flavor"), "ja.flavor"),
        (lambda card: card["ja"].update(name="長" * (TRANSLATED_NAME_LENGTH + 1)), "ja.name"),
        (lambda card: card["ja"].update(flavor="一行目\n二行目"), "ja.flavor"),
    ],
)
def test_a_card_without_valid_japanese_text_is_refused_on_load(change, reason: str) -> None:  # type: ignore[no-untyped-def]
    data = copy.deepcopy(read_data_file(DECK_FILE))
    change(data["card"][3])
    with pytest.raises(DataError, match=reason):
        parse_deck(data)


def test_an_archived_deck_without_translations_borrows_the_shipped_cards_text() -> None:
    data = copy.deepcopy(read_data_file(DECK_FILE))
    for card in data["card"]:
        card.pop("ja")
    old = parse_deck(data, languages=())
    with speaking("ja"):
        assert card_name(old[0]) == load_deck()[0].translations["ja"].name
        assert card_flavor(old[0]) == load_deck()[0].translations["ja"].flavor
    assert card_name(old[0]) == old[0].name
