"""Today's expedition.

One deal a day for everyone who sets the same table, offline too, and the day in words. (The day's
result in the record, its streak and the line to share are ``park.ui.record.daily``'s.)

The seed comes from the date (UTC) and the table's settings that change the game
(``park.ui.setup.deal.daily_seed``, with :func:`parse_day`; both are here too).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from park.ui.lang.i18n import N_, _
from park.ui.setup.deal import DAILY_VERSION, daily_seed, parse_day
from park.ui.setup.settings import NewGameSettings

__all__ = [
    "DAILY_VERSION",
    "MONTH_NAMES",
    "daily_seed",
    "daily_settings",
    "day_words",
    "parse_day",
]
MONTH_NAMES = (
    N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"),
    N_("July"), N_("August"), N_("September"), N_("October"), N_("November"), N_("December"),
)  # fmt: skip
"""The months' names, N_-marked English (shown with ``_()``)."""


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
