"""The view model: everything the page draws, computed from one seat's ``Observation``.

:func:`build_view` turns an observation, the legal actions and the latest events into plain
frozen values (spaces with labels and highlights, pawns, Captain Park, the scoring board, the
players panel, the hand, the decision with its buttons). The renderers in ``park.ui.render``
turn those values into markup; nothing here touches a browser.

Only what the viewing seat may know is used: its own hand, and every seat's public state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..engine.actions import (
    Action,
    ChooseFad,
    DeclineScore,
    Discard,
    FinishExchange,
    PlayCard,
    Score,
    SkipPlay,
    Stay,
    Step,
)
from ..engine.board import Space
from ..engine.deck import Card
from ..engine.observation import Observation, PublicSeat
from ..engine.scoring import expedition_for
from ..engine.state import Event, Expedition, Phase, SeatState
from ..engine.terms import CARD_TYPES, CLUB, DESTINATIONS, SHOP_CARD_TYPE
from .text import LEVEL_NAMES, plural, space_hint, space_labels, with_article

KIND_SLUGS: Mapping[str, str] = {
    CLUB: "club",
    "Marketplace": "market",
    "Hotel": "hotel",
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

    ``playable`` marks a hand card that may be played at the shop just entered.
    """

    id: str
    name: str
    type: str
    type_slug: str
    flavor: str
    values: tuple[tuple[str, int | None], ...]
    best: str | None
    playable: bool = False

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
    """A player's pawn at ``(x, y)`` on space ``space``."""

    seat: int
    name: str
    colour: str
    space: str
    x: float
    y: float
    is_you: bool
    is_active: bool


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
    """One Novelty bonus dot: ``covered`` once scored (R80), by ``covered_by``'s counter in
    ``colour`` (``None`` if the scorer is unknown)."""

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


DANGER = "danger"
"""The style of a button whose action costs the player their Month counters."""


@dataclass(frozen=True, slots=True)
class ButtonView:
    """A decision button: ``action`` is the action's text form (``parse_action`` reads it back).

    ``label`` is the visible text and accessible name; ``detail`` a short hint shown under it;
    ``style`` is ``"primary"``, ``"secondary"`` (passing) or ``"danger"`` (costs Month
    counters).
    """

    action: str
    label: str
    detail: str = ""
    style: str = "primary"


@dataclass(frozen=True, slots=True)
class BreakdownView:
    """One destination's expedition score, part by part (R83-R88)."""

    destination: str
    slug: str
    action: str | None
    months: int
    basic: int
    diversity: int
    endurance: int
    fad: int
    novelty: int
    total: int
    cards: tuple[str, ...]
    worthless: tuple[str, ...]
    qualifies: bool
    turn: int = 0

    @property
    def parts(self) -> tuple[tuple[str, int], ...]:
        """The five bonuses in the rulebook's order, with their names."""
        return (
            ("Basic", self.basic),
            ("Diversity", self.diversity),
            ("Endurance", self.endurance),
            ("Fad", self.fad),
            ("Novelty", self.novelty),
        )


@dataclass(frozen=True, slots=True)
class DecisionView:
    """What the viewing seat must decide now, with one button per choice.

    ``kind`` is the phase name for the viewer's turn, ``"wait"`` during another seat's turn
    and ``"over"`` when the game has ended. ``market_cards`` lists the hand at the Marketplace
    (chosen with check boxes, then ``exchange``); ``score_options`` the Club's choices.
    """

    kind: str
    title: str
    prompt: str
    buttons: tuple[ButtonView, ...]
    market_cards: tuple[CardView, ...] = ()
    score_options: tuple[BreakdownView, ...] = ()


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


def card_view(card: Card, *, playable: bool = False) -> CardView:
    """The face of ``card``."""
    best = card.best_destinations
    return CardView(
        id=card.id,
        name=card.name,
        type=card.type,
        type_slug=TYPE_SLUGS[card.type],
        flavor=card.flavor,
        values=tuple((d, card.values.get(d)) for d in DESTINATIONS),
        best=best[0] if len(best) == 1 else None,
        playable=playable,
    )


def exchange_label(selected: int) -> str:
    """The Marketplace button's text for ``selected`` chosen cards (R46, R47)."""
    if selected == 0:
        return "Keep my hand"
    return f"Exchange {plural(selected, 'card')}"


