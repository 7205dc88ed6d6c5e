"""The page's dialogs from its state (issue 49).

The game over (its standings, story, moments, Today's expedition's line and the game's links), "Your
record", the Puzzles dialog and a puzzle's verdict, a challenge offered, and what was said of the
lines copied.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from park.ui.lang.i18n import _, language
from park.ui.page.screen_views import download_url
from park.ui.page.state import PageState, RecordShown
from park.ui.page.view_types import Element
from park.ui.play.markup import escape

if TYPE_CHECKING:
    from park.ui.game.screen import ScreenParts
    from park.ui.game.session import Session

COPIED_IN = {
    "daily-text": "daily-copied",
    "puzzle-share-text": "puzzle-copied",
    "link-text": "link-copied",
    "replay-link": "replay-link-copied",
}
"""Each line to share's text box, and where the page says it was copied."""

_stories: dict[tuple[int, int, str], str] = {}
"""The game over's story by game, length and language: made once (a memo of this module)."""


def dialogs(state: PageState, parts: ScreenParts | None) -> dict[str, Element]:
    """Every dialog's content the state holds, and what was said of the lines copied."""
    shown = _copied(state)
    if parts is not None and parts.game_over is not None:
        shown["#over"] = Element(html=parts.game_over)
    session = state.session
    if session is not None and session.is_over and state.dialog == "over":
        shown.update(_game_over(state, session))
    if session is not None and session.is_over:
        shown["#moments"] = Element(html=_moments(state, session))
    if state.record is not None:
        shown.update(_record(state, state.record))
    if state.hub is not None and state.dialog == "puzzles":
        shown["#puzzles-hub"] = Element(html=_hub(state))
    if state.puzzle is not None and state.puzzle.verdict is not None:
        shown.update(_verdict(state))
    if state.links.offered is not None:
        from park.ui.game.link_views import offer_html

        shown["#challenge-offer"] = Element(html=offer_html(state.links.offered))
    return shown


def _copied(state: PageState) -> dict[str, Element]:
    """What is said under each line to share that was copied, while it holds what was copied."""
    boxes = {
        "daily-text": state.over.daily,
        "puzzle-share-text": state.puzzle.share if state.puzzle is not None else None,
        "link-text": state.links.shown,
        "replay-link": state.replay.link if state.replay is not None else None,
    }
    said = {box: text for box, copied, text in state.copied if boxes.get(box) == copied}
    return {f"#{where}": Element(text=said.get(box, "")) for box, where in COPIED_IN.items()}


def _story(session: Session) -> str:
    from park.ui.story.html import story_html
    from park.ui.story.model import game_story

    key = (id(session), session.actions_played, language())
    if key not in _stories:
        _stories.clear()
        game = session.state
        _stories[key] = story_html(
            game_story(game),
            cards=session.cards,
            board=game.rules.board,
            you=None if session.mode.hot_seat else session.human,
        )
    return _stories[key]


def _game_over(state: PageState, session: Session) -> dict[str, Element]:
    """The game over dialog's story, Today's expedition's line and the game's links."""
    from park.ui.setup.modes import Kind

    links = state.links
    daily = state.over.daily
    mode = session.mode
    solo = not mode.hot_seat and mode.kind in (Kind.GAME, Kind.DAILY)
    comparison = ""
    if links.passes_on and links.next_challenge is not None:
        from park.ui.game.link_views import comparison_html

        comparison = comparison_html(links.next_challenge)
    label = _("Pass the challenge on") if links.passes_on else _("Challenge a friend")
    return {
        "#story": Element(html=_story(session)),
        "#daily-share": Element(hidden=daily is None),
        "#daily-text": Element(props={"value": daily or ""}),
        "#link-share": Element(hidden=mode.kind is Kind.PUZZLE),
        "#challenge-result": Element(html=comparison),
        "#link-challenge": Element(hidden=not solo or links.next_challenge is None, text=label),
        "#link-reveal": Element(props={"checked": links.reveal}),
        "#link-text": Element(hidden=links.shown is None, props={"value": links.shown or ""}),
        "#link-copy": Element(hidden=links.shown is None),
        "#link-share-button": Element(hidden=links.shown is None),
    }


