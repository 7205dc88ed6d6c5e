"""Checks the shipped deck data against docs/rules.md, "The deck".

Reads src/park/data/deck.toml directly with tomllib (independent of park.load_deck()).
"""

import re
import tomllib
from collections import Counter

import pytest

from park.engine.languages import TRANSLATIONS
from tests.helpers import SRC

DECK_PATH = SRC / "data" / "deck.toml"

DESTINATIONS = ("Africa", "Amazon", "China", "Everest", "South Pole")
TYPES = ("Artifact", "Anecdote", "Photograph", "Fact", "Hero")
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

# Band for the highest value, by number of destinations on the card.
HIGHEST_BAND = {1: (7, 10), 2: (5, 8), 3: (4, 6)}


@pytest.fixture(scope="module")
def cards():
    with DECK_PATH.open("rb") as f:
        data = tomllib.load(f)
    assert set(data) == {"card"}, f"unexpected top-level keys: {sorted(data)}"
    return data["card"]


def highest(card):
    """The (destination, value) pair with the card's highest value."""
    values = card["values"]
    return max(values.items(), key=lambda item: item[1])


def test_deck_has_exactly_90_cards(cards):
    assert len(cards) == 90


def test_every_card_has_exactly_the_expected_fields(cards):
    for card in cards:
        fields = {"id", "name", "flavor", "type", "values", *TRANSLATIONS}  # a text per language
        assert set(card) == fields, card.get("id")


def test_ids_are_unique_slugs(cards):
    ids = [card["id"] for card in cards]
    bad = [i for i in ids if not isinstance(i, str) or not SLUG.match(i)]
    assert bad == []
    dupes = [i for i, n in Counter(ids).items() if n > 1]
    assert dupes == []


def test_names_are_unique(cards):
    names = [card["name"] for card in cards]
    dupes = [n for n, k in Counter(names).items() if k > 1]
    assert dupes == []


def test_names_are_nonempty_and_at_most_40_characters(cards):
    too_long = [c["name"] for c in cards if not 0 < len(c["name"].strip()) <= 40]
    assert too_long == []
    assert all(c["name"] == c["name"].strip() for c in cards)


def test_flavor_is_one_line_of_at_most_90_characters(cards):
    bad = [
        c["id"]
        for c in cards
        if not isinstance(c["flavor"], str)
        or not 0 < len(c["flavor"].strip()) <= 90
        or "\n" in c["flavor"]
        or "\r" in c["flavor"]
    ]
    assert bad == []


def test_types_are_valid(cards):
    bad = [(c["id"], c["type"]) for c in cards if c["type"] not in TYPES]
    assert bad == []


def test_exactly_18_cards_of_each_type(cards):
    counts = Counter(c["type"] for c in cards)
    assert counts == {t: 18 for t in TYPES}


def test_destinations_are_valid_with_one_to_three_per_card(cards):
    for card in cards:
        values = card["values"]
        assert 1 <= len(values) <= 3, card["id"]
        assert set(values) <= set(DESTINATIONS), card["id"]


def test_values_are_integers_from_1_to_10(cards):
    for card in cards:
        for dest, value in card["values"].items():
            # bool is an int subclass; reject it explicitly
            assert type(value) is int, (card["id"], dest)
            assert 1 <= value <= 10, (card["id"], dest, value)


def test_every_card_has_exactly_one_highest_value(cards):
    ties = []
    for card in cards:
        values = list(card["values"].values())
        if values.count(max(values)) != 1:
            ties.append(card["id"])
    assert ties == []


def test_each_destination_is_highest_on_exactly_18_cards(cards):
    counts = Counter(highest(c)[0] for c in cards)
    assert counts == {d: 18 for d in DESTINATIONS}


def test_highest_destinations_split_4_4_4_3_3_within_each_type(cards):
    for card_type in TYPES:
        counts = Counter(highest(c)[0] for c in cards if c["type"] == card_type)
        assert set(counts) == set(DESTINATIONS), card_type
        assert sorted(counts.values()) == [3, 3, 4, 4, 4], (card_type, counts)


def test_highest_values_lie_in_4_to_10(cards):
    bad = [(c["id"], highest(c)[1]) for c in cards if not 4 <= highest(c)[1] <= 10]
    assert bad == []


def test_highest_value_band_depends_on_number_of_destinations(cards):
    bad = []
    for card in cards:
        low, high = HIGHEST_BAND[len(card["values"])]
        top = highest(card)[1]
        if not low <= top <= high:
            bad.append((card["id"], len(card["values"]), top))
    assert bad == []


def test_other_values_lie_in_1_to_5_and_below_the_highest(cards):
    bad = []
    for card in cards:
        top_dest, top = highest(card)
        for dest, value in card["values"].items():
            if dest != top_dest and not (1 <= value <= 5 and value < top):
                bad.append((card["id"], dest, value))
    assert bad == []


def test_destination_totals_within_3_percent_of_their_mean(cards):
    totals = Counter()
    for card in cards:
        totals.update(card["values"])
    assert set(totals) == set(DESTINATIONS)
    mean = sum(totals.values()) / len(DESTINATIONS)
    off = {d: t for d, t in totals.items() if abs(t - mean) > 0.03 * mean}
    assert off == {}, (dict(totals), mean)


def test_each_type_mixes_one_two_and_three_destination_cards(cards):
    for card_type in TYPES:
        sizes = Counter(len(c["values"]) for c in cards if c["type"] == card_type)
        assert set(sizes) == {1, 2, 3}, (card_type, sizes)
        assert all(4 <= n <= 8 for n in sizes.values()), (card_type, sizes)
