"""The guided first game's lessons.

One per rule a first game meets, each shown at the first decision of the player's where that rule
matters, with the real controls it is about marked (never one the page warns about: a red ⚠ move),
titled by what it teaches, and listed in the order the player met them (:func:`lesson_progress`).

A lesson is shown while the player decides, until they press "Got it" or act (with the real
controls and the real engine: the lesson never plays for them); then the next lesson whose
moment has come shows, in :data:`LESSONS`' order. The lessons seen and whether the player
left them are the game's :class:`~park.ui.setup.modes.PlayMode` (kept in the save).
The rules they explain: R73-R75 and R99 (the goal), R15, R19 and R52 (Month counters),
R21-R24 and R34 (steps, staying, Cafés), R37-R41 and R45 (shops, card types), R42-R44 and
R58-R63 (Captain Park), R46-R49 (the Marketplace), R51-R53 and R73-R75 (the Club), R80-R90
(scoring and its bonuses, R82: worthless cards discarded first), R93-R95 (the Fad).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from park.engine.actions import Action, PlayCard, Step
from park.engine.observation import observe
from park.engine.rules import legal_actions
from park.engine.state import GameState, Phase, SeatState
from park.engine.terms import CAFE, CLUB, MARKETPLACE, SHOP_CARD_TYPE
from park.ui.lang.i18n import N_
from park.ui.play.view import build_view
from park.ui.play.view_types import DANGER
from park.ui.setup.modes import PlayMode
from park.ui.setup.settings import NewGameSettings

TUTORIAL_OPPONENTS = 3
"""The guided first game's AI opponents: four players, as the rulebook's own tables."""
TUTORIAL_LEVEL = "easy"
"""The guided first game's AI level."""


def tutorial_settings(name: str = "") -> NewGameSettings:
    """The guided first game's table.

    The player (``name``; blank: "You") against :data:`TUTORIAL_OPPONENTS` opponents of
    :data:`TUTORIAL_LEVEL`, hints on, its one deal (``park.ui.setup.modes.TUTORIAL_SEED``).
    """
    return NewGameSettings(
        name=name, opponents=TUTORIAL_OPPONENTS, level=TUTORIAL_LEVEL, hints=True, tutorial=True
    )


@dataclass(frozen=True)
class Moment:
    """The player's decision a lesson may be about.

    The game's ``state`` with ``seat`` (the player) to decide.
    """

    state: GameState
    seat: int

    @cached_property
    def actions(self) -> tuple[Action, ...]:
        """The player's legal actions now."""
        return tuple(legal_actions(self.state))

    @cached_property
    def warned(self) -> frozenset[str]:
        """The player's moves the page warns about now, as action text.

        The decision's red ⚠ buttons (``park.ui.play.view_types.DANGER``: moves that cost the Month
        counters). A lesson never marks one.
        """
        decision = build_view(observe(self.state, self.seat), self.actions).decision
        return frozenset(button.action for button in decision.buttons if button.style == DANGER)

    @property
    def me(self) -> SeatState:
        """The player's seat."""
        return self.state.seats[self.seat]

    @property
    def phase(self) -> Phase:
        """The decision the player faces."""
        return self.state.phase

    @property
    def park_space(self) -> str:
        """The space Captain Park stands on."""
        return self.state.rules.board.park_space(self.state.park)

    def steps_to(self, test: Callable[[str, str], bool]) -> tuple[str, ...]:
        """The player's legal steps (as action text) into a space passing ``test``.

        ``test(space id, space kind)`` must hold for the space.
        """
        board = self.state.rules.board
        return tuple(
            str(a)
            for a in self.actions
            if isinstance(a, Step) and test(a.space, board.space(a.space).kind)
        )

    def steps_into(self, kind: str) -> tuple[str, ...]:
        """The player's legal steps into a space of ``kind`` (e.g. ``"Café"``)."""
        return self.steps_to(lambda _space, space_kind: space_kind == kind)

    @property
    def types_in_hand(self) -> frozenset[str]:
        """The card types in the player's hand."""
        types = self.state.rules.card_type
        return frozenset(types[card] for card in self.me.hand)

    @property
    def matching_shop_steps(self) -> tuple[str, ...]:
        """The legal steps into a shop that takes a card type in the player's hand."""
        held = self.types_in_hand
        return self.steps_to(lambda _space, kind: SHOP_CARD_TYPE.get(kind) in held)

    @property
    def plays(self) -> tuple[str, ...]:
        """The cards the player may play here (at a shop just entered), as action text."""
        return tuple(str(a) for a in self.actions if isinstance(a, PlayCard))

    @property
    def costly(self) -> bool:
        """Whether a legal step or staying put would cost the player their Month counters.

        Into Captain Park's space, R63, or staying on it, R66.
        """
        park = self.park_space
        if self.me.months == 0:
            return False
        stays = self.me.position == park and any(not isinstance(a, Step) for a in self.actions)
        return stays or any(isinstance(a, Step) and a.space == park for a in self.actions)

    @property
    def months_needed(self) -> int:
        """The Month counters an expedition needs at this table (R56)."""
        return self.state.rules.scoring.row(len(self.state.seats)).months

    @property
    def target(self) -> int:
        """The score that wins at this table (R99)."""
        return self.state.rules.scoring.row(len(self.state.seats)).target


