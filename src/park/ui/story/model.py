"""The game's story, told at game over.

Per player every expedition scored (where, the cards that counted, the Month counters, the five
parts of its score, R79-R88), every loss of Month counters to Captain Park and whose card sent him
(R42, R61-R66), and every player's score at the end of each round (R14, R99-R101).

Pure and incremental: a :class:`StoryBuilder` is fed the events of one decision at a time
(cheap per call, so the page can feed it every action of a live game or of a replay), and
:func:`game_story` replays a finished game's action log through it. Markup is in
:mod:`park.ui.story.html`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from park.engine.events import Event, EventKind
from park.engine.rules import apply
from park.engine.save import start_of
from park.engine.state import Expedition, GameState

PARK_LANDED = "park_landed"
"""Month loss reason: a card play moved Captain Park onto the pawn's space (R42, R62, A8, A24)."""
WALKED_INTO_PARK = "walked_into_park"
"""Month loss reason: the pawn stepped into Captain Park's space (R63, A12)."""
STAYED_WITH_PARK = "stayed_with_park"
"""Month loss reason: the pawn started the turn on Captain Park's space and stayed (R66, A1)."""
PARK_REASONS: tuple[str, ...] = (PARK_LANDED, WALKED_INTO_PARK, STAYED_WITH_PARK)
"""The Month losses the story tells: Captain Park's. Ending a turn in the Club (R52,
``"ended_in_club"``) also clears the pile, after every scoring too, and is left out."""


@dataclass(frozen=True, slots=True)
class ExpeditionStory:
    """One expedition scored (R79-R88).

    ``expedition`` is the engine's own record of it (its destination, Month counters, the five parts
    R83-R87 and their total R88).

    ``turn`` and ``round`` (1-based) are when it was scored; ``cards`` the ids of the
    Inventory cards that counted, in Inventory order, and ``worthless`` those discarded first
    (R82); ``score`` the player's score after it.
    """

    turn: int
    round: int
    expedition: Expedition
    cards: tuple[str, ...]
    score: int = 0
    worthless: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MonthsLost:
    """One loss of a player's whole Month pile to Captain Park (R18, R62, R63, R66).

    ``turn`` and ``round`` are when it happened (it may be another player's turn, A8);
    ``months`` how many counters went (always at least 1: the engine reports no loss of an
    empty pile, and the builder skips any that says 0); ``space`` the id of the pawn's
    space; ``reason`` one of :data:`PARK_REASONS`. For :data:`PARK_LANDED`, ``sent_by`` is
    the seat whose card play moved Captain Park there (it may be the player's own, A24) and
    ``card`` that card's id. Only a card play moves Captain Park (R61), so both are known
    whenever the builder saw the decision's ``CARD_PLAYED`` event; for walking into him or
    staying with him both are ``None``.
    """

    turn: int
    round: int
    months: int
    space: str
    reason: str
    sent_by: int | None = None
    card: str | None = None


@dataclass(frozen=True, slots=True)
class PlayerStory:
    """One seat's story.

    ``seat`` (0-based, turn order), ``name`` and pawn ``colour`` (``#rrggbb``) from the game's
    settings, the final (or current) ``score``, every expedition in the order scored and every Month
    loss to Captain Park in order.
    """

    seat: int
    name: str
    colour: str
    score: int
    expeditions: tuple[ExpeditionStory, ...]
    months_lost: tuple[MonthsLost, ...]

    @property
    def total_months_lost(self) -> int:
        """Month counters lost to Captain Park in all."""
        return sum(loss.months for loss in self.months_lost)


@dataclass(frozen=True, slots=True)
class Story:
    """The whole game's story.

    ``players`` in seat order. ``rounds``: every player's score (seat order) at the end of
    each round, a round being one turn of every seat (R14, ``GameState.round``):
    ``rounds[k]`` holds the scores at the end of round ``first_round + k``. ``rounds[0]`` is
    the scores before play (all zeros for a game from setup, where ``first_round`` is 0;
    for a game that went on from a saved position, its scores then). Then one entry per
    completed round, and, once the game is over, one for the round it ended in, which is
    usually cut short (R99-R101). Scores never go down (R102). ``winner`` is the seat that
    reached ``target`` (R99, R100), ``None`` while the game goes on.
    """

    players: tuple[PlayerStory, ...]
    rounds: tuple[tuple[int, ...], ...]
    winner: int | None = None
    target: int = 0
    first_round: int = 0

    @property
    def is_over(self) -> bool:
        """Whether the story ends with a winner (R99)."""
        return self.winner is not None


