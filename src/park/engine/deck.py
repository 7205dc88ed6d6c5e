"""The 90 cards: loading and validating ``park/data/deck.toml``, and the deck's seeded shuffles.

Loading and validating follow R2, R4 and docs/rules.md ("The deck"); the seeded shuffles of the
deck follow R10 and R69.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .board import read_data_file
from .errors import DataError
from .languages import TRANSLATIONS as LANGUAGE_TRANSLATIONS
from .terms import CARD_TYPES, DESTINATIONS

DECK_FILE = "deck.toml"
DECK_SIZE = 90
TRANSLATIONS: tuple[str, ...] = LANGUAGE_TRANSLATIONS
"""The languages every shipped card is translated into (issue 13; the registry:
``park.engine.languages``): a table per language, ``ja = { name = "…", flavor = "…" }``,
both required."""
TRANSLATED_NAME_LENGTH = 24
"""Longest translated card name, in characters (a Japanese character is about two Latin
letters wide, so this fits where the 40-letter English names do)."""
TRANSLATED_FLAVOR_LENGTH = 60
"""Longest translated joke, in characters, on one line."""
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(frozen=True, slots=True)
class CardText:
    """A card's ``name`` and joke (``flavor``) in another language (issue 13)."""

    name: str
    flavor: str


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a "proof" of an expedition.

    ``id`` is a stable slug used by saves and logs; ``name`` at most 40 characters; ``flavor``
    one line of at most 90; ``type`` one of ``CARD_TYPES``; ``values`` maps each destination the
    card is worth points for to those points (1..10). Destinations absent from ``values`` are
    blank: the card is worthless there (R82, A15). ``translations`` maps a language tag
    (``"ja"``) to the card's name and joke in it.
    """

    id: str
    name: str
    flavor: str
    type: str
    values: Mapping[str, int]
    translations: Mapping[str, CardText] = field(default_factory=dict)

    def value(self, destination: str) -> int:
        """Points for ``destination`` (0 when blank)."""
        return self.values.get(destination, 0)

    @property
    def best_destinations(self) -> tuple[str, ...]:
        """The destinations sharing the card's highest value, in display order (R95, A5)."""
        if not self.values:
            return ()
        top = max(self.values.values())
        return tuple(d for d in DESTINATIONS if self.values.get(d, 0) == top and top > 0)


def _fail(entry: str, reason: str) -> DataError:
    return DataError(f"{DECK_FILE}: {entry}: {reason}")


def _parse_translation(raw: Any, entry: str, language: str) -> CardText:
    if not isinstance(raw, dict):
        raise _fail(
            entry, f"needs its {language} text: {language} = {{ name = ..., flavor = ... }}"
        )
    name = raw.get("name")
    if not isinstance(name, str) or not 0 < len(name) <= TRANSLATED_NAME_LENGTH or "\n" in name:
        raise _fail(entry, f"{language}.name must be 1 to {TRANSLATED_NAME_LENGTH} characters")
    flavor = raw.get("flavor")
    if (
        not isinstance(flavor, str)
        or not 0 < len(flavor) <= TRANSLATED_FLAVOR_LENGTH
        or "\n" in flavor
    ):
        raise _fail(
            entry,
            f"{language}.flavor must be one line of 1 to {TRANSLATED_FLAVOR_LENGTH} characters",
        )
    return CardText(name, flavor)


def _parse_card(raw: Any, index: int, languages: tuple[str, ...]) -> Card:
    entry = f"card #{index + 1}"
    if not isinstance(raw, dict):
        raise _fail(entry, "must be a table")
    cid = raw.get("id")
    if not isinstance(cid, str) or not _SLUG.match(cid):
        raise _fail(entry, f"'id' must be a lowercase slug, got {cid!r}")
    entry = f"card '{cid}'"
    name = raw.get("name")
    if not isinstance(name, str) or not 0 < len(name) <= 40:
        raise _fail(entry, f"'name' must be 1 to 40 characters, got {name!r}")
    flavor = raw.get("flavor")
    if not isinstance(flavor, str) or not 0 < len(flavor) <= 90 or "\n" in flavor:
        raise _fail(entry, "'flavor' must be one line of 1 to 90 characters")
    ctype = raw.get("type")
    if ctype not in CARD_TYPES:
        raise _fail(entry, f"unknown type {ctype!r}; expected one of {', '.join(CARD_TYPES)}")
    values = raw.get("values")
    if not isinstance(values, dict) or not 1 <= len(values) <= 3:
        raise _fail(entry, "'values' must give points for 1 to 3 destinations")
    for dest, points in values.items():
        if dest not in DESTINATIONS:
            raise _fail(entry, f"unknown destination {dest!r}")
        if not isinstance(points, int) or isinstance(points, bool) or not 1 <= points <= 10:
            raise _fail(entry, f"value for {dest} must be an integer 1..10, got {points!r}")
    ordered = {d: values[d] for d in DESTINATIONS if d in values}
    translations = {
        lang: _parse_translation(raw.get(lang), entry, lang)
        for lang in TRANSLATIONS
        if lang in languages or lang in raw
    }
    return Card(cid, name, flavor, ctype, ordered, translations)


def parse_deck(
    data: dict[str, Any],
    *,
    size: int | None = DECK_SIZE,
    languages: tuple[str, ...] = TRANSLATIONS,
) -> tuple[Card, ...]:
    """Build and validate the deck from parsed TOML (a list of ``[[card]]`` tables).

    ``size`` is the required card count (``None``: any); every card must have its text in each
    of ``languages`` (an archived deck of an older version need not: ``languages=()``). Raises
    :class:`DataError` naming the card on a malformed entry, a missing or too long translation,
    a repeated id or name, or a wrong card count.
    """
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list):
        raise _fail("card", "no [[card]] entries")
    cards = tuple(_parse_card(raw, i, languages) for i, raw in enumerate(raw_cards))
    seen_ids: set[str] = set()
    seen_names: set[str] = set()
    for card in cards:
        if card.id in seen_ids:
            raise _fail(f"card '{card.id}'", "id used more than once")
        if card.name in seen_names:
            raise _fail(f"card '{card.id}'", f"name {card.name!r} used more than once")
        seen_ids.add(card.id)
        seen_names.add(card.name)
    if size is not None and len(cards) != size:
        raise _fail("card", f"the deck must have {size} cards (R2), found {len(cards)}")
    return cards


@cache
def load_deck() -> tuple[Card, ...]:
    """The shipped 90-card deck (``park/data/deck.toml``), validated. Raises :class:`DataError`."""
    return parse_deck(read_data_file(DECK_FILE))


def shuffle_rng(seed: int, shuffles: int) -> random.Random:
    """The RNG for the game's ``shuffles``-th use of randomness.

    ``shuffles`` is 0 for the deal at setup (R10), then counts each reshuffle (R69). The RNG is a
    pure function of the game's ``seed``.
    """
    return random.Random(f"park:{seed}:{shuffles}")
