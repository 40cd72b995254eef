"""What one machine on the club's Wi-Fi may hold open on the desk: connections, counted before any request.

Anyone on the Wi-Fi reaches the port, paired or not. Without a bound a laptop opened connections without end and
trickled a header into each (slowloris): every one held a file descriptor of the desk's process — the process that
also has the club's database open — for an hour (aiohttp's default idle timeout, which also ends a header that never
completes). Now a connection that sends no complete request within IDLE_S is closed, one address holds at most
PER_ADDRESS connections and the page at most TOTAL; the one over a limit is closed at once, before it is read.
"""

from __future__ import annotations

import asyncio

IDLE_S = 20.0  # aiohttp's keepalive_timeout: no complete request within this → closed (a live stream is a request)
BODY_S = 10.0  # a request's body (16 KB at most) must arrive within this, once its header has (gate.py)
PER_ADDRESS = 24  # a phone's browser opens about 6 connections to a host; a page reloaded meanwhile, a few more
TOTAL = 512  # far below the process's file-descriptor limit (1024 on a stock Linux, 512 streams on Windows' select)


class ConnectionLimit:
    """Wraps aiohttp's web.Server (the protocol factory's manager): every connection is counted by its peer's
    address when it is made, and closed then when over a limit."""

    def __init__(self, server) -> None:
        self._made, self._lost = server.connection_made, server.connection_lost
        self._peers: dict[object, str] = {}  # the connection's handler → its address
        self._count: dict[str, int] = {}
        server.connection_made, server.connection_lost = self.made, self.lost

    def made(self, handler, transport: asyncio.Transport) -> None:
        self._made(handler, transport)
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if peer else ""
        if self._count.get(address, 0) >= PER_ADDRESS or len(self._peers) >= TOTAL:
            # at the loop's next turn, as a phone dropping the line would: aborted here, before aiohttp has started
            # the connection's task, that task failed an assertion and logged a traceback per refused connection
            asyncio.get_running_loop().call_soon(transport.abort)
            return
        self._peers[handler] = address
        self._count[address] = self._count.get(address, 0) + 1

    def lost(self, handler, exc: BaseException | None = None) -> None:
        address = self._peers.pop(handler, None)
        if address is not None:
            self._count[address] -= 1
            if not self._count[address]:
                del self._count[address]
        self._lost(handler, exc)

    @property
    def open(self) -> int:
        return len(self._peers)
