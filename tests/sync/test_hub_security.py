"""A desk's login appends log rows only as itself (hub migration h002): under the desk ids it registered with
hello(), in its own club, with no hole and without choosing server_seq; it never changes a row once there."""

from __future__ import annotations

import shutil

import psycopg
import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.sync import cursors, protocol
from clubdesk.sync.errors import SyncError, hub_errors
from clubdesk.sync.join import join
from tests.sync.desks import Desk, make_desk
from tests.sync.test_hub_protocol import rows_of, say_hello

pytestmark = pytest.mark.pg

INSERT = ("INSERT INTO log_rows (club_id, desk_id, desk_seq, hlc, schema_version, entity, entity_id, op, payload) "
          "SELECT %s, %s, n, 1, 7, 'players', 'p', 'upsert', '{}' FROM unnest(%s::bigint[]) n")
# server_seq is the pull order: a desk that chose it could put rows below the other desks' pull cursors
FORGED_SERVER_SEQ = ("INSERT INTO log_rows (club_id, desk_id, desk_seq, server_seq, hlc, schema_version, entity, "
                     "entity_id, op, payload) OVERRIDING SYSTEM VALUE VALUES (%s, %s, 2, 1000000, 1, 7, 'players', "
                     "'p', 'upsert', '{}')")


@pytest.fixture
def two_roles(hub):
    """Connections as two desk logins, a with desk id d-a, b with d-b, each with a row on the hub."""
    (a, pa, _), (b, pb, _) = hub.add_desk("a"), hub.add_desk("b")
    with a.connect(pa) as ca, b.connect(pb) as cb:
        say_hello(ca, hub, "d-a")
        say_hello(cb, hub, "d-b")
        protocol.push_batch(ca, hub.club_id, "d-a", rows_of("d-a", 1, 1))
        protocol.push_batch(cb, hub.club_id, "d-b", rows_of("d-b", 1, 1))
        yield ca, cb


def hub_rows(hub, desk_id: str) -> list[int]:
    with hub.address.connect() as conn:
        return [r[0] for r in conn.execute("SELECT desk_seq FROM log_rows WHERE desk_id = %s ORDER BY desk_seq",
                                           (desk_id,))]


def test_a_desk_login_pushing_rows_under_another_desks_id_is_refused_with_one_clear_line(hub, two_roles):
    _, cb = two_roles
    with pytest.raises(SyncError) as info, hub_errors("hub"):
        protocol.push_batch(cb, hub.club_id, "d-a", rows_of("d-a", 2, 3))
    assert info.value.code == "foreign_desk" and "\n" not in str(info.value) and "d-a" in str(info.value)
    cb.rollback()
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="d-a"):  # a bare INSERT, not only the COPY
        cb.execute(INSERT, (hub.club_id, "d-a", [2]))
    cb.rollback()
    assert hub_rows(hub, "d-a") == [1]


def test_rows_under_a_desk_id_no_one_registered_or_in_another_club_are_refused(hub, two_roles):
    _, cb = two_roles  # a schema holds one club (h004): 'other-club' is one this hub has not
    for club, desk in ((hub.club_id, "d-never-said-hello"), ("other-club", "d-b")):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            protocol.push_batch(cb, club, desk, rows_of(desk, 1, 1))
        cb.rollback()
    with hub.address.connect() as admin:
        assert admin.execute("SELECT count(*) FROM log_rows WHERE club_id = 'other-club' "
                             "OR desk_id = 'd-never-said-hello'").fetchone()[0] == 0


def test_a_temporary_table_named_desks_does_not_stand_in_for_the_hubs(hub, two_roles):
    _, cb = two_roles
    cb.execute("CREATE TEMP TABLE desks (club_id text, desk_id text, role_name text)")
    cb.execute("INSERT INTO pg_temp.desks VALUES (%s, 'd-a', session_user)", (hub.club_id,))
    cb.execute(f'SET search_path = pg_temp, "{hub.prefix}"')
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        cb.execute(INSERT, (hub.club_id, "d-a", [2]))
    cb.rollback()
    assert hub_rows(hub, "d-a") == [1]


def test_a_desk_login_cannot_change_delete_or_reorder_log_rows(hub, two_roles):
    ca, _ = two_roles
    for stmt in ("UPDATE log_rows SET payload = '{}' WHERE desk_id = 'd-b'", "DELETE FROM log_rows",
                 "TRUNCATE log_rows", "ALTER TABLE log_rows DISABLE TRIGGER log_rows_own_desk",
                 "DROP TRIGGER log_rows_own_desk ON log_rows", "UPDATE desks SET role_name = session_user",
                 FORGED_SERVER_SEQ,
                 "INSERT INTO log_rows (club_id, desk_id, desk_seq, hlc, schema_version, entity, entity_id, op, "
                 "payload, received_at) VALUES (%s, %s, 2, 1, 7, 'players', 'p', 'upsert', '{}', now())"):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            ca.execute(stmt, (hub.club_id, "d-a") if "%s" in stmt else None)
        ca.rollback()
    assert hub_rows(hub, "d-a") == [1] and hub_rows(hub, "d-b") == [1]


