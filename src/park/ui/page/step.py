"""An update's result: the new state and the effects to run (issue 49)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from park.ui.page.effects import Effect
    from park.ui.page.state import PageState


@dataclass(frozen=True)
class Step:
    """What an update made of an event.

    The new ``state``, the ``effects`` to run in order, and whether the event was ``used`` (a
    key the page took: the browser's own action is prevented).
    """

    state: PageState
    effects: tuple[Effect, ...] = ()
    used: bool = True

    def then(self, *effects: Effect) -> Step:
        """This step with ``effects`` run after its own."""
        return replace(self, effects=self.effects + effects)

    def and_then(self, other: Step) -> Step:
        """This step followed by ``other`` (made from this step's state).

        ``other``'s state, both steps' effects.
        """
        return Step(other.state, self.effects + other.effects, self.used and other.used)

    def next(self, change: Callable[[PageState], Step]) -> Step:
        """This step followed by ``change`` of its state (:meth:`and_then`)."""
        return self.and_then(change(self.state))


def unused(state: PageState) -> Step:
    """Nothing changed, and the event was not the page's (a key the browser keeps)."""
    return Step(state, (), used=False)
