"""What the rules say a choice would bring, in plain words and numbers.

The expedition each destination would score now, where a card play sends Captain Park, what staying
put costs.

The decision panel and the map's hints are built from these (``park.ui.play.decision``,
``park.ui.play.view``); each explanation comes from the engine's own rules (``score_preview``'s
scoring, :mod:`park.engine.turn_rules`), so what the page says is what the engine does.
"""

from __future__ import annotations

from park.engine.observation import Observation
from park.engine.scoring import expedition_for, proof, qualifying
from park.engine.state import BREAKDOWN_NUMBERS, Expedition
from park.engine.terms import DESTINATIONS
from park.engine.turn_rules import ENDED_IN_CLUB, park_after_play, turn_end_loss
from park.ui.lang.i18n import _, card_in_sentence
from park.ui.lang.text import listing, months_text, space_labels, with_article
from park.ui.play.view_types import DESTINATION_SLUGS, BreakdownView


def breakdown_view(
    obs: Observation, exp: Expedition, *, action: str | None, qualifies: bool
) -> BreakdownView:
    """The view of expedition ``exp`` (scored, or one that could be).

    The view of expedition ``exp`` (scored, or one that could be): its Month counters, five parts
    and total as they are, and the names of its cards. ``action`` is the Score action's text, if a
    button scores it; ``qualifies``: whether the Club would accept it now.
    """
    cards = obs.rules.cards
    return BreakdownView(
        destination=exp.destination,
        **{name: getattr(exp, name) for name in BREAKDOWN_NUMBERS},
        cards=tuple(card_in_sentence(cards[c]) for c in exp.cards),
        worthless=tuple(card_in_sentence(cards[c]) for c in exp.worthless),
        slug=DESTINATION_SLUGS[exp.destination],
        action=action,
        qualifies=qualifies,
        turn=exp.turn,
    )


def expedition_outlook(obs: Observation, seat: int | None = None) -> tuple[BreakdownView, ...]:
    """What ``seat`` would score for each destination its Inventory has proof for, if it scored now.

    What ``seat`` (default: the viewer) would score for each destination its Inventory has proof
    for, if it scored now with its current Month counters (R74-R88).

    ``qualifies`` says whether the Club would accept it now: enough months (R75) and not yet
    visited this cycle (R76).
    """
    who = obs.seat if seat is None else seat
    public = obs.seats[who]
    rules = obs.rules
    scorable = qualifying(rules, public.months, obs.months_needed, public.inventory, public.visited)
    out: list[BreakdownView] = []
    for d, dest in enumerate(DESTINATIONS):
        if not proof(rules, public.inventory, d)[0]:  # no proof for it (R74)
            continue
        exp = expedition_for(
            rules,
            public,
            dest,
            months_needed=obs.months_needed,
            fad=obs.fad,
            scored_before=obs.scorings[d],
        )
        out.append(breakdown_view(obs, exp, action=None, qualifies=dest in scorable))
    return tuple(out)


def park_landing_note(obs: Observation) -> tuple[str, bool]:
    """Where a card played now sends Captain Park and whose Month counters he would clear there.

    Where a card played now sends Captain Park and whose Month counters he would clear there (R42,
    R59, R62; A24: his landing on you counts too), e.g. ``"he lands on you: you lose 5 Month
    counters"`` or ``"he moves to Café 10"``; and whether he would clear the viewer's own (some to
    lose).
    """
    landing = park_after_play(obs.rules, obs.park)[1]
    where = with_article(space_labels(obs.rules.board)[landing])
    caught = [(i, s) for i, s in enumerate(obs.seats) if s.position == landing and s.months > 0]
    mine = [s for i, s in caught if i == obs.seat]
    others = listing(
        [
            _("{name} ({months})").format(name=s.spec.name, months=months_text(s.months))
            for i, s in caught
            if i != obs.seat
        ]
    )
    if mine:
        months = months_text(mine[0].months)
        if others:
            note = _("he lands on you at {space}: you lose {months}, and so does {others}")
        else:
            note = _("he lands on you at {space}: you lose {months}")
        return note.format(space=where, months=months, others=others), True
    if others:
        return _("he lands on {space}, clearing {others}").format(space=where, others=others), False
    return _("he moves to {space}").format(space=where), False


def stay_hint(obs: Observation) -> tuple[str, bool]:
    """What staying put at the start of the turn costs (R24, R52, R66 / A1).

    What staying put at the start of the turn costs (R24, R52, R66 / A1), and whether it clears the
    player's Month counters: ending the turn in the Club or on Park's space.
    """
    loss = turn_end_loss(obs.rules, obs.me.position, obs.park)
    if loss == ENDED_IN_CLUB:
        return _("the turn ends; ending it in the Club clears your Month counters"), True
    if loss is not None:
        return _("the turn ends; Captain Park sees you and clears your Month counters"), True
    return _("the turn ends; nothing happens"), False
