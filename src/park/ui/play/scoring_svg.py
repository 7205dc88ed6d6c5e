"""SVG markup of the scoring board, from the view model.

The five destinations with their Novelty bonus dots (covered in the scorer's colour, R80), the
counters placed past the last dot, and the Fad marker (R95).
"""

from __future__ import annotations

from park.ui.lang.i18n import _, ngettext, pgettext, term
from park.ui.lang.text import listing
from park.ui.play.colours import ink_on
from park.ui.play.markup import escape
from park.ui.play.view_types import DestinationView, ScoringBoardView

DESTINATION_COLOURS: dict[str, str] = {
    "africa": "#d08a3c",
    "amazon": "#4f8a3c",
    "china": "#b8453a",
    "everest": "#6a86a8",
    "south-pole": "#7fb1c9",
}
"""Tint of each destination's circle on the scoring board."""


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
        note = _("Scored again after every Novelty dot was covered (no Novelty bonus)")
        extra = f'<g class="pk-extra"><title>{escape(note)}</title>{extra}</g>'
    fad = ""
    if dest.is_fad:
        fad_title = escape(_("The Fad: 10 extra points"))
        fad_text = escape(pgettext("scoring board", "FAD +10"))
        fad = (
            f'<g class="pk-fad" transform="translate({cx + 44} {cy - 40})">'
            f"<title>{fad_title}</title>"
            '<path d="M0 16C-10 4 -6 -14 8 -22C6 -10 10 0 0 16z" fill="#b8322c" '
            'stroke="#5a1410" stroke-width="1.5"/>'
            '<path d="M0 16L5 -16" stroke="#5a1410" stroke-width="1.2" fill="none"/></g>'
            f'<text x="{cx}" y="{cy - 34}" class="pk-fad-text">{fad_text}</text>'
        )
    dot_words = listing(
        (_("{value} covered") if d.covered else _("{value} open")).format(value=d.value)
        for d in dest.dots
    )
    name = term(dest.name)
    if dest.is_fad:
        label = ngettext(
            "{destination}: scored {count} time; Novelty dots {dots}; the current Fad",
            "{destination}: scored {count} times; Novelty dots {dots}; the current Fad",
            dest.scorings,
        )
    else:
        label = ngettext(
            "{destination}: scored {count} time; Novelty dots {dots}",
            "{destination}: scored {count} times; Novelty dots {dots}",
            dest.scorings,
        )
    label = label.format(destination=name, count=dest.scorings, dots=dot_words)
    return (
        f'<g class="pk-dest{" is-fad" if dest.is_fad else ""}"'
        f' data-destination="{escape(dest.slug)}" '
        f'role="img" aria-label="{escape(label)}">'
        f'<circle cx="{cx}" cy="{cy}" r="58" fill="{tint}" class="pk-dest-ring"/>'
        f'<circle cx="{cx}" cy="{cy}" r="50" class="pk-dest-inner"/>'
        f'<text x="{cx}" y="{cy - 18}" class="pk-dest-name">{escape(name)}</text>'
        f"{''.join(dots)}{extra}{fad}</g>"
    )


def scoring_svg(scoring: ScoringBoardView) -> str:
    """The scoring board: the five destinations with their Novelty dots and the Fad marker."""
    spots = ((68, 70), (195, 70), (322, 70), (131, 196), (258, 196))
    circles = "".join(
        _destination(d, x, y) for d, (x, y) in zip(scoring.destinations, spots, strict=False)
    )
    name = escape(_("Scoring board"))
    return (
        '<svg class="pk-scoring" viewBox="0 0 390 266" xmlns="http://www.w3.org/2000/svg" '
        f'role="group" aria-label="{name}">'
        '<rect x="2" y="2" width="386" height="262" rx="14" class="pk-scoring-bg"/>'
        f"{circles}</svg>"
    )
