"""A live table's updates (issue 52): hosting one, joining one, and what the friends are told.

The host's page (``Hosting``) opens a table from the New game form, makes one invitation per
friend's seat, takes each friend's reply, deals the game once every friend is here, plays its own
seat and the AI seats, checks every friend's decision (``park.ui.live.host``) and tells each
friend's page what its seat may see after every change (:func:`tell_friends`). A friend's page
(``Joining``) answers the invitation, then shows the table the host sends and sends its
decisions. The connection itself is ``web/peers.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from park.ui.lang.i18n import _
from park.ui.page.effects import Copy
from park.ui.page.events import Command
from park.ui.page.game_updates import notify, save, show_game, start_session
from park.ui.page.live_joining import (
    answered,
    from_host,
    guest_decided,
    invited,
    make_reply,
)
from park.ui.page.live_state import (
    HOST,
    Answered,
    HandReply,
    HangUp,
    Hosting,
    Joining,
    LoadQr,
    MakeOffer,
    Offered,
    PeerClosed,
    PeerMessage,
    PeerOpened,
    ReplyHanded,
    ReplyTaken,
    ReplyTakenHere,
    SendLive,
    ShareText,
    TakeAnswer,
)
from park.ui.page.state import Notice, PageState
from park.ui.page.step import Step, unused

__all__ = ["answered", "guest_decided", "invited", "make_reply"]


def no_relay() -> str:
    """What the page says when two pages could not connect (no relay server is used)."""
    return _(
        "Your two devices could not connect: some networks only connect through a relay server, "
        "and Park uses none. Try both devices on one Wi-Fi network, or play at one device "
        "(hot-seat), or send a challenge to the same deal."
    )


def no_webrtc() -> str:
    """What the page says in a browser that cannot make a live connection at all."""
    return _(
        "This browser cannot join a live table (it has no WebRTC). Open the link in another "
        "browser: Safari, Chrome, Firefox or Edge."
    )


# -- hosting -----------------------------------------------------------------------------------


def host_table(state: PageState, command: Command) -> Step:
    """Open a live table from the New game form: one invitation per friend's seat."""
    from park import __version__
    from park.engine.player_counts import MAX_PLAYERS, MIN_PLAYERS
    from park.ui.live.host import LiveHost
    from park.ui.page.form_updates import form_settings

    form = state.form
    try:
        settings = form_settings(replace(form, humans=1))
    except ValueError as exc:
        error = _("Please check the form: {problem}.").format(problem=exc)
        return Step(replace(state, form=replace(form, error=error)))
    players = 1 + form.friends + settings.opponents
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        error = _("A table seats {low} to {high} players: you, your friends and the AI.").format(
            low=MIN_PLAYERS, high=MAX_PLAYERS
        )
        return Step(replace(state, form=replace(form, error=error)))
    seats = tuple(range(1, 1 + form.friends))
    host = LiveHost.open(settings.name, __version__, seats)
    hosting = Hosting(host, opponents=settings.opponents, level=settings.level, site=command.site)
    state = replace(state, live=hosting, dialog="live", form=replace(form, error=None))
    return Step(state, (HangUp(None), LoadQr(), *(MakeOffer(seat) for seat in seats)))


def _hosting(state: PageState) -> Hosting | None:
    return state.live if isinstance(state.live, Hosting) else None


def hosting_here(state: PageState) -> bool:
    """Whether this page hosts a live table."""
    return isinstance(state.live, Hosting)


def host_again(state: PageState) -> Step:
    """The live table's game resumed on the host's device.

    Every friend is away until a fresh invitation brings them back (or an AI plays their seat).
    """
    from park import __version__
    from park.ui.live.host import LiveHost

    session = state.session
    if session is None or not session.friends or state.live is not None:
        return Step(state)
    if all(seat in session.stand_ins for seat in session.friends):  # the host ended the table
        return Step(state)
    host = LiveHost.open(session.names[session.humans[0]], __version__, session.friends)
    for seat in session.friends:
        host.replied_as(seat, session.names[seat])
        host.set_state(seat, "away")
    hosting = Hosting(host, started=True)
    return Step(replace(state, live=hosting), (LoadQr(), *(MakeOffer(s) for s in session.friends)))


def offered(state: PageState, event: Offered) -> Step:
    """The offer for a seat is made: its invitation link is offered to copy or share."""
    from park.ui.live.links import invitation_fragment

    hosting = _hosting(state)
    if hosting is None or event.seat not in hosting.host.friends:
        return Step(state)
    invitation = hosting.host.invitation(event.seat, event.sdp)
    link = f"{event.site or hosting.site}#{invitation_fragment(invitation)}"
    links = {**hosting.links, event.seat: link}
    return Step(replace(state, live=replace(hosting, links=links)))


