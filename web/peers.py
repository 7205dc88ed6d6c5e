"""A live table's connections (issue 52): WebRTC data channels, with no server.

The host's page opens one ``RTCPeerConnection`` per friend's seat and makes its offer; a friend's
page answers it. Each side waits until its network addresses are gathered (no trickling: the
whole description travels in one link), then hands the page the description to put in a link
(``park.ui.page.live_state``'s :class:`Offered` and :class:`Answered`). What the channels say
and do comes back as :class:`PeerOpened`, :class:`PeerMessage` and :class:`PeerClosed`.

Public STUN servers let two networks find each other; ``?stun=`` in the page's address names
others (``host:port``, comma separated) or ``none`` (one network only, as the tests run). No
relay (TURN) is used: docs/live.md.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from park.ui.page.live_state import (
    HOST,
    Answered,
    Offered,
    PeerClosed,
    PeerMessage,
    PeerOpened,
    ReplyHanded,
    ReplyTaken,
)

STUN_SERVERS = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")
"""The public STUN servers asked by default (docs/live.md)."""
GATHERING = 4.0
"""The most seconds a description waits for its network addresses (a STUN server that does not
answer, offline, must not hold the link back)."""
TABS_CHANNEL = "park-live"
"""The BroadcastChannel by which a reply opened in one tab reaches the table in another."""

Dispatch = Callable[[Any], object]


def ice_servers() -> list[dict[str, str]]:
    """The STUN servers: ``?stun=`` in the address, else :data:`STUN_SERVERS`."""
    params = window.URLSearchParams.new(window.location.search)
    asked = params.get("stun")
    if asked is None:
        return [{"urls": url} for url in STUN_SERVERS]
    if str(asked) in ("", "none"):
        return []
    return [{"urls": f"stun:{part.strip()}"} for part in str(asked).split(",") if part.strip()]


def _js(value: object) -> Any:
    return to_js(value, dict_converter=window.Object.fromEntries)


def live_address() -> str:
    """The start of a live link: the page's address with only its ``?stun=``.

    The other page asks the same STUN servers; its language and the rest stay its own.
    """
    location = window.location
    stun = window.URLSearchParams.new(location.search).get("stun")
    query = "" if stun is None else f"?stun={window.encodeURIComponent(stun)}"
    return f"{location.origin}{location.pathname}{query}"


class Peers:
    """The page's live connections, by seat (``-1``: a friend's page's one, to the host)."""

    def __init__(self, dispatch: Dispatch, start: Callable[[Coroutine[Any, Any, None]], None]):
        self.dispatch = dispatch
        self.start = start
        self.connections: dict[int, Any] = {}
        self.channels: dict[int, Any] = {}
        self.kept: dict[int, list[Any]] = {}
        """The event handlers' proxies of each seat's connection, destroyed with it."""
        self.opened: set[int] = set()
        self.tabs: Any = None
        """This browser's other tabs of the site: a reply opened in one reaches the table."""
        if hasattr(window, "BroadcastChannel"):
            self.tabs = window.BroadcastChannel.new(TABS_CHANNEL)
            self.tabs_proxy = create_proxy(self._from_tab)
            self.tabs.addEventListener("message", self.tabs_proxy)

    def _from_tab(self, event: Any) -> None:
        data = event.data
        kind = str(getattr(data, "kind", ""))
        text = str(getattr(data, "text", ""))[:10_000]
        if kind == "reply":
            self.dispatch(ReplyHanded(text))
        elif kind == "taken":
            self.dispatch(ReplyTaken(text[:100]))

    def hand_reply(self, text: str) -> None:
        """Hand a friend's reply to this browser's other tabs (the one hosting takes it)."""
        if self.tabs is not None:
            self.tabs.postMessage(_js({"kind": "reply", "text": text}))

    def reply_taken(self, name: str) -> None:
        """Tell the other tabs this one's table took ``name``'s reply."""
        if self.tabs is not None:
            self.tabs.postMessage(_js({"kind": "taken", "text": name}))

    def _connection(self, seat: int) -> Any:
        self.hang_up(seat)
        if not hasattr(window, "RTCPeerConnection"):
            self.dispatch(PeerClosed(seat, failed=True, unsupported=True))
            return None
        connection = window.RTCPeerConnection.new(_js({"iceServers": ice_servers()}))
        self.connections[seat] = connection
        self.kept[seat] = []

        def changed(_event: Any) -> None:
            if (
                str(connection.connectionState) == "failed"
                and self.connections.get(seat) is connection
            ):
                self.dispatch(PeerClosed(seat, failed=seat not in self.opened))

        self._on(seat, connection, "connectionstatechange", changed)
        return connection

    def _on(self, seat: int, target: Any, kind: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(handler)
        self.kept[seat].append(proxy)
        target.addEventListener(kind, proxy)

    def _channel(self, seat: int, channel: Any) -> None:
        self.channels[seat] = channel

        def opened(_event: Any) -> None:
            self.opened.add(seat)
            self.dispatch(PeerOpened(seat))

        def closed(_event: Any) -> None:
            if self.channels.get(seat) is channel:
                self.dispatch(PeerClosed(seat))

        def message(event: Any) -> None:
            data = event.data
            text = data if isinstance(data, str) else ""
            # when it arrived, not when the page got to it (a flood is counted as it came)
            self.dispatch(PeerMessage(seat, text, float(event.timeStamp) / 1000))

        self._on(seat, channel, "open", opened)
        self._on(seat, channel, "close", closed)
        self._on(seat, channel, "message", message)

    async def _gathered(self, connection: Any) -> str:
        waited = 0.0
        while str(connection.iceGatheringState) != "complete" and waited < GATHERING:
            await asyncio.sleep(0.05)
            waited += 0.05
        return str(connection.localDescription.sdp)

    def offer(self, seat: int) -> None:
        """Open a connection for ``seat`` and make its offer (then ``Offered``)."""
        self.start(self._offer(seat))

    async def _offer(self, seat: int) -> None:
        connection = self._connection(seat)
        if connection is None:
            return
        self._channel(seat, connection.createDataChannel("park", _js({"ordered": True})))
        await connection.setLocalDescription(await connection.createOffer())
        sdp = await self._gathered(connection)
        if self.connections.get(seat) is connection:
            self.dispatch(Offered(seat, sdp, live_address()))

    def take_answer(self, seat: int, sdp: str) -> None:
        """Give ``seat``'s connection its friend's answer: the channel then opens."""
        connection = self.connections.get(seat)
        if connection is not None:
            self.start(self._take(seat, connection, sdp))

    async def _take(self, seat: int, connection: Any, sdp: str) -> None:
        try:
            await connection.setRemoteDescription(_js({"type": "answer", "sdp": sdp}))
        except Exception:  # a reply this connection cannot take (made for an older offer)
            self.dispatch(PeerClosed(seat, failed=True))

    def answer(self, sdp: str) -> None:
        """Answer the host's offer ``sdp`` (then ``Answered``; the channel opens later)."""
        self.start(self._answer(sdp))

    async def _answer(self, sdp: str) -> None:
        connection = self._connection(HOST)
        if connection is None:
            return
        self._on(HOST, connection, "datachannel", lambda event: self._channel(HOST, event.channel))
        try:
            await connection.setRemoteDescription(_js({"type": "offer", "sdp": sdp}))
            await connection.setLocalDescription(await connection.createAnswer())
        except Exception:  # an offer this browser cannot take
            self.dispatch(PeerClosed(HOST, failed=True))
            return
        answer = await self._gathered(connection)
        if self.connections.get(HOST) is connection:
            self.dispatch(Answered(answer, live_address()))

    def send(self, seat: int, texts: tuple[str, ...]) -> None:
        """Send ``texts`` on ``seat``'s channel, if it is open (else they are dropped)."""
        channel = self.channels.get(seat)
        if channel is None or str(channel.readyState) != "open":
            return
        for text in texts:
            try:
                channel.send(text)
            except Exception:  # too long for the channel, or it just closed
                window.console.warn(f"Park: a live message of {len(text)} characters not sent")

    def hang_up(self, seat: int | None) -> None:
        """Close ``seat``'s connection (``None``: every one)."""
        for one in list(self.connections) if seat is None else [seat]:
            channel = self.channels.pop(one, None)
            connection = self.connections.pop(one, None)
            self.opened.discard(one)
            if channel is not None:
                channel.close()
            if connection is not None:
                connection.close()
            for proxy in self.kept.pop(one, []):
                proxy.destroy()

    def share(self, box: str, fallback: Callable[[str], None]) -> None:
        """Offer the text in ``box`` to the share sheet; where there is none, copy it."""
        element = document.getElementById(box)
        if element is None:
            return
        if not hasattr(window.navigator, "share"):
            fallback(box)
            return
        self.start(self._share(str(element.value)))

    async def _share(self, text: str) -> None:
        try:
            await window.navigator.share(_js({"text": text}))
        except Exception:  # the person closed the share sheet
            return
