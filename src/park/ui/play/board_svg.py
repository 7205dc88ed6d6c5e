"""SVG markup of the map of London, from the view model (the scoring board is ``scoring_svg``).

The map is drawn as an old street plan: parchment, the Thames with its bridges, a park, a
compass rose, streets for the black paths, and each space as a little house whose roof colour
and sign say what it is (a cup for a Café, a newspaper for a News Stand…), with its number on
a round plaque. Pawns stand on the doorsteps; Captain Park wears his top hat.

Every space is a ``<g data-space="<id>">`` with an accessible name and, as its accessible
description (``aria-describedby`` to a ``<desc>``), the hint on what stepping there would do;
the ones the player may step to are ``role="button"`` with ``data-action="step:<id>"`` and
``aria-label="Step to …"``; a warned one (``park.ui.play.warnings``) has ``is-costly`` and a
red triangle. The map is one tab stop (the first space the player may step to, else the
player's own space, has ``tabindex="0"``, the others ``-1``); ``data-up``, ``data-down``,
``data-left`` and ``data-right`` name the space each arrow key moves the focus to
(:func:`park.ui.play.geometry.arrow_neighbours`).

Motion: given a duration, the pawns that just moved and Captain Park slide from where they
were drawn before: each is wrapped in ``<g class="pk-slide">`` layers, one per hop, whose
inline ``--dx``/``--dy`` are the offset to start from and ``--slide``/``--delay`` the timing
(the page's stylesheet animates them, and not at all with ``prefers-reduced-motion``).

:func:`board_markup` gives the map played on in parts (``park.ui.play.map_patch``), so that
the page redraws only the parts that changed; :func:`board_svg` the whole ``<svg>``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

from park.ui.lang.i18n import _, pgettext, term
from park.ui.play.colours import ink_on
from park.ui.play.geometry import WARNING_MARK, arrow_neighbours, house_shape
from park.ui.play.map_patch import PIECES_LAYER, SPACES_LAYER, MapMarkup, attribute_selector
from park.ui.play.markup import escape
from park.ui.play.view_types import (
    BoardView,
    MoveView,
    PawnView,
    SpaceView,
)

ROOF_COLOURS: dict[str, str] = {
    "club": "#23412f",
    "market": "#9a5b2a",
    "hotel": "#5b5f73",
    "cafe": "#6d7f2e",
    "antique": "#8c4a2f",
    "gym": "#b07d1a",
    "gift": "#2f6f6a",
    "news": "#2d4f8a",
    "records": "#8e2c3a",
}
"""Roof colour per space kind; shops share their colour with the card type they take."""

# Icons drawn in white on the roofs, centred on (0, 0), about 26 units across.
_ICONS: dict[str, str] = {
    "cafe": (
        '<path d="M-9 -3h14v5a7 7 0 0 1-14 0z"/><path d="M5 -1a4 4 0 0 1 0 7" fill="none"/>'
        '<path d="M-5 -7q2 -3 0 -6M0 -7q2 -3 0 -6" fill="none"/>'
    ),
    "news": (
        '<rect x="-11" y="-9" width="22" height="18" rx="1.5"/>'
        '<path class="cut" d="M-7 -4.5h14M-7 0h5M-7 4.5h5"/>'
        '<rect class="cut" x="1.5" y="-0.5" width="5.5" height="5.5"/>'
    ),
    "antique": (
        '<path d="M-4 -11h8M-3 -11v3q-7 3 -6 9q1 6 5 8h8q4 -2 5 -8q1 -6 -6 -9v-3"/>'
        '<path class="cut" d="M-5 1h10"/>'
    ),
    "gift": (
        '<rect x="-12" y="-5" width="24" height="16" rx="2.5"/><path d="M-5 -5l2 -4h6l2 4"/>'
        '<circle class="cut" cx="0" cy="3" r="4.5"/><circle class="cut" cx="8" cy="-1.5" r="0.8"/>'
    ),
    "gym": (
        '<path d="M-8 0h16" fill="none"/><rect x="-12" y="-6" width="4" height="12" rx="1"/>'
        '<rect x="8" y="-6" width="4" height="12" rx="1"/>'
    ),
    "records": (
        '<path d="M-7 -10h14v4a7 7 0 0 1-14 0z"/><path d="M0 3v4M-5 10h10M-3 7h6" fill="none"/>'
        '<path d="M-7 -8h-3a3 3 0 0 0 3 5M7 -8h3a3 3 0 0 1-3 5" fill="none"/>'
    ),
    "hotel": (
        '<path d="M-11 6v-11M-11 2h22v4M11 2v-3q0 -3 -3 -3h-9v6" fill="none"/>'
        '<circle cx="-6" cy="-1.5" r="2.5"/>'
    ),
    "market": (
        '<path d="M-12 -2h24l-3 10h-18z"/><path d="M-12 -2l-3 -5" fill="none"/>'
        '<circle cx="-6" cy="11" r="2"/><circle cx="6" cy="11" r="2"/>'
        '<path class="cut" d="M-5 0v6M0 0v6M5 0v6"/>'
    ),
    "club": (
        '<path d="M-7 4v-13h14v13M-12 4h24"/><path class="cut" d="M-7 0h14" stroke-width="3"/>'
    ),
}

_SVG_DEFS = (
    "<defs>"
    '<radialGradient id="pk-paper" cx="50%" cy="45%" r="75%">'
    '<stop offset="0" stop-color="#fbf1d8"/><stop offset="0.7" stop-color="#efdcae"/>'
    '<stop offset="1" stop-color="#d9bd84"/></radialGradient>'
    '<linearGradient id="pk-water" x1="0" y1="0" x2="0" y2="1">'
    '<stop offset="0" stop-color="#a9c6cf"/><stop offset="1" stop-color="#85aab7"/>'
    "</linearGradient>"
    '<symbol id="pk-pawn" viewBox="-12 -30 24 32" overflow="visible">'
    '<circle cx="0" cy="-22" r="9"/>'
    '<path d="M-5.5 -14h11l-2 3q4 6 5.5 11h-18q1.5 -5 5.5 -11z"/>'
    '<rect x="-10" y="-1" width="20" height="4" rx="2"/>'
    "</symbol>"
    "</defs>"
)

_THAMES = (
    "M-30 452C70 440 150 492 232 505S360 528 420 512S560 470 640 488S780 540 860 532"
    "S960 498 1030 502"
)


def _f(value: float) -> str:
    """A compact number for SVG attributes."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _text(text: str) -> str:
    """``text`` as element text: ``& < >`` escaped, quotes kept so the drawing's English stays."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _decor(width: int, height: int) -> str:
    """The parchment, frame, river, park, compass rose and title cartouche (static)."""
    park_name = _text(_("St James's Park"))
    river = _text(_("River Thames"))
    north = _text(pgettext("compass", "N"))
    title = (
        _text(pgettext("map title, line 1", "A Plan of")),
        _text(pgettext("map title, line 2", "LONDON")),
        _text(pgettext("map title, line 3", "for the imaginary explorer")),
    )
    parts = [
        f'<rect class="pk-paper" width="{width}" height="{height}" fill="url(#pk-paper)"/>',
        f'<rect x="8" y="8" width="{width - 16}" height="{height - 16}" rx="6" '
        'fill="none" stroke="#7a5c3a" stroke-width="3"/>',
        f'<rect x="15" y="15" width="{width - 30}" height="{height - 30}" rx="4" '
        'fill="none" stroke="#7a5c3a" stroke-width="1" stroke-dasharray="2 4"/>',
        # St James's Park, between the Club and the north Hotel.
        '<g class="pk-park" aria-hidden="true">'
        '<path d="M430 196q60 -36 140 0q30 40 0 78q-70 28 -140 0q-28 -40 0 -78z" '
        'fill="#c9d59b" stroke="#8c9a5b" stroke-width="2"/>'
        '<path d="M468 236q30 -12 64 0" fill="none" stroke="#9fbfc7" stroke-width="7" '
        'stroke-linecap="round"/>'
        + "".join(
            f'<circle cx="{x}" cy="{y}" r="7" fill="#8fa65a" stroke="#6d7f3e"/>'
            for x, y in ((452, 214), (548, 214), (500, 206), (456, 258), (544, 258))
        )
        + f'<text x="500" y="283" class="pk-map-note">{park_name}</text></g>',
        # The Thames, flowing east across the map.
        '<g class="pk-river" aria-hidden="true">'
        f'<path id="pk-thames" d="{_THAMES}" fill="none" stroke="#6f93a0" stroke-width="46" '
        'stroke-linecap="round"/>'
        f'<path d="{_THAMES}" fill="none" stroke="url(#pk-water)" stroke-width="40"/>'
        f'<path d="{_THAMES}" fill="none" stroke="#c7dce1" stroke-width="1.5" '
        'stroke-dasharray="14 22" opacity="0.8"/>'
        '<text class="pk-river-name" dy="5"><textPath href="#pk-thames" startOffset="41%">'
        f"{river}</textPath></text></g>",
        # Compass rose, bottom right.
        '<g class="pk-compass" transform="translate(952 730)" aria-hidden="true">'
        '<circle r="24" fill="#f6e9c8" stroke="#7a5c3a" stroke-width="1.5"/>'
        '<path d="M0 -22L5 0L0 22L-5 0z" fill="#7a5c3a"/>'
        '<path d="M-22 0L0 -5L22 0L0 5z" fill="#b89a6a"/>'
        f'<text y="-27" class="pk-compass-n">{north}</text></g>',
        # Title cartouche, bottom left.
        '<g class="pk-cartouche" transform="translate(92 728)" aria-hidden="true">'
        '<rect x="-72" y="-32" width="144" height="64" rx="8" fill="#f6e9c8" '
        'stroke="#7a5c3a" stroke-width="2"/>'
        '<rect x="-67" y="-27" width="134" height="54" rx="5" fill="none" '
        'stroke="#7a5c3a" stroke-width="0.8"/>'
        f'<text y="-10" class="pk-cart-small">{title[0]}</text>'
        f'<text y="12" class="pk-cart-big">{title[1]}</text>'
        f'<text y="24" class="pk-cart-small">{title[2]}</text></g>',
    ]
    return "".join(parts)


def _road(x1: int, y1: int, x2: int, y2: int, highlighted: bool) -> str:
    cls = "pk-road is-open" if highlighted else "pk-road"
    pts = f'x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"'
    return (
        f'<g class="{cls}"><line {pts} class="pk-road-edge"/><line {pts} class="pk-road-fill"/></g>'
    )


def _house_shape(kind: str) -> str:
    """The outline of a house of ``kind``, centred on (0, 0), body then roof."""
    roof = ROOF_COLOURS.get(kind, "#6b5a45")
    house = house_shape(kind)
    body = (
        f'<rect class="pk-body" x="{-house.half_width}" y="{house.top}" '
        f'width="{2 * house.half_width}" height="{house.height}" rx="3"/>'
    )
    if kind == "club":
        return (
            body + f'<path class="pk-roof" d="M-100 -20L0 -64L100 -20z" fill="{roof}"/>'
            '<path d="M-100 -20h200" stroke="#c9a24a" stroke-width="3"/>'
            + "".join(
                f'<rect x="{x}" y="-16" width="9" height="24" class="pk-column"/>'
                for x in (-80, -62, -44, -26, 17, 35, 53, 71)
            )
            + '<path d="M-10 8v-16a10 10 0 0 1 20 0v16z" class="pk-door"/>'
        )
    if kind == "market":
        stripes = "".join(
            f'<path d="M{x} -20l-6 12h14l6 -12z" fill="#f3e2c0"/>' for x in range(-64, 70, 26)
        )
        return (
            body + f'<path class="pk-roof" d="M-84 -10L-72 -44H72L84 -10z" fill="{roof}"/>'
            f'<g transform="translate(0 -24)" opacity="0.85">{stripes}</g>'
        )
    if kind == "hotel":
        return body + f'<path class="pk-roof" d="M-80 -24L-60 -58H60L80 -24z" fill="{roof}"/>'
    eave = house.half_width + 8
    return body + f'<path class="pk-roof" d="M-{eave} -18L0 -58L{eave} -18z" fill="{roof}"/>'


def _space(space: SpaceView, neighbours: Mapping[str, str], tab_stop: bool) -> str:
    slug = space.kind_slug
    classes = ["pk-space", f"kind-{slug}"]
    if space.clickable:
        classes.append("is-clickable")
    if space.warned:
        classes.append("is-costly")
    if space.you_here:
        classes.append("is-here")
    if space.park_here:
        classes.append("has-park")
    attrs = [
        f'class="{" ".join(classes)}"',
        f'data-space="{escape(space.id)}"',
        f'transform="translate({space.x} {space.y})"',
        f'style="--roof:{ROOF_COLOURS.get(slug, "#6b5a45")}"',
        f'aria-label="{escape(space.aria_label)}"',
        f'tabindex="{0 if tab_stop else -1}"',
    ]
    if space.hint:
        attrs.append(f'aria-describedby="{_hint_id(space.id)}"')
    if space.clickable:
        attrs += ['role="button"', f'data-action="{escape(space.action or "")}"']
    else:
        attrs.append('role="img"')
    attrs += [f'data-{way}="{escape(other)}"' for way, other in neighbours.items()]
    title = (
        _("{space} — {hint}").format(space=space.label, hint=space.hint)
        if space.hint
        else space.label
    )
    house = house_shape(slug)
    # Numbered houses show their kind and a number plaque; the two Hotels their full names
    # ("North Hotel"), as the buttons and the log call them.
    label = term(space.kind) if slug == "club" or space.number else space.label
    parts = [f"<g {' '.join(attrs)}>"]
    if space.hint:
        parts.append(f'<desc id="{_hint_id(space.id)}">{escape(space.hint)}</desc>')
    if space.clickable:
        parts.append(
            '<rect class="pk-halo" x="-86" y="-72" width="172" height="118" rx="18"/>'
            if slug not in ("club", "market", "hotel")
            else '<rect class="pk-halo" x="-108" y="-78" width="216" height="124" rx="20"/>'
        )
    # The tooltip (label and hint) belongs to the drawing, hidden from assistive technology:
    # the name and the description above already say it, and the name must start with the
    # label that is visible (WCAG 2.5.3).
    parts.append(
        f'<g class="pk-house" aria-hidden="true"><title>{escape(title)}</title>'
        f"{_house_shape(slug)}</g>"
    )
    parts.append(
        f'<g class="pk-icon" transform="translate(0 {house.icon_y})">{_ICONS.get(slug, "")}</g>'
    )
    if slug == "hotel":
        parts.append(
            "".join(
                f'<rect x="{x}" y="-18" width="12" height="12" class="pk-window"/>'
                for x in (-56, -36, 24, 44)
            )
        )
    # The space after the label (not drawn) keeps it apart from the plaque's number in the
    # text that assistive technology reads: "News Stand 6", as in the name (WCAG 2.5.3).
    parts.append(f'<text class="pk-label" y="{house.label_y}">{escape(label)} </text>')
    if space.number is not None:
        parts.append(
            '<g class="pk-plaque" transform="translate(-58 -24)">'
            '<circle r="17"/>'
            f'<text dy="6.5">{space.number}</text></g>'
        )
    parts.append(WARNING_MARK if space.warned else "")
    parts.append("</g>")
    return "".join(parts)


def _hint_id(space_id: str) -> str:
    """The id of the ``<desc>`` holding a space's hint."""
    return "pk-hint-" + escape(space_id)


