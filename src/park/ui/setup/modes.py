"""Play modes: what sort of game is played at this device, and the rules that follow from it.

A :class:`PlayMode` is a :class:`Kind` of game (an ordinary one, or Today's expedition; room
for the coming tutorial and puzzles) and how many humans take turns at the device (one:
solo; several: hot-seat). Every rule that depends on it is here: whether the game counts in
"Your record", whether a privacy screen covers the table between two humans' turns, whether
the results offer a line to share, what seed the deal uses, the date the record gives it,
and what a save notes of it (``"daily"``: the day, as saves have always noted it;
``"autoplay"``: a bot played a human's seat, so the game does not count as anyone's).

Light: importing it loads no engine; Today's expedition's seed comes from
``park.ui.setup.deal``, below this module and the New game form's settings.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from park.ui.setup.deal import Table, daily_seed, parse_day

TUTORIAL_SEED = 217
"""The guided first game's deal (Learn to play), the same for every player: the player moves first,
meets a Café, a shop, Captain Park and the Marketplace in two turns, the Club by round 4 and the
first expedition and the Fad by round 7; whichever marked move the player follows (both Cafés
included), no lesson's subject (Captain Park taking the Month counters, the Club clearing them,
scoring) touches them before that lesson (``tests/ui/tutorial/test_ui_tutorial.py``). Seed 2, before
it, let Captain Park catch a player who took Café 3 in round 1."""
DAILY_NOTE = "daily"
"""The save note that marks a game of Today's expedition: its date, ``YYYY-MM-DD``."""
AUTOPLAY_NOTE = "autoplay"
"""The save note that marks a game in which a bot played a human's seat (``true``)."""
LESSONS_NOTE = "lessons"
"""The save note that marks a guided first game: the keys of the lessons the player has seen,
separated by spaces (``park.ui.tutorial.lessons``)."""
LESSONS_LEFT_NOTE = "lessons-left"
"""The save note of a guided first game whose player left the lessons (``true``)."""
PUZZLE_NOTE = "puzzle"
"""The save note that marks a puzzle's position: the puzzle's number (``park.ui.puzzles``)."""
LIVE_NOTE = "live"
"""The save note that marks a live table's game hosted at this device: the friends' seats,
0-based, separated by spaces (``park.ui.live``)."""
STAND_INS_NOTE = "live-ai"
"""The save note of a live table's friends' seats an AI plays meanwhile: ``seat:level`` pairs,
separated by spaces (all of them once the host ended the table)."""


def stand_ins_note(stand_ins: Mapping[int, str]) -> str:
    """The :data:`STAND_INS_NOTE` of ``stand_ins`` (seat to AI level)."""
    return " ".join(f"{seat}:{level}" for seat, level in sorted(stand_ins.items()))


def stand_ins_from(notes: Mapping[str, object], friends: tuple[int, ...]) -> dict[int, str]:
    """The stand-ins a save notes (:data:`STAND_INS_NOTE`).

    For ``friends``' seats only, of the AI levels there are; anything else in it is ignored.
    """
    from park.engine.levels import AI_LEVELS

    note = notes.get(STAND_INS_NOTE)
    found: dict[int, str] = {}
    if not isinstance(note, str):
        return found
    for pair in note.split()[:7]:
        seat, _, level = pair.partition(":")
        if seat.isdigit() and int(seat) in friends and level in AI_LEVELS:
            found[int(seat)] = level
    return found


class Kind(StrEnum):
    """What sort of game is played."""

    GAME = "game"
    """A game dealt from the New game form's seed, or at random."""
    DAILY = "daily"
    """Today's expedition: one deal a day for everyone at the same table
    (``park.ui.setup.daily``)."""
    TUTORIAL = "tutorial"
    """Learn to play: a fixed deal against easy opponents, each rule explained where it first
    matters (``park.ui.tutorial``)."""
    PUZZLE = "puzzle"
    """A puzzle: one turn to play from a position of the puzzle set, then the verdict
    (``park.ui.puzzles``); the AI seats never play."""


@dataclass(frozen=True, slots=True)
class KindRules:
    """The rules of a kind of game.

    ``counts_in_record`` (the first seat's result goes into "Your record"), ``share_line`` (the
    results offer a line to copy and share) and ``seed_of_the_day`` (the deal's seed comes from the
    date and the table); ``seed``: the one deal every game of the kind is dealt (``None``: the
    form's seed or a random one); ``one_turn``: the person plays one turn and the AI seats never
    play (a puzzle), so once it is over nobody is said to be playing.
    """

    counts_in_record: bool
    share_line: bool
    seed_of_the_day: bool
    seed: int | None = None
    one_turn: bool = False