def take_reply(state: PageState, text: str) -> Step:
    """A friend's reply pasted (or opened) on the host's page: connect its seat."""
    from park.ui.game.links import LinkError
    from park.ui.live.links import Reply, parse_live

    hosting = _hosting(state)
    if hosting is None:
        return Step(state)
    try:
        reply = parse_live(text)
    except LinkError as exc:
        return Step(replace(state, live=replace(hosting, problem=str(exc), good=False)))
    if not isinstance(reply, Reply):
        problem = _("That is not a friend's reply: paste the reply your friend sent you.")
        return Step(replace(state, live=replace(hosting, problem=problem, good=False)))
    refused = hosting.host.reply_problem(reply)
    if refused is not None:
        hosting.host.note(refused)
        return Step(replace(state, live=replace(hosting, problem=refused, good=False)))
    name = _unique_name(hosting, reply.seat, reply.name)
    hosting.host.replied(reply, name)
    said = _("{name}'s reply taken: connecting…").format(name=hosting.host.friends[reply.seat].name)
    hosting = replace(hosting, reply="", problem=said, good=True)
    return Step(replace(state, live=hosting), (TakeAnswer(reply.seat, reply.sdp),))


def _unique_name(hosting: Hosting, seat: int, name: str) -> str:
    """``name``, or ``name`` with a number, so that no two seats read the same.

    Not the host's, the other friends' or the AI opponents' names.
    """
    from park.engine.names import same_name, tidy_name
    from park.ui.lang.text import OPPONENT_NAMES

    taken = [hosting.host.host_name, *(_(n) for n in OPPONENT_NAMES[: hosting.opponents])]
    taken += [f.name for s, f in hosting.host.friends.items() if s != seat and f.name]
    candidate, number = name, 1
    while any(same_name(candidate, other) for other in taken):
        number += 1
        candidate = tidy_name(f"{name[:20]} {number}")
    return candidate


def hand_reply(state: PageState, text: str) -> Step:
    """A reply link opened where no table is hosted: handed to this browser's other tabs."""
    words = _(
        "This is a friend's reply to a live table. If your table is open in another tab of this "
        "browser, it takes it now; if it is on another device, paste the reply there."
    )
    return Step(notify(state, Notice(words)), (HandReply(text),))


def reply_handed(state: PageState, text: str) -> Step:
    """Another tab handed this page a reply: taken as if pasted, and that tab is told."""
    hosting = _hosting(state)
    if hosting is None:
        return Step(state)
    step = take_reply(state, text)
    taken = [effect for effect in step.effects if isinstance(effect, TakeAnswer)]
    if not taken:
        return step
    name = hosting.host.friends[taken[0].seat].name
    return step.then(ReplyTakenHere(name))


def reply_taken(state: PageState, name: str) -> Step:
    """The table in another tab took the reply handed from this one."""
    words = _("Your live table in another tab took {name}'s reply: go back to it.").format(
        name=name
    )
    return Step(notify(state, Notice(words, good=True)))


def start_game(state: PageState) -> Step:
    """Deal the live table's game once every friend is here: the host first, then the friends."""
    from park.ui.game.session import Session
    from park.ui.page.form_updates import form_settings

    hosting = _hosting(state)
    if hosting is None or hosting.started or hosting.host.waiting_for:
        return Step(state)
    friends = hosting.host.friends
    names = tuple(friends[seat].name for seat in sorted(friends))
    try:
        settings = replace(
            form_settings(replace(state.form, humans=1)),
            name=hosting.host.host_name,
            opponents=hosting.opponents,
            level=hosting.level,
            others=names,
        )
        session = Session.new(settings, friends=tuple(sorted(friends)))
    except ValueError as exc:
        problem = _("The game could not be dealt: {problem}.").format(problem=exc)
        return Step(replace(state, live=replace(hosting, problem=problem, good=False)))
    hosting = replace(hosting, started=True, problem=None)
    state = replace(state, live=hosting, dialog=None, form=replace(state.form, seed=""))
    return start_session(state, session)


def fresh_invitation(state: PageState, seat: int) -> Step:
    """A new invitation for ``seat``: its friend reloaded, or lost the link.

    The old one is refused from now on.
    """
    hosting = _hosting(state)
    if hosting is None or seat not in hosting.host.friends:
        return Step(state)
    hosting.host.fresh_invitation(seat)
    friend = hosting.host.friends[seat]
    hosting.host.set_state(seat, "away" if friend.name else "invited", stand_in=friend.stand_in)
    links = {s: link for s, link in hosting.links.items() if s != seat}
    return Step(replace(state, live=replace(hosting, links=links)), (HangUp(seat), MakeOffer(seat)))


