"""Live links (issue 52): an invitation and its reply, round trips and refusals."""

from __future__ import annotations

import base64

import pytest

from park.ui.game.links import LinkError
from park.ui.live.links import (
    MAX_LINK_LENGTH,
    Invitation,
    Reply,
    invitation_fragment,
    parse_live,
    reply_fragment,
)

SDP = (
    "v=0\r\no=- 814346127513433149 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n"
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
    "a=candidate:3416873839 1 udp 2113937151 2547b52c-c6e1-4a20-9d59-6cfd5bab0909.local 56535 "
    "typ host generation 0 network-cost 999\r\na=ice-ufrag:qrWr\r\n"
    "a=ice-pwd:dwU44HyfbuqiqP9Xn9donSIA\r\na=fingerprint:sha-256 EB:BE:B7:63:88:C7:42:D1:20:4A"
    ":B3:99:C4:CC:F8:C9:1C:8B:71:E1:B8:92:EB:9B:01:65:3A:C0:BD:C3:DF:5B\r\na=setup:actpass\r\n"
    "a=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"
)
INVITATION = Invitation("tAbLe-123", 2, "s3cret-token-abcdefgh", "Ann", "0.1.0", SDP)
REPLY = Reply("tAbLe-123", 2, "s3cret-token-abcdefgh", "Bea 花子", SDP.replace("actpass", "active"))


def test_an_invitation_and_a_reply_come_back_as_they_went() -> None:
    assert parse_live("#" + invitation_fragment(INVITATION)) == INVITATION
    assert parse_live(reply_fragment(REPLY)) == REPLY


def test_a_whole_link_or_a_reply_broken_over_lines_in_a_chat_is_read() -> None:
    fragment = reply_fragment(REPLY)
    assert parse_live(f"https://x.github.io/park/#{fragment}") == REPLY
    folded = "\n".join(fragment[i : i + 60] for i in range(0, len(fragment), 60))
    assert parse_live(f"  {folded}\n") == REPLY


def test_an_invitation_is_short_enough_to_paste_into_a_chat() -> None:
    assert len(invitation_fragment(INVITATION)) < 800  # a browser's offer is 500 to 900


def test_a_fragment_that_is_no_live_link_is_left_to_others() -> None:
    assert parse_live("") is None
    assert parse_live("#c1.abcdefgh") is None
    assert parse_live("hello there") is None


@pytest.mark.parametrize("cut", [1, 5, 40])
def test_a_link_cut_short_or_changed_is_refused(cut: int) -> None:
    fragment = invitation_fragment(INVITATION)
    with pytest.raises(LinkError, match="damaged"):
        parse_live(fragment[:-cut])
    changed = fragment[:30] + ("A" if fragment[30] != "A" else "B") + fragment[31:]
    with pytest.raises(LinkError, match="damaged"):
        parse_live(changed)


def test_a_link_from_a_newer_park_or_too_long_is_refused() -> None:
    with pytest.raises(LinkError, match="newer"):
        parse_live("#i2." + invitation_fragment(INVITATION)[3:])
    with pytest.raises(LinkError, match="longer"):
        parse_live("#i1." + "A" * (MAX_LINK_LENGTH + 1))


def _forged(prefix: str, text: str) -> str:
    import zlib

    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = deflate.compress(text.encode()) + deflate.flush()
    check = zlib.crc32(prefix.encode() + packed).to_bytes(4, "big")
    return prefix + base64.urlsafe_b64encode(packed + check).rstrip(b"=").decode()


@pytest.mark.parametrize(
    "text",
    [
        "[1, 2]",
        '{"table": "tAbLe-123"}',
        '{"table":"tAbLe-123","seat":9,"token":"s3cret-token-abcdefgh","host":"Ann",'
        '"version":"0.1.0","sdp":"v=0"}',
        '{"table":"tAbLe-123","seat":1,"token":"short","host":"Ann","version":"0.1.0","sdp":"v=0"}',
        '{"table":"tAbLe-123","seat":1,"token":"s3cret-token-abcdefgh","host":"","version":"0.1.0",'
        '"sdp":"v=0"}',
        '{"table":"tAbLe-123","seat":1,"token":"s3cret-token-abcdefgh","host":"Ann",'
        '"version":"0.1.0","sdp":"<script>"}',
        '{"table":"tAbLe-123","seat":true,"token":"s3cret-token-abcdefgh","host":"Ann",'
        '"version":"0.1.0","sdp":"v=0"}',
    ],
)
def test_an_invitation_holding_what_park_would_not_make_is_refused(text: str) -> None:
    with pytest.raises(LinkError):
        parse_live(_forged("i1.", text))


def test_a_deflate_bomb_is_refused() -> None:
    bomb = (
        '{"table":"tAbLe-123","seat":1,"token":"s3cret-token-abcdefgh","name":"Bea",'
        '"sdp":"v=0' + "v" * 200_000 + '"}'
    )
    with pytest.raises(LinkError, match="damaged"):  # inflating stops at 4 * MAX_SDP
        parse_live(_forged("a1.", bomb))


def test_json_nested_thousands_deep_is_refused_not_a_crash() -> None:
    with pytest.raises(LinkError, match="damaged"):
        parse_live(_forged("i1.", "[" * 5_000 + "]" * 5_000))
