"""A live table's host and friends (issue 52): what each friend is sent, what the host accepts."""

from __future__ import annotations

import json
import random

import pytest

from park.engine.observation import observe
from park.engine.rules import legal_actions
from park.engine.state import Phase
from park.ui.game.session import Session
from park.ui.live.guest import GuestTable
from park.ui.live.host import FLOOD_LIMIT, Accepted, Hello, LiveHost, Refused
from park.ui.live.links import Reply
from park.ui.setup.settings import NewGameSettings

FRIENDS = (1, 2)


def _table(seed: int = 7, opponents: int = 2) -> tuple[Session, LiveHost, dict[int, GuestTable]]:
    settings = NewGameSettings("Ann", opponents, "easy", seed, False, ("Bea", "Cy"))
    session = Session.new(settings, friends=FRIENDS)
    host = LiveHost.open("Ann", "0.1.0", FRIENDS)
    guests = {}
    for seat in FRIENDS:
        invitation = host.invitation(seat, "v=0\r\n")
        reply = Reply(host.table, seat, invitation.token, ("Bea", "Cy")[seat - 1], "v=0\r\n")
        assert host.reply_problem(reply) is None
        host.replied(reply)
        host.set_state(seat, "here")
        guests[seat] = GuestTable(invitation, reply.name)
    return session, host, guests


def _states(session: Session, host: LiveHost) -> list[str]:
    return [
        "host" if s in session.humans else host.friends[s].state if s in host.friends else "ai"
        for s in range(len(session.state.seats))
    ]


def _send(session: Session, host: LiveHost, guests: dict[int, GuestTable]) -> dict[int, list[str]]:
    host.sync(session.state)
    sent = {}
    for seat, guest in guests.items():
        sent[seat] = host.messages_for(seat, session.state, _states(session, host))
        for message in sent[seat]:
            guest.receive(message)
    return sent


def _hidden_from(seat: int, session: Session, messages: list[str]) -> None:
    """No message to ``seat`` holds another seat's hand or a private event of another seat."""
    for text in messages:
        message = json.loads(text)
        if message["t"] == "table":
            assert message["obs"]["hand"] == list(session.state.seats[seat].hand)
            assert "deck" not in message["obs"] and "seed" not in message["obs"]
        for _actor, events in message.get("batches", []):
            assert all(event[3] in (None, seat) for event in events)


def test_r104_a_whole_live_game_shows_each_friend_its_seat_and_nothing_more() -> None:
    session, host, guests = _table()
    rng = random.Random(3)
    decided = {"act": 0, "exchange": 0}
    for _ in range(3000):
        sent = _send(session, host, guests)
        for seat, guest in guests.items():
            _hidden_from(seat, session, sent[seat])
            shown = guest.session
            assert shown is not None and shown.obs == observe(session.state, seat)
            assert all(not s.hand for i, s in enumerate(shown.state.seats) if i != seat)
            assert shown.state.deck == ()
            assert [str(a) for a in shown.legal] == (
                [str(a) for a in legal_actions(session.state)]
                if session.state.active == seat
                else []
            )
        if session.is_over:
            break
        active = session.state.active
        if session.ai_to_move:
            session.run_ai_turns(limit=1)
        elif active in guests:
            guest = guests[active]
            assert guest.session is not None
            if session.state.phase is Phase.MARKET:
                hand = guest.session.observation().hand
                cards = [session.state.rules.cards[c].id for c in hand[: rng.randint(0, len(hand))]]
                text = guest.exchange(cards)
            else:
                text = guest.act(str(rng.choice(guest.session.legal)))
            checked = host.check(active, text, session.state, now=0.0)
            assert isinstance(checked, Accepted), checked
            decided["act" if checked.action is not None else "exchange"] += 1
            if checked.action is not None:
                session.act_for(active, checked.action)
            else:
                session.exchange_for(active, checked.cards)
        else:
            session.act(rng.choice(legal_actions(session.state)))
    assert session.is_over
    assert decided["act"] > 50 and decided["exchange"] > 0, decided
    for guest in guests.values():
        assert guest.session is not None and guest.session.is_over
        assert guest.session.seed == session.seed  # once over, the deal may be known
        assert [line.text for line in guest.session.log][-1]


