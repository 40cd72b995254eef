"""A paired phone stays paired across a restart of the desk (an update, a crash, a reboot between rounds), for as long
as its pairing would have lasted anyway; what unpaired it stays unpaired; the store never holds the cookie."""

from __future__ import annotations

import time

import pytest

from clubdesk.web import auth
from clubdesk.web.devices import PREFIX
from clubdesk.web.dispatch import ThreadDispatcher
from clubdesk.web.runner import WebServer
from tests.web.conftest import PASSWORD, Client


@pytest.fixture
def restart(club, server):
    """Stop the page and serve the same store again, as a desk started anew does; `wall` is the new page's wall
    clock (the pairing's end). The new server, and a Client there holding `phone`'s cookies."""
    started: list[tuple[WebServer, ThreadDispatcher]] = []

    def again(*phones: Client, wall=None) -> list[Client]:
        old = started[-1][0] if started else server
        old.stop()
        dispatcher = ThreadDispatcher()
        new = WebServer(club, dispatcher, "127.0.0.1", 0, "ru")
        if wall is not None:
            new.pairing.wall = wall
        new.start()
        started.append((new, dispatcher))
        out = []
        for p in phones:
            c = Client(new)
            c.cookies = dict(p.cookies)
            out.append(c)
        return out
    yield again
    for srv, dispatcher in started:
        srv.stop()
        dispatcher.close()


def log_in(phone: Client, login: str = "orlov", password: str = PASSWORD):
    """The login form, without a new QR code."""
    return phone.post("/api/login", {"login": login, "password": password})


def stored_pairings(club) -> dict[str, str]:
    return dict(club.store.read("SELECT key, value FROM settings WHERE key LIKE ?", (PREFIX + "%",)))


def test_a_paired_phone_gets_the_login_after_a_restart_not_a_new_qr_code(phone, restart):
    phone.login()
    assert phone.get("/api/me")[0] == 200
    (phone,) = restart(phone)
    status, body, _ = phone.get("/api/me")  # the session was the old desk's: the login form, not «scan a QR code»
    assert status == 401 and body["code"] == "no_session", body
    status, me, _ = log_in(phone)
    assert status == 200 and me["login"] == "orlov"
    phone.csrf = me["csrf"]
    assert phone.get("/api/me")[0] == 200


def test_a_pairing_that_ended_is_not_revived_by_a_restart(phone, restart, club):
    phone.pair()
    assert len(stored_pairings(club)) == 1
    (phone,) = restart(phone, wall=lambda: time.time() + auth.DEVICE_TTL_S + 1)  # the next day
    status, body, _ = phone.get("/api/me")
    assert status == 401 and body["code"] == "not_paired"
    assert log_in(phone)[1]["code"] == "not_paired"
    assert stored_pairings(club) == {}  # and its row is gone


def test_a_pairing_still_ends_when_it_would_have_without_the_restart(phone, restart):
    phone.pair()
    paired_at = time.time()
    (phone,) = restart(phone, wall=lambda: paired_at + auth.DEVICE_TTL_S - 60)
    assert phone.get("/api/me")[1]["code"] == "no_session"
    phone.server.pairing.wall = lambda: paired_at + auth.DEVICE_TTL_S + 1
    assert phone.get("/api/me")[1]["code"] == "not_paired"


def test_a_phone_unpaired_by_wrong_logins_stays_unpaired_after_a_restart(phone, restart, monkeypatch):
    monkeypatch.setattr(auth, "DEVICE_FAILURES", 4)
    phone.pair()
    for i in range(4):  # one password over many names: each name's first try, no wait of the login guard
        assert log_in(phone, f"name{i}", "guess-1234")[1]["code"] == "login_failed"
    assert log_in(phone)[1]["code"] == "not_paired"
    (phone,) = restart(phone)
    assert log_in(phone)[1]["code"] == "not_paired"


def test_wrong_logins_before_a_restart_still_count_towards_the_unpairing(phone, restart, monkeypatch):
    monkeypatch.setattr(auth, "DEVICE_FAILURES", 4)
    phone.pair()
    for i in range(3):
        assert log_in(phone, f"name{i}", "guess-1234")[1]["code"] == "login_failed"
    (phone,) = restart(phone)
    assert log_in(phone, "name3", "guess-1234")[1]["code"] == "login_failed"  # the fourth
    assert log_in(phone)[1]["code"] == "not_paired"


