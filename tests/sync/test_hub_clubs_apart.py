"""A league: several clubs on one PostgreSQL server, one hub schema each (hub migration h004). A desk login of one
club is refused by the server itself every read and write of another club's rows and every call of its hub's
functions; its own club's sync goes on; add-desk never hands one club's login to another."""

from __future__ import annotations

import time

import psycopg
import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.sync import protocol
from clubdesk.sync.errors import SyncError
from clubdesk.sync.hub import add_desk, init_hub
from tests.sync.conftest import drop_hub, new_hub
from tests.sync.desks import make_desk
from tests.sync.test_hub_protocol import rows_of, say_hello
from tests.sync.test_hub_security import hub_rows

pytestmark = pytest.mark.pg

COLUMNS = "club_id, desk_id, desk_seq, hlc, schema_version, entity, entity_id, op, payload"


@pytest.fixture
def other_hub(keyring_file):
    """Club B's hub in a schema of its own on the same server, with one desk's row on it."""
    test_hub = new_hub()
    try:
        address, password, _ = test_hub.add_desk("b")
        with address.connect(password) as conn:
            say_hello(conn, test_hub, "d-b")
            protocol.push_batch(conn, test_hub.club_id, "d-b", rows_of("d-b", 1, 2))
        yield test_hub
    finally:
        drop_hub(test_hub)


def attempts(b) -> list[tuple[str, str, tuple | None]]:
    """(what, SQL, parameters): every way into club B's hub `b` a desk login of club A could try."""
    s, club = f'"{b.prefix}"', b.club_id
    row = (club, "d-b", 3, 1, 7, "players", "p", "upsert", "{}")
    return [
        ("select", f"SELECT * FROM {s}.log_rows", None),
        ("select desks", f"SELECT * FROM {s}.desks", None),
        ("select clubs", f"SELECT * FROM {s}.clubs", None),
        ("select desk_roles", f"SELECT * FROM {s}.desk_roles", None),
        ("select hub_meta", f"SELECT * FROM {s}.hub_meta", None),
        ("copy to", f"COPY {s}.log_rows TO STDOUT", None),
        ("insert", f"INSERT INTO {s}.log_rows ({COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)", row),
        ("copy from", f"COPY {s}.log_rows ({COLUMNS}) FROM STDIN", row),
        ("update", f"UPDATE {s}.log_rows SET payload = '{{}}' WHERE club_id = %s", (club,)),
        ("delete", f"DELETE FROM {s}.log_rows WHERE club_id = %s", (club,)),
        ("truncate", f"TRUNCATE {s}.log_rows", None),
        ("sequence", f"SELECT nextval('{s}.log_rows_server_seq_seq')", None),
        ("hello", f"SELECT * FROM {s}.hello(1, %s, 'd-intruder', 7, 0)", (club,)),
        ("break_ingest_lock", f"SELECT {s}.break_ingest_lock(%s)", (club,)),
        ("trigger function", f"SELECT {s}.log_rows_own_desk()", None),
        ("create", f"CREATE TABLE {s}.intruder (x int)", None),
    ]


def attempt(conn: psycopg.Connection, sql: str, params: tuple | None) -> None:
    if sql.startswith("COPY"):
        with conn.cursor().copy(sql) as copy:
            if params is not None:
                copy.write_row(params)
            else:
                list(copy)
    else:
        conn.execute(sql, params)


def refusals(conn: psycopg.Connection, b) -> dict[str, str]:
    """What the server answered each attempt with: its SQLSTATE, or 'allowed'."""
    answers = {}
    for what, sql, params in attempts(b):
        try:
            attempt(conn, sql, params)
            answers[what] = "allowed"
        except psycopg.Error as exc:
            answers[what] = exc.sqlstate
        conn.rollback()
    return answers


def test_a_desk_login_of_one_club_is_refused_every_read_write_and_call_on_another_clubs_hub(hub, other_hub, tmp_path):
    a = make_desk(hub, tmp_path, "a")
    admin = AccountService(a.open()).create_first_admin("admin", "secret-admin")
    PlayerService(a.store).add(admin, PlayerData("Игрок клуба А"))
    with a.address.connect(a.password) as conn:
        answers = refusals(conn, other_hub)
    assert answers == {what: "42501" for what, _, _ in attempts(other_hub)}  # insufficient_privilege, each one

    a.sync()  # club A's own sync goes on
    assert len(hub_rows(hub, a.store.desk_id)) > 0
    assert hub_rows(other_hub, "d-b") == [1, 2]
    a.close()


