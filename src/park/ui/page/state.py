"""Everything the page remembers, in one frozen value (issue 49).

Which screen and dialog show and what they show, the game in progress, a puzzle played on the game
screen, the replay, the settings kept in this browser, the AI seats' pace, the coach's requests, the
autosave shared with other tabs, the links offered and made, the New game form's fields, and what
the player has been told (the turn that began, the last AI sentence said). Nothing else in the page
keeps state: ``web/`` draws this and runs the effects the updates ask for; what each drawing
module remembers of what it drew last (to patch only what changed) is a memo, not state.

The parts are frozen dataclasses: an update returns a new :class:`PageState` made with
:func:`dataclasses.replace`. The :class:`~park.ui.game.session.Session` inside is the engine's game
with its history; it is changed in place by its own commands (see :mod:`park.ui.page`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from park.ui.page.live_state import Joining, Live

if TYPE_CHECKING:
    from park.ai.review import ReviewProgress
    from park.engine.deck import Card
    from park.engine.state import GameState
    from park.ui.game.links import Challenge
    from park.ui.game.saves import SaveMark
    from park.ui.game.session import Session
    from park.ui.live.guest import GuestSession
    from park.ui.puzzles.position import PuzzlePosition
    from park.ui.puzzles.progress import PuzzleRecord
    from park.ui.puzzles.solution import Solution
    from park.ui.puzzles.verdict import Verdict
    from park.ui.record.store import Record
    from park.ui.replay.model import Replay

SCREENS = ("setup", "game", "privacy", "replay")
"""The page's screens (section ids): one shows at a time."""

PANELS = ("since", "cards", "outlook", "players", "scoring", "log", "latest")
"""What a phone folds away behind a button, each opened on its own (``#game.show-<name>``)."""

SHEETS = ("since", "cards", "outlook", "players", "scoring", "log")
"""The :data:`PANELS` that open as a sheet over the foot of a phone's table: one at a time
(``"latest"`` opens in its place; ``"cards"`` is your hand's cards at full size, their
flavour, where they play and every value, issue 48)."""

DIALOGS = (
    "rules",
    "about",
    "settings",
    "record",
    "puzzles",
    "puzzle",
    "over",
    "replace",
    "challenge",
    "live",
    "join",
)
"""The page's modal dialogs (``#<name>-dialog``): one is open at a time, or none."""


@dataclass(frozen=True)
class Notice:
    """The message above the game.

    Its ``text``; ``good`` news (cleared when the player's next turn starts) or a problem;
    ``download``: text it offers to download as a file (an unusable save).
    """

    text: str
    good: bool = False
    download: str | None = None


@dataclass(frozen=True)
class Settings:
    """The settings kept in this browser (and followed when another tab changes them).

    The AI's pace (``speed``, ``park.ui.setup.pace.SPEEDS``), the hard AI's and a hint's
    ``thinking`` time (``park.ui.setup.settings.THINKING_TIMES``), Park's ``reach`` shown on the
    map, the ``theme`` (``system``, ``light``, ``dark``) and the dark ``system`` preference, the
    ``sound`` (``on``/``off``), the page's ``language`` (a change reloads the page), and the
    ``autoplay`` bot's level (``?autoplay=``; ``None``: the person plays).
    """

    speed: str = "normal"
    thinking: str = "normal"
    reach: bool = False
    theme: str = "system"
    system_dark: bool = False
    sound: str = "off"
    language: str = "en"
    autoplay: str | None = None


@dataclass(frozen=True)
class Pace:
    """The AI seats' loop.

    ``running``, "Skip to my turn" chosen (``skipping``), and the turn of the last decision
    paced (``paced_turn``: a turn's later decisions get a short pause).
    """

    running: bool = False
    skipping: bool = False
    paced_turn: int | None = None


@dataclass(frozen=True)
class Coach:
    """The coach's requests.

    A hint being thought about (``hint_thinking``; ``hint_asked`` counts the requests, so that a
    hint finished after a newer one was asked for is dropped) and how far it is
    (``hint_progress``: sampled deals done, of how many; ``None``: not said yet), and "Moments to
    look at" for the finished game: the review's ``progress`` while it runs (``reviewing``).
    """

    hint_asked: int = 0
    hint_thinking: bool = False
    hint_progress: tuple[int, int] | None = None
    reviewing: bool = False
    progress: ReviewProgress | None = None


