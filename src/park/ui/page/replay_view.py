"""The replay screen from the page's state (issue 49).

The step shown from the chair chosen, its controls, its title, and the link made to share it.
"""

from __future__ import annotations

from park.ui.lang.i18n import _
from park.ui.page.state import ReplayView
from park.ui.page.view_types import Element
from park.ui.play.markup import escape


def replay_elements(view: ReplayView) -> dict[str, Element]:
    """The replay's elements for ``view``."""
    from park.ui.lang.text import listing
    from park.ui.replay.html import replay_parts, viewer_options

    replay = view.replay
    parts = replay_parts(replay, view.index, view.viewer, view.cards)
    shown: dict[str, Element] = {
        f"#{element_id}": Element(html=markup) for element_id, markup in parts.markup.items()
    }
    options = "".join(
        f'<option value="{escape(value)}">{escape(label)}</option>'
        for value, label in viewer_options(replay, public_only=view.public_only)
    )
    final = replay.states[-1]
    names = listing([seat.name for seat in final.settings.seats])
    at_start, at_end = view.index == 0, view.index == replay.last
    shown.update(
        {
            "#replay-viewer": Element(html=options, props={"value": view.viewer}),
            "#replay-turn": Element(
                attrs={"aria-valuetext": parts.label},
                props={"max": str(len(replay.turn_starts) - 1), "value": str(parts.turn)},
            ),
            "#replay-turn-label": Element(text=parts.label),
            "#replay-title": Element(
                text=_("Replay of game {seed}: {names}").format(
                    seed=final.settings.seed, names=names
                )
            ),
            "#replay-prev": Element(props={"disabled": at_start}),
            "#replay-prev-turn": Element(props={"disabled": at_start}),
            "#replay-next": Element(props={"disabled": at_end}),
            "#replay-next-turn": Element(props={"disabled": at_end}),
            "#replay-share-box": Element(hidden=view.link is None),
            "#replay-link": Element(props={"value": view.link or ""}),
            "#replay-reveal": Element(props={"disabled": view.public_only, "checked": view.reveal}),
        }
    )
    return shown
