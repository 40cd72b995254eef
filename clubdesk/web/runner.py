"""Running the table page: the LAN address to serve on, and the server in a thread of its own."""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
import threading
from collections.abc import Callable

from clubdesk.errors import KnownError
from clubdesk.web import limits
from clubdesk.web.auth import Pairing
from clubdesk.web.devices import DeviceBook
from clubdesk.web.dispatch import Dispatcher

DEFAULT_PORT = 8765


def lan_address() -> str:
    """This machine's address on the club's LAN: the one its default route leaves from (a UDP socket's
    connect sends nothing). 127.0.0.1 when the machine has no network, so nothing is exposed by accident."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


WILDCARD = ("0.0.0.0", "::")


def shown_address(host: str) -> str:
    """The address phones are given (the QR code, the Host header): `--host 0.0.0.0` listens everywhere, but a
    phone reaches it at the LAN address — 0.0.0.0 in the link reached nothing and refused every request."""
    return lan_address() if host in WILDCARD else host


def accepted_hosts(host: str, port: int) -> set[str]:
    """The Host header values served (a DNS-rebinding page names its own host and is refused): the address shown,
    and on loopback, or when listening everywhere, the loopback names too."""
    def name(h: str) -> str:
        return f"[{h}]:{port}" if ":" in h else f"{h}:{port}"
    out = {name(shown_address(host))}
    if host in ("127.0.0.1", "::1") or host in WILDCARD:
        out |= {name("127.0.0.1"), f"localhost:{port}"} | ({name("::1")} if ":" in host else set())
    return out


class _MalformedRequests(logging.Filter):
    """aiohttp answers a request it cannot parse (a request line or header over 8 KB, a broken header, TLS spoken to
    the HTTP port) 400 by itself, and logs it at ERROR with a traceback: any machine on the Wi-Fi, paired or not,
    could fill the desk's log and `clubdesk serve`'s stderr. Such a request is the sender's: nothing to record.
    Anything else the server logs (a bug) is kept, traceback and all."""

    def filter(self, record: logging.LogRecord) -> bool:
        from aiohttp.http_exceptions import HttpProcessingError

        return not (record.exc_info and isinstance(record.exc_info[1], HttpProcessingError))


# The server's own log: under `clubdesk`, so it goes to the desk's log file, never Python's last-resort stderr.
HTTP_LOG = logging.getLogger("clubdesk.web.http")
HTTP_LOG.addFilter(_MalformedRequests())


class WebServer:
    """The aiohttp app of clubdesk/web/server.py on its own asyncio loop in a daemon thread; start() returns once
    it listens (or raises the reason in one line), stop() closes it."""

    def __init__(self, club, dispatcher: Dispatcher, host: str, port: int = DEFAULT_PORT, lang: str = "ru",
                 on_notify: Callable[[str], None] | None = None) -> None:
        self.club, self.dispatcher, self.host, self.port, self.lang = club, dispatcher, host, port, lang
        self.on_notify = on_notify
        self.pairing = Pairing()
        self.page = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner = None
        self.connections: limits.ConnectionLimit | None = None

    @property
    def url(self) -> str:
        shown = shown_address(self.host)
        return f"http://[{shown}]:{self.port}" if ":" in shown else f"http://{shown}:{self.port}"

    def pair_url(self) -> str:
        """A fresh one-time pairing link (the QR code on the «Столы» page)."""
        return f"{self.url}/pair?t={self.pairing.new_token()}"

    def notify(self, game_id: str) -> None:
        """An event of this game was stored elsewhere (the desk's window): the pages show it now."""
        if self.page is not None and self.page.changes is not None:
            self.page.changes.notify(game_id)

    def start(self) -> None:
        from clubdesk.web.server import TablePage

        self.pairing.recall(DeviceBook(self.club.store))  # the phones paired before a restart of the desk stay paired
        started = threading.Event()
        failure: list[BaseException] = []

        async def serve() -> None:
            from aiohttp import web

            self.page = TablePage(self.club, self.dispatcher, self.pairing, self.lang,
                                  accepted_hosts(self.host, self.port), self.on_notify)
            self._runner = web.AppRunner(self.page.app(), access_log=None, shutdown_timeout=1.0,
                                         keepalive_timeout=limits.IDLE_S, logger=HTTP_LOG)
            await self._runner.setup()
            self.connections = limits.ConnectionLimit(self._runner.server)
            site = web.TCPSite(self._runner, self.host, self.port)
            await site.start()
            if self.port == 0:
                self.port = self._runner.addresses[0][1]
                self.page.gate.hosts.update(accepted_hosts(self.host, self.port))

        def work() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(serve())
            except OSError as exc:
                failure.append(exc)
                started.set()
                loop.close()
                return
            started.set()
            try:
                loop.run_forever()
            finally:
                loop.run_until_complete(self._runner.cleanup())
                loop.close()

        self._thread = threading.Thread(target=work, name="clubdesk-web", daemon=True)
        self._thread.start()
        started.wait(30)
        if failure:
            self._thread.join(5)
            exc = failure[0]
            if exc.errno == errno.EADDRINUSE:
                # The OS's own words were English and cut off on «Столы» (evening3): say what it is and what to do.
                raise KnownError(f"Порт {self.port} на {self.host} уже занят: страницу для столов на этом компьютере уже "
                                 "открыл другой ClubDesk или «clubdesk serve», или порт держит другая программа. "
                                 "Закройте её и нажмите снова.",
                                 f"Port {self.port} on {self.host} is already taken: another ClubDesk or “clubdesk "
                                 "serve” on this PC already serves the table page, or another program holds the port. "
                                 "Close it and try again.", code="web_port_taken")
            raise KnownError(f"Не удаётся открыть страницу для столов на {self.host}:{self.port}: {exc.strerror or exc}",
                             f"Cannot serve the table page on {self.host}:{self.port}: {exc.strerror or exc}",
                             code="web_start")

    def stop(self) -> None:
        if self._loop is not None and self._thread is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)
        self._thread = self._loop = None