def test_rows_that_would_leave_a_hole_are_refused_by_the_hub_itself(hub, two_roles):
    ca, _ = two_roles
    for seqs in ([3], [2, 4], [0, 2], [2, 2]):  # after the hub's 1; a hole inside; before the first; twice
        with pytest.raises(psycopg.errors.CheckViolation if seqs != [2, 2] else psycopg.errors.UniqueViolation):
            ca.execute(INSERT, (hub.club_id, "d-a", seqs))
        ca.rollback()
    ca.execute(INSERT, (hub.club_id, "d-a", [2, 3]))
    ca.commit()
    assert hub_rows(hub, "d-a") == [1, 2, 3]


def players(store) -> set[str]:
    return {r[0] for r in store.read("SELECT name FROM players")}


def copied(desk: Desk, tmp_path, name: str) -> Desk:
    """`desk`'s file copied to another folder (a restored backup): it opens under a new desk id."""
    (tmp_path / name).mkdir()
    shutil.copy(desk.path, tmp_path / name / desk.path.name)
    return Desk(desk.name, tmp_path / name / desk.path.name, desk.address, desk.password)


def test_a_file_pushes_the_rows_of_every_desk_id_it_wrote_under(hub, tmp_path):
    """Rows written before the file was copied (its old desk id never said hello) and after (its new id) all
    reach the hub: the sync registers the old id under the desk's login before pushing its rows."""
    from clubdesk.store.db import open_store

    before = open_store(tmp_path / "club.sqlite")
    admin = AccountService(before).create_first_admin("admin", "secret-admin")
    PlayerService(before).add(admin, PlayerData("Записан до копии"))
    old_id = before.desk_id
    before.close()
    address, password, name = hub.add_desk("a")
    desk = copied(Desk(name, tmp_path / "club.sqlite", address, password), tmp_path, "restored")
    join(desk.open(), hub.address, name, password)
    PlayerService(desk.store).add(admin, PlayerData("Записан после копии"))
    assert cursors.local_desk_ids(desk.store) == [desk.store.desk_id, old_id]
    report = desk.sync()
    assert report.pushed == sum(cursors.last_desk_seq(desk.store, d) for d in (desk.store.desk_id, old_id))
    b = make_desk(hub, tmp_path, "b")
    b.sync()
    assert players(b.store) == players(desk.store) == {"Записан до копии", "Записан после копии"}
    desk.close()
    b.close()


def test_a_file_restored_under_another_desks_login_cannot_push_the_old_desks_rows_and_loses_nothing(hub, tmp_path):
    a = make_desk(hub, tmp_path, "a")
    admin = AccountService(a.open()).create_first_admin("admin", "secret-admin")
    a.sync()
    PlayerService(a.store).add(admin, PlayerData("Не отправлен"))  # a's rows the hub does not have yet
    old_id, a_last = a.store.desk_id, cursors.last_desk_seq(a.store)
    a.close()
    _, b_password, b_name = hub.add_desk("b")
    b = copied(a, tmp_path, "other_pc")
    b.password = b_password
    join(b.open(), hub.address, b_name, b_password)  # the copy joined as desk b: its new id is b's

    with pytest.raises(SyncError) as info:
        b.sync()
    assert info.value.code == "foreign_desk" and "\n" not in str(info.value)
    assert cursors.last_desk_seq(b.store, old_id) == a_last  # nothing lost on the desk
    assert len(hub_rows(hub, old_id)) < a_last
    assert b.store.read("SELECT value FROM settings WHERE key = 'sync.last_error'")[0][0] == info.value.message("ru")

    with hub.address.connect() as conn:  # the administrator hands the old id over to desk b
        conn.execute("UPDATE desks SET role_name = %s, name = %s WHERE desk_id = %s", (hub.roles[-1], b_name, old_id))
        conn.commit()
    b.sync()
    assert hub_rows(hub, old_id) == list(range(1, a_last + 1))
    b.close()


def test_a_desk_login_made_before_h002_loses_its_insert_right_on_server_seq(hub):
    """init-hub on an h001 hub: the desk logins made then get the column-wise INSERT add_desk grants now."""
    from clubdesk.sync.hub import init_hub

    address, password, _ = hub.add_desk("a")
    with hub.address.connect() as conn:  # as an h001 hub left it: INSERT on every column, no trigger
        conn.execute(f'GRANT INSERT ON log_rows TO "{hub.roles[-1]}"')
        conn.execute("UPDATE clubdesk_hub_version SET version_num = 'h001'")
        conn.execute("DROP TRIGGER log_rows_own_desk ON log_rows")
        conn.execute("DROP FUNCTION log_rows_own_desk()")
        conn.commit()
    init_hub(hub.address)
    with address.connect(password) as conn:
        say_hello(conn, hub, "d-a")
        for stmt, values in ((FORGED_SERVER_SEQ, (hub.club_id, "d-a")), (INSERT, (hub.club_id, "d-other", [1]))):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(stmt, values)
            conn.rollback()
