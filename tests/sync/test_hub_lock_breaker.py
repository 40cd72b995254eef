"""The club's ingestion lock when a login sits on it (hub migration h004): the breaker works for an administrator
who is not a superuser, a push that still cannot get the lock names who holds it and what the administrator does,
and `clubdesk sync disable-desk` takes a desk's login away (add-desk gives it back)."""

from __future__ import annotations

import threading
import time
import uuid

import psycopg
import pytest

from clubdesk.cli import main
from clubdesk.services.accounts import AccountService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.sync import protocol
from clubdesk.sync.errors import SyncError, hub_busy
from clubdesk.sync.hub import HubAddress, init_hub
from tests.sync import conftest
from tests.sync.conftest import drop_hub, need_pg
from tests.sync.desks import make_desk
from tests.sync.test_hub_protocol import rows_of, say_hello
from tests.sync.test_hub_security import hub_rows
from tests.waiting import wait_until

pytestmark = pytest.mark.pg


@pytest.fixture
def plain_admin_hub(keyring_file):
    """A hub whose administrator may create roles and schemas but is not a superuser (a hosted PostgreSQL)."""
    prefix = f"sync_{uuid.uuid4().hex[:10]}"
    admin = f"{prefix}_admin"
    with psycopg.connect(need_pg(), autocommit=True) as conn:
        conn.execute(f'CREATE ROLE "{admin}" LOGIN CREATEROLE')
        conn.execute(f'GRANT CREATE ON DATABASE "{conn.info.dbname}" TO "{admin}"')
    address = HubAddress.parse(need_pg(), schema=prefix).with_user(admin)
    test_hub = conftest.TestHub(address, "", prefix)
    try:
        test_hub.club_id = init_hub(address)
        yield test_hub
    finally:
        drop_hub(test_hub)
        with psycopg.connect(need_pg(), autocommit=True) as conn:
            conn.execute(f'DROP OWNED BY "{admin}"')
            conn.execute(f'DROP ROLE "{admin}"')


def sit_on_the_lock(conn: psycopg.Connection, club_id: str, hold: str) -> None:
    """A login that SETs its limits off and holds the club's ingestion lock, in a transaction or for its session."""
    for name in ("idle_in_transaction_session_timeout", "idle_session_timeout", "statement_timeout"):
        conn.execute(f"SET {name} = 0")
    lock = "pg_advisory_xact_lock" if hold == "in_transaction" else "pg_advisory_lock"
    conn.execute(f"SELECT {lock}(hashtextextended('clubdesk-ingest:' || %s, 0))", (club_id,))


@pytest.mark.parametrize("hold", ["in_transaction", "session"])
def test_the_breaker_ends_a_desk_sitting_on_the_lock_when_the_hubs_administrator_is_not_a_superuser(
        plain_admin_hub, monkeypatch, hold):
    hub = plain_admin_hub
    with hub.address.connect() as admin:
        assert admin.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user").fetchone() == (False,)
        admin.execute("UPDATE hub_meta SET value = '1 s' WHERE key = 'ingest_max_idle'")
        admin.commit()
    monkeypatch.setattr(protocol, "INGEST_LOCK_WAIT_S", 1.5)
    (a, pa, _), (b, pb, _) = hub.add_desk("a"), hub.add_desk("b")
    with a.connect(pa, autocommit=hold == "session") as ca, b.connect(pb) as cb:
        say_hello(cb, hub, "d-b")
        sit_on_the_lock(ca, hub.club_id, hold)
        started = time.monotonic()
        assert protocol.push_batch(cb, hub.club_id, "d-b", rows_of("d-b", 1, 3)) == 3
        assert time.monotonic() - started < 20  # one lock wait (1.5 s), the break, the push: bounded, loaded or not
        with pytest.raises(psycopg.OperationalError):
            ca.execute("SELECT 1")
    assert hub_rows(hub, "d-b") == [1, 2, 3]


def test_a_desk_made_before_h004_is_given_to_the_breaker_at_init_hub(plain_admin_hub, monkeypatch):
    hub = plain_admin_hub
    (a, pa, _), (b, pb, _) = hub.add_desk("a"), hub.add_desk("b")
    with hub.address.connect() as admin:  # as an h003 hub left them: no breaker of its own
        breaker = admin.execute("SELECT value FROM hub_meta WHERE key = 'ingest_breaker'").fetchone()[0]
        for role in hub.roles:
            admin.execute(f'REVOKE "{role}" FROM "{breaker}"')
        admin.execute("UPDATE clubdesk_hub_version SET version_num = 'h003'")
        admin.execute("UPDATE hub_meta SET value = '1 s' WHERE key = 'ingest_max_idle'")
        admin.commit()
    init_hub(hub.address)
    monkeypatch.setattr(protocol, "INGEST_LOCK_WAIT_S", 1.5)
    with a.connect(pa, autocommit=True) as ca, b.connect(pb) as cb:
        say_hello(cb, hub, "d-b")
        sit_on_the_lock(ca, hub.club_id, "session")
        assert protocol.push_batch(cb, hub.club_id, "d-b", rows_of("d-b", 1, 1)) == 1
    assert hub_rows(hub, "d-b") == [1]