def _breakdown(
    obs: Observation, exp: Expedition, *, action: str | None, qualifies: bool
) -> BreakdownView:
    cards = obs.rules.cards
    return BreakdownView(
        destination=exp.destination,
        slug=DESTINATION_SLUGS[exp.destination],
        action=action,
        months=exp.months,
        basic=exp.basic,
        diversity=exp.diversity,
        endurance=exp.endurance,
        fad=exp.fad,
        novelty=exp.novelty,
        total=exp.total,
        cards=tuple(cards[c].name for c in exp.cards),
        worthless=tuple(cards[c].name for c in exp.worthless),
        qualifies=qualifies,
        turn=exp.turn,
    )


def expedition_outlook(obs: Observation, seat: int | None = None) -> tuple[BreakdownView, ...]:
    """What ``seat`` (default: the viewer) would score for each destination its Inventory has
    proof for, if it scored now with its current Month counters (R74-R88).

    ``qualifies`` says whether the Club would accept it now: enough months (R75) and not yet
    visited this cycle (R76).
    """
    who = obs.seat if seat is None else seat
    public = obs.seats[who]
    values = obs.rules.card_values
    seat_state = SeatState(
        position=public.position,
        months=public.months,
        inventory=public.inventory,
        score=public.score,
        visited=public.visited,
    )
    out: list[BreakdownView] = []
    for d, dest in enumerate(DESTINATIONS):
        if not any(values[c][d] > 0 for c in public.inventory):
            continue
        exp = expedition_for(
            obs.rules,
            seat_state,
            dest,
            months_needed=obs.months_needed,
            fad=obs.fad,
            scored_before=obs.scorings[d],
        )
        qualifies = public.months >= obs.months_needed and dest not in public.visited
        out.append(_breakdown(obs, exp, action=None, qualifies=qualifies))
    return tuple(out)


def _pawn_spots(count: int, space: Space, board_height: int) -> list[tuple[float, float]]:
    """Where ``count`` pawns stand by the house of ``space``: a row below its front, or, when
    that would fall off the map's bottom edge, a row beside it to the right."""
    gap = 22.0 if count <= 5 else 17.0
    below = _PAWN_ROW_BELOW.get(space.kind, 62.0)
    if space.y + below + 6 <= board_height:
        start = space.x - gap * (count - 1) / 2
        return [(start + gap * i, space.y + below) for i in range(count)]
    start = space.x + _HALF_WIDTH.get(space.kind, 66.0) + 22
    return [(start + gap * i, space.y + 30.0) for i in range(count)]


_PAWN_ROW_BELOW = {CLUB: 80.0, "Marketplace": 57.0, "Hotel": 66.0}
"""How far below a house's centre its pawns stand (the default suits the small shops)."""
_HALF_WIDTH = {CLUB: 92.0, "Marketplace": 76.0, "Hotel": 72.0}


def _board_view(obs: Observation, legal: Sequence[Action], recent: Sequence[Event]) -> BoardView:
    board = obs.rules.board
    labels = space_labels(board)
    me = obs.me
    my_turn = obs.my_turn
    steps = {a.space for a in legal if isinstance(a, Step)} if my_turn else set()
    park_space = obs.park_space
    hand_types = [obs.rules.card_type[c] for c in obs.hand]
    qualifies_now = bool(
        my_turn
        and me.months >= obs.months_needed
        and any(b.qualifies for b in expedition_outlook(obs))
    )
    spaces: list[SpaceView] = []
    for s in board.spaces:
        label = labels[s.id]
        clickable = s.id in steps
        hint = space_hint(
            s,
            park_here=s.id == park_space,
            playable=hand_types.count(s.card_type) if s.card_type else 0,
            can_score=qualifies_now,
        )
        spaces.append(
            SpaceView(
                id=s.id,
                label=label,
                kind=s.kind,
                kind_slug=KIND_SLUGS.get(s.kind, "space"),
                number=s.number,
                x=s.x,
                y=s.y,
                clickable=clickable,
                action=f"step:{s.id}" if clickable else None,
                aria_label=f"Step to {label}" if clickable else label,
                hint=hint,
                park_here=s.id == park_space,
                you_here=s.id == me.position,
            )
        )
    paths = tuple(
        PathView(
            a=a,
            b=b,
            x1=board.by_id[a].x,
            y1=board.by_id[a].y,
            x2=board.by_id[b].x,
            y2=board.by_id[b].y,
            highlighted=(a == me.position and b in steps) or (b == me.position and a in steps),
        )
        for a, b in board.paths
    )
    by_space: dict[str, list[int]] = {}
    for i, seat in enumerate(obs.seats):
        by_space.setdefault(seat.position, []).append(i)
    pawns: list[PawnView] = []
    for space_id, seats in by_space.items():
        sp = board.by_id[space_id]
        spots = _pawn_spots(len(seats), sp, board.height)
        for i, (px, py) in zip(seats, spots, strict=True):
            seat = obs.seats[i]
            pawns.append(
                PawnView(
                    seat=i,
                    name=seat.spec.name,
                    colour=seat.spec.colour,
                    space=space_id,
                    x=px,
                    y=py,
                    is_you=i == obs.seat,
                    is_active=i == obs.active and obs.phase is not Phase.OVER,
                )
            )
    moves: list[MoveView] = []
    park_moved = False
    for ev in recent:
        if ev.kind == "stepped" and ev.seat is not None:
            a, b = board.by_id[str(ev.data["origin"])], board.by_id[str(ev.data["to"])]
            colour = obs.seats[ev.seat].spec.colour
            moves.append(MoveView(a.id, b.id, a.x, a.y, b.x, b.y, colour, False))
        elif ev.kind == "park_moved":
            a, b = board.by_id[str(ev.data["origin"])], board.by_id[str(ev.data["to"])]
            moves.append(MoveView(a.id, b.id, a.x, a.y, b.x, b.y, "#222222", True))
            park_moved = True
    park = board.by_id[park_space]
    return BoardView(
        width=board.width,
        height=board.height,
        spaces=tuple(spaces),
        paths=paths,
        pawns=tuple(sorted(pawns, key=lambda p: (p.is_you, p.seat))),
        park_space=park_space,
        park_number=obs.park,
        park_x=park.x,
        park_y=park.y,
        park_moved=park_moved,
        moves=tuple(moves),
    )