Marks = Callable[[Moment], tuple[str, ...]]


def _no_marks(_moment: Moment) -> tuple[str, ...]:
    return ()


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson of the guided first game.

    Its ``key`` (kept in the save), ``title`` (what it teaches, which names it in the list of
    lessons) and ``text`` (``N_``-marked English, shown with ``_()``; the text may name
    ``{months}``, the Month counters needed, and ``{target}``, the winning score), ``due``: whether
    its moment has come at a :class:`Moment`, and ``marks``: the controls it is about (their
    ``data-action``), marked on the map and in the decision unless the page warns about them
    (:func:`lesson_marks`).
    """

    key: str
    title: str
    text: str
    due: Callable[[Moment], bool]
    marks: Marks = _no_marks


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "goal",
        N_("Your goal"),
        N_(
            "You are an explorer who would rather not leave London. Collect cards as proof of "
            "expeditions you never took, stay away from the Gentlemen's Club long enough to "
            "have plausibly travelled, then tell your tale there to score. The first to "
            "{target} points wins. This guided game explains each rule when it first "
            "matters; you play it with the real controls."
        ),
        lambda m: m.phase is Phase.START,
    ),
    Lesson(
        "cafe",
        N_("Steps and Cafés"),
        N_(
            "Each turn you take one step along a street to a neighbouring space, or stay put "
            "(which ends your turn). The space you step into acts. A Café gives you a card: "
            "cards are your proof. Drawing ends your turn. Try a marked Café. A move in red "
            "would cost you something: a later lesson says why."
        ),
        lambda m: m.phase is Phase.START,
        lambda m: m.steps_into(CAFE),
    ),
    Lesson(
        "months",
        N_("Month counters"),
        N_(
            "You get a Month counter at the start of every turn: the months you have been "
            "away. An expedition needs {months} of them. Ending a turn in the Club clears "
            "them, and Captain Park takes them all if he sees you in town."
        ),
        lambda m: m.phase is Phase.START and m.me.months >= 2,
    ),
    Lesson(
        "shops",
        N_("Shops and card types"),
        N_(
            "Each shop takes one card type: Artifacts at an Antique Shop, Anecdotes at the "
            "Gymnasium, Photographs at a Gift Shop, Facts at a News Stand, Heroes at the Hall "
            "of Records. In a shop you may play a card of its type from your hand into your "
            "face-up Inventory: only Inventory cards score. A card's numbers are its points "
            "for each destination."
        ),
        lambda m: bool(m.plays or (m.me.months >= 2 and m.matching_shop_steps)),
        lambda m: m.plays or m.matching_shop_steps,
    ),
    Lesson(
        "park",
        N_("Captain Park"),
        N_(
            "Every card you play moves Captain Park (the top hat) to the next number, 14 back "
            "to 1. Then you may step again and use that space too: playing cards is the only "
            "way to take more than one step in a turn. If he lands on your space, or you walk "
            "into his, he has seen you in town and you lose all your Month counters. He never "
            "visits the spaces without a number: the Club, the Marketplace and the Hotels. "
            "Moves that cost you something are red."
        ),
        lambda m: m.phase is Phase.STEP_AGAIN or bool(m.plays or m.me.inventory or m.costly),
    ),
    Lesson(
        "market",
        N_("The Marketplace"),
        N_(
            "At the Marketplace you may exchange any number of cards from your hand for new "
            "ones from the deck: tick the cards to let go. Captain Park never goes there."
        ),
        lambda m: m.phase is Phase.MARKET or bool(m.steps_into(MARKETPLACE)),
        lambda m: m.steps_into(MARKETPLACE),
    ),
    Lesson(
        "club",
        N_("The Gentlemen's Club"),
        N_(
            "In the Club you draw a card, and if your Inventory holds a card worth points for "
            "a destination and you have at least {months} Month counters, you may score that "
            "destination. Ending your turn there clears your Month counters: come back when "
            "you are ready to tell your tale."
        ),
        lambda m: m.phase is Phase.CLUB or bool(m.me.inventory and m.steps_into(CLUB)),
        lambda m: m.steps_into(CLUB),
    ),
    Lesson(
        "scoring",
        N_("Scoring an expedition"),
        N_(
            "An expedition scores its Basic score (the Inventory cards' points for the "
            "destination), a Diversity bonus of 5 per card type among them, an Endurance "
            "bonus of 3 per Month counter beyond {months}, 10 if the destination is the Fad, "
            "and a Novelty bonus: the first three expeditions to each destination take its "
            "dots on the scoring board, the first the biggest. Cards worth nothing there are "
            "discarded first, then the rest of your Inventory. You score each destination "
            "once until you have been to all five."
        ),
        lambda m: m.phase is Phase.CLUB or any(seat.expeditions for seat in m.state.seats),
    ),
    Lesson(
        "fad",
        N_("The Fad"),
        N_(
            "After every expedition the top card of the deck sets a new Fad: its most "
            "valuable destination, ringed on the scoring board. An expedition to the Fad "
            "scores 10 more."
        ),
        lambda m: m.state.fad is not None,
    ),
)
"""Every lesson but the last, in the order they are given when several are due at once: the
order they come in the guided game's deal when the player follows the marks
(``tests/ui/tutorial/test_ui_tutorial.py`` plays it)."""

LAST_LESSON = Lesson(
    "end",
    N_("You know the rules"),
    N_(
        "That is every rule of the game. The lessons end here: play this game to its end, or "
        "start one of your own from New game. When you are unsure, Hint says what the hard AI "
        "would do, and Park's reach shades where Captain Park may land."
    ),
    lambda _m: True,
)
"""Given once every other lesson has been seen."""

ALL_LESSONS: tuple[Lesson, ...] = (*LESSONS, LAST_LESSON)
"""Every lesson, the last one last."""


def current_lesson(state: GameState, seat: int, mode: PlayMode) -> Lesson | None:
    """The lesson to show at ``state`` to the player at ``seat`` in a game played as ``mode``.

    The first of :data:`LESSONS` not yet seen whose moment has come (:attr:`Lesson.due`),
    :data:`LAST_LESSON` once all of them were seen (until it is seen too), ``None`` when it is not a
    guided first game, the player left the lessons, it is not the player's decision, or the game is
    over.
    """
    if not mode.is_tutorial or mode.lessons_left:
        return None
    if state.phase is Phase.OVER or state.active != seat:
        return None
    moment = Moment(state, seat)
    seen = set(mode.lessons_seen)
    for lesson in LESSONS:
        if lesson.key not in seen and lesson.due(moment):
            return lesson
    if LAST_LESSON.key not in seen and all(lesson.key in seen for lesson in LESSONS):
        return LAST_LESSON
    return None


def lesson_marks(lesson: Lesson, state: GameState, seat: int) -> tuple[str, ...]:
    """The controls ``lesson`` is about at ``state`` (the ``data-action`` of each).

    Never one the page warns about (:attr:`Moment.warned`): a lesson leads only to sound moves.
    """
    moment = Moment(state, seat)
    return tuple(mark for mark in lesson.marks(moment) if mark not in moment.warned)


DONE = "done"
"""A lesson the player has seen: it can be read again."""
NOW = "now"
"""The lesson shown now."""
TO_COME = "to-come"
"""A lesson not seen yet."""


def lesson_progress(
    seen: Sequence[str], now: Lesson | None = None
) -> tuple[tuple[Lesson, str], ...]:
    """Every lesson in the order the player meets them, each with its state.

    The state is :data:`DONE`, :data:`NOW` or :data:`TO_COME`: those ``seen`` (lesson keys, in the
    order seen, as the save keeps them; unknown keys are left out), then ``now`` (the lesson shown,
    if any), then the others in :data:`ALL_LESSONS`' order, :data:`LAST_LESSON` last. So the lessons
    are counted in the order they came, never in a fixed one a game may not follow.
    """
    by_key = {lesson.key: lesson for lesson in ALL_LESSONS}
    done = [by_key[key] for key in dict.fromkeys(seen) if key in by_key]
    steps = [(lesson, DONE) for lesson in done]
    if now is not None and now not in done:
        steps.append((now, NOW))
    met = {lesson for lesson, _state in steps}
    steps.extend((lesson, TO_COME) for lesson in ALL_LESSONS if lesson not in met)
    return tuple(steps)