def _tab_stop(board: BoardView) -> str:
    """Tab's space on the map: the first the player may step to, else their own (else the first)."""
    for space in board.spaces:
        if space.clickable:
            return space.id
    here = next((space.id for space in board.spaces if space.you_here), None)
    return here or (board.spaces[0].id if board.spaces else "")


def _slide(inner: str, hops: Sequence[tuple[float, float]], seconds: float) -> str:
    """``inner`` inside one ``<g class="pk-slide">`` per hop, sliding in ``seconds`` altogether.

    It moves from ``-sum(hops)`` (the hops' offsets, first to last) back to where it is drawn, hop
    by hop. No hops or no time: ``inner`` as it is.
    """
    if seconds <= 0 or not hops:
        return inner
    each = round(1000 * seconds / len(hops))
    opened = "".join(
        f'<g class="pk-slide" style="--dx:{_f(-dx)}px;--dy:{_f(-dy)}px;'
        f'--slide:{each}ms;--delay:{k * each}ms">'
        for k, (dx, dy) in enumerate(hops)
    )
    return opened + inner + "</g>" * len(hops)


def _trail(move: MoveView) -> str:
    """A curved arrow from ``origin`` to ``to``, stopping short of both houses."""
    dx, dy = move.x2 - move.x1, move.y2 - move.y1
    dist = math.hypot(dx, dy) or 1.0
    ux, uy = dx / dist, dy / dist
    bend = 0.28 if move.is_park else 0.12
    mx, my = (move.x1 + move.x2) / 2 - uy * dist * bend, (move.y1 + move.y2) / 2 + ux * dist * bend
    sx, sy = move.x1 + ux * 30, move.y1 + uy * 30
    # Aim the end at the control point's side so the arrowhead follows the curve.
    ex_dir_x, ex_dir_y = move.x2 - mx, move.y2 - my
    edist = math.hypot(ex_dir_x, ex_dir_y) or 1.0
    ex_ux, ex_uy = ex_dir_x / edist, ex_dir_y / edist
    ex, ey = move.x2 - ex_ux * 46, move.y2 - ex_uy * 46
    head = 14.0
    left = (ex - ex_ux * head - ex_uy * head * 0.55, ey - ex_uy * head + ex_ux * head * 0.55)
    right = (ex - ex_ux * head + ex_uy * head * 0.55, ey - ex_uy * head - ex_ux * head * 0.55)
    cls = "pk-trail is-park" if move.is_park else "pk-trail"
    return (
        f'<g class="{cls}" style="--trail:{escape(move.colour)}">'
        f'<path d="M{_f(sx)} {_f(sy)}Q{_f(mx)} {_f(my)} {_f(ex)} {_f(ey)}"/>'
        f'<polygon points="{_f(ex)},{_f(ey)} {_f(left[0])},{_f(left[1])} '
        f'{_f(right[0])},{_f(right[1])}"/></g>'
    )


