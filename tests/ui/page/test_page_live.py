"""A live table in the page's loop (issue 52): the host's page and a friend's, with no browser.

The connection's events (``park.ui.page.live_state``) are handed to the pages as ``web/peers.py``
hands them; what one page asks to send is read by the other.
"""

from __future__ import annotations

from dataclasses import replace

from park.ui.game.session import Session
from park.ui.live.links import invitation_fragment, parse_live
from park.ui.page.effects import Copy
from park.ui.page.events import Edited, Fragment, Submitted
from park.ui.page.live_state import (
    Answered,
    HandReply,
    HangUp,
    Hosting,
    Joining,
    MakeAnswer,
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
from park.ui.page.state import Form
from tests.ui.page.helpers import Page, started

SDP = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n"
SITE = "https://x.test/park/"


def _host(friends: int = 1, opponents: int = 1) -> tuple[Page, str]:
    host = started()
    host.state = replace(
        host.state, form=replace(Form(), name="Ann", opponents=opponents, level="easy")
    )
    host.send(Edited("f-friends", str(friends)))
    host.press("live-host")
    offers = host.asked(MakeOffer)
    assert [o.seat for o in offers] == list(range(1, friends + 1))
    for seat in range(1, friends + 1):
        host.send(Offered(seat, SDP, SITE))
    hosting = host.state.live
    assert isinstance(hosting, Hosting) and host.state.dialog == "live"
    return host, hosting.links[1]


def _friend(link: str, name: str = "Bea") -> tuple[Page, str]:
    friend = started()
    friend.send(Fragment(link[len(SITE) :]))
    assert isinstance(friend.state.live, Joining) and friend.state.dialog == "join"
    friend.send(Edited("live-name", name))
    friend.press("live-reply")
    assert [a.sdp for a in friend.asked(MakeAnswer)] == [SDP]
    friend.send(Answered(SDP.replace("1 2", "3 4"), SITE))
    joining = friend.state.live
    assert isinstance(joining, Joining) and joining.reply is not None
    return friend, joining.reply


def _deliver(sender: Page, receiver: Page, seat: int, to: int) -> int:
    """Hand ``receiver`` what ``sender`` asked to send to ``to`` (as from ``seat``)."""
    count = 0
    for sent in sender.asked(SendLive):
        if sent.seat == to:
            for text in sent.texts:
                receiver.send(PeerMessage(seat, text, at=float(count)))
                count += 1
    return count


def _connected() -> tuple[Page, Page]:
    host, link = _host()
    friend, reply = _friend(link)
    host.send(Edited("live-reply-text", reply))
    host.press("live-connect")
    assert [(t.seat, t.sdp[:3]) for t in host.asked(TakeAnswer)] == [(1, "v=0")]
    host.send(PeerOpened(1))
    friend.send(PeerOpened(-1))
    _deliver(friend, host, 1, -1)  # the hello
    host.press("live-start")
    assert host.state.session is not None and host.state.session.friends == (1,)
    assert _deliver(host, friend, -1, 1) >= 2  # the history, then the table
    return host, friend


def test_an_invitation_link_carries_the_hosts_offer_for_one_seat() -> None:
    host, link = _host(friends=2, opponents=2)
    invitation = parse_live(link)
    hosting = host.state.live
    assert isinstance(hosting, Hosting)
    assert invitation is not None and invitation.seat == 1 and invitation.host == "Ann"
    assert link == f"{SITE}#{invitation_fragment(hosting.host.invitation(1, SDP))}"
    assert host.view().elements["#live-start"].props["disabled"] is True
    host.press("live-copy", box="live-invite-1")
    assert host.asked(Copy) == [Copy("live-invite-1")]


def test_a_table_of_too_many_players_is_refused_under_the_form() -> None:
    host = started()
    host.state = replace(host.state, form=replace(Form(), name="Ann", opponents=6))
    host.send(Edited("f-friends", "3"))
    host.press("live-host")
    assert host.state.live is None and "3 to 7" in (host.state.form.error or "")


def test_a_reply_that_is_not_one_or_for_another_table_is_said_and_changes_nothing() -> None:
    host, _link = _host()
    for text in ("hello", "#a1.damaged!!", "https://x.test/#i1.AAAA"):
        host.send(Edited("live-reply-text", text))
        host.press("live-connect")
        hosting = host.state.live
        assert isinstance(hosting, Hosting) and hosting.problem and not hosting.good
    assert host.asked(TakeAnswer) == []


def test_the_friend_sees_the_table_the_host_deals_and_plays_its_turns() -> None:
    host, friend = _connected()
    session, shown = host.state.session, friend.state.shown
    assert session is not None and shown is not None
    assert friend.state.screen == "game" and friend.state.dialog is None
    assert shown.observation().hand == session.state.seats[1].hand
    for _ in range(400):
        if session.is_over:
            break
        if session.friend_to_move:
            friend_shown = friend.state.shown
            assert friend_shown is not None and friend_shown.human_to_move
            friend.act(str(friend_shown.view().decision.buttons[0].action))
            _deliver(friend, host, 1, -1)
        elif session.human_to_move:
            host.act(str(session.view().decision.buttons[0].action))
        else:
            session.run_ai_turns(limit=1)
            host.send(Edited("f-seed", ""))  # any event: the friends are told after it
        _deliver(host, friend, -1, 1)
        friend_shown = friend.state.shown
        assert friend_shown is not None
        assert friend_shown.observation().hand == session.state.seats[1].hand
        assert friend_shown.actions_played == session.actions_played
    assert session.actions_played > 40


def test_a_friend_away_is_said_and_an_ai_may_stand_in() -> None:
    host, friend = _connected()
    host.send(PeerClosed(1))
    hosting = host.state.live
    session = host.state.session
    assert isinstance(hosting, Hosting) and session is not None
    assert hosting.host.friends[1].state == "away" and "away" in (hosting.problem or "")
    host.press("live-stand-in", seat="1", level="easy")
    assert session.stand_ins == {1: "easy"}
    host.effects.clear()
    host.press("live-fresh", seat="1")
    assert host.asked(HangUp) == [HangUp(1)]
    friend.send(PeerClosed(-1))
    joining = friend.state.live
    assert isinstance(joining, Joining) and not joining.connected
    assert "fresh invitation" in (joining.problem or "")


def test_a_friend_cannot_act_twice_before_the_host_answers() -> None:
    host, friend = _connected()
    session = host.state.session
    assert session is not None
    while not session.friend_to_move:
        if session.human_to_move:
            host.act(str(session.view().decision.buttons[0].action))
        else:
            session.run_ai_turns(limit=1)
            host.send(Edited("f-seed", ""))
        _deliver(host, friend, -1, 1)
    shown = friend.state.shown
    assert shown is not None
    action = str(shown.view().decision.buttons[0].action)
    friend.act(action)
    friend.act(action)
    assert len(friend.asked(SendLive)) == 1


def test_a_line_to_share_is_offered_to_the_share_sheet() -> None:
    page = started()
    page.press("share", box="link-text")
    assert page.asked(ShareText) == [ShareText("link-text")]


def test_no_undo_at_a_live_table() -> None:
    host, _friend = _connected()
    session = host.state.session
    assert session is not None
    session.stand_ins[1] = "easy"  # the friend's seat played by an AI: the host's turn comes
    while not session.human_to_move:
        session.run_ai_turns(limit=1)
    host.act(str(session.view().decision.buttons[0].action))
    assert not session.can_undo


def test_a_live_game_resumed_on_the_hosts_device_invites_every_friend_again() -> None:
    host, _friend = _connected()
    session = host.state.session
    assert session is not None
    again = started(Session.resume(session.save_text()))
    hosting = again.state.live
    assert isinstance(hosting, Hosting) and hosting.started
    assert hosting.host.friends[1].state == "away" and hosting.host.friends[1].name == "Bea"
    assert [offer.seat for offer in again.asked(MakeOffer)] == [1]
    again.send(Offered(1, SDP, SITE))
    shown = again.view().elements
    assert shown["#live-start"].hidden and "Bea" in (shown["#live-seats"].html or "")
    game = again.view().game
    assert game is not None and "away: Bea" in game.overrides["status"]


def test_a_reply_opened_in_another_tab_reaches_the_table() -> None:
    host, link = _host()
    _friend_page, reply = _friend(link)
    other_tab = started()
    other_tab.send(Fragment(reply[len(SITE) :]))
    handed = other_tab.asked(HandReply)
    assert handed == [HandReply(reply[len(SITE) :])] and other_tab.state.notice is not None
    host.send(ReplyHanded(handed[0].text))
    told = [e for e in host.effects if isinstance(e, ReplyTakenHere)]
    assert told == [ReplyTakenHere("Bea")]
    assert [t.seat for t in host.asked(TakeAnswer)] == [1]
    other_tab.send(ReplyTaken("Bea"))
    assert other_tab.state.notice is not None and other_tab.state.notice.good
    assert "Bea" in other_tab.state.notice.text


def test_a_friend_named_as_another_seat_is_told_apart() -> None:
    host, link = _host(friends=2, opponents=1)
    hosting = host.state.live
    assert isinstance(hosting, Hosting)
    for seat, name in ((1, "ann"), (2, "Lady Beatrice")):
        friend_link = link if seat == 1 else hosting.links[2]
        _page, reply = _friend(friend_link, name)
        host.send(Edited("live-reply-text", reply))
        host.press("live-connect")
        host.send(PeerOpened(seat))
    names = [f.name for _s, f in sorted(hosting.host.friends.items())]
    assert names == ["ann 2", "Lady Beatrice 2"]
    host.press("live-start")
    assert host.state.session is not None  # dealt: no two seats read the same


def test_a_seat_whose_connection_failed_gets_a_fresh_invitation_before_the_deal() -> None:
    host, link = _host()
    _page, reply = _friend(link)
    host.send(Edited("live-reply-text", reply))
    host.press("live-connect")
    host.send(PeerClosed(1, failed=True))
    seats = host.view().elements["#live-seats"].html or ""
    assert 'data-ui="live-fresh"' in seats and "live-stand-in" not in seats
    host.effects.clear()
    host.press("live-fresh", seat="1")
    assert host.asked(MakeOffer) == [MakeOffer(1)]


def test_a_game_of_ones_own_leaves_the_live_table() -> None:
    _host_page, friend = _connected()
    friend.state = replace(friend.state, form=replace(friend.state.form, name="Bea", seed="3"))
    friend.send(Submitted())
    friend.press("replace-game")
    assert friend.state.live is None and HangUp(None) in friend.effects
    assert friend.state.session is not None and not friend.state.session.friends


def test_an_ended_table_goes_on_against_the_ai_after_a_reload() -> None:
    host, _friend = _connected()
    host.press("live-leave")
    session = host.state.session
    assert session is not None and session.stand_ins == {1: "normal"}
    again = started(Session.resume(session.save_text()))
    assert again.state.live is None and again.state.session is not None
    assert again.state.session.stand_ins == {1: "normal"} and not again.asked(MakeOffer)


def test_a_friend_away_is_said_once_and_the_table_shows_again_when_they_are_back() -> None:
    host, _friend = _connected()
    host.send(PeerClosed(1))
    host.send(PeerClosed(1))  # the channel closes, then its connection: one line, not two
    hosting = host.state.live
    assert isinstance(hosting, Hosting)
    assert sum("away" in line for line in hosting.host.log) == 1
    host.press("live-open")
    host.send(PeerOpened(1))
    assert host.state.dialog is None