def test_the_sync_path_itself_pointed_at_another_clubs_schema_finds_nothing_there(hub, other_hub):
    """A desk's own connection whose search_path is club B's schema: without USAGE on it the server leaves the schema
    out of the path, so hello, push, head, pull and the digests find no hub there (42P01, 42883)."""
    address, password, _ = hub.add_desk("a")
    with address.__class__(address.url, other_hub.prefix).connect(password) as conn:
        for call, refused in ((lambda: protocol.check_protocol(conn), psycopg.errors.UndefinedTable),
                              (lambda: protocol.hello(conn, other_hub.club_id, "d-a", 7, int(time.time() * 1000)),
                               psycopg.errors.UndefinedTable),
                              (lambda: conn.execute("SELECT * FROM hello(1, %s, 'd-a', 7, 0)", (other_hub.club_id,)),
                               psycopg.errors.UndefinedFunction),
                              (lambda: protocol.head(conn, other_hub.club_id), psycopg.errors.UndefinedTable),
                              (lambda: protocol.pull_page(conn, other_hub.club_id, 0, 10, 10, []),
                               psycopg.errors.UndefinedTable),
                              (lambda: protocol.pending_down(conn, other_hub.club_id, 0, []),
                               psycopg.errors.UndefinedTable),
                              (lambda: protocol.table_digests(conn, other_hub.club_id), psycopg.errors.UndefinedTable),
                              (lambda: protocol.push_batch(conn, other_hub.club_id, "d-b", rows_of("d-b", 3, 3)),
                               psycopg.errors.UndefinedTable)):
            with pytest.raises(refused):
                call()
            conn.rollback()
        assert conn.execute("SELECT current_schemas(false)").fetchone() == ([],)
    assert hub_rows(other_hub, "d-b") == [1, 2]


def public_grants(test_hub) -> list[tuple[str, str]]:
    """(object, privilege) of the hub's schema and everything in it that PUBLIC holds: each layer on its own, since
    either the schema's USAGE or an object's own grant missing is enough to refuse a desk of another club."""
    with test_hub.address.connect() as conn:
        return conn.execute(
            "SELECT what, a.privilege_type FROM (SELECT 'schema ' || n.nspname AS what, n.nspacl AS acl, n.nspowner "
            "AS owner FROM pg_namespace n WHERE n.nspname = %(s)s UNION ALL SELECT 'relation ' || c.relname, "
            "c.relacl, c.relowner FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = %(s)s UNION ALL SELECT 'function ' || p.proname, coalesce(p.proacl, "
            "acldefault('f', p.proowner)), p.proowner FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
            "WHERE n.nspname = %(s)s) o, aclexplode(o.acl) a WHERE a.grantee = 0 ORDER BY 1, 2",
            {"s": test_hub.prefix}).fetchall()


def test_a_new_hub_grants_nothing_to_public(hub):
    assert public_grants(hub) == []


def test_init_hub_takes_away_what_public_was_granted_on_a_hub_before_h004(hub, other_hub):
    """A grant left in place on club B's hub (PUBLIC may use the schema, read and write its tables, call its
    functions — PostgreSQL's default for a function) reaches club A's desks until init-hub runs h004."""
    address, password, _ = hub.add_desk("a")
    s = f'"{other_hub.prefix}"'
    with other_hub.address.connect() as conn:  # as a careless administrator left an h003 hub
        for stmt in (f"GRANT USAGE ON SCHEMA {s} TO PUBLIC",
                     f"GRANT ALL ON ALL TABLES IN SCHEMA {s} TO PUBLIC",
                     f"GRANT ALL ON ALL SEQUENCES IN SCHEMA {s} TO PUBLIC",
                     f"GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA {s} TO PUBLIC",
                     "DROP INDEX clubs_one_per_hub", "UPDATE clubdesk_hub_version SET version_num = 'h003'"):
            conn.execute(stmt)
        conn.commit()
    with address.connect(password) as conn:
        assert refusals(conn, other_hub)["select"] == "allowed"  # the leak is real
    init_hub(other_hub.address)
    assert public_grants(other_hub) == []
    with address.connect(password) as conn:
        answers = refusals(conn, other_hub)
    assert answers == {what: "42501" for what, _, _ in attempts(other_hub)}
    assert hub_rows(other_hub, "d-b") == [1, 2]