def _scoring_view(obs: Observation) -> ScoringBoardView:
    # Who covered which dot: every expedition in turn order (R80, A22).
    order: dict[str, list[int]] = {d: [] for d in DESTINATIONS}
    history = sorted(
        ((exp.turn, i, exp.destination) for i, s in enumerate(obs.seats) for exp in s.expeditions),
    )
    for _, i, dest in history:
        order[dest].append(i)
    novelty = obs.rules.scoring.novelty
    destinations: list[DestinationView] = []
    for d, dest in enumerate(DESTINATIONS):
        scorers = order[dest]
        count = obs.scorings[d]
        dots = []
        for k, value in enumerate(novelty[dest]):
            if k < count:
                who = scorers[k] if k < len(scorers) else None
                colour = obs.seats[who].spec.colour if who is not None else "#555555"
                dots.append(DotView(value, who, colour, covered=True))
            else:
                dots.append(DotView(value, None, None))
        extra = tuple(
            obs.seats[i].spec.colour for i in scorers[len(novelty[dest]) :] if i < len(obs.seats)
        )
        destinations.append(
            DestinationView(
                name=dest,
                slug=DESTINATION_SLUGS[dest],
                dots=tuple(dots),
                scorings=count,
                is_fad=obs.fad == dest,
                extra=extra,
            )
        )
    return ScoringBoardView(
        destinations=tuple(destinations),
        fad=obs.fad,
        months_needed=obs.months_needed,
        target=obs.target,
        players=len(obs.seats),
    )


def _player_view(
    obs: Observation, i: int, seat: PublicSeat, labels: Mapping[str, str]
) -> PlayerView:
    cards = obs.rules.cards
    return PlayerView(
        seat=i,
        name=seat.spec.name,
        colour=seat.spec.colour,
        controller=seat.spec.controller,
        level_name=LEVEL_NAMES.get(seat.spec.controller, seat.spec.controller.title()),
        months=seat.months,
        months_needed=obs.months_needed,
        score=seat.score,
        target=obs.target,
        hand_size=seat.hand_size,
        inventory=tuple(card_view(cards[c]) for c in seat.inventory),
        position=labels[seat.position],
        visited=seat.visited,
        is_active=i == obs.active and obs.phase is not Phase.OVER,
        is_you=i == obs.seat,
        is_winner=obs.winner == i,
    )


