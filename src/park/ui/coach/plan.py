"""The coach's plans in words, in the page's language.

A hint's decisions as one sentence ("Step to Café 3, then stay put."), and the joints its sentences
share (lists of names, sentences one after another).

In Japanese a plan's earlier decisions take a joining form (「カフェ3へ進み、」) and only its
last one ends the sentence, so each decision has a message for either place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from park.engine.actions import (
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
from park.engine.deck import Card
from park.ui.lang.i18n import NC_, _, card_in_sentence, pgettext, term
from park.ui.lang.text import listing, with_article


def sentences(*parts: str) -> str:
    """Sentences (or a label and a sentence) one after another.

    A space between them in English, none in Japanese.
    """
    text = parts[0] if parts else ""
    for part in parts[1:]:
        text = pgettext("two sentences in a row", "{first} {second}").format(
            first=text, second=part
        )
    return text


def listed(items: Sequence[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"`` (``items`` not empty)."""
    if len(items) == 1:
        return items[0]
    return pgettext("a list", "{items} and {last}").format(
        items=listing(items[:-1]), last=items[-1]
    )


def card_label(card_id: str, cards: Mapping[str, Card]) -> str:
    """A card's name in the page's language (its id if unknown), as a sentence names it.

    Japanese sets it in 「」: card names hold 、 and と, which lists of them also use.
    """
    found = cards.get(card_id)
    return card_in_sentence(found) if found else card_id


_DECISIONS: Mapping[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "step": (
        NC_("a plan's last decision", "step to {space}"),
        NC_("a plan's decision before another", "step to {space}"),
    ),
    "stay": (
        NC_("a plan's last decision", "stay put"),
        NC_("a plan's decision before another", "stay put"),
    ),
    "end": (
        NC_("a plan's last decision", "end your turn"),
        NC_("a plan's decision before another", "end your turn"),
    ),
    "play": (
        NC_("a plan's last decision", "play {card}"),
        NC_("a plan's decision before another", "play {card}"),
    ),
    "skip": (
        NC_("a plan's last decision", "play no card"),
        NC_("a plan's decision before another", "play no card"),
    ),
    "exchange": (
        NC_("a plan's last decision", "exchange {card}"),
        NC_("a plan's decision before another", "exchange {card}"),
    ),
    "finish": (
        NC_("a plan's last decision", "finish the exchange"),
        NC_("a plan's decision before another", "finish the exchange"),
    ),
    "fad": (
        NC_("a plan's last decision", "make {destination} the Fad"),
        NC_("a plan's decision before another", "make {destination} the Fad"),
    ),
    "score": (
        NC_("a plan's last decision", "score {destination}"),
        NC_("a plan's decision before another", "score {destination}"),
    ),
    "decline": (
        NC_("a plan's last decision", "decline to score"),
        NC_("a plan's decision before another", "decline to score"),
    ),
}
"""Each kind of decision in a plan: as its last one, and as one before another."""


def _decision(kind: str, last: bool, **values: str) -> str:
    return pgettext(*_DECISIONS[kind][0 if last else 1]).format(**values)


def action_words(
    action: Action, labels: Mapping[str, str], cards: Mapping[str, Card], *, last: bool = True
) -> str:
    """One decision in a few words, lower case: ``"step to Café 3"``, ``"play Yeti Fur"``.

    ``last``: the plan's last decision (not last: the joining form Japanese needs).
    """
    if isinstance(action, Step):
        return _decision("step", last, space=with_article(labels.get(action.space, action.space)))
    if isinstance(action, Stay):
        return _decision("stay", last)
    if isinstance(action, PlayCard):
        return _decision("play", last, card=card_label(action.card, cards))
    if isinstance(action, SkipPlay):
        return _decision("skip", last)
    if isinstance(action, Discard):
        return _decision("exchange", last, card=card_label(action.card, cards))
    if isinstance(action, FinishExchange):
        return _decision("finish", last)
    if isinstance(action, ChooseFad):
        return _decision("fad", last, destination=term(action.destination))
    if isinstance(action, Score):
        return _decision("score", last, destination=term(action.destination))
    if isinstance(action, DeclineScore):
        return _decision("decline", last)
    return str(action)


def _end_turn(last: bool) -> str:
    """Staying put just after a card played, as the decision's button says it."""
    return _decision("end", last)


def plan_words(
    actions: Sequence[Action],
    labels: Mapping[str, str],
    cards: Mapping[str, Card],
    *,
    after_card: bool = False,
) -> str:
    """The plan as one sentence: ``"Step to Café 3, play Yeti Fur, then stay put."``.

    The Marketplace's discards read as one exchange: ``"Exchange Yeti Fur and Ice Axe."``, or
    ``"Keep your hand."``. Staying after a card played (``after_card``: the plan starts just after
    one) reads "end your turn", as the decision's button does.
    """
    discards = [card_label(a.card, cards) for a in actions if isinstance(a, Discard)]
    if actions and all(isinstance(a, Discard | FinishExchange) for a in actions):
        if not discards:
            return _("Keep your hand.")
        return _("Exchange {cards}.").format(cards=listed(discards))
    words = []
    for k, action in enumerate(actions):
        last = k == len(actions) - 1
        if isinstance(action, Stay) and after_card:
            words.append(_end_turn(last))
        else:
            words.append(action_words(action, labels, cards, last=last))
        after_card = isinstance(action, PlayCard)
    if not words:
        return ""
    if len(words) == 1:
        sentence = pgettext("a plan of one decision", "{decision}.").format(decision=words[0])
    else:
        sentence = words[0]
        for word in words[1:-1]:
            sentence = pgettext("a plan", "{earlier}, {decision}").format(
                earlier=sentence, decision=word
            )
        sentence = pgettext("a plan", "{earlier}, then {last}.").format(
            earlier=sentence, last=words[-1]
        )
    return sentence[0].upper() + sentence[1:]
