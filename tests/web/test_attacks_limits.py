"""The table page attacked for what one machine on the Wi-Fi can hold of the desk: connections, slow headers and
bodies, live streams, the GUI thread's calls (web/limits.py, web/streams.py, web/dispatch.py). Each test pins a hole
that was found open and is now closed. Only 127.0.0.1 traffic; every loop is bounded."""

from __future__ import annotations

import logging

from tests.waiting import wait_until
from tests.web.conftest import PASSWORD, Client


class Stream:
    """A live stream held open on a raw socket, as an attacker's script would."""

    def __init__(self, server, path: str, cookies: dict[str, str]) -> None:
        import socket

        self.sock = socket.create_connection(("127.0.0.1", server.port), timeout=20)
        cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nCookie: {cookie}\r\n\r\n".encode())
        self.head = self.sock.recv(4096)

    @property
    def status(self) -> int:
        return int(self.head.split(b" ", 2)[1])

    def closed_by_server(self, within: float = 20) -> bool:
        """True when the server ends the stream within `within` s: a bound for a stream that is to end (a loaded
        machine is slow to), a floor for one that is to stay open."""
        import time

        end = time.monotonic() + within
        while (left := end - time.monotonic()) > 0:
            self.sock.settimeout(left)
            try:
                if self.sock.recv(4096) == b"":
                    return True
            except TimeoutError:
                return False
        return False

    def read_until(self, marker: bytes, timeout: float = 20) -> bytes:
        """What the stream sends up to `marker` (or up to its end, or `timeout` s): one recv returns what has come
        so far, which on a loaded machine may be the frames before it."""
        import time

        got, end = b"", time.monotonic() + timeout
        while marker not in got and (left := end - time.monotonic()) > 0:
            self.sock.settimeout(left)
            try:
                more = self.sock.recv(4096)
            except TimeoutError:
                break
            if not more:
                break
            got += more
        return got

    def close(self) -> None:
        self.sock.close()


def test_one_session_holds_a_few_live_streams_and_a_new_one_ends_its_oldest(phone, server, match):
    """One logged-in laptop used to open a stream per connection without end, each polling the desk's GUI thread."""
    from clubdesk.web.streams import PER_SESSION

    phone.login()
    streams = [Stream(server, f"/api/games/{match}/live", phone.cookies) for _ in range(PER_SESSION + 1)]
    try:
        assert {s.status for s in streams} == {200}
        assert streams[0].closed_by_server()
        assert server.page.streams.count == PER_SESSION
    finally:
        for s in streams:
            s.close()


def test_the_desk_holds_at_most_total_streams_and_refuses_the_next_in_one_line(make_phone, server, match,
                                                                              monkeypatch):
    from clubdesk.web import streams as web_streams

    monkeypatch.setattr(web_streams, "TOTAL", 2)
    phones = [make_phone() for _ in range(3)]
    held = []
    try:
        for p in phones:
            p.login("vera")
            held.append(Stream(server, "/api/board/live", p.cookies))
        assert [s.status for s in held] == [200, 200, 503]
        assert "слишком много" in held[2].head.decode()
    finally:
        for s in held:
            s.close()


def closed(sock) -> bool:
    try:
        return sock.recv(10) == b""
    except ConnectionResetError:
        return True


def test_a_slow_header_is_cut_and_one_address_cannot_hold_the_desks_connections(club, monkeypatch, caplog):
    """Slowloris from a laptop on the Wi-Fi, no pairing needed: each connection trickling a header used to stay open
    for an hour, and there was no bound on how many (each a file descriptor of the process holding the database)."""
    import socket

    from clubdesk.web import limits
    from clubdesk.web.dispatch import ThreadDispatcher
    from clubdesk.web.runner import WebServer

    monkeypatch.setattr(limits, "IDLE_S", 1.0)
    monkeypatch.setattr(limits, "PER_ADDRESS", 5)
    dispatcher = ThreadDispatcher()
    server = WebServer(club, dispatcher, "127.0.0.1", 0, "ru")
    server.start()
    socks = []
    try:
        for _ in range(8):
            s = socket.create_connection(("127.0.0.1", server.port), timeout=20)
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
            socks.append(s)
        wait_until(lambda: server.connections.open == 5, what="five connections accepted")
        for s in socks[5:]:
            assert closed(s)  # refused before a byte was read
        assert server.connections.open == 5
        # the slow headers are cut after IDLE_S (aiohttp's own idle timeout is an hour: this would time out)
        wait_until(lambda: server.connections.open == 0, what="the slow headers cut")
        ok = Client(server)
        assert ok.get("/")[0] == 200  # and the page serves again
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # a refusal is no traceback in the log
    finally:
        for s in socks:
            s.close()
        server.stop()
        dispatcher.close()


