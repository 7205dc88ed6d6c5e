"""A puzzle's solution: its best turn, move by move, each move with its reason in words.

:func:`solution_of` plays the puzzle's best plan (``Puzzle.best_actions``) from its start
(``PuzzlePosition.start``) through the engine and says each move as a newcomer needs it: the
decision's own button (``park.ui.play.decision``: "Step to Café 3", "Play Yeti Fur"), what it
does in the game's terms (the button's words: a Café gives a card and ends the turn; a card
played goes into the Inventory and moves Captain Park, and where to), why it matters in this
turn (the shop it stops at to play a card, the expedition a card is proof for and its points,
where the turn goes next), and what happened, as the game log says it (``describe``).

The page shows it on the game screen: :func:`solution_session` is the puzzle's session with the
plan's first moves played (the map, the hand and the log as in play), and :func:`solution_parts`
the markup drawn in place of the session's own: a card above, the move's words with Previous /
Next in the decision's place, the map with no move to choose and the rest of the best route
dashed gold, and the hand with no card to play. Watching it never touches the puzzle record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from park.engine.actions import (
    Action,
    ChooseFad,
    DeclineScore,
    Discard,
    FinishExchange,
    PlayCard,
    Score,
    SkipPlay,
    Step,
)
from park.engine.board import Board
from park.engine.deck import Card
from park.engine.events import Event, EventKind
from park.engine.observation import observe
from park.engine.rules import apply, legal_actions
from park.engine.state import GameState
from park.engine.terms import CAFE, HOTEL, MARKETPLACE
from park.ui.coach.html import route_spaces
from park.ui.coach.plan import action_words, plan_words, sentences
from park.ui.coach.svg import route_svg
from park.ui.lang.i18n import _, ngettext, pgettext, term
from park.ui.lang.text import describe, space_labels, with_article
from park.ui.play.board_svg import board_markup
from park.ui.play.decision import worth
from park.ui.play.markup import escape
from park.ui.play.outlook import park_landing_note
from park.ui.play.panels import hand_html
from park.ui.play.view import build_view
from park.ui.play.view_types import DecisionView
from park.ui.puzzles.buttons import (
    PUZZLE_RETRY,
    PUZZLE_SOLUTION_CLOSE,
    PUZZLE_SOLUTION_NEXT,
    PUZZLE_SOLUTION_PREV,
)
from park.ui.puzzles.html import puzzle_title
from park.ui.puzzles.position import PuzzlePosition, puzzle_session

if TYPE_CHECKING:
    from park.ui.game.session import Session


@dataclass(frozen=True, slots=True)
class SolutionStep:
    """One move of the best turn in words.

    Its ``action``; ``title``, the decision's button for it ("Play Yeti Fur"); ``does``, what it
    does in the game's terms; ``why``, why it matters in this turn (may be empty); ``happened``,
    the game log's lines of what it did.
    """

    action: Action
    title: str
    does: str
    why: str
    happened: tuple[str, ...]

    @property
    def text(self) -> str:
        """The move in one paragraph (what a screen reader is told)."""
        said = [_sentence(self.title), self.does, self.why, *self.happened]
        return sentences(*(part for part in said if part))


@dataclass(frozen=True, slots=True)
class Solution:
    """A puzzle's best turn: the ``plan`` in one sentence and each move's :class:`SolutionStep`."""

    plan: str
    steps: tuple[SolutionStep, ...]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sentence(words: str) -> str:
    """A few words (a button's detail, lower case) as a sentence: ``"Draw a card."``."""
    if not words:
        return ""
    return pgettext("a move's words as a sentence", "{words}.").format(words=_capital(words))


def _turn_ends_at(kind: str) -> str:
    """Why the best turn ends on a space of ``kind``."""
    if kind == CAFE:
        return _("The best turn ends here, with a new card for your hand.")
    if kind == HOTEL:
        return _("The best turn ends here, where Captain Park cannot reach you.")
    if kind == MARKETPLACE:
        return _(
            "The best turn ends here: the exchange of cards that follows is yours to choose "
            "and not part of the puzzle."
        )
    return _("The best turn ends here.")


@dataclass(frozen=True, slots=True)
class _Move:
    """What a move's words are made from: the plan, where it is, the state before and after."""

    plan: tuple[Action, ...]
    index: int
    before: GameState
    after: GameState
    decision: DecisionView
    cards: Mapping[str, Card]
    labels: Mapping[str, str]
    board: Board
    over: bool

    @property
    def action(self) -> Action:
        return self.plan[self.index]

    @property
    def next(self) -> Action | None:
        rest = self.plan[self.index + 1 :]
        return rest[0] if rest else None

    def place(self, space: str) -> str:
        return with_article(self.labels.get(space, space))

    def button(self) -> tuple[str, str]:
        """The decision's button for the move: its label and its detail."""
        for button in self.decision.buttons:
            if button.action == str(self.action):
                return button.label, button.detail
        return _capital(action_words(self.action, self.labels, self.cards)), ""


def _step_why(move: _Move, space: str) -> str:
    later = route_spaces(move.plan[move.index + 1 :])
    after = move.next
    if isinstance(after, PlayCard):
        said = _(
            "You stop here to play a card: that moves Captain Park one number on, and lets "
            "you take another step."
        )
        if later:
            goes = _("The best turn goes on towards {space}.").format(space=move.place(later[-1]))
            said = sentences(said, goes)
        return said
    if isinstance(after, Score | DeclineScore):
        return _("In the Gentlemen's Club you may score an expedition: see the next move.")
    if isinstance(after, SkipPlay):
        return ""
    if move.over:
        return _turn_ends_at(move.board.by_id[space].kind)
    return ""


def _play_words(move: _Move, card: Card) -> tuple[str, str]:
    landing = park_landing_note(observe(move.before, move.before.active))[0]
    does = sentences(
        _(
            "It goes from your hand into your Inventory, the cards that score at the Club "
            "({type}: {worth})."
        ).format(type=term(card.type), worth=worth(card.values)),
        _("Every card played moves Captain Park one number on: {landing}.").format(landing=landing),
    )
    scored = next((a.destination for a in move.plan if isinstance(a, Score)), None)
    points = card.value(scored) if scored is not None else 0
    best = card.best_destinations
    if scored is not None and points:
        why = ngettext(
            "It is proof for the {destination} expedition the best turn scores at the "
            "Club: {count} point there.",
            "It is proof for the {destination} expedition the best turn scores at the "
            "Club: {count} points there.",
            points,
        ).format(destination=term(scored), count=points)
    elif scored is not None and isinstance(move.next, Step):
        why = _(
            "It is worth nothing for {destination}: when the best turn scores there, it is "
            "discarded without counting. It is played for the extra step it gives, to {space}."
        ).format(destination=term(scored), space=move.place(move.next.space))
        return does, why
    elif best:
        top = card.value(best[0])
        why = ngettext(
            "It waits in your Inventory as proof for a later expedition: it is worth the "
            "most for {destination} ({count} point).",
            "It waits in your Inventory as proof for a later expedition: it is worth the "
            "most for {destination} ({count} points).",
            top,
        ).format(destination=term(best[0]), count=top)
    else:
        why = _("It waits in your Inventory as proof for a later expedition.")
    after = move.next
    if isinstance(after, Step):
        step = _("Playing it lets you take another step: to {space}.")
        why = sentences(why, step.format(space=move.place(after.space)))
    return does, why


def _skip_why(move: _Move) -> str:
    plays = [b for b in move.decision.buttons if b.action.startswith("play:")]
    if not plays:
        return ""
    if park_landing_note(observe(move.before, move.before.active))[1]:
        return _("A card played here would send Captain Park onto you.")
    return _("Your cards stay in your hand for a better use later.")


def _score_why(move: _Move, destination: str) -> str:
    options = move.decision.score_options
    if len(options) <= 1:
        return _("It is the one expedition you can score here.")
    this = next((o.total for o in options if o.destination == destination), 0)
    if this >= max(o.total for o in options):
        return ngettext(
            "Of the {count} expedition you could score here, it is worth the most.",
            "Of the {count} expeditions you could score here, it is worth the most.",
            len(options),
        ).format(count=len(options))
    return _("Not the most points now: the hard AI values what it leaves for your next turns more.")


def _words(move: _Move) -> tuple[str, str, str]:
    """The move's title, what it does and why it matters."""
    action = move.action
    title, detail = move.button()
    does, why = _sentence(detail), ""
    if isinstance(action, Step):
        why = _step_why(move, action.space)
    elif isinstance(action, PlayCard):
        does, why = _play_words(move, move.cards[action.card])
    elif isinstance(action, SkipPlay):
        why = _skip_why(move)
    elif isinstance(action, Score):
        why = _score_why(move, action.destination)
    elif isinstance(action, DeclineScore):
        why = _("Your Inventory stays for a bigger expedition later.")
    elif isinstance(action, Discard):
        does = _("It goes to the discard pile; the deck replaces it when the exchange ends.")
    elif isinstance(action, FinishExchange):
        does = _("You draw as many new cards as you gave up.")
    elif isinstance(action, ChooseFad):
        does = _("An expedition to the Fad scores 10 more.")
    return title, does, why


def _happened(
    events: Sequence[Event],
    seat: int,
    names: Sequence[str],
    cards: Mapping[str, Card],
    board: Board,
) -> tuple[str, ...]:
    """The game log's lines of ``events``, as ``seat`` sees them."""
    lines = []
    for event in events:
        if event.kind is EventKind.TURN_STARTED or event.private_to not in (None, seat):
            continue
        line = describe(event, names, cards, you=seat, board=board)
        if line:
            lines.append(line)
    return tuple(lines)


def solution_of(position: PuzzlePosition) -> Solution:
    """The best turn of ``position``'s puzzle, played from its start, in words."""
    start, seat = position.start, position.puzzle.seat
    plan = position.puzzle.best_actions()
    names = [spec.name for spec in start.settings.seats]
    cards = {card.id: card for card in start.rules.cards}
    board = start.rules.board
    labels = space_labels(board)
    steps = []
    state = start
    for index, action in enumerate(plan):
        decision = build_view(observe(state, seat), legal_actions(state)).decision
        after, events = apply(state, action)
        move = _Move(
            plan, index, state, after, decision, cards, labels, board, position.over(after)
        )
        title, does, why = _words(move)
        happened = _happened(events, seat, names, cards, board)
        steps.append(SolutionStep(action, title, does, why, happened))
        state = after
    return Solution(plan_words(plan, labels, cards), tuple(steps))


def solution_session(position: PuzzlePosition, moves: int) -> Session:
    """The puzzle's session with the best turn's first ``moves`` moves played."""
    puzzle = position.puzzle
    session = puzzle_session(puzzle, "", start=position.start)
    for action in puzzle.best_actions()[:moves]:
        session.act(action)
    return session


def _button(ui: str, label: str, *, primary: bool = False, disabled: bool = False) -> str:
    kind = "btn-primary" if primary else "btn-secondary"
    off = " disabled" if disabled else ""
    return f'<button type="button" class="btn {kind}" data-ui="{ui}"{off}>{escape(label)}</button>'


def solution_card_html(position: PuzzlePosition, day: str | None) -> str:
    """The card above the decision while the solution is shown (the question card's place)."""
    puzzle = position.puzzle
    text = _(
        "The solution: the best turn, played move by move on the map. Watching it does not "
        "change your puzzle rating."
    )
    return (
        '<section class="lesson puzzle-card" aria-labelledby="puzzle-title" '
        f'data-puzzle="{puzzle.number}" data-solution="">'
        f'<h2 id="puzzle-title" class="lesson-title" tabindex="-1">'
        f"{escape(puzzle_title(puzzle, day))}</h2>"
        f'<p class="lesson-text">{escape(text)}</p></section>'
    )


def solution_move_html(solution: Solution, index: int) -> str:
    """The decision's place at move ``index`` of the solution (0: before its first move).

    What the move did and why, Previous and Next (the arrow keys too), Try again and back to
    the end of your own try.
    """
    count = len(solution.steps)
    if index == 0:
        head = _("The best turn")
        moves = ngettext(
            "It has {count} move: Next plays it on the map.",
            "It has {count} moves: Next plays them one by one on the map.",
            count,
        ).format(count=count)
        keys = _("The → key does the same.")  # shown where there is a keyboard (styles/table.css)
        body = (
            f'<p class="solution-does">{escape(sentences(solution.plan, moves))}'
            f' <span class="key-hint">{escape(keys)}</span></p>'
        )
        where = ""
    else:
        step = solution.steps[index - 1]
        head = step.title
        where = _("Move {number} of {count}").format(number=index, count=count)
        body = "".join(
            f'<p class="{name}">{escape(text)}</p>'
            for name, text in (("solution-does", step.does), ("solution-why", step.why))
            if text
        )
        if step.happened:
            lines = "".join(f"<li>{escape(line)}</li>" for line in step.happened)
            body += f'<ul class="solution-happened">{lines}</ul>'
        if index == count:
            done = _("That is the whole best turn. Try it yourself with Try again.")
            body += f'<p class="solution-end">{escape(done)}</p>'
    count_line = f'<p class="solution-count">{escape(where)}</p>' if where else ""
    return (
        f'<div class="decision puzzle-solution" data-kind="solution" data-move="{index}">'
        f"{count_line}"
        f'<h2 class="decision-title" id="solution-title">{escape(head)}</h2>{body}'
        '<div class="solution-steps">'
        + _button(PUZZLE_SOLUTION_PREV, _("◀ Previous"), disabled=index == 0)
        + _button(PUZZLE_SOLUTION_NEXT, _("Next ▶"), primary=True, disabled=index == count)
        + '</div><div class="puzzle-buttons">'
        + _button(PUZZLE_RETRY, _("Try again"), primary=index == count)
        + _button(PUZZLE_SOLUTION_CLOSE, _("Close the solution"))
        + "</div></div>"
    )


def solution_parts(
    position: PuzzlePosition,
    solution: Solution,
    session: Session,
    index: int,
    *,
    day: str | None,
    motion: float = 0.0,
) -> dict[str, str]:
    """What the game screen draws in place of ``session``'s own at move ``index``, by element id.

    The card above the decision, the move's words in the decision's place, the map with no move
    to choose (the pawn's last move sliding for ``motion`` seconds) and the rest of the best
    route dashed gold, and the hand with no card to play.
    """
    view = build_view(session.observation(), (), session.recent, session.new_cards)
    here = session.state.seats[position.puzzle.seat].position
    rest = route_spaces(position.puzzle.best_actions()[index:])
    under = route_svg(view.board, here, rest, "hint")
    return {
        "lesson": solution_card_html(position, day),
        "decision": solution_move_html(solution, index),
        "board": board_markup(view.board, motion=motion, under=under).html,
        "hand": hand_html(view),
    }


__all__ = [
    "Solution",
    "SolutionStep",
    "solution_card_html",
    "solution_move_html",
    "solution_of",
    "solution_parts",
    "solution_session",
]
