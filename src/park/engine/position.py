"""A position as plain JSON.

It holds everything a :class:`GameState` holds but its settings, ruleset and action log, with cards
named by their ids. A save carries the position it was made at, so that a game whose moves no longer
replay (the rules code changed) goes on from there.

:func:`position_of` writes one; :func:`state_from_position` reads one back and checks it whole
(every field's type and range, the spaces, Captain Park's number, each card exactly once across
hands, Inventories, deck and discard pile, R2), raising :class:`SaveError`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .errors import SaveError
from .ruleset import Ruleset
from .state import BREAKDOWN_NUMBERS, ActionLog, Expedition, GameState, Phase, SeatState, Settings
from .terms import DESTINATIONS
from .turn_rules import SpaceEffect

LARGEST = 1_000_000
"""No count in a position (months, points, turns, shuffles) is this large in a real game."""

PHASE_SPACES = {
    Phase.PLAY: SpaceEffect.SHOP,
    Phase.STEP_AGAIN: SpaceEffect.SHOP,
    Phase.MARKET: SpaceEffect.MARKETPLACE,
    Phase.CLUB: SpaceEffect.CLUB,
    Phase.FAD: SpaceEffect.CLUB,
}
"""Where the active seat stands in each phase but the start of a turn: at the shop it
entered or played at (R38, R44), the Marketplace (R46) or the Club (R53, A5)."""


def position_of(state: GameState) -> dict[str, Any]:
    """The position of ``state`` as JSON-ready values (cards by id)."""
    ids = [c.id for c in state.rules.cards]

    def cards(indexes: tuple[int, ...]) -> list[str]:
        return [ids[c] for c in indexes]

    return {
        "seats": [
            {
                "position": s.position,
                "months": s.months,
                "hand": cards(s.hand),
                "inventory": cards(s.inventory),
                "score": s.score,
                "visited": list(s.visited),
                "expeditions": [
                    {
                        "destination": e.destination,
                        **{name: getattr(e, name) for name in BREAKDOWN_NUMBERS},
                        "cards": cards(e.cards),
                        "worthless": cards(e.worthless),
                        "turn": e.turn,
                    }
                    for e in s.expeditions
                ],
            }
            for s in state.seats
        ],
        "active": state.active,
        "phase": state.phase.value,
        "park": state.park,
        "fad": state.fad,
        "deck": cards(state.deck),
        "discard": cards(state.discard),
        "scorings": list(state.scorings),
        "shuffles": state.shuffles,
        "turn": state.turn,
        "first_seat": state.first_seat,
        "pending_draws": state.pending_draws,
        "fad_choices": list(state.fad_choices),
        "winner": state.winner,
    }


def state_from_position(
    position: Any, settings: Settings, rules: Ruleset, *, log: ActionLog | None = None
) -> GameState:
    """The :class:`GameState` that ``position`` (from :func:`position_of`) describes.

    The game is one of ``settings`` played with ``rules``; its action log is ``log`` (default:
    empty).

    Raises:
        SaveError: if anything in it is missing, of the wrong type or impossible.
    """
    try:
        state = _read(position, settings, rules, ActionLog() if log is None else log)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise SaveError(f"The saved position is damaged ({exc}).") from None
    _check_cards(state)
    _check_decision(state)
    return state


def _int(value: Any, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not a whole number")
    if value < low or (high is not None and value > high):
        raise ValueError(f"{value} is out of range")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"{value!r} is not a list")
    return value


def _destination(value: Any) -> str:
    if value not in DESTINATIONS:
        raise ValueError(f"{value!r} is not a destination")
    return str(value)


def _read(data: Any, settings: Settings, rules: Ruleset, log: ActionLog) -> GameState:
    index = rules.card_index
    players = len(settings.seats)

    def cards(value: Any) -> tuple[int, ...]:
        return tuple(index[card] for card in _list(value))

    def expedition(e: dict[str, Any]) -> Expedition:
        numbers = {name: _int(e[name], 0, LARGEST) for name in BREAKDOWN_NUMBERS}
        return Expedition(
            destination=_destination(e["destination"]),
            cards=cards(e["cards"]),
            worthless=cards(e["worthless"]),
            turn=_int(e["turn"], 0, LARGEST),
            **numbers,
        )

    seats = tuple(
        SeatState(
            position=rules.board.by_id[s["position"]].id,
            months=_int(s["months"], 0, LARGEST),
            hand=cards(s["hand"]),
            inventory=cards(s["inventory"]),
            score=_int(s["score"], 0, LARGEST),
            visited=tuple(_destination(d) for d in _list(s["visited"])),
            expeditions=tuple(expedition(e) for e in _list(s["expeditions"])),
        )
        for s in _list(data["seats"])
    )
    if len(seats) != players:
        raise ValueError(f"{len(seats)} seats for {players} players")
    fad = data["fad"]
    winner = data["winner"]
    return GameState(
        rules=rules,
        settings=settings,
        seats=seats,
        active=_int(data["active"], 0, players - 1),
        phase=Phase(data["phase"]),
        park=_int(data["park"], 1, len(rules.board.route)),
        fad=None if fad is None else _destination(fad),
        deck=cards(data["deck"]),
        discard=cards(data["discard"]),
        scorings=tuple(_int(n, 0, LARGEST) for n in _list(data["scorings"])),
        shuffles=_int(data["shuffles"], 1, LARGEST),
        turn=_int(data["turn"], 1, LARGEST),
        first_seat=_int(data["first_seat"], 0, players - 1),
        pending_draws=_int(data["pending_draws"], 0, len(rules.cards)),
        fad_choices=tuple(_destination(d) for d in _list(data["fad_choices"])),
        winner=None if winner is None else _int(winner, 0, players - 1),
        log=log,
    )


def _check_decision(state: GameState) -> None:
    """A decision the active seat can take where it stands (:data:`PHASE_SPACES`).

    The game is over exactly when it has a winner (R99); a Fad choice is between two or more
    destinations (A5); cards are being exchanged only at the Marketplace (R46); a seat has scored
    each destination at most once this cycle, and never all five (R76, R77).
    """

    def damaged(what: str) -> SaveError:
        return SaveError(f"The saved position is damaged: {what}.")

    if (state.phase is Phase.OVER) != (state.winner is not None):
        raise damaged("it is over without a winner, or has a winner and goes on")
    choices = state.fad_choices
    if (state.phase is Phase.FAD) != (len(choices) >= 2) or len(set(choices)) != len(choices):
        raise damaged("a Fad choice that is not between tied destinations")
    wanted = PHASE_SPACES.get(state.phase)
    where = state.rules.effect[state.seats[state.active].position]
    if wanted is not None and where is not wanted:
        raise damaged(f"a {state.phase.value} decision away from its space")
    if state.pending_draws and state.phase is not Phase.MARKET:
        raise damaged("cards owed from an exchange outside the Marketplace")
    for seat in state.seats:
        if len(set(seat.visited)) != len(seat.visited) or len(seat.visited) >= len(DESTINATIONS):
            raise damaged("a cycle of destinations that cannot be")


def _check_cards(state: GameState) -> None:
    """Every card exactly once in the hands, Inventories, deck and discard pile (R2)."""
    held = Counter(state.deck + state.discard)
    for seat in state.seats:
        held.update(seat.hand + seat.inventory)
    everything = Counter(range(len(state.rules.cards)))
    if held != everything or len(state.scorings) != len(DESTINATIONS):
        raise SaveError("The saved position is damaged: its cards do not add up to the deck.")
