"""Everything the page shows of a game, as markup per element: what ``web/game_draw.py`` patches.

:func:`screen_parts` turns a :class:`~park.ui.game.session.Session` into the contents of the
page's game elements (by element id), so the browser side only assigns them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from park.engine.actions import FinishExchange
from park.engine.state import TURN_PHASES
from park.ui.coach.html import coach_html, hint_html, route_spaces
from park.ui.coach.svg import reach_over, reach_under, route_svg
from park.ui.coach.text import hint_words
from park.ui.game.session_view import SessionView
from park.ui.lang.i18n import _
from park.ui.lang.text import is_you_name, possessive, win_headline
from park.ui.play.board_svg import board_markup
from park.ui.play.boards import player_boards_html
from park.ui.play.log_html import NO_LOG, LogRounds, log_rounds
from park.ui.play.map_patch import MapMarkup
from park.ui.play.markup import escape
from park.ui.play.panels import (
    decision_html,
    game_over_html,
    hand_html,
    latest_html,
    players_html,
    recap_html,
    scoring_note,
    status_html,
)
from park.ui.play.scoring_svg import scoring_svg
from park.ui.play.view_types import GameView
from park.ui.setup.settings import GAME_TITLE
from park.ui.tutorial.guide import lesson_now, lesson_panel
from park.ui.tutorial.html import guided_over_html
from park.ui.tutorial.lessons import lesson_marks


def hidden_hand() -> str:
    """The hand panel of a hot-seat game between two human turns (``Session.hand_shown``)."""
    text = _("Every hand is hidden until the next human player shows theirs.")
    return f'<p class="hand-hidden">{escape(text)}</p>'


def _hidden_since() -> str:
    """The "Since your last turn" of a hot-seat game between two human turns."""
    text = _("Each player is told at the start of their turn.")
    return f'<p class="hand-hidden">{escape(text)}</p>'


@dataclass(frozen=True, slots=True)
class ScreenParts:
    """The game's elements as the page shows them.

    ``markup`` maps element ids to their inner HTML/SVG markup, ``text`` maps element ids to plain
    text, ``decision_kind`` is the kind of the human's pending decision (see
    :class:`~park.ui.play.view.DecisionView`) and ``game_over`` is the game-over dialog's markup, or
    ``None`` while the game goes on. ``title`` is the browser tab's title ("Your turn" first while
    the human decides); ``announcement`` the last AI turn in one sentence with its turn number, for
    the live region (``None`` before any). ``hint_marks``: the hint's next decision as the
    ``data-action`` of its controls (at the Marketplace, the ids of the cards to exchange, or the
    button that keeps the hand), or else the controls the guided first game's lesson is about
    (``park.ui.tutorial``), for the page to mark; ``hint_text``: the hint in one paragraph. ``log``:
    the game log by round, which the page patches round by round (its whole markup is
    ``markup["log"]``); ``board``: the map in parts, which the page patches part by part (its whole
    markup is ``markup["board"]``).
    """

    markup: dict[str, str]
    text: dict[str, str]
    decision_kind: str
    game_over: str | None
    board: MapMarkup
    title: str = GAME_TITLE
    announcement: tuple[int, str] | None = None
    hint_marks: tuple[str, ...] = ()
    hint_text: str = ""
    log: LogRounds = NO_LOG


def _title(view: GameView, *, your_turn: bool) -> str:
    title = _(GAME_TITLE)
    if your_turn:
        return _("Your turn · {title}").format(title=title)
    if view.over is not None:
        return _("{status} · {title}").format(status=view.status, title=title)
    return title


def _daily_tag(session: SessionView) -> str:
    if session.mode.is_tutorial:
        guided = _("Learn to play: a guided first game")
        return f'<span class="status-meta status-daily">{escape(guided)}</span>'
    day = session.mode.day
    if day is None:
        return ""
    from park.ui.setup.daily import day_words

    try:
        when = day_words(day)
    except ValueError:  # a save's note that is not a date: say nothing of it
        return ""
    today = _("Today's expedition, {date}").format(date=escape(when))
    return f'<span class="status-meta status-daily">{today}</span>'


def screen_parts(
    session: SessionView,
    *,
    motion: float = 0.0,
    reach: bool = False,
    thinking: bool | tuple[int, int] = False,
    ticked: frozenset[str] = frozenset(),
) -> ScreenParts:
    """The page's game elements for ``session``, from the human seat's view.

    R104: only what that seat may see.

    Args:
        motion: seconds the latest moves take to slide on the map (``0``: no animation; see
            :func:`~park.ui.play.board_svg.board_svg`).
        reach: Park's reach shown on the map.
        thinking: a hint is being thought about (with how many of its sampled deals are done,
            of how many, once known).
        ticked: the cards ticked for a Marketplace exchange (ids).
    """
    view = session.view(reach=reach)
    colours = [player.colour for player in view.players]
    log = log_rounds(session.log, colours, players=len(view.players))
    turn_over = session.mode.rules.one_turn and (
        session.ai_to_move or session.state.phase not in TURN_PHASES
    )  # a puzzle's turn is over (its Marketplace exchange is not asked): nobody plays on
    your_turn = session.human_to_move and session.hand_shown and not turn_over
    name = session.names[session.human]
    if session.mode.hot_seat and your_turn:
        view = replace(view, status=_("Your turn, {name}").format(name=name))
    if session.mode.hot_seat and view.over is not None:  # said to the whole table, not to "you"
        ended = view.over
        won = next(s for s in ended.standings if s.is_winner)
        standings = tuple(replace(s, is_you=False) for s in ended.standings)
        headline = win_headline(won.name, won.score)
        ended = replace(ended, headline=headline, standings=standings)
        status = _("You win!") if is_you_name(won.name) else _("{name} wins.").format(name=won.name)
        view = replace(view, over=ended, status=status)
    if turn_over:
        players = tuple(replace(player, is_active=False) for player in view.players)
        view = replace(view, players=players, status=_("Your turn is over"))
    recap = session.since_last_turn()
    coach = session.coach
    advice = coach.advice if your_turn else None
    words = None
    marks: tuple[str, ...] = ()
    under = over = ""
    lesson = lesson_now(session) if session.hand_shown else None
    if lesson is not None:
        marks = lesson_marks(lesson, session.state, session.human)
    if any(s.reach is not None for s in view.board.spaces):
        under, over = reach_under(view.board), reach_over(view.board)
    if advice is not None:
        words = hint_words(
            advice,
            names=session.names,
            cards=session.cards,
            board=session.state.rules.board,
            risks=view.decision.risk_of,  # a warned move's reason says why it is sound
        )
        here = session.state.seats[session.human].position
        under += route_svg(view.board, here, route_spaces(advice.actions))
        exchange = advice.exchange
        if exchange is None:
            marks = (str(advice.actions[0]),)
        else:  # the cards to tick, or the button that keeps the hand
            marks = exchange.discards or (str(FinishExchange()),)
    board = board_markup(view.board, motion=motion, under=under, over=over)
    return ScreenParts(
        markup={
            "status": status_html(view, session.seed) + _daily_tag(session),
            "board": board.html,
            "scoring": scoring_svg(view.scoring),
            "players": players_html(view.players),
            "boards": player_boards_html(view.players),
            "hand": hand_html(view) if session.hand_shown else hidden_hand(),
            "decision": decision_html(
                view.decision,
                can_undo=session.can_undo,
                undo_note=session.undo_note,
                can_skip=session.ai_to_move,
                ticked=ticked,
            ),
            "coach": coach_html(your_turn=your_turn, thinking=thinking, reach_shown=reach)
            if coach.hints and not session.is_over and session.hand_shown
            else "",
            "hint": hint_html(words),
            "lesson": lesson_panel(session, lesson),
            "since": recap_html(recap, your_turn=your_turn or session.is_over or turn_over)
            if session.hand_shown
            else _hidden_since(),
            "log": log.html,
            "latest": latest_html(session.log, colours, recap=recap if your_turn else ()),
        },
        text={
            "scoring-note": scoring_note(view.scoring),
            "hand-title": _("{whose} hand").format(whose=possessive(name))
            if session.mode.hot_seat
            else _("Your hand"),
        },
        decision_kind=view.decision.kind,
        game_over=None
        if view.over is None
        else game_over_html(view.over)
        + (guided_over_html() if session.mode.is_tutorial else "")
        + f'<p class="hints-record">{escape(coach.record)}</p>',
        title=_title(view, your_turn=your_turn),
        announcement=session.announcement,
        hint_marks=marks,
        hint_text="" if words is None else words.text,
        log=log,
        board=board,
    )