def test_a_script_looping_on_the_api_is_slowed_to_the_sessions_rate_not_served_off_the_gui_thread(phone, server,
                                                                                                 match):
    """One session looping on GET /api/games/{id} took 2000 calls a second off the desk's GUI thread."""
    from clubdesk.web import auth

    phone.login()
    calls = []
    real = server.page.call

    async def counted(fn):
        calls.append(1)
        return await real(fn)
    server.page.call = counted
    statuses = [phone.get(f"/api/games/{match}")[0] for _ in range(int(auth.BURST) + 40)]
    assert statuses.count(429) >= 20, statuses
    assert len(calls) <= auth.BURST + 30  # what the budget refilled while the loop ran
    status, body, _ = phone.get(f"/api/games/{match}")
    assert status in (200, 429) and (status == 200 or "подождите секунду" in body["error"])


def test_a_live_stream_outlives_the_idle_timeout_that_cuts_a_slow_header(club, match, monkeypatch):
    """IDLE_S closes a connection waiting for its request; a stream is a request in progress and stays open."""
    import time

    from clubdesk.web import limits
    from clubdesk.web.dispatch import ThreadDispatcher
    from clubdesk.web.runner import WebServer

    monkeypatch.setattr(limits, "IDLE_S", 1.0)
    dispatcher = ThreadDispatcher()
    server = WebServer(club, dispatcher, "127.0.0.1", 0, "ru")
    server.start()
    try:
        phone = Client(server)
        phone.login()
        stream = Stream(server, f"/api/games/{match}/live", phone.cookies)
        assert stream.status == 200
        time.sleep(2.5)  # past IDLE_S: the scenario, a floor (the cut would have come at 1 s)
        assert b"still here" in stream.read_until(b"still here")  # sent each POLL_S (2 s) while the stream lives
        stream.close()
    finally:
        server.stop()
        dispatcher.close()


def test_a_body_trickled_byte_by_byte_is_cut_and_the_phone_may_log_in_again(phone, server, monkeypatch):
    """A paired laptop sending a body one byte at a time held the connection for as long as it liked (the idle timeout
    only cuts a header), 24 of them per address."""
    import socket

    from clubdesk.web import limits

    monkeypatch.setattr(limits, "BODY_S", 0.5)
    phone.pair()
    s = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    cookie = "; ".join(f"{k}={v}" for k, v in phone.cookies.items())
    s.sendall(f"POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nCookie: {cookie}\r\n"
              "Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{".encode())
    s.settimeout(20)  # the answer comes after BODY_S; without the cut the body would wait for ever: recv times out
    try:
        answer = s.recv(4096)
    finally:
        s.close()
    assert answer.startswith(b"HTTP/1.1 408") and "слишком медленно" in answer.decode(), answer
    status, _, _ = phone.post("/api/login", {"login": "orlov", "password": PASSWORD})
    assert status == 200


def test_a_frozen_gui_thread_gets_a_busy_answer_and_the_dropped_call_never_runs_later(phone, server, match,
                                                                                   monkeypatch):
    """A request waited on a busy or frozen desk thread for ever, holding its connection; and had it been a shot, it
    would have been stored whenever the desk woke, unseen by the referee who had given up."""
    import concurrent.futures

    from clubdesk.web import dispatch

    phone.login()
    held: list = []

    class Frozen:
        def submit(self, fn):
            future = concurrent.futures.Future()
            held.append((fn, future))
            return future
    monkeypatch.setattr(dispatch, "CALL_S", 0.3)
    real = server.page.dispatcher
    server.page.dispatcher = Frozen()
    try:
        seq = phone.get(f"/api/games/{match}")
    finally:
        server.page.dispatcher = real
    assert seq[0] == 503 and "занята" in seq[1]["error"]
    assert all(not f.set_running_or_notify_cancel() for _, f in held)  # cancelled: the desk skips it


def test_a_live_stream_ends_with_its_session(make_phone, server, club, admin, match, monkeypatch):
    """A stream already open went on sending game views after the desk disabled its account, gave it a new password
    or the phone logged out: the session is asked again before every frame, so the page is sent to the login."""
    from clubdesk.services.staff import StaffService
    from clubdesk.web import streams as web_streams

    monkeypatch.setattr(web_streams, "POLL_S", 0.2)  # a frame (and the session's check) each 0.2 s, not 2 s

    staff = StaffService(club.store)
    ids = {a.login: a.id for a in staff.list(admin)}
    phones = {login: make_phone() for login in ("orlov", "vera", "tv")}
    for login, p in phones.items():
        p.login(login)
    streams = {login: Stream(server, "/api/board/live", p.cookies) for login, p in phones.items()}
    try:
        assert {s.status for s in streams.values()} == {200}
        staff.set_active(admin, ids["orlov"], False)
        staff.reset_password(admin, ids["vera"], "new-secret-1")
        assert phones["tv"].post("/api/logout", {})[0] == 200
        assert all(streams[login].closed_by_server() for login in ("orlov", "vera", "tv"))
        watching = make_phone()
        watching.login("tv")
        kept = Stream(server, "/api/board/live", watching.cookies)
        try:
            # a session still current keeps its stream, past five of its checks (one each POLL_S)
            assert kept.status == 200 and not kept.closed_by_server(within=1)
        finally:
            kept.close()
    finally:
        for s in streams.values():
            s.close()
