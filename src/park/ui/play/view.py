"""The view model: everything the page draws, computed from one seat's ``Observation``.

:func:`build_view` turns an observation, the legal actions and the latest events into the
plain values of :mod:`park.ui.play.view_types`: spaces with labels and highlights, pawns, Captain
Park, the scoring board, the players panel, the hand, the decision (:mod:`park.ui.play.decision`)
and what each destination would score (:mod:`park.ui.play.outlook`). The renderers
(``board_svg``, ``panels``) turn those values into markup; nothing here touches a browser.

Only what the viewing seat may know is used: its own hand, and every seat's public state.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import count

from park.engine.actions import Action, PlayCard, Step
from park.engine.board import Board
from park.engine.events import Event, EventKind, ParkMoved, Stepped, payload
from park.engine.names import graphemes
from park.engine.observation import Observation, PublicSeat
from park.engine.state import Phase
from park.engine.terms import CARD_TYPES, DESTINATIONS
from park.ui.lang.i18n import _, card_name
from park.ui.lang.text import level_name, space_hint, space_labels, win_headline
from park.ui.play.decision import decision_view
from park.ui.play.geometry import pawn_spots
from park.ui.play.outlook import breakdown_view, expedition_outlook
from park.ui.play.view_types import (
    DESTINATION_SLUGS,
    KIND_SLUGS,
    BoardView,
    DestinationView,
    DotView,
    GameOverView,
    GameView,
    MoveView,
    PathView,
    PawnView,
    PlayerView,
    ScoringBoardView,
    SpaceView,
    StandingView,
    card_view,
)
from park.ui.play.warnings import MoveRisk, move_risks, reach_words, warning_words


def _letter_choices(name: str) -> Iterator[str]:
    """The letters that could mark ``name``'s pawn, best first.

    The initials of its words, then its other letters and digits, in capitals; a name with none
    (emoji only) offers its first character.
    """
    clusters = graphemes(name)
    initials = [graphemes(word)[0] for word in name.split()]
    letters = [c for c in initials + clusters if c[0].isalnum()] or clusters[:1]
    for c in letters:
        upper = c[0].upper()
        yield upper + c[1:] if len(upper) == 1 else c


def seat_letters(names: Sequence[str]) -> tuple[str, ...]:
    """A letter for each seat's pawn, from its name, unique among the seats.

    A letter for each seat's pawn, from its name (in seat order), unique among the seats so pawns
    are told apart without their colours: the name's first letter, or if an earlier seat has it the
    initial of its next word, then its other letters ("Ada" and "Anne Bonny" get "A" and "B"); the
    seat's number when nothing is left. Never :data:`PARK_LETTER` while a name offers another
    ("Professor Quill" is "Q", "Phileas" "H"): a "P" pawn was taken for Captain Park (issue 48).
    """
    return _seat_letters(tuple(names))


PARK_LETTER = "P"
"""Captain Park's initial, which no seat's pawn takes while its name offers another letter."""


@lru_cache(maxsize=16)
def _seat_letters(names: tuple[str, ...]) -> tuple[str, ...]:
    taken: set[str] = set()
    letters: list[str] = []
    for i, name in enumerate(names):
        choices = list(_letter_choices(name))
        letter = next((c for c in choices if c not in taken and c != PARK_LETTER), None)
        if letter is None:
            letter = next((c for c in choices if c not in taken), None)
        if letter is None:
            letter = next(str(n) for n in count(i + 1) if str(n) not in taken)
        taken.add(letter)
        letters.append(letter)
    return tuple(letters)


def _spots(board: Board, positions: Sequence[str]) -> list[tuple[float, float]]:
    """Where each seat's pawn stands when the seats are at ``positions`` (spaces' ids).

    The seats sharing a space side by side in seat order.
    """
    by_space: dict[str, list[int]] = {}
    for i, position in enumerate(positions):
        by_space.setdefault(position, []).append(i)
    spots: list[tuple[float, float]] = [(0.0, 0.0)] * len(positions)
    for space_id, seats in by_space.items():
        row = pawn_spots(len(seats), board.by_id[space_id], board.height)
        for i, spot in zip(seats, row, strict=True):
            spots[i] = spot
    return spots


def _board_view(
    obs: Observation,
    legal: Sequence[Action],
    recent: Sequence[Event],
    reach: Mapping[str, float] | None = None,
    risks: Mapping[str, MoveRisk] | None = None,
) -> BoardView:
    """The map for ``obs.seat``, with Park's reach and each move's risk.

    The map for ``obs.seat``: ``reach``, Park's reach to show; ``risks``, each move's risk
    (``park.ui.play.warnings``): a warned step's space is drawn warned, and its words (the space's
    accessible description, and its button's) say the chance.
    """
    risks = risks or {}
    board = obs.rules.board
    labels = space_labels(board)
    me = obs.me
    my_turn = obs.my_turn
    steps = {a.space for a in legal if isinstance(a, Step)} if my_turn else set()
    park_space = obs.park_space
    hand_types = [obs.rules.card_type[c] for c in obs.hand]
    qualifies_now = my_turn and any(b.qualifies for b in expedition_outlook(obs))
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
        chance = None if reach is None else reach.get(s.id)
        risk = risks.get(f"step:{s.id}") if clickable else None
        warned = risk is not None and risk.warned
        odds = warning_words(risk) if risk is not None else ""
        if not odds and not warned and chance is not None and s.id != park_space:
            odds = reach_words(chance)
        if odds:
            hint = _("{hint}; {odds}").format(hint=hint, odds=odds) if hint else odds
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
                aria_label=_("Step to {space}").format(space=label) if clickable else label,
                hint=hint,
                park_here=s.id == park_space,
                you_here=s.id == me.position,
                warned=warned,
                reach=chance,
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
    positions = [seat.position for seat in obs.seats]
    before = list(positions)  # where the pawns stood before the latest steps
    for ev in reversed(recent):
        if ev.kind == EventKind.STEPPED and ev.seat is not None:
            before[ev.seat] = payload(ev, Stepped)["origin"]
    spots, spots_before = _spots(board, positions), _spots(board, before)
    letters = seat_letters([seat.spec.name for seat in obs.seats])
    pawns: list[PawnView] = []
    for i, seat in enumerate(obs.seats):
        (px, py), came_from = spots[i], spots_before[i]
        pawns.append(
            PawnView(
                seat=i,
                name=seat.spec.name,
                colour=seat.spec.colour,
                space=seat.position,
                x=px,
                y=py,
                is_you=i == obs.seat,
                is_active=i == obs.active and obs.phase is not Phase.OVER,
                letter=letters[i],
                came_from=None if came_from == (px, py) else came_from,
            )
        )
    moves: list[MoveView] = []
    park_moved = False
    for ev in recent:
        if ev.kind == EventKind.STEPPED and ev.seat is not None:
            step = payload(ev, Stepped)
            a, b = board.by_id[step["origin"]], board.by_id[step["to"]]
            colour = obs.seats[ev.seat].spec.colour
            moves.append(MoveView(a.id, b.id, a.x, a.y, b.x, b.y, colour, False))
        elif ev.kind == EventKind.PARK_MOVED:
            jump = payload(ev, ParkMoved)
            a, b = board.by_id[jump["origin"]], board.by_id[jump["to"]]
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
    for _turn, i, dest in history:
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
    obs: Observation, i: int, seat: PublicSeat, labels: Mapping[str, str], letter: str
) -> PlayerView:
    cards = obs.rules.cards
    return PlayerView(
        seat=i,
        name=seat.spec.name,
        colour=seat.spec.colour,
        controller=seat.spec.controller,
        level_name=level_name(seat.spec.controller, seat.spec.controller.title()),
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
        letter=letter,
    )


def _status(obs: Observation) -> str:
    if obs.phase is Phase.OVER:
        winner = obs.winner
        if winner is None:
            return _("The game is over.")
        if winner == obs.seat:
            return _("You win!")
        return _("{name} wins.").format(name=obs.seats[winner].spec.name)
    if obs.my_turn:
        return _("Your turn")
    return _("{name} is playing").format(name=obs.seats[obs.active].spec.name)


def _game_over(obs: Observation) -> GameOverView | None:
    if obs.phase is not Phase.OVER or obs.winner is None:
        return None
    standings = []
    for i, seat in enumerate(obs.seats):
        exps = tuple(
            breakdown_view(obs, exp, action=None, qualifies=True) for exp in seat.expeditions
        )
        standings.append(
            StandingView(
                seat=i,
                name=seat.spec.name,
                colour=seat.spec.colour,
                level_name=level_name(seat.spec.controller),
                score=seat.score,
                is_winner=i == obs.winner,
                is_you=i == obs.seat,
                expeditions=exps,
            )
        )
    standings.sort(key=lambda s: (-s.is_winner, -s.score, s.seat))
    w = obs.seats[obs.winner]
    headline = win_headline(w.spec.name, w.score, is_you=obs.winner == obs.seat)
    return GameOverView(winner=obs.winner, headline=headline, standings=tuple(standings))


def build_view(
    obs: Observation,
    legal: Sequence[Action],
    recent: Sequence[Event] = (),
    new_cards: Collection[str] = (),
    reach: Mapping[str, float] | None = None,
) -> GameView:
    """The whole view for ``obs.seat``.

    ``legal`` are ``legal_actions(state)``; they are used only when it is ``obs.seat``'s turn
    (otherwise they belong to another seat and are ignored). ``recent`` are the latest events
    visible to the seat (the steps and Captain Park's moves among them are drawn as trails).
    ``new_cards``: ids of hand cards just drawn, marked as new. ``reach``: Park's reach to
    show, the chance per numbered space that he lands there before the seat's next turn
    (also what the warnings read, ``park.ui.play.warnings``: computed from ``obs`` when
    ``None`` and there is a move to warn about).
    """
    legal = tuple(legal) if obs.my_turn else ()
    labels = space_labels(obs.rules.board)
    risks = move_risks(obs, legal, reach)
    board = _board_view(obs, legal, recent, reach, risks)
    letters = seat_letters([seat.spec.name for seat in obs.seats])
    playable: set[str] = set()
    if obs.my_turn and obs.phase is Phase.PLAY:
        playable = {a.card for a in legal if isinstance(a, PlayCard)}
    cards = obs.rules.cards
    hand = tuple(
        card_view(cards[c], playable=cards[c].id in playable, is_new=cards[c].id in new_cards)
        for c in sorted(
            obs.hand, key=lambda c: (CARD_TYPES.index(cards[c].type), card_name(cards[c]))
        )
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
        players=tuple(
            _player_view(obs, i, s, labels, letter)
            for (i, s), letter in zip(enumerate(obs.seats), letters, strict=True)
        ),
        hand=hand,
        outlook=expedition_outlook(obs),
        decision=decision_view(obs, legal, board, risks),
        over=_game_over(obs),
    )
