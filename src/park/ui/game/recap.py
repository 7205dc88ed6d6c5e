"""What the human needs told in plain words.

What happened since their last turn, and each AI turn in one sentence (for the page's "Since your
last turn" region and its live region).

Pure: both read events the viewing seat may see (``Event.visible_to``), in the order they
happened, each with the seat whose decision caused it (the *actor*: who played the card that
sent Captain Park, for instance).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from park.engine.board import Board
from park.engine.deck import Card
from park.engine.events import Event, EventKind
from park.ui.lang.i18n import _, card_in_sentence, ngettext, pgettext, term
from park.ui.lang.text import months_note, months_text, space_labels, with_article
from park.ui.play.view_types import RecapLine


@dataclass(frozen=True, slots=True)
class Happening:
    """A visible event and the seat whose decision caused it."""

    actor: int
    event: Event


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
    """What happened since ``you``'s last turn ended, most important first.

    Captain Park's moves that caught you (and who played the card that sent him, R58-R66), every
    expedition scored (who, where, points, R83-R88), Fad changes (R95-R98), where Captain Park is,
    and your Month counters now (``months`` of ``months_needed``, R75).
    """
    labels = space_labels(board)
    caught: list[RecapLine] = []
    scored: list[RecapLine] = []
    fads: list[RecapLine] = []
    fad_now = ""
    last_card: dict[int, str] = {}
    park_moves = 0
    park_at: str | None = None
    for happening in happenings:
        event, actor = happening.event, happening.actor
        data = event.data
        if event.kind == EventKind.CARD_PLAYED and event.seat is not None:
            card = cards.get(str(data.get("card", "")))
            last_card[event.seat] = card_in_sentence(card) if card else _("a card")
        elif event.kind == EventKind.PARK_MOVED:
            park_moves += 1
            park_at = with_article(labels.get(str(data.get("to")), str(data.get("to"))))
        elif event.kind == EventKind.MONTHS_LOST and event.seat == you:
            lost = months_text(int(data.get("months", 0)))
            if data.get("reason") == "park_landed":
                if actor == you:
                    text = _(
                        "You played {card}: Captain Park moved to {space} and caught you. "
                        "You lost {months}."
                    )
                else:
                    text = _(
                        "{name} played {card}: Captain Park moved to {space} and caught you. "
                        "You lost {months}."
                    )
                text = text.format(
                    name=names[actor],
                    card=last_card.get(actor) or _("a card"),
                    space=park_at or _("your space"),
                    months=lost,
                )
            else:
                text = _("You lost {months}.").format(months=lost)
            caught.append(RecapLine(text, "caught"))
        elif event.kind == EventKind.SCORED and event.seat is not None:
            if event.seat == you:
                text = _("You scored {destination} for {total} points ({score} in all).")
            else:
                text = _("{name} scored {destination} for {total} points ({score} in all).")
            values = {"total": data.get("total"), "score": data.get("score")}
            scored.append(
                RecapLine(
                    text.format(name=names[event.seat], destination=_dest(data), **values),
                    "scored",
                )
            )
        elif event.kind == EventKind.FAD_SET:
            fad_now = _dest(data)
            now = pgettext("recap", "The Fad is now {destination}.")
            fads.append(RecapLine(now.format(destination=fad_now), "fad"))
    if len(fads) > 1:  # only the Fad now counts; say it changed more than once
        changed = ngettext(
            "The Fad changed {count} time; it is now {destination}.",
            "The Fad changed {count} times; it is now {destination}.",
            len(fads),
        )
        fads = [RecapLine(changed.format(count=len(fads), destination=fad_now), "fad")]
    lines = [*caught, *scored, *fads]
    if park_moves:
        if park_moves == 1:
            moved = _("Captain Park moved once; he is at {space}.")
        else:
            moved = ngettext(
                "Captain Park moved {count} time; he is at {space}.",
                "Captain Park moved {count} times; he is at {space}.",
                park_moves,
            )
        lines.append(RecapLine(moved.format(count=park_moves, space=park_at), "park"))
    if not caught and not scored and not fads and not park_moves:
        nothing = _("Nothing touched you: no expedition, no Captain Park.")
        lines.append(RecapLine(nothing, "park"))
    lines.append(RecapLine(months_note(months, months_needed), "months"))
    return tuple(lines)


def _dest(data: Mapping[str, object]) -> str:
    """The destination an event names, in the page's language."""
    return term(str(data.get("destination")))


