"""The decision panel.

What the viewing seat must decide now, with one button per choice (R21-R54 as the page asks them),
built from the observation and the legal actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

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
from park.engine.observation import Observation
from park.engine.state import Phase
from park.engine.terms import DESTINATIONS, SHOP_CARD_TYPE
from park.ui.lang.i18n import _, card_in_sentence, ngettext, pgettext, term
from park.ui.lang.text import level_name, listing, months_text, with_article
from park.ui.play.outlook import expedition_outlook, park_landing_note, stay_hint
from park.ui.play.view_types import DANGER, BoardView, ButtonView, DecisionView, card_view
from park.ui.play.warnings import MoveRisk, warning_words


def worth(values: Mapping[str, int]) -> str:
    """What a card is worth, destination by destination.

    What a card is worth, destination by destination in the scoring board's order: ``"Africa 8,
    Amazon 3"`` (so a card can be chosen from its button alone).
    """
    return listing(
        [
            _("{destination} {points}").format(destination=term(d), points=values[d])
            for d in DESTINATIONS
            if values.get(d)
        ]
    )


EXCHANGE = str(FinishExchange())
"""The Marketplace button's action text: the page hands it over with the ids of the cards
whose check boxes are ticked, and :func:`exchange_actions` makes the decisions."""


def exchange_actions(card_ids: Sequence[str]) -> list[Action]:
    """The decisions of a Marketplace exchange of ``card_ids`` (R46, R47).

    Each card discarded, in the order given, then the exchange finished (as many cards drawn). With
    no card, the hand is kept. Whether the cards are in the hand is the engine's to check.
    """
    return [*(Discard(card_id) for card_id in card_ids), FinishExchange()]


def exchange_label(selected: int) -> str:
    """The Marketplace button's text for ``selected`` chosen cards (R46, R47)."""
    if selected == 0:
        return _("Keep my hand")
    return ngettext("Exchange {count} card", "Exchange {count} cards", selected).format(
        count=selected
    )


def _style(risk: MoveRisk | None, style: str) -> str:
    """A move's button style.

    :data:`DANGER` when it is warned (``park.ui.play.warnings``), else ``style``.
    """
    return DANGER if risk is not None and risk.warned else style


def _ends_turn(detail: str, risk: MoveRisk | None) -> str:
    """The words of a move that ends the turn where the pawn stands, with its warned chance, if any.

    See ``park.ui.play.warnings.warning_words``.
    """
    odds = warning_words(risk) if risk is not None else ""
    return _("{hint}; {odds}").format(hint=detail, odds=odds) if odds else detail


def decision_view(
    obs: Observation,
    legal: Sequence[Action],
    board: BoardView,
    risks: Mapping[str, MoveRisk] | None = None,
) -> DecisionView:
    """What ``obs.seat`` must decide now.

    What ``obs.seat`` must decide now (a ``"wait"`` view during another seat's turn, an ``"over"``
    view once the game has ended). ``legal``: the legal actions, used only on the seat's own turn;
    ``board``: the board view, for the spaces' labels and hints (a step's words are its space's,
    warnings included); ``risks``: each move's risk to the Month counters by action text
    (``park.ui.play.warnings.move_risks``): a warned move is a :data:`DANGER` button whose words say
    the chance; they are kept on the view (``DecisionView.risks``).
    """
    risks = risks or {}
    return replace(_decision_view(obs, legal, board, risks), risks=tuple(risks.values()))


