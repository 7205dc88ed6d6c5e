"""The coach at one table.

Hints offered or not, hints asked for, the hint shown, Park's reach and the review after the game
("Moments to look at").

A :class:`Coach` belongs to a :class:`~park.ui.game.session.Session`. It asks the AI
(``park.ai.coach``, ``park.ai.review``), which it imports only when it is first needed, from
the human seat's observation only, and keeps what the save must remember in its
:meth:`Coach.notes`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

from park.engine.actions import Action
from park.engine.observation import observe
from park.engine.rules import legal_actions
from park.engine.save import Note, start_of
from park.engine.state import MOVE_PHASES, GameState, Phase
from park.ui.coach.depth import HINT_DEALS
from park.ui.lang.i18n import _, ngettext

if TYPE_CHECKING:
    from park.ai.advice import Advice
    from park.ai.deal_values import DealSearch
    from park.ai.review import Review, ReviewProgress

HINTS_NOTE = "hints"
USED_NOTE = "hints_used"


class HintsOffError(RuntimeError):
    """A hint was asked for when none can be given.

    That is in a game played without hints, or when the player has no decision to make.
    """


class Coach:
    """Hints for the human seat of one game.

    ``hints``: whether this game offers them (the New game form's choice, kept in the save);
    ``used``: how many hints the player asked for so far; ``advice``: the hint being shown
    (the rest of its plan while the player follows it), or ``None``; ``review``: the finished
    review of the game, once made.
    """

    def __init__(self, *, hints: bool = True, used: int = 0) -> None:
        self.hints = hints
        self.used = max(0, used)
        self.advice: Advice | None = None
        self.review: Review | None = None
        self._advised: GameState | None = None
        """The state :attr:`advice` is for (asked there, or reached by following it)."""
        self._search: DealSearch | None = None
        self._searched: GameState | None = None
        """The state :attr:`_search` (a hint's search, started or done) is for."""

    @classmethod
    def from_notes(cls, notes: Mapping[str, Note]) -> Coach:
        """The coach a save's ``notes`` describe (hints on, none used, when they say nothing)."""
        used = notes.get(USED_NOTE, 0)
        return cls(
            hints=notes.get(HINTS_NOTE, "on") != "off",
            used=used if isinstance(used, int) and not isinstance(used, bool) else 0,
        )

    def notes(self) -> dict[str, Note]:
        """What the save keeps: hints on or off, and how many were used."""
        return {HINTS_NOTE: "on" if self.hints else "off", USED_NOTE: self.used}

    @property
    def record(self) -> str:
        """The game's record of hints, in words.

        "Played without hints", "No hints used", "3 hints used".
        """
        if not self.hints:
            return _("Played without hints.")
        if not self.used:
            return _("No hints used.")
        return ngettext("{count} hint used.", "{count} hints used.", self.used).format(
            count=self.used
        )

    # -- hints ------------------------------------------------------------------------------

    def hint_in_slices(
        self,
        state: GameState,
        seat: int,
        deals: int = HINT_DEALS["normal"],
        *,
        current: Callable[[], GameState] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> Iterator[Advice | None]:
        """Ask the hard level for ``seat``'s best plan at ``state`` (whose turn it must be).

        It compares its plans on ``deals`` shared sampled deals (``park.ai.coach.advise_in_slices``:
        the same advice on every device), continuing what :meth:`ponder_in_slices` thought of
        ``state`` already, then yields the :class:`Advice`, which becomes :attr:`advice`, and
        counts the hint; the hint already shown for ``state`` (asked there, or the rest of one
        being followed) is given again at once and not counted.

        Args:
            deals: how many sampled deals (the page's thinking setting, ``HINT_DEALS``).
            current: the game's state now, read between slices: once it is not ``state`` (a move,
                an undo, a new game) the thinking stops with no advice.
            clock: the clock that says when a slice of thinking is used up.

        Yields:
            ``None`` between slices, then the :class:`Advice`.

        Raises:
            HintsOffError: when hints are off or ``seat`` is not deciding.
        """
        if not self.hints:
            raise HintsOffError("this game is played without hints")
        if state.phase is Phase.OVER or state.active != seat:
            raise HintsOffError("a hint is given on your turn")
        if self.advice is not None and self._advised is state:
            yield self.advice
            return
        from park.ai.coach import advise_in_slices

        thinking = advise_in_slices(
            observe(state, seat),
            legal_actions(state),
            deals,
            search=self._search_for(state, seat, deals, clock),
            clock=clock,
        )
        for item in thinking:
            if current is not None and current() is not state:
                return
            if item is not None:
                self.advice = item
                self._advised = state
                self.used += 1
            yield item

    def ponder_in_slices(
        self,
        state: GameState,
        seat: int,
        deals: int = HINT_DEALS["normal"],
        *,
        clock: Callable[[], float] = time.perf_counter,
    ) -> Iterator[None]:
        """Think about ``seat``'s turn decision at ``state`` before a hint is asked for.

        The player's reading time (as a chess engine ponders on its rival's time): the search a
        hint at ``state`` would run (:class:`~park.ai.deal_values.DealSearch`) is started, or
        continued, and kept, so a hint asked for later continues it. Nothing is counted or shown.
        Yields ``None`` between slices, until the search is done; nothing at a decision with no
        turn plan to search (the Marketplace, the Club, a Fad tie: their hints are quick), in a
        game without hints, or when ``seat`` is not deciding.
        """
        if not self.hints:
            return
        search = self._search_for(state, seat, deals, clock)
        if search is not None:
            yield from search.run()

    def thought(self, state: GameState, deals: int | None = None) -> tuple[int, int] | None:
        """How far the search of ``state``'s decision went: (deals done, deals).

        ``None``: none started (on ``deals`` deals, if given), or it failed.
        """
        search = self._search
        if search is None or self._searched is not state or search.failed is not None:
            return None
        if deals is not None and search.deals != deals:
            return None
        return search.done, search.deals

    def _search_for(
        self, state: GameState, seat: int, deals: int, clock: Callable[[], float]
    ) -> DealSearch | None:
        """The search of ``seat``'s turn decision at ``state`` on ``deals`` deals, kept.

        ``None`` at a decision with no turn plan or for another seat.
        """
        if state.active != seat or state.phase not in MOVE_PHASES:
            return None
        if self.thought(state, deals) is None:
            from park.ai.deal_values import DealSearch

            self._search = DealSearch(observe(state, seat), deals, clock=clock)
            self._searched = state
        return self._search

    def acted(self, action: Action | None, state: GameState | None = None) -> None:
        """Keep the rest of the hint if ``action`` was the plan's next step, else drop it.

        The player decided ``action`` (``None``: several at once, or taken back), which led to
        ``state``.
        """
        advice = self.advice
        self.advice = None if advice is None or action is None else advice.followed(action)
        self._advised = state if self.advice is not None else None

    def reach(self, state: GameState, seat: int) -> dict[str, float] | None:
        """Per numbered space, the chance Captain Park lands there before ``seat``'s next turn.

        From ``park.ai.coach.reach_chances``, while it is ``seat``'s turn in a game with hints; else
        ``None``.
        """
        if not self.hints or state.phase is Phase.OVER or state.active != seat:
            return None
        from park.ai.coach import reach_chances

        return reach_chances(observe(state, seat))

    # -- after the game ---------------------------------------------------------------------

    def review_in_slices(
        self, state: GameState, seat: int, budget: float | None = None
    ) -> Iterator[ReviewProgress | Review]:
        """Review ``seat``'s decisions in the game that led to ``state``.

        Uses ``park.ai.review.review_in_slices``.

        Args:
            budget: seconds per decision.

        Yields:
            Progress between slices, then the :class:`Review`, which becomes :attr:`review`.
        """
        from park.ai.review import REVIEW_BUDGET, Review, review_in_slices

        items = review_in_slices(
            start_of(state), list(state.log), seat, budget=budget or REVIEW_BUDGET
        )
        for item in items:
            if isinstance(item, Review):
                self.review = item
            yield item