def _at_friends_turn() -> tuple[Session, LiveHost, dict[int, GuestTable], int]:
    session, host, guests = _table()
    while not session.friend_to_move:
        if session.ai_to_move:
            session.run_ai_turns(limit=1)
        else:
            session.act(legal_actions(session.state)[0])
    _send(session, host, guests)
    return session, host, guests, session.state.active


HOSTILE = [
    "[" * 2_000 + "]" * 2_000,  # nested deep enough to break a recursive reader
    '{"t": "hello", "token": "é' + "x" * 21 + '", "name": "Eve", "language": "en"}',
    "{not json",
    "[1, 2, 3]",
    '{"t": "launch"}',
    '{"t": "act", "n": 1, "action": "fly:to-the-moon"}',
    '{"t": "act", "n": 1, "action": "step:no-such-space"}',
    '{"t": "act", "n": "1", "action": "stay"}',
    '{"t": "exchange", "n": 1, "cards": ["no-such-card"]}',
    '{"t": "act", "n": 1, "action": "stay", "pad": "' + "x" * 1_000_000 + '"}',
    "\u0000" * 10,
]


@pytest.mark.parametrize("text", HOSTILE)
def test_a_hostile_message_changes_nothing_and_is_logged(text: str) -> None:
    session, host, _guests, seat = _at_friends_turn()
    before = session.state
    checked = host.check(seat, text, session.state, now=0.0)
    assert isinstance(checked, Refused)
    assert session.state is before
    assert len(host.log) == 1 and host.log[0].startswith("Refused from ")


def test_a_decision_for_another_seat_or_out_of_turn_is_refused() -> None:
    session, host, guests, seat = _at_friends_turn()
    other = next(s for s in FRIENDS if s != seat)
    text = guests[other].act("stay")
    checked = host.check(other, text, session.state, now=0.0)
    assert isinstance(checked, Refused) and "out of turn" in checked.why
    assert checked.answer is not None and json.loads(checked.answer)["t"] == "refused"
    guests[other].receive(checked.answer)
    assert guests[other].refusals == [checked.why]
    assert isinstance(host.check(0, guests[seat].act("stay"), session.state, 0.0), Refused)


def test_a_message_sent_again_is_refused() -> None:
    session, host, guests, seat = _at_friends_turn()
    text = guests[seat].act(str(legal_actions(session.state)[0]))
    first = host.check(seat, text, session.state, now=0.0)
    assert isinstance(first, Accepted)
    assert isinstance(host.check(seat, text, session.state, now=0.0), Refused)


@pytest.mark.parametrize("apart", [0.0, 1.0], ids=["at-once", "read-slowly"])
def test_a_flood_is_refused_with_one_line_in_the_log(apart: float) -> None:
    session, host, guests, seat = _at_friends_turn()
    for count in range(FLOOD_LIMIT * 3):  # read one a second: the game waits, still a flood
        host.check(seat, "{}", session.state, now=count * apart)
    floods = [line for line in host.log if "too many" in line]
    assert len(floods) == 1
    stay = guests[seat].act(str(legal_actions(session.state)[0]))
    later = host.check(seat, stay, session.state, now=1_000.0)
    assert isinstance(later, Refused) and later.why == "flood"  # the game has not moved
    session.stand_ins[seat] = "easy"
    session.run_ai_turns(limit=1)  # the game moved on (and the window passed)
    del session.stand_ins[seat]
    again = host.check(seat, "{}", session.state, now=2_000.0)
    assert isinstance(again, Refused) and again.why != "flood"


