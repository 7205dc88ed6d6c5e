"""Helpers for the engine's tests.

Game positions built for the rule tests, on the real board of London (docs/rules.md), and the
save tests' checksum recipe and error reading.

A test describes the table it needs with :func:`position` and then plays real actions through
``park.apply``. Seats are 0-based; ``P1``..``P4`` name them as the scenarios of docs/rules.md do.

Cards are named by their id (``"lions-tooth"``); the builder turns ids into the card indexes a
``GameState`` holds. ``deck`` is listed TOP FIRST (the first id is the next card drawn);
``discard`` is listed bottom first (the last id is the top of the pile), as in ``GameState``.

Board facts used by many tests (docs/rules.md, "The map of London"): the Club's neighbours
are Café 3, News Stand 6, Café 10 and Antique Shop 13; the Marketplace's are News Stand 1,
Gift Shop 8 and the south Hotel; Café 3 touches the Club, News Stand 1, Gymnasium 4 and News
Stand 6; Gift Shop 5 touches Gymnasium 4, News Stand 6 and Café 7.

Tests that change a save's field and want to get past the checksum recompute it with
:func:`with_checksum`, which follows the documented recipe independently of the engine's
private helper.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest
from tools.play import play_to_end, random_choice

from park import (
    Action,
    Card,
    Event,
    GameState,
    Options,
    Phase,
    Ruleset,
    SaveError,
    SeatState,
    Stay,
    Step,
    apply,
    dumps,
    legal_actions,
    load_board,
    load_scoring_board,
    loads,
    make_ruleset,
    new_game,
    standard_ruleset,
)

P1, P2, P3, P4 = 0, 1, 2, 3
"""Seat indexes of the first four seats, in turn order (P2 sits on P1's left, R14)."""

RULES = standard_ruleset()
CARDS = RULES.cards

# Cards of the shipped deck used across the tests, with their values (deck.toml).
ARTIFACT = "lions-tooth"  # Artifact, Africa 8
ARTIFACT_2 = "dented-pith-helmet"  # Artifact, Africa 6 / Amazon 3
ARTIFACT_3 = "shrunken-cricket-ball"  # Artifact, Amazon 9
ANECDOTE = "hippo-sat-down"  # Anecdote, Africa 8
ANECDOTE_2 = "polite-lion"  # Anecdote, Africa 7 / Amazon 3
PHOTOGRAPH = "very-still-lion"  # Photograph, Africa 9
PHOTOGRAPH_2 = "cropped-giraffe"  # Photograph, Africa 6 / Amazon 3
FACT = "lions-and-bagpipes"  # Fact, Africa 9
FACT_2 = "africa-larger"  # Fact, Africa 8
FACT_3 = "amazon-rather-wet"  # Fact, Amazon 9
HERO = "major-pickering"  # Hero, Africa 9
HERO_2 = "piano-porter"  # Hero, Africa 7 / Amazon 3
HERO_3 = "river-pilot"  # Hero, Amazon 9
SOUTH_POLE_CARD = "stuffed-penguin"  # Artifact, South Pole 10
EVEREST_CARD = "summit-snowball"  # Artifact, Everest 10
CHINA_CARD = "warm-ming-vase"  # Artifact, China 9
AMAZON_CARD = "giant-lily-pad"  # Photograph, Amazon 10

ONE_PER_DESTINATION = {
    "Africa": ARTIFACT,
    "Amazon": ARTIFACT_3,
    "China": CHINA_CARD,
    "Everest": EVEREST_CARD,
    "South Pole": SOUTH_POLE_CARD,
}
"""An Artifact worth points for each destination and nothing else."""


def card_index(card_id: str, rules: Ruleset = RULES) -> int:
    """The index of the card ``card_id`` in ``rules.cards``."""
    return rules.card_index[card_id]


def card_id(index: int, rules: Ruleset = RULES) -> str:
    """The id of the card at ``index``."""
    return rules.cards[index].id


def ids(indexes: Iterable[int], rules: Ruleset = RULES) -> list[str]:
    """Card ids for a sequence of card indexes (hands, Inventories, piles)."""
    return [rules.cards[i].id for i in indexes]


def cards_of_type(card_type: str, rules: Ruleset = RULES) -> list[str]:
    """Ids of every card of ``card_type``, in deck-file order."""
    return [c.id for c in rules.cards if c.type == card_type]


@dataclass(frozen=True)
class Seat:
    """What a test sets for one seat.

    ``hand=None`` keeps the hand dealt by ``new_game`` (minus any card the test placed elsewhere);
    every other field replaces the seat's value.
    """

    position: str = "club"
    months: int = 0
    hand: Sequence[str] | None = None
    inventory: Sequence[str] = ()
    score: int = 0
    visited: Sequence[str] = ()


def position(
    *,
    players: int = 4,
    active: int = P1,
    park: int = 1,
    seats: Mapping[int, Seat] | None = None,
    deck: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    fad: str | None = None,
    scorings: Sequence[int] | None = None,
    phase: Phase = Phase.START,
    options: Options | None = None,
    rules: Ruleset = RULES,
    seed: int = 7,
) -> GameState:
    """A game position at ``active``'s decision ``phase`` (by default: step or stay).

    Built from ``new_game(players, seed, first_seat=active)`` with ``dataclasses.replace``:
    seats named in ``seats`` get the given position, months, hand, Inventory, score and visited
    destinations; other seats keep the setup (in the Club, dealt hand, 0 months). ``months`` is
    the pile as it stands at this decision: the turn's counter is already in it (use
    :func:`begin_turn` to have the engine add it). ``deck`` (TOP FIRST) defaults to every card
    not placed anywhere else, in the setup's order; ``discard`` is bottom first.
    """
    state = new_game(players, seed, first_seat=active, options=options, rules=rules)
    seats = dict(seats or {})
    placed: set[int] = set()
    for seat in seats.values():
        placed.update(card_index(c, rules) for c in seat.hand or ())
        placed.update(card_index(c, rules) for c in seat.inventory)
    placed.update(card_index(c, rules) for c in discard)
    if deck is not None:
        placed.update(card_index(c, rules) for c in deck)
    new_seats: list[SeatState] = []
    for i, old in enumerate(state.seats):
        spec = seats.get(i)
        if spec is None:
            new_seats.append(
                SeatState(position=old.position, hand=tuple(c for c in old.hand if c not in placed))
            )
            continue
        hand = (
            tuple(c for c in old.hand if c not in placed)
            if spec.hand is None
            else tuple(card_index(c, rules) for c in spec.hand)
        )
        new_seats.append(
            SeatState(
                position=spec.position,
                months=spec.months,
                hand=hand,
                inventory=tuple(card_index(c, rules) for c in spec.inventory),
                score=spec.score,
                visited=tuple(spec.visited),
            )
        )
    in_hands = {c for s in new_seats for c in s.hand}
    if deck is None:
        deck_cards = tuple(c for c in state.deck if c not in placed and c not in in_hands)
    else:
        deck_cards = tuple(card_index(c, rules) for c in reversed(deck))
    return replace(
        state,
        seats=tuple(new_seats),
        active=active,
        phase=phase,
        park=park,
        fad=fad,
        deck=deck_cards,
        discard=tuple(card_index(c, rules) for c in discard),
        scorings=tuple(scorings) if scorings is not None else state.scorings,
    )


def run(state: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    """Apply ``actions`` in order; return the final state and every event they caused."""
    events: list[Event] = []
    for action in actions:
        state, new = apply(state, action)
        events.extend(new)
    return state, events


def begin_turn(state: GameState) -> tuple[GameState, list[Event]]:
    """Start ``state.active``'s turn through the engine.

    The seat before it stays put, so the engine ends that turn and begins this one, adding the Month
    counter (R15).
    """
    before = replace(state, active=(state.active - 1) % len(state.seats), phase=Phase.START)
    return run(before, Stay())


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of ``events``, in order."""
    return [e.kind for e in events]


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    """The events of one kind, in order."""
    return [e for e in events if e.kind == kind]


def months(state: GameState) -> list[int]:
    """Every seat's Month pile, in seat order."""
    return [s.months for s in state.seats]


def hand(state: GameState, seat: int) -> list[str]:
    """A seat's hand as card ids."""
    return ids(state.seats[seat].hand, state.rules)


def inventory(state: GameState, seat: int) -> list[str]:
    """A seat's Inventory as card ids."""
    return ids(state.seats[seat].inventory, state.rules)


def deck_top_first(state: GameState) -> list[str]:
    """The deck as card ids, top first."""
    return ids(reversed(state.deck), state.rules)


def discard_pile(state: GameState) -> list[str]:
    """The discard pile as card ids, bottom first (top last)."""
    return ids(state.discard, state.rules)


# -- a deck with odd cards, for rulings that depend on card data (A5, A15, A26, scenario 26) ---

EXTRA_CARDS = (
    # A5, scenario 28: highest value 4 shared by Africa and China.
    Card("tied-fad", "Tied Fad Card", "Four for Africa, four for China.", "Fact",
         {"Africa": 4, "China": 4, "Everest": 1}),
    # A26: no positive value anywhere.
    Card("blank-card", "Blank Card", "Worth nothing at all.", "Fact", {}),
    # A15, scenario 39: a value printed as 0 for Africa.
    Card("printed-zero", "Printed Zero", "Zero for Africa, five for Amazon.", "Fact",
         {"Africa": 0, "Amazon": 5}),
    # Scenario 26's Inventory.
    Card("hero-africa-6", "Hero Africa 6", "Six for Africa.", "Hero", {"Africa": 6}),
    Card("artifact-africa-4", "Artifact Africa 4", "Four for Africa.", "Artifact", {"Africa": 4}),
    Card("photo-africa-3", "Photo Africa 3", "Three for Africa.", "Photograph", {"Africa": 3}),
    Card("photo-no-africa", "Photo No Africa", "Amazon only.", "Photograph", {"Amazon": 5}),
    Card("fact-no-africa", "Fact No Africa", "China only.", "Fact", {"China": 4}),
)  # fmt: skip

ODD_RULES = make_ruleset(load_board(), CARDS + EXTRA_CARDS, load_scoring_board())
"""The shipped board and scoring board with the 90 cards plus :data:`EXTRA_CARDS`."""


def random_playout(
    state: GameState, seed: int, actions: int, *, prefer: tuple[type, ...] = ()
) -> list[tuple[GameState, Action, GameState, tuple[Event, ...]]]:
    """Play up to ``actions`` random legal actions (seeded).

    Preferring the action types in ``prefer`` whenever one is legal. Returns every (before, action,
    after, events) step.
    """
    rng = random.Random(seed)

    def choose(now: GameState) -> Action:
        legal = legal_actions(now)
        return rng.choice([a for a in legal if isinstance(a, prefer)] or list(legal))

    steps: list[tuple[GameState, Action, GameState, tuple[Event, ...]]] = []
    play_to_end(
        state,
        choose,
        max_actions=actions,
        watch=lambda before, action, events, after: steps.append((before, action, after, events)),
    )
    return steps


def in_club(
    months: int = 8,
    inventory: Sequence[str] = (ARTIFACT,),
    hand: Sequence[str] = (FACT,),
    **kwargs: Any,
) -> GameState:
    """P1 steps from Café 3 into the Club with ``months``, ``inventory`` and ``hand`` (card ids).

    ``score`` and ``visited`` for P1, anything else for :func:`position`.
    """
    seat = Seat(
        "3",
        months,
        hand=list(hand),
        inventory=list(inventory),
        score=kwargs.pop("score", 0),
        visited=kwargs.pop("visited", ()),
    )
    state, _ = run(position(seats={P1: seat}, **kwargs), Step("club"))
    return state


# -- saves --------------------------------------------------------------------------------


def play_random(state: GameState, actions: int | None, seed: int = 0) -> GameState:
    """Apply up to ``actions`` random legal actions (``None``: until the game is over).

    Drawn with ``random.Random(seed)``; return the state reached.
    """
    return play_to_end(state, random_choice(random.Random(seed)), max_actions=actions)


def with_checksum(payload: dict[str, Any]) -> str:
    """The save text of ``payload`` with a correct checksum.

    SHA-256 of the canonical JSON of every other field (sorted keys, no spaces, UTF-8).
    """
    rest = {k: v for k, v in payload.items() if k != "checksum"}
    canonical = json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return json.dumps({**rest, "checksum": hashlib.sha256(canonical.encode()).hexdigest()})


def payload_of(state: GameState) -> dict[str, Any]:
    """The parsed JSON of ``dumps(state)``."""
    result: dict[str, Any] = json.loads(dumps(state))
    return result


def load_error(text: str | bytes) -> str:
    """The message of the ``SaveError`` that loading ``text`` raises (fails if none is raised)."""
    with pytest.raises(SaveError) as caught:
        loads(text)
    message = str(caught.value)
    assert_readable(message)
    return message


def assert_readable(message: str) -> None:
    """A message for a person: a capitalised sentence, no traceback or Python type names."""
    assert message and message[0].isupper(), message
    for jargon in ("Traceback", "KeyError", "TypeError", "JSONDecodeError"):
        assert jargon not in message, message