def _pawn(pawn: PawnView, motion: float) -> str:
    classes = ["pk-pawn"]
    if pawn.is_you:
        classes.append("is-you")
    if pawn.is_active:
        classes.append("is-active")
    # Your pawn stands on a gold ring (above its head a mark would cover the space's label).
    you = '<ellipse class="pk-you-mark" cx="0" cy="1" rx="17" ry="6"/>' if pawn.is_you else ""
    letter = (
        f'<text class="pk-pawn-letter" y="-26.4" dy="0.36em" style="fill:{ink_on(pawn.colour)}">'
        f"{escape(pawn.letter)}</text>"
        if pawn.letter
        else ""
    )
    # The pawn's symbol drawn 1.2 times its size, for the letter on its head.
    body = f'{you}<use href="#pk-pawn" x="-14.4" y="-36" width="28.8" height="38.4"/>{letter}'
    if pawn.came_from is not None:
        hop = (pawn.x - pawn.came_from[0], pawn.y - pawn.came_from[1])
        body = _slide(body, [hop], motion)
    return (
        f'<g class="{" ".join(classes)}" data-seat="{pawn.seat}" '
        f'transform="translate({_f(pawn.x)} {_f(pawn.y)})" style="color:{escape(pawn.colour)}">'
        f"<title>{escape(pawn.name)}</title>{body}</g>"
    )


