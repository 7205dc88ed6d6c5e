"""The view model's types: plain frozen values for everything the page draws.

:func:`park.ui.play.view.build_view` computes them from one seat's ``Observation``; the renderers
(``board_svg``, ``panels``) turn them into markup. Also here: the CSS-friendly slugs the
values carry, :func:`card_view` (a card's face) and :class:`LogLine` (one line of the game
log). Nothing here touches a browser or the engine's state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from park.engine.deck import Card
from park.engine.state import ExpeditionBreakdown
from park.engine.terms import CARD_TYPES, CLUB, DESTINATIONS, HOTEL, MARKETPLACE, SHOP_CARD_TYPE
from park.ui.lang.i18n import card_flavor, card_name, pgettext
from park.ui.play.warnings import MoveRisk

KIND_SLUGS: Mapping[str, str] = {
    CLUB: "club",
    MARKETPLACE: "market",
    HOTEL: "hotel",
    "Café": "cafe",
    "Antique Shop": "antique",
    "Gymnasium": "gym",
    "Gift Shop": "gift",
    "News Stand": "news",
    "Hall of Records": "records",
}
"""A CSS-friendly slug per space kind (styles and icons key on it)."""

TYPE_SLUGS: Mapping[str, str] = {t: t.lower() for t in CARD_TYPES}
"""A CSS-friendly slug per card type."""

DESTINATION_SLUGS: Mapping[str, str] = {d: d.lower().replace(" ", "-") for d in DESTINATIONS}
"""A CSS-friendly slug per destination."""

SHOP_OF_TYPE: Mapping[str, str] = {t: shop for shop, t in SHOP_CARD_TYPE.items()}
"""Where each card type is played (R37), e.g. ``"Artifact" -> "Antique Shop"``."""


@dataclass(frozen=True, slots=True)
class CardView:
    """One card face: name, type, flavour and a value (or ``None`` for blank) per destination.

    ``playable`` marks a hand card that may be played at the shop just entered; ``is_new``
    one the player has just drawn.
    """

    id: str
    name: str
    type: str
    type_slug: str
    flavor: str
    values: tuple[tuple[str, int | None], ...]
    best: str | None
    playable: bool = False
    is_new: bool = False

    @property
    def played_at(self) -> str:
        """The kind of shop that takes this card (R37)."""
        return SHOP_OF_TYPE[self.type]


@dataclass(frozen=True, slots=True)
class SpaceView:
    """One house of the map, as drawn: where, what, and whether it can be clicked now."""

    id: str
    label: str
    kind: str
    kind_slug: str
    number: int | None
    x: int
    y: int
    clickable: bool
    action: str | None
    aria_label: str
    hint: str
    park_here: bool
    you_here: bool
    warned: bool = False
    """A step there is warned (``park.ui.play.warnings``: it risks the player's Month
    counters with a chance of about 50% or more, or for certain): drawn in red with a ⚠, as
    its button is, its words saying the chance."""
    reach: float | None = None
    """With Park's reach shown: the chance (0..1) Captain Park lands here before the player's
    next turn (``None``: not shown, or a space he never visits)."""


@dataclass(frozen=True, slots=True)
class PathView:
    """One black path between two spaces; ``highlighted`` when it leads to a legal step."""

    a: str
    b: str
    x1: int
    y1: int
    x2: int
    y2: int
    highlighted: bool


@dataclass(frozen=True, slots=True)
class PawnView:
    """A player's pawn at ``(x, y)`` on space ``space``, marked with the seat's ``letter``.

    ``came_from`` is where the pawn stood before the latest moves, if that was elsewhere (it
    stepped, or a pawn arriving or leaving its space moved it aside): the page slides it
    from there.
    """

    seat: int
    name: str
    colour: str
    space: str
    x: float
    y: float
    is_you: bool
    is_active: bool
    letter: str = ""
    came_from: tuple[float, float] | None = None


@dataclass(frozen=True, slots=True)
class MoveView:
    """A move that just happened, drawn as a trail: a pawn's step or Captain Park's jump."""

    origin: str
    to: str
    x1: int
    y1: int
    x2: int
    y2: int
    colour: str
    is_park: bool


@dataclass(frozen=True, slots=True)
class BoardView:
    """The map: spaces, paths, pawns, Captain Park and the latest moves."""

    width: int
    height: int
    spaces: tuple[SpaceView, ...]
    paths: tuple[PathView, ...]
    pawns: tuple[PawnView, ...]
    park_space: str
    park_number: int
    park_x: int
    park_y: int
    park_moved: bool
    moves: tuple[MoveView, ...]


@dataclass(frozen=True, slots=True)
class DotView:
    """One Novelty bonus dot.

    ``covered`` once scored (R80), by ``covered_by``'s counter in ``colour`` (``None`` if the scorer
    is unknown).
    """

    value: int
    covered_by: int | None
    colour: str | None
    covered: bool = False


@dataclass(frozen=True, slots=True)
class DestinationView:
    """One destination circle of the scoring board."""

    name: str
    slug: str
    dots: tuple[DotView, ...]
    scorings: int
    is_fad: bool
    extra: tuple[str, ...]
    """Colours of counters placed past the last dot (fourth and later scorings, no bonus)."""


@dataclass(frozen=True, slots=True)
class ScoringBoardView:
    """The scoring board: five destinations, the Fad marker, MIN and TARGET (R6, R80, R95)."""

    destinations: tuple[DestinationView, ...]
    fad: str | None
    months_needed: int
    target: int
    players: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat in the players panel: all public (R103, R104)."""

    seat: int
    name: str
    colour: str
    controller: str
    level_name: str
    months: int
    months_needed: int
    score: int
    target: int
    hand_size: int
    inventory: tuple[CardView, ...]
    position: str
    visited: tuple[str, ...]
    is_active: bool
    is_you: bool
    is_winner: bool
    letter: str = ""
    """The letter on the seat's pawn (unique among the seats, see ``view.seat_letters``)."""


