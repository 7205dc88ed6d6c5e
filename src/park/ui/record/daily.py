"""Today's expedition in the player's record.

The day's result, the daily streak, what the New game form says of a day already played, and the
result's line to share (with the site's address, which a puzzle's line to share uses too).

Only the record's recent results (``park.ui.record.parts.RECENT_LIMIT`` games) are looked
at. The day's deal is ``park.ui.setup.daily``'s.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection

from park.ui.lang.i18n import _, ngettext
from park.ui.record.parts import GameResult, Record
from park.ui.record.store import daily_result
from park.ui.setup.daily import day_words


def result_text(result: GameResult, name: str | None = None) -> str:
    """The result of a day's expedition to copy and share, e.g.

    "Park, 1 December 2026: 3rd of 4, 142 points, 3 expeditions": the day (``result.date``), place,
    score and how many expeditions were scored, nothing of the deal; with ``name`` (a hot-seat game,
    where the result is one player's), "Park, 1 December 2026: Ada, 3rd of 4, …"; in the page's
    language.
    """
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
    """A line to share (:func:`result_text`, or a puzzle's), then the site's ``address``.

    The address (the page's own URL, without its query) follows when there is one.
    """
    return f"{text} {address}" if address else text


def played_today(record: Record, day: dt.date) -> GameResult | None:
    """The latest result of ``day``'s expedition in ``record``, or ``None``.

    It was played that day, and may be played again. Only the record's recent results
    (``park.ui.record.parts.RECENT_LIMIT``) are looked at.
    """
    return daily_result(record, day.isoformat())


def daily_streak(record: Record, today: dt.date) -> int:
    """How many UTC days in a row have a result of Today's expedition in ``record``.

    Up to ``today`` or (today's not played yet) yesterday: 0 when neither has. Counted among the
    record's recent results (``park.ui.record.parts.RECENT_LIMIT`` games), so a streak longer than
    they reach is counted as far as they reach.
    """
    return days_in_a_row({result.date for result in record.recent if result.daily}, today)


def days_in_a_row(days: Collection[str], today: dt.date) -> int:
    """How many UTC days in a row among ``days`` (``YYYY-MM-DD``): a daily streak.

    The days must end today or, when today is not among them, yesterday: 0 when neither is.
    """
    day = today if today.isoformat() in days else today - dt.timedelta(days=1)
    streak = 0
    while day.isoformat() in days:
        streak += 1
        day -= dt.timedelta(days=1)
    return streak


def daily_note(record: Record, today: dt.date) -> str | None:
    """What the New game form says of Today's expedition when today's was already played.

    The result, that it can be played again, and the streak (:func:`daily_streak`), e.g. "You
    already played today's expedition: 2nd of 4, 131 points. You can play it again. Daily streak: 3
    days."; ``None`` when it was not played today.
    """
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
