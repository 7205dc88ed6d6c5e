"""What an update asks the page to do besides drawing its state (issue 49).

Each effect is a plain value; ``web/effects.py`` runs it after the page is drawn (storage, the Web
Locks, the AI seats' and the coach's thinking, sounds, the clipboard, where the focus goes and what
scrolls into view). An effect that learns something hands it back as an event
(:mod:`park.ui.page.events`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from park.ui.page.live_state import (
    HandReply,
    HangUp,
    LoadQr,
    MakeAnswer,
    MakeOffer,
    ReplyTakenHere,
    SendLive,
    ShareText,
    TakeAnswer,
)

if TYPE_CHECKING:
    from park.ui.game.session import Session
    from park.ui.puzzles.position import PuzzlePosition
    from park.ui.setup.sounds import Cue


@dataclass(frozen=True)
class Store:
    """Keep ``value`` under the storage ``key`` (``what`` it is, for the console if it fails)."""

    key: str
    value: str
    what: str = "a setting"


@dataclass(frozen=True)
class Forget:
    """Remove the storage ``key``."""

    key: str


@dataclass(frozen=True)
class QueueSave:
    """Compare the game with the stored autosave under the save's Web Lock (one queued at a time).

    Compare the game with the stored autosave under the save's Web Lock (one queued at a time),
    then write or follow it (:class:`~park.ui.page.events.SaveRead`).
    """


@dataclass(frozen=True)
class CheckSave:
    """Read the stored autosave at once, without the lock (before one of the player's moves)."""


@dataclass(frozen=True)
class WriteSave:
    """Write the autosave ``text`` (:class:`~park.ui.page.events.SaveWritten` says how it went)."""

    text: str


@dataclass(frozen=True)
class KeepLanguage:
    """Keep the choice of ``language`` and reload the page in it once the game is saved.

    Where the browser does not keep it, say so (:class:`~park.ui.page.events.LanguageNotKept`).
    """

    language: str


@dataclass(frozen=True)
class Reload:
    """Reload the page (``flush``: once the game is saved under the lock)."""

    flush: bool = True


@dataclass(frozen=True)
class RunAi:
    """Start the AI seats' loop for the game playing (if a bot, or the autoplay bot, moves)."""


@dataclass(frozen=True)
class SkipPause:
    """End the AI seats' pause now ("Skip to my turn")."""


@dataclass(frozen=True)
class ThinkHint:
    """Work out a hint for ``session``'s decision in slices, on ``deals`` sampled deals.

    ``asked``: the request's number. What :class:`Ponder` thought of the decision is continued.
    """

    session: Session
    deals: int
    asked: int


@dataclass(frozen=True)
class Ponder:
    """Think about the hint of ``session``'s decision while the player reads the table.

    On ``deals`` sampled deals, in slices, until done or a hint is asked for (which continues it).
    """

    session: Session
    deals: int


@dataclass(frozen=True)
class CancelHint:
    """Stop thinking about a hint."""


@dataclass(frozen=True)
class Review:
    """Review ``session`` (finished) in slices: "Moments to look at"."""

    session: Session


@dataclass(frozen=True)
class CancelReview:
    """Stop the review."""


@dataclass(frozen=True)
class Weigh:
    """Weigh the try of a puzzle, count it in the puzzle record, and say what it makes of it.

    The puzzle's ``position``, played in ``session``; ``day``: the puzzle of that day. The try is
    counted under the puzzle record's lock.
    """

    session: Session
    position: PuzzlePosition
    day: str | None


@dataclass(frozen=True)
class CancelWeigh:
    """Stop weighing a puzzle's try (another puzzle, or none, is shown)."""


@dataclass(frozen=True)
class Sounds:
    """Play these cues (Sound on, after the player's first gesture)."""

    cues: tuple[Cue, ...]


@dataclass(frozen=True)
class Copy:
    """Copy the text in the text box ``box`` (it stays selected where copying is refused)."""

    box: str


@dataclass(frozen=True)
class Select:
    """Select the text in the text box ``box`` (a link just made)."""

    box: str


@dataclass(frozen=True)
class Say:
    """Put ``text`` in the polite live region (screen readers say it).

    ``taken_back``: say that the last decision was taken back, with the question now; ``hint``:
    say the hint shown (its words, as drawn).
    """

    text: str = ""
    taken_back: bool = False
    hint: bool = False


@dataclass(frozen=True)
class Focus:
    """Move the focus.

    To the element ``selector`` finds (without scrolling), else the decision's first control
    (``selector`` ``None``); ``heading``: make it focusable first (a heading); ``within``: only
    if the focus is in the element this selector finds (its control was replaced), or nowhere.
    """

    selector: str | None = None
    heading: bool = False
    within: str = ""
    not_on_touch: bool = False
    """Not on a touch screen (a focused field would open the keyboard over the page)."""
    scroll: bool = False
    """Scrolled into view as it is focused (the browser's own), where it may be off the screen."""


@dataclass(frozen=True)
class Scroll:
    """Scroll.

    The page to its top (``where`` ``"top"``), the element ``selector`` finds into view
    (``"nearest"``), the next question into view where it is off the screen (``"decision"``), a
    lesson into view if it is off the screen (``"lesson"``), or the hint into view (``"hint"``).
    """

    where: str
    selector: str = ""


@dataclass(frozen=True)
class CentreMap:
    """Where the map is larger than its frame, centre it on ``space``.

    ``space``: a selector (the player's pawn by default); ``only_if_cut``: only if the frame cuts
    that space.
    """

    space: str = ".pk-space.is-here"
    only_if_cut: bool = False


@dataclass(frozen=True)
class KeepPicture:
    """Keep (or forget) the table's picture for the next visit; ``closing``: the page is left."""

    closing: bool = False


@dataclass(frozen=True)
class KeepStorage:
    """Ask the browser, once, to keep this site's storage under pressure."""


@dataclass(frozen=True)
class ReadFile:
    """Read the file chosen in the field ``field`` (``game-import`` or ``record-import``)."""

    field: str


@dataclass(frozen=True)
class ImportRecord:
    """Keep an imported record, each part under its lock; then the record dialog is read again.

    Its text and the puzzle record's (``None`` to leave the puzzle record as it is).
    """

    record: str
    puzzles: str | None


@dataclass(frozen=True)
class Finish:
    """The game ``session`` is over.

    Count it in the record (once, under its lock), keep it for a replay, and read what its game
    over needs (:class:`~park.ui.page.events.Finished`).
    """

    session: Session


@dataclass(frozen=True)
class ReadRecord:
    """Read the record dialog's texts from storage (``imported``: what to say of an import)."""

    imported: str | None = None


@dataclass(frozen=True)
class ReadPuzzles:
    """Read the puzzle record and the theme picked, then ``then``.

    ``hub`` opens the Puzzles dialog, ``next`` starts the next puzzle, ``daily`` today's.
    """

    then: str


@dataclass(frozen=True)
class ClearFragment:
    """Take the fragment off the address, so that a reload does not open the link again."""


@dataclass(frozen=True)
class ReadForm:
    """Read what the New game form shows besides its fields (today's note, a kept save)."""


Effect = (
    Store
    | Forget
    | QueueSave
    | CheckSave
    | WriteSave
    | KeepLanguage
    | Reload
    | RunAi
    | SkipPause
    | ThinkHint
    | Ponder
    | CancelHint
    | Review
    | CancelReview
    | Weigh
    | CancelWeigh
    | Sounds
    | Copy
    | Select
    | Say
    | Focus
    | Scroll
    | CentreMap
    | KeepPicture
    | KeepStorage
    | ReadFile
    | ImportRecord
    | Finish
    | ReadRecord
    | ReadPuzzles
    | ClearFragment
    | ReadForm
    | MakeOffer
    | TakeAnswer
    | MakeAnswer
    | SendLive
    | HangUp
    | ShareText
    | LoadQr
    | HandReply
    | ReplyTakenHere
)
"""Everything an update can ask of the page."""