def _decision(obs: Observation, legal: Sequence[Action], board: BoardView) -> DecisionView:
    cards = obs.rules.cards
    index = obs.rules.card_index
    labels = {s.id: s for s in board.spaces}
    me = obs.me
    here = with_article(labels[me.position].label)
    if obs.phase is Phase.OVER:
        return DecisionView("over", "Game over", "The game has ended.", ())
    if not obs.my_turn:
        active = obs.seats[obs.active]
        level = LEVEL_NAMES.get(active.spec.controller, "")
        return DecisionView(
            "wait",
            f"{active.spec.name}'s turn",
            f"{active.spec.name} ({level}) is deciding. Watch the map and the log.",
            (),
        )
    phase = obs.phase
    if phase in (Phase.START, Phase.STEP_AGAIN):
        buttons = [
            ButtonView(
                str(a),
                f"Step to {labels[a.space].label}",
                labels[a.space].hint,
                DANGER if labels[a.space].park_here and me.months else "primary",
            )
            for a in legal
            if isinstance(a, Step)
        ]
        if phase is Phase.START:
            hint, clears_months = _stay_hint(obs)
            style = DANGER if clears_months and me.months else "secondary"
            buttons.append(ButtonView(str(Stay()), "Stay put", hint, style))
            return DecisionView(
                "start",
                "Your turn",
                f"You are at {here} with {plural(me.months, 'Month counter')}. "
                "Choose a highlighted space on the map, or a move below.",
                tuple(buttons),
            )
        buttons.append(
            ButtonView(str(Stay()), "End my turn", f"stay at {here}; the turn ends", "secondary")
        )
        return DecisionView(
            "step_again",
            "Step again?",
            f"Captain Park moved to {with_article(labels[obs.park_space].label)}. "
            f"You may take another step, or end your turn at {here}.",
            tuple(buttons),
        )
    if phase is Phase.PLAY:
        shop = labels[me.position]
        landing, lands_on_you = park_landing_note(obs)
        plays = [
            ButtonView(
                str(a),
                f"Play {cards[index[a.card]].name}",
                f"{cards[index[a.card]].type}; {landing}",
                DANGER if lands_on_you else "primary",
            )
            for a in legal
            if isinstance(a, PlayCard)
        ]
        plays.append(ButtonView(str(SkipPlay()), "Play no card", "the turn ends", "secondary"))
        card_type = SHOP_CARD_TYPE.get(shop.kind, "card")
        prompt = (
            f"Play one {card_type} into your Inventory? Captain Park then moves one number "
            f"({landing}) and you may step again."
            if len(plays) > 1
            else f"You hold no {card_type} to play here, so your turn ends."
        )
        return DecisionView("play", f"At {shop.label}", prompt, tuple(plays))
    if phase is Phase.MARKET:
        discards = [a for a in legal if isinstance(a, Discard)]
        hand = tuple(card_view(cards[index[a.card]]) for a in discards)
        done = obs.pending_draws
        prompt = "Tick the cards to give up; you draw as many new ones."
        if done:
            prompt += f" ({plural(done, 'card')} already discarded.)"
        return DecisionView(
            "market",
            "At the Marketplace",
            prompt,
            (ButtonView(str(FinishExchange()), exchange_label(0)),),
            market_cards=hand,
        )
    if phase is Phase.CLUB:
        outlook = {b.destination: b for b in expedition_outlook(obs)}
        options = tuple(
            sorted(
                (
                    replace(outlook[a.destination], action=str(a))
                    for a in legal
                    if isinstance(a, Score)
                ),
                key=lambda o: -o.total,
            )
        )
        score_buttons = tuple(
            ButtonView(o.action or "", f"Score {o.destination} for {o.total} points")
            for o in options
        )
        decline = ButtonView(
            str(DeclineScore()),
            "Decline to score",
            "keep your Inventory; you still lose your Month counters",
            "secondary",
        )
        return DecisionView(
            "club",
            "At the Gentlemen's Club",
            f"You qualify with {plural(me.months, 'Month counter')}. Score one expedition, "
            "or decline. Either way your Month counters are cleared at the end of the turn.",
            (*score_buttons, decline),
            score_options=options,
        )
    if phase is Phase.FAD:
        choices = tuple(
            ButtonView(str(a), f"Make {a.destination} the Fad")
            for a in legal
            if isinstance(a, ChooseFad)
        )
        return DecisionView(
            "fad",
            "Choose the Fad",
            "The card turned over is worth the most for more than one destination. "
            "Pick the new Fad.",
            choices,
        )
    return DecisionView(
        str(phase), "Your turn", "", tuple(ButtonView(str(a), str(a)) for a in legal)
    )


