"""A live table in the page (issue 52): what the page remembers of it, its events and effects.

The page hosts a table (:class:`Hosting`: the host's page holds the game, ``park.ui.live.host``) or
sits at one (:class:`Joining`: a friend's page, ``park.ui.live.guest``). The browser's side of
the connection (WebRTC) is ``web/peers.py``: it runs the effects here and hands the page the
events here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from park.ui.live.guest import GuestTable
    from park.ui.live.host import LiveHost
    from park.ui.live.links import Invitation


@dataclass(frozen=True)
class Hosting:
    """A live table hosted on this page.

    Its ``host`` (seats, tokens, checks, log), each friend's seat's invitation link once made
    (``links``; a seat missing: its offer is being made), the reply pasted (``reply``), what is
    said of the last reply or connection (``problem``; ``good``: good news), the AI ``opponents``
    and their ``level``, whether the game has begun (``started``), and what the friends were
    last told (``told``: the game's id, its actions played, the seats' states).
    """

    host: LiveHost
    site: str = ""
    """The site's address, the invitations' start."""
    opponents: int = 0
    level: str = "normal"
    links: Mapping[int, str] = field(default_factory=dict)
    reply: str = ""
    problem: str | None = None
    good: bool = False
    started: bool = False
    told: tuple[int, int, tuple[str, ...]] | None = None


@dataclass(frozen=True)
class Joining:
    """A friend's page at a live table.

    The ``table`` (the invitation taken, what the host sent), the friend's ``name``, the reply's
    link once made (``reply``), whether the channel to the host is open (``connected``), and what
    is said (``problem``).
    """

    invitation: Invitation
    name: str = ""
    table: GuestTable | None = None
    reply: str | None = None
    making: bool = False
    connected: bool = False
    problem: str | None = None
    sent: bool = False
    """A decision was sent and the host has not answered yet (a second tap sends nothing)."""


Live = Hosting | Joining

HOST = -1
"""The seat a friend's page gives its one channel, the host's (the host's page numbers its
channels by the friends' seats)."""


# -- events: what the browser's side of the connection tells the page ----------------------------


@dataclass(frozen=True)
class Offered:
    """The host's offer for ``seat`` is made.

    Its connection description ``sdp``, and the page's address (``site``: the link's start).
    """

    seat: int
    sdp: str
    site: str = ""


@dataclass(frozen=True)
class Answered:
    """A friend's answer to the invitation is made.

    Its connection description ``sdp``, and the page's address (``site``: the reply link's start).
    """

    sdp: str
    site: str = ""


@dataclass(frozen=True)
class PeerOpened:
    """The channel to ``seat`` (on a friend's page: to the host, ``-1``) is open."""

    seat: int


@dataclass(frozen=True)
class PeerClosed:
    """The channel to ``seat`` closed or failed.

    ``failed``: it never opened; ``unsupported``: this browser has no WebRTC.
    """

    seat: int
    failed: bool = False
    unsupported: bool = False


@dataclass(frozen=True)
class PeerMessage:
    """A message ``text`` from ``seat`` (``-1``: from the host), at ``at`` seconds."""

    seat: int
    text: str
    at: float = 0.0


@dataclass(frozen=True)
class ReplyHanded:
    """Another tab of this browser opened a friend's reply link (``text``) and handed it here."""

    text: str


@dataclass(frozen=True)
class ReplyTaken:
    """The live table in another tab of this browser took the reply this tab handed it."""

    name: str


@dataclass(frozen=True)
class QrLoaded:
    """The QR codes' library is unpacked: the links show as QR codes too."""


LIVE_EVENTS = (
    Offered,
    Answered,
    PeerOpened,
    PeerClosed,
    PeerMessage,
    ReplyHanded,
    ReplyTaken,
    QrLoaded,
)
"""The live table's events."""


# -- effects: what the page asks of the browser's side -------------------------------------------


@dataclass(frozen=True)
class MakeOffer:
    """Open a connection for ``seat`` and make its offer (then :class:`Offered`)."""

    seat: int


@dataclass(frozen=True)
class TakeAnswer:
    """Give ``seat``'s connection the friend's answer ``sdp`` (then :class:`PeerOpened`)."""

    seat: int
    sdp: str


@dataclass(frozen=True)
class MakeAnswer:
    """Answer the host's offer ``sdp`` (then :class:`Answered`, later :class:`PeerOpened`)."""

    sdp: str


@dataclass(frozen=True)
class SendLive:
    """Send ``texts`` on the channel to ``seat`` (``-1``: to the host), in order."""

    seat: int
    texts: tuple[str, ...]


@dataclass(frozen=True)
class HangUp:
    """Close the connection to ``seat`` (``-1``: to the host; ``None``: every one)."""

    seat: int | None = None


@dataclass(frozen=True)
class HandReply:
    """Hand a friend's reply (``text``) to the live table in another tab of this browser.

    A reply link opened on the host's device: scanned, or tapped in a chat.
    """

    text: str


@dataclass(frozen=True)
class ReplyTakenHere:
    """Tell the tab that handed a reply that this tab's table took ``name``'s."""

    name: str


@dataclass(frozen=True)
class LoadQr:
    """Unpack the QR codes' library (segno), then :class:`QrLoaded`."""


@dataclass(frozen=True)
class ShareText:
    """Offer the text in the box ``box`` to the device's share sheet (``navigator.share``)."""

    box: str
