"""The page's one controller (issue 42).

It owns the page's state (``page_state.PageState``), turns every input into a command on it, and
redraws the page from it.

A command is a ``data-ui`` button's name (:attr:`Page.commands`), a decision's action text
(:meth:`Page.human_action`), a setting changed or a key pressed. Each changes the state and
calls :meth:`Page.redraw`, which shows the screen the state names and draws it from the pure
``park.ui`` views (``game_screen.py`` patches the game, ``replay_page.py`` the replay). The
page's helpers (the AI seats' pacing, the coach, the puzzles, the tutorial, the replay, the
tabs' shared save, the files, the language) each do one job on this state and ask this
controller, never each other, for what else must happen.
"""

from __future__ import annotations

import asyncio
import importlib
from typing import TYPE_CHECKING, Any

import focus
from ai_pacing import AiPacing
from coach_page import CoachControls
from dom import Command, by_id, closing_dialog, found, opens
from files import Files
from first_screen import take_over
from game_screen import GameScreen, copy_daily
from language_menu import LanguageMenu
from links_page import LinksPage
from new_game_form import offer_game, session_from_form, show_form, show_name_fields
from notices import draw_notice
from page_state import PANELS, SCREENS, Notice, PageState
from patch import mark_toggled
from preferences import Preferences
from puzzle_page import PuzzleControls
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import to_js  # type: ignore[import-not-found]
from record_page import show_record
from replace_guard import ReplaceGuard
from replay_page import ReplayPage
from storage import LAST_GAME_KEY, SAVE_KEY, keep_unusable_save, resume_saved, storage_get
from table_picture import keep_picture
from tabs import SharedSave
from tutorial_page import TutorialControls

from park.ui.game.startup import PAGE_MODULES
from park.ui.lang.i18n import _, language

if TYPE_CHECKING:
    from park.ui.game.session import Session


