"""Park in the browser: the page's Python entry point, run by PyScript on the main thread.

It starts (or resumes) a game and hands each page event to the module that owns it (all
markup comes from ``park.ui``, tested in CPython): ``game_screen.py`` draws the game,
``ai_pacing.py`` runs the AI seats, ``storage.py`` keeps ``localStorage``, ``focus.py`` the focus
and live region, ``new_game_form.py`` the form, the coach, record, replay and puzzles pages
their own; a ``data-ui`` button's name maps to its handler in :attr:`Page.commands`. A
puzzle is shown on the game screen while the game waits. When usable the page sets
``<html data-park-ready="true">``. Start-up imports only ``park.ui.setup.settings``,
``park.ui.lang.i18n`` and ``park.ui.game.startup`` (tests/test_startup_imports.py); the rest
is loaded right after (:meth:`Page.warm_up`).
"""

from __future__ import annotations

import asyncio
import importlib
from typing import TYPE_CHECKING, Any

import focus
from ai_pacing import AiPacing
from coach_page import CoachControls
from dom import Command, by_id, closing_dialog, found, opens, start_language, toggle_panel
from files import Files
from game_screen import GameScreen, Screens, copy_daily, show_exchange_choice
from language_menu import LanguageMenu
from new_game_form import form_name, offer_game, session_from_form, show_form, show_name_fields
from notices import hide_notice, notice
from patch import mark_toggled
from puzzle_page import PuzzleControls
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]
from record_page import show_record
from replace_guard import ReplaceGuard
from replay_page import ReplayPage
from storage import LAST_GAME_KEY, SAVE_KEY, keep_unusable_save, resume_saved, storage_get
from tabs import SharedSave
from tutorial_page import TutorialControls

from park.ui.game.startup import PAGE_MODULES
from park.ui.lang.i18n import _, language

if TYPE_CHECKING:
    from park.ui.game.session import Session


