"""Words for the page: space labels, seat names and plain-language lines for the game log.

Everything here is pure: it turns engine values (spaces, cards, events) into short text in the
page's language (``park.ui.lang.i18n``). Nothing reads hidden information: :func:`describe` is only
ever given events the viewing seat may see (``Event.visible_to``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache

from park.engine.board import Board, Space, load_board
from park.engine.deck import Card
from park.engine.events import Event, EventKind
from park.engine.terms import CAFE, CLUB, HOTEL, MARKETPLACE
from park.ui.lang.i18n import (
    LANGUAGES,
    N_,
    _,
    card_in_sentence,
    catalogue,
    language,
    ngettext,
    pgettext,
    term,
)
from park.ui.lang.levels import SEAT_LABELS

LEVEL_NAMES: Mapping[str, str] = SEAT_LABELS
"""How each seat controller is shown next to the seat's name (N_-marked English: show
``_(LEVEL_NAMES[k])``, or :func:`level_name`; the registry is ``park.ui.lang.levels``)."""

OPPONENT_NAMES: tuple[str, ...] = (
    N_("Lady Beatrice"),
    N_("Colonel Pembroke"),
    N_("Professor Quill"),
    N_("Miss Featherstone"),
    N_("Sir Reginald"),
    N_("Dr Crumpet"),
)
"""Names given to AI opponents, in seat order (the published game names no characters);
N_-marked English, translated when a game's seats are named (``park.ui.setup.seats``), and
again when a game is resumed in another language. None is the name of a card's character."""
FORMER_OPPONENT_NAMES: Mapping[str, str] = {N_("Lady Agatha"): N_("Lady Beatrice")}
"""Names AI opponents had in earlier versions (N_-marked English, kept so that their
translations stay known), each with the name of :data:`OPPONENT_NAMES` that replaced it: a
save's "Lady Agatha" (a Hero card's name) is renamed when the game is resumed."""

_COMPASS: Mapping[str, str] = {
    "North": N_("North {kind}"),
    "South": N_("South {kind}"),
    "West": N_("West {kind}"),
    "East": N_("East {kind}"),
}
"""The labels of a kind of space that repeats without numbers, by compass word."""

_LABELS: dict[tuple[int, str], tuple[Board, dict[str, str]]] = {}


def level_name(controller: str, unknown: str | None = None) -> str:
    """How seat controller ``controller`` is shown next to the seat's name, in the page's language.

    How seat controller ``controller`` is shown next to the seat's name, in the page's language
    (``"Hard AI"``); ``unknown`` (default: ``controller`` itself) for one that :data:`LEVEL_NAMES`
    lacks.
    """
    if controller in LEVEL_NAMES:
        return _(LEVEL_NAMES[controller])
    return controller if unknown is None else unknown


def is_you_name(name: str) -> bool:
    """Whether ``name`` is the New game form's blank name: "You", in any of the page's languages.

    Any language's: a link's name was written in its sender's (a Japanese player's "あなた" read by
    an English one is a blank name too).
    """
    return name.strip().casefold() in _you_names()


def win_headline(name: str, score: int, *, is_you: bool = False) -> str:
    """The game's end in words, for the winner ``name`` with ``score`` points.

    "You win with 187 points!" or "Ada wins with 187 points."; ``is_you``: the winner is the
    reader; so is a winner with the blank name ("You" in any language, :func:`is_you_name`),
    never "You wins" (issue 50).
    """
    if is_you or is_you_name(name):
        return _("You win with {score} points!").format(score=score)
    return _("{name} wins with {score} points.").format(name=name, score=score)


@cache
def _you_names() -> frozenset[str]:
    return frozenset(catalogue(code).gettext("You").casefold() for code in LANGUAGES)


