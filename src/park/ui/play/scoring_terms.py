"""The scoring terms written out where the page abbreviates them (issue 26).

The column heads of "If you scored now" ("Div.", "End.", "Nov."), each an ``<abbr>`` with its full
name, and the legend under the table that says what each part of an expedition's score is (R83-R87).
Pure string building, every piece of text escaped.
"""

from __future__ import annotations

from park.ui.lang.i18n import N_, _
from park.ui.play.markup import escape

SCORE_TERMS: tuple[tuple[str, str | None, str | None], ...] = (
    (N_("Destination"), None, None),
    (N_("Basic"), N_("Basic score"), N_("the proof cards' values for the destination")),
    (N_("Div."), N_("Diversity bonus"), N_("points for each card type among the proof")),
    (
        N_("End."),
        N_("Endurance bonus"),
        N_("points for each Month counter beyond those needed to score"),
    ),
    (N_("Fad"), N_("Fad bonus"), N_("points for scoring the destination that is the Fad")),
    (
        N_("Nov."),
        N_("Novelty bonus"),
        N_("points for being among the first to score the destination (the scoring board's dots)"),
    ),
    (N_("Total"), None, None),
)
"""The columns of "If you scored now": the head shown (N_-marked English, shown with
``_()``), its full name (``None``: the head is the full word) and what the part counts
(``None``: not explained in the legend)."""


def outlook_heads_html() -> str:
    """The table's column heads, an abbreviated one in an ``<abbr>`` titled with its full name."""
    heads = []
    for head, full, _meaning in SCORE_TERMS:
        text = escape(_(head))
        if full is not None and _(full) != _(head):
            text = f'<abbr title="{escape(_(full))}">{text}</abbr>'
        heads.append(f'<th scope="col">{text}</th>')
    return "".join(heads)


def _legend_item(head: str, full: str, meaning: str) -> str:
    """One part in the legend, with its head, full name and what it counts.

    One part in the legend: "<b>Div.</b> Diversity bonus: …" for an abbreviated head, "<b>Basic</b>:
    …" where the head already says it (its full name starts with it).
    """
    mark = "\x00"
    name = _(full) if not _(full).startswith(_(head)) else mark
    text = escape(_("{name}: {meaning}").format(name=name, meaning=_(meaning)))
    bold = f"<b>{escape(_(head))}</b>"
    return f"<li>{text.replace(mark, bold) if mark in text else f'{bold} {text}'}</li>"


def outlook_legend_html() -> str:
    """The legend under the table: each part's head, full name and what it counts.

    The legend under the table: each part's head, full name and what it counts, e.g. "Div. Diversity
    bonus: points for each card type among the proof".
    """
    items = "".join(
        _legend_item(head, full, meaning)
        for head, full, meaning in SCORE_TERMS
        if full is not None and meaning is not None
    )
    return f'<ul class="outlook-legend">{items}</ul>'
