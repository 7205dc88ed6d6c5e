"""Links (issue 43): the challenge and shared-game formats, round trips and refusals."""

from __future__ import annotations

import base64
import hashlib
import string
from functools import cache

import pytest

from park.engine.levels import CONTROLLERS
from park.engine.save import start_of
from park.ui.game.link_views import (
    chain_result,
    challenge_news,
    comparison_html,
    offer_html,
    share_line,
    shared_game_of,
    shared_state,
    table_of,
)
from park.ui.game.links import (
    MAX_CHAIN,
    SEAT_CODES,
    ChainResult,
    Challenge,
    LinkError,
    SharedGame,
    Table,
    challenge_fragment,
    challenge_of,
    game_fragment,
    parse_fragment,
)
from park.ui.game.session import Session
from park.ui.lang.i18n import speaking
from park.ui.replay.html import PUBLIC, replay_parts, viewer_options
from park.ui.replay.model import Replay
from park.ui.setup.settings import NewGameSettings
from tests.helpers import finished_game

ADA = ChainResult("Ada", 142, 2, "2026-12-01")
TABLE = Table(123456789, ("human", "normal", "normal", "normal"))


@cache
def _finished() -> Session:
    return finished_game(seed=11, settings=NewGameSettings("Ada", 3, "easy", 11))


def _repacked(fragment: str, body: bytes) -> str:
    """``fragment``'s prefix with ``body`` and a correct checksum (a hostile, well-formed link)."""
    prefix = fragment[:3]
    check = hashlib.sha256(prefix.encode() + body + b".").digest()[:4]
    return prefix + base64.urlsafe_b64encode(body + check).rstrip(b"=").decode()


UNUSED_CODE = next(c for c in reversed(string.ascii_lowercase) if c not in SEAT_CODES.values())
"""A seat letter no controller has: an unknown level's (a new level takes a letter of its own)."""
SHIPPED_CODES = {"p": "human", "r": "random", "e": "easy", "n": "normal", "h": "hard"}
"""The seat letters links were made with before the registry gave each level its own: a link
made then must open the same table (a new level brings a new letter, never one of these)."""


def test_every_controller_has_a_seat_code() -> None:
    assert set(SEAT_CODES) == set(CONTROLLERS)
    assert len(set(SEAT_CODES.values())) == len(SEAT_CODES)


def test_the_letters_links_were_made_with_keep_their_meaning() -> None:
    decoded = {code: controller for controller, code in SEAT_CODES.items()}
    assert SHIPPED_CODES.items() <= decoded.items()


def test_a_challenge_round_trips() -> None:
    challenge = challenge_of(TABLE, ADA)
    fragment = challenge_fragment(challenge)
    assert fragment.startswith("c1.")
    assert parse_fragment(fragment) == challenge
    assert parse_fragment("#" + fragment) == challenge
    chain = challenge
    for i in range(MAX_CHAIN + 2):
        chain = chain.with_result(ChainResult(f"Player {i}", 100 + i, 1, "2026-12-02"))
        assert parse_fragment(challenge_fragment(chain)) == chain
    assert len(chain.results) == MAX_CHAIN


def test_the_same_seed_and_table_deal_the_same_first_state() -> None:
    challenge = challenge_of(TABLE, ADA)
    mine = Session.new(challenge.settings("Bob"))
    theirs = Session.new(NewGameSettings("Ada", 3, "normal", TABLE.seed))
    assert [s.hand for s in mine.state.seats] == [s.hand for s in theirs.state.seats]
    assert mine.state.deck == theirs.state.deck
    assert mine.state.active == theirs.state.active
    assert table_of(mine.state) == TABLE


def test_the_finished_game_makes_a_challenge_and_compares() -> None:
    session = _finished()
    result = chain_result(session.state, 0, "2026-12-05")
    challenge = challenge_of(table_of(session.state), result)
    assert challenge.matches(table_of(session.state))
    both = challenge.with_result(ChainResult("Bob", result.score + 5, 1, "2026-12-06"))
    html = comparison_html(both)
    assert "You beat every earlier score" in html and "Ada:" in html and "Bob:" in html


@pytest.mark.parametrize("blank", ["You", "あなた"])
def test_a_blank_name_is_a_friend_to_the_reader_not_you(blank: str) -> None:
    """A player who kept the form's blank name ("You", in any language) challenges as a friend."""
    sent = challenge_of(TABLE, ChainResult(blank, 136, 1, "2026-12-05"))
    offer = offer_html(sent)
    assert "A friend challenges you to the same deal" in offer
    assert "Your friend scored 136 points" in offer and f"{blank} " not in offer
    assert share_line(sent, "URL") == (
        "Park challenge: 136 points, 1st of 4. Same deal, same opponents: can you beat it? URL"
    )
    assert challenge_news(sent) == "The challenge's deal: beat your friend's 136 points."
    answered = comparison_html(sent.with_result(ChainResult(blank, 120, 2, "2026-12-06")))
    assert "1. A friend: 136 points" in answered and "2. You: 120 points" in answered
    with speaking("ja"):
        assert "友だちから同じ配りへの挑戦状" in offer_html(sent)
        assert challenge_news(sent) == "挑戦の配りです。友だちの136点を超えましょう。"