@dataclass(frozen=True)
class Saving:
    """The autosave shared by this browser's tabs (``park.ui.game.saves`` decides).

    The save this tab last read or wrote (``held``; ``None``: the slot was empty), whether this
    tab's game holds the player's ``own`` moves not yet written, a save waiting for the lock
    (``pending``), why saving is off (``failure``, said once), and ``stale``: the game went on in
    another tab while this one holds moves of its own, so it saves nothing until "Continue here".
    """

    held: SaveMark | None = None
    own: bool = False
    pending: bool = False
    failure: str | None = None
    stale: bool = False


@dataclass(frozen=True)
class Form:
    """The New game form's fields, once Python owns them, and what it says.

    The humans at the device and their names (``name`` first, ``others`` for the humans 2 to 7),
    the AI ``opponents`` and their ``level``, the ``seed`` typed (emptied when a game starts), the
    coach's ``hints``; the ``friends`` a live table invites; a problem said under it (``error``);
    under Today's expedition, the note of today's played one (``daily_note``); and a kept unusable
    save offered for download (``backup``). ``filled``: the last game's table was filled in (once).
    """

    humans: int = 1
    name: str = ""
    others: tuple[str, ...] = ("",) * 6
    opponents: int = 3
    level: str = "normal"
    seed: str = ""
    hints: bool = True
    friends: int = 1
    error: str | None = None
    daily_note: str | None = None
    backup: str | None = None
    filled: bool = False


@dataclass(frozen=True)
class Told:
    """What the player has been told of the game shown, so that nothing is said twice.

    The ``turn`` whose beginning was said, the space of the human's pawn at the last redraw
    (``pawn``), the decision (game, actions played, kind, lesson) last brought into view
    (``decision``), the turn of the last AI sentence said (``announced``), whether this game's
    game over dialog was opened (``over``), and the turn whose privacy screen (between two humans
    at one device) was said (``privacy``).
    """

    turn: int | None = None
    pawn: str | None = None
    decision: tuple[int, int, str, str] | None = None
    announced: int = 0
    over: bool = False
    privacy: int | None = None


@dataclass(frozen=True)
class SolutionShow:
    """A puzzle's solution on the game screen: its best turn, move by move.

    The ``solution`` in words, its ``session`` with the first ``index`` moves played, and the
    seconds the last move slides on the map (``motion``: none after Previous).
    """

    solution: Solution
    session: Session
    index: int = 0
    motion: float = 0.0


@dataclass(frozen=True)
class PuzzlePlay:
    """A puzzle on the game screen while the game in progress waits.

    Its ``session`` and ``position``, the ``day`` when it is that day's puzzle, where its try
    stands (being ``weighing``, weighed: ``judged``), its ``verdict`` once weighed (with the rating
    change and the line to share: ``rating``, ``share``), and its ``solution`` when shown in place
    of the try.
    """

    session: Session
    position: PuzzlePosition
    day: str | None
    weighing: bool = False
    judged: bool = False
    verdict: Verdict | None = None
    rating: str = ""
    share: str | None = None
    solution: SolutionShow | None = None

    @property
    def shown(self) -> Session:
        """The session on the game screen: the solution's while shown, else the try's."""
        return self.solution.session if self.solution is not None else self.session

    @property
    def mark(self) -> str:
        """``<html data-park-puzzle>``: ``playing``, ``weighing``, ``judged`` or ``solution``."""
        if self.solution is not None:
            return "solution"
        if self.weighing:
            return "weighing"
        return "judged" if self.judged else "playing"


@dataclass(frozen=True)
class ReplayView:
    """The replay shown.

    The ``replay``, its game's ``cards`` by id, the step shown (``index``), from whose chair
    (``viewer``, a seat's number or ``"all"``), the screen it closes back to, ``public_only`` (a
    shared game whose hands were not revealed), and the link made to share it (``link``).
    """

    replay: Replay
    cards: dict[str, Card]
    index: int = 0
    viewer: str = "0"
    back_to: str = "game"
    public_only: bool = False
    link: str | None = None
    reveal: bool = False


@dataclass(frozen=True)
class Links:
    """Links (issue 43).

    A challenge offered by a link (``offered``), the challenge's game the player agreed to
    (``accepted``: its session and its fragment, kept once that game starts), the challenge a
    finished game makes (``next_challenge``) with its label, and the link shown in the game
    over's text box (``shown``; ``reveal``: every hand may be seen).
    """

    offered: Challenge | None = None
    accepted: tuple[Session, str] | None = None
    next_challenge: Challenge | None = None
    passes_on: bool = False
    shown: str | None = None
    reveal: bool = False