def turn_sentence(
    seat: int,
    happenings: Sequence[Happening],
    *,
    you: int | None,
    names: Sequence[str],
    cards: Mapping[str, Card],
    board: Board,
) -> str:
    """``seat``'s whole turn in one sentence, once per AI turn, for a screen reader's live region.

    For example "Lady Agatha stepped to Antique Shop 5, played Lion's Tooth, moved Captain Park to
    Café 6 and stepped to Gymnasium 7."

    Args:
        you: the seat told, named "you" in it (``None``: every seat is named).
    """
    labels = space_labels(board)

    def place(value: object) -> str:
        return with_article(labels.get(str(value), str(value)))

    def card(value: object) -> str:
        found = cards.get(str(value))
        return card_in_sentence(found) if found else _("a card")

    def drawn(count: int) -> str:
        if count == 1:
            return _("drew a card")
        return ngettext("drew {count} card", "drew {count} cards", count).format(count=count)

    parts: list[str] = []
    drew = 0
    for happening in happenings:
        event = happening.event
        if event.kind == EventKind.DREW and event.seat == seat:
            drew += 1  # the cards drawn together are said together
            continue
        if drew and event.kind != EventKind.EXCHANGED:  # an exchange's draws are its replacements
            parts.append(drawn(drew))
        drew = 0
        part = _turn_part(event, seat, you=you, names=names, place=place, card=card)
        if part:
            parts.append(part)
    if drew:
        parts.append(drawn(drew))
    name = names[seat]
    if not parts:
        return _("{name} played their turn.").format(name=name)
    actions = parts[0]
    if len(parts) > 1:
        actions = pgettext("turn sentence", "{actions} and {last}").format(
            actions=pgettext("turn sentence", ", ").join(parts[:-1]), last=parts[-1]
        )
    return pgettext("turn sentence", "{name} {actions}.").format(name=name, actions=actions)


def _turn_part(
    event: Event,
    seat: int,
    *,
    you: int | None,
    names: Sequence[str],
    place: Callable[[object], str],
    card: Callable[[object], str],
) -> str | None:
    """What ``event`` adds to ``seat``'s turn sentence (:func:`turn_sentence`), if anything."""
    data = event.data
    kind = event.kind
    mine = event.seat == seat
    if kind == EventKind.STEPPED and mine:
        return _("stepped to {space}").format(space=place(data.get("to")))
    if kind == EventKind.STAYED and mine:
        return _("stayed put at {space}").format(space=place(data.get("space")))
    if kind == EventKind.CARD_PLAYED and mine:
        return _("played {card}").format(card=card(data.get("card")))
    if kind == EventKind.PARK_MOVED:
        return _("moved Captain Park to {space}").format(space=place(data.get("to")))
    if kind == EventKind.EXCHANGED and mine:
        count = int(data.get("count", 0))
        if not count:
            return _("kept their hand")
        return ngettext("exchanged {count} card", "exchanged {count} cards", count).format(
            count=count
        )
    if kind == EventKind.SCORED and mine:
        total = int(data.get("total", 0))
        return ngettext(
            "scored {destination} for {count} point",
            "scored {destination} for {count} points",
            total,
        ).format(destination=_dest(data), count=total)
    if kind == EventKind.MONTHS_LOST:
        lost = months_text(int(data.get("months", 0)))
        if mine:
            return _("lost {months}").format(months=lost)
        if event.seat == you:
            return _("cost you {months}").format(months=lost)
        if event.seat is not None:
            return _("cost {name} {months}").format(name=names[event.seat], months=lost)
    if kind == EventKind.GAME_WON and mine:
        return _("won the game")
    return None
