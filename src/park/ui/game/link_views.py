"""What the page shows and makes of a link (``park.ui.game.links``), in the page's language.

A challenge's offer and, at the end of its game, the results compared; a challenge or a shared game
made from a finished game; a shared game's state rebuilt through the engine. Every name from a link
is escaped (``park.ui.play.markup.escape``): it is shown as text, never as markup.
"""

from __future__ import annotations

from park.engine.levels import HUMAN
from park.engine.names import SEAT_COLOURS, same_name
from park.engine.rules import new_game
from park.engine.save import start_of
from park.engine.state import GameState, SeatSpec
from park.ui.game.links import (
    MAX_MOVES,
    ChainResult,
    Challenge,
    LinkError,
    SharedGame,
    Table,
)
from park.ui.lang.i18n import _, ngettext
from park.ui.lang.text import OPPONENT_NAMES, is_you_name, level_name
from park.ui.play.markup import escape
from park.ui.record.parts import _ordinal
from park.ui.record.store import result_of
from park.ui.replay.moves import encode_moves, play_moves
from park.ui.setup.daily import day_words


def opponents_words(challenge: Challenge) -> str:
    """The challenge's table in words: "3 opponents (Normal AI)"."""
    count = challenge.table.players - 1
    return ngettext("{count} opponent ({level})", "{count} opponents ({level})", count).format(
        count=count, level=level_name(challenge.level)
    )


def result_name(result: ChainResult, *, yours: bool = False) -> str:
    """The name a result is shown with: its player's, "A friend" for a blank name ("You").

    ``yours``: the reader's own result, whose blank name reads "You" in the page's language.
    """
    if not is_you_name(result.name):
        return result.name
    return _("You") if yours else _("A friend")


def result_words(result: ChainResult, players: int, *, yours: bool = False) -> str:
    """One result in words: "Ada: 142 points, 1st of 4 (1 December 2026)".

    ``yours``: the reader's own result (see :func:`result_name`).
    """
    return _("{name}: {score} points, {place} of {players} ({date})").format(
        name=result_name(result, yours=yours),
        score=result.score,
        place=_ordinal(result.place),
        players=players,
        date=day_words(result.date),
    )


def offer_html(challenge: Challenge) -> str:
    """The offer of a challenge opened: who challenges with what result, and the table."""
    first = challenge.results[-1]
    if is_you_name(first.name):  # a blank name: the reader is "you", the sender a friend
        title = _("A friend challenges you to the same deal")
        score = _(
            "Your friend scored {score} points and finished {place} of {players}. Can you do "
            "better against the same {opponents}, dealt the same cards?"
        )
    else:
        title = _("{name} challenges you to the same deal").format(name=first.name)
        score = _(
            "{name} scored {score} points and finished {place} of {players}. Can you do better "
            "against the same {opponents}, dealt the same cards?"
        )
    score = score.format(
        name=first.name,
        score=first.score,
        place=_ordinal(first.place),
        players=challenge.table.players,
        opponents=opponents_words(challenge),
    )
    parts = [
        f'<h2 id="challenge-title" tabindex="-1">{escape(title)}</h2>',
        f'<p class="challenge-score">{escape(score)}</p>',
    ]
    if len(challenge.results) > 1:
        heading = _("Everyone who played this deal so far:")
        parts.append(f"<p>{escape(heading)}</p>{_results_list(challenge, None)}")
    return "".join(parts)


def _results_list(challenge: Challenge, you: int | None) -> str:
    """The results ranked by score (ties share a rank), ``you`` (an index) marked."""
    order = sorted(range(len(challenge.results)), key=lambda i: -challenge.results[i].score)
    items = []
    for i in order:
        result = challenge.results[i]
        rank = 1 + sum(r.score > result.score for r in challenge.results)
        text = f"{rank}. {result_words(result, challenge.table.players, yours=i == you)}"
        if i == you:
            items.append(f'<li class="challenge-you"><strong>{escape(text)}</strong></li>')
        else:
            items.append(f"<li>{escape(text)}</li>")
    return f'<ol class="challenge-results" role="list">{"".join(items)}</ol>'


