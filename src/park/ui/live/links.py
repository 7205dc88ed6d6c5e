"""The two links that connect a live table with no server: an invitation and its reply.

A live table's pages talk over a WebRTC data channel, and WebRTC needs the two pages to swap a
description of their connection (SDP) once. With no server to carry it, the links do:

- an **invitation**, ``#i1.<body>``: the host's offer for one seat, with the table's id, the
  seat, the seat's secret token, the host's name and the version of Park the host runs;
- a **reply**, ``#a1.<body>``: the friend's answer to it, with the same table, seat and token
  and the friend's name.

``<body>`` is base64url (no padding) of the JSON object deflated (raw DEFLATE), then 4 bytes of
checksum (CRC-32 of the prefix and the deflated bytes): a link cut short or changed is refused. A
browser's offer of about 700 characters makes an invitation of about 600. Every refusal raises
:class:`~park.ui.game.links.LinkError` with a sentence for the player. docs/live.md describes
the formats.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import asdict, dataclass

from park.engine.names import name_problem
from park.engine.player_counts import MAX_PLAYERS
from park.ui.game.links import LinkError
from park.ui.lang.i18n import _

INVITATION_PREFIX = "i1."
"""An invitation's fragment starts so (kind ``i``, version 1)."""
REPLY_PREFIX = "a1."
"""A reply's fragment starts so (kind ``a``, an answer; version 1)."""
MAX_LINK_LENGTH = 4_000
"""The longest live link read (a browser's description with many network addresses takes about
1,200 characters)."""
MAX_SDP = 6_000
"""The longest connection description (SDP) read, in characters."""
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,43}")
"""A seat's secret token: base64url of 12 to 32 random bytes."""
TABLE = re.compile(r"[A-Za-z0-9_-]{8,22}")
"""A table's id: base64url of 6 to 16 random bytes."""
_VERSION = re.compile(r"[0-9A-Za-z.+-]{1,40}")
_CHECK_BYTES = 4


@dataclass(frozen=True, slots=True)
class Invitation:
    """The host's invitation to one seat of a live table.

    ``table``: the table's id; ``seat``: the seat offered (0-based); ``token``: the seat's secret
    for this invitation; ``host``: the host's name; ``version``: Park's version on the host's page
    (a friend's page of another version cannot join); ``sdp``: the host's WebRTC offer.
    """

    table: str
    seat: int
    token: str
    host: str
    version: str
    sdp: str


@dataclass(frozen=True, slots=True)
class Reply:
    """A friend's reply to an :class:`Invitation`.

    The same ``table``, ``seat`` and ``token``, the friend's ``name`` and their WebRTC answer
    (``sdp``).
    """

    table: str
    seat: int
    token: str
    name: str
    sdp: str


def invitation_fragment(invitation: Invitation) -> str:
    """The fragment (without ``#``) of ``invitation``'s link (its fields, in their order)."""
    return _pack(INVITATION_PREFIX, asdict(invitation))


def reply_fragment(reply: Reply) -> str:
    """The fragment (without ``#``) of ``reply``'s link, also the text a friend pastes."""
    return _pack(REPLY_PREFIX, asdict(reply))


def parse_live(text: str) -> Invitation | Reply | None:
    """The invitation or reply in ``text``: a fragment (with or without ``#``) or a whole link.

    ``None`` when ``text`` holds neither. Raises :class:`~park.ui.game.links.LinkError` for one
    that is too long, damaged, of a newer version, or holds anything Park would not make.
    """
    text = "".join(text.split())  # a reply pasted from a chat may be broken over lines
    found = re.search(r"(?:^|#)([ia])([0-9]+)\.([A-Za-z0-9_-]*)$", text)
    if found is None:
        return None
    kind, version, body = found.groups()
    if version != "1":
        raise LinkError(_("This live link is from a newer Park: reload the page, then open it."))
    if len(body) > MAX_LINK_LENGTH:
        raise LinkError(_("This link is longer than any Park makes, so it was not opened."))
    prefix = INVITATION_PREFIX if kind == "i" else REPLY_PREFIX
    fields = _unpack(prefix, body)
    return _invitation(fields) if kind == "i" else _reply(fields)


# -- writing and reading the body ------------------------------------------------------------


def _checksum(prefix: str, packed: bytes) -> bytes:
    return zlib.crc32(prefix.encode("ascii") + packed).to_bytes(_CHECK_BYTES, "big")


def _pack(prefix: str, fields: dict[str, object]) -> str:
    text = json.dumps(fields, ensure_ascii=False, separators=(",", ":"))
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = deflate.compress(text.encode("utf-8")) + deflate.flush()
    body = base64.urlsafe_b64encode(packed + _checksum(prefix, packed)).rstrip(b"=")
    return prefix + body.decode("ascii")


def _damaged() -> LinkError:
    return LinkError(_("This link is damaged (cut short or changed somewhere): ask for it again."))


def _unpack(prefix: str, body: str) -> dict[str, object]:
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise _damaged() from None
    packed, check = raw[:-_CHECK_BYTES], raw[-_CHECK_BYTES:]
    if len(raw) <= _CHECK_BYTES or check != _checksum(prefix, packed):
        raise _damaged()
    inflate = zlib.decompressobj(-15)
    try:
        text = inflate.decompress(packed, 4 * MAX_SDP)
        fields = json.loads(text.decode("utf-8"))
    except (zlib.error, UnicodeDecodeError, ValueError, RecursionError):
        raise _damaged() from None
    if inflate.unconsumed_tail or not isinstance(fields, dict):
        raise _damaged()
    return fields


def _not_ours() -> LinkError:
    return LinkError(_("This live link holds something Park would not make, so it was not opened."))


def _text(fields: dict[str, object], key: str, pattern: re.Pattern[str] | None = None) -> str:
    value = fields.get(key)
    if not isinstance(value, str) or (pattern is not None and not pattern.fullmatch(value)):
        raise _not_ours()
    return value


def _common(fields: dict[str, object], name_key: str) -> tuple[str, int, str, str, str]:
    seat = fields.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < MAX_PLAYERS:
        raise _not_ours()
    name = _text(fields, name_key)
    if name_problem(name) is not None:
        raise _not_ours()
    sdp = _text(fields, "sdp")
    if not sdp.startswith("v=0") or len(sdp) > MAX_SDP:
        raise _not_ours()
    return _text(fields, "table", TABLE), seat, _text(fields, "token", TOKEN), name, sdp


def _invitation(fields: dict[str, object]) -> Invitation:
    if set(fields) != {"table", "seat", "token", "host", "version", "sdp"}:
        raise _not_ours()
    table, seat, token, host, sdp = _common(fields, "host")
    return Invitation(table, seat, token, host, _text(fields, "version", _VERSION), sdp)


def _reply(fields: dict[str, object]) -> Reply:
    if set(fields) != {"table", "seat", "token", "name", "sdp"}:
        raise _not_ours()
    table, seat, token, name, sdp = _common(fields, "name")
    return Reply(table, seat, token, name, sdp)