class StoryBuilder:
    """Builds a :class:`Story` while a game is played or replayed, one decision at a time.

    Construct it with the game's first state (``park.engine.save.start_of(state)``: the
    setup, or the saved position a game went on from); it reads the names, colours, pawn
    positions, scores and turn number there. Then call :meth:`add` after every ``apply``,
    in order, with every event it returned. Each call costs time in proportion to its
    events; :meth:`story` reuses its last answer until the next :meth:`add`.

    The builder cannot go back: after ``park.engine.undo`` takes decisions back, build
    again (:func:`game_story`).
    """

    __slots__ = (
        "_colours",
        "_ended",
        "_expeditions",
        "_first_round",
        "_losses",
        "_names",
        "_positions",
        "_rounds",
        "_scores",
        "_seats",
        "_sender",
        "_story",
        "_target",
        "_turn",
        "_winner",
    )

    def __init__(self, first_state: GameState) -> None:
        specs = first_state.settings.seats
        self._seats = len(first_state.seats)
        self._names = tuple(s.name for s in specs)
        self._colours = tuple(s.colour for s in specs)
        self._target = first_state.target
        self._turn = first_state.turn
        self._first_round = max(0, first_state.round - 1)
        self._positions = [s.position for s in first_state.seats]
        self._scores = [s.score for s in first_state.seats]
        self._rounds: list[tuple[int, ...]] = [tuple(self._scores)]
        self._expeditions: list[list[ExpeditionStory]] = [[] for _ in first_state.seats]
        self._losses: list[list[MonthsLost]] = [[] for _ in first_state.seats]
        self._sender: tuple[int, str | None] | None = None
        self._winner = first_state.winner
        self._ended = first_state.is_over
        self._story: Story | None = None

    def _round_of(self, turn: int) -> int:
        return (turn - 1) // self._seats + 1 if turn > 0 else 0

    def add(self, actor: int, events: Sequence[Event], state: GameState) -> None:
        """Take in one decision.

        ``actor`` (the seat that made it), ``events`` (every event ``apply`` returned for it, in
        order) and ``state`` (the state after it).

        Reads ``TURN_STARTED`` (the turn and, at a new round's first turn, the scores at
        the end of the round before, R14), ``STEPPED`` (where pawns stand),
        ``CARD_PLAYED`` and ``PARK_MOVED`` (who sent Captain Park, R42, R61),
        ``MONTHS_LOST`` (R62, R63, R66) and ``SCORED`` (R79-R88); other events are
        ignored. When ``state`` is over (R99), the scores then end the last round.
        Raises ``ValueError`` if ``actor`` is not a seat of the game.
        """
        if not 0 <= actor < self._seats:
            raise ValueError(f"actor must be a seat 0..{self._seats - 1}, not {actor}")
        self._story = None
        self._sender = None  # Captain Park moves only after a card of this decision (R42)
        for event in events:
            self._take(actor, event, state)
        if state.is_over and not self._ended:
            self._ended = True
            self._winner = state.winner
            self._scores = [s.score for s in state.seats]
            self._rounds.append(tuple(self._scores))

    def _take(self, actor: int, event: Event, state: GameState) -> None:
        kind = event.kind
        data = event.data
        seat = event.seat
        if kind == EventKind.TURN_STARTED:
            self._turn = int(data.get("turn", self._turn + 1))
            if self._turn > 1 and (self._turn - 1) % self._seats == 0:
                self._rounds.append(tuple(self._scores))  # the round before ended (R14)
        elif seat is None or not 0 <= seat < self._seats:
            return
        elif kind == EventKind.STEPPED:
            self._positions[seat] = str(data.get("to", self._positions[seat]))
        elif kind == EventKind.CARD_PLAYED:
            self._sender = (seat, str(data["card"]) if "card" in data else None)
        elif kind == EventKind.MONTHS_LOST:
            self._lose(seat, data)
        elif kind == EventKind.SCORED:
            self._score(seat, data, state)

    def _lose(self, seat: int, data: Mapping[str, Any]) -> None:
        reason = str(data.get("reason", ""))
        months = int(data.get("months", 0))
        if reason not in PARK_REASONS or months <= 0:
            return
        sent_by: int | None = None
        card: str | None = None
        if reason == PARK_LANDED and self._sender is not None:
            sent_by, card = self._sender
        self._losses[seat].append(
            MonthsLost(
                turn=self._turn,
                round=self._round_of(self._turn),
                months=months,
                space=self._positions[seat],
                reason=reason,
                sent_by=sent_by,
                card=card,
            )
        )

    def _score(self, seat: int, data: Mapping[str, Any], state: GameState) -> None:
        expedition = state.seats[seat].expeditions[-1]
        self._scores[seat] = int(data.get("score", self._scores[seat] + expedition.total))
        ids = [card.id for card in state.rules.cards]
        self._expeditions[seat].append(
            ExpeditionStory(
                turn=self._turn,
                round=self._round_of(self._turn),
                expedition=expedition,
                cards=tuple(ids[c] for c in expedition.cards),
                score=self._scores[seat],
                worthless=tuple(ids[c] for c in expedition.worthless),
            )
        )

    def story(self) -> Story:
        """The story so far (the same object until the next :meth:`add`)."""
        if self._story is None:
            self._story = Story(
                players=tuple(
                    PlayerStory(
                        seat=i,
                        name=self._names[i],
                        colour=self._colours[i],
                        score=self._scores[i],
                        expeditions=tuple(self._expeditions[i]),
                        months_lost=tuple(self._losses[i]),
                    )
                    for i in range(self._seats)
                ),
                rounds=tuple(self._rounds),
                winner=self._winner,
                target=self._target,
                first_round=self._first_round,
            )
        return self._story


def game_story(state: GameState) -> Story:
    """The story of ``state``'s game so far.

    Replays its action log from ``start_of(state)`` with ``park.engine.rules.apply`` through a
    :class:`StoryBuilder`.

    Costs one replay (a few tens of milliseconds for a whole game). Raises
    ``park.engine.errors.IllegalActionError`` if the log does not replay (it always does
    for a state made by ``apply`` or read from a save).
    """
    replay = start_of(state)
    builder = StoryBuilder(replay)
    for action in state.log:
        actor = replay.active
        replay, events = apply(replay, action)
        builder.add(actor, events, replay)
    return builder.story()


__all__ = [
    "PARK_LANDED",
    "PARK_REASONS",
    "STAYED_WITH_PARK",
    "WALKED_INTO_PARK",
    "ExpeditionStory",
    "MonthsLost",
    "PlayerStory",
    "Story",
    "StoryBuilder",
    "game_story",
]
