"""The face of a card as HTML.

A hand card (type band, name, values per destination, joke, its Play button) and an Inventory card
in one line. Pure string building, every piece of text escaped and in the page's language;
``park.ui.play.panels`` lays them out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from park.ui.lang.i18n import N_, _, pgettext, term
from park.ui.lang.text import listing
from park.ui.play.markup import escape
from park.ui.play.view_types import ButtonView, CardView

_DEST_SHORT = {
    "Africa": N_("Afr"),
    "Amazon": N_("Ama"),
    "China": N_("Chi"),
    "Everest": N_("Eve"),
    "South Pole": N_("S.P."),
}
"""Each destination's abbreviation on a card's values (N_-marked: shown with ``_()``)."""


def worth_text(values: Sequence[tuple[str, int | None]], *, short: bool = False) -> str:
    """What a card is worth, destination by destination.

    ``"Africa 8, Amazon 3"`` (with ``short``, the abbreviations joined by ``" · "``: ``"Afr 8 · Ama
    3"``).
    """
    if short:
        return " · ".join(
            _("{destination} {points}").format(destination=_(_DEST_SHORT[d]), points=v)
            for d, v in values
            if v is not None
        )
    return listing(
        [
            _("{destination} {points}").format(destination=term(d), points=v)
            for d, v in values
            if v is not None
        ]
    )


def hint_id(action: str) -> str:
    """The id of the element holding the hint of the control for ``action``.

    The id of the element holding the hint of the control for ``action`` (its accessible
    description): ``"hint-step-3"`` for ``"step:3"``.
    """
    return "hint-" + re.sub(r"[^A-Za-z0-9_-]+", "-", action)


def card_html(
    card: CardView, *, compact: bool = False, tag: str = "article", play: ButtonView | None = None
) -> str:
    """One card face: type band, name, values per destination, flavour text.

    With ``play`` (the decision button that plays this card), the card holds a "Play" button
    for that action whose click area covers the whole card: clicking a playable card plays
    it. Its name is ``play.label`` ("Play Lion's Tooth…", starting with the visible "Play");
    the hint, the type and the values are its description.
    """
    values = "".join(
        f'<li class="val{" is-best" if d == card.best else ""}{" is-blank" if v is None else ""}">'
        f'<abbr title="{escape(term(d))}">{escape(_(_DEST_SHORT[d]))}</abbr>'
        f"<b>{'–' if v is None else v}</b></li>"
        for d, v in card.values
    )
    worth = worth_text(card.values)
    kind = term(card.type)
    classes = f"card type-{card.type_slug}" + (" is-playable" if card.playable else "")
    if compact:
        classes += " is-compact"
    playable, new = _("Playable here"), pgettext("card", "New")
    here = f'<span class="card-badge">{escape(playable)}</span>'
    badge = here if card.playable else ""
    if card.is_new:
        classes += " is-new"
        badge += f'<span class="card-badge card-new">{escape(new)}</span>'
    flavor = "" if compact else f'<p class="card-flavor">{escape(card.flavor)}</p>'
    said = _("{card}: {type}; {worth}").format(card=card.name, type=kind, worth=worth)
    if card.is_new:
        said = _("{card}: {type}; {worth}, just drawn").format(
            card=card.name, type=kind, worth=worth
        )
    acts = f'aria-label="{escape(said)}"'
    if play is not None:
        classes += f" is-action btn-{escape(play.style)}-card"
        hint = f"card-{hint_id(play.action)}"
        detail = _("{hint}, just drawn") if card.is_new else "{hint}"
        title = _("{label}: {hint}").format(label=play.label, hint=play.detail)
        badge = (
            f'<button type="button" class="card-badge card-play" '
            f'data-action="{escape(play.action)}" aria-describedby="{hint}" '
            f'title="{escape(title)}">{_play_words(play.label)}</button>'
            f'<span class="visually-hidden" id="{hint}">'
            f"{escape(detail.format(hint=play.detail))}</span>"
        ) + badge.replace(here, "")
    at = _("at {space}").format(space=term(card.played_at))
    return (
        f'<{tag} class="{classes}" data-card="{escape(card.id)}" {acts}>'
        f'<header class="card-type"><span>{escape(kind)}</span>'
        f"<small>{escape(at)}</small></header>"
        f'<h3 class="card-name">{escape(card.name)}</h3>'
        f'<ul class="card-values" aria-hidden="true">{values}</ul>'
        f"{flavor}{badge}</{tag}>"
    )


def _play_words(label: str) -> str:
    """The card's Play button's words.

    The visible "Play", then the rest of ``label`` (its accessible name, "Play Lion's Tooth…")
    hidden but read.
    """
    visible = pgettext("card button", "Play")
    if label.startswith(visible):
        rest = label.removeprefix(visible)
        return f'{escape(visible)}<span class="visually-hidden">{escape(rest)}</span>'
    return (
        f'<span aria-hidden="true">{escape(visible)}</span>'
        f'<span class="visually-hidden">{escape(label)}</span>'
    )


def chip_html(card: CardView) -> str:
    """A face-up Inventory card in one line: type colour, name and its values."""
    kind = term(card.type)
    title = _("{type}: {flavor}").format(type=kind, flavor=card.flavor)
    said = _("{card} ({type}): {worth}").format(
        card=card.name, type=kind, worth=worth_text(card.values)
    )
    return (
        f'<li class="chip type-{card.type_slug}" data-card="{escape(card.id)}" '
        f'title="{escape(title)}" aria-label="{escape(said)}">'
        f'<span class="chip-name">{escape(card.name)}</span>'
        f'<span class="chip-vals" aria-hidden="true">'
        f"{escape(worth_text(card.values, short=True))}</span></li>"
    )


__all__ = ["card_html", "chip_html", "hint_id", "worth_text"]