DANGER = "danger"
"""The style of a warned move's button (``park.ui.play.warnings``: it risks the player's
Month counters with a chance of about 50% or more, or for certain), shown with a ⚠."""


@dataclass(frozen=True, slots=True)
class ButtonView:
    """A decision button: ``action`` is the action's text form (``parse_action`` reads it back).

    ``label`` is the visible text and accessible name; ``detail`` a short hint shown under it;
    ``style`` is ``"primary"``, ``"secondary"`` (passing) or ``"danger"`` (a warned move,
    :data:`DANGER`).
    """

    action: str
    label: str
    detail: str = ""
    style: str = "primary"


@dataclass(frozen=True, slots=True)
class BreakdownView(ExpeditionBreakdown[str]):
    """One destination's expedition score, part by part (R83-R88).

    The engine's breakdown (:class:`~park.engine.state.ExpeditionBreakdown`) with the cards by name,
    then ``slug`` (the destination's, for styles), ``action`` (the Score action's text, if a button
    scores it), ``qualifies`` (whether the Club would accept it now) and ``turn`` (when it was
    scored).
    """

    slug: str
    action: str | None
    qualifies: bool
    turn: int = 0

    @property
    def parts(self) -> tuple[tuple[str, int], ...]:
        """The five bonuses in the rulebook's order, with their names (in the page's language)."""
        return (
            (pgettext("score part", "Basic"), self.basic),
            (pgettext("score part", "Diversity"), self.diversity),
            (pgettext("score part", "Endurance"), self.endurance),
            (pgettext("score part", "Fad"), self.fad),
            (pgettext("score part", "Novelty"), self.novelty),
        )


@dataclass(frozen=True, slots=True)
class DecisionView:
    """What the viewing seat must decide now, with one button per choice.

    ``kind`` is the phase name for the viewer's turn, ``"wait"`` during another seat's turn
    and ``"over"`` when the game has ended. ``market_cards`` lists the hand at the Marketplace
    (chosen with check boxes, then ``exchange``); ``score_options`` the Club's choices;
    ``risks`` each move's risk to the Month counters (``park.ui.play.warnings``), which
    decides the :data:`DANGER` buttons and what the hint says of a warned move.
    """

    kind: str
    title: str
    prompt: str
    buttons: tuple[ButtonView, ...]
    market_cards: tuple[CardView, ...] = ()
    score_options: tuple[BreakdownView, ...] = ()
    risks: tuple[MoveRisk, ...] = ()

    @property
    def risk_of(self) -> dict[str, MoveRisk]:
        """:attr:`risks` by action text."""
        return {risk.action: risk for risk in self.risks}


@dataclass(frozen=True, slots=True)
class StandingView:
    """A seat on the game-over screen: final score and every expedition scored."""

    seat: int
    name: str
    colour: str
    level_name: str
    score: int
    is_winner: bool
    is_you: bool
    expeditions: tuple[BreakdownView, ...]


@dataclass(frozen=True, slots=True)
class GameOverView:
    """The end of the game (R99-R100): the winner and everyone's results, best first."""

    winner: int
    headline: str
    standings: tuple[StandingView, ...]


@dataclass(frozen=True, slots=True)
class GameView:
    """Everything the page shows for one seat at one moment."""

    seat: int
    status: str
    turn: int
    round: int
    deck_size: int
    discard_size: int
    board: BoardView
    scoring: ScoringBoardView
    players: tuple[PlayerView, ...]
    hand: tuple[CardView, ...]
    outlook: tuple[BreakdownView, ...]
    decision: DecisionView
    over: GameOverView | None


def card_view(card: Card, *, playable: bool = False, is_new: bool = False) -> CardView:
    """The face of ``card``, its name and joke in the page's language.

    The face of ``card`` (``is_new``: just drawn into the hand), its name and joke in the page's
    language; ``type`` stays the engine's value (shown with ``term``).
    """
    best = card.best_destinations
    return CardView(
        id=card.id,
        name=card_name(card),
        type=card.type,
        type_slug=TYPE_SLUGS[card.type],
        flavor=card_flavor(card),
        values=tuple((d, card.values.get(d)) for d in DESTINATIONS),
        best=best[0] if len(best) == 1 else None,
        playable=playable,
        is_new=is_new,
    )


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the game log.

    ``text`` about ``seat`` (``None``: nobody in particular), from an event of ``kind`` in turn
    ``turn``.
    """

    text: str
    seat: int | None
    kind: str
    turn: int


@dataclass(frozen=True, slots=True)
class RecapLine:
    """One line of "Since your last turn" (``park.ui.game.recap`` writes them).

    One line of "Since your last turn" (``park.ui.game.recap`` writes them): ``text``, and ``kind``
    for its style (``"caught"``: Captain Park took your Month counters; ``"scored"``, ``"fad"``,
    ``"park"``, ``"months"``).
    """

    text: str
    kind: str