class Page:
    """The page: one game session at a time, rendered into ``#park-root``."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.warm_up_task: asyncio.Future[None] | None = None
        self.screens = Screens()
        self.coach = CoachControls(self.render, self.save, focus.centre_map)
        """Hints, Park's reach and the game over's moments to look at."""
        self.game = GameScreen(self.screens, self.coach)
        self.replay = ReplayPage(self.show_screen)
        self.guard = ReplaceGuard(lambda: self.session, self.show_game)
        self.files = Files(self.replace_with)
        self.shared = SharedSave(  # the autosave, shared with this browser's other tabs
            lambda: self.session,
            self.follow,
            lambda key, value: (
                self.ai.take_setting(key, value)
                or self.coach.take_setting(key, value)
                or self.language.take_setting(key, value)
            ),
        )
        self.language = LanguageMenu(self.shared.flush, lambda: self.shared.stale)
        self.ai = AiPacing(self.playing, self.after_ai_move, notice, self.shared.saved)
        self.tutorial = TutorialControls(
            lambda: self.session, self.replace_with, self.show_setup, self.changed
        )
        """Learn to play: the guided first game and its lessons."""
        self.puzzle = PuzzleControls(
            self.show_game,
            self.render,
            self.show_game_or_form,
            form_name,
            lambda: bool(self.session),
            self.coach.moved,
        )
        by_id("btn-replay-last").hidden = storage_get(LAST_GAME_KEY) is None
        self.commands: dict[str, Command] = {
            "new": closing_dialog(self.show_setup),
            "back": lambda _element: self.show_game(),
            **{name: opens(f"{name}-dialog") for name in ("rules", "about", "settings")},
            "record": lambda _element: show_record(self.session),
            "daily": lambda _element: self.start_from_form(daily=True),
            "show-hand": lambda _element: self.show_hand(),
            "replay": lambda e: self.replay.open_game(e, self.session, self.screens.current),
            "replay-last": lambda e: self.replay.open_game(e, None, self.screens.current),
            "copy-daily": lambda _element: copy_daily(),
            "results": opens("over-dialog"),
            "close-dialog": lambda element: element.closest("dialog").close(),
            "dismiss": lambda _element: hide_notice(),
            "undo": lambda _element: self.undo(),
            "skip": lambda _element: self.ai.skip(),
            **self.coach.commands(lambda: self.session, lambda: self.ai.budget),
            **self.tutorial.commands(),
            **self.puzzle.commands(),
            **self.guard.commands(),
            "toggle-panel": toggle_panel,
            "map-edge": lambda element: focus.centre_map(str(element.dataset.target)),
            "again": closing_dialog(self.play_again),
            "continue-here": lambda _element: self.shared.continue_here(),
        }
        """The ``data-ui`` buttons that change the page rather than the game (the replay's
        own are ``replay_page``'s), each name with its handler."""
        root, menu = by_id("park-root"), by_id("language")
        listeners = [
            (root, "click", self.on_click),
            (root, "change", self.on_change),
            (root, "keydown", self.on_keydown),
            (by_id("new-game-form"), "submit", self.on_submit),
            (document, "keydown", self.on_shortcut),
        ]
        if found(menu):
            menu.value = language()
            listeners.append((menu, "change", self.language.on_change))
        self._proxies = [create_proxy(handler) for _target, _kind, handler in listeners]
        for (target, kind, _handler), proxy in zip(listeners, self._proxies, strict=True):
            target.addEventListener(kind, proxy)

    # -- start-up ----------------------------------------------------------------------------

    def start(self) -> None:
        """Resume the autosaved game, or show the New game form (with a message if the save
        was unusable), then signal that the page is ready."""
        saved = storage_get(SAVE_KEY)
        session, message = resume_saved(saved)
        by_id("park-root").hidden = False
        if session is not None:
            try:
                self.session = session
                self.show_game()
            except Exception as exc:  # a save that loads but cannot be drawn: keep it too
                window.console.warn(f"Park: the saved game could not be shown: {exc!r}")
                self.session = session = None
                message = _("Your saved game could not be shown by this version of Park.")
        if session is None and saved is not None and message:
            notice(keep_unusable_save(saved, message), download=saved)
        elif message:  # it goes on, with earlier cards or rules: good news, said plainly
            notice(message, good=True)
        if session is None:
            self.show_setup()
        self.shared.started()
        document.documentElement.dataset.parkReady = "true"
        window.performance.mark("park:ready")  # time to ready, in every engine (bench/)
        self.ai.kick()
        self.warm_up_task = asyncio.ensure_future(self.warm_up())

    async def warm_up(self) -> None:
        """Import the game's modules not loaded yet (all of them while the player reads the
        New game form; the AI after a resume), each in its own slice, so that a click in
        between is answered. A page restored from the build's memory snapshot has them all."""
        for module in PAGE_MODULES:
            await asyncio.sleep(0)
            importlib.import_module(module)

    # -- screens -----------------------------------------------------------------------------

    def show_screen(self, screen: str) -> None:
        """Show one of ``game_screen.SCREENS`` (back from the replay: the game as it was, or
        its privacy screen in a hot-seat game)."""
        if screen == "game":
            self.screens.only("game")
            self.render()
        elif screen == "setup":
            self.show_setup()
        else:
            self.screens.only(screen)

    def show_setup(self) -> None:
        """The New game form (with "Back to the game" when a game is in progress)."""
        if self.puzzle.active:
            self.puzzle.leave(back=False)
        self.screens.only("setup")
        show_form(in_game=self.session is not None)
        offer_game(self.session)

    def show_game(self) -> None:
        """The board and panels of the current game, scrolled to the top (at 200% zoom the
        Start button is far down the form) with the decision's first control focused."""
        self.screens.only("game")
        self.game.over_shown = False
        self.render()
        window.scrollTo(0, 0)
        focus.centre_map()
        focus.focus_decision()

    def show_game_or_form(self) -> None:
        """The game in progress, or the New game form without one (leaving a puzzle)."""
        if self.session is None:
            return self.show_setup()
        self.show_game()
        self.ai.kick()

    def render(self) -> None:
        """Draw the puzzle shown, else the game (``game_screen``), if there is one."""
        session = self.puzzle.session or self.session
        if session is not None:
            slide = self.ai.slide(session)
            self.game.render(session, slide=slide, overrides=self.puzzle.overrides())

    def save(self) -> None:
        """Autosave after every action (unless the game moved on in another tab)."""
        self.shared.save()

    def changed(self) -> None:
        """The game changed but no move was played (a lesson finished): save and redraw."""
        self.save()
        self.render()

    def playing(self) -> Session | None:
        """The game whose AI seats play here: none once it continued in another tab, nor
        while a puzzle is shown."""
        return None if self.shared.stale or self.puzzle.active else self.session

    def follow(self, text: str) -> bool:
        """Show the game another tab saved (``text``); ``False`` if it cannot be opened."""
        session, _message = resume_saved(text)
        if session is None:
            return False
        was, self.session = self.session, session
        self.coach.cancel_review()
        self.coach.moved()
        self.game.over_shown = False
        if self.screens.current == "game" and not self.puzzle.active:
            by_id("over-dialog").close()  # reopened if the game followed is over too
            self.render()
        moved = _("This game moved on in another tab: here it is now.")
        started = _("A new game was started in another tab.")  # kept while it moves on there
        notice(moved if was and was.seed == session.seed else started, good=True, keep=started)
        self.ai.kick()
        return True

    def after_ai_move(self) -> None:
        """An AI seat decided: save and redraw."""
        self.shared.save(own=False)
        self.render()

    # -- events ------------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        """One handler for every button and clickable space of the page."""
        target = event.target
        ui = target.closest("[data-ui]")
        if found(ui):
            self.on_ui(str(ui.dataset.ui), ui)
            return
        summary = target.closest("#log summary")
        if found(summary):  # the player opens or closes a round: keep it so across redraws
            mark_toggled(summary.parentElement)
            return
        action = target.closest("[data-action]")
        # event.detail counts rapid clicks: the second click of a double-click would land on
        # the button that replaced the first one, so only single clicks (and keyboard: 0) act.
        if found(action) and not action.hasAttribute("disabled") and int(event.detail) <= 1:
            self.human_action(str(action.dataset.action))

    def on_ui(self, name: str, element: Any) -> None:
        """A ``data-ui`` button: the replay's, else :attr:`commands`' (others do nothing)."""
        if not self.replay.on_ui(name) and name in self.commands:
            self.commands[name](element)

    def on_keydown(self, event: Any) -> None:
        """Enter or Space on a focused map space steps there (the spaces are role=button);
        the arrow keys move on the map (``focus.arrow_on_map``)."""
        if focus.arrow_on_map(event) or event.key not in ("Enter", " "):
            return
        target = event.target
        if target.getAttribute("role") == "button" and target.hasAttribute("data-action"):
            event.preventDefault()
            self.human_action(str(target.dataset.action))

    def on_shortcut(self, event: Any) -> None:
        """Undo's key (``focus.undo_key``); the replay's keys while it shows."""
        if not self.replay.on_key(event) and focus.undo_key(event):
            self.undo()

    def on_change(self, event: Any) -> None:
        """Marketplace check boxes, the form's number of humans, the replay's controls and
        the header's settings."""
        target = event.target
        if target.name == "market-card":
            show_exchange_choice()
        elif target.id == "f-humans":
            show_name_fields()
        elif not self.replay.on_change(target) and not self.files.on_change(target):
            self.ai.on_change(target)

    def on_submit(self, event: Any) -> None:
        """The New game form."""
        event.preventDefault()
        self.start_from_form(daily=False)

    # -- commands ----------------------------------------------------------------------------

    def start_from_form(self, *, daily: bool) -> None:
        """Start the form's game, or (``daily``) today's expedition at the form's table."""
        session = session_from_form(daily=daily)
        if session is not None:
            self.replace_with(session)

    def replace_with(self, session: Session, news: str = "") -> None:
        """Start ``session`` in place of the game in progress, once the player agrees."""
        self.guard.ask(lambda: self.start_session(session, news))

    def show_hand(self) -> None:
        """ "Show my hand": the hot-seat player to move is at the device."""
        if self.session and self.session.privacy_needed:
            self.session.show_hand()
            self.show_game()

    def undo(self) -> None:
        """Take back the human's last decision (the Undo button, Ctrl+Z), save, redraw; say
        so in the live region (or why nothing can be taken back)."""
        if self.puzzle.active:
            return self.puzzle.act(None)
        session = self.session
        if session is None or by_id("game").hidden or self.shared.moved_on():
            return
        if not session.can_undo:
            focus.say(session.undo_note or _("Nothing to undo."))
            return
        session.undo()
        self.coach.moved()
        hide_notice()
        self.save()
        self.render()
        focus.say_taken_back()
        focus.focus_decision()

    def play_again(self) -> None:
        """A new deal at the same table (name, opponents, level)."""
        if self.session is None:
            return
        from park.ui.game.session import Session

        self.start_session(Session.new(self.session.settings_again()))

    def start_session(self, session: Session, news: str = "") -> None:
        """Make ``session`` the game (saying ``news``), save, show it, let the AI seats play."""
        self.session = session
        self.files.keep_storage()
        self.coach.cancel_review()
        self.coach.moved()
        hide_notice()
        self.save()
        self.show_game()
        if news:  # after the redraw, which clears the last turn's news
            notice(news, good=True)
        self.ai.kick()

    # -- playing -----------------------------------------------------------------------------

    def human_action(self, text: str) -> None:
        """Apply the human's choice (``text`` is an action's text form; at the Marketplace,
        the exchange of the cards whose boxes are ticked), save, redraw."""
        from park import IllegalActionError
        from park.ui.play.decision import EXCHANGE

        if self.puzzle.active:
            return self.puzzle.act(text)
        session = self.session
        if session is None or not session.human_to_move or self.shared.moved_on():
            return
        self.coach.moved()
        lesson_seen = self.tutorial.acted(session)
        try:
            if text == EXCHANGE:
                boxes = document.querySelectorAll('input[name="market-card"]:checked')
                lines = session.exchange([str(box.value) for box in boxes])
            else:
                lines = session.act(text)
        except (IllegalActionError, ValueError) as exc:
            notice(_("That move is not possible now: {reason}").format(reason=exc))
            self.render()
            return
        lesson_seen()
        news = session.news(lines)
        if news is not None:
            notice(news, good=True)
        self.save()
        self.render()
        if session.human_to_move:
            focus.reveal_decision()
        self.ai.kick()


def main() -> None:
    """Speak the player's language, wire the page and start (or resume) a game."""
    start_language()
    page = Page()
    page.start()


main()