def test_a_named_challenger_is_named() -> None:
    sent = challenge_of(TABLE, ADA)
    assert "Ada challenges you to the same deal" in offer_html(sent)
    assert share_line(sent, "URL").startswith("Park challenge from Ada: 142 points, 2nd of 4.")
    assert challenge_news(sent) == "The challenge's deal: beat Ada's 142 points."


@pytest.mark.parametrize("reveal", [False, True])
def test_a_shared_game_round_trips_and_replays(reveal: bool) -> None:
    session = _finished()
    game = shared_game_of(session.state, at=5, reveal=reveal)
    fragment = game_fragment(game)
    assert fragment.startswith("r1.")
    parsed = parse_fragment(fragment)
    assert parsed == game
    assert isinstance(parsed, SharedGame)
    state = shared_state(parsed)
    assert state.log == session.state.log
    assert start_of(state).seats == start_of(session.state).seats
    assert [s.score for s in state.seats] == [s.score for s in session.state.seats]


def test_the_public_view_shows_no_hand() -> None:
    replay = Replay(_finished().state)
    assert [value for value, _label in viewer_options(replay, public_only=True)] == [PUBLIC]
    parts = replay_parts(replay, 10, PUBLIC, {c.id: c for c in replay.states[0].rules.cards})
    assert parts.markup["replay-hands"] == ""


def test_markup_in_a_name_is_shown_as_text() -> None:
    challenge = challenge_of(TABLE, ChainResult("<b>Ada</b>", 1, 1, "2026-12-01"))
    parsed = parse_fragment(challenge_fragment(challenge))
    assert isinstance(parsed, Challenge)
    html = offer_html(parsed)
    assert "<b>" not in html and "&lt;b&gt;Ada&lt;/b&gt;" in html


def test_not_ours_is_ignored() -> None:
    assert parse_fragment("") is None
    assert parse_fragment("#") is None
    assert parse_fragment("#top") is None
    assert parse_fragment("#rules") is None


@pytest.mark.parametrize(
    "body",
    [
        b"zzzzzzzzzzzz\tpnnn\nAda\t1\t1\t2026-12-01",  # a seed past MAX_SEED
        b"1\tp" + UNUSED_CODE.encode() * 3 + b"\nAda\t1\t1\t2026-12-01",  # unknown levels
        b"1\tpXXX\nAda\t1\t1\t2026-12-01",  # not even a level's kind of letter
        b"1\tpn\nAda\t1\t1\t2026-12-01",  # too few seats
        b"1\tnnnn\nAda\t1\t1\t2026-12-01",  # nobody's seat
        b"1\tnpnn\nAda\t1\t1\t2026-12-01",  # the person not first
        b"1\tpneh\nAda\t1\t1\t2026-12-01",  # mixed levels
        b"1\tpnnn\nAda\t99999999999999999999\t1\t2026-12-01",  # a huge score
        b"1\tpnnn\nAda\t1\t9\t2026-12-01",  # a place past the table
        b"1\tpnnn\nAda\t01\t1\t2026-12-01",  # a number written oddly
        b"1\tpnnn\nAda\t1\t1\t2026-13-01",  # no such date
        b"1\tpnnn\n" + b"A" * 100 + b"\t1\t1\t2026-12-01",  # a long name
        b"1\tpnnn\n Ada\t1\t1\t2026-12-01",  # an untidy name
        b"1\tpnnn\nA\x00da\t1\t1\t2026-12-01",  # a control character
        b"1\tpnnn",  # no result
        b"1\tpnnn\nAda\t1\t1",  # a result cut short
        b"1\tpnnn\n" + b"\n".join(b"P%d\t1\t1\t2026-12-01" % i for i in range(9)),  # 9 results
        b"\xff\xfe",  # not UTF-8
    ],
)
def test_hostile_challenges_are_refused(body: bytes) -> None:
    with pytest.raises(LinkError) as caught:
        parse_fragment(_repacked("c1.", body))
    assert "link" in str(caught.value)


def test_damaged_and_long_links_are_refused() -> None:
    fragment = challenge_fragment(challenge_of(TABLE, ADA))
    changed = fragment[:-2] + ("A" if fragment[-2] != "A" else "B") + fragment[-1]
    for text in (changed, fragment[:-4], fragment + "!", "c1.AAAAAAAAAAAA", "c1." + "A" * 5000):
        with pytest.raises(LinkError):
            parse_fragment(text)
    with pytest.raises(LinkError, match="newer version"):
        parse_fragment("c2." + fragment[3:])
    game = game_fragment(shared_game_of(_finished().state, at=None, reveal=False))
    with pytest.raises(LinkError):  # a move changed: the checksum covers the moves
        parse_fragment(game[:-1] + ("0" if game[-1] != "0" else "1"))
    with pytest.raises(LinkError):
        parse_fragment(game + "0" * 3000)


def test_moves_that_do_not_replay_are_refused() -> None:
    game = SharedGame(TABLE, ("Ada",), reveal=False, at=None, moves="z" * 10)
    with pytest.raises(LinkError):
        shared_state(game)
    twins = SharedGame(Table(1, ("human", "human", "easy")), ("Ada", "ada"), False, None, "")
    with pytest.raises(LinkError):
        shared_state(twins)