RULES: Mapping[Kind, KindRules] = {
    Kind.GAME: KindRules(counts_in_record=True, share_line=False, seed_of_the_day=False),
    Kind.DAILY: KindRules(counts_in_record=True, share_line=True, seed_of_the_day=True),
    Kind.TUTORIAL: KindRules(
        counts_in_record=False, share_line=False, seed_of_the_day=False, seed=TUTORIAL_SEED
    ),
    Kind.PUZZLE: KindRules(
        counts_in_record=False, share_line=False, seed_of_the_day=False, one_turn=True
    ),
}
"""Each kind's rules, in one place."""


@dataclass(frozen=True, slots=True)
class PlayMode:
    """How this game is played.

    Its ``kind``, the ``humans`` at the device (1: solo, more: hot-seat), for Today's expedition its
    ``day`` (``YYYY-MM-DD``, UTC; ``None`` for other kinds), and ``autoplay``: whether a bot played
    a human's seat at some point (the page's ``?autoplay=`` test mode; such a game is nobody's own).
    A guided first game (:attr:`Kind.TUTORIAL`) keeps which lessons the player has seen
    (``lessons_seen``, their keys in the order seen) and whether the player left the lessons
    (``lessons_left``). A puzzle (:attr:`Kind.PUZZLE`) keeps its number (``puzzle``). A live
    table's game hosted here keeps its ``friends``' seats, played from their devices. Raises
    ``ValueError`` for fewer than one human, a day given to a kind without one (or missing from
    Today's expedition), lessons kept by another kind, or a puzzle's number missing from a puzzle or
    given to another kind.
    """

    kind: Kind = Kind.GAME
    humans: int = 1
    day: str | None = None
    autoplay: bool = False
    lessons_seen: tuple[str, ...] = ()
    lessons_left: bool = False
    puzzle: int | None = None
    friends: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.humans < 1:
            raise ValueError(f"a game needs a human at the device, not {self.humans}")
        if (self.day is not None) != self.rules.seed_of_the_day:
            raise ValueError(f"a {self.kind} game cannot have the day {self.day!r}")
        if (self.lessons_seen or self.lessons_left) and not self.is_tutorial:
            raise ValueError(f"a {self.kind} game has no lessons")
        if (self.puzzle is not None) != (self.kind is Kind.PUZZLE):
            raise ValueError(f"a {self.kind} game cannot be puzzle {self.puzzle!r}")

    @classmethod
    def of(cls, humans: int = 1, day: str | None = None, *, tutorial: bool = False) -> PlayMode:
        """Solo or hot-seat (by ``humans``), or a special game.

        Today's expedition of ``day`` when one is given, the guided first game when ``tutorial``.
        """
        if tutorial:
            return cls(Kind.TUTORIAL, humans)
        return cls(Kind.DAILY if day is not None else Kind.GAME, humans, day)

    @classmethod
    def from_notes(cls, notes: Mapping[str, object], humans: int) -> PlayMode:
        """The mode of a saved game with ``humans`` from its ``notes``.

        A save of any version: ``"daily"`` holds Today's expedition's day, ``"autoplay"`` is true
        when a bot played a human's seat, ``"lessons"`` the lessons seen in a guided first game and
        ``"lessons-left"`` whether its player left them, ``"puzzle"`` a puzzle's number; a note of
        another type is ignored.
        """
        day = notes.get(DAILY_NOTE)
        lessons = notes.get(LESSONS_NOTE)
        puzzle = notes.get(PUZZLE_NOTE)
        live = notes.get(LIVE_NOTE)
        if (
            isinstance(live, str)
            and live
            and all(s.isdigit() and len(s) == 1 for s in live.split())
        ):
            return cls(Kind.GAME, humans, friends=tuple(int(s) for s in live.split()))
        if isinstance(puzzle, int) and not isinstance(puzzle, bool) and puzzle > 0:
            mode = cls(Kind.PUZZLE, humans, puzzle=puzzle)
        elif isinstance(lessons, str):
            mode = cls(
                Kind.TUTORIAL,
                humans,
                lessons_seen=tuple(lessons.split()),
                lessons_left=notes.get(LESSONS_LEFT_NOTE) is True,
            )
        else:
            mode = cls.of(humans, day if isinstance(day, str) else None)
        return mode.autoplayed() if notes.get(AUTOPLAY_NOTE) is True else mode

    def autoplayed(self) -> PlayMode:
        """This mode once a bot has played a human's seat (:attr:`autoplay`)."""
        return replace(self, autoplay=True)

    def with_lesson_seen(self, key: str) -> PlayMode:
        """This guided first game's mode once the player has seen the lesson ``key``.

        The same mode if they had already. Raises ``ValueError`` for another kind of game.
        """
        if key in self.lessons_seen:
            return self
        return replace(self, lessons_seen=(*self.lessons_seen, key))

    def with_lessons_left(self) -> PlayMode:
        """This guided first game's mode once the player has left the lessons.

        The game goes on without them. Raises ``ValueError`` for another kind of game.
        """
        return replace(self, lessons_left=True)

    @property
    def is_tutorial(self) -> bool:
        """Whether this is the guided first game (Learn to play)."""
        return self.kind is Kind.TUTORIAL

    @property
    def rules(self) -> KindRules:
        """The rules of this mode's kind (:data:`RULES`)."""
        return RULES[self.kind]

    @property
    def name(self) -> str:
        """One word for the mode.

        ``"daily"``, ``"tutorial"``, ``"live"``, ``"hot-seat"`` or ``"solo"``.
        """
        if self.kind is not Kind.GAME:
            return str(self.kind)
        if self.live:
            return "live"
        return "hot-seat" if self.hot_seat else "solo"

    @property
    def live(self) -> bool:
        """Whether this is a live table's game: friends play some seats from their devices."""
        return bool(self.friends)

    @property
    def hot_seat(self) -> bool:
        """Whether several humans take turns at this device."""
        return self.humans > 1

    @property
    def privacy_screen(self) -> bool:
        """Whether a privacy screen covers the table between two humans' turns (hot-seat).

        It names the next player, so that only that player's hand is ever shown.
        """
        return self.hot_seat

    @property
    def counts_in_record(self) -> bool:
        """Whether the first seat's result goes into "Your record" at game over.

        By its kind's rules, and never when a bot played a human's seat (:attr:`autoplay`).
        """
        return self.rules.counts_in_record and not self.autoplay

    @property
    def share_line(self) -> bool:
        """Whether the results offer a line to copy and share (``park.ui.setup.daily``)."""
        return self.rules.share_line

    @property
    def shared_result_names_the_player(self) -> bool:
        """Whether a line to share names whose result it is (a hot-seat game: one of several)."""
        return self.hot_seat

    def record_date(self, today: str) -> str:
        """The date the record gives a game that ended ``today``.

        Today's expedition's own day (it may end after midnight), else ``today``.
        """
        return self.day if self.day is not None else today

    def seed(self, settings: Table, entropy: random.Random | None = None) -> int:
        """The deal's seed.

        For Today's expedition the day's seed for ``settings``' table (the New game form's
        settings: ``park.ui.setup.deal.daily_seed``); else the form's seed, or one drawn from
        ``entropy`` (default: the system's randomness) when it has none. Raises ``ValueError`` for a
        day that is not a date.
        """
        if self.rules.seed is not None:
            return self.rules.seed
        if self.rules.seed_of_the_day:
            assert self.day is not None  # checked when made
            return daily_seed(parse_day(self.day), settings)
        if settings.seed is not None:
            return settings.seed
        return (entropy or random.SystemRandom()).randrange(1, 10**9)

    def notes(self) -> dict[str, str | bool | int]:
        """What a save notes of this mode (read back by :meth:`from_notes`)."""
        notes: dict[str, str | bool | int] = {DAILY_NOTE: self.day} if self.day else {}
        if self.is_tutorial:
            notes[LESSONS_NOTE] = " ".join(self.lessons_seen)
        if self.lessons_left:
            notes[LESSONS_LEFT_NOTE] = True
        if self.puzzle is not None:
            notes[PUZZLE_NOTE] = self.puzzle
        if self.autoplay:
            notes[AUTOPLAY_NOTE] = True
        if self.friends:
            notes[LIVE_NOTE] = " ".join(str(seat) for seat in self.friends)
        return notes


SOLO = PlayMode()
"""One human against the AI, an ordinary game."""