def _moments(state: PageState, session: Session) -> str:
    from park.ui.coach.html import moments_html

    return moments_html(
        state.coach.progress,
        session.coach.review,
        names=session.names,
        cards=session.cards,
        board=session.state.rules.board,
        seat=session.human,
    )


def _record(state: PageState, shown: RecordShown) -> dict[str, Element]:
    """The record dialog's content.

    The record with its charts (why the game at the table is not counted), the puzzles' record,
    a problem or an import's result, the files to download.
    """
    from park.ui.game.transfer import record_file_name
    from park.ui.record.html import not_counted_html, record_html
    from park.ui.record.trends import trends_html

    games = "" if shown.record is None else record_html(shown.record) + trends_html(shown.record)
    mode = None if state.session is None else state.session.mode
    body = games + (not_counted_html(mode) if not shown.good else "") + _puzzle_record(state)
    elements = {
        "#record-note": Element(hidden=shown.problem is None, classes={"is-good": shown.good}),
        "#record-note-text": Element(text=shown.problem or ""),
        "#record-download": Element(hidden=shown.damaged is None),
        "#record": Element(html=body),
        "#record-export": Element(hidden=shown.export is None),
    }
    if shown.damaged is not None:
        elements["#record-download"] = Element(
            hidden=False, props={"href": download_url(shown.damaged)}
        )
    if shown.export is not None:
        elements["#record-export"] = Element(
            hidden=False,
            props={"href": download_url(shown.export), "download": record_file_name(state.today)},
        )
    return elements


def _puzzle_record(state: PageState) -> str:
    """The puzzles' part of the record.

    The rating, the puzzles solved, the streak, the rating's chart and the puzzles tried; a
    puzzle record that could not be read is said.
    """
    from park.ui.puzzles.history import history_html
    from park.ui.puzzles.html import record_html as puzzle_record_html

    shown = state.record
    assert shown is not None
    problem = shown.puzzles_problem
    said = "" if problem is None else f'<p class="notice" role="alert">{escape(problem)}</p>'
    if shown.puzzles is None or not state.today:
        return said
    today = dt.date.fromisoformat(state.today)
    return said + puzzle_record_html(shown.puzzles, today) + history_html(shown.puzzles)


def _hub(state: PageState) -> str:
    """The Puzzles dialog: the rating, the puzzle of the day and its streak, the themes."""
    from park.ui.puzzles.catalogue import load_puzzles
    from park.ui.puzzles.html import hub_html, themes_html
    from park.ui.puzzles.progress import PuzzleRecord
    from park.ui.puzzles.themes import theme_counts, theme_results

    hub = state.hub
    assert hub is not None
    puzzles, kept = load_puzzles(), hub.record or PuzzleRecord()
    themes = themes_html(theme_counts(puzzles), theme_results(kept, puzzles), hub.theme)
    markup = hub_html(
        kept,
        dt.date.fromisoformat(hub.today),
        len(puzzles.puzzles),
        in_game=state.session is not None,
        themes=themes,
    )
    if hub.problem is not None:
        markup = f'<p class="notice" role="alert">{escape(hub.problem)}</p>{markup}'
    return markup


def _verdict(state: PageState) -> dict[str, Element]:
    """A puzzle's verdict, with the rating's change, and the line to share (today's)."""
    from park.ui.puzzles.html import verdict_html

    play = state.puzzle
    assert play is not None and play.verdict is not None
    start = play.position.start
    markup = verdict_html(
        play.verdict,
        start,
        names=play.session.names,
        cards=play.session.cards,
        board=start.rules.board,
        rating=play.rating,
    )
    return {
        "#puzzle-verdict": Element(html=markup),
        "#puzzle-share": Element(hidden=play.share is None),
        "#puzzle-share-text": Element(props={"value": play.share or ""}),
    }
