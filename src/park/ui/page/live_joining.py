"""A friend's page at a live table (issue 52): the invitation answered, the table shown.

The friend's page answers the host's invitation with a reply, then shows the table the host
sends (``park.ui.live.guest``) and sends its decisions; the host's side and the connection's
events are ``park.ui.page.live_updates``'.
"""

from __future__ import annotations

from dataclasses import replace

from park.ui.lang.i18n import _
from park.ui.page.effects import ClearFragment, Focus
from park.ui.page.game_updates import notify, show_game
from park.ui.page.live_state import (
    HOST,
    Answered,
    HangUp,
    Joining,
    LoadQr,
    MakeAnswer,
    PeerMessage,
    SendLive,
)
from park.ui.page.state import Notice, PageState
from park.ui.page.step import Step


def invited(state: PageState, invitation: object) -> Step:
    """An invitation opened: offer to join its table (a friend's page)."""
    from park import __version__
    from park.ui.live.links import Invitation

    assert isinstance(invitation, Invitation)
    if invitation.version != __version__:
        words = _(
            "This invitation is from another version of Park ({theirs}; this page runs {ours}): "
            "reload both pages, then ask for a fresh invitation."
        ).format(theirs=invitation.version, ours=__version__)
        return Step(notify(state, Notice(words)), (ClearFragment(),))
    joining = Joining(invitation, name=state.form.name)
    return Step(replace(state, live=joining, dialog="join"), (ClearFragment(), HangUp(None)))


def make_reply(state: PageState) -> Step:
    """The friend's reply: answer the host's offer (then :func:`answered`)."""
    joining = state.live
    if not isinstance(joining, Joining) or joining.making:
        return Step(state)
    from park.engine.names import name_problem, tidy_name

    name = tidy_name(joining.name)
    if name_problem(name) is not None:
        problem = _("Please write your name: the table shows it to everyone.")
        return Step(replace(state, live=replace(joining, problem=problem)))
    if name == joining.invitation.host:
        problem = _("{name} is the host's name: please write another.").format(name=name)
        return Step(replace(state, live=replace(joining, problem=problem)))
    joining = replace(joining, name=name, making=True, problem=None)
    return Step(replace(state, live=joining), (MakeAnswer(joining.invitation.sdp), LoadQr()))


def answered(state: PageState, event: Answered) -> Step:
    """The friend's answer is made: the reply link to send back to the host."""
    from park.ui.live.guest import GuestTable
    from park.ui.live.links import Reply, reply_fragment

    joining = state.live
    if not isinstance(joining, Joining):
        return Step(state)
    invitation = joining.invitation
    reply = Reply(invitation.table, invitation.seat, invitation.token, joining.name, event.sdp)
    link = f"{event.site}#{reply_fragment(reply)}"
    table = GuestTable(invitation, joining.name)
    return Step(replace(state, live=replace(joining, reply=link, table=table, making=False)))


def guest_decided(state: PageState, text: str | None) -> Step:
    """The friend's decision: sent to the host, who checks it and tells the table."""
    from park.ui.play.decision import EXCHANGE

    joining = state.live
    if not isinstance(joining, Joining) or joining.table is None or text is None:
        return Step(state)
    shown = joining.table.session
    if shown is None or not shown.human_to_move or not joining.connected or joining.sent:
        return Step(state)
    table = joining.table
    message = table.exchange(sorted(state.ticked)) if text == EXCHANGE else table.act(text)
    joining = replace(joining, sent=True)
    return Step(replace(state, ticked=frozenset(), live=joining), (SendLive(HOST, (message,)),))


def from_host(state: PageState, joining: Joining, event: PeerMessage) -> Step:
    from park.ui.live.wire import WireError

    table = joining.table
    if table is None:
        return Step(state)
    first = table.session is None
    try:
        table.receive(event.text)
    except WireError as exc:
        problem = _("A message from the host could not be read ({problem}).").format(problem=exc)
        return Step(replace(state, live=replace(joining, problem=problem)))
    joining = replace(joining, sent=False)
    if table.session is None:
        return Step(replace(state, live=joining))
    state = replace(state, live=joining)
    if first:
        state = replace(state, dialog=None, screen="game", puzzle=None)
        return show_game(state).then(Focus("#status", heading=True))
    step = Step(state)
    if state.settings.sound == "on":
        from park.ui.page.effects import Sounds
        from park.ui.setup.sounds import cues

        found = tuple(cues(table.session.recent, table.session.humans))
        step = step.then(Sounds(found)) if found else step
    return step
