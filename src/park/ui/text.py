"""Words for the page: space labels, seat names and plain-language lines for the game log.

Everything here is pure: it turns engine values (spaces, cards, events) into short English
text. Nothing reads hidden information: :func:`describe` is only ever given events the
viewing seat may see (``Event.visible_to``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine.board import Board, Space, load_board
from ..engine.deck import Card
from ..engine.state import Event
from ..engine.terms import CAFE, CLUB, HOTEL, MARKETPLACE

LEVEL_NAMES: Mapping[str, str] = {
    "human": "Human",
    "random": "Random AI",
    "easy": "Easy AI",
    "normal": "Normal AI",
    "hard": "Hard AI",
}
"""How each seat controller is shown next to the seat's name."""

OPPONENT_NAMES: tuple[str, ...] = (
    "Lady Agatha",
    "Colonel Pembroke",
    "Professor Quill",
    "Miss Featherstone",
    "Sir Reginald",
    "Dr Crumpet",
)
"""Names given to AI opponents, in seat order (the published game names no characters)."""


_LABELS: dict[int, tuple[Board, dict[str, str]]] = {}


def space_labels(board: Board | None = None) -> dict[str, str]:
    """A readable, unique name for every space of ``board`` (default: the shipped London).

    Numbered spaces read ``"Café 3"``; an unnumbered kind that occurs once reads as the kind
    (``"Marketplace"``); kinds that repeat without numbers get a compass word from their
    place on the map (``"North Hotel"``, ``"South Hotel"``).
    """
    board = board or load_board()
    cached = _LABELS.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    labels: dict[str, str] = {}
    unnumbered: dict[str, list[Space]] = {}
    for space in board.spaces:
        if space.number is not None:
            labels[space.id] = space.label
        else:
            unnumbered.setdefault(space.kind, []).append(space)
    for kind, spaces in unnumbered.items():
        if len(spaces) == 1:
            labels[spaces[0].id] = kind
            continue
        ys = [s.y for s in spaces]
        xs = [s.x for s in spaces]
        vertical = max(ys) - min(ys) >= max(xs) - min(xs)
        for s in spaces:
            if vertical:
                word = "North" if s.y < sum(ys) / len(ys) else "South"
            else:
                word = "West" if s.x < sum(xs) / len(xs) else "East"
            labels[s.id] = f"{word} {kind}"
    _LABELS[id(board)] = (board, labels)
    return labels


def with_article(label: str) -> str:
    """``"the Marketplace"`` but ``"Café 3"``: numbered spaces read like proper names."""
    if label[-1:].isdigit():
        return label
    return f"the {label}"


