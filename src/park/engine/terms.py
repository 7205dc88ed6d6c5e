"""The game's fixed vocabulary: destinations, card types and which shop takes which card."""

from __future__ import annotations

from typing import Final

DESTINATIONS: Final[tuple[str, ...]] = ("Africa", "Amazon", "China", "Everest", "South Pole")
"""The five destinations, in display order (R5; docs/rules.md)."""

CARD_TYPES: Final[tuple[str, ...]] = ("Artifact", "Anecdote", "Photograph", "Fact", "Hero")
"""The five card types, counted by the Diversity bonus (R4)."""

SHOP_CARD_TYPE: Final[dict[str, str]] = {
    "Antique Shop": "Artifact",
    "Gymnasium": "Anecdote",
    "Gift Shop": "Photograph",
    "News Stand": "Fact",
    "Hall of Records": "Hero",
}
"""Which card type each shop accepts (R37)."""

CLUB: Final = "Gentlemen's Club"
MARKETPLACE: Final = "Marketplace"
HOTEL: Final = "Hotel"
CAFE: Final = "Café"

SPACE_KINDS: Final[tuple[str, ...]] = (CLUB, MARKETPLACE, HOTEL, CAFE, *SHOP_CARD_TYPE)
"""Every kind of space the board may hold."""
