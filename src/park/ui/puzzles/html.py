"""The puzzles' markup.

The Puzzles dialog (the rating, the puzzle of the day, the next puzzle), the question card above the
decision while a puzzle is played, the verdict, and the puzzles' part of "Your record". Pure
functions of their arguments, in the page's language; ``park.ui.page.dialog_views`` places them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence

from park.engine.board import Board
from park.engine.deck import Card
from park.engine.observation import observe
from park.engine.rules import legal_actions
from park.engine.state import GameState
from park.ui.coach.difference import difference_words
from park.ui.coach.html import route_spaces
from park.ui.coach.plan import plan_words, sentences
from park.ui.coach.svg import route_svg
from park.ui.coach.text import points, reason
from park.ui.lang.i18n import _, ngettext, pgettext
from park.ui.lang.text import space_labels
from park.ui.play.board_svg import board_svg
from park.ui.play.markup import escape
from park.ui.play.view import build_view
from park.ui.play.warnings import move_risks
from park.ui.puzzles.buttons import (
    PUZZLE_DAILY,
    PUZZLE_LEAVE,
    PUZZLE_NEXT,
    PUZZLE_RETRY,
    PUZZLE_SOLUTION,
    PUZZLE_VERDICT,
)
from park.ui.puzzles.catalogue import Puzzle
from park.ui.puzzles.daily import daily_puzzle_note, puzzle_streak, streak_words
from park.ui.puzzles.progress import PuzzleRecord
from park.ui.puzzles.themes import THEMES
from park.ui.puzzles.verdict import Verdict


def _button(ui: str, label: str, primary: bool = False) -> str:
    kind = "btn-primary" if primary else "btn-secondary"
    return f'<button type="button" class="btn {kind}" data-ui="{ui}">{escape(label)}</button>'


def rating_words(record: PuzzleRecord) -> str:
    """The rating line, as in "Your puzzle rating: 1540 (± 290).".

    Followed, once a puzzle was tried, by "Solved at the first try: 3 of 5 puzzles."
    """
    tried = len(record.tried)
    solved = ngettext(
        "Solved at the first try: {solved} of {count} puzzle.",
        "Solved at the first try: {solved} of {count} puzzles.",
        tried,
    ).format(solved=record.solved, count=tried)
    rating = _("Your puzzle rating: {rating} (± {deviation}).").format(
        rating=round(record.rating), deviation=round(record.deviation)
    )
    return sentences(rating, solved) if tried else rating


def themes_html(
    counts: Mapping[str, int], results: Mapping[str, tuple[int, int]], chosen: str | None
) -> str:
    """The hub's choice of a theme, each with its count, and how the person does in each.

    ``counts``: puzzles of each theme (``park.ui.puzzles.themes.theme_counts``); ``results``:
    tried and solved at the first try, per theme (``theme_results``); ``chosen``: the theme
    picked (``None``: any). "Next puzzle" takes the next one of the theme chosen.
    """
    total = _("Any theme")
    options = [f'<option value=""{"" if chosen else " selected"}>{escape(total)}</option>']
    done = []
    for theme, name in THEMES:
        count = counts.get(theme, 0)
        label = _("{theme} ({count})").format(theme=_(name), count=count)
        picked = " selected" if theme == chosen else ""
        options.append(f'<option value="{theme}"{picked}>{escape(label)}</option>')
        tried, solved = results.get(theme, (0, 0))
        if tried:
            said = ngettext(
                "{theme}: solved {solved} of {count} puzzle tried.",
                "{theme}: solved {solved} of {count} puzzles tried.",
                tried,
            ).format(theme=_(name), solved=solved, count=tried)
            done.append(f"<li>{escape(said)}</li>")
    heading = _("How you do in each theme:")
    how = (
        f'<p id="puzzle-theme-results-title">{escape(heading)}</p>'
        f'<ul class="puzzle-theme-results" aria-labelledby="puzzle-theme-results-title">'
        f"{''.join(done)}</ul>"
        if done
        else ""
    )
    label = _("Theme of the next puzzle")
    return (
        '<div class="puzzle-themes field">'
        f'<label for="puzzle-theme">{escape(label)}</label>'
        f'<select id="puzzle-theme">{"".join(options)}</select></div>{how}'
    )


def hub_html(
    record: PuzzleRecord,
    today: dt.date,
    count: int,
    *,
    in_game: bool,
    themes: str = "",
) -> str:
    """The Puzzles dialog's content.

    What a puzzle is, the rating, the puzzle of the day (its note when played today, and the
    streak), the choice of a theme (``themes``: :func:`themes_html`, or none) and the buttons;
    ``count``: puzzles in the set; ``in_game``: a game is in progress (it waits while the puzzles
    are played).
    """
    intro = _(
        "Each of the {count} puzzles is a position from a game between AIs, at the start of "
        "a turn where one plan for the whole turn is clearly best. Play your turn with the "
        "usual controls (Undo takes a decision back); then the hard AI weighs it against "
        "the best plan on the same sampled deals, and says why."
    ).format(count=count)
    day = sentences(
        daily_puzzle_note(record, today)
        or sentences(
            _(
                "Today's puzzle is the same for everyone, offline too; a new one comes at "
                "midnight UTC."
            ),
            streak_words(puzzle_streak(record, today)),
        ),
        _("The streak counts the days in a row you played today's puzzle, solved or not."),
    )
    waits = ""
    if in_game:
        note = _("Your game waits: you can go back to it at any time.")
        waits = f'<p class="puzzle-note">{escape(note)}</p>'
    return (
        f"<p>{escape(intro)}</p>"
        f'<p class="puzzle-rating">{escape(rating_words(record))}</p>'
        f'<p id="puzzle-day-note">{escape(day)}</p>{waits}{themes}'
        '<div class="dialog-actions puzzle-buttons">'
        + _button(PUZZLE_DAILY, _("Today's puzzle"), primary=True)
        + _button(PUZZLE_NEXT, _("Next puzzle"))
        + _button("close-dialog", _("Close"))
        + "</div>"
    )


def puzzle_title(puzzle: Puzzle, day: str | None) -> str:
    """The puzzle's name, as in "Puzzle 17 (rated 1450)".

    For the puzzle of the day: "Today's puzzle: puzzle 17 (rated 1450)".
    """
    title = _("Puzzle {number} (rated {rating})").format(number=puzzle.number, rating=puzzle.rating)
    return _("Today's puzzle: {title}").format(title=title) if day else title


def question_html(
    puzzle: Puzzle, day: str | None, *, weighing: int | None = None, over: bool = False
) -> str:
    """The card above the decision while ``puzzle`` is played (``day``: the puzzle of that day).

    Its title, the question and "Leave the puzzle"; while the turn is weighed (``weighing``: the
    deals), what is happening instead of the question; once the turn is ``over`` and weighed, what
    to do next and no button (the decision's place has them).
    """
    if over:
        text = _("Your turn was weighed: see the verdict, try again, or take the next puzzle.")
    elif weighing is None:
        text = _(
            "Find the best turn. It is your turn, from your seat: you see your hand and "
            "what everyone can see. Play the whole turn; Undo takes a decision back."
        )
    else:
        text = ngettext(
            "Your turn is over. The hard AI is weighing it on {count} sampled deal…",
            "Your turn is over. The hard AI is weighing it on {count} sampled deals…",
            weighing,
        ).format(count=weighing)
    leave = _button(PUZZLE_LEAVE, _("Leave the puzzle"))
    return (
        '<section class="lesson puzzle-card" aria-labelledby="puzzle-title" '
        f'data-puzzle="{puzzle.number}">'
        f'<h2 id="puzzle-title" class="lesson-title" tabindex="-1">'
        f"{escape(puzzle_title(puzzle, day))}</h2>"
        f'<p class="lesson-text" role="status">{escape(text)}</p>'
        + ("" if over else f'<div class="lesson-buttons">{leave}</div>')
        + "</section>"
    )


def puzzle_over_html(*, judged: bool, verdict: bool = True) -> str:
    """The decision's place once the puzzle's turn is over.

    That the turn is being weighed, then (``judged``) the puzzle's buttons: see the ``verdict``
    again (when one was shown: not after weighing failed), try again, show the solution (the
    best turn, move by move), the next puzzle, leave.
    """
    if not judged:
        text = _("Your turn is over: the hard AI is weighing it.")
        return f'<p class="decision-note" role="status">{escape(text)}</p>'
    text = _("Your turn is over.")
    return (
        f'<p class="decision-note">{escape(text)}</p><div class="puzzle-buttons">'
        + (_button(PUZZLE_VERDICT, _("See the verdict"), primary=True) if verdict else "")
        + _button(PUZZLE_RETRY, _("Try again"), primary=not verdict)
        + _button(PUZZLE_SOLUTION, _("Show the solution"))
        + _button(PUZZLE_NEXT, _("Next puzzle"))
        + _button(PUZZLE_LEAVE, _("Leave the puzzle"))
        + "</div>"
    )


def _routes_words(yours: Sequence[str], best: Sequence[str]) -> str:
    """What the verdict's map shows of the two routes (the spaces each stepped to)."""
    if list(yours) == list(best):
        if not best:
            return _("You stayed put, as the best turn does.")
        return _("Your route is the best turn's, dashed gold.")
    if not yours:
        return _("You stayed put; the best turn's route is dashed gold.")
    if not best:
        return _("Your route is dotted; the best turn stays put.")
    return _("Your route is dotted; the best turn's is dashed gold.")


def _figures(verdict: Verdict) -> str:
    figures = ngettext(
        "On the same {count} sampled deal, played on to your next turn: your turn was worth "
        "{yours}, the best turn {best}, the runner-up {runner_up}.",
        "On the same {count} sampled deals, played on to your next turn: your turn was worth "
        "{yours}, the best turn {best}, the runner-up {runner_up}.",
        verdict.deals,
    ).format(
        count=verdict.deals,
        yours=points(verdict.yours),
        best=points(verdict.best),
        runner_up=points(verdict.runner_up),
    )
    worth = _(
        "A turn's worth is what it leads to by your next turn: the points you score, plus "
        "what your next turn promises, less what the others score and carry towards scoring."
    )
    return sentences(figures, worth)


def _labelled(label: str, *said: str) -> str:
    """A paragraph: ``label`` in bold, then the sentences ``said``."""
    return f"<p>{sentences(f'<strong>{escape(label)}</strong>', *map(escape, said))}</p>"


def rating_change(before: PuzzleRecord, after: PuzzleRecord) -> str:
    """What the try did to the rating.

    "Puzzle rating: 1500 → 1592 (+92)." on a first try, else that a puzzle tried before leaves it as
    it is.
    """
    if len(after.tried) == len(before.tried):
        return _("You had tried this puzzle before: your rating stays {rating}.").format(
            rating=round(after.rating)
        )
    old, new = round(before.rating), round(after.rating)
    return _("Puzzle rating: {old} → {new} ({change}).").format(
        old=old, new=new, change=f"{new - old:+d}"
    )


def verdict_html(
    verdict: Verdict,
    start: GameState,
    *,
    names: Sequence[str],
    cards: Mapping[str, Card],
    board: Board,
    rating: str,
) -> str:
    """The verdict on ``verdict``'s turn, played from ``start``.

    Solved or not, the figures, what made the difference (``park.ui.coach.difference``), your plan
    and the best one in words with the coach's reason, the map at the start with both routes, and
    ``rating`` (:func:`rating_change`).
    """
    puzzle = verdict.puzzle
    labels = space_labels(board)
    yours = plan_words(verdict.played, labels, cards)
    best = plan_words(puzzle.best_actions(), labels, cards)
    advice = verdict.advice
    seat = puzzle.seat
    risks = move_risks(observe(start, seat), legal_actions(start))  # the warnings at the start
    because = reason(
        advice,
        advice.best,
        advice.alternative,
        names,
        board,
        cards,
        yours=not verdict.found_best,
        risks=risks,
    )
    if verdict.found_best:
        title = _("Solved: you found the best turn.")
    elif verdict.solved:
        title = _("Solved: your turn is as good as the best one.")
    else:
        title = _("Not solved: there was a better turn.")
    here = start.seats[seat].position
    view = build_view(observe(start, seat), ())
    your_route, best_route = route_spaces(verdict.played), route_spaces(puzzle.best_actions())
    routes = route_svg(view.board, here, your_route, "yours")
    routes += route_svg(view.board, here, best_route, "hint")
    where = _("The map at the start of the puzzle: you on {space}, Captain Park on {park}.")
    caption = sentences(
        where.format(space=labels.get(here, here), park=start.park),
        _routes_words(your_route, best_route),
    )
    picture = board_svg(view.board, under=routes, picture=caption, prefix="pz")
    other = puzzle.runner_up_actions() if verdict.found_best else verdict.played
    them = _("the runner-up") if verdict.found_best else pgettext("the plan compared", "yours")
    made = difference_words(
        verdict.difference,
        puzzle.best_actions(),
        other,
        cards,
        them=them,
        facts=(advice.best, advice.alternative),
        board=board,
        names=names,
    )
    if verdict.found_best:  # the reason is the best turn's against the runner-up
        runner_up = plan_words(puzzle.runner_up_actions(), labels, cards)
        plans = (
            _labelled(_("You:"), yours, *because),
            _labelled(_("The runner-up:"), runner_up),
        )
    else:
        plans = (_labelled(_("You:"), yours), _labelled(_("The best turn:"), best, *because))
    return (
        f'<h2 id="puzzle-verdict-title" tabindex="-1" autofocus>{escape(title)}</h2>'
        f'<p class="puzzle-figures">{escape(_figures(verdict))}</p>'
        f'<p class="puzzle-difference">{escape(sentences(*made))}</p>'
        + "".join(plans)
        + f'<figure class="moment-map">{picture}<figcaption>{escape(caption)}</figcaption></figure>'
        f'<p class="puzzle-rating">{escape(rating)}</p>'
    )


def record_html(record: PuzzleRecord, today: dt.date) -> str:
    """The puzzles' part of "Your record".

    The rating, the puzzles solved and the streak of the puzzle of the day.
    """
    title = escape(_("Puzzles"))
    streak = streak_words(puzzle_streak(record, today))
    return (
        f'<section class="record-puzzles" aria-labelledby="record-puzzles-title">'
        f'<h3 id="record-puzzles-title">{title}</h3>'
        f"<p>{escape(sentences(rating_words(record), streak))}</p></section>"
    )


__all__ = [
    "hub_html",
    "puzzle_over_html",
    "puzzle_title",
    "question_html",
    "rating_change",
    "rating_words",
    "record_html",
    "themes_html",
    "verdict_html",
]
