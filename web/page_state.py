"""The page's state, in one place (issue 42).

Which screen shows, the game in progress, a puzzle played on the game screen, the replay, the
coach's and the AI's settings, whether the game went on in another tab, the Marketplace's ticked
cards and the panels a phone has opened.

``page.Page`` owns it: every input changes it through one of the page's commands, and a
redraw derives the page from it through the pure ``park.ui`` views; nothing is read back
from the page. What each module draws keeps its own memo of what it drew last (to patch only
what changed), which is not state: drawing again from nothing gives the same page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from park.engine.deck import Card
    from park.ui.game.session import Session
    from park.ui.puzzles.position import PuzzlePosition
    from park.ui.puzzles.solution import Solution
    from park.ui.replay.model import Replay

SCREENS = ("setup", "game", "privacy", "replay")
"""The page's screens (section ids): one shows at a time."""

PANELS = ("since", "outlook", "players", "scoring", "log", "latest")
"""What a phone folds away behind a button, each opened on its own (``#game.show-<name>``)."""


@dataclass(frozen=True)
class Notice:
    """The message above the game.

    Its ``text``; ``good`` news (cleared when the player's next turn starts) or a problem;
    ``download``: text it offers to download as a file (an unusable save).
    """

    text: str
    good: bool = False
    download: str | None = None


@dataclass
class SolutionShow:
    """A puzzle's solution on the game screen: its best turn, move by move.

    The ``solution`` in words, its ``session`` with the first ``index`` moves played, and the
    seconds the last move slides on the map (``motion``: none after Previous).
    """

    solution: Solution
    session: Session
    index: int = 0
    motion: float = 0.0


@dataclass
class PuzzlePlay:
    """A puzzle on the game screen while the game in progress waits.

    Its ``session`` and ``position``, the ``day`` when it is that day's puzzle, where its try
    stands (being weighed, weighed or weighing it failed, its verdict shown), and its
    ``solution`` when shown in place of the try.
    """

    session: Session
    position: PuzzlePosition
    day: str | None
    weighing: bool = False
    judged: bool = False
    verdict_shown: bool = False
    solution: SolutionShow | None = None

    @property
    def shown(self) -> Session:
        """The session on the game screen: the solution's while shown, else the try's."""
        return self.solution.session if self.solution is not None else self.session


@dataclass
class ReplayView:
    """The replay shown.

    The ``replay``, its game's ``cards`` by id, the step shown (``index``), from whose chair
    (``viewer``, a seat's number or ``"all"``), and the screen it closes back to.
    """

    replay: Replay
    cards: dict[str, Card]
    index: int = 0
    viewer: str = "0"
    back_to: str = "game"
    public_only: bool = False
    """A shared game whose hands were not revealed: only what was public is shown (and shared)."""


@dataclass
class Pace:
    """The AI seats' pace.

    The ``speed`` setting, the hard AI's ``thinking`` time setting, the ``autoplay`` bot's level
    (``?autoplay=``; ``None``: the person plays), whether "Skip to my turn" was chosen, and the turn
    of the last decision paced.
    """

    speed: str
    thinking: str
    autoplay: str | None = None
    skipping: bool = False
    paced_turn: int | None = None


@dataclass
class PageState:
    """Everything the page shows or does depends on (see the module)."""

    pace: Pace
    reach_shown: bool = False
    """Park's reach is on (the coach's toggle, remembered)."""
    screen: str = "setup"
    """One of :data:`SCREENS` but ``"privacy"``, which the game shows between two humans."""
    session: Session | None = None
    """The game in progress (``None``: none yet)."""
    puzzle: PuzzlePlay | None = None
    replay: ReplayView | None = None
    hint_thinking: bool = False
    """A hint is being thought about."""
    stale: bool = False
    """The game went on in another tab while this one holds moves of its own: it saves
    nothing until "Continue here"."""
    over_shown: bool = False
    """This game's game over dialog was shown (it opens once)."""
    ticked: frozenset[str] = frozenset()
    """The cards ticked for a Marketplace exchange (their ids)."""
    panels: frozenset[str] = field(default_factory=frozenset)
    """The :data:`PANELS` a phone has opened."""
    notice: Notice | None = None
    """The message above the game (``None``: none)."""
    pending: tuple[Session, str] | None = None
    """A new game (and what to say once it starts) waiting for the answer to "Replace the
    game in progress?"."""

    @property
    def shown(self) -> Session | None:
        """The game on the game screen: the puzzle's, else the game in progress."""
        return self.puzzle.shown if self.puzzle is not None else self.session

    @property
    def playing(self) -> Session | None:
        """The game whose AI seats play here.

        None once it went on in another tab, nor while a puzzle is shown.
        """
        return None if self.stale or self.puzzle is not None else self.session

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
