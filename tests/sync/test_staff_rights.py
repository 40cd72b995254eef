"""Issue 35 item 4: what a desk login may write is PostgreSQL's to decide (hub migration h005): staff accounts
(logins, password hashes, roles) only from a desk the administrator allowed to manage staff (`add-desk NAME --staff`),
so one desk's hub password (a hall PC keeps it in a 0600 file) cannot make its holder administrator on every desk; the
desks refuse such a row on apply as a second line (apply.RowRefused); a re-key ends the old password's sessions."""

from __future__ import annotations

import json
import uuid

import psycopg
import pytest
from argon2 import PasswordHasher

from clubdesk.errors import KnownError
from clubdesk.services.accounts import AccountService
from clubdesk.store.changelog import SCHEMA_VERSION
from clubdesk.sync import protocol
from clubdesk.sync.errors import SyncError, hub_errors
from clubdesk.sync.hub import add_desk, role_name
from tests.sync.desks import make_desk

pytestmark = pytest.mark.pg


def forged_admin(desk_id: str, seq: int = 1) -> dict:
    """The row an attacker pushes: an administrator account whose password he knows."""
    payload = {"login": "mallory", "display_name": "mallory", "password_hash": PasswordHasher().hash("mallory-pw"),
               "roles": "admin", "active": True, "player_id": None}
    return {"desk_id": desk_id, "desk_seq": seq, "hlc": 1 << 16, "schema_version": SCHEMA_VERSION,
            "entity": "accounts", "entity_id": str(uuid.uuid4()), "op": "upsert",
            "payload": json.dumps(payload, sort_keys=True, separators=(",", ":"))}


@pytest.fixture
def club(hub, tmp_path):
    """The front desk (may manage staff) with the administrator, and a hall PC added with `add-desk NAME` alone."""
    front, hall = make_desk(hub, tmp_path, "front", staff=True), make_desk(hub, tmp_path, "hall", staff=False)
    AccountService(front.open()).create_first_admin("admin", "secret-admin")
    front.sync()
    hall.sync()
    yield front, hall
    front.close()
    hall.close()


def test_a_hall_desks_login_cannot_push_an_administrator_account_under_a_fresh_desk_id(hub, club):
    front, hall = club
    fresh = str(uuid.uuid4())
    with hall.address.connect(hall.password) as conn:
        protocol.hello(conn, hub.club_id, fresh, SCHEMA_VERSION, 0)
        with pytest.raises(SyncError) as refused, hub_errors("hub"):
            protocol.push_batch(conn, hub.club_id, fresh, [forged_admin(fresh)])
        assert refused.value.code == "staff_refused" and "\n" not in refused.value.message("ru")
        conn.rollback()
        with pytest.raises(psycopg.errors.InsufficientPrivilege):  # a bare INSERT too, not only the COPY
            conn.execute("INSERT INTO log_rows (club_id, desk_id, desk_seq, hlc, schema_version, entity, entity_id, "
                         "op, payload) VALUES (%s, %s, 1, 65536, 13, 'accounts', 'x', 'upsert', '{}')",
                         (hub.club_id, fresh))
    with hub.address.connect() as conn:
        assert conn.execute("SELECT count(*) FROM log_rows WHERE entity = 'accounts' AND desk_id = %s",
                            (fresh,)).fetchone()[0] == 0
    for desk in (front, hall):
        desk.sync()
        with pytest.raises(KnownError):
            AccountService(desk.store).login("mallory", "mallory-pw")


def test_the_front_desks_accounts_reach_the_hall_and_log_in_there(club):
    _front, hall = club
    assert AccountService(hall.store).login("admin", "secret-admin").has("admin")


def test_a_hall_desk_that_made_an_account_is_told_in_one_line_and_keeps_its_rows(hub, tmp_path):
    hall = make_desk(hub, tmp_path, "hall", staff=False)
    AccountService(hall.open()).create_first_admin("root", "secret-root")  # a first start before the accounts came
    with pytest.raises(SyncError) as refused:
        hall.sync()
    assert refused.value.code == "staff_refused" and "--staff" in refused.value.message("ru")
    assert hall.store.read("SELECT login FROM accounts") == [("root",)]
    # the administrator allows it: the same name again with --staff, a new password, and the rows go
    _, hall.password = add_desk(hub.address, hall.name, staff=True)
    hall.sync()
    with hub.address.connect() as conn:
        assert conn.execute("SELECT count(*) FROM log_rows WHERE entity = 'accounts'").fetchone()[0] == 1
    hall.close()


def test_a_desk_refuses_to_apply_an_account_from_a_desk_the_hub_says_may_not_manage_staff(hub, club):
    """The second line: a row the hub let through anyway (loaded by its administrator here, an older hub, a hub
    whose check was removed) is not applied: it is kept aside with its reason (sync/quarantine.py), the pull goes
    on, and the account cannot log in."""
    from clubdesk.sync import quarantine

    front, hall = club
    with hub.address.connect() as conn:  # the hub's administrator may load any rows (h002, h005)
        protocol.push_batch(conn, hub.club_id, hall.store.desk_id, [forged_admin(hall.store.desk_id, 1)])
        conn.commit()
    report = front.sync()
    assert report.quarantined == 1
    (row,) = quarantine.open_rows(front.store)
    assert row["row"]["entity"] == "accounts" and row["reason"] == quarantine.NOT_ALLOWED
    with pytest.raises(KnownError):
        AccountService(front.store).login("mallory", "mallory-pw")


def test_add_desk_again_ends_the_sessions_opened_with_the_old_password(hub, club):
    _front, hall = club
    with hall.address.connect(hall.password) as conn:
        conn.execute("SELECT 1").fetchone()
        conn.commit()
        add_desk(hub.address, hall.name)
        with pytest.raises(psycopg.OperationalError):
            conn.execute("SELECT 1").fetchone()
    with hub.address.connect() as conn:
        assert conn.execute("SELECT staff FROM desk_roles WHERE role_name = %s",
                            (role_name(hall.name),)).fetchone()[0] is False  # a re-key keeps what it had


def test_a_desk_that_made_accounts_before_h005_keeps_that_right_and_the_others_do_not(hub, club):
    from clubdesk.sync.hub import init_hub

    front, hall = club
    with hub.address.connect() as conn:  # as an h004 hub left it
        conn.execute("UPDATE clubdesk_hub_version SET version_num = 'h004'")
        conn.execute("DROP TRIGGER log_rows_allowed ON log_rows")
        conn.execute("ALTER TABLE desk_roles DROP COLUMN staff")
        conn.commit()
    init_hub(hub.address)
    with hub.address.connect() as conn:
        staff = dict(conn.execute("SELECT role_name, staff FROM desk_roles").fetchall())
    assert staff == {role_name(front.name): True, role_name(hall.name): False}
