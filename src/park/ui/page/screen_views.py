"""The page's header, notices and New game form, and ``<html>``'s marks, from its state."""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import quote

from park.ui.lang.i18n import _
from park.ui.page.state import PageState
from park.ui.page.view_types import Element
from park.ui.setup.preferences import resolved_theme
from park.ui.setup.settings import GAME_TITLE

if TYPE_CHECKING:
    from park.ui.game.screen import ScreenParts


def download_url(text: str) -> str:
    """A ``data:`` URL that downloads ``text`` as a JSON file (a kept save or record)."""
    return "data:application/json;charset=utf-8," + quote(text, safe="")


def setup_title() -> str:
    """The page's title off the game screen: the game's name."""
    return _(GAME_TITLE)


def root_marks(state: PageState, parts: ScreenParts | None) -> dict[str, str]:
    """``<html>``'s attributes the page keeps up to date.

    The theme in force and the choice (``web/boot.js`` set them before Python), whether the page
    is ready and its autosave synced, and, on the game screen, the decision's kind, the moves the
    game shown has taken, whose hand shows, and the puzzle's stage (the tests wait on them).
    """
    settings = state.settings
    marks = {
        "data-theme": resolved_theme(settings.theme, system_dark=settings.system_dark),
        "data-theme-choice": settings.theme,
        "data-park-synced": "false" if state.saving.pending else "true",
        "data-park-puzzle": state.puzzle.mark if state.puzzle is not None else "",
        # which screen shows: the style sheet lays the game and the replay out by it (a rule
        # on <html> costs nothing when the page changes; an ancestor's :has() did, issue 48)
        "data-park-screen": state.visible_screen,
        "data-park-live": _live_mark(state),
    }
    if state.ready:
        marks["data-park-ready"] = "true"
    shown = state.shown
    if state.visible_screen in ("game", "privacy") and shown is not None:
        if shown.privacy_needed:
            marks["data-park-turn"] = "privacy"
            marks["data-park-viewer"] = ""
        elif parts is not None:
            marks["data-park-turn"] = parts.decision_kind
            marks["data-park-viewer"] = str(shown.human) if shown.hand_shown else ""
        marks["data-park-moves"] = str(shown.actions_played)
    return marks


def _live_mark(state: PageState) -> str:
    """How this page is at a live table (``""``: none).

    ``host``: it hosts one; ``guest``: it sits at one, its channel open; ``away``: not connected.
    """
    from park.ui.page.live_state import Hosting

    live = state.live
    if live is None:
        return ""
    if isinstance(live, Hosting):
        return "host"
    return "guest" if live.connected else "away"


def header(state: PageState) -> dict[str, Element]:
    """The header's settings and buttons.

    The menus show the settings, "Replay the last game" shows when a finished game is kept, the
    page itself once Python is ready.
    """
    settings = state.settings
    shown = state.shown
    thinking_hidden = shown is not None and not shown.thinks_on_budget and not shown.coach.hints
    return {
        "#park-root": Element(hidden=not state.ready),
        "#btn-replay-last": Element(hidden=not state.last_game),
        "#language": Element(props={"value": settings.language}),
        "#speed": Element(props={"value": settings.speed}),
        "#thinking": Element(props={"value": settings.thinking}),
        "#theme": Element(props={"value": settings.theme}),
        "#sound": Element(props={"value": settings.sound}),
        # the hard AI's thinking time is also a hint's: hidden where neither thinks
        "#thinking-setting": Element(hidden=thinking_hidden),
    }


def notices(state: PageState) -> dict[str, Element]:
    """The message above the game (good news in green, a problem in red with its file to download).

    The message above the game (good news in green, a problem in red with its file to download),
    "Saving is off", and "This game continued in another tab".
    """
    notice = state.notice
    shown: dict[str, Element] = {"#notice": Element(hidden=notice is None)}
    if notice is not None:
        shown["#notice"] = Element(hidden=False, classes={"is-good": notice.good})
        shown["#notice-text"] = Element(text=notice.text)
        download = {"href": download_url(notice.download)} if notice.download else {}
        shown["#notice-download"] = Element(hidden=notice.download is None, props=download)
    failure = state.saving.failure
    shown["#storage-note"] = Element(hidden=failure is None, text=failure or "")
    shown["#tab-note"] = Element(hidden=not state.saving.stale)
    return shown


def form(state: PageState) -> dict[str, Element]:
    """The New game form.

    Its fields, one name field per human beyond the first, "Back to the game" with a game in
    progress, its problem, a kept unusable save to download, today's expedition's note, and
    "Download this game".
    """
    from park.ui.page.form_updates import NAME_FIELDS

    fields = state.form
    shown: dict[str, Element] = {
        "#f-humans": Element(props={"value": str(fields.humans)}),
        "#f-name": Element(props={"value": fields.name}),
        "#f-opponents": Element(props={"value": str(fields.opponents)}),
        "#f-level": Element(props={"value": fields.level}),
        "#f-seed": Element(props={"value": fields.seed}),
        "#f-hints": Element(props={"checked": fields.hints}),
        "#f-name-label": Element(
            text=_("Your name") if fields.humans == 1 else _("Player 1's name")
        ),
        "#btn-back": Element(hidden=state.session is None),
        "#form-error": Element(hidden=fields.error is None, text=fields.error or ""),
        "#backup-note": Element(hidden=fields.backup is None),
        "#daily-played": Element(hidden=fields.daily_note is None, text=fields.daily_note or ""),
    }
    for number, field_id in enumerate(NAME_FIELDS, start=2):
        shown[f"#{field_id}"] = Element(props={"value": fields.others[number - 2]})
        shown[f'#f-others [data-human="{number}"]'] = Element(hidden=number > fields.humans)
    if fields.backup is not None:
        shown["#backup-download"] = Element(props={"href": download_url(fields.backup)})
    session = state.session
    shown["#game-export"] = Element(hidden=session is None)
    if session is not None:
        from park.ui.game.transfer import game_file_name

        shown["#game-export"] = Element(
            hidden=False,
            props={
                "href": download_url(session.save_text()),
                "download": game_file_name(state.today),
            },
        )
    return shown
