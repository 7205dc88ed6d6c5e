"""What the human needs told in plain words: what happened since their last turn, and each AI
turn in one sentence (for the page's "Since your last turn" region and its live region).

Pure: both read events the viewing seat may see (``Event.visible_to``), in the order they
happened, each with the seat whose decision caused it (the *actor*: who played the card that
sent Captain Park, for instance).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..engine.board import Board
from ..engine.deck import Card
from ..engine.state import Event
from .text import plural, space_labels, with_article


@dataclass(frozen=True, slots=True)
class Happening:
    """A visible event and the seat whose decision caused it."""

    actor: int
    event: Event


@dataclass(frozen=True, slots=True)
class RecapLine:
    """One line of "Since your last turn": ``text``, and ``kind`` for its style
    (``"caught"``: Captain Park took your Month counters; ``"scored"``, ``"fad"``, ``"park"``,
    ``"months"``)."""

    text: str
    kind: str


def since_last_turn(
    happenings: Sequence[Happening],
    *,
    you: int,
    names: Sequence[str],
    cards: Mapping[str, Card],
    board: Board,
    months: int,
    months_needed: int,
) -> tuple[RecapLine, ...]:
    """What happened since ``you``'s last turn ended, most important first: Captain Park's
    moves that caught you (and who played the card that sent him, R58-R66), every expedition
    scored (who, where, points, R83-R88), Fad changes (R95-R98), where Captain Park is, and
    your Month counters now (``months`` of ``months_needed``, R75)."""
    labels = space_labels(board)
    caught: list[RecapLine] = []
    scored: list[RecapLine] = []
    fads: list[RecapLine] = []
    last_card: dict[int, str] = {}
    park_moves = 0
    park_at: str | None = None
    for happening in happenings:
        event, actor = happening.event, happening.actor
        data = event.data
        if event.kind == "card_played" and event.seat is not None:
            card = cards.get(str(data.get("card", "")))
            last_card[event.seat] = card.name if card else "a card"
        elif event.kind == "park_moved":
            park_moves += 1
            park_at = with_article(labels.get(str(data.get("to")), str(data.get("to"))))
        elif event.kind == "months_lost" and event.seat == you:
            lost = plural(int(data.get("months", 0)), "Month counter")
            if data.get("reason") == "park_landed":
                who = "You" if actor == you else names[actor]
                played = last_card.get(actor, "a card")
                text = (
                    f"{who} played {played}: Captain Park moved to {park_at or 'your space'} "
                    f"and caught you. You lost {lost}."
                )
            else:
                text = f"You lost {lost}."
            caught.append(RecapLine(text, "caught"))
        elif event.kind == "scored" and event.seat is not None:
            who = "You" if event.seat == you else names[event.seat]
            scored.append(
                RecapLine(
                    f"{who} scored {data.get('destination')} for {data.get('total')} points "
                    f"({data.get('score')} in all).",
                    "scored",
                )
            )
        elif event.kind == "fad_set":
            fads.append(RecapLine(f"The Fad is now {data.get('destination')}.", "fad"))
    if len(fads) > 1:  # only the Fad now counts; say it changed more than once
        now = fads[-1].text.removeprefix("The Fad is now ")
        fads = [RecapLine(f"The Fad changed {len(fads)} times; it is now {now}", "fad")]
    lines = [*caught, *scored, *fads]
    if park_moves:
        times = "once" if park_moves == 1 else f"{park_moves} times"
        lines.append(RecapLine(f"Captain Park moved {times}; he is at {park_at}.", "park"))
    if not caught and not scored and not fads and not park_moves:
        lines.append(RecapLine("Nothing touched you: no expedition, no Captain Park.", "park"))
    lines.append(
        RecapLine(
            f"You have {plural(months, 'Month counter')}; scoring needs {months_needed}.",
            "months",
        )
    )
    return tuple(lines)


def turn_sentence(
    seat: int,
    happenings: Sequence[Happening],
    *,
    you: int | None,
    names: Sequence[str],
    cards: Mapping[str, Card],
    board: Board,
) -> str:
    """``seat``'s whole turn in one sentence, e.g. "Lady Agatha stepped to Antique Shop 5,
    played Lion's Tooth, moved Captain Park to Café 6 and stepped to Gymnasium 7."
    (for a screen reader's live region, once per AI turn). ``you``: the seat told, named
    "you" in it (``None``: every seat is named)."""
    labels = space_labels(board)

    def place(value: object) -> str:
        return with_article(labels.get(str(value), str(value)))

    def card_name(value: object) -> str:
        card = cards.get(str(value))
        return card.name if card else "a card"

    parts: list[str] = []
    drew = 0
    for happening in happenings:
        event = happening.event
        if event.kind == "drew" and event.seat == seat:
            drew += 1  # the cards drawn together are said together
            continue
        if drew and event.kind != "exchanged":  # an exchange's draws are its replacements
            parts.append("drew a card" if drew == 1 else f"drew {drew} cards")
        drew = 0
        data = event.data
        kind = event.kind
        if kind == "stepped" and event.seat == seat:
            parts.append(f"stepped to {place(data.get('to'))}")
        elif kind == "stayed" and event.seat == seat:
            parts.append(f"stayed put at {place(data.get('space'))}")
        elif kind == "card_played" and event.seat == seat:
            parts.append(f"played {card_name(data.get('card'))}")
        elif kind == "park_moved":
            parts.append(f"moved Captain Park to {place(data.get('to'))}")
        elif kind == "exchanged" and event.seat == seat:
            count = int(data.get("count", 0))
            parts.append(f"exchanged {plural(count, 'card')}" if count else "kept their hand")
        elif kind == "scored" and event.seat == seat:
            parts.append(f"scored {data.get('destination')} for {data.get('total')} points")
        elif kind == "months_lost":
            lost = plural(int(data.get("months", 0)), "Month counter")
            if event.seat == seat:
                parts.append(f"lost {lost}")
            elif event.seat is not None:
                whom = "you" if event.seat == you else names[event.seat]
                parts.append(f"cost {whom} {lost}")
        elif kind == "game_won" and event.seat == seat:
            parts.append("won the game")
    if drew:
        parts.append("drew a card" if drew == 1 else f"drew {drew} cards")
    name = names[seat]
    if not parts:
        return f"{name} played their turn."
    if len(parts) == 1:
        return f"{name} {parts[0]}."
    return f"{name} {', '.join(parts[:-1])} and {parts[-1]}."