def stand_in(state: PageState, seat: int, level: str | None) -> Step:
    """An AI of ``level`` plays ``seat`` while its friend is away (``None``: the game waits)."""
    from park.ui.setup.settings import AI_LEVELS

    hosting, session = _hosting(state), state.session
    if hosting is None or session is None or seat not in session.friends:
        return Step(state)
    if level is None or level not in AI_LEVELS:
        session.stand_ins.pop(seat, None)
    else:
        session.stand_ins[seat] = level
    friend = hosting.host.friends[seat]
    if friend.state != "here":
        hosting.host.set_state(seat, friend.state, stand_in=session.stand_ins.get(seat))
    return Step(state)


def seat_states(state: PageState) -> tuple[str, ...]:
    """Each seat's state at the hosted table (``park.ui.live.host.SEAT_STATES``)."""
    hosting, session = _hosting(state), state.session
    if hosting is None or session is None:
        return ()
    out = []
    for seat in range(len(session.state.seats)):
        friend = hosting.host.friends.get(seat)
        if seat in session.humans:
            out.append("host")
        elif friend is None:
            out.append("ai")
        elif friend.state != "here" and seat in session.stand_ins:
            out.append("stand-in")
        else:
            out.append(friend.state)
    return tuple(out)


def tell_friends(state: PageState) -> Step:
    """Send each friend who is here what changed of the game since they were last told."""
    hosting, session = _hosting(state), state.session
    if hosting is None or not hosting.started or session is None or not session.friends:
        return Step(state)
    states = seat_states(state)
    told = (id(session), session.actions_played, states)
    fresh = [s for s, f in hosting.host.friends.items() if f.state == "here"]
    behind = [s for s in fresh if hosting.host.sent.get(s) is None]
    if told == hosting.told and not behind:
        return Step(state)
    host = hosting.host
    host.sync(session.state)
    effects = tuple(
        SendLive(seat, tuple(host.messages_for(seat, session.state, states)))
        for seat in fresh
        if told != hosting.told or seat in behind
    )
    return Step(replace(state, live=replace(hosting, told=told)), effects)


def _from_friend(state: PageState, hosting: Hosting, event: PeerMessage) -> Step:
    from park.engine.errors import IllegalActionError
    from park.ui.live.host import Hello, Refused

    session = state.session
    if session is None or not hosting.started:
        return Step(state)
    checked = hosting.host.check(event.seat, event.text, session.state, event.at)
    if isinstance(checked, Hello):
        return Step(state)
    if isinstance(checked, Refused):
        if checked.answer is None:  # one of a flood: nothing to say, nothing to draw
            return Step(state)
        state = replace(state, live=replace(hosting))  # the host's log has a new line
        return Step(state, (SendLive(event.seat, (checked.answer,)),))
    try:
        if checked.action is not None:
            session.act_for(checked.seat, checked.action)
        else:
            session.exchange_for(checked.seat, checked.cards)
    except (IllegalActionError, ValueError) as exc:  # checked already: never expected
        hosting.host.note(_("Refused: {why}.").format(why=exc))
        return Step(state)
    return save(state, own=True)


# -- the connection's events -------------------------------------------------------------------


def peer_opened(state: PageState, seat: int) -> Step:
    """A channel opened: the host hears who it is; a friend says hello."""
    live = state.live
    if isinstance(live, Joining) and seat == HOST and live.table is not None:
        hello = live.table.hello(state.settings.language)
        joined = replace(live, connected=True, problem=None)
        return Step(replace(state, live=joined), (SendLive(HOST, (hello,)),))
    if isinstance(live, Hosting) and seat in live.host.friends:
        friend = live.host.friends[seat]
        live.host.set_state(seat, "here")
        if state.session is not None:  # back: the AI standing in gives the seat back
            state.session.stand_ins.pop(seat, None)
        live.host.note(_("{name} joined.").format(name=friend.name))
        everyone = live.started and not live.host.waiting_for and state.dialog == "live"
        dialog = None if everyone else state.dialog  # back at the table: the game shows again
        state = replace(state, live=replace(live, problem=None), dialog=dialog)
        return Step(state).next(tell_friends)
    return Step(state)


