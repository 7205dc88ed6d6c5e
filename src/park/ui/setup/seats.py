"""The seats of a new game from the New game form.

Their pawn colours (``park.engine.names.SEAT_COLOURS``, in seat order), and the AI opponents'
names in the page's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from park.engine.levels import HUMAN
from park.engine.names import SEAT_COLOURS, same_name
from park.engine.state import GameState, SeatSpec
from park.ui.lang.i18n import LANGUAGES, _, catalogue
from park.ui.lang.text import FORMER_OPPONENT_NAMES, OPPONENT_NAMES, is_you_name
from park.ui.setup.settings import NewGameSettings


def seat_specs(settings: NewGameSettings) -> list[SeatSpec]:
    """The seats of a new game.

    The humans first (the form's first name, then the other humans at this device), then the AI
    opponents with their names in the page's language. Raises ``ValueError`` (its reason in the
    page's language) if two seats would have the same name (names are unique).
    """
    humans = (settings.name, *settings.others)
    opponents = tuple(_(name) for name in OPPONENT_NAMES[: settings.opponents])
    for i, name in enumerate(humans):
        for other in (*humans[:i], *opponents):
            if same_name(name, other):
                if other in opponents:
                    reason = _("{name} is the name of an opponent; choose another name")
                else:
                    reason = _("{name} is the name of another player; choose another name")
                raise ValueError(reason.format(name=other))
    seats = [SeatSpec(name, SEAT_COLOURS[i], HUMAN) for i, name in enumerate(humans)]
    for i, opponent in enumerate(opponents, start=len(humans)):
        seats.append(SeatSpec(opponent, SEAT_COLOURS[i], settings.level))
    return seats


@cache
def _opponent_names() -> dict[str, str]:
    """Every name an AI opponent is given or was given, in every language.

    With the English name of :data:`~park.ui.lang.text.OPPONENT_NAMES` it stands for.
    """
    english = {name: name for name in OPPONENT_NAMES} | dict(FORMER_OPPONENT_NAMES)
    known: dict[str, str] = {}
    for code in LANGUAGES:
        translations = catalogue(code)
        for name, now in english.items():
            known.setdefault(translations.gettext(name), now)
    return known


def localized_seats(seats: Sequence[SeatSpec]) -> tuple[SeatSpec, ...]:
    """``seats`` with each AI opponent's name in the page's language.

    An AI seat named as :data:`~park.ui.lang.text.OPPONENT_NAMES` names them, in any language (or by
    a former name, :data:`~park.ui.lang.text.FORMER_OPPONENT_NAMES`), takes that name in the page's
    language, unless another seat has it; so does a person's blank name ("You" in any language,
    :func:`~park.ui.lang.text.is_you_name`: issue 48). Humans' names, and any other name, stay as
    they are; so does a save, which holds the names it was saved with.
    """
    known = _opponent_names()
    names = [seat.name for seat in seats]
    for i, seat in enumerate(seats):
        if seat.controller == HUMAN:
            english = "You" if is_you_name(seat.name) else None
        else:
            english = known.get(seat.name)
        if english is None:
            continue
        name = _(english)
        if not any(same_name(name, other) for j, other in enumerate(names) if j != i):
            names[i] = name
    return tuple(
        seat if seat.name == name else SeatSpec(name, seat.colour, seat.controller)
        for seat, name in zip(seats, names, strict=True)
    )


def localized(state: GameState) -> GameState:
    """``state`` with its AI opponents named in the page's language (:func:`localized_seats`).

    A game resumed after the language changed names them as a new game would. The same state when no
    name changes.
    """
    seats = localized_seats(state.settings.seats)
    if seats == state.settings.seats:
        return state
    return replace(state, settings=replace(state.settings, seats=seats))
