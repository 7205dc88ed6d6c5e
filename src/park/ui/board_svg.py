"""SVG markup of the map of London and of the scoring board, from the view model.

The map is drawn as an old street plan: parchment, the Thames with its bridges, a park, a
compass rose, streets for the black paths, and each space as a little house whose roof colour
and sign say what it is (a cup for a Café, a newspaper for a News Stand…), with its number on
a round plaque. Pawns stand on the doorsteps; Captain Park wears his top hat.

Every space is a ``<g data-space="<id>">`` with an accessible name; the ones the player may
step to are ``role="button"`` with ``data-action="step:<id>"`` and ``aria-label="Step to …"``.
"""

from __future__ import annotations

import math
import re

from .geometry import house_shape
from .markup import escape
from .view_types import (
    BoardView,
    DestinationView,
    MoveView,
    PawnView,
    ScoringBoardView,
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

DESTINATION_COLOURS: dict[str, str] = {
    "africa": "#d08a3c",
    "amazon": "#4f8a3c",
    "china": "#b8453a",
    "everest": "#6a86a8",
    "south-pole": "#7fb1c9",
}
"""Tint of each destination's circle on the scoring board."""

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
    '<circle cx="0" cy="-21" r="6.5"/>'
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


def _decor(width: int, height: int) -> str:
    """The parchment, frame, river, park, compass rose and title cartouche (static)."""
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
        + '<text x="500" y="283" class="pk-map-note">St James\'s Park</text></g>',
        # The Thames, flowing east across the map.
        '<g class="pk-river" aria-hidden="true">'
        f'<path id="pk-thames" d="{_THAMES}" fill="none" stroke="#6f93a0" stroke-width="46" '
        'stroke-linecap="round"/>'
        f'<path d="{_THAMES}" fill="none" stroke="url(#pk-water)" stroke-width="40"/>'
        f'<path d="{_THAMES}" fill="none" stroke="#c7dce1" stroke-width="1.5" '
        'stroke-dasharray="14 22" opacity="0.8"/>'
        '<text class="pk-river-name" dy="5"><textPath href="#pk-thames" startOffset="41%">'
        "River Thames</textPath></text></g>",
        # Compass rose, bottom right.
        '<g class="pk-compass" transform="translate(952 730)" aria-hidden="true">'
        '<circle r="24" fill="#f6e9c8" stroke="#7a5c3a" stroke-width="1.5"/>'
        '<path d="M0 -22L5 0L0 22L-5 0z" fill="#7a5c3a"/>'
        '<path d="M-22 0L0 -5L22 0L0 5z" fill="#b89a6a"/>'
        '<text y="-27" class="pk-compass-n">N</text></g>',
        # Title cartouche, bottom left.
        '<g class="pk-cartouche" transform="translate(92 728)" aria-hidden="true">'
        '<rect x="-72" y="-32" width="144" height="64" rx="8" fill="#f6e9c8" '
        'stroke="#7a5c3a" stroke-width="2"/>'
        '<rect x="-67" y="-27" width="134" height="54" rx="5" fill="none" '
        'stroke="#7a5c3a" stroke-width="0.8"/>'
        '<text y="-10" class="pk-cart-small">A Plan of</text>'
        '<text y="12" class="pk-cart-big">LONDON</text>'
        '<text y="24" class="pk-cart-small">for the imaginary explorer</text></g>',
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
    return body + f'<path class="pk-roof" d="M-74 -18L0 -58L74 -18z" fill="{roof}"/>'


def _space(space: SpaceView) -> str:
    slug = space.kind_slug
    classes = ["pk-space", f"kind-{slug}"]
    if space.clickable:
        classes.append("is-clickable")
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
    ]
    if space.clickable:
        attrs += ['role="button"', 'tabindex="0"', f'data-action="{escape(space.action or "")}"']
    else:
        attrs.append('role="img"')
    title = space.label + (f" — {space.hint}" if space.hint else "")
    house = house_shape(slug)
    # Numbered houses show their kind and a number plaque; the two Hotels their full names
    # ("North Hotel"), as the buttons and the log call them.
    label = {"club": "Gentlemen's Club"}.get(slug, space.kind if space.number else space.label)
    parts = [
        f"<g {' '.join(attrs)}>",
        f"<title>{escape(title)}</title>",
    ]
    if space.clickable:
        parts.append(
            '<rect class="pk-halo" x="-86" y="-72" width="172" height="118" rx="18"/>'
            if slug not in ("club", "market", "hotel")
            else '<rect class="pk-halo" x="-108" y="-78" width="216" height="124" rx="20"/>'
        )
    parts.append(_house_shape(slug))
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
    parts.append(f'<text class="pk-label" y="{house.label_y}">{escape(label)}</text>')
    if space.number is not None:
        parts.append(
            '<g class="pk-plaque" transform="translate(-58 -24)">'
            '<circle r="17"/>'
            f'<text dy="6.5">{space.number}</text></g>'
        )
    parts.append("</g>")
    return "".join(parts)


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