def space_labels(board: Board | None = None) -> dict[str, str]:
    """A readable, unique name in the page's language for every space of ``board``.

    ``board`` defaults to the shipped London.

    Numbered spaces read ``"Café 3"``; an unnumbered kind that occurs once reads as the kind
    (``"Marketplace"``); kinds that repeat without numbers get a compass word from their
    place on the map (``"North Hotel"``, ``"South Hotel"``).
    """
    board = board or load_board()
    key = (id(board), language())
    cached = _LABELS.get(key)
    if cached is not None and cached[0] is board:
        return cached[1]
    labels: dict[str, str] = {}
    unnumbered: dict[str, list[Space]] = {}
    for space in board.spaces:
        if space.number is not None:  # as Space.label, in the page's language
            labels[space.id] = _("{kind} {number}").format(
                kind=term(space.kind), number=space.number
            )
        else:
            unnumbered.setdefault(space.kind, []).append(space)
    for kind, spaces in unnumbered.items():
        if len(spaces) == 1:
            labels[spaces[0].id] = term(kind)
            continue
        ys = [s.y for s in spaces]
        xs = [s.x for s in spaces]
        vertical = max(ys) - min(ys) >= max(xs) - min(xs)
        for s in spaces:
            if vertical:
                word = "North" if s.y < sum(ys) / len(ys) else "South"
            else:
                word = "West" if s.x < sum(xs) / len(xs) else "East"
            labels[s.id] = _(_COMPASS[word]).format(kind=term(kind))
    _LABELS[key] = (board, labels)
    return labels


def with_article(label: str) -> str:
    """A space's name as a sentence reads it: numbered spaces read like proper names.

    ``"the Marketplace"`` but ``"Café 3"``: numbered spaces read like proper names (Japanese has no
    articles: ``"マーケット"``).
    """
    if label[-1:].isdigit():
        return label
    return _("the {space}").format(space=label)


def a_or_an(word: str) -> str:
    """``"an Artifact"``, ``"a Fact"`` (Japanese: the word alone)."""
    if word[:1].lower() in "aeiou":
        return _("an {word}").format(word=word)
    return _("a {word}").format(word=word)


def possessive(name: str) -> str:
    """A seat's name in the possessive, for the page's language.

    ``"Ada's"`` (Japanese ``"Adaの"``), but ``"Your"`` for the New game form's blank name "You"
    (:func:`is_you_name`).
    """
    return _("Your") if is_you_name(name) else _("{name}'s").format(name=name)


def months_text(count: int) -> str:
    """``"1 Month counter"``, ``"5 Month counters"``, in the page's language."""
    return ngettext("{count} Month counter", "{count} Month counters", count).format(count=count)


def months_note(months: int, needed: int) -> str:
    """The viewer's Month counters against what scoring needs (R75), as a sentence.

    ``"You have 3 Month counters; scoring needs 5."`` (the viewer's Month counters against what
    scoring needs, R75).
    """
    return ngettext(
        "You have {count} Month counter; scoring needs {needed}.",
        "You have {count} Month counters; scoring needs {needed}.",
        months,
    ).format(count=months, needed=needed)


def listing(items: Iterable[str]) -> str:
    """``items`` as a list in a sentence: ``"Africa 8, Amazon 3"`` (Japanese ``"、"``)."""
    return pgettext("list separator", ", ").join(items)


def card_words(card: Card) -> str:
    """``card`` as a sentence names it, with its type.

    ``card`` as a sentence names it, with its type: ``"Yeti Fur (Artifact)"`` (Japanese
    ``"「…」（遺物）"``).
    """
    return _("{card} ({type})").format(card=card_in_sentence(card), type=term(card.type))


