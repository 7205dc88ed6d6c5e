"""Today's expedition: one deal a day for everyone who sets the same table, offline too, and
the result in words to share.

The seed comes from the date (UTC) and the table's settings that change the game (how many
humans and AI opponents, and the AI level), never from names or hints: two players anywhere
who choose the same table on the same day get the same deal, and the same AI decisions for
the same moves (the bots' RNG is seeded from the game's seed, ``park.ui.seats``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import replace

from .record import GameResult
from .settings import MAX_SEED, NewGameSettings

DAILY_VERSION = 1
"""Part of every daily seed: a new version deals new games for the same dates."""
MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip


def parse_day(text: str) -> dt.date:
    """The date written ``YYYY-MM-DD`` (as the page's clock gives it, in UTC). Raises
    ``ValueError`` with a readable reason for anything else."""
    try:
        return dt.date.fromisoformat(text.strip()[:10])
    except ValueError:
        raise ValueError(f"not a date written YYYY-MM-DD: {text!r}") from None


def daily_seed(day: dt.date, settings: NewGameSettings) -> int:
    """The seed of ``day``'s expedition at the table ``settings`` describe: a whole number
    from 0 to :data:`~park.ui.settings.MAX_SEED` - 1, the same on every device for the same
    date, player counts and AI level, and different when any of them differs."""
    key = f"park-daily:{DAILY_VERSION}:{day.isoformat()}:{settings.humans}:{settings.opponents}:{settings.level}"
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % MAX_SEED


def daily_settings(day: dt.date, settings: NewGameSettings) -> NewGameSettings:
    """``settings`` with ``day``'s seed (:func:`daily_seed`)."""
    return replace(settings, seed=daily_seed(day, settings))


def day_words(text: str) -> str:
    """A date written ``YYYY-MM-DD`` in words: ``"1 December 2026"``. Raises ``ValueError``
    for anything else."""
    day = parse_day(text)
    return f"{day.day} {MONTH_NAMES[day.month - 1]} {day.year}"


def result_text(result: GameResult, name: str | None = None) -> str:
    """The result of a day's expedition to copy and share, e.g. "Park, 1 December 2026: 3rd
    of 4, 142 points, 3 expeditions": the day (``result.date``), place, score and how many
    expeditions were scored, nothing of the deal; with ``name`` (a hot-seat game, where the
    result is one player's), "Park, 1 December 2026: Ada, 3rd of 4, …"."""
    count = result.expeditions
    expeditions = f"{count} expedition{'s' if count != 1 else ''}"
    when = day_words(result.date)
    who = f"{name}, " if name else ""
    return (
        f"Park, {when}: {who}{result.place_text} of {result.players}, "
        f"{result.score} points, {expeditions}"
    )