def _pawn(pawn: PawnView) -> str:
    classes = ["pk-pawn"]
    if pawn.is_you:
        classes.append("is-you")
    if pawn.is_active:
        classes.append("is-active")
    you = '<path class="pk-you-mark" d="M-6 -44h12l-6 8z"/>' if pawn.is_you else ""
    return (
        f'<g class="{" ".join(classes)}" data-seat="{pawn.seat}" '
        f'transform="translate({_f(pawn.x)} {_f(pawn.y)})" style="color:{escape(pawn.colour)}">'
        f"<title>{escape(pawn.name)}</title>"
        '<use href="#pk-pawn" x="-12" y="-30" width="24" height="32"/>'
        f"{you}</g>"
    )


def _park(board: BoardView) -> str:
    cls = "pk-captain is-moved" if board.park_moved else "pk-captain"
    return (
        f'<g class="{cls}" transform="translate({board.park_x + 62} {board.park_y - 34})" '
        f'aria-label="Captain Park on number {board.park_number}" role="img">'
        "<title>Captain Park</title>"
        '<g class="pk-captain-body">'
        '<ellipse cx="0" cy="22" rx="15" ry="4.5" fill="#000" opacity="0.25"/>'
        '<path d="M-12 20q2 -14 8 -20h8q6 6 8 20z" fill="#1d1d22"/>'
        '<circle cx="0" cy="-6" r="9" fill="#f1d3b0" stroke="#1d1d22" stroke-width="1.5"/>'
        '<circle cx="3.5" cy="-6.5" r="3" fill="none" stroke="#c9a24a" stroke-width="1.4"/>'
        '<path d="M-7 -1q7 3 14 0" fill="none" stroke="#6b4a2e" stroke-width="2.2"/>'
        '<rect x="-8" y="-30" width="16" height="17" rx="1.5" fill="#1d1d22"/>'
        '<rect x="-13" y="-15" width="26" height="4" rx="2" fill="#1d1d22"/>'
        '<rect x="-8" y="-19" width="16" height="3" fill="#a8322c"/>'
        "</g></g>"
    )


def board_svg(board: BoardView) -> str:
    """The map of London as one ``<svg>`` element (viewBox of the board's size)."""
    roads = "".join(_road(p.x1, p.y1, p.x2, p.y2, p.highlighted) for p in board.paths)
    spaces = "".join(_space(s) for s in board.spaces)
    trails = "".join(_trail(m) for m in board.moves)
    pawns = "".join(_pawn(p) for p in board.pawns)
    return (
        f'<svg class="pk-map" viewBox="0 0 {board.width} {board.height}" '
        'xmlns="http://www.w3.org/2000/svg" role="group" aria-label="Map of London">'
        f"{_SVG_DEFS}{_decor(board.width, board.height)}"
        f'<g class="pk-roads">{roads}</g>'
        f'<g class="pk-spaces">{spaces}</g>'
        f'<g class="pk-trails" aria-hidden="true">{trails}</g>'
        f'<g class="pk-pawns">{pawns}{_park(board)}</g>'
        "</svg>"
    )