def _park(board: BoardView, motion: float) -> str:
    hops = [(m.x2 - m.x1, m.y2 - m.y1) for m in board.moves if m.is_park]
    sliding = motion > 0 and bool(hops)
    cls = "pk-captain is-moved" if board.park_moved else "pk-captain"
    style = ""
    if sliding:  # he hops from number to number: one little jump per hop
        cls += " is-sliding"
        style = f' style="--hop:{round(1000 * motion / len(hops))}ms;--hops:{len(hops)}"'
    body = (
        '<g class="pk-captain-body">'
        '<ellipse cx="0" cy="22" rx="15" ry="4.5" fill="#000" opacity="0.25"/>'
        '<path d="M-12 20q2 -14 8 -20h8q6 6 8 20z" fill="#1d1d22"/>'
        '<circle cx="0" cy="-6" r="9" fill="#f1d3b0" stroke="#1d1d22" stroke-width="1.5"/>'
        '<circle cx="3.5" cy="-6.5" r="3" fill="none" stroke="#c9a24a" stroke-width="1.4"/>'
        '<path d="M-7 -1q7 3 14 0" fill="none" stroke="#6b4a2e" stroke-width="2.2"/>'
        '<rect x="-8" y="-30" width="16" height="17" rx="1.5" fill="#1d1d22"/>'
        '<rect x="-13" y="-15" width="26" height="4" rx="2" fill="#1d1d22"/>'
        '<rect x="-8" y="-19" width="16" height="3" fill="#a8322c"/>'
        "</g>"
    )
    name = _("Captain Park on number {number}").format(number=board.park_number)
    captain = escape(_("Captain Park"))
    return (
        f'<g class="{cls}" transform="translate({board.park_x + 62} {board.park_y - 34})"{style} '
        f'aria-label="{escape(name)}" role="img">'
        f"<title>{captain}</title>{_slide(body, hops, motion if sliding else 0)}</g>"
    )


