"""The AI level registry's UI part.

How the page names each level (``park.engine.levels`` has the names and their strength order,
``park.ai.levels`` the bots).

One entry per AI level, keyed by its name: the label next to a seat's name and in the
record ("Easy AI"), and the one on the New game form ("Easy"; ``None`` for a level the form
does not offer). Labels are ``N_``-marked English, shown with ``_()``.
"""

from __future__ import annotations

from dataclasses import dataclass

from park.engine.levels import AI_LEVELS, HUMAN
from park.ui.lang.i18n import N_


@dataclass(frozen=True, slots=True)
class LevelLabels:
    """How the page names the AI level ``name``.

    ``seat`` beside a seat's name and in the record, ``form`` on the New game form (``None``: the
    form does not offer it).
    """

    name: str
    seat: str
    form: str | None = None


LEVEL_LABELS: tuple[LevelLabels, ...] = (
    LevelLabels("random", N_("Random AI")),
    LevelLabels("easy", N_("Easy AI"), N_("Easy")),
    LevelLabels("normal", N_("Normal AI"), N_("Normal")),
    LevelLabels("hard", N_("Hard AI"), N_("Hard")),
)
"""Every AI level's labels, in the order of ``park.engine.levels.AI_LEVELS``."""

if tuple(labels.name for labels in LEVEL_LABELS) != AI_LEVELS:  # pragma: no cover
    raise RuntimeError("park.ui.lang.levels.LEVEL_LABELS must follow park.engine.levels")

HUMAN_LABEL = N_("Human")
"""How a seat a person plays is shown beside its name."""

OFFERED_LEVELS: tuple[str, ...] = tuple(e.name for e in LEVEL_LABELS if e.form is not None)
"""The levels the New game form offers, weakest first."""

SEAT_LABELS: dict[str, str] = {HUMAN: HUMAN_LABEL} | {e.name: e.seat for e in LEVEL_LABELS}
"""Each seat controller's label (N_-marked English), a person's first."""
