"""What a live table's pages say to each other: each message's shape, as JSON text.

The host's page sends a friend's page only what the friend's seat may know (R103, R104):

- ``{"t": "history", "from": i, "batches": [...]}``: the decisions' events the seat may see, from
  the ``i``-th decision on, each batch ``[actor, [event, ...]]`` (:func:`event_json`);
- ``{"t": "table", "events": n, "played": k, "obs": {...}, "legal": [...], "seats": [...],
  "table": id}``: the game now from the seat's chair once the first ``n`` batches are known: the
  seat's :class:`~park.engine.observation.Observation` (:func:`observation_json`), the seat's
  legal actions on its turn (their text forms), how many actions the game has played, and each
  seat's state at the table (``park.ui.live.host.SEAT_STATES``);
- ``{"t": "refused", "n": seq, "why": text}``: the friend's message ``seq`` was refused.

A friend's page sends ``{"t": "hello", "token": k, "name": text, "language": code}`` once its
channel opens, then its decisions: ``{"t": "act", "n": seq, "action": "step:12"}`` or, at the
Marketplace, ``{"t": "exchange", "n": seq, "cards": [card id, ...]}``, each ``seq`` larger than
the last. The host checks every one (``park.ui.live.host``). Nothing here trusts what it reads:
:func:`read` raises :class:`WireError` for any text that is not one message of a known shape.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any

from park.engine.events import Event, EventKind
from park.engine.observation import Observation, PublicSeat
from park.engine.ruleset import Ruleset
from park.engine.state import BREAKDOWN_NUMBERS, Expedition, Phase, SeatSpec

MAX_FRIEND_MESSAGE = 4_096
"""The longest message a friend's page may send, in characters: a Marketplace exchange of a
whole hand takes about 200."""
MAX_HOST_MESSAGE = 60_000
"""The longest message the host's page sends (a data channel carries at least 64 KiB in every
browser); a long game's history goes in several."""
FRIEND_KINDS = ("hello", "act", "exchange")
"""The messages a friend's page sends."""
HOST_KINDS = ("history", "table", "refused")
"""The messages the host's page sends."""


class WireError(ValueError):
    """A message that cannot be read: not JSON, too long, or not of a known shape."""


def write(message: Mapping[str, object]) -> str:
    """``message`` as compact JSON text."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def read(text: object, *, kinds: Sequence[str], limit: int) -> dict[str, Any]:
    """The message in ``text``.

    A JSON object of at most ``limit`` characters whose ``"t"`` is one of ``kinds``. Raises
    :class:`WireError` naming what is wrong.
    """
    if not isinstance(text, str):
        raise WireError("not text")
    if len(text) > limit:
        raise WireError(f"{len(text)} characters, more than {limit}")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: JSON nested thousands deep
        raise WireError("not JSON") from None
    if not isinstance(message, dict):
        raise WireError("not a JSON object")
    if message.get("t") not in kinds:
        raise WireError(f"no message of kind {str(message.get('t'))[:20]!r}")
    return message


# -- the game from one chair --------------------------------------------------------------------


def observation_json(obs: Observation) -> dict[str, Any]:
    """``obs`` as JSON values (the ruleset left out: both pages have the standard one)."""
    out: dict[str, Any] = {}
    for f in fields(Observation):
        if f.name == "rules":
            continue
        value = getattr(obs, f.name)
        if f.name == "seats":
            value = [_seat_json(seat) for seat in value]
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


def _seat_json(seat: PublicSeat) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(PublicSeat):
        value = getattr(seat, f.name)
        if f.name == "expeditions":
            value = [
                {g.name: _plain(getattr(e, g.name)) for g in fields(Expedition)} for e in value
            ]
        elif f.name == "spec":
            value = {"name": value.name, "colour": value.colour, "controller": value.controller}
        else:
            value = _plain(value)
        out[f.name] = value
    return out


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def _ints(value: object) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise WireError("not a list of numbers")
    return tuple(value)


def _strs(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise WireError("not a list of texts")
    return tuple(value)


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise WireError("not a number")
    return value


def observation_from(data: object, rules: Ruleset) -> Observation:
    """The :class:`Observation` written by :func:`observation_json`, on ``rules``.

    Raises :class:`WireError` for anything else.
    """
    if not isinstance(data, dict):
        raise WireError("no observation")
    try:
        seats = tuple(_seat_from(s) for s in data["seats"])
        fad = data["fad"]
        winner = data["winner"]
        return Observation(
            rules=rules,
            active=_int(data["active"]),
            phase=Phase(data["phase"]),
            turn=_int(data["turn"]),
            round=_int(data["round"]),
            park=_int(data["park"]),
            fad=None if fad is None else str(fad),
            discard=_ints(data["discard"]),
            scorings=_ints(data["scorings"]),
            months_needed=_int(data["months_needed"]),
            target=_int(data["target"]),
            pending_draws=_int(data["pending_draws"]),
            fad_choices=_strs(data["fad_choices"]),
            winner=None if winner is None else _int(winner),
            seat=_int(data["seat"]),
            hand=_ints(data["hand"]),
            seats=seats,
            deck_size=_int(data["deck_size"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise WireError(f"an observation that cannot be read ({exc})") from None


def _seat_from(data: dict[str, Any]) -> PublicSeat:
    expeditions = tuple(_expedition(e) for e in data["expeditions"])
    spec = data["spec"]
    return PublicSeat(
        position=str(data["position"]),
        months=_int(data["months"]),
        inventory=_ints(data["inventory"]),
        score=_int(data["score"]),
        visited=_strs(data["visited"]),
        expeditions=expeditions,
        spec=SeatSpec(spec["name"], spec["colour"], spec["controller"]),
        hand_size=_int(data["hand_size"]),
    )


def _expedition(data: dict[str, Any]) -> Expedition:
    numbers = {name: _int(data[name]) for name in BREAKDOWN_NUMBERS}
    return Expedition(
        destination=str(data["destination"]),
        cards=_ints(data["cards"]),
        worthless=_ints(data["worthless"]),
        turn=_int(data["turn"]),
        **numbers,
    )


def event_json(event: Event) -> list[Any]:
    """``event`` as ``[kind, seat, data, private_to]``."""
    return [str(event.kind), event.seat, dict(event.data), event.private_to]


def event_from(data: object) -> Event:
    """The :class:`Event` written by :func:`event_json`. Raises :class:`WireError` otherwise."""
    if not isinstance(data, list) or len(data) != 4 or not isinstance(data[2], dict):
        raise WireError("not an event")
    kind, seat, details, private_to = data
    try:
        return Event(
            EventKind(kind),
            None if seat is None else _int(seat),
            details,
            None if private_to is None else _int(private_to),
        )
    except ValueError:
        raise WireError(f"no event of kind {str(kind)[:20]!r}") from None


def batches_json(batches: Sequence[tuple[int, Sequence[Event]]]) -> list[Any]:
    """Decisions' events as ``[[actor, [event, ...]], ...]``."""
    return [[actor, [event_json(e) for e in events]] for actor, events in batches]


def batches_from(data: object) -> list[tuple[int, tuple[Event, ...]]]:
    """The batches written by :func:`batches_json`. Raises :class:`WireError` otherwise."""
    if not isinstance(data, list):
        raise WireError("no batches")
    out = []
    for batch in data:
        if not isinstance(batch, list) or len(batch) != 2 or not isinstance(batch[1], list):
            raise WireError("not a batch")
        out.append((_int(batch[0]), tuple(event_from(e) for e in batch[1])))
    return out