def comparison_html(challenge: Challenge) -> str:
    """At a challenge game's end: every result on the deal, the player's (the last) marked."""
    you = challenge.results[-1]
    others = challenge.results[:-1]
    best = max((r.score for r in others), default=0)
    if you.score > best:
        verdict = _("You beat every earlier score on this deal!")
    elif you.score == best:
        verdict = _("You tied the best earlier score on this deal.")
    else:
        verdict = ngettext(
            "{count} point short of the best score on this deal.",
            "{count} points short of the best score on this deal.",
            best - you.score,
        ).format(count=best - you.score)
    title = _("The challenge: the same deal")
    return (
        f'<h3 id="challenge-result-title">{escape(title)}</h3>'
        f'<p class="challenge-verdict">{escape(verdict)}</p>'
        f"{_results_list(challenge, len(challenge.results) - 1)}"
    )


def challenge_news(challenge: Challenge) -> str:
    """What the game says as a challenge's deal starts: whose score to beat."""
    first = challenge.results[-1]
    if is_you_name(first.name):
        return _("The challenge's deal: beat your friend's {score} points.").format(
            score=first.score
        )
    return _("The challenge's deal: beat {name}'s {score} points.").format(
        name=first.name, score=first.score
    )


def chain_result(state: GameState, seat: int, date: str) -> ChainResult:
    """The result of ``seat`` (a person's) in the finished game ``state``, for a challenge."""
    result = result_of(state, seat, date=date)
    return ChainResult(state.settings.seats[seat].name, result.score, result.place, date)


def share_line(challenge: Challenge, url: str) -> str:
    """The line to share with a challenge's link: the last result, then the link."""
    last = challenge.results[-1]
    if is_you_name(last.name):  # the sender's blank name: "from You" would be the reader
        text = _(
            "Park challenge: {score} points, {place} of {players}. Same deal, same opponents: "
            "can you beat it?"
        )
    else:
        text = _(
            "Park challenge from {name}: {score} points, {place} of {players}. Same deal, same "
            "opponents: can you beat it?"
        )
    text = text.format(
        name=last.name,
        score=last.score,
        place=_ordinal(last.place),
        players=challenge.table.players,
    )
    return f"{text} {url}"


def table_of(state: GameState) -> Table:
    """The deal and seats of the game ``state``."""
    return Table(state.settings.seed, tuple(seat.controller for seat in state.settings.seats))


def shared_game_of(state: GameState, *, at: int | None, reveal: bool) -> SharedGame:
    """The shared game of the game ``state`` (opening after ``at`` moves; ``None``: its end).

    Raises ``ValueError`` for a game a link cannot carry: one that went on from a saved position
    (a puzzle's), was dealt by other rules, or is too long.
    """
    seats = state.settings.seats
    table = table_of(state)
    names = tuple(seat.name for seat in seats if seat.controller == HUMAN)
    start = start_of(state)
    fresh = new_game(list(seats), table.seed)
    if start != fresh:
        raise ValueError("the game did not start from its deal")
    moves = encode_moves(fresh, state.log)
    if len(moves) > MAX_MOVES:
        raise ValueError("the game is too long for a link")
    return SharedGame(table, names, reveal, at, moves)


def shared_state(game: SharedGame) -> GameState:
    """The state a shared game's moves lead to, its AI seats named in the page's language.

    Raises :class:`LinkError` for names that clash or moves that do not replay.
    """
    names = iter(game.names)
    seats: list[SeatSpec] = []
    for i, controller in enumerate(game.table.seats):
        if controller == HUMAN:
            name = next(names)
        else:
            name = _(OPPONENT_NAMES[sum(s.controller != HUMAN for s in seats)])
        seats.append(SeatSpec(name, SEAT_COLOURS[i], controller))
    for i, seat in enumerate(seats):
        if any(same_name(seat.name, other.name) for other in seats[:i]):
            raise LinkError(_("This link names two players alike, so it was not opened."))
    try:
        return play_moves(new_game(seats, game.table.seed), game.moves)
    except ValueError:
        raise LinkError(
            _("This link's moves do not make a game of this version of Park, so it was not opened.")
        ) from None


def game_link(game: GameState, site: str, *, at: int | None, reveal: bool) -> str | None:
    """The link of the game ``game`` on the site ``site``, or ``None`` if it cannot be one.

    ``at``: how many moves the replay opens after (``None``: the end); ``reveal``: every hand may
    be shown.
    """
    from park.ui.game.links import game_fragment

    try:
        shared = shared_game_of(game, at=at, reveal=reveal)
    except ValueError:
        return None
    return f"{site}#{game_fragment(shared)}"