def test_add_desk_refuses_a_name_whose_login_is_another_clubs_desk_and_leaves_that_login_alone(hub, other_hub):
    address, password, name = hub.add_desk("front")
    with pytest.raises(SyncError) as info:
        add_desk(other_hub.address, name)
    assert info.value.code == "login_taken" and "\n" not in str(info.value)
    with address.connect(password) as conn:  # club A's desk keeps its password and has nothing on club B's hub
        assert conn.execute("SELECT has_schema_privilege(%s, 'USAGE')", (other_hub.prefix,)).fetchone() == (False,)
    with other_hub.address.connect() as conn:
        assert conn.execute("SELECT count(*) FROM desk_roles WHERE name = %s", (name,)).fetchone() == (0,)


def test_a_hub_schema_holds_one_club(hub):
    with hub.address.connect() as conn, pytest.raises(psycopg.errors.UniqueViolation):
        conn.execute("INSERT INTO clubs (club_id, name) VALUES ('second-club', 'Второй клуб')")


def test_a_desk_of_another_club_sitting_on_this_clubs_ingestion_lock_is_ended_by_the_next_push(
        hub, other_hub, monkeypatch):
    """Advisory locks are open to every login of the database and visible in pg_locks: a desk of club A could take
    club B's lock. B's waiting push has the hub end it at once, whatever it is doing (h004)."""
    monkeypatch.setattr(protocol, "INGEST_LOCK_WAIT_S", 1.0)
    address, password, _ = hub.add_desk("a")
    b_address, b_password, _ = other_hub.add_desk("b2")
    with address.connect(password, autocommit=True) as intruder, b_address.connect(b_password) as cb:
        say_hello(cb, other_hub, "d-b2")
        intruder.execute("SELECT pg_advisory_lock(hashtextextended('clubdesk-ingest:' || %s, 0))", (other_hub.club_id,))
        assert protocol.push_batch(cb, other_hub.club_id, "d-b2", rows_of("d-b2", 1, 2)) == 2
        with pytest.raises(psycopg.OperationalError):
            intruder.execute("SELECT 1")
    assert hub_rows(other_hub, "d-b2") == [1, 2]


def test_a_desk_cannot_aim_its_hubs_lock_breaker_at_another_clubs_pushes(hub, other_hub):
    address, password, _ = hub.add_desk("a")
    b_address, b_password, _ = other_hub.add_desk("b2")
    with address.connect(password) as ca, b_address.connect(b_password) as cb:
        say_hello(cb, other_hub, "d-b2")
        protocol._ingest_lock(cb, other_hub.club_id)  # club B's honest push, holding its lock
        assert ca.execute("SELECT break_ingest_lock(%s)", (other_hub.club_id,)).fetchone() == (0,)
        ca.commit()
        assert cb.execute("SELECT 1").fetchone() == (1,)


def test_init_hub_warns_of_a_login_that_two_clubs_share_from_before_add_desk_refused_it(hub, other_hub, capsys,
                                                                                         tmp_path):
    from clubdesk.cli import main

    _, _, name = hub.add_desk("front")
    role = hub.roles[-1]
    with other_hub.address.connect() as conn:  # what add-desk of the same name on club B did before h004
        conn.execute(f'GRANT USAGE ON SCHEMA "{other_hub.prefix}" TO "{role}"')
        conn.execute(f'GRANT SELECT ON log_rows TO "{role}"')
        conn.execute("INSERT INTO desk_roles (club_id, name, role_name) VALUES (%s, %s, %s)",
                     (other_hub.club_id, name, role))
        conn.commit()
    db = str(tmp_path / "admin.sqlite")
    assert main(["--db", db, "sync", "init-hub", other_hub.address.url, "--schema", other_hub.prefix]) == 0
    out = capsys.readouterr().out
    assert f"вход {role}" in out and f"схемы {hub.prefix}" in out
    assert main(["--db", db, "sync", "init-hub", hub.address.url, "--schema", hub.prefix]) == 0
    assert f"схемы {other_hub.prefix}" in capsys.readouterr().out