def test_a_phone_pushed_out_by_a_full_room_stays_out_after_a_restart(make_phone, restart, monkeypatch):
    monkeypatch.setattr(auth, "MAX_DEVICES", 2)
    first, second, third = make_phone(), make_phone(), make_phone()
    second.login()  # in use: stays, though paired first
    first.pair()
    third.pair()  # pushes out the idle first
    assert first.get("/api/me")[1]["code"] == "not_paired"
    first, second, third = restart(first, second, third)
    assert first.get("/api/me")[1]["code"] == "not_paired"
    assert second.get("/api/me")[1]["code"] == third.get("/api/me")[1]["code"] == "no_session"


def test_the_store_holds_a_digest_of_the_device_cookie_never_the_cookie(phone, club, server, store, tmp_path):
    phone.login()
    phone.pair()  # and a second pairing of the same phone
    cookie = phone.cookies["cd_device"]
    assert f"{PREFIX}{auth.device_key(cookie)}" in stored_pairings(club)  # remembered: not a vacuous search
    server.stop()
    files = sorted(tmp_path.glob("club.sqlite*"))
    assert any(f.name.endswith("-wal") for f in files), files  # the log is searched too, not only the main file
    for f in files:
        assert cookie.encode() not in f.read_bytes(), f.name
    store.close()  # the log written back into the file
    assert cookie.encode() not in (tmp_path / "club.sqlite").read_bytes()


def test_a_pairing_the_store_does_not_take_is_refused_in_one_line_and_its_qr_code_works_later(phone, server, store,
                                                                                               monkeypatch):
    from tests.faults import StoreFaults

    faults = StoreFaults(store, monkeypatch)
    url = server.pair_url()
    path = url.split(str(server.port), 1)[1]
    faults.disk_full = True
    status, page, _ = phone.get(path)
    assert status == 503 and "cd_device" not in phone.cookies and faults.failures, page
    assert "Traceback" not in page
    faults.disk_full = False
    assert phone.get(path)[0] == 303  # the same code: nothing was spent
    assert log_in(phone)[0] == 200


def test_unpairing_every_phone_ends_their_sessions_spends_the_qr_code_shown_and_holds_after_a_restart(
        phone, make_phone, server, restart, club):
    phone.login()
    shown = server.pair_url().split(str(server.port), 1)[1]
    server.pairing.unpair_all()
    status, body, _ = phone.get("/api/me")
    assert status == 401 and body["code"] == "not_paired"
    status, page, _ = make_phone().get(shown)
    assert status == 403 and "уже использован" in page
    assert stored_pairings(club) == {}
    (phone,) = restart(phone)
    assert phone.get("/api/me")[1]["code"] == "not_paired"
    assert log_in(phone)[1]["code"] == "not_paired"


def test_unpairing_every_phone_while_the_page_is_stopped_holds_when_it_starts_again(phone, server, restart, store):
    from clubdesk.web.devices import DeviceBook

    phone.pair()
    server.stop()
    assert DeviceBook(store).forget_all() == 1
    (phone,) = restart(phone)
    assert phone.get("/api/me")[1]["code"] == "not_paired"


def test_a_wrong_login_does_not_bring_back_a_pairing_another_page_removed(phone, store, club):
    """«Отвязать все телефоны» at a desk whose own page is stopped, while `clubdesk serve` runs on the same file: that
    page keeps its phones until it restarts, but a wrong login there must not write the pairing back."""
    from clubdesk.web.devices import DeviceBook

    phone.pair()
    DeviceBook(store).forget_all()
    assert log_in(phone, "nobody", "guess-1234")[1]["code"] == "login_failed"
    assert stored_pairings(club) == {}


def test_a_restored_backup_pairs_no_phone_again(phone, server, store):
    """A backup taken while a phone was paired, the phone unpaired later (lost), the file then restored from it: a
    restored file is another desk (store/identity.py), and its pairings are the old desk's."""
    from clubdesk.services.club import Club
    from clubdesk.store.backups import backup, restore_newest_backup
    from clubdesk.store.db import open_store

    phone.pair()
    backup(store.path)
    server.pairing.unpair_all()
    server.stop()
    restored = open_store(restore_newest_backup(store.path))
    dispatcher = ThreadDispatcher()
    other = WebServer(Club(restored), dispatcher, "127.0.0.1", 0, "ru")
    try:
        assert restored.desk_id != store.desk_id
        other.start()
        assert not other.pairing.device_ok(phone.cookies["cd_device"])
        assert restored.read("SELECT key FROM settings WHERE key LIKE ?", (PREFIX + "%",)) == []
    finally:
        other.stop()
        dispatcher.close()
        restored.close()