class Page:
    """The page: its :attr:`state`, its helpers, its commands and its redraw."""

    def __init__(self, state: PageState) -> None:
        self.state = state
        self.proxies: list[Any] = []
        """The page's event listeners (``main.wire``), kept alive with it."""
        self.warm_up_task: asyncio.Future[None] | None = None
        self.coach = CoachControls(self)
        self.game = GameScreen(self)
        self.replay = ReplayPage(self)
        self.files = Files(self)
        self.shared = SharedSave(self)
        self.language = LanguageMenu(self)
        self.ai = AiPacing(self)
        self.tutorial = TutorialControls(self)
        self.puzzle = PuzzleControls(self)
        self.guard = ReplaceGuard(self)
        self.prefs = Preferences(self)
        self.links = LinksPage(self)
        self.commands: dict[str, Command] = {
            "new": closing_dialog(self.show_setup),
            "back": lambda _element: self.show_game(),
            **{name: opens(f"{name}-dialog") for name in ("rules", "about", "settings")},
            "record": lambda _element: show_record(self.state.session),
            "daily": lambda _element: self.start_from_form(daily=True),
            "show-hand": lambda _element: self.show_hand(),
            "replay": lambda e: self.replay.open_game(e, self.state.session),
            "replay-last": lambda e: self.replay.open_game(e, None),
            "copy-daily": lambda _element: copy_daily(),
            "results": opens("over-dialog"),
            "close-dialog": lambda element: element.closest("dialog").close(),
            "dismiss": lambda _element: self.notify(None),
            "undo": lambda _element: self.undo(),
            "skip": lambda _element: self.ai.skip(),
            **self.coach.commands(),
            **self.tutorial.commands(),
            **self.puzzle.commands(),
            **self.guard.commands(),
            **self.replay.commands(),
            **self.links.commands(),
            "toggle-panel": lambda element: self.toggle_panel(str(element.dataset.panel)),
            "map-edge": lambda element: focus.centre_map(str(element.dataset.target)),
            "again": closing_dialog(self.play_again),
            "continue-here": lambda _element: self.shared.continue_here(),
        }
        """The ``data-ui`` buttons, each name with its command."""

    # -- start-up ----------------------------------------------------------------------------

    def start(self) -> None:
        """Resume the autosaved game or show the New game form, then signal readiness.

        Resume the autosaved game, or show the New game form (with a message if the save
        was unusable), then signal that the page is ready.
        """
        kept = take_over()  # what the first screen showed (web/first_screen.js) is ours now
        saved = storage_get(SAVE_KEY)
        session, message = resume_saved(saved)
        by_id("park-root").hidden = False
        by_id("btn-replay-last").hidden = storage_get(LAST_GAME_KEY) is None
        if session is not None:
            try:
                self.state.session = session
                self.show_game()
            except Exception as exc:  # a save that loads but cannot be drawn: keep it too
                window.console.warn(f"Park: the saved game could not be shown: {exc!r}")
                self.state.session = session = None
                message = _("Your saved game could not be shown by this version of Park.")
        if session is None and saved is not None and message:
            self.notify(Notice(keep_unusable_save(saved, message), download=saved))
        elif message:  # it goes on, with earlier cards or rules: good news, said plainly
            self.notify(Notice(message, good=True))
        if session is None:
            self.show_setup()
        self.shared.started()
        document.documentElement.dataset.parkReady = "true"
        window.performance.mark("park:ready")  # time to ready, in every engine (bench/)
        self.ai.kick()
        if kept is not None:  # pressed before Python was ready: carried out now
            self.carry_out(*kept)
        self.links.started()  # a link in the address (#...) is read once Python is ready
        self.warm_up_task = asyncio.ensure_future(self.warm_up())

    async def warm_up(self) -> None:
        """Import the game's modules not loaded yet, each in its own slice.

        Import the game's modules not loaded yet (all of them while the player reads the
        New game form; the AI after a resume), each in its own slice, so that a click in
        between is answered. A page restored from the build's memory snapshot has them all.
        """
        for module in PAGE_MODULES:
            await asyncio.sleep(0)
            importlib.import_module(module)

    # -- the redraw --------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw the page from :attr:`state`.

        The screen it names (the game's privacy screen between two humans), the settings' menus, the
        phone's opened panels, and that screen's content.
        """
        state = self.state
        visible = state.visible_screen
        for name in SCREENS:
            by_id(name).hidden = name != visible
        by_id("language").value = language()
        by_id("speed").value = state.pace.speed
        by_id("thinking").value = state.pace.thinking
        game = by_id("game")
        for panel in PANELS:
            game.classList.toggle(f"show-{panel}", panel in state.panels)
        for button in document.querySelectorAll('#game [data-ui="toggle-panel"]'):
            opened = str(button.dataset.panel) in state.panels
            button.setAttribute("aria-expanded", "true" if opened else "false")
        shown = state.shown
        if visible in ("game", "privacy") and shown is not None:
            overrides = self.puzzle.overrides()
            self.game.render(shown, slide=self.ai.slide(shown), overrides=overrides)
        elif visible == "replay":
            self.replay.render()

    # -- screens -----------------------------------------------------------------------------

    def show_screen(self, screen: str) -> None:
        """Show one of :data:`page_state.SCREENS`.

        Show one of :data:`page_state.SCREENS` (back from the replay: the game as it
        was, or its privacy screen in a hot-seat game).
        """
        if screen == "setup":
            self.show_setup()
            return
        self.state.screen = screen
        self.redraw()

    def show_setup(self) -> None:
        """The New game form (with "Back to the game" when a game is in progress)."""
        if self.state.puzzle is not None:
            self.puzzle.leave(back=False)
        self.state.screen = "setup"
        self.redraw()
        show_form(in_game=self.state.session is not None)
        offer_game(self.state.session)

    def show_game(self) -> None:
        """The board and panels of the current game, scrolled to the top.

        The board and panels of the current game, scrolled to the top (at 200% zoom the
        Start button is far down the form) with the decision's first control focused.
        """
        self.state.screen = "game"
        self.state.over_shown = False
        self.redraw()
        window.scrollTo(0, 0)
        focus.centre_map()
        focus.focus_decision()

    def show_game_or_form(self) -> None:
        """The game in progress, or the New game form without one (leaving a puzzle)."""
        if self.state.session is None:
            return self.show_setup()
        self.show_game()
        self.ai.kick()

    def toggle_panel(self, name: str) -> None:
        """A phone's panel button.

        Show or hide the panel ``name``; a panel shown is scrolled into view (it may open below the
        screen's fold).
        """
        panels = self.state.panels
        self.state.panels = panels - {name} if name in panels else panels | {name}
        self.redraw()
        element = document.querySelector(f"#game .{name}-panel, #game .{name}")
        if name in self.state.panels and found(element):
            element.scrollIntoView(to_js({"block": "nearest"}))

    def notify(self, notice: Notice | None) -> None:
        """Say ``notice`` above the game (``None``: take the message away)."""
        self.state.notice = notice
        draw_notice(notice)

    # -- the game ----------------------------------------------------------------------------

    def save(self) -> None:
        """Autosave after every action (unless the game went on in another tab)."""
        self.shared.save()

    def changed(self) -> None:
        """The game changed but no move was played (a lesson finished): save and redraw."""
        self.save()
        self.redraw()

    def moved(self) -> None:
        """The game in progress moved on or was replaced.

        A hint being thought about stops, the Marketplace's ticks go.
        """
        self.coach.moved()
        self.state.ticked = frozenset()

    def follow(self, text: str) -> bool:
        """Show the game another tab saved (``text``); ``False`` if it cannot be opened."""
        session, _message = resume_saved(text)
        if session is None:
            return False
        state = self.state
        was, state.session = state.session, session
        self.coach.cancel_review()
        self.moved()
        state.over_shown = False
        if state.screen == "game" and state.puzzle is None:
            by_id("over-dialog").close()  # reopened if the game followed is over too
            self.redraw()
        moved = _("This game moved on in another tab: here it is now.")
        started = _("A new game was started in another tab.")  # kept while it moves on there
        shown = state.notice
        if was is None or was.seed != session.seed:
            self.notify(Notice(started, good=True))
        elif shown is None or shown.text != started:  # the news is still the new game
            self.notify(Notice(moved, good=True))
        self.ai.kick()
        return True

    def after_ai_move(self) -> None:
        """An AI seat decided: its sounds, save and redraw."""
        if self.state.playing is not None:
            self.prefs.heard(self.state.playing)
        self.shared.save(own=False)
        self.redraw()

    def take_setting(self, key: str, value: str) -> None:
        """Another tab changed a setting (its storage ``key``): take it here too."""
        _taken = (
            self.ai.take_setting(key, value)
            or self.coach.take_setting(key, value)
            or self.language.take_setting(key, value)
            or self.prefs.take_setting(key, value)
        )

    def start_from_form(self, *, daily: bool) -> None:
        """Start the form's game, or (``daily``) today's expedition at the form's table."""
        session = session_from_form(daily=daily)
        if session is not None:
            self.replace_with(session)

    def replace_with(self, session: Session, news: str = "") -> None:
        """Start ``session`` in place of the game in progress, once the player agrees."""
        self.guard.ask(session, news)

    def start_session(self, session: Session, news: str = "") -> None:
        """Make ``session`` the game (saying ``news``), save, show it, let the AI seats play."""
        self.state.session = session
        self.links.session_started(session)
        self.files.keep_storage()
        self.coach.cancel_review()
        self.moved()
        self.notify(None)
        self.save()
        self.show_game()
        if news:  # after the redraw, which clears the last turn's news
            self.notify(Notice(news, good=True))
        self.ai.kick()

    def play_again(self) -> None:
        """A new deal at the same table (name, opponents, level)."""
        if self.state.session is None:
            return
        from park.ui.game.session import Session

        self.start_session(Session.new(self.state.session.settings_again()))

    def show_hand(self) -> None:
        """The "Show my hand" button: the hot-seat player to move is at the device."""
        session = self.state.session
        if session is not None and session.privacy_needed:
            session.show_hand()
            self.show_game()

    def undo(self) -> None:
        """Take back the human's last decision (the Undo button, Ctrl+Z), save, redraw.

        Say so in the live region (or why nothing can be taken back).
        """
        state = self.state
        if state.puzzle is not None:
            return self.puzzle.act(None)
        session = state.session
        if session is None or state.screen != "game" or self.shared.moved_on():
            return
        if not session.can_undo:
            focus.say(session.undo_note or _("Nothing to undo."))
            return
        session.undo()
        self.moved()
        self.notify(None)
        self.save()
        self.redraw()
        focus.say_taken_back()
        focus.focus_decision()

    def tick(self, card_id: str, ticked: bool) -> None:
        """A Marketplace check box: ``card_id`` is (or is no longer) among those exchanged."""
        state = self.state
        state.ticked = state.ticked | {card_id} if ticked else state.ticked - {card_id}
        self.redraw()

    def human_action(self, text: str) -> None:
        """Apply the human's choice, save, redraw.

        Apply the human's choice (``text`` is an action's text form; at the Marketplace,
        the exchange of the ticked cards), save, redraw.
        """
        from park import IllegalActionError
        from park.ui.play.decision import EXCHANGE

        state = self.state
        if state.puzzle is not None:
            return self.puzzle.act(text)
        session = state.session
        if session is None or not session.human_to_move or self.shared.moved_on():
            return
        ticked = sorted(state.ticked)
        self.moved()
        lesson_seen = self.tutorial.acted(session)
        try:
            lines = session.exchange(ticked) if text == EXCHANGE else session.act(text)
        except (IllegalActionError, ValueError) as exc:
            self.notify(Notice(_("That move is not possible now: {reason}").format(reason=exc)))
            self.redraw()
            return
        lesson_seen()
        self.prefs.heard(session)
        news = session.news(lines)
        if news is not None:
            self.notify(Notice(news, good=True))
        self.save()
        self.redraw()
        if session.human_to_move:
            focus.reveal_decision()
        self.ai.kick()

    # -- inputs ------------------------------------------------------------------------------

    def carry_out(self, command: str, element: Any) -> None:
        """A command given on the first screen before Python was ready (``first_screen``).

        ``submit`` for the New game form, ``open-file`` for a game file chosen, else a ``data-ui``
        button's.
        """
        if command == "submit":
            self.start_from_form(daily=False)
        elif command == "open-file":
            self.on_change(element)
        else:
            self.on_ui(command, element)

    def keep_picture(self, *, closing: bool = False) -> None:
        """The page is hidden or ``closing``: keep the table's picture for the next visit."""
        keep_picture(self.state, closing=closing)

    def on_ui(self, name: str, element: Any) -> None:
        """A ``data-ui`` button: its command (others do nothing)."""
        command = self.commands.get(name)
        if command is not None:
            command(element)

    def on_change(self, target: Any) -> None:
        """A control changed.

        A Marketplace check box, the form's number of humans, the replay's viewer or turn, a file
        chosen, a setting.
        """
        if target.name == "market-card":
            self.tick(str(target.value), bool(target.checked))
        elif target.id == "f-humans":
            show_name_fields()
        elif target.id == "language":
            self.language.choose(str(target.value))
        elif not any(h.on_change(target) for h in (self.replay, self.files, self.links)):
            _taken = self.ai.on_change(target) or self.prefs.on_change(target)

    def on_summary(self, summary: Any) -> None:
        """A round of the log opened or closed: kept so across redraws."""
        mark_toggled(summary.parentElement)
