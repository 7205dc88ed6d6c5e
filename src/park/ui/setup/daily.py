"""Today's expedition: one deal a day for everyone who sets the same table, offline too, and
the result in words to share.

The seed comes from the date (UTC) and the table's settings that change the game (how many
humans and AI opponents, and the AI level), never from names or hints: two players anywhere
who choose the same table on the same day get the same deal, and the same AI decisions for
the same moves (the bots' RNG is seeded from the game's seed, ``park.ui.setup.seats``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Collection
from dataclasses import replace

from park.ui.lang.i18n import N_, _, ngettext
from park.ui.record.store import GameResult, Record, daily_result
from park.ui.setup.settings import MAX_SEED, NewGameSettings

DAILY_VERSION = 1
"""Part of every daily seed: a new version deals new games for the same dates."""
MONTH_NAMES = (
    N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"),
    N_("July"), N_("August"), N_("September"), N_("October"), N_("November"), N_("December"),
)  # fmt: skip
"""The months' names, N_-marked English (shown with ``_()``)."""


def parse_day(text: str) -> dt.date:
    """The date written ``YYYY-MM-DD`` (as the page's clock gives it, in UTC). Raises
    ``ValueError`` with a readable reason for anything else."""
    try:
        return dt.date.fromisoformat(text.strip()[:10])
    except ValueError:
        raise ValueError(
            _("not a date written YYYY-MM-DD: {text}").format(text=repr(text))
        ) from None


def daily_seed(day: dt.date, settings: NewGameSettings) -> int:
    """The seed of ``day``'s expedition at the table ``settings`` describe: a whole number
    from 0 to :data:`~park.ui.setup.settings.MAX_SEED` - 1, the same on every device for the same
    date, player counts and AI level, and different when any of them differs."""
    key = f"park-daily:{DAILY_VERSION}:{day.isoformat()}:{settings.humans}:{settings.opponents}:{settings.level}"
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % MAX_SEED


def daily_settings(day: dt.date, settings: NewGameSettings) -> NewGameSettings:
    """``settings`` for ``day``'s expedition: its seed (:func:`daily_seed`) and its day (the
    mode Today's expedition, ``park.ui.setup.modes``)."""
    return replace(settings, seed=daily_seed(day, settings), day=day.isoformat())


def day_words(text: str) -> str:
    """A date written ``YYYY-MM-DD`` in words, in the page's language: ``"1 December 2026"``
    (Japanese ``"2026年12月1日"``). Raises ``ValueError`` for anything else."""
    day = parse_day(text)
    month = _(MONTH_NAMES[day.month - 1])
    return _("{day} {month} {year}").format(day=day.day, month=month, year=day.year)


def result_text(result: GameResult, name: str | None = None) -> str:
    """The result of a day's expedition to copy and share, e.g. "Park, 1 December 2026: 3rd
    of 4, 142 points, 3 expeditions": the day (``result.date``), place, score and how many
    expeditions were scored, nothing of the deal; with ``name`` (a hot-seat game, where the
    result is one player's), "Park, 1 December 2026: Ada, 3rd of 4, …"; in the page's
    language."""
    count = result.expeditions
    values = {
        "date": day_words(result.date),
        "name": name,
        "place": result.place_text,
        "players": result.players,
        "score": result.score,
        "expeditions": ngettext("{count} expedition", "{count} expeditions", count).format(
            count=count
        ),
    }
    if name:
        text = _("Park, {date}: {name}, {place} of {players}, {score} points, {expeditions}")
    else:
        text = _("Park, {date}: {place} of {players}, {score} points, {expeditions}")
    return text.format(**values)


def with_address(text: str, address: str | None) -> str:
    """A line to share (:func:`result_text`, or a puzzle's), followed by the site's
    ``address`` (the page's own URL, without its query) when there is one."""
    return f"{text} {address}" if address else text


def played_today(record: Record, day: dt.date) -> GameResult | None:
    """The latest result of ``day``'s expedition in ``record`` (it was played that day, and
    may be played again), or ``None``. Only the record's recent results
    (``park.ui.record.parts.RECENT_LIMIT``) are looked at."""
    return daily_result(record, day.isoformat())


def daily_streak(record: Record, today: dt.date) -> int:
    """How many UTC days in a row, up to ``today`` or (today's not played yet) yesterday,
    have a result of Today's expedition in ``record``: 0 when neither has. Counted among the
    record's recent results (``park.ui.record.parts.RECENT_LIMIT`` games), so a streak longer
    than they reach is counted as far as they reach."""
    return days_in_a_row({result.date for result in record.recent if result.daily}, today)


def days_in_a_row(days: Collection[str], today: dt.date) -> int:
    """How many UTC days in a row among ``days`` (``YYYY-MM-DD``) end today or, when today
    is not among them, yesterday: 0 when neither is (a daily streak)."""
    day = today if today.isoformat() in days else today - dt.timedelta(days=1)
    streak = 0
    while day.isoformat() in days:
        streak += 1
        day -= dt.timedelta(days=1)
    return streak


def daily_note(record: Record, today: dt.date) -> str | None:
    """What the New game form says of Today's expedition when today's was already played:
    the result, that it can be played again, and the streak (:func:`daily_streak`), e.g.
    "You already played today's expedition: 2nd of 4, 131 points. You can play it again.
    Daily streak: 3 days."; ``None`` when it was not played today."""
    result = played_today(record, today)
    if result is None:
        return None
    streak = daily_streak(record, today)
    return " ".join(
        (
            _(
                "You already played today's expedition: {place} of {players}, {score} points. "
                "You can play it again."
            ).format(place=result.place_text, players=result.players, score=result.score),
            ngettext("Daily streak: {count} day.", "Daily streak: {count} days.", streak).format(
                count=streak
            ),
        )
    )