INK_LIGHT = "#ffffff"
INK_DARK = "#1b130c"
_HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _luminance(colour: str) -> float:
    """WCAG relative luminance (0 black to 1 white) of a ``#rrggbb`` colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(colour: str) -> str:
    """The text colour, white or near-black, with the higher WCAG contrast on ``colour``
    (a ``#rrggbb`` seat colour; white for anything else): the number on a covered Novelty
    dot."""
    if _HEX_COLOUR.fullmatch(colour) is None:
        return INK_LIGHT
    background = _luminance(colour)
    on_light = (_luminance(INK_LIGHT) + 0.05) / (background + 0.05)
    on_dark = (background + 0.05) / (_luminance(INK_DARK) + 0.05)
    return INK_LIGHT if on_light >= on_dark else INK_DARK


def _destination(dest: DestinationView, cx: int, cy: int) -> str:
    tint = DESTINATION_COLOURS.get(dest.slug, "#999999")
    dots = []
    for k, dot in enumerate(dest.dots):
        x = cx + (k - 1) * 33
        if dot.covered:
            fill = dot.colour or "#555555"
            dots.append(
                f'<g class="pk-dot is-covered"><circle cx="{x}" cy="{cy + 10}" r="15" '
                f'style="fill:{escape(fill)}"/>'
                f'<text x="{x}" y="{cy + 15}" class="pk-dot-covered-value" '
                f'style="fill:{ink_on(fill)}">{dot.value}</text></g>'
            )
        else:
            dots.append(
                f'<g class="pk-dot"><circle cx="{x}" cy="{cy + 10}" r="15"/>'
                f'<text x="{x}" y="{cy + 15}">{dot.value}</text></g>'
            )
    extra = "".join(
        f'<circle cx="{cx - 12 + 9 * i}" cy="{cy + 37}" r="4.5" fill="{escape(colour)}" '
        'stroke="#fff" stroke-width="1"/>'
        for i, colour in enumerate(dest.extra[:4])
    )
    if extra:
        extra = (
            '<g class="pk-extra"><title>Scored again after every Novelty dot was covered '
            f"(no Novelty bonus)</title>{extra}</g>"
        )
    fad = ""
    if dest.is_fad:
        fad = (
            f'<g class="pk-fad" transform="translate({cx + 44} {cy - 40})">'
            "<title>The Fad: 10 extra points</title>"
            '<path d="M0 16C-10 4 -6 -14 8 -22C6 -10 10 0 0 16z" fill="#b8322c" '
            'stroke="#5a1410" stroke-width="1.5"/>'
            '<path d="M0 16L5 -16" stroke="#5a1410" stroke-width="1.2" fill="none"/></g>'
            f'<text x="{cx}" y="{cy - 34}" class="pk-fad-text">FAD +10</text>'
        )
    dot_words = ", ".join(f"{d.value} {'covered' if d.covered else 'open'}" for d in dest.dots)
    label = (
        f"{dest.name}: scored {dest.scorings} time{'s' if dest.scorings != 1 else ''}; "
        f"Novelty dots {dot_words}" + ("; the current Fad" if dest.is_fad else "")
    )
    return (
        f'<g class="pk-dest{" is-fad" if dest.is_fad else ""}" data-destination="{escape(dest.slug)}" '
        f'role="img" aria-label="{escape(label)}">'
        f'<circle cx="{cx}" cy="{cy}" r="58" fill="{tint}" class="pk-dest-ring"/>'
        f'<circle cx="{cx}" cy="{cy}" r="50" class="pk-dest-inner"/>'
        f'<text x="{cx}" y="{cy - 18}" class="pk-dest-name">{escape(dest.name)}</text>'
        f"{''.join(dots)}{extra}{fad}</g>"
    )


def scoring_svg(scoring: ScoringBoardView) -> str:
    """The scoring board: the five destinations with their Novelty dots and the Fad marker."""
    spots = ((68, 70), (195, 70), (322, 70), (131, 196), (258, 196))
    circles = "".join(
        _destination(d, x, y) for d, (x, y) in zip(scoring.destinations, spots, strict=False)
    )
    return (
        '<svg class="pk-scoring" viewBox="0 0 390 266" xmlns="http://www.w3.org/2000/svg" '
        'role="group" aria-label="Scoring board">'
        '<rect x="2" y="2" width="386" height="262" rx="14" class="pk-scoring-bg"/>'
        f"{circles}</svg>"
    )
