"""Park in the browser: the page's Python entry point, run by PyScript on the main thread.

Thin by design: the game session, the view model and all markup come from ``park.ui`` (pure
Python, tested in CPython). This module only puts that markup into the page, turns clicks
into actions, runs the AI seats at a readable pace (``asyncio.sleep(0)`` between thinking
slices so the page never freezes), and keeps the autosave in ``localStorage``.

URL parameters (tests and curious players): ``?speed=slow|normal|fast|instant`` sets the AI
pace; ``?autoplay=<level>`` lets a bot of that level play the human seat by clicking the real
buttons and spaces, to watch (or test) a whole game.

The page speaks the player's language (``dom.start_language``, before anything is drawn);
the header's language menu keeps a new choice and reloads the page, which resumes the
autosaved game in that language.

When the page is usable it sets ``<html data-park-ready="true">`` (boot.js then hides the
loading screen and registers the service worker).

Start-up imports only ``park.ui.setup.settings`` (the New game form): the engine, the view and
the AI are imported by the functions that need them. With no saved game the form is ready
first and :meth:`Page.warm_up` loads the rest in the background right after, so starting a
game does not wait for it either. A saved game loads the engine and the view before the page
is ready, and the AI just after.
"""

from __future__ import annotations

import asyncio
import importlib
from typing import TYPE_CHECKING, Any

from coach_page import CoachControls
from dom import (
    LANGUAGE_KEY,
    ONE_COLUMN,
    by_id,
    found,
    start_language,
    storage_get,
    storage_remove,
    storage_set,
)
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy, to_js  # type: ignore[import-not-found]
from record_page import LAST_GAME_KEY, game_finished, last_game, show_record, utc_day
from replay_page import ReplayPage

from park.ui.game.startup import PAGE_MODULES
from park.ui.lang.i18n import _, language
from park.ui.setup.settings import (
    AI_LEVELS,
    DEFAULT_THINKING,
    GAME_TITLE,
    THINKING_TIMES,
    NewGameSettings,
    parse_seed,
)

if TYPE_CHECKING:
    from park.ui.game.session import Session

SAVE_KEY = "park.save"
BACKUP_KEY = "park.save.backup"
"""Where a save this version cannot open is kept, for the player to download; more are kept
under ``park.save.backup.2`` and on (:data:`BACKUPS` in all; when all are taken, the last
one is replaced)."""
BACKUPS = 5
SPEED_KEY = "park.speed"
SPEEDS = {"slow": 1.5, "normal": 0.75, "fast": 0.25, "instant": 0.0}
"""Seconds between two AI decisions at each speed setting."""
SLIDE_SHARE = 0.6
"""How much of the pause between two AI decisions a move takes to slide on the map."""
ARROW_KEYS = {"ArrowUp": "up", "ArrowDown": "down", "ArrowLeft": "left", "ArrowRight": "right"}
"""The arrow keys and the map spaces' ``data-<direction>`` attribute each one follows."""
THINKING_KEY = "park.thinking"
HELD_HEIGHT = 480.0
"""The most (px) the decision panel is held at while the AI plays (the Club's is taller)."""
SCREENS = ("setup", "game", "privacy", "replay")
"""The page's screens (section ids): one shows at a time."""
HAND_ELEMENTS = ("hand", "decision", "hint", "since", "latest")
"""The game's elements that may speak of a hand: emptied while a hot-seat game's privacy
screen is up, so that no hand is in the page."""


def backup_keys() -> list[str]:
    """The keys that keep unusable saves, the first first."""
    return [BACKUP_KEY, *(f"{BACKUP_KEY}.{n}" for n in range(2, BACKUPS + 1))]


def download_url(text: str) -> str:
    """A ``data:`` URL that downloads ``text`` as a JSON file."""
    return "data:application/json;charset=utf-8," + str(window.encodeURIComponent(text))


def url_param(name: str) -> str | None:
    """A query parameter of the page's URL, or ``None``."""
    params = window.URLSearchParams.new(window.location.search)
    return str(params.get(name)) if params.has(name) else None