def describe(
    event: Event,
    names: Sequence[str],
    cards: Mapping[str, Card],
    *,
    you: int | None = None,
    board: Board | None = None,
) -> str | None:
    """A plain game log line in the page's language, or ``None`` for an event not worth a line.

    ``names`` are the seats' names in seat order; ``cards`` maps card ids to cards; ``you`` is
    the viewing seat, whose lines read "You …". Callers pass only events the viewer may see.
    """
    labels = space_labels(board or load_board())
    data = event.data
    seat = event.seat
    who = names[seat] if seat is not None else ""
    # a seat with the blank name reads "You …" to anyone: never "You wins" (issue 50)
    is_you = seat is not None and (seat == you or is_you_name(who))

    def place(key: str) -> str:
        return with_article(labels.get(str(data.get(key, "")), str(data.get(key, "?"))))

    def card(key: str = "card") -> str:
        found = cards.get(str(data.get(key, "")))
        if found:
            return card_words(found)
        return str(data[key]) if key in data else _("a card")

    def pick(yours: str, theirs: str) -> str:
        return yours if is_you else theirs

    kind = event.kind
    count = int(data.get("count", 0))
    months = months_text(int(data.get("months", 0)))
    if kind == EventKind.TURN_STARTED:
        text = pick(_("Your turn {turn}: {months}."), _("{name}'s turn {turn}: {months}."))
        return text.format(name=who, turn=data.get("turn", ""), months=months)
    if kind == EventKind.STEPPED:
        text = pick(_("You stepped to {place}."), _("{name} stepped to {place}."))
        return text.format(name=who, place=place("to"))
    if kind == EventKind.STAYED:
        text = pick(_("You stayed put at {place}."), _("{name} stayed put at {place}."))
        return text.format(name=who, place=place("space"))
    if kind == EventKind.MONTHS_LOST:
        return _month_loss(str(data.get("reason", "")), pick).format(
            name=who, months=months, reason=data.get("reason", "")
        )
    if kind == EventKind.DREW:
        if is_you:
            return None  # the private drew_card line says which card
        return _drew(str(data.get("source", ""))).format(name=who)
    if kind == EventKind.DREW_CARD:
        return _("You drew {card}.").format(card=card())
    if kind == EventKind.DRAW_FAILED:
        text = pick(
            _("You could not draw: the deck and the discard pile are empty."),
            _("{name} could not draw: the deck and the discard pile are empty."),
        )
        return text.format(name=who)
    if kind == EventKind.RESHUFFLED:
        cards_in = int(data.get("cards", 0))
        return ngettext(
            "The discard pile ({count} card) was shuffled into a new deck.",
            "The discard pile ({count} cards) was shuffled into a new deck.",
            cards_in,
        ).format(count=cards_in)
    if kind == EventKind.CARD_PLAYED:
        text = pick(
            _("You played {card} into your Inventory."),
            _("{name} played {card} into their Inventory."),
        )
        return text.format(name=who, card=card())
    if kind == EventKind.PARK_MOVED:
        return _("Captain Park moved to {place}.").format(place=place("to"))
    if kind == EventKind.PLAY_SKIPPED:
        text = pick(_("You played no card at {place}."), _("{name} played no card at {place}."))
        return text.format(name=who, place=place("space"))
    if kind == EventKind.CARD_DISCARDED:
        text = pick(
            _("You discarded {card} at the Marketplace."),
            _("{name} discarded {card} at the Marketplace."),
        )
        return text.format(name=who, card=card())
    if kind == EventKind.EXCHANGED:
        if count == 0:
            return pick(_("You kept your hand."), _("{name} kept their hand.")).format(name=who)
        text = pick(
            ngettext(
                "You drew {count} replacement card.", "You drew {count} replacement cards.", count
            ),
            ngettext(
                "{name} drew {count} replacement card.",
                "{name} drew {count} replacement cards.",
                count,
            ),
        )
        return text.format(name=who, count=count)
    if kind == EventKind.CANNOT_SCORE:
        text = pick(
            _("You cannot score an expedition yet."), _("{name} cannot score an expedition yet.")
        )
        return text.format(name=who)
    if kind == EventKind.SCORE_DECLINED:
        return pick(_("You declined to score."), _("{name} declined to score.")).format(name=who)
    if kind == EventKind.SCORED:
        text = pick(
            _(
                "You scored an expedition to {destination} for {total} points (Basic {basic}, "
                "Diversity {diversity}, Endurance {endurance}, Fad {fad}, Novelty {novelty}); "
                "total {score}."
            ),
            _(
                "{name} scored an expedition to {destination} for {total} points (Basic {basic}, "
                "Diversity {diversity}, Endurance {endurance}, Fad {fad}, Novelty {novelty}); "
                "total {score}."
            ),
        )
        return text.format(
            name=who,
            destination=term(str(data.get("destination"))),
            **{k: data.get(k) for k in _SCORE_PARTS},
        )
    if kind == EventKind.FAD_REVEALED:
        return _("The Fad card turned over is {card}.").format(card=card())
    if kind == EventKind.FAD_SET:
        return _("The Fad is now {destination}.").format(
            destination=term(str(data.get("destination")))
        )
    if kind == EventKind.CYCLE_COMPLETED:
        text = pick(
            _("You have been to all five destinations and may visit each again."),
            _("{name} has been to all five destinations and may visit each again."),
        )
        return text.format(name=who)
    if kind == EventKind.GAME_WON:
        text = pick(_("You win with {score} points!"), _("{name} wins with {score} points!"))
        return text.format(name=who, score=data.get("score"))
    return None