def test_a_push_that_cannot_get_the_lock_names_the_desk_holding_it_and_how_to_disable_it(hub, tmp_path, monkeypatch):
    monkeypatch.setattr(protocol, "INGEST_LOCK_WAIT_S", 1.0)
    a = make_desk(hub, tmp_path, "a")
    admin = AccountService(a.open()).create_first_admin("admin", "secret-admin")
    PlayerService(a.store).add(admin, PlayerData("Ждёт сервер"))
    b, pb, b_name = hub.add_desk("b")
    with b.connect(pb) as holder:  # within the limits: not ended, but named
        protocol._ingest_lock(holder, hub.club_id)
        with pytest.raises(SyncError) as info:
            a.sync()
    assert info.value.code == "hub_busy"
    for lang in ("ru", "en"):
        line = info.value.message(lang)
        assert "\n" not in line and b_name in line and f"clubdesk sync disable-desk {b_name}" in line
    a.close()


def test_the_line_names_a_login_that_is_not_a_desk_of_the_club_and_the_administrators_own_session():
    foreign = hub_busy("hub", [("clubdesk_intruder", None, False)])
    assert 'ALTER ROLE "clubdesk_intruder" NOLOGIN' in foreign.message("ru") and "не стойка" in foreign.message("ru")
    own = hub_busy("hub", [("postgres", None, True)])
    assert "администратора" in own.message("ru") and "ALTER ROLE" not in own.message("ru")
    assert hub_busy("hub").message("en").endswith("at the next sync.")


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_disable_desk_ends_the_desks_sessions_and_refuses_its_login_until_add_desk_gives_it_back(hub, capsys,
                                                                                                tmp_path):
    address, password, name = hub.add_desk("a")
    admin = ("--hub", hub.address.url, "--schema", hub.address.schema)
    db = ("--db", str(tmp_path / "admin.sqlite"))
    with address.connect(password, autocommit=True) as ca:
        sit_on_the_lock(ca, hub.club_id, "session")
        code, out, _ = run(capsys, *db, "sync", "disable-desk", name, *admin)
        assert code == 0 and "1" in out and f"add-desk {name}" in out
        with pytest.raises(psycopg.OperationalError):
            ca.execute("SELECT 1")
    with pytest.raises(SyncError) as info:
        address.connect(password)
    assert info.value.code == "desk_disabled" and "\n" not in str(info.value)
    code, out, _ = run(capsys, *db, "sync", "add-desk", name, *admin)
    assert code == 0
    new_password = out.split("пароль ")[1].split()[0]
    with address.connect(new_password) as conn:
        assert conn.execute("SELECT 1").fetchone() == (1,)
    code, _, err = run(capsys, *db, "sync", "disable-desk", "no_such_desk", *admin)
    assert code == 2 and "no_such_desk" in err


def test_a_desk_keeping_its_transaction_busy_on_the_lock_with_anything_but_the_push_is_ended(hub, monkeypatch):
    """Busy, not idle, and younger than ingest_max_hold: before h004 it held the lock up to 90 s a round. A push's
    own statements under the lock take milliseconds, but for its COPY."""
    with hub.address.connect() as admin:
        admin.execute("UPDATE hub_meta SET value = '1 s' WHERE key = 'ingest_max_idle'")
        admin.commit()
    monkeypatch.setattr(protocol, "INGEST_LOCK_WAIT_S", 1.5)
    (a, pa, _), (b, pb, _) = hub.add_desk("a"), hub.add_desk("b")
    with a.connect(pa) as ca, b.connect(pb) as cb:
        say_hello(cb, hub, "d-b")
        sit_on_the_lock(ca, hub.club_id, "in_transaction")
        sleeper = threading.Thread(target=_sleep_quietly, args=(ca,), daemon=True)  # busy, never idle
        sleeper.start()
        wait_until(lambda: running_pg_sleep(ca.info.backend_pid), what="desk A busy in its pg_sleep")
        started = time.monotonic()
        assert protocol.push_batch(cb, hub.club_id, "d-b", rows_of("d-b", 1, 2)) == 2
        assert time.monotonic() - started < 30  # not until A's pg_sleep(60) ends
        sleeper.join(5)
        assert ca.closed or ca.broken
    assert hub_rows(hub, "d-b") == [1, 2]


def running_pg_sleep(pid: int) -> bool:
    """Whether session `pid` is busy in its pg_sleep (state active), not idle in its transaction."""
    with psycopg.connect(need_pg(), autocommit=True) as conn:
        row = conn.execute("SELECT state, query FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone()
    return row is not None and row[0] == "active" and "pg_sleep" in row[1]


def _sleep_quietly(conn: psycopg.Connection) -> None:
    try:
        conn.execute("SELECT pg_sleep(60)")
    except psycopg.Error:
        pass