def test_a_hello_needs_the_seat_secret() -> None:
    session, host, guests, seat = _at_friends_turn()
    assert isinstance(host.check(seat, guests[seat].hello("ja"), session.state, 0.0), Hello)
    forged = json.dumps({"t": "hello", "token": "x" * 22, "name": "Eve", "language": "en"})
    assert isinstance(host.check(seat, forged, session.state, 0.0), Refused)


def test_an_invitation_used_twice_or_an_old_one_is_refused() -> None:
    host = LiveHost.open("Ann", "0.1.0", (1,))
    invitation = host.invitation(1, "v=0")
    reply = Reply(host.table, 1, invitation.token, "Bea", "v=0")
    host.replied(reply)
    assert "already used" in (host.reply_problem(reply) or "")
    host.fresh_invitation(1)
    assert "older invitation" in (host.reply_problem(reply) or "")
    fresh = Reply(host.table, 1, host.friends[1].token, "Bea", "v=0")
    assert host.reply_problem(fresh) is None
    assert "another table" in (
        host.reply_problem(Reply("otherTable1", 1, "t" * 22, "E", "v")) or ""
    )


def test_a_friend_who_comes_back_gets_the_whole_table_again_and_plays_on() -> None:
    session, host, guests, seat = _at_friends_turn()
    first = guests[seat].act(str(legal_actions(session.state)[0]))
    checked = host.check(seat, first, session.state, now=0.0)
    assert isinstance(checked, Accepted) and checked.action is not None
    session.act_for(seat, checked.action)
    while not session.friend_to_move or session.state.active != seat:
        if session.ai_to_move:
            session.run_ai_turns(limit=1)
        elif session.human_to_move:
            session.act(legal_actions(session.state)[0])
        else:
            other = session.state.active
            text = guests[other].act(str(legal_actions(session.state)[0]))
            accepted = host.check(other, text, session.state, now=0.0)
            assert isinstance(accepted, Accepted) and accepted.action is not None
            session.act_for(other, accepted.action)
    host.set_state(seat, "away")
    host.fresh_invitation(seat)
    invitation = host.invitation(seat, "v=0")
    host.replied(Reply(host.table, seat, invitation.token, "Bea", "v=0"))
    host.set_state(seat, "here")
    host.sync(session.state)
    again = GuestTable(invitation, "Bea")
    for message in host.messages_for(seat, session.state, _states(session, host)):
        again.receive(message)
    host.sent.pop(seat)  # the old page is told again too, to compare
    assert again.session is not None and guests[seat].session is not None
    for message in host.messages_for(seat, session.state, _states(session, host)):
        guests[seat].receive(message)
    assert again.session.obs == guests[seat].session.obs
    assert [line.text for line in again.session.log] == [
        line.text for line in guests[seat].session.log
    ]
    # the page that came back numbers its decisions from 1 again: they count
    comeback = host.check(seat, again.act(str(legal_actions(session.state)[0])), session.state, 0.0)
    assert isinstance(comeback, Accepted)


def test_a_friends_seat_handed_to_an_ai_is_played_by_it() -> None:
    session, _host, _guests, seat = _at_friends_turn()
    session.stand_ins[seat] = "easy"
    assert session.ai_to_move and not session.friend_to_move
    session.run_ai_turns(limit=1)
    assert session.state.log and session.actions_played > 0


def test_a_live_game_save_resumes_with_its_friends_seats() -> None:
    session, _host, _guests, _seat = _at_friends_turn()
    again = Session.resume(session.save_text())
    assert again.friends == FRIENDS and again.humans == (0,) and again.mode.live
    assert again.friend_to_move


def test_a_refusal_is_answered_even_without_a_number() -> None:
    session, host, guests, seat = _at_friends_turn()
    checked = host.check(seat, "{not json", session.state, now=0.0)
    assert isinstance(checked, Refused) and checked.answer is not None
    guests[seat].receive(checked.answer)
    assert guests[seat].refusals and "cannot be read" in guests[seat].refusals[-1]