def a_or_an(word: str) -> str:
    """``"an Artifact"``, ``"a Fact"``."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def possessive(name: str) -> str:
    """``"Ada's"``, but ``"Your"`` for the name "You" (the New game form's blank name)."""
    return "Your" if name.strip().casefold() == "you" else f"{name}'s"


def plural(count: int, word: str, many: str | None = None) -> str:
    """``"1 card"``, ``"3 cards"``."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


_MONTH_LOSS = {
    "walked_into_park": "walking into Captain Park",
    "park_landed": "Captain Park landed on them",
    "ended_in_club": "ending the turn in the Gentlemen's Club",
    "stayed_with_park": "staying put beside Captain Park",
}
_MONTH_LOSS_YOU = {
    "park_landed": "Captain Park landed on you",
}
_SOURCES = {
    "café": "at the Café",
    "club": "at the Gentlemen's Club",
    "market": "at the Marketplace",
}


def describe(
    event: Event,
    names: Sequence[str],
    cards: Mapping[str, Card],
    *,
    you: int | None = None,
    board: Board | None = None,
) -> str | None:
    """One plain-English line for the game log, or ``None`` for an event not worth a line.

    ``names`` are the seats' names in seat order; ``cards`` maps card ids to cards; ``you`` is
    the viewing seat, whose lines read "You …". Callers pass only events the viewer may see.
    """
    labels = space_labels(board or load_board())
    data = event.data
    seat = event.seat
    is_you = seat is not None and seat == you
    who = "You" if is_you else (names[seat] if seat is not None else "")

    def place(key: str) -> str:
        return with_article(labels.get(str(data.get(key, "")), str(data.get(key, "?"))))

    def card(key: str = "card") -> str:
        found = cards.get(str(data.get(key, "")))
        return f"{found.name} ({found.type})" if found else str(data.get(key, "a card"))

    kind = event.kind
    if kind == "turn_started":
        whose = "Your" if is_you else f"{who}'s"
        months = int(data.get("months", 0))
        return f"{whose} turn {data.get('turn', '')}: {plural(months, 'Month counter')}."
    if kind == "stepped":
        return f"{who} stepped to {place('to')}."
    if kind == "stayed":
        return f"{who} stayed put at {place('space')}."
    if kind == "months_lost":
        months = int(data.get("months", 0))
        reason = str(data.get("reason", ""))
        why = (_MONTH_LOSS_YOU if is_you else {}).get(reason) or _MONTH_LOSS.get(reason, reason)
        return f"{who} lost {plural(months, 'Month counter')}: {why}."
    if kind == "drew":
        if is_you:
            return None  # the private drew_card line says which card
        source = _SOURCES.get(str(data.get("source", "")), "")
        return f"{who} drew a card {source}.".replace("  ", " ").replace(" .", ".")
    if kind == "drew_card":
        return f"You drew {card()}."
    if kind == "draw_failed":
        return f"{who} could not draw: the deck and the discard pile are empty."
    if kind == "reshuffled":
        return f"The discard pile ({plural(int(data.get('cards', 0)), 'card')}) was shuffled into a new deck."
    if kind == "card_played":
        return f"{who} played {card()} into {'your' if is_you else 'their'} Inventory."
    if kind == "park_moved":
        return f"Captain Park moved to {place('to')}."
    if kind == "play_skipped":
        return f"{who} played no card at {place('space')}."
    if kind == "card_discarded":
        return f"{who} discarded {card()} at the Marketplace."
    if kind == "exchanged":
        count = int(data.get("count", 0))
        if count == 0:
            return f"{who} kept {'your' if is_you else 'their'} hand."
        return f"{who} drew {plural(count, 'replacement card')}."
    if kind == "cannot_score":
        return f"{who} cannot score an expedition yet."
    if kind == "score_declined":
        return f"{who} declined to score."
    if kind == "scored":
        return (
            f"{who} scored an expedition to {data.get('destination')} for {data.get('total')} "
            f"points (Basic {data.get('basic')}, Diversity {data.get('diversity')}, "
            f"Endurance {data.get('endurance')}, Fad {data.get('fad')}, "
            f"Novelty {data.get('novelty')}); total {data.get('score')}."
        )
    if kind == "fad_revealed":
        return f"The Fad card turned over is {card()}."
    if kind == "fad_set":
        return f"The Fad is now {data.get('destination')}."
    if kind == "cycle_completed":
        return f"{who} has been to all five destinations and may visit each again."
    if kind == "game_won":
        verb = "win" if is_you else "wins"
        return f"{who} {verb} with {data.get('score')} points!"
    return None


def space_hint(space: Space, *, park_here: bool, playable: int, can_score: bool) -> str:
    """A few words on what stepping into ``space`` would do, for the step buttons.

    ``playable``: how many hand cards of the shop's type the player holds; ``can_score``:
    whether the player would qualify to score on entering the Club.
    """
    parts: list[str] = []
    if park_here:
        parts.append("Captain Park is here: you would lose your Month counters")
    kind = space.kind
    if kind == CAFE:
        parts.append("draw a card")
    elif kind == HOTEL:
        parts.append("safe from Captain Park")
    elif kind == MARKETPLACE:
        parts.append("exchange cards; safe from Captain Park")
    elif kind == CLUB:
        parts.append(
            "draw a card and score"
            if can_score
            else "draw a card; you cannot score yet, and ending the turn there clears your "
            "Month counters"
        )
    elif space.card_type is not None:
        if playable:
            parts.append(f"you can play {a_or_an(space.card_type)}")
        else:
            parts.append(f"no {space.card_type} in your hand")
    return "; ".join(parts)