_SCORE_PARTS = ("total", "basic", "diversity", "endurance", "fad", "novelty", "score")
"""The numbers of a ``SCORED`` event's line."""


def _month_loss(reason: str, pick: Callable[[str, str], str]) -> str:
    """The ``MONTHS_LOST`` line for ``reason`` (``{name}``, ``{months}``, ``{reason}`` in it)."""
    if reason == "walked_into_park":
        return pick(
            _("You lost {months}: walking into Captain Park."),
            _("{name} lost {months}: walking into Captain Park."),
        )
    if reason == "park_landed":
        return pick(
            _("You lost {months}: Captain Park landed on you."),
            _("{name} lost {months}: Captain Park landed on them."),
        )
    if reason == "ended_in_club":
        return pick(
            _("You lost {months}: ending the turn in the Gentlemen's Club."),
            _("{name} lost {months}: ending the turn in the Gentlemen's Club."),
        )
    if reason == "stayed_with_park":
        return pick(
            _("You lost {months}: staying put beside Captain Park."),
            _("{name} lost {months}: staying put beside Captain Park."),
        )
    return pick(_("You lost {months}: {reason}."), _("{name} lost {months}: {reason}."))


def _drew(source: str) -> str:
    """Another seat's ``DREW`` line for the card's ``source`` (``{name}`` in it)."""
    if source == "café":
        return _("{name} drew a card at the Café.")
    if source == "club":
        return _("{name} drew a card at the Gentlemen's Club.")
    if source == "market":
        return _("{name} drew a card at the Marketplace.")
    return _("{name} drew a card.")


def space_hint(space: Space, *, park_here: bool, playable: int, can_score: bool) -> str:
    """A few words on what stepping into ``space`` would do, for the step buttons.

    A few words on what stepping into ``space`` would do, for the step buttons, saying when it ends
    the turn (every space but a shop where a card can be played: R31-R54).

    ``playable``: how many hand cards of the shop's type the player holds; ``can_score``:
    whether the player would qualify to score on entering the Club.
    """
    hint = _space_effect(space, playable=playable, can_score=can_score)
    if not park_here:
        return hint
    if not hint:
        return _("Captain Park is here: you would lose your Month counters")
    return _("Captain Park is here: you would lose your Month counters; {hint}").format(hint=hint)


def _space_effect(space: Space, *, playable: int, can_score: bool) -> str:
    """What entering ``space`` does, for :func:`space_hint` (``""``: nothing to say)."""
    kind = space.kind
    if kind == CAFE:
        return _("draw a card; your turn ends")
    if kind == HOTEL:
        return _("safe from Captain Park; your turn ends")
    if kind == MARKETPLACE:
        return _("exchange cards, then your turn ends; safe from Captain Park")
    if kind == CLUB:
        if can_score:
            return _("draw a card and score; your turn ends")
        return _(
            "draw a card; your turn ends, and you cannot score yet: ending the turn there "
            "clears your Month counters"
        )
    if space.card_type is not None:
        if playable:
            return _("you can play {card} and step again, or end your turn").format(
                card=a_or_an(term(space.card_type))
            )
        return _("no {card_type} in your hand: your turn ends").format(
            card_type=term(space.card_type)
        )
    return ""
