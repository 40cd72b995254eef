"""`clubdesk serve [--host ADDR] [--port N]`: the table page without the GUI (a desk PC run headless).

Prints the address and a one-time pairing link (a new one on Enter), and serves until Ctrl+C. The services run
on one worker thread (clubdesk/web/dispatch.py). A desk GUI open on the same file sees the page's shots when it
next reads the game (a second ClubDesk on the file): start the page from the GUI's «Столы» instead to have the
desk's windows follow within a second.
"""

from __future__ import annotations

import sys
from pathlib import Path

from clubdesk.errors import KnownError


def add_parser(sub) -> None:
    sp = sub.add_parser("serve", help="serve the table page (referees' phones, the hall TV) on the LAN")
    sp.add_argument("--host", help="the address to listen on (default: this PC's LAN address; never 0.0.0.0 unasked)")
    sp.add_argument("--port", type=int, default=None, help="the port (default 8765; 0: a free one, printed)")


def run(args, lang: str) -> int:
    from clubdesk.services.club import Club
    from clubdesk.store.db import open_store
    from clubdesk.web.dispatch import ThreadDispatcher
    from clubdesk.web.runner import DEFAULT_PORT, WebServer, lan_address

    try:
        store = open_store(Path(args.db) if args.db else None)
    except KnownError as exc:
        print(exc.message(lang), file=sys.stderr)
        return 2
    club = Club(store)
    dispatcher = ThreadDispatcher()
    server = WebServer(club, dispatcher, args.host or lan_address(), DEFAULT_PORT if args.port is None else args.port,
                       lang)
    try:
        server.start()
    except KnownError as exc:
        print(exc.message(lang), file=sys.stderr)
        dispatcher.close()
        club.close()
        return 2
    ru = lang != "en"
    print(("Страница для столов: " if ru else "Table page: ") + server.url)
    print("Ссылка для телефона (одна, 5 минут; Enter — новая, Ctrl+C — остановить):" if ru else
           "Link for a phone (one-time, 5 minutes; Enter for a new one, Ctrl+C to stop):")
    try:
        _serve_until_ctrl_c(server)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
        dispatcher.close()
        club.close()
    return 0


def _serve_until_ctrl_c(server) -> None:
    """A pairing link, and a new one on each Enter, until Ctrl+C.

    Enter is read in a thread of its own and the main thread waits in short steps: the kernel hands a SIGINT to any
    thread of the process, and handed to the web server's it interrupted nothing in a main thread blocked reading
    stdin — Python runs its handler only when the main thread runs again, so the server served on until an Enter
    came (seen under load; tests/web/test_serve.py sends it to a server thread)."""
    import threading
    import time

    def links() -> None:
        while True:
            print("  " + server.pair_url(), flush=True)
            if not sys.stdin.readline():  # stdin closed (a service): serve on until stopped
                return

    threading.Thread(target=links, name="clubdesk-serve-enter", daemon=True).start()
    while True:  # short sleeps: Python runs the SIGINT handler between them, whichever thread took the signal
        time.sleep(0.2)
