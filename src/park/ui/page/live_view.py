"""A live table on the page (issue 52).

The host's table dialog, a friend's join dialog, and the line above the game that says who is
here, who is away and whose turn it is.
"""

from __future__ import annotations

from park.ui.lang.i18n import _
from park.ui.lang.text import listing
from park.ui.page.live_state import Hosting, Joining
from park.ui.page.state import PageState
from park.ui.page.view_types import Element
from park.ui.play.markup import escape

AI_LEVEL_FOR_STAND_IN = "normal"
"""The level of the AI that plays an away friend's seat when the host asks for one."""


def live_elements(state: PageState) -> dict[str, Element]:
    """Every live table element the state shows (hidden when there is no table)."""
    live = state.live
    shown: dict[str, Element] = {
        "#live-open": Element(hidden=not isinstance(live, Hosting) or not live.started),
    }
    if isinstance(live, Hosting):
        shown.update(_hosting(state, live))
    if isinstance(live, Joining):
        shown.update(_joining(state, live))
    return shown


def _said(state: PageState, box: str, text: str | None) -> str:
    """What is said under a text box that was copied, while it holds what was copied."""
    return next((said for b, copied, said in state.copied if b == box and copied == text), "")


def _seat_state_words(state: str, stand_in: str | None) -> str:
    if state == "here":
        return _("here")
    if state == "invited":
        return _("invited, not joined yet")
    if stand_in is not None:
        return _("away: the AI plays meanwhile")
    return _("away: the game waits")


def _hosting(state: PageState, hosting: Hosting) -> dict[str, Element]:
    host = hosting.host
    session = state.session if hosting.started else None
    seats = []
    for seat, friend in sorted(host.friends.items()):
        name = friend.name or _("Friend {n}").format(n=seat)  # the host is seat 0
        title = name
        words = _seat_state_words(friend.state, friend.stand_in)
        box = f"live-invite-{seat}"
        link = hosting.links.get(seat)
        parts = [
            f'<section class="live-seat" data-seat="{seat}" data-state="{escape(friend.state)}">',
            f'<h3>{escape(title)} <small class="live-state">{escape(words)}</small></h3>',
        ]
        if friend.state != "here" and not friend.used:
            if link is None:
                making = _("Making the invitation…")
                parts.append(f"<p>{escape(making)}</p>")
            else:
                label = _("Invitation for {name}").format(name=name)
                copy, share = _("Copy the invitation"), _("Share…")
                parts.append(
                    f'<textarea id="{box}" class="live-link" readonly rows="3" '
                    f'aria-label="{escape(label)}">{escape(link)}</textarea>'
                    f'<div class="live-buttons"><button type="button" class="btn btn-secondary" '
                    f'data-ui="live-copy" data-box="{box}">{escape(copy)}'
                    f'</button><button type="button" class="btn btn-secondary btn-share" '
                    f'data-ui="share" data-box="{box}">{escape(share)}</button>'
                    f'<span role="status">{escape(_said(state, box, link))}</span></div>'
                    + _qr(link, _("QR code of the invitation for {name}").format(name=name))
                )
        if friend.state == "invited" and friend.used:
            taken = _("Reply taken: connecting…")
            parts.append(f"<p>{escape(taken)}</p>")
        if friend.state != "here" and (session is not None or friend.used):
            fresh, wait, stand = (
                _("Fresh invitation"),
                _("Wait for them"),
                _("Let the AI play meanwhile"),
            )
            parts.append('<div class="live-buttons">')
            parts.append(
                f'<button type="button" class="btn btn-secondary" data-ui="live-fresh" '
                f'data-seat="{seat}">{escape(fresh)}</button>'
            )
            if session is None:  # before the deal: only a fresh invitation
                pass
            elif seat in session.stand_ins:
                parts.append(
                    f'<button type="button" class="btn btn-secondary" data-ui="live-stand-in" '
                    f'data-seat="{seat}" data-level="">{escape(wait)}</button>'
                )
            else:
                parts.append(
                    f'<button type="button" class="btn btn-secondary" data-ui="live-stand-in" '
                    f'data-seat="{seat}" data-level="{AI_LEVEL_FOR_STAND_IN}">'
                    f"{escape(stand)}</button>"
                )
            parts.append("</div>")
        parts.append("</section>")
        seats.append("".join(parts))
    log = "".join(f"<li>{escape(line)}</li>" for line in reversed(host.log[-50:]))
    problem = hosting.problem or ""
    return {
        "#live-seats": Element(html="".join(seats)),
        "#live-reply-text": Element(props={"value": hosting.reply}),
        "#live-problem": Element(text=problem, classes={"is-good": hosting.good}),
        "#live-log": Element(html=log, hidden=not log),
        "#live-start": Element(hidden=hosting.started, props={"disabled": bool(host.waiting_for)}),
        "#live-intro": Element(hidden=hosting.started),
    }


def _qr(link: str, label: str) -> str:
    """The QR code of ``link`` (nothing until the library is there)."""
    from park.ui.live.qr import qr_image

    image = qr_image(link)
    if image is None:
        return ""
    return f'<img class="live-qr" src="{escape(image)}" alt="{escape(label)}">'


def _joining(state: PageState, joining: Joining) -> dict[str, Element]:
    invitation = joining.invitation
    intro = _("{host} invites you to a live game of Park, at seat {n}.").format(
        host=invitation.host, n=invitation.seat + 1
    )
    reply = joining.reply
    if joining.connected:
        status = _("Connected to {host}'s table: the game opens when {host} deals it.").format(
            host=invitation.host
        )
    elif reply is not None:
        status = _(
            "Send this reply to {host} (copy it, share it, or let {host} scan it). "
            "The table opens here once {host}'s page takes it."
        ).format(host=invitation.host)
    elif joining.making:
        status = _("Making your reply…")
    else:
        status = ""
    return {
        "#join-intro": Element(text=intro),
        "#live-name": Element(props={"value": joining.name, "disabled": reply is not None}),
        "#live-reply": Element(hidden=reply is not None),
        "#join-reply": Element(hidden=reply is None or joining.connected),
        "#live-reply-link": Element(props={"value": reply or ""}),
        "#live-reply-link-copied": Element(text=_said(state, "live-reply-link", reply)),
        "#join-qr": Element(html="" if reply is None else _qr(reply, _("QR code of your reply"))),
        "#join-status": Element(text=status),
        "#join-problem": Element(text=joining.problem or "", hidden=joining.problem is None),
    }


def live_line(state: PageState) -> str:
    """The line above the game: each seat at the live table, who is away, whose turn it is."""
    live = state.live
    shown = state.shown
    if live is None or shown is None or state.screen != "game":
        return ""
    if isinstance(live, Joining):
        table = live.table
        session = table.session if table is not None else None
        states = session.seat_states if session is not None else ()
        where = _("Live at {host}'s table").format(host=live.invitation.host)
        if not live.connected:
            where = _("Disconnected from {host}'s table").format(host=live.invitation.host)
    else:
        from park.ui.page.live_updates import seat_states

        states = seat_states(state)
        where = _("Your live table")
    names = shown.names
    away = [names[i] for i, s in enumerate(states) if s in ("away", "invited")]
    parts = [where]
    if away:
        parts.append(_("away: {names}").format(names=listing(away)))
    active = shown.active
    if not shown.is_over and active < len(states):
        if states[active] in ("away", "invited"):
            parts.append(_("waiting for {name} to come back").format(name=names[active]))
        elif active not in shown.humans:
            parts.append(_("{name} is thinking").format(name=names[active]))
    line = " · ".join(parts)
    return f'<span class="status-meta status-live">{escape(line)}</span>'
