"""What happens to the page: the events its one loop turns into state changes (issue 49).

``web/main.py`` reads each input at the edge (the button's name and marks, the control's value,
the key, what another tab stored) and hands the page an event; the effects' runners (the AI
seats, the coach, the autosave, files) hand it what they learned. Events carry everything an
update needs from the browser (a stored text, today's date), so the updates
(:mod:`park.ui.page.update`) read nothing but the event and the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from park.ui.page.live_state import (
    Answered,
    Offered,
    PeerClosed,
    PeerMessage,
    PeerOpened,
    QrLoaded,
    ReplyHanded,
    ReplyTaken,
)

if TYPE_CHECKING:
    from park.ai.review import ReviewProgress
    from park.engine.actions import Action
    from park.ui.game.session import Session
    from park.ui.puzzles.progress import PuzzleRecord
    from park.ui.puzzles.verdict import Verdict
    from park.ui.record.store import Record


@dataclass(frozen=True)
class Command:
    """A ``data-ui`` button pressed.

    Its ``name`` and its ``data-*`` marks (``panel``, ``target``...), the dialog it is in
    (``dialog``, its name, or ``None``), ``today`` (UTC, ``YYYY-MM-DD``), the site's address
    (for a line to share), and the stored text the command reads (``stored``: the key
    :data:`park.ui.page.update.STORED_FOR` names for it).
    """

    name: str
    data: Mapping[str, str] = field(default_factory=dict)
    dialog: str | None = None
    today: str = ""
    site: str = ""
    stored: str | None = None


@dataclass(frozen=True)
class Acted:
    """A decision's control or a map space chosen.

    The action's text form (at the Marketplace, ``park.ui.play.decision.EXCHANGE``: the exchange
    of the ticked cards), and the autosave as stored now (``stored``: the game may have moved on
    in another tab).
    """

    text: str
    stored: str | None = None


@dataclass(frozen=True)
class Undone:
    """Undo asked for (its button, Ctrl+Z), with the autosave as stored now (see :class:`Acted`)."""

    stored: str | None = None


@dataclass(frozen=True)
class Ticked:
    """A Marketplace check box: ``card`` is (or no longer is) among those exchanged."""

    card: str
    on: bool


@dataclass(frozen=True)
class Edited:
    """A field of the New game form changed.

    ``field`` is its id (``f-name``...), ``value`` its value (``"true"``/``"false"`` for the
    hints box).
    """

    field: str
    value: str


@dataclass(frozen=True)
class Chosen:
    """A setting's menu chose ``value``.

    ``name`` is ``speed``, ``thinking``, ``theme``, ``sound``, ``language``, ``replay-viewer``,
    ``replay-turn``, ``link-reveal``, ``replay-reveal`` or ``puzzle-theme``.
    """

    name: str
    value: str
    site: str = ""


@dataclass(frozen=True)
class Key:
    """A key pressed outside a text field.

    Its ``key`` (``ArrowLeft``, ``z``...), ``ctrl`` (Ctrl or Cmd), ``shift``/``alt``, and where:
    in a menu or the slider (``in_control``), on the map (``on_map``) or in an open dialog
    (``in_dialog``). The update says whether it was used (the browser's own action is then
    prevented).
    """

    key: str
    ctrl: bool = False
    shift: bool = False
    alt: bool = False
    in_control: bool = False
    on_map: bool = False
    in_dialog: bool = False


@dataclass(frozen=True)
class DialogClosed:
    """A dialog closed by the browser (Escape, or a form's own close)."""

    name: str


@dataclass(frozen=True)
class FileChosen:
    """A file was chosen in the field ``field`` (``game-import`` or ``record-import``)."""

    field: str


@dataclass(frozen=True)
class Submitted:
    """The New game form sent (Start the expedition)."""


@dataclass(frozen=True)
class Resumed:
    """Start-up: the autosave read (``web/startup.py``).

    The game it holds (``session``; ``None``: none, or unusable), what to say (``message``;
    ``good``: it goes on), the unusable save kept for download (``unusable``), the New game form's
    last ``table`` kept, or the form's fields as the first screen left them (``form``: the player
    may have typed before Python was ready), whether a finished game is kept for a replay,
    whether storage works, and the autosave's text as read (``saved``).
    """

    session: Session | None
    message: str | None = None
    good: bool = False
    unusable: str | None = None
    table: str | None = None
    form: Mapping[str, str] | None = None
    last_game: bool = False
    storage_works: bool = True
    saved: str | None = None
    today: str = ""


@dataclass(frozen=True)
class FormShown:
    """The New game form is about to show.

    Today's expedition's note (``daily_note``) and the kept unusable save (``backup``), read
    from storage.
    """

    daily_note: str | None = None
    backup: str | None = None


@dataclass(frozen=True)
class StorageChanged:
    """Another tab stored ``value`` under ``key`` (``None``: it was removed or cleared)."""

    key: str | None
    value: str | None


@dataclass(frozen=True)
class LanguageNotKept:
    """The browser did not keep the choice of language (the page stays as it is)."""


@dataclass(frozen=True)
class SystemTheme:
    """The system's dark preference is now ``dark`` (or not)."""

    dark: bool


@dataclass(frozen=True)
class PageHidden:
    """The page was hidden (another tab, another app) or is being left (``closing``)."""

    closing: bool = False


@dataclass(frozen=True)
class PageShown:
    """The page is shown again: the autosave is compared again (another tab may have saved)."""


@dataclass(frozen=True)
class SaveRead:
    """The autosave as stored now (``text``), read to compare with this tab's game.

    Under the save's lock (``locked``: write if the comparison says so) or at once before a
    move.
    """

    text: str | None
    locked: bool = True


@dataclass(frozen=True)
class SaveWritten:
    """The autosave was written (``problem`` ``None``), or not: ``"full"`` or ``"blocked"``."""

    text: str
    problem: str | None = None


@dataclass(frozen=True)
class Fragment:
    """The address's fragment (``#...``) at start-up or changed: a link maybe."""

    text: str


@dataclass(frozen=True)
class AiDecided:
    """The AI seat to move in ``session`` decided ``action`` (or the loop stopped: ``None``)."""

    session: Session
    action: Action | None


@dataclass(frozen=True)
class AiStopped:
    """The AI seats' loop stopped.

    The human decides, the game is over, or a new one started; ``error``: it failed, said above the
    game.
    """

    error: str | None = None


@dataclass(frozen=True)
class HintDone:
    """The hint asked for (request number ``asked``) was worked out (``advised``) or not."""

    asked: int
    advised: bool


@dataclass(frozen=True)
class HintMoved:
    """The hint asked for (request ``asked``) has played ``done`` of its ``deals`` sampled deals."""

    asked: int
    done: int
    deals: int


@dataclass(frozen=True)
class ReviewMoved:
    """The review of ``session`` has done ``progress`` (``None``: it is over; ``failed``)."""

    session: Session
    progress: ReviewProgress | None
    failed: bool = False


@dataclass(frozen=True)
class PuzzleWeighed:
    """The try of the puzzle played in ``session`` was weighed.

    Its ``verdict`` (``None``: it could not be, ``error`` says why), the puzzle record before
    and after the try was counted (``None``: not counted), what became of a record that could
    not be read (``problem``), ``today`` (UTC) and the site's address (for the puzzle of the
    day's line to share).
    """

    session: Session
    verdict: Verdict | None
    before: PuzzleRecord | None = None
    after: PuzzleRecord | None = None
    problem: str | None = None
    today: str = ""
    site: str = ""
    error: str | None = None


@dataclass(frozen=True)
class FileRead:
    """A file chosen.

    ``kind`` is ``game`` or ``record``; its ``text``, or why it could not be read (``problem``).
    """

    kind: str
    text: str | None
    problem: str | None = None


@dataclass(frozen=True)
class RecordRead:
    """What the record dialog shows, read from storage (``web/records.py``).

    A damaged record is put aside as it is read. The game record (``None``: a newer Park's) and
    why it could not be read, the puzzle record and why, the damaged record kept (its text, to
    download), the record file to download (``export``), ``today`` (UTC, ``YYYY-MM-DD``), and
    what to say of an import just made (``imported``).
    """

    record: Record | None
    problem: str | None
    puzzles: PuzzleRecord | None
    puzzles_problem: str | None
    damaged: str | None
    export: str | None
    today: str
    imported: str | None = None
    imported_ok: bool = False


@dataclass(frozen=True)
class PuzzlesRead:
    """The puzzle record read from storage, and what for.

    ``record``: ``None`` for a newer Park's; ``problem``: what could not be read of it; the theme
    picked, ``today`` (UTC), and what it was read for (``then``: ``hub``, ``next`` or ``daily``).
    """

    record: PuzzleRecord | None
    problem: str | None
    theme: str | None
    today: str
    then: str


@dataclass(frozen=True)
class Copied:
    """A line to share (``text``) was copied (``ok``) or could not be (it stays selected).

    ``box`` is the text box's id.
    """

    box: str
    ok: bool
    text: str = ""


@dataclass(frozen=True)
class Finished:
    """The game ``session`` ended.

    It was counted in the record and kept for a replay; ``daily`` is Today's expedition's line
    to share, and the challenge kept (its fragment) for the game's links.
    """

    session: Session
    daily: str | None
    challenge: str | None
    today: str


Event = (
    Command
    | Acted
    | Undone
    | Ticked
    | Edited
    | Chosen
    | Key
    | DialogClosed
    | FileChosen
    | Submitted
    | Resumed
    | FormShown
    | StorageChanged
    | LanguageNotKept
    | SystemTheme
    | PageHidden
    | PageShown
    | SaveRead
    | SaveWritten
    | Fragment
    | AiDecided
    | AiStopped
    | HintDone
    | HintMoved
    | ReviewMoved
    | PuzzleWeighed
    | FileRead
    | RecordRead
    | PuzzlesRead
    | Copied
    | Finished
    | Offered
    | Answered
    | PeerOpened
    | PeerClosed
    | PeerMessage
    | QrLoaded
    | ReplyHanded
    | ReplyTaken
)
"""Everything that happens to the page."""
