"""Today's expedition.

One deal a day for everyone who sets the same table, offline too, and the day in words. (The day's
result in the record, its streak and the line to share are ``park.ui.record.daily``'s.)

The seed comes from the date (UTC) and the table's settings that change the game (how many
humans and AI opponents, and the AI level), never from names or hints: two players anywhere
who choose the same table on the same day get the same deal, and the same AI decisions for
the same moves (the bots' RNG is seeded from the game's seed, ``park.ui.setup.seats``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import replace

from park.ui.lang.i18n import N_, _
from park.ui.setup.settings import MAX_SEED, NewGameSettings

DAILY_VERSION = 1
"""Part of every daily seed: a new version deals new games for the same dates."""
MONTH_NAMES = (
    N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"),
    N_("July"), N_("August"), N_("September"), N_("October"), N_("November"), N_("December"),
)  # fmt: skip
"""The months' names, N_-marked English (shown with ``_()``)."""


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


def daily_seed(day: dt.date, settings: NewGameSettings) -> int:
    """The seed of ``day``'s expedition at the table ``settings`` describe.

    A whole number from 0 to :data:`~park.ui.setup.settings.MAX_SEED` - 1, the same on every device
    for the same date, player counts and AI level, and different when any of them differs.
    """
    key = (
        f"park-daily:{DAILY_VERSION}:{day.isoformat()}"
        f":{settings.humans}:{settings.opponents}:{settings.level}"
    )
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % MAX_SEED


def daily_settings(day: dt.date, settings: NewGameSettings) -> NewGameSettings:
    """``settings`` for ``day``'s expedition.

    Its seed (:func:`daily_seed`) and its day (the mode Today's expedition,
    ``park.ui.setup.modes``).
    """
    return replace(settings, seed=daily_seed(day, settings), day=day.isoformat())


def day_words(text: str) -> str:
    """A date written ``YYYY-MM-DD`` in words, in the page's language.

    ``"1 December 2026"`` (Japanese ``"2026年12月1日"``). Raises ``ValueError`` for anything else.
    """
    day = parse_day(text)
    month = _(MONTH_NAMES[day.month - 1])
    return _("{day} {month} {year}").format(day=day.day, month=month, year=day.year)
