"""The coach's markup: the Hint and Park's reach controls with the hint shown, and the game
over's "Moments to look at" (the review's progress, then each moment with a picture of the
position)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..engine.actions import Action, Step
from ..engine.board import Board
from ..engine.deck import Card
from ..engine.observation import observe
from .board_svg import board_svg
from .coach_svg import route_svg
from .coach_text import HintWords, plan_words, points, reason
from .markup import escape
from .text import space_labels
from .view import build_view

if TYPE_CHECKING:
    from ..ai.review import Moment, Review, ReviewProgress

HINT_BUTTON = (
    '<button type="button" class="btn btn-secondary btn-hint" data-ui="hint">Hint</button>'
)


def coach_html(*, your_turn: bool, thinking: bool = False, reach_shown: bool = False) -> str:
    """The coach's buttons beside the game's status: "Hint" (only on the player's turn;
    disabled, saying so, while the AI thinks) and the "Park's reach" toggle (pressed while
    shown; the map shows it on the player's turn)."""
    if thinking:
        hint = (
            '<button type="button" class="btn btn-secondary btn-hint" data-ui="hint" disabled>'
            "Hint: thinking…</button>"
        )
    elif your_turn:
        hint = HINT_BUTTON
    else:
        hint = HINT_BUTTON.replace('data-ui="hint"', 'data-ui="hint" disabled')
    pressed = "true" if reach_shown else "false"
    reach = (
        '<button type="button" class="btn btn-secondary btn-reach" data-ui="reach" '
        f'aria-pressed="{pressed}">Park\'s reach</button>'
    )
    return hint + reach


def hint_html(words: HintWords | None) -> str:
    """The hint shown under the decision: its plan and reason (empty without a hint)."""
    if words is None:
        return ""
    because = "".join(f'<p class="hint-reason">{escape(r)}</p>' for r in words.reason)
    if words.compared:
        because += f'<p class="hint-compared">The other plan: {escape(words.compared)}</p>'
    return (
        '<div class="hint-box"><p class="hint-plan"><strong>Hint:</strong> '
        f"{escape(words.plan)}</p>{because}</div>"
    )


def route_spaces(actions: Sequence[Action]) -> list[str]:
    """The spaces a plan steps to, in order (its ``Step`` actions)."""
    return [a.space for a in actions if isinstance(a, Step)]


MOMENTS_INTRO = (
    "After the game the hard AI looks again at each of your turns, from what you knew then, "
    "and lists the ones where its own plan was worth clearly more than yours."
)


def moments_html(
    progress: ReviewProgress | None,
    review: Review | None,
    *,
    names: Sequence[str],
    cards: Mapping[str, Card],
    board: Board,
    seat: int,
) -> str:
    """The "Moments to look at" section of the game over: a button to start the review;
    while it runs, a progress bar and "Cancel"; then the moments (largest stake first), the
    first one's picture shown and the others' folded."""
    head = '<h3 id="moments-title">Moments to look at</h3>'
    if review is None and progress is None:
        return (
            f"{head}<p>{escape(MOMENTS_INTRO)}</p>"
            '<button type="button" class="btn btn-secondary" data-ui="moments">'
            "Find moments to look at</button>"
        )
    if review is None:
        assert progress is not None
        total = max(progress.total, 1)
        return (
            f"{head}<p>{escape(MOMENTS_INTRO)}</p>"
            f'<label class="moments-progress">Looking at your turns: {progress.done} of '
            f'{progress.total}<progress max="{total}" value="{progress.done}"></progress></label>'
            '<button type="button" class="btn btn-secondary" data-ui="moments-cancel">'
            "Cancel</button>"
        )
    if not review.moments:
        return (
            f"{head}<p>Of your {review.reviewed} turns with a choice, none cost you much: the "
            "hard AI would have played about as well.</p>"
        )
    items = "".join(
        _moment(m, k, names=names, cards=cards, board=board, seat=seat)
        for k, m in enumerate(review.moments)
    )
    return (
        f"{head}<p>Of your {review.reviewed} turns with a choice, these cost you the most, as "
        "the hard AI values positions: in points, or in games won where its sampled deals "
        "played on to the end.</p>"
        f'<ol class="moment-list">{items}</ol>'
    )


def _moment(
    moment: Moment,
    k: int,
    *,
    names: Sequence[str],
    cards: Mapping[str, Card],
    board: Board,
    seat: int,
) -> str:
    advice = moment.advice
    labels = space_labels(board)
    state = moment.decision.state
    played = plan_words(moment.decision.played, labels, cards)
    suggested = plan_words(advice.actions, labels, cards)
    because = " ".join(
        reason(advice, advice.best, advice.alternative, names, board, cards, yours=True)
    )
    view = build_view(observe(state, seat), ())
    start = state.seats[seat].position
    yours = route_svg(view.board, start, route_spaces(moment.decision.played), "yours")
    ai = route_svg(view.board, start, route_spaces(advice.actions), "hint")
    caption = (
        f"The map at the start of turn {state.turn}: you on "
        f"{labels.get(start, start)}, Captain Park on {state.park}. Your route is dotted; "
        "the hard AI's is dashed gold."
    )
    picture = board_svg(view.board, under=yours + ai, picture=caption, prefix=f"pm{k}")
    figure = (
        f'<figure class="moment-map">{picture}<figcaption>{escape(caption)}</figcaption></figure>'
    )
    shown = figure if k == 0 else f"<details><summary>The position</summary>{figure}</details>"
    return (
        f'<li class="moment"><h4>Round {state.round}, turn {state.turn}: {_stake(moment)}</h4>'
        f"<p><strong>You:</strong> {escape(played)}</p>"
        f"<p><strong>The hard AI:</strong> {escape(suggested)} {escape(because)}</p>"
        f"{shown}</li>"
    )


def _stake(moment: Moment) -> str:
    """What a moment cost: the game itself when the sampled deals ended it differently, else
    the points."""
    best, yours = moment.advice.best, moment.advice.alternative
    if yours is not None and (best.wins, best.losses) != (yours.wins, yours.losses):
        return "the game at stake"
    return f"about {points(moment.at_stake)} at stake"