def park_landing_note(obs: Observation) -> tuple[str, bool]:
    """Where a card played now sends Captain Park and whose Month counters he would clear
    there (R42, R59, R62; A24: his landing on you counts too), e.g. ``"he lands on you: you
    lose 5 Month counters"`` or ``"he moves to Café 10"``; and whether he would clear the
    viewer's own (some to lose)."""
    board = obs.rules.board
    landing = board.park_space(board.next_park_number(obs.park))
    where = with_article(space_labels(board)[landing])
    caught = [(i, s) for i, s in enumerate(obs.seats) if s.position == landing and s.months > 0]
    mine = [s for i, s in caught if i == obs.seat]
    others = [
        f"{s.spec.name} ({plural(s.months, 'Month counter')})" for i, s in caught if i != obs.seat
    ]
    if mine:
        note = f"he lands on you at {where}: you lose {plural(mine[0].months, 'Month counter')}"
        return note + (f", and so does {', '.join(others)}" if others else ""), True
    if others:
        return f"he lands on {where}, clearing {', '.join(others)}", False
    return f"he moves to {where}", False


def _stay_hint(obs: Observation) -> tuple[str, bool]:
    """What staying put at the start of the turn costs (R24, R52, R66 / A1), and whether it
    clears the player's Month counters: ending the turn in the Club or on Park's space."""
    me = obs.me
    kind = obs.rules.board.by_id[me.position].kind
    if kind == CLUB:
        return "the turn ends; ending it in the Club clears your Month counters", True
    if me.position == obs.park_space:
        return "the turn ends; Captain Park sees you and clears your Month counters", True
    return "the turn ends; nothing happens", False


def _status(obs: Observation) -> str:
    if obs.phase is Phase.OVER:
        winner = obs.winner
        if winner is None:
            return "The game is over."
        return "You win!" if winner == obs.seat else f"{obs.seats[winner].spec.name} wins."
    if obs.my_turn:
        return "Your turn"
    return f"{obs.seats[obs.active].spec.name} is playing"


def _game_over(obs: Observation) -> GameOverView | None:
    if obs.phase is not Phase.OVER or obs.winner is None:
        return None
    standings = []
    for i, seat in enumerate(obs.seats):
        exps = tuple(_breakdown(obs, exp, action=None, qualifies=True) for exp in seat.expeditions)
        standings.append(
            StandingView(
                seat=i,
                name=seat.spec.name,
                colour=seat.spec.colour,
                level_name=LEVEL_NAMES.get(seat.spec.controller, seat.spec.controller),
                score=seat.score,
                is_winner=i == obs.winner,
                is_you=i == obs.seat,
                expeditions=exps,
            )
        )
    standings.sort(key=lambda s: (-s.is_winner, -s.score, s.seat))
    w = obs.seats[obs.winner]
    headline = (
        f"You win with {w.score} points!"
        if obs.winner == obs.seat
        else f"{w.spec.name} wins with {w.score} points."
    )
    return GameOverView(winner=obs.winner, headline=headline, standings=tuple(standings))


def build_view(obs: Observation, legal: Sequence[Action], recent: Sequence[Event] = ()) -> GameView:
    """The whole view for ``obs.seat``.

    ``legal`` are ``legal_actions(state)``; they are used only when it is ``obs.seat``'s turn
    (otherwise they belong to another seat and are ignored). ``recent`` are the latest events
    visible to the seat (the steps and Captain Park's moves among them are drawn as trails).
    """
    legal = tuple(legal) if obs.my_turn else ()
    labels = space_labels(obs.rules.board)
    board = _board_view(obs, legal, recent)
    playable: set[str] = set()
    if obs.my_turn and obs.phase is Phase.PLAY:
        playable = {a.card for a in legal if isinstance(a, PlayCard)}
    cards = obs.rules.cards
    hand = tuple(
        card_view(cards[c], playable=cards[c].id in playable)
        for c in sorted(obs.hand, key=lambda c: (CARD_TYPES.index(cards[c].type), cards[c].name))
    )
    return GameView(
        seat=obs.seat,
        status=_status(obs),
        turn=obs.turn,
        round=obs.round,
        deck_size=obs.deck_size,
        discard_size=len(obs.discard),
        board=board,
        scoring=_scoring_view(obs),
        players=tuple(_player_view(obs, i, s, labels) for i, s in enumerate(obs.seats)),
        hand=hand,
        outlook=expedition_outlook(obs),
        decision=_decision(obs, legal, board),
        over=_game_over(obs),
    )


__all__ = [
    "BoardView",
    "BreakdownView",
    "ButtonView",
    "CardView",
    "DecisionView",
    "DestinationView",
    "DotView",
    "GameOverView",
    "GameView",
    "MoveView",
    "PathView",
    "PawnView",
    "PlayerView",
    "ScoringBoardView",
    "SpaceView",
    "StandingView",
    "build_view",
    "card_view",
    "exchange_label",
    "expedition_outlook",
]