@dataclass(frozen=True)
class RecordShown:
    """The "Your record" dialog's content.

    The ``record`` (``None``: a newer Park's), the puzzle record and what could not be read of
    it, why the game at the table is not counted (its ``mode``'s note), a ``problem`` or a
    ``good`` note, and the damaged record and the file to download (their texts).
    """

    record: Record | None
    puzzles: PuzzleRecord | None = None
    puzzles_problem: str | None = None
    problem: str | None = None
    good: bool = False
    damaged: str | None = None
    export: str | None = None
    not_counted: str = ""


@dataclass(frozen=True)
class GameOver:
    """The game over dialog's content besides the game's own markup.

    Today's expedition's line to share (``daily``), the challenge compared (the results markup
    is the challenge's).
    """

    daily: str | None = None


@dataclass(frozen=True)
class PageState:
    """Everything the page shows or does depends on (see the module)."""

    settings: Settings = field(default_factory=Settings)
    pace: Pace = field(default_factory=Pace)
    screen: str = "setup"
    """One of :data:`SCREENS` but ``"privacy"``, which the game shows between two humans."""
    dialog: str | None = None
    """The modal dialog open (one of :data:`DIALOGS`), or ``None``."""
    session: Session | None = None
    """The game in progress (``None``: none yet)."""
    puzzle: PuzzlePlay | None = None
    replay: ReplayView | None = None
    coach: Coach = field(default_factory=Coach)
    saving: Saving = field(default_factory=Saving)
    form: Form = field(default_factory=Form)
    links: Links = field(default_factory=Links)
    told: Told = field(default_factory=Told)
    ticked: frozenset[str] = frozenset()
    """The cards ticked for a Marketplace exchange (their ids)."""
    panels: frozenset[str] = frozenset()
    """The :data:`PANELS` a phone has opened."""
    notice: Notice | None = None
    """The message above the game (``None``: none)."""
    pending: tuple[Session, str] | None = None
    """A new game (and what to say once it starts) waiting for the answer to "Replace the game in
    progress?"."""
    record: RecordShown | None = None
    """What the record dialog shows (filled when it opens)."""
    hub: PuzzleHub | None = None
    """What the Puzzles dialog shows (filled when it opens)."""
    live: Live | None = None
    """The live table hosted here or sat at (``park.ui.page.live_state``; ``None``: none)."""
    over: GameOver = field(default_factory=GameOver)
    last_game: bool = False
    """A finished game is kept for "Replay the last game" (its button shows)."""
    copied: tuple[tuple[str, str, str], ...] = ()
    """What was said of the lines copied: (text box, the text copied, "Copied." or how to copy
    it); said while the box holds that text."""
    ready: bool = False
    """The page is usable (``<html data-park-ready="true">``)."""
    today: str = ""
    """Today, UTC, ``YYYY-MM-DD``, as the last input said (a file's name is dated)."""
    storage_asked: bool = False
    """The browser was asked to keep this site's storage (once a page: a game started, a file
    imported)."""

    @property
    def shown(self) -> Session | GuestSession | None:
        """The game on the game screen.

        The puzzle's, a live table's a friend sits at, else the game in progress.
        """
        if self.puzzle is not None:
            return self.puzzle.shown
        live = self.live
        if isinstance(live, Joining) and live.table is not None and live.table.session is not None:
            return live.table.session
        return self.session

    @property
    def playing(self) -> Session | None:
        """The game whose AI seats play here.

        None once it went on in another tab, nor while a puzzle is shown.
        """
        if self.saving.stale or self.puzzle is not None or isinstance(self.live, Joining):
            return None
        return self.session

    @property
    def visible_screen(self) -> str:
        """The screen the page shows.

        The game's privacy screen between two humans at one device, else :attr:`screen`.
        """
        shown = self.shown
        if self.screen == "game" and shown is not None and shown.privacy_needed:
            return "privacy"
        return self.screen

    def in_progress(self) -> bool:
        """Whether a game would be lost if another replaced it: one is there, not over."""
        return self.session is not None and not self.session.is_over


@dataclass(frozen=True)
class PuzzleHub:
    """The Puzzles dialog's content.

    The puzzle ``record`` (with what could not be read of it), the theme picked, and ``today``
    (UTC, ``YYYY-MM-DD``).
    """

    record: PuzzleRecord | None
    problem: str | None
    theme: str | None
    today: str


@dataclass(frozen=True)
class ReplayGame:
    """A finished game to replay: its final ``state`` and the chair it opens in."""

    state: GameState
    viewer: int | str