def _decision_view(
    obs: Observation, legal: Sequence[Action], board: BoardView, risks: Mapping[str, MoveRisk]
) -> DecisionView:
    cards = obs.rules.cards
    index = obs.rules.card_index
    labels = {s.id: s for s in board.spaces}
    me = obs.me
    here = with_article(labels[me.position].label)
    if obs.phase is Phase.OVER:
        return DecisionView("over", _("Game over"), _("The game has ended."), ())
    if not obs.my_turn:
        active = obs.seats[obs.active]
        name = active.spec.name
        level = level_name(active.spec.controller, "")
        return DecisionView(
            "wait",
            _("{name}'s turn").format(name=name),
            _("{name} ({level}) is thinking… Watch the map and the log.").format(
                name=name, level=level
            ),
            (),
        )
    phase = obs.phase
    if phase in (Phase.START, Phase.STEP_AGAIN):
        # A warned step is red here as on the map (SpaceView.warned), with the same words.
        buttons = [
            ButtonView(
                str(a),
                _("Step to {space}").format(space=labels[a.space].label),
                labels[a.space].hint,
                _style(risks.get(str(a)), "primary"),
            )
            for a in legal
            if isinstance(a, Step)
        ]
        stay_risk = risks.get(str(Stay()))
        if phase is Phase.START:
            hint, clears_months = stay_hint(obs)
            if not clears_months and stay_risk is not None and stay_risk.warned:
                hint = _ends_turn(_("the turn ends"), stay_risk)
            style = _style(stay_risk, "secondary")
            buttons.append(ButtonView(str(Stay()), pgettext("button", "Stay put"), hint, style))
            return DecisionView(
                "start",
                _("Your turn"),
                _(
                    "You are at {space} with {months}. Choose a highlighted space on the map, "
                    "or a move below."
                ).format(space=here, months=months_text(me.months)),
                tuple(buttons),
            )
        stay = _ends_turn(_("stay at {space}; the turn ends").format(space=here), stay_risk)
        buttons.append(
            ButtonView(str(Stay()), _("End my turn"), stay, _style(stay_risk, "secondary"))
        )
        return DecisionView(
            "step_again",
            _("Step again?"),
            _(
                "Captain Park moved to {park}. You may take another step, or end your turn "
                "at {space}."
            ).format(park=with_article(labels[obs.park_space].label), space=here),
            tuple(buttons),
        )
    if phase is Phase.PLAY:
        shop = labels[me.position]
        landing = park_landing_note(obs)[0]
        plays = [
            ButtonView(
                str(a),
                _("Play {card}").format(card=card_in_sentence(card)),
                _("{type}, {worth}; {landing}").format(
                    type=term(card.type), worth=worth(card.values), landing=landing
                ),
                _style(risks.get(str(a)), "primary"),
            )
            for a in legal
            if isinstance(a, PlayCard)
            for card in (cards[index[a.card]],)
        ]
        skip_risk = risks.get(str(SkipPlay()))
        if plays:
            skip = ButtonView(
                str(SkipPlay()),
                _("Play no card"),
                _ends_turn(_("the turn ends"), skip_risk),
                _style(skip_risk, "secondary"),
            )
        else:  # nothing to play here: the only move ends the turn, and says so (R45)
            skip = ButtonView(
                str(SkipPlay()),
                _("End my turn"),
                _ends_turn(_("stay at {space}; the turn ends").format(space=here), skip_risk),
                _style(skip_risk, "secondary"),
            )
        plays.append(skip)
        shop_type = SHOP_CARD_TYPE.get(shop.kind)
        card_type = term(shop_type) if shop_type else _("card")
        if len(plays) > 1:
            prompt = _(
                "Play one {card_type} into your Inventory? Captain Park then moves one number: "
                "{landing}. Then you may step again."
            ).format(card_type=card_type, landing=landing)
        else:
            prompt = _("You hold no {card_type} to play here, so your turn ends.").format(
                card_type=card_type
            )
        title = _("At {space}").format(space=shop.label)
        return DecisionView("play", title, prompt, tuple(plays))
    if phase is Phase.MARKET:
        discards = [a for a in legal if isinstance(a, Discard)]
        hand = tuple(card_view(cards[index[a.card]]) for a in discards)
        done = obs.pending_draws
        prompt = _("Tick the cards to give up; you draw as many new ones.")
        if done:
            prompt = ngettext(
                "Tick the cards to give up; you draw as many new ones. "
                "({count} card already discarded.)",
                "Tick the cards to give up; you draw as many new ones. "
                "({count} cards already discarded.)",
                done,
            ).format(count=done)
        return DecisionView(
            "market",
            _("At the Marketplace"),
            _("{prompt} Then your turn ends.").format(prompt=prompt),
            (ButtonView(EXCHANGE, exchange_label(0)),),
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
            ButtonView(
                o.action or "",
                ngettext(
                    "Score {destination} for {count} point",
                    "Score {destination} for {count} points",
                    o.total,
                ).format(destination=term(o.destination), count=o.total),
                _("your whole Inventory is discarded; your turn ends"),
            )
            for o in options
        )
        decline = ButtonView(
            str(DeclineScore()),
            _("Decline to score"),
            _("keep your Inventory; you still lose your Month counters, and your turn ends"),
            _style(risks.get(str(DeclineScore())), "secondary"),
        )
        return DecisionView(
            "club",
            _("At the Gentlemen's Club"),
            ngettext(
                "You qualify with {count} Month counter. Score one expedition, or decline. "
                "Either way your Month counters are cleared at the end of the turn. Scoring "
                "discards your whole Inventory: first the cards worth nothing for the "
                "destination, which do not count, then the proof.",
                "You qualify with {count} Month counters. Score one expedition, or decline. "
                "Either way your Month counters are cleared at the end of the turn. Scoring "
                "discards your whole Inventory: first the cards worth nothing for the "
                "destination, which do not count, then the proof.",
                me.months,
            ).format(count=me.months),
            (*score_buttons, decline),
            score_options=options,
        )
    if phase is Phase.FAD:
        choices = tuple(
            ButtonView(
                str(a), _("Make {destination} the Fad").format(destination=term(a.destination))
            )
            for a in legal
            if isinstance(a, ChooseFad)
        )
        return DecisionView(
            "fad",
            _("Choose the Fad"),
            _(
                "The card turned over is worth the most for more than one destination. "
                "Pick the new Fad."
            ),
            choices,
        )
    return DecisionView(
        str(phase), _("Your turn"), "", tuple(ButtonView(str(a), str(a)) for a in legal)
    )