def peer_closed(state: PageState, event: PeerClosed) -> Step:
    """A channel closed: its friend is away (the host's page), or the host is gone."""
    live = state.live
    if isinstance(live, Joining) and event.seat == HOST:
        if event.unsupported:
            problem = no_webrtc()
            live = replace(live, making=False)
        elif event.failed:
            problem = no_relay()
        else:
            problem = _(
                "The connection to {host}'s table was lost. Ask {host} for a fresh invitation to "
                "come back to your seat."
            ).format(host=live.invitation.host)
        return Step(replace(state, live=replace(live, connected=False, problem=problem)))
    if isinstance(live, Hosting) and event.seat in live.host.friends:
        friend = live.host.friends[event.seat]
        if friend.state == "away" and not event.failed:  # said once: a channel closes twice
            return Step(state)
        session = state.session
        stand = None if session is None else session.stand_ins.get(event.seat)
        live.host.set_state(event.seat, "away", stand_in=stand)
        who = friend.name or _("seat {n}").format(n=event.seat + 1)
        if event.unsupported:
            line = no_webrtc()
        elif event.failed:
            line = no_relay()
        else:
            line = _("{name} is away.").format(name=who)
        live.host.note(line)
        return Step(replace(state, live=replace(live, problem=line, good=False)))
    return Step(state)


def peer_message(state: PageState, event: PeerMessage) -> Step:
    """A message on a channel: a friend's to the host, or the host's to a friend."""
    live = state.live
    if isinstance(live, Hosting):
        return _from_friend(state, live, event)
    if isinstance(live, Joining) and event.seat == HOST:
        return from_host(state, live, event)
    return Step(state)


def edited(state: PageState, field: str, value: str) -> Step:
    """A live table's field changed: the reply pasted, the friend's name, the friends' count."""
    live = state.live
    if field == "live-reply-text" and isinstance(live, Hosting):
        return Step(replace(state, live=replace(live, reply=value[:10_000])))
    if field == "live-name" and isinstance(live, Joining):
        return Step(replace(state, live=replace(live, name=value[:400])))
    if field == "f-friends" and value.isdigit():
        return Step(replace(state, form=replace(state.form, friends=min(int(value), 6))))
    return unused(state)


def leave(state: PageState) -> Step:
    """Leave the live table: every connection closed.

    The host's game stays saved here and goes on with an AI in each friend's seat.
    """
    if state.live is None:
        return Step(state)
    if isinstance(state.live, Hosting) and state.session is not None:
        for seat in state.session.friends:
            state.session.stand_ins.setdefault(seat, "normal")
    state = replace(state, live=None, dialog=None)
    if state.session is None:
        from park.ui.page.game_updates import show_setup

        return show_setup(state).then(HangUp(None))
    return show_game(state).then(HangUp(None))


def commands() -> dict[str, Callable[[PageState, Command], Step]]:
    """The live table's ``data-ui`` buttons (``park.ui.page.update.commands`` takes them)."""

    def seat_of(command: Command) -> int:
        seat = command.data.get("seat", "")
        return int(seat) if seat.isdigit() else -2

    return {
        "live-host": host_table,
        "live-open": lambda s, _c: Step(replace(s, dialog="live")),
        "live-connect": lambda s, _c: take_reply(s, _reply_text(s)),
        "live-start": lambda s, _c: start_game(s),
        "live-fresh": lambda s, c: fresh_invitation(s, seat_of(c)),
        "live-stand-in": lambda s, c: stand_in(s, seat_of(c), c.data.get("level") or None),
        "live-reply": lambda s, _c: make_reply(s),
        "live-leave": lambda s, _c: leave(s),
        "live-copy": lambda s, c: Step(s, (Copy(c.data.get("box", "")),)),
        "share": lambda s, c: Step(s, (ShareText(c.data.get("box", "")),)),
    }


def _reply_text(state: PageState) -> str:
    return state.live.reply if isinstance(state.live, Hosting) else ""


def live_or(state: PageState, otherwise: Callable[[PageState], Step]) -> Step:
    """Play again (``otherwise``), or at a live table a friend sits at, leave it.

    The host deals the next game.
    """
    return leave(state) if isinstance(state.live, Joining) else otherwise(state)


def live_event(state: PageState, event: object) -> Step:
    """The live table's connection events and this browser's other tabs' (``web/peers.py``)."""
    match event:
        case Offered():
            return offered(state, event)
        case Answered():
            return answered(state, event)
        case PeerOpened(seat=seat):
            return peer_opened(state, seat)
        case PeerClosed():
            return peer_closed(state, event)
        case PeerMessage():
            return peer_message(state, event)
        case ReplyHanded(text=text):
            return reply_handed(state, text)
        case ReplyTaken(name=name):
            return reply_taken(state, name)
    return unused(state)
