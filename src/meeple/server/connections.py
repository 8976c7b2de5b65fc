"""Connections the server holds open, bounded: a request's headers must arrive within a few
seconds, and one client address holds only so many HTTP connections at once.

uvicorn times out idle keep-alive connections but waits forever for the headers of a request
that a client started and never finished, so a few hundred half-sent requests would hold as
many connections open for good. `BoundedH11Protocol` is uvicorn's HTTP/1.1 protocol with a
header deadline and a per-address cap; `connection_limits()` is what `meeple serve` passes
to uvicorn (its `limit_concurrency` caps everything at once, answering 503 beyond it).
Websockets are counted and capped by the app itself (origins.SocketCounter).

A view is a whole board (tens of kB of SVG); the table page asks for each view after the
first as a patch of the last (a few kB, see patches.py). Messages are compressed one by one
(permessage-deflate). uvicorn compresses at zlib's default level 6; `websocket_options`
sets the level instead (1 by default: about a third less compression CPU for about a fifth
more bytes; 0 turns compression off, the least CPU at about four times the bytes; see
docs/performance.md, Server).
"""

import asyncio
from collections import Counter
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

HEADER_SECONDS = 10.0  # a request's line and headers must arrive whole within this time
PER_ADDRESS = 64  # HTTP connections open from one address at once (websockets are counted apart)
CONCURRENCY = 2048  # connections and requests of the whole server at once
KEEP_ALIVE_SECONDS = 5
COMPRESSION = 1  # zlib level of websocket messages (0: not compressed)


class BoundedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection whose request headers do not arrive in
    time and refusing one connection too many from the same address."""

    open_by_address: Counter[str] = Counter()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._address = self.client[0] if self.client else ""
        self._counted = True
        self.open_by_address[self._address] += 1
        self._header_deadline: asyncio.TimerHandle | None = None
        if self.open_by_address[self._address] > PER_ADDRESS:
            self.logger.warning("refused a connection: %s holds %d already", self._address, PER_ADDRESS)
            transport.close()
            return
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self._arm()  # a request has begun and its headers are not all here: the clock runs
        else:
            self._disarm()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm()
        self._uncount()  # the websocket is the app's to count
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._uncount()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._header_deadline is None:
            self._header_deadline = self.loop.call_later(HEADER_SECONDS, self._too_slow)

    def _disarm(self) -> None:
        if self._header_deadline is not None:
            self._header_deadline.cancel()
            self._header_deadline = None

    def _too_slow(self) -> None:
        self._header_deadline = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()

    def _uncount(self) -> None:
        if self._counted:
            self._counted = False
            self.open_by_address[self._address] -= 1
            if self.open_by_address[self._address] <= 0:
                del self.open_by_address[self._address]


def connection_limits() -> dict[str, Any]:
    """uvicorn.run's arguments that bound what clients may hold open."""
    return {"http": BoundedH11Protocol, "limit_concurrency": CONCURRENCY, "timeout_keep_alive": KEEP_ALIVE_SECONDS}


class LeveledDeflateProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol with permessage-deflate at zlib level `level` (uvicorn's
    own window and memory settings)."""

    level = COMPRESSION

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        deflate = ServerPerMessageDeflateFactory(
            server_max_window_bits=12, client_max_window_bits=12, compress_settings={"memLevel": 5, "level": self.level}
        )
        self.conn = ServerProtocol(extensions=[deflate], max_size=self.config.ws_max_size, logger=self.conn.logger)


def websocket_options(level: int = COMPRESSION) -> dict[str, Any]:
    """uvicorn.run's arguments for websockets compressed at zlib level `level` (0: not at all)."""
    if level == 0:
        return {"ws": "websockets-sansio", "ws_per_message_deflate": False}
    return {"ws": type("LeveledDeflate", (LeveledDeflateProtocol,), {"level": level})}