class Page:
    """The page: one game session at a time, rendered into ``#park-root``."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.ai_running = False
        self.ai_task: asyncio.Future[None] | None = None
        self.warm_up_task: asyncio.Future[None] | None = None
        self.over_shown = False
        self.drawn: tuple[int, int] | None = None
        """The session (its id) and number of actions last drawn: a redraw with no new
        action does not slide the latest moves again."""
        self.announced = 0
        """The turn whose AI sentence was said last."""
        self.log_choices: dict[str, bool] = {}
        """Rounds of the log the player opened (True) or closed (False) themselves."""
        self.decision_kind = ""
        self.turn_seen: int | None = None
        self.coach = CoachControls(self.render, self.save, self.centre_map)
        """Hints, Park's reach and the game over's moments to look at."""
        self.replay = ReplayPage(self.show_screen)
        self.screen = "setup"
        """The screen showing (:data:`SCREENS`)."""
        by_id("btn-replay-last").hidden = storage_get(LAST_GAME_KEY) is None
        autoplay = url_param("autoplay")
        self.autoplay = autoplay if autoplay in (*AI_LEVELS, "random") else None
        speed = url_param("speed") or storage_get(SPEED_KEY) or "normal"
        self.speed = speed if speed in SPEEDS else "normal"
        by_id("speed").value = self.speed
        thinking = url_param("thinking") or storage_get(THINKING_KEY) or DEFAULT_THINKING
        self.thinking = thinking if thinking in THINKING_TIMES else DEFAULT_THINKING
        by_id("thinking").value = self.thinking
        root = by_id("park-root")
        self._proxies = [
            create_proxy(self.on_click),
            create_proxy(self.on_change),
            create_proxy(self.on_keydown),
            create_proxy(self.on_submit),
            create_proxy(self.on_shortcut),
            create_proxy(self.on_language),
        ]
        root.addEventListener("click", self._proxies[0])
        root.addEventListener("change", self._proxies[1])
        root.addEventListener("keydown", self._proxies[2])
        by_id("new-game-form").addEventListener("submit", self._proxies[3])
        document.addEventListener("keydown", self._proxies[4])
        menu = by_id("language")
        if found(menu):
            menu.value = language()
            menu.addEventListener("change", self._proxies[5])

    # -- start-up ----------------------------------------------------------------------------

    def start(self) -> None:
        """Resume the autosaved game, or show the New game form (with a message if the save
        was unusable), then signal that the page is ready."""
        message: str | None = None
        session: Session | None = None
        saved = storage_get(SAVE_KEY)
        if saved is None:
            session, message = self.retry_kept_save()
        elif saved is not None:
            from park.ui.game.session import resume_or_new  # a failure here is a broken build

            try:
                session, message = resume_or_new(saved)
            except Exception as exc:  # never leave a blank page because of an old save
                message = _("Your saved game could not be resumed ({details}).")
                session, message = None, message.format(details=exc)
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
            self.keep_unusable_save(saved, message)
        elif message:  # it goes on, with earlier cards or rules: good news, said plainly
            self.notice(message, good=True)
        if session is None:
            self.show_setup()
        document.documentElement.dataset.parkReady = "true"
        window.performance.mark("park:ready")  # time to ready, in every engine (bench/)
        self.kick()
        self.warm_up_task = asyncio.ensure_future(self.warm_up())

    def retry_kept_save(self) -> tuple[Session | None, str | None]:
        """With no autosave, try the kept saves again: one this version can open (a save from
        a newer version, after an update) goes on, and is the autosave again."""
        for key in backup_keys():
            kept = storage_get(key)
            if kept is None:
                continue
            from park.ui.game.session import resume_or_new

            try:
                session, notice = resume_or_new(kept)
            except Exception:  # still unusable: it stays kept, and nothing is said
                continue
            if session is not None:
                storage_set(SAVE_KEY, kept)
                storage_remove(key)
                if notice:
                    return session, _(
                        "A saved game kept from before can be opened now, and goes on. {notice}"
                    ).format(notice=notice)
                return session, _("A saved game kept from before can be opened now, and goes on.")
        return None, None

    async def warm_up(self) -> None:
        """Import the game's modules not loaded yet (all of them while the player reads the
        New game form; the AI after a resume), each in its own slice, so that a click in
        between is answered. A page restored from the build's memory snapshot has them all."""
        for module in PAGE_MODULES:
            await asyncio.sleep(0)
            importlib.import_module(module)

    # -- screens -----------------------------------------------------------------------------

    def show_screen(self, screen: str) -> None:
        """Show one of :data:`SCREENS` (back from the replay: the game as it was, or its
        privacy screen in a hot-seat game)."""
        if screen == "game":
            self._only("game")
            self.render()
        elif screen == "setup":
            self.show_setup()
        else:
            self._only(screen)

    def _only(self, screen: str) -> None:
        self.screen = "game" if screen == "privacy" else screen
        for name in SCREENS:
            by_id(name).hidden = name != screen

    def show_setup(self) -> None:
        """The New game form (with "Back to the game" when a game is in progress)."""
        self._only("setup")
        document.title = _(GAME_TITLE)
        by_id("btn-back").hidden = self.session is None
        by_id("form-error").hidden = True
        kept = next((text for key in backup_keys() if (text := storage_get(key))), None)
        by_id("backup-note").hidden = kept is None
        if kept is not None:
            by_id("backup-download").href = download_url(kept)
        # Without scrolling: a notice above the form (e.g. an unusable save) stays in view.
        by_id("f-name").focus(to_js({"preventScroll": True}))

    def show_game(self) -> None:
        """The board and panels of the current game, scrolled to the top (at 200% zoom the
        Start button is far down the form) with the decision's first control focused."""
        self._only("game")
        self.over_shown = False
        self.render()
        window.scrollTo(0, 0)
        self.centre_map()
        self.focus_decision()

    def notice(self, text: str, *, good: bool = False, download: str | None = None) -> None:
        """A message above the game: a failed resume, a refused move, or (``good``) news
        such as the expedition the player just scored. ``download``: text the notice offers
        to download as a file (an unusable save)."""
        by_id("notice-text").textContent = text
        link = by_id("notice-download")
        link.hidden = download is None
        if download is not None:
            link.href = download_url(download)
        box = by_id("notice")
        box.classList.toggle("is-good", good)
        box.hidden = False

    def keep_unusable_save(self, saved: str, message: str) -> None:
        """Move a save this version cannot open to :data:`BACKUP_KEY` (the autosave slot is
        freed for a new game) and say so, offering it as a download."""
        keys = backup_keys()
        key = next((k for k in keys if storage_get(k) in (None, saved)), keys[-1])
        storage_set(key, saved)
        if storage_get(key) == saved:  # never drop the only copy
            storage_remove(SAVE_KEY)
        self.notice(
            _("{message} It is kept: you can download it. A new game can be started.").format(
                message=message
            ),
            download=saved,
        )

    def render(self) -> None:
        """Draw the whole game from the session's view model; keep the focus (on the same
        control if it is still there, else on the decision's first control), the log's open
        rounds and its scroll at the newest line; announce the last AI turn once."""
        session = self.session
        if session is None:
            return
        if session.privacy_needed:
            self.show_privacy(session)
            return
        from park.ui.game.page import page_parts

        drawn = (id(session), len(session.state.log))
        fresh, self.drawn = drawn != self.drawn, drawn
        motion = SPEEDS.get(self.speed, 0.75) * SLIDE_SHARE if fresh else 0.0
        parts = page_parts(
            session, motion=motion, reach=self.coach.reach_shown, thinking=self.coach.thinking
        )
        self.hold_decision_height(parts.decision_kind)
        focus_key = self.focused_control()
        log = by_id("log")
        at_end = log.scrollHeight - log.scrollTop - log.clientHeight < 24
        for element_id, markup in parts.markup.items():
            by_id(element_id).innerHTML = markup
        for element_id, text in parts.text.items():
            by_id(element_id).textContent = text
        self.coach.mark_hint(parts)
        for details in log.querySelectorAll("details"):
            choice = self.log_choices.get(str(details.dataset.round))
            if choice is not None:
                details.open = choice
        self.fit_log()
        if at_end:
            log.scrollTop = log.scrollHeight
        document.documentElement.dataset.parkTurn = parts.decision_kind
        document.documentElement.dataset.parkViewer = (
            str(session.human) if session.hand_shown else ""
        )
        document.title = parts.title
        # the hard AI's thinking time is also a hint's
        by_id("thinking-setting").hidden = (
            "hard" not in session.ai_levels and not session.coach.hints
        )
        turn_begins = session.human_to_move and self.turn_seen != session.state.turn
        self.announce(parts.announcement, turn_begins=turn_begins)
        if turn_begins:
            self.turn_seen = session.state.turn
            if by_id("notice").classList.contains("is-good"):
                by_id("notice").hidden = True  # old news clears when your turn starts
            self.centre_map()
        if focus_key is not None:
            self.restore_focus(focus_key)
        if parts.game_over is not None and not self.over_shown:
            self.over_shown = True
            by_id("over").innerHTML = parts.game_over
            self.coach.show_moments(session)
            self.game_finished(session)
            by_id("over-dialog").showModal()

    def game_finished(self, session: Session) -> None:
        """The game over's story, the record and Today's expedition result
        (``record_page``); a failure there never hides the game over."""
        daily: str | None = None
        try:
            daily = game_finished(session)
        except Exception as exc:
            window.console.warn(f"Park: the game's story or record failed: {exc!r}")
        by_id("daily-share").hidden = daily is None
        by_id("daily-text").value = daily or ""
        by_id("daily-copied").textContent = ""

    def show_privacy(self, session: Session) -> None:
        """Between two human turns of a hot-seat game: empty every element that could show
        a hand and cover the table until the next player presses "Show my hand, <name>"."""
        name = session.names[session.state.active]
        for element_id in HAND_ELEMENTS:
            by_id(element_id).innerHTML = ""
        by_id("announce").textContent = ""  # it may still say the last player's hint
        document.documentElement.dataset.parkViewer = ""
        document.documentElement.dataset.parkTurn = "privacy"
        by_id("privacy-title").textContent = _("{name}'s turn").format(name=name)
        by_id("privacy-text").textContent = _(
            "Pass the device to {name}. Every hand is hidden until {name} shows theirs."
        ).format(name=name)
        by_id("show-hand").textContent = _("Show my hand, {name}").format(name=name)
        document.title = _("{name}'s turn · {title}").format(name=name, title=_(GAME_TITLE))
        if self.screen == "game":
            self._only("privacy")
            by_id("show-hand").focus()

    def fit_log(self) -> None:
        """On a wide screen, make the log end at the bottom of the screen (at the top of the
        page) so its newest lines are in view during the turn: between 8 and 18 rem tall."""
        log = by_id("log")
        if window.innerWidth <= ONE_COLUMN:
            log.style.maxHeight = ""
            return
        rem = float(window.parseFloat(window.getComputedStyle(document.documentElement).fontSize))
        top = float(log.getBoundingClientRect().top) + float(window.scrollY)
        room = float(window.innerHeight) - top - rem
        log.style.maxHeight = f"{max(8 * rem, min(18 * rem, room)):.0f}px"

    def centre_map(self, space: str = ".pk-space.is-here") -> None:
        """Where the map is wider than its frame (a phone), scroll it sideways so that the
        player's pawn (or the ``space`` this selector finds) is in the middle."""
        frame = by_id("board")
        if frame.scrollWidth <= frame.clientWidth:
            return
        here = frame.querySelector(space)
        if not found(here):
            return
        box, spot = frame.getBoundingClientRect(), here.getBoundingClientRect()
        middle = spot.left - box.left + frame.scrollLeft + spot.width / 2
        frame.scrollLeft = max(0, middle - frame.clientWidth / 2)

    def announce(self, announcement: tuple[int, str] | None, *, turn_begins: bool) -> None:
        """Put the last AI turn's sentence in the polite live region, once; add "Your turn."
        when the human's turn begins."""
        turn, sentence = announcement or (0, "")
        new_sentence = turn != self.announced
        self.announced = turn
        if not new_sentence and not turn_begins:
            return  # nothing new: the last sentence is never said twice
        said = sentence if new_sentence else ""
        if turn_begins:
            said = _("{sentence} Your turn.").format(sentence=said) if said else _("Your turn.")
        by_id("announce").textContent = said

    def focused_control(self) -> str | None:
        """A selector for the focused control inside the game (``None`` when the focus is
        elsewhere, e.g. on the header's settings, which a redraw does not replace)."""
        active = document.activeElement
        if not found(active) or active is document.body or active.id == "decision":
            # nothing focused, or the decision panel itself (while the AI seats played): its
            # first control when there is one
            return "#decision"
        if not by_id("game").contains(active):
            return None
        for attribute in ("data-action", "data-ui", "data-space"):
            if active.hasAttribute(attribute):
                value = window.CSS.escape(active.getAttribute(attribute))
                return f'#game [{attribute}="{value}"]'
        return None

    def restore_focus(self, selector: str) -> None:
        """Focus the control ``selector`` names again after a redraw, or, if it is gone, the
        decision's first control (the decision panel itself while the AI plays)."""
        if selector != "#decision":
            again = document.querySelector(selector)
            if found(again):
                again.focus(to_js({"preventScroll": True}))
                return
        self.focus_decision()

    def focus_decision(self) -> None:
        """Focus the decision panel's first control that costs no Month counters (else its
        first control; the panel itself while the AI plays), without scrolling: Enter
        pressed twice never walks into Captain Park."""
        panel = by_id("decision")
        first = panel.querySelector("button:not(.btn-danger), input")
        if not found(first):
            first = panel.querySelector("button, input")
        (first if found(first) else panel).focus(to_js({"preventScroll": True}))

    def hold_decision_height(self, kind: str) -> None:
        """While the AI seats play, keep the decision panel (and on a phone the latest events
        above it, and the hint under it) as tall as at the human's last decision, up to :data:`HELD_HEIGHT`, so
        nothing below jumps when the turn passes."""
        for element_id in ("decision", "latest", "hint"):
            element = by_id(element_id)
            if kind == "wait" and self.decision_kind != "wait":
                height = min(float(element.offsetHeight), HELD_HEIGHT)
                element.style.minHeight = f"{height:.0f}px"
            elif kind != "wait":
                element.style.minHeight = ""
        self.decision_kind = kind

    def reveal_decision(self) -> None:
        """Scroll the next question into view when it is off the screen (after a card played
        from the hand, it is above; on a phone, after a tap on the map, below), as little as
        that takes, so the map stays in view where it can."""
        panel = by_id("decision").getBoundingClientRect()
        if panel.top < 0 or panel.top > window.innerHeight - 120:
            smooth = not window.matchMedia("(prefers-reduced-motion: reduce)").matches
            by_id("decision").scrollIntoView(
                to_js({"block": "nearest", "behavior": "smooth" if smooth else "auto"})
            )

    def save(self) -> None:
        """Autosave after every action."""
        if self.session is not None:
            storage_set(SAVE_KEY, self.session.save_text())

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
            details = summary.parentElement
            self.log_choices[str(details.dataset.round)] = not bool(details.open)
            return
        action = target.closest("[data-action]")
        # event.detail counts rapid clicks: the second click of a double-click would land on
        # the button that replaced the first one, so only single clicks (and keyboard: 0) act.
        if found(action) and not action.hasAttribute("disabled") and int(event.detail) <= 1:
            self.human_action(str(action.dataset.action))

    def on_keydown(self, event: Any) -> None:
        """Enter or Space on a focused map space steps there (the spaces are role=button);
        an arrow key moves the focus to the space its ``data-<direction>`` names, which
        becomes the map's tab stop."""
        target = event.target
        direction = ARROW_KEYS.get(str(event.key))
        if direction is not None:
            if not target.hasAttribute("data-space") or not found(target.closest("#board")):
                return
            event.preventDefault()
            other = target.getAttribute(f"data-{direction}")
            if not found(other):
                return
            space = by_id("board").querySelector(f'[data-space="{window.CSS.escape(other)}"]')
            if found(space):
                target.setAttribute("tabindex", "-1")
                space.setAttribute("tabindex", "0")
                space.focus()
            return
        if event.key not in ("Enter", " "):
            return
        if target.getAttribute("role") == "button" and target.hasAttribute("data-action"):
            event.preventDefault()
            self.human_action(str(target.dataset.action))

    def on_shortcut(self, event: Any) -> None:
        """Ctrl+Z (Cmd+Z on a Mac) anywhere but in a text field: Undo; the replay's keys
        while it shows."""
        if self.replay.on_key(event):
            return
        if str(event.key).lower() != "z" or not (event.ctrlKey or event.metaKey):
            return
        if event.shiftKey or event.altKey or str(event.target.tagName) in ("INPUT", "TEXTAREA"):
            return
        event.preventDefault()
        self.undo()

    def on_change(self, event: Any) -> None:
        """Marketplace check boxes and the speed setting."""
        target = event.target
        if target.name == "market-card":
            from park.ui.play.decision import exchange_label

            count = document.querySelectorAll('input[name="market-card"]:checked').length
            label = exchange_label(int(count))
            for button in document.querySelectorAll(".market-go"):
                button.setAttribute("aria-label", label)
                button.querySelector(".btn-label").textContent = label
        elif target.id == "f-humans":
            self.show_name_fields()
        elif self.replay.on_change(target):
            return
        elif target.id == "speed":
            self.speed = str(target.value) if str(target.value) in SPEEDS else "normal"
            storage_set(SPEED_KEY, self.speed)
        elif target.id == "thinking":
            value = str(target.value)
            self.thinking = value if value in THINKING_TIMES else DEFAULT_THINKING
            storage_set(THINKING_KEY, self.thinking)

    def on_language(self, event: Any) -> None:
        """The header's language menu: keep the choice and reload the page, which resumes
        the autosaved game in that language (where the browser cannot keep the choice, the
        page stays as it is and says so)."""
        menu = event.target
        chosen = str(menu.value)
        if chosen == language():
            return
        storage_set(LANGUAGE_KEY, chosen, what="the choice of language")
        if storage_get(LANGUAGE_KEY) != chosen:
            menu.value = language()
            self.notice(
                _("This browser cannot keep a choice of language: the page stays as it is.")
            )
            return
        self.save()
        window.location.reload()

    def show_name_fields(self) -> None:
        """One name field per human at this device beyond the first."""
        humans = int(by_id("f-humans").value)
        for field in document.querySelectorAll("#f-others [data-human]"):
            field.hidden = int(field.dataset.human) > humans
        by_id("f-name-label").textContent = _("Your name") if humans == 1 else _("Player 1's name")

    def form_settings(self) -> NewGameSettings:
        """The New game form's table. Raises ``ValueError`` for a seed that is not one."""
        humans = int(by_id("f-humans").value)
        return NewGameSettings(
            name=str(by_id("f-name").value),
            opponents=int(by_id("f-opponents").value),
            level=str(by_id("f-level").value),
            seed=parse_seed(str(by_id("f-seed").value)),
            hints=bool(by_id("f-hints").checked),
            others=tuple(str(by_id(f"f-name-{n}").value) for n in range(2, humans + 1)),
        )

    def on_submit(self, event: Any) -> None:
        """The New game form."""
        event.preventDefault()
        self.start_from_form(daily=False)

    def start_from_form(self, *, daily: bool) -> None:
        """Start the form's game, or (``daily``) today's expedition at the form's table;
        a problem with the form is said under it."""
        error = by_id("form-error")
        from park.ui.game.session import Session

        try:
            settings = self.form_settings()
            day: str | None = None
            if daily:
                from park.ui.setup.daily import daily_settings, parse_day

                day = utc_day()
                settings = daily_settings(parse_day(day), settings)
            session = Session.new(settings, daily=day)
        except ValueError as exc:
            error.textContent = _("Please check the form: {problem}.").format(problem=exc)
            error.hidden = False
            return
        by_id("f-seed").value = ""  # a seed replays one deal; the next game is a new one
        self.start_session(session)

    def on_ui(self, name: str, element: Any) -> None:
        """Buttons that change the page rather than the game."""
        if self.replay.on_ui(name):
            return
        if name == "new":
            dialog = element.closest("dialog")
            if found(dialog):
                dialog.close()
            self.show_setup()
        elif name == "back":
            self.show_game()
        elif name == "rules":
            by_id("rules-dialog").showModal()
        elif name == "about":
            by_id("about-dialog").showModal()
        elif name == "record":
            show_record()
        elif name == "daily":
            self.start_from_form(daily=True)
        elif name == "show-hand" and self.session is not None and self.session.privacy_needed:
            self.session.show_hand()
            self.show_game()
        elif name in ("replay", "replay-last"):
            self.open_replay(name, element)
        elif name == "copy-daily":
            self.copy_daily()
        elif name == "results":
            by_id("over-dialog").showModal()
        elif name == "close-dialog":
            element.closest("dialog").close()
        elif name == "dismiss":
            by_id("notice").hidden = True
        elif name == "undo":
            self.undo()
        elif name == "hint" and self.session is not None:
            self.coach.ask_hint(self.session, THINKING_TIMES[self.thinking])
        elif name == "reach":
            self.coach.toggle_reach()
        elif name == "moments" and self.session is not None and self.session.is_over:
            self.coach.start_review(self.session)
        elif name == "moments-cancel" and self.session is not None:
            self.coach.cancel_review()
            self.coach.show_moments(self.session)
        elif name == "toggle-panel":
            shown = by_id("game").classList.toggle(f"show-{element.dataset.panel}")
            element.setAttribute("aria-expanded", "true" if shown else "false")
        elif name == "again":
            dialog = element.closest("dialog")
            if found(dialog):
                dialog.close()
            self.play_again()

    def open_replay(self, name: str, element: Any) -> None:
        """ "Replay the game" (the game just over) or "Replay the last game" (kept)."""
        session = self.session
        if name == "replay" and session is not None and session.is_over:
            state, viewer = session.state, session.human
        else:
            kept = last_game()
            if kept is None:
                self.notice(_("The last finished game could not be found for a replay."))
                return
            state, viewer = kept, 0
        dialog = element.closest("dialog")
        if found(dialog):
            dialog.close()
        by_id("notice").hidden = True
        back = self.replay.back_to if self.screen == "replay" else self.screen
        self.replay.open(state, viewer=viewer, back_to=back)

    def copy_daily(self) -> None:
        """Copy Today's expedition result (the text stays selected where copying is not
        allowed)."""
        text = by_id("daily-text")
        text.select()
        try:
            window.navigator.clipboard.writeText(text.value)
            by_id("daily-copied").textContent = _("Copied.")
        except Exception:
            by_id("daily-copied").textContent = _("Select the text and copy it.")

    def undo(self) -> None:
        """Take back the human's last decision (the Undo button, Ctrl+Z), save, redraw; say
        so in the live region (or why nothing can be taken back)."""
        session = self.session
        if session is None or by_id("game").hidden:
            return
        if not session.can_undo:
            why = session.undo_note or _("Nothing to undo.")
            by_id("announce").textContent = why
            return
        session.undo()
        self.coach.moved()
        by_id("notice").hidden = True
        self.save()
        self.render()
        prompt = document.querySelector("#decision .decision-prompt")
        said = _("Your last decision was taken back.")
        if found(prompt):
            said = _("Your last decision was taken back. {prompt}").format(
                prompt=prompt.textContent
            )
        by_id("announce").textContent = said
        self.focus_decision()

    def play_again(self) -> None:
        """A new deal at the same table (name, opponents, level)."""
        if self.session is None:
            return
        from park.ui.game.session import Session

        self.start_session(Session.new(self.session.settings_again()))

    def start_session(self, session: Session) -> None:
        """Make ``session`` the game, save it, show it and let the AI seats play."""
        self.session = session
        self.coach.cancel_review()
        self.coach.moved()
        by_id("notice").hidden = True
        self.save()
        self.show_game()
        self.kick()

    # -- playing -----------------------------------------------------------------------------

    def human_action(self, text: str) -> None:
        """Apply the human's choice (``text`` is an action's text form), save, redraw."""
        from park import IllegalActionError

        session = self.session
        if session is None or not session.human_to_move:
            return
        self.coach.moved()
        try:
            if text == "exchange":
                boxes = document.querySelectorAll('input[name="market-card"]:checked')
                lines = session.exchange([str(box.value) for box in boxes])
            else:
                lines = session.act(text)
        except (IllegalActionError, ValueError) as exc:
            self.notice(_("That move is not possible now: {reason}").format(reason=exc))
            self.render()
            return
        news = session.news(lines)
        if news is not None:
            self.notice(news, good=True)
        self.save()
        self.render()
        if session.human_to_move:
            self.reveal_decision()
        self.kick()

    def kick(self) -> None:
        """Start the AI loop if a bot (or the autoplay bot) must move."""
        session = self.session
        if self.ai_running or session is None or session.is_over:
            return
        if session.ai_to_move or self.autoplay:
            self.ai_task = asyncio.ensure_future(self.ai_loop())

    def delay(self) -> float:
        """Seconds to wait before the next AI decision."""
        return SPEEDS.get(self.speed, 0.75)

    async def ai_loop(self) -> None:
        """Play the AI seats one decision at a time, redrawing after each, until the human
        must decide (or, in autoplay, until the game ends)."""
        self.ai_running = True
        session = self.session
        try:
            while session is not None and session is self.session and not session.is_over:
                if session.ai_to_move:
                    await asyncio.sleep(self.delay())
                    action = None
                    seat = session.state.active
                    started = window.performance.now()
                    budget = THINKING_TIMES[self.thinking]
                    for item in session.think(budget):
                        if item is None:
                            await asyncio.sleep(0)
                            if session is not self.session:
                                break  # a new game was started: stop thinking about this one
                        else:
                            action = item
                    if session is not self.session or action is None:
                        break
                    self.measure_thinking(session.level_of(seat), budget, started)
                    await asyncio.sleep(0)  # the last slice of thinking and the redraw: two tasks
                    if session is not self.session:
                        break
                    session.play(action)
                    self.save()
                    self.render()
                elif self.autoplay:
                    await asyncio.sleep(self.delay())
                    if session is not self.session:
                        break
                    await self.autoplay_move(session, self.autoplay)
                else:
                    break
        except Exception as exc:  # a bug must not leave the game silently stuck
            window.console.error(f"Park: an AI seat could not move: {exc!r}")
            self.notice(
                _("An AI seat could not move ({details}). Reload the page to continue.").format(
                    details=exc
                )
            )
        finally:
            self.ai_running = False
        if self.session is not session:
            self.kick()  # a new game was started while this loop was pausing

    def measure_thinking(self, level: str, budget: float, started: float) -> None:
        """Record an AI decision's thinking time (from ``started``, ``performance.now()`` in
        ms) as a User Timing measure ``park-ai-think`` (seen in the browser's performance
        tools; ``bench/page_ai_smooth.py`` reads them), with the level and the budget (s)."""
        detail = {"level": level, "budget": budget}
        window.performance.measure("park-ai-think", to_js({"start": started, "detail": detail}))

    async def autoplay_move(self, session: Session, level: str) -> None:
        """Let a bot choose for the human seat and click the real control for it (in a
        hot-seat game, "Show my hand" first)."""
        if session.privacy_needed:
            by_id("show-hand").click()
            return
        if session.state.phase.value == "market":
            for card_id in session.suggest_exchange(level):
                box = document.querySelector(f'input[name="market-card"][value="{card_id}"]')
                box.click()
            document.querySelector("#decision .market-go").click()
            return
        action = None
        for item in session.suggest(level, THINKING_TIMES[self.thinking]):
            if item is None:
                await asyncio.sleep(0)
            else:
                action = item
        if action is None:
            return
        from park import Step

        if isinstance(action, Step):
            target = document.querySelector(f'#board [data-space="{action.space}"]')
            target.dispatchEvent(window.MouseEvent.new("click", to_js({"bubbles": True})))
        else:
            document.querySelector(f'#decision [data-action="{action}"]').click()


def main() -> None:
    """Speak the player's language, wire the page and start (or resume) a game."""
    start_language()
    page = Page()
    page.start()


main()
