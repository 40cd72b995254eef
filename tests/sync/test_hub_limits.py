"""No desk login can hold the others up (hub.DESK_LIMITS, hub migration h003): the hub cuts off a desk that sits
idle inside a transaction or runs one statement too long, and a push waits for the club's ingestion lock a bounded
time; either way the desk gets one line, loses nothing, and the next sync goes through."""

from __future__ import annotations

import time

import psycopg
import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.sync import cursors, protocol
from clubdesk.sync.errors import SyncError, hub_errors
from clubdesk.sync.hub import DESK_LIMITS, init_hub
from clubdesk.sync.join import join
from tests.sync.desks import make_desk
from tests.sync.test_hub_protocol import rows_of, say_hello
from tests.sync.test_hub_security import copied, hub_rows

pytestmark = pytest.mark.pg


def role_settings(hub, role: str) -> dict[str, str]:
    with hub.address.connect() as conn:
        row = conn.execute("SELECT s.setconfig FROM pg_db_role_setting s JOIN pg_roles r ON r.oid = s.setrole "
                           "WHERE r.rolname = %s AND s.setdatabase = 0", (role,)).fetchone()
    return dict(item.split("=", 1) for item in (row[0] if row else []))


def desk_limits(hub) -> dict[str, str]:
    """DESK_LIMITS as this server takes them (idle_session_timeout only from PostgreSQL 14)."""
    with hub.address.connect() as conn:
        known = {r[0] for r in conn.execute("SELECT name FROM pg_settings")}
    return {name: value for name, value in DESK_LIMITS if name in known}


def shorten(hub, role: str, **limits: str) -> None:
    """A test's own limits on a desk login (taken by its next connection): seconds, not the hub's minutes."""
    with hub.address.connect(autocommit=True) as conn:
        for name, value in limits.items():
            conn.execute(f'ALTER ROLE "{role}" SET {name} = \'{value}\'')


def one_line(exc: SyncError) -> bool:
    return all("\n" not in exc.message(lang) for lang in ("ru", "en"))


def test_a_new_desk_login_gets_the_hubs_limits(hub):
    hub.add_desk("a")
    assert role_settings(hub, hub.roles[-1]) == desk_limits(hub)
    assert "idle_in_transaction_session_timeout" in desk_limits(hub) and "statement_timeout" in desk_limits(hub)


def test_init_hub_gives_the_limits_to_desk_logins_made_before_h003(hub):
    address, password, _ = hub.add_desk("a")
    role = hub.roles[-1]
    with hub.address.connect() as conn:  # as an h002 hub left it: no limits, no break_ingest_lock()
        conn.execute(f'ALTER ROLE "{role}" RESET ALL')
        conn.execute("DROP FUNCTION break_ingest_lock(text)")
        conn.execute("DELETE FROM hub_meta WHERE key LIKE 'ingest_%'")
        conn.execute("UPDATE clubdesk_hub_version SET version_num = 'h002'")
        conn.commit()
    assert role_settings(hub, role) == {}
    init_hub(hub.address)
    assert role_settings(hub, role) == desk_limits(hub)
    init_hub(hub.address)  # idempotent
    assert role_settings(hub, role) == desk_limits(hub)
    with address.connect(password) as conn:  # the old login may call the breaker
        assert conn.execute("SELECT break_ingest_lock(%s)", (hub.club_id,)).fetchone() == (0,)


def test_a_desk_idle_in_its_transaction_holding_the_ingestion_lock_is_cut_off_and_another_desk_pushes(
        hub, monkeypatch):
    (a, pa, _), (b, pb, _) = hub.add_desk("a"), hub.add_desk("b")
    shorten(hub, hub.roles[0], idle_in_transaction_session_timeout="1s")
    monkeypatch.setattr(protocol, "INGEST_LOCK_WAIT_S", 30.0)  # far from the cut: a loose bound tells them apart
    with a.connect(pa) as ca, b.connect(pb) as cb:
        say_hello(ca, hub, "d-a")
        say_hello(cb, hub, "d-b")
        protocol._ingest_lock(ca, hub.club_id)  # a hung desk (or a login's holder): the lock taken, then nothing
        started = time.monotonic()
        assert protocol.push_batch(cb, hub.club_id, "d-b", rows_of("d-b", 1, 3)) == 3
        assert 0.5 < time.monotonic() - started < 20  # the idle cut (1 s), not INGEST_LOCK_WAIT_S (30 s) ran out
        with pytest.raises(SyncError) as info, hub_errors("hub"):
            ca.execute("SELECT 1")
    assert info.value.code == "hub_timeout" and one_line(info.value)
    assert hub_rows(hub, "d-b") == [1, 2, 3]


def test_a_statement_longer_than_the_desk_logins_limit_is_cancelled_in_one_line(hub):
    a, pa, _ = hub.add_desk("a")
    shorten(hub, hub.roles[0], statement_timeout="1s")
    with a.connect(pa) as ca, pytest.raises(SyncError) as info, hub_errors("hub"):
        ca.execute("SELECT pg_sleep(5)")
    assert info.value.code == "hub_timeout" and one_line(info.value)


