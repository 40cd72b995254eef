"""The table page attacked as a player in the club would (same Wi-Fi, a laptop or a phone): each test pins a hole
that was found open and is now closed. Only 127.0.0.1 traffic; every loop is bounded."""

from __future__ import annotations

import http.client
import logging
import threading

from tests.web.conftest import PASSWORD


def raw_get(server, path: str, cookies: dict[str, str]) -> tuple[int, bytes]:
    """A GET that reads only the status line and the first bytes (a live stream never ends)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    conn.request("GET", path, headers={"Host": f"127.0.0.1:{server.port}",
                                       "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())})
    r = conn.getresponse()
    head = r.read(200) if r.status != 200 else r.fp.readline()
    conn.close()
    return r.status, head


def test_an_unknown_game_is_refused_in_one_line_and_its_stream_never_opens(phone, server, match, caplog):
    phone.login()
    with caplog.at_level(logging.ERROR, logger="clubdesk.web.gate"):
        status, body, _ = phone.get("/api/games/no-such-game")
        assert status == 422 and body["error"] == "Игра не найдена.", body
        status, head = raw_get(server, "/api/games/no-such-game/live", phone.cookies)
        assert status == 422 and "Игра не найдена" in head.decode(), head
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # no traceback flooding the desk's log


def test_a_burst_of_parallel_wrong_passwords_from_many_phones_counts_each_for_its_phone_and_each_must_wait(
        make_phone, server, club):
    """The login guard waits after each wrong password; guesses sent all at once must not lose their failures (lost
    updates kept the lock from closing). The page counts them per login and phone: each phone waits for its own
    (one phone's parallel guesses are one at a time, test_one_phone_checks_one_password_at_a_time; one login's and
    phone's, tests/services/test_login_guard.py)."""
    phones = [make_phone() for _ in range(8)]
    for p in phones:
        p.pair()
    answers: list[str] = []
    start = threading.Barrier(len(phones))

    def guess(p):
        start.wait()
        answers.append(p.post("/api/login", {"login": "maestro", "password": "guess-1234"})[1]["error"])
    threads = [threading.Thread(target=guess, args=(p,)) for p in phones]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert answers.count("Неверное имя или пароль.") == len(phones), answers
    failures = club.accounts._failures()
    assert len(failures) == len(phones) and all(k.startswith("maestro\nweb\n") for k in failures), failures
    assert all(len(times) == 1 for times in failures.values())
    for p in phones:
        assert "подождите" in p.post("/api/login", {"login": "maestro", "password": PASSWORD})[1]["error"]


def test_an_account_disabled_or_given_a_new_password_at_the_desk_loses_its_phone_at_the_next_request(
        make_phone, club, admin, match):
    """A rogue referee's phone kept scoring for hours after the desk disabled him or changed his password."""
    from clubdesk.services.staff import StaffService

    staff = StaffService(club.store)
    ids = {a.login: a.id for a in staff.list(admin)}
    orlov, vera = make_phone(), make_phone()
    orlov.login("orlov")
    vera.login("vera")
    staff.set_active(admin, ids["orlov"], False)
    status, body, _ = orlov.get("/api/me")
    assert status == 401 and body["code"] == "no_session"
    staff.reset_password(admin, ids["vera"], "new-secret-1")
    assert vera.get("/api/games")[0] == 401
    assert vera.post("/api/login", {"login": "vera", "password": "new-secret-1"})[0] == 200


def test_a_role_or_name_changed_elsewhere_is_the_phones_at_the_next_request(make_phone, club, match):
    """Roles changed by another desk (synced into the file) take effect at once, not at the next login."""
    from sqlalchemy import select

    from clubdesk.store.models import Account
    from clubdesk.store.uow import UnitOfWork

    phone = make_phone()
    phone.login("orlov")
    with UnitOfWork(club.store) as uow:
        uow.session.scalar(select(Account).where(Account.login == "orlov")).roles = "display"
    assert phone.get("/api/me")[1]["roles"] == ["display"]
    with UnitOfWork(club.store) as uow:
        uow.session.scalar(select(Account).where(Account.login == "orlov")).display_name = "Пётр Орлов-старший"
    assert phone.get("/api/me")[1]["name"] == "Пётр Орлов-старший"  # the match names «Пётр Орлов»: no longer his
    seq = phone.get(f"/api/games/{match}")[1]["seq"]
    status, body, _ = phone.post(f"/api/games/{match}/shot", {"shot": {}, "key": "role-gone-1", "seq": seq})
    assert status == 403, body


def test_a_flood_of_logins_from_one_phone_does_not_evict_a_paired_phone_in_use(make_phone, server, match, monkeypatch):
    """A referee logging in again and again from his laptop used to fill MAX_SESSIONS and push out the session of
    the phone scoring the next table (the least recently used went first)."""
    from clubdesk.web import auth

    monkeypatch.setattr(auth, "MAX_SESSIONS", 3)
    victim, attacker = make_phone(), make_phone()
    victim.login("orlov")
    attacker.pair()
    first = None
    for _ in range(5):
        status, _, _ = attacker.post("/api/login", {"login": "vera", "password": PASSWORD})
        assert status == 200
        first = first or attacker.cookies["cd_session"]
    assert victim.get("/api/me")[0] == 200
    attacker.cookies["cd_session"] = first  # his own earlier session ended when he logged in again
    assert attacker.get("/api/me")[0] == 401


def test_new_pairings_push_out_an_idle_device_before_a_phone_in_use(monkeypatch):
    from clubdesk.roles import Actor
    from clubdesk.web import auth

    monkeypatch.setattr(auth, "MAX_DEVICES", 3)
    pairing = auth.Pairing()
    in_use, _ = pairing.redeem(pairing.new_token())
    pairing.open_session(in_use, Actor("a1", "orlov", frozenset({"referee"})), "Орлов", "ru")
    for _ in range(6):
        pairing.redeem(pairing.new_token())
    assert pairing.device_ok(in_use)


def test_a_body_nested_deeper_than_the_parser_is_a_bad_request_not_a_program_error(phone, match, caplog):
    phone.login()
    deep = b'{"key":"deep-nest-1","seq":0,"event":' + b"[" * 5000 + b"]" * 5000 + b"}"
    with caplog.at_level(logging.ERROR, logger="clubdesk.web.gate"):
        status, body, _ = phone.request("POST", f"/api/games/{match}/act", raw=deep,
                                        headers={"Content-Type": "application/json", "X-CSRF-Token": phone.csrf})
    assert status == 400 and body["code"] == "bad_request", body
    assert not caplog.records


def test_one_phone_checks_one_password_at_a_time(make_phone, server):
    """A script sending guesses in parallel from one phone took a core of the desk's PC per guess (argon2)."""
    phone = make_phone()
    phone.pair()
    answers: list[int] = []
    start = threading.Barrier(4)

    def guess(i):
        c = make_phone()
        c.cookies = dict(phone.cookies)
        start.wait()
        answers.append(c.post("/api/login", {"login": f"nobody{i}", "password": "guess-1234"})[0])
    threads = [threading.Thread(target=guess, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert answers.count(429) >= 2, answers


def test_wrong_guesses_at_other_names_in_the_same_moment_do_not_erase_a_logins_failures(make_phone, server, club):
    """The failures of every login live in one settings row: a guess at «maestro» sent together with guesses at other
    names was overwritten by theirs, and «maestro» never had to wait."""
    phones = [make_phone() for _ in range(8)]
    for p in phones:
        p.pair()
    start = threading.Barrier(len(phones))

    def guess(i):
        start.wait()
        phones[i].post("/api/login", {"login": "maestro" if i == 0 else f"nobody{i}", "password": "guess-1234"})
    threads = [threading.Thread(target=guess, args=(i,)) for i in range(len(phones))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    keys = set(club.accounts._failures())  # a login, the page, the phone
    assert {k.rsplit("\n", 1)[0] for k in keys} == {"maestro\nweb"} | {f"nobody{i}\nweb" for i in range(1, 8)}


def test_serving_on_every_interface_gives_phones_the_lan_address_and_accepts_only_it_and_loopback(monkeypatch):
    """`clubdesk serve --host 0.0.0.0` accepted only the Host «0.0.0.0:8765», which no phone sends: every request
    was refused, and the QR code's link pointed nowhere."""
    from clubdesk.web import runner

    monkeypatch.setattr(runner, "lan_address", lambda: "192.168.7.20")
    assert runner.accepted_hosts("0.0.0.0", 8765) == {"192.168.7.20:8765", "127.0.0.1:8765", "localhost:8765"}
    assert runner.accepted_hosts("192.168.7.20", 8765) == {"192.168.7.20:8765"}
    assert runner.accepted_hosts("127.0.0.1", 8765) == {"127.0.0.1:8765", "localhost:8765"}
    assert runner.WebServer(None, None, "0.0.0.0", 8765).url == "http://192.168.7.20:8765"


def test_wrong_passwords_typed_on_a_phone_do_not_lock_the_desks_own_login(phone, club):
    """A player on the Wi-Fi typing wrong passwords for «admin» on the page locked the administrator out of the desk
    itself (one guard for both doors): now the page's tries count apart."""
    phone.pair()
    status, body, _ = phone.post("/api/login", {"login": "admin", "password": "guess-1234"})
    assert status == 422 and body["error"] == "Неверное имя или пароль."
    assert "подождите" in phone.post("/api/login", {"login": "admin", "password": "secret-admin"})[1]["error"]
    assert club.accounts.login("admin", "secret-admin").login == "admin"  # at the desk, at once


def test_every_page_and_answer_forbids_framing_sniffing_referrers_and_caches(phone, match):
    """Clickjacking (the page framed by another LAN host's page), a cached view and a Referer carrying the QR's token."""
    phone.login()
    for path in ("/", "/board", "/pair?t=nope", "/api/me", f"/api/games/{match}"):
        _, _, h = phone.get(path)
        assert h["X-Frame-Options"] == "DENY" and "frame-ancestors 'none'" in h["Content-Security-Policy"], path
        assert "script-src" not in h["Content-Security-Policy"] and "unsafe" not in h["Content-Security-Policy"]
        assert h["X-Content-Type-Options"] == "nosniff" and h["Referrer-Policy"] == "no-referrer", path
        assert h["Cache-Control"] == "no-store", path


def test_static_files_are_a_whitelist_and_the_only_redirect_goes_home(phone, server):
    for path in ("/static/..%2fserver.py", "/static/../../etc/passwd", "/static/%2e%2e/index.html", "/static/app.js%00",
                 "//evil.example/", "/static/refused.html"):
        assert phone.get(path)[0] == 404, path
    _, _, h = phone.request("GET", server.pair_url().split(str(server.port), 1)[1] + "&next=//evil.example/")
    assert h["Location"] == "/"


def test_a_login_posted_from_a_page_of_another_lan_host_is_refused(phone):
    """Login CSRF: another host's page posting the desk's login form into the phone's browser."""
    phone.pair()
    for origin in ("http://192.168.1.50", "null", "http://127.0.0.1.evil.example"):
        status, body, _ = phone.post("/api/login", {"login": "orlov", "password": PASSWORD}, headers={"Origin": origin})
        assert status == 403 and body["code"] == "csrf", origin


def test_a_phone_spraying_one_password_over_many_names_is_unpaired_after_a_few_dozen_tries(phone, monkeypatch):
    """The per-login guard slows guesses at one name, not one password tried at every name (each its first try)."""
    from clubdesk.web import auth

    monkeypatch.setattr(auth, "DEVICE_FAILURES", 4)
    phone.pair()
    for i in range(4):
        status, body, _ = phone.post("/api/login", {"login": f"name{i}", "password": "table-pass"})
        assert status == 422 and body["code"] == "login_failed"
    status, body, _ = phone.post("/api/login", {"login": "orlov", "password": PASSWORD})
    assert status == 401 and body["code"] == "not_paired"
    phone.login("orlov")  # a new QR code from the desk pairs it again


def test_wrong_passwords_from_one_phone_lock_that_phone_alone_out_of_the_login(make_phone, club, monkeypatch):
    """Anybody at a paired phone typing wrong passwords for «maestro» locked the Mafia host's own phone out of his
    login (the page counted them per login): now they count per login and phone."""
    from clubdesk.services import accounts
    from clubdesk.web import auth

    now = [1_000_000.0]
    monkeypatch.setattr(club.accounts, "clock", lambda: now[0])
    stranger, host = make_phone(), make_phone()
    stranger.pair()
    for _ in range(accounts.LOCK_AFTER):
        status, body, _ = stranger.post("/api/login", {"login": "maestro", "password": "guess-1234"})
        assert status == 422 and body["error"] == "Неверное имя или пароль.", body
        now[0] += accounts.MAX_WAIT  # each wait waited out: the tenth wrong one closes the login on that phone
    host.login("maestro")  # the host's own phone, at once
    status, body, _ = stranger.post("/api/login", {"login": "maestro", "password": PASSWORD})
    assert status == 422 and "закрыт" in body["error"], body
    assert stranger.post("/api/login", {"login": "vera", "password": PASSWORD})[0] == 200  # for «maestro» only
    refused = accounts.LOCK_AFTER + 1
    while refused < auth.DEVICE_FAILURES:  # and its wrong logins still add up to its unpairing
        assert stranger.post("/api/login", {"login": "maestro", "password": "guess-1234"})[0] == 422
        refused += 1
    assert stranger.post("/api/login", {"login": "maestro", "password": PASSWORD})[1]["code"] == "not_paired"
    assert host.get("/api/me")[0] == 200
