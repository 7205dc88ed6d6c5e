"""The coach's markup.

The Hint and Park's reach controls with the hint shown, and the game over's "Moments to look at"
(the review's progress, then each moment with a picture of the position).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from park.engine.actions import Action, Step
from park.engine.board import Board
from park.engine.deck import Card
from park.engine.observation import observe
from park.engine.rules import legal_actions
from park.ui.coach.plan import sentences
from park.ui.coach.svg import route_svg
from park.ui.coach.text import HintWords, plan_words, points, reason
from park.ui.lang.i18n import _, ngettext
from park.ui.lang.text import space_labels
from park.ui.play.board_svg import board_svg
from park.ui.play.markup import escape
from park.ui.play.view import build_view
from park.ui.play.warnings import move_risks

if TYPE_CHECKING:
    from park.ai.review import Moment, Review, ReviewProgress


def coach_html(
    *, your_turn: bool, thinking: bool | tuple[int, int] = False, reach_shown: bool = False
) -> str:
    """The coach's buttons beside the game's status.

    "Hint" (only on the player's turn; disabled, saying so, while the AI thinks, with the sampled
    deals done so far when ``thinking`` is ``(done, deals)``) and the "Park's reach" toggle
    (pressed while shown; the map shows it on the player's turn).
    """
    disabled = "" if your_turn and not thinking else " disabled"
    label, named = _("Hint"), ""
    if isinstance(thinking, tuple):  # short on a phone's header; the whole in its name
        label = _("Thinking… {done}/{deals}").format(done=thinking[0], deals=thinking[1])
        name = _("Hint: {thinking} sampled deals").format(thinking=label)
        named = f' aria-label="{escape(name)}"'
    elif thinking:
        label = _("Hint: thinking…")
    hint = (
        f'<button type="button" class="btn btn-secondary btn-hint" data-ui="hint"{named}'
        f"{disabled}>{escape(label)}</button>"
    )
    pressed = "true" if reach_shown else "false"
    shown = _("Park's reach")
    reach = (
        '<button type="button" class="btn btn-secondary btn-reach" data-ui="reach" '
        f'aria-pressed="{pressed}">{shown}</button>'
    )
    return hint + reach


def hint_html(words: HintWords | None) -> str:
    """The hint shown under the decision: its plan and reason (empty without a hint)."""
    if words is None:
        return ""
    because = "".join(f'<p class="hint-reason">{escape(r)}</p>' for r in words.reason)
    if words.compared:
        compared = _("The other plan: {plan}").format(plan=words.compared)
        because += f'<p class="hint-compared">{escape(compared)}</p>'
    label = escape(_("Hint:"))
    plan = sentences(f"<strong>{label}</strong>", escape(words.plan))
    deals = f' data-deals="{words.deals}"' if words.deals else ""
    return f'<div class="hint-box"{deals}><p class="hint-plan">{plan}</p>{because}</div>'


def route_spaces(actions: Sequence[Action]) -> list[str]:
    """The spaces a plan steps to, in order (its ``Step`` actions)."""
    return [a.space for a in actions if isinstance(a, Step)]


def moments_intro() -> str:
    """What the review is, above its button and its progress."""
    return _(
        "After the game the hard AI looks again at each of your turns, from what you knew "
        "then, and lists the ones where its own plan was worth clearly more than yours."
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
    """The "Moments to look at" section of the game over.

    A button to start the review; while it runs, a progress bar and "Cancel"; then the moments
    (largest stake first), the first one's picture shown and the others' folded.
    """
    title = escape(_("Moments to look at"))
    head = f'<h3 id="moments-title">{title}</h3>'
    intro = f"<p>{escape(moments_intro())}</p>"
    if review is None and progress is None:
        find = escape(_("Find moments to look at"))
        return (
            f'{head}{intro}<button type="button" class="btn btn-secondary" data-ui="moments">'
            f"{find}</button>"
        )
    if review is None:
        assert progress is not None
        total = max(progress.total, 1)
        looking = _("Looking at your turns: {done} of {total}").format(
            done=progress.done, total=progress.total
        )
        cancel = escape(_("Cancel"))
        return (
            f'{head}{intro}<label class="moments-progress">{escape(looking)}'
            f'<progress max="{total}" value="{progress.done}"></progress></label>'
            '<button type="button" class="btn btn-secondary" data-ui="moments-cancel">'
            f"{cancel}</button>"
        )
    if not review.moments:
        none = ngettext(
            "Of your {count} turn with a choice, none cost you much: the hard AI would have "
            "played about as well.",
            "Of your {count} turns with a choice, none cost you much: the hard AI would have "
            "played about as well.",
            review.reviewed,
        )
        return f"{head}<p>{escape(none.format(count=review.reviewed))}</p>"
    items = "".join(
        _moment(m, k, names=names, cards=cards, board=board, seat=seat)
        for k, m in enumerate(review.moments)
    )
    these = ngettext(
        "Of your {count} turn with a choice, these cost you the most, as the hard AI values "
        "positions: in points, or in games won where its sampled deals played on to the end.",
        "Of your {count} turns with a choice, these cost you the most, as the hard AI values "
        "positions: in points, or in games won where its sampled deals played on to the end.",
        review.reviewed,
    )
    return (
        f"{head}<p>{escape(these.format(count=review.reviewed))}</p>"
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
    risks = move_risks(observe(state, seat), legal_actions(state))  # the warnings then
    because = reason(
        advice, advice.best, advice.alternative, names, board, cards, yours=True, risks=risks
    )
    view = build_view(observe(state, seat), ())
    start = state.seats[seat].position
    yours = route_svg(view.board, start, route_spaces(moment.decision.played), "yours")
    ai = route_svg(view.board, start, route_spaces(advice.actions), "hint")
    caption = _(
        "The map at the start of turn {turn}: you on {space}, Captain Park on {park}. Your "
        "route is dotted; the hard AI's is dashed gold."
    ).format(turn=state.turn, space=labels.get(start, start), park=state.park)
    picture = board_svg(view.board, under=yours + ai, picture=caption, prefix=f"pm{k}")
    figure = (
        f'<figure class="moment-map">{picture}<figcaption>{escape(caption)}</figcaption></figure>'
    )
    summary = escape(_("The position"))
    shown = figure if k == 0 else f"<details><summary>{summary}</summary>{figure}</details>"
    title = _("Round {round}, turn {turn}: {stake}").format(
        round=state.round, turn=state.turn, stake=_stake(moment)
    )
    you_label, ai_label = escape(_("You:")), escape(_("The hard AI:"))
    you = sentences(f"<strong>{you_label}</strong>", escape(played))
    ai_said = sentences(f"<strong>{ai_label}</strong>", escape(suggested), *map(escape, because))
    return f'<li class="moment"><h4>{escape(title)}</h4><p>{you}</p><p>{ai_said}</p>{shown}</li>'


def _stake(moment: Moment) -> str:
    """What a moment cost.

    The game itself when the sampled deals ended it differently, else the points.
    """
    best, yours = moment.advice.best, moment.advice.alternative
    if yours is not None and (best.wins, best.losses) != (yours.wins, yours.losses):
        return _("the game at stake")
    return _("about {points} at stake").format(points=points(moment.at_stake))