def test_a_sync_cut_off_by_the_hub_loses_nothing_and_the_next_one_pushes_everything(hub, tmp_path, monkeypatch):
    a = make_desk(hub, tmp_path, "a")
    admin = AccountService(a.open()).create_first_admin("admin", "secret-admin")
    PlayerService(a.store).add(admin, PlayerData("Отправлен после обрыва"))
    shorten(hub, hub.roles[0], idle_in_transaction_session_timeout="1s")
    take = protocol._ingest_lock

    def hang(conn, club_id):  # the desk's process freezes right after taking the lock
        take(conn, club_id)
        time.sleep(2)

    monkeypatch.setattr(protocol, "_ingest_lock", hang)
    with pytest.raises(SyncError) as info:
        a.sync()
    assert info.value.code == "hub_timeout" and one_line(info.value)
    assert a.store.read("SELECT value FROM settings WHERE key = 'sync.last_error'")[0][0] == info.value.message("ru")
    last = cursors.last_desk_seq(a.store)
    assert hub_rows(hub, a.store.desk_id) == []
    monkeypatch.setattr(protocol, "_ingest_lock", take)
    # the hub's own cut again (10 s): a healthy sync on a loaded machine may sit a second between two statements
    shorten(hub, hub.roles[0], idle_in_transaction_session_timeout="10s")
    a.sync()
    assert hub_rows(hub, a.store.desk_id) == list(range(1, last + 1))
    a.close()


def test_a_push_that_cannot_get_the_ingestion_lock_in_its_bound_gives_up_in_one_line_and_goes_through_later(
        hub, tmp_path, monkeypatch):
    monkeypatch.setattr(protocol, "INGEST_LOCK_WAIT_S", 1.0)
    a = make_desk(hub, tmp_path, "a")
    admin = AccountService(a.open()).create_first_admin("admin", "secret-admin")
    PlayerService(a.store).add(admin, PlayerData("Ждёт сервер"))
    last = cursors.last_desk_seq(a.store)
    b, pb, _ = hub.add_desk("b")
    with b.connect(pb) as holder:  # another desk's push, within the limits, that takes long
        protocol._ingest_lock(holder, hub.club_id)
        started = time.monotonic()
        with pytest.raises(SyncError) as info:
            a.sync()
        waited = time.monotonic() - started
        assert holder.execute("SELECT 1").fetchone() == (1,)  # a holder within the limits is never cut off
    assert info.value.code == "hub_busy" and one_line(info.value) and "1 с" in info.value.message("ru")
    assert 0.9 < waited < 20  # its bound (1 s) and the sync's work, loaded or not; not the role's lock_timeout (30 s)
    assert a.store.read("SELECT value FROM settings WHERE key = 'sync.last_error'")[0][0] == info.value.message("ru")
    assert hub_rows(hub, a.store.desk_id) == [] and cursors.last_desk_seq(a.store) == last
    a.sync()
    assert hub_rows(hub, a.store.desk_id) == list(range(1, last + 1))
    a.close()


def test_a_file_with_an_earlier_desk_id_commits_each_batch_and_frees_the_ingestion_lock_between_them(hub, tmp_path):
    """Reading what the hub holds of an earlier desk id must not leave a transaction open: each push batch would
    then be a savepoint of it, and the club's ingestion lock held from the first batch to the end of the sync."""
    a = make_desk(hub, tmp_path, "a")
    admin = AccountService(a.open()).create_first_admin("admin", "secret-admin")
    for k in range(3):
        PlayerService(a.store).add(admin, PlayerData(f"Игрок {k}"))
    a.close()
    desk = copied(a, tmp_path, "restored")  # opens under a new desk id; its rows so far are the old id's
    join(desk.open(), hub.address, desk.name, desk.password)
    PlayerService(desk.store).add(admin, PlayerData("После копии"))
    seen = []

    def after_commit(point: str) -> None:
        if point != "after_commit":
            return
        with hub.address.connect() as other:
            free = other.execute("SELECT pg_try_advisory_xact_lock(hashtextextended('clubdesk-ingest:' || %s, 0))",
                                 (hub.club_id,)).fetchone()[0]
            rows = other.execute("SELECT count(*) FROM log_rows").fetchone()[0]
        seen.append((free, rows))

    desk.sync(fault=after_commit, push_batch=2)
    assert len(seen) >= 3 and all(free for free, _ in seen)
    assert [rows for _, rows in seen] == sorted({rows for _, rows in seen}) and seen[0][1] > 0
    desk.close()


@pytest.mark.parametrize("hold", ["in_transaction", "session"])
def test_a_login_that_sets_its_own_limits_off_and_sits_on_the_ingestion_lock_is_ended_by_the_next_push(
        hub, monkeypatch, hold):
    """A login may SET the role's limits off for its session; the push that waits for it asks the hub to end a
    holder idle in its transaction past the limit, or holding the lock outside any transaction (h003)."""
    (a, pa, _), (b, pb, _) = hub.add_desk("a"), hub.add_desk("b")
    with hub.address.connect() as admin:
        admin.execute("UPDATE hub_meta SET value = '1 s' WHERE key = 'ingest_max_idle'")
        admin.commit()
    monkeypatch.setattr(protocol, "INGEST_LOCK_WAIT_S", 1.5)
    with a.connect(pa, autocommit=hold == "session") as ca, b.connect(pb) as cb:
        say_hello(cb, hub, "d-b")
        ca.execute("SET idle_in_transaction_session_timeout = 0")
        ca.execute("SET idle_session_timeout = 0")
        ca.execute("SET statement_timeout = 0")
        lock = "pg_advisory_xact_lock" if hold == "in_transaction" else "pg_advisory_lock"
        ca.execute(f"SELECT {lock}(hashtextextended('clubdesk-ingest:' || %s, 0))", (hub.club_id,))
        started = time.monotonic()
        assert protocol.push_batch(cb, hub.club_id, "d-b", rows_of("d-b", 1, 3)) == 3
        assert time.monotonic() - started < 20  # one lock wait (1.5 s), the break, the push: bounded, loaded or not
        with pytest.raises(psycopg.OperationalError):
            ca.execute("SELECT 1")
    assert hub_rows(hub, "d-b") == [1, 2, 3]
