"""park.engine.events: every event the engine emits has an EventKind and exactly its payload's keys.

Over many seeded games; the kinds keep their strings; typed access checks the kind.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import random
import re
import typing
from pathlib import Path

import pytest
from tools.play import play_to_end

from park import Action, ChooseFad, Event, GameState, Options, PlayCard, Score, new_game
from park.engine import events as events_module
from park.engine.events import PAYLOADS, EventKind, ParkMoved, Scored, Stepped, payload
from park.engine.rules import legal_actions
from park.engine.state import ExpeditionBreakdown
from tests.engine.helpers import ARTIFACT, in_club

GAMES = 24
"""Seeded games played to the end, 3 to 7 players, every combination of the Options."""


def _options(seed: int) -> Options:
    return Options(
        fad_tie=("choose", "redraw")[seed % 2],
        club_order=("draw_first", "score_first")[seed // 2 % 2],
        reshuffle=("lazy", "eager")[seed // 4 % 2],
    )


def _play_out(state: GameState, seed: int) -> list[Event]:
    """Every event of a random game from ``state`` to its end.

    Mostly scoring, choosing the Fad and playing cards when legal (so games end), otherwise any
    legal action.
    """
    rng = random.Random(seed)

    def choose(now: GameState) -> Action:
        legal = legal_actions(now)
        eager: list[Action] = []
        if rng.random() < 0.9:
            eager = [a for a in legal if isinstance(a, (Score, ChooseFad, PlayCard))]
        return rng.choice(eager or list(legal))

    emitted: list[Event] = []
    play_to_end(
        state, choose, watch=lambda _before, _action, events, _after: emitted.extend(events)
    )
    return emitted


@pytest.fixture(scope="module")
def emitted() -> list[Event]:
    """The events of :data:`GAMES` new games, and of one more.

    That one is from a seat about to complete its cycle of the five destinations (R77).
    """
    found: list[Event] = []
    for seed in range(GAMES):
        found += _play_out(new_game(3 + seed % 5, seed, options=_options(seed)), seed)
    four = ["Amazon", "China", "Everest", "South Pole"]
    found += _play_out(in_club(inventory=[ARTIFACT], visited=four), GAMES)
    return found


def test_every_kind_emitted_is_an_event_kind(emitted: list[Event]) -> None:
    assert all(type(e.kind) is EventKind for e in emitted)


def test_the_games_emit_every_kind(emitted: list[Event]) -> None:
    assert {e.kind for e in emitted} == set(EventKind)


def test_each_event_holds_exactly_the_keys_of_its_payload(emitted: list[Event]) -> None:
    for event in emitted:
        shape = PAYLOADS[event.kind]
        keys = set(event.data)
        assert shape.__required_keys__ <= keys, (event, "a required key is missing")
        assert keys <= shape.__required_keys__ | shape.__optional_keys__, (event, "undeclared")


def test_each_value_has_its_declared_type(emitted: list[Event]) -> None:
    hints = {kind: typing.get_type_hints(shape) for kind, shape in PAYLOADS.items()}
    for event in emitted:
        for key, value in event.data.items():
            declared = hints[event.kind][key]
            outer = typing.get_origin(declared) or declared
            assert isinstance(value, outer), (event, key)
            if outer is list:
                (item,) = typing.get_args(declared)
                assert all(isinstance(v, item) for v in value), (event, key)


def test_every_kind_has_one_payload_and_a_docstring_naming_its_rule() -> None:
    assert set(PAYLOADS) == set(EventKind)
    assert all(typing.is_typeddict(shape) for shape in PAYLOADS.values())
    tree = ast.parse(Path(events_module.__file__).read_text(encoding="utf-8"))
    (enum,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "EventKind"]
    documented = {
        member.targets[0].id
        for member, doc in zip(enum.body, enum.body[1:], strict=False)
        if isinstance(member, ast.Assign)
        and isinstance(member.targets[0], ast.Name)
        and isinstance(doc, ast.Expr)
        and isinstance(doc.value, ast.Constant)
        and re.search(r"\b[RA]\d+\b", str(doc.value.value))
    }
    assert documented == {kind.name for kind in EventKind}


def test_kinds_keep_their_strings() -> None:
    """Saves, golden games and JSON see the same strings as before the enum."""
    for kind in EventKind:
        assert kind.name == kind.value.upper()
        assert kind == kind.value and str(kind) == f"{kind}" == kind.value
        assert repr(kind) == repr(kind.value)
        assert json.dumps(kind) == json.dumps(kind.value)
        assert EventKind(kind.value) is kind
    event = Event(EventKind.STAYED, 0, {"space": "3"})
    assert repr(event) == "Event(kind='stayed', seat=0, data={'space': '3'}, private_to=None)"


def test_the_scored_payload_is_the_expedition_breakdown_with_the_score(
    emitted: list[Event],
) -> None:
    """The expedition's fields are written once (issue 42).

    A ``SCORED`` event holds the breakdown's, by the same names and in the same order, with the new
    score after the total.
    """
    breakdown = [f.name for f in dataclasses.fields(ExpeditionBreakdown)]
    wanted = [*breakdown[: breakdown.index("cards")], "score", "cards", "worthless"]
    assert list(Scored.__annotations__) == wanted
    scored = [event for event in emitted if event.kind == EventKind.SCORED]
    assert scored and all(list(event.data) == wanted for event in scored)


def test_payload_gives_typed_data_after_checking_the_kind() -> None:
    step = Event(EventKind.STEPPED, 1, {"origin": "3", "to": "club"})
    assert payload(step, Stepped) == {"origin": "3", "to": "club"}
    with pytest.raises(TypeError, match="stepped event's data is not a ParkMoved"):
        payload(step, ParkMoved)
