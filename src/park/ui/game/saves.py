"""One game across several tabs of one browser.

A save's revision, and which of two saves wins when another tab wrote the autosave meanwhile.

Every autosave carries a revision, a whole number kept in the save's notes (under
:data:`REVISION_NOTE`, so it is covered by the save's checksum; a save made before revisions,
or by hand, is revision 0). A tab remembers what it last read or wrote (its *held* save) and
writes only when the stored save is still that one (:func:`decide`), as one atomic step
across tabs (the page does it under a Web Lock). When the stored save moved on, the tab
follows it when nothing of its own would be lost, and otherwise refuses to write and says so:
the game never forks silently.

Pure Python, no browser: ``park.ui.page.save_updates`` decides with it, ``web/saver.py`` reads
and writes the browser's storage.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum

REVISION_NOTE = "revision"
"""The save note that holds a save's revision (``park.engine.save.dumps``' notes)."""


@dataclass(frozen=True, slots=True)
class SaveMark:
    """What a tab needs to know of a save to compare it with another.

    Attributes:
        revision: the save's revision.
        game: the deal: the settings and the position the moves start from, as canonical text.
        actions: the moves' text forms, in order.
        notes: its other notes (such as the hints used), as sorted pairs.
    """

    revision: int
    game: str
    actions: tuple[str, ...]
    notes: tuple[tuple[str, str], ...] = ()

    def same_position(self, other: SaveMark) -> bool:
        """Whether ``other`` holds the same game, moves and notes (whatever its revision)."""
        return (self.game, self.actions, self.notes) == (other.game, other.actions, other.notes)

    def leads_to(self, other: SaveMark) -> bool:
        """Whether ``other`` is this game played on (or as it is).

        The same deal, and this save's moves are the first of ``other``'s.
        """
        count = len(self.actions)
        return self.game == other.game and other.actions[:count] == self.actions


def mark_of(text: str | None) -> SaveMark | None:
    """The :class:`SaveMark` of a save's text, or ``None``.

    ``None`` when ``text`` is ``None`` or not a save this module can read (not JSON, not a Park
    save's shape). It does not check the save's checksum or replay its moves
    (``park.engine.save.restore`` does): it only tells saves apart. Raises nothing.
    """
    if text is None:
        return None
    try:
        payload = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(payload, dict) or payload.get("format") != "park-save":
        return None
    actions = payload.get("actions")
    notes = payload.get("notes", {})
    if not isinstance(actions, list) or not isinstance(notes, dict):
        return None
    revision = notes.get(REVISION_NOTE, 0)
    if isinstance(revision, bool) or not isinstance(revision, int) or revision < 0:
        return None
    deal = {"settings": payload.get("settings"), "start": payload.get("start")}
    return SaveMark(
        revision=revision,
        game=json.dumps(deal, sort_keys=True, ensure_ascii=False),
        actions=tuple(str(action) for action in actions),
        notes=tuple(sorted((k, str(v)) for k, v in notes.items() if k != REVISION_NOTE)),
    )


class Decision(Enum):
    """What a tab does with the autosave, having compared it with its own game."""

    NOTHING = "nothing"
    """Nothing to write or to follow."""
    WRITE = "write"
    """Write this tab's game, as the next revision."""
    ADOPT = "adopt"
    """The stored save is this tab's position already (another tab made the same move):
    take its revision, write nothing."""
    FOLLOW = "follow"
    """The stored save is ahead of this tab, and nothing of this tab's is lost by showing
    it: show it."""
    FORK = "fork"
    """The stored save went another way than this tab's game, which holds moves the stored
    one does not: write nothing, and say that the game continued in another tab."""


def decide(
    held: SaveMark | None,
    mine: SaveMark | None,
    stored: SaveMark | None,
    *,
    stored_text: bool,
    ai_only: bool = False,
) -> Decision:
    """What a tab does, given the save it ``held``, its game ``mine`` and the ``stored`` save.

    A tab writes when the stored save is the one it held (compared by revision and
    position) and its own game changed, or when the slot is empty. Otherwise the stored
    save moved on: it is adopted when it holds this tab's position, followed when it plays
    this tab's game on or when this tab has nothing of its own since it last synced; it is
    overwritten only when it lies between what this tab held and what it has now (another
    tab made the same moves, this one is further on); anything else is a fork, unless what
    this tab has of its own since it last synced is only the AI seats' moves (``ai_only``:
    the AI of two tabs may think differently within its time; nothing of the player's is
    lost), when it follows.

    Args:
        held: the save it last read or wrote (``None``: the slot was empty then).
        mine: its game now (``None``: it has none).
        stored: the stored save (``None`` with ``stored_text`` false: the slot is empty; ``None``
            with ``stored_text`` true: it holds text no tab can compare, which is never
            overwritten).
    """
    if not stored_text:
        return Decision.WRITE if mine is not None else Decision.NOTHING
    unchanged = held is not None and mine is not None and mine.same_position(held)
    if stored is None:
        return Decision.FORK if mine is not None and not unchanged else Decision.NOTHING
    if held is not None and stored.revision == held.revision and stored.same_position(held):
        return Decision.NOTHING if mine is None or unchanged else Decision.WRITE
    if mine is None or unchanged:
        return Decision.FOLLOW
    if mine.same_position(stored):
        return Decision.ADOPT
    if mine.leads_to(stored):
        return Decision.FOLLOW
    if held is not None and held.leads_to(stored) and stored.leads_to(mine):
        return Decision.WRITE
    return Decision.FOLLOW if ai_only else Decision.FORK


def next_revision(held: SaveMark | None, stored: SaveMark | None) -> int:
    """The revision of the next save a tab writes: one more than any it knows of."""
    return 1 + max(held.revision if held else 0, stored.revision if stored else 0)