def _frame(board: BoardView, role: str, label: str) -> str:
    """The map's ``<svg>`` start tag (its ARIA ``role`` and ``label``) and its symbols.

    Also what never changes in a game (:func:`_decor`). Its ``width`` and ``height`` give it the
    map's proportions in every engine: with a viewBox alone, WebKit stretched a map of ``width:
    auto`` and a ``max-height`` to its column (issue 39); the style sheet sets its size.
    """
    return (
        f'<svg class="pk-map" viewBox="0 0 {board.width} {board.height}" '
        f'width="{board.width}" height="{board.height}" '
        f'xmlns="http://www.w3.org/2000/svg" role="{role}" aria-label="{escape(label)}">'
        f"{_SVG_DEFS}{_decor(board.width, board.height)}"
    )


def board_markup(
    board: BoardView, *, motion: float = 0.0, under: str = "", over: str = ""
) -> MapMarkup:
    """The map of London played on, in the parts the page patches one by one.

    A :class:`~park.ui.play.map_patch.MapMarkup` (its ``html`` is one ``<svg>`` element, viewBox
    of the board's size): the frame, then the layers ``pk-roads``, ``pk-under``, ``pk-spaces`` (each
    space), ``pk-over``, ``pk-trails`` and ``pk-pawns`` (each pawn, then Captain Park).

    ``motion``: seconds the latest moves take to slide on the map (a pawn's step, or
    Captain Park's hops altogether, one after the other); ``0`` draws everything where it
    is now, with no animation markup. ``under`` and ``over``: SVG drawn below the houses and
    above them, below the pawns (the coach's overlays, ``park.ui.coach.svg``).
    """
    roads = "".join(_road(p.x1, p.y1, p.x2, p.y2, p.highlighted) for p in board.paths)
    ways = arrow_neighbours(tuple((s.id, float(s.x), float(s.y)) for s in board.spaces))
    stop = _tab_stop(board)
    trails = "".join(_trail(m) for m in board.moves)
    pawns = [
        (".pk-pawn" + attribute_selector("data-seat", str(p.seat)), _pawn(p, motion), p)
        for p in board.pawns
    ]
    sliding = {key for key, _, pawn in pawns if motion > 0 and pawn.came_from is not None}
    park_moves = any(m.is_park for m in board.moves) or board.park_moved
    if motion > 0 and park_moves:
        sliding.add(".pk-captain")
    return MapMarkup(
        frame=_frame(board, "group", _("Map of London")),
        layers=(
            ("pk-roads", f'<g class="pk-roads">{roads}</g>'),
            ("pk-under", f'<g class="pk-under">{under}</g>'),
            (SPACES_LAYER, ""),
            ("pk-over", f'<g class="pk-over">{over}</g>'),
            ("pk-trails", f'<g class="pk-trails" aria-hidden="true">{trails}</g>'),
            (PIECES_LAYER, ""),
        ),
        spaces=tuple(
            (attribute_selector("data-space", s.id), _space(s, ways[s.id], s.id == stop))
            for s in board.spaces
        ),
        pieces=(
            *((key, markup) for key, markup, _ in pawns),
            (".pk-captain", _park(board, motion)),
        ),
        sliding=frozenset(sliding),
        tab_stop=stop,
    )


def board_svg(
    board: BoardView,
    *,
    motion: float = 0.0,
    under: str = "",
    over: str = "",
    picture: str | None = None,
    prefix: str = "pk",
) -> str:
    """The map of London as one ``<svg>`` element (:func:`board_markup`'s whole markup).

    ``motion``, ``under`` and ``over`` as there. ``picture``: draw a still picture (an image
    named ``picture``) rather than the map played on, with ``prefix`` instead of ``pk`` in
    its element ids so that it can sit beside the map.
    """
    parts = board_markup(board, motion=motion, under=under, over=over)
    if picture is not None:
        parts = replace(parts, frame=_frame(board, "img", picture))
    markup = parts.html
    if prefix != "pk":
        for mark in ('id="pk-', "url(#pk-", 'href="#pk-', 'aria-describedby="pk-'):
            markup = markup.replace(mark, mark.replace("pk-", f"{prefix}-"))
    if picture is not None:  # nothing in a picture takes the focus
        markup = markup.replace(' tabindex="0"', "").replace(' tabindex="-1"', "")
    return markup
