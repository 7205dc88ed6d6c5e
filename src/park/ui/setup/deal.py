"""A deal's seed: the seeds a game may have, and Today's expedition's seed of a table on a day.

The piece that the New game form (``park.ui.setup.settings``), the play modes
(``park.ui.setup.modes``: which seed a mode deals) and Today's expedition
(``park.ui.setup.daily``) share, so none of them imports another to find it.

Today's expedition's seed comes from the date (UTC) and the table's settings that change the game
(how many humans and AI opponents, and the AI level), never from names or hints: two players
anywhere who choose the same table on the same day get the same deal, and the same AI decisions
for the same moves (the bots' RNG is seeded from the game's seed, ``park.ui.setup.seats``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Protocol

from park.ui.lang.i18n import _

MAX_SEED = 2**53
"""Seeds are whole numbers below this (JavaScript's safe integers), so they survive JSON."""
DAILY_VERSION = 1
"""Part of every daily seed: a new version deals new games for the same dates."""


class Table(Protocol):
    """The table a game is dealt for, as the New game form's settings describe it.

    ``park.ui.setup.settings.NewGameSettings`` is one.
    """

    @property
    def humans(self) -> int:
        """How many humans play at this device."""
        ...

    @property
    def opponents(self) -> int:
        """How many AI opponents."""
        ...

    @property
    def level(self) -> str:
        """The AI opponents' level."""
        ...

    @property
    def seed(self) -> int | None:
        """The seed asked for, if any."""
        ...


def parse_day(text: str) -> dt.date:
    """The date written ``YYYY-MM-DD`` (as the page's clock gives it, in UTC).

    Raises ``ValueError`` with a readable reason for anything else.
    """
    try:
        return dt.date.fromisoformat(text.strip()[:10])
    except ValueError:
        raise ValueError(
            _("not a date written YYYY-MM-DD: {text}").format(text=repr(text))
        ) from None


def daily_seed(day: dt.date, table: Table) -> int:
    """The seed of ``day``'s expedition at ``table``.

    A whole number from 0 to :data:`MAX_SEED` - 1, the same on every device for the same date,
    player counts and AI level, and different when any of them differs.
    """
    key = (
        f"park-daily:{DAILY_VERSION}:{day.isoformat()}"
        f":{table.humans}:{table.opponents}:{table.level}"
    )
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % MAX_SEED
