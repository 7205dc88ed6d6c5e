"""What the player is told after each change of the game shown (issue 49).

After every update, once the game screen's parts are made, the page compares the game shown with
what the player was told (:class:`~park.ui.page.state.Told`): the last AI turn's sentence is said
once in the live region (with "Your turn." when the human's turn begins), old good news goes when
that turn begins, a new decision (or lesson) is brought into view, the map follows the pawn, a
finished game is counted and its game over opens, and between two humans at one device the
privacy screen is said.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from park.ui.lang.i18n import _
from park.ui.page.effects import CentreMap, Effect, Finish, Focus, Say, Scroll
from park.ui.page.state import PageState
from park.ui.page.step import Step

if TYPE_CHECKING:
    from park.ui.game.screen import ScreenParts


def announced(last: int, announcement: tuple[int, str] | None, *, turn_begins: bool) -> Say | None:
    """What the live region says after a redraw.

    The last AI turn's sentence, once (its turn ``announcement[0]`` newer than ``last``), with
    "Your turn." when the human's turn begins; ``None`` when there is nothing new (the last
    sentence is never said twice).
    """
    turn, sentence = announcement or (0, "")
    new_sentence = turn != last
    if not new_sentence and not turn_begins:
        return None
    said = sentence if new_sentence else ""
    if turn_begins:
        said = _("{sentence} Your turn.").format(sentence=said) if said else _("Your turn.")
    return Say(said)


def settle(state: PageState, parts: ScreenParts | None, *, before: PageState | None = None) -> Step:
    """What the player is told of the game shown, and the state that remembers it.

    ``parts``: its game screen's parts (``None`` when no game is shown); ``before``: the state
    before the update (news the update itself gave is not old news).
    """
    shown = state.shown
    if shown is None or state.screen != "game":
        return Step(state)
    told = state.told
    if shown.privacy_needed:
        if state.visible_screen != "privacy" or told.privacy == shown.turn:
            return Step(state)
        # said once per privacy screen: no hint of the last player's stays in the live region
        told = replace(told, privacy=shown.turn)
        return Step(replace(state, told=told), (Say(), Focus("#show-hand", scroll=True)))
    if parts is None:
        return Step(state)
    effects: list[Effect] = []
    turn_begins = shown.human_to_move and told.turn != shown.turn
    said = announced(told.announced, parts.announcement, turn_begins=turn_begins)
    if said is not None:
        effects.append(said)
    announcement = parts.announcement[0] if parts.announcement else 0
    told = replace(told, announced=announcement, pawn=shown.human_position)
    if turn_begins:
        told = replace(told, turn=shown.turn)
        old = before is None or state.notice is before.notice
        if state.notice is not None and state.notice.good and old:
            state = replace(state, notice=None)  # old news clears when your turn starts
    moved = state.told.pawn != shown.human_position
    lesson = parts.markup.get("lesson", "")
    decision = (id(shown), shown.actions_played, parts.decision_kind, lesson)
    deciding = shown.human_to_move and parts.decision_kind not in ("wait", "over")
    fit = deciding and decision != told.decision
    told = replace(told, decision=decision)
    if fit:
        effects.append(Scroll("table"))
    if turn_begins or fit:
        effects.append(CentreMap())
    elif moved:  # the map follows the pawn's steps
        effects.append(CentreMap(only_if_cut=True))
    if parts.game_over is not None and not told.over and shown is state.session:
        told = replace(told, over=True)
        effects.append(Finish(shown))
        if state.notice is not None and state.notice.good:
            state = replace(state, notice=None)  # no next turn clears it: the results say it
    return Step(replace(state, told=told), tuple(effects))
