"""The game log's markup.

In order, oldest first, grouped by turn and by round, each round a ``<details>`` of its own so that
the page can patch the log round by round (:func:`log_rounds`; ``web/game_draw.py`` patches only
the rounds whose markup changed, so a redraw late in a game does not walk the whole log).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from park.engine.events import EventKind
from park.ui.lang.i18n import _
from park.ui.play.markup import escape
from park.ui.play.view_types import LogLine

ROUNDS_CLASS = "log-rounds"
"""The class of the element that holds the rounds (and nothing else)."""


@dataclass(frozen=True, slots=True)
class LogRounds:
    """The log as the page shows it.

    ``note`` (a paragraph saying that earlier turns are not shown, or ``""``) and ``rounds``: each
    shown round as ``(round number, its <details> markup)``, oldest first (round numbers increase).
    """

    note: str
    rounds: tuple[tuple[int, str], ...]

    @property
    def html(self) -> str:
        """The whole log's markup: the note, then the rounds in a ``div.log-rounds``."""
        body = "".join(markup for _round, markup in self.rounds)
        return f'{self.note}<div class="{ROUNDS_CLASS}">{body}</div>'


def log_item(line: LogLine, colours: Sequence[str]) -> str:
    """One log line as a list item, in its seat's colour (``colours``: CSS, by seat)."""
    colour = colours[line.seat] if line.seat is not None and line.seat < len(colours) else ""
    style = f' style="--seat:{escape(colour)}"' if colour else ""
    return f'<li class="log-{escape(line.kind)}"{style}>{escape(line.text)}</li>'


@lru_cache(maxsize=512)
def _log_turn(turn: tuple[LogLine, ...], colours: tuple[str, ...]) -> str:
    """One turn's lines as a list.

    Kept, since a finished turn's lines never change and the page redraws the log after every
    decision.
    """
    return f'<ol class="log-turn">{"".join(log_item(line, colours) for line in turn)}</ol>'


def log_rounds(
    lines: Sequence[LogLine],
    colours: Sequence[str],
    *,
    players: int,
    open_rounds: int = 2,
    limit: int = 600,
) -> LogRounds:
    """The game log grouped by turn and by round (every seat has one turn a round).

    Each round a ``<details>`` with its turns, the last ``open_rounds`` rounds open and earlier ones
    collapsed. ``lines``: the session's log (the last ``limit`` are shown, from a turn's beginning,
    with a note that earlier turns are left out); ``colours``: each seat's colour (CSS);
    ``players``: seats at the table (at least 1).
    """
    shown = list(lines[-limit:])
    earlier = len(shown) < len(lines)
    if earlier:  # start at a turn's beginning, and say that earlier turns are left out
        start = next((i for i, line in enumerate(shown) if line.kind == EventKind.TURN_STARTED), 0)
        shown = shown[start:]
    grouped: list[tuple[int, list[list[LogLine]]]] = []
    for line in shown:
        round_ = (line.turn - 1) // players + 1 if line.turn > 0 else 1
        if not grouped or grouped[-1][0] != round_:
            grouped.append((round_, [[]]))
        turns = grouped[-1][1]
        if line.kind == EventKind.TURN_STARTED and turns[-1]:
            turns.append([])
        turns[-1].append(line)
    rounds = []
    for k, (round_, turns) in enumerate(grouped):
        body = "".join(_log_turn(tuple(turn), tuple(colours)) for turn in turns if turn)
        opened = " open" if k >= len(grouped) - open_rounds else ""
        summary = _("Round {round}").format(round=round_)
        rounds.append(
            (
                round_,
                f'<details class="log-round" data-round="{round_}"{opened}>'
                f"<summary>{escape(summary)}</summary>{body}</details>",
            )
        )
    not_shown = _("Earlier turns are not shown.")
    note = f'<p class="log-note">{escape(not_shown)}</p>' if earlier else ""
    return LogRounds(note, tuple(rounds))


NO_LOG = LogRounds("", ())
"""An empty log."""


@dataclass(frozen=True, slots=True)
class RoundsPatch:
    """How to turn the rounds drawn into the new ones in place.

    Remove the first ``drop`` round elements, then morph the element at each index of ``morph``
    (counted after the drop) into its markup, then append ``append``'s markup at the end.
    """

    drop: int
    morph: tuple[tuple[int, str], ...]
    append: tuple[str, ...]


def rounds_patch(
    old: Sequence[tuple[int, str]], new: Sequence[tuple[int, str]]
) -> RoundsPatch | None:
    """The least work that turns the rounds drawn (``old``) into ``new``.

    The least work that turns the rounds drawn (``old``, as in :attr:`LogRounds.rounds`) into
    ``new``: rounds that left the log's start are removed, rounds whose markup changed are morphed,
    new rounds are appended, and an unchanged round is not touched. ``None`` when ``new`` is not
    ``old`` less some first rounds and with more rounds after (a different game: draw the log
    whole).
    """
    first = new[0][0] if new else None
    drop = sum(1 for key, _markup in old if first is None or key < first)
    kept = old[drop:]
    if [key for key, _markup in new[: len(kept)]] != [key for key, _markup in kept]:
        return None
    morph = tuple(
        (i, markup) for i, (_key, markup) in enumerate(new[: len(kept)]) if markup != kept[i][1]
    )
    return RoundsPatch(drop, morph, tuple(markup for _key, markup in new[len(kept) :]))


__all__ = [
    "NO_LOG",
    "ROUNDS_CLASS",
    "LogRounds",
    "RoundsPatch",
    "log_item",
    "log_rounds",
    "rounds_patch",
]
