"""Staff accounts kept by the administrator: create with roles, reset a password, disable (the name stays in
history), and only an administrator may do any of it."""

from __future__ import annotations

import datetime as dt

import pytest

from clubdesk.errors import PermissionDenied, ValidationError
from clubdesk.services.accounts import AccountService, LoginFailed
from clubdesk.services.evenings import EveningService
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerService
from clubdesk.services.staff import StaffService


@pytest.fixture
def staff(store):
    return StaffService(store)


def test_an_account_made_with_roles_logs_in_with_them_and_is_listed(staff, store, admin):
    row = staff.create(admin, "vera", "host-pass", ("host", "referee"), "  Вера   Ким ")
    assert (row.login, row.display_name, row.roles, row.active) == ("vera", "Вера Ким", ("referee", "host"), True)
    assert row.role_words() == "судья, ведущий" and row.role_words("en") == "referee, host"
    assert AccountService(store).login("vera", "host-pass").roles == frozenset({"host", "referee"})
    assert [r.login for r in staff.list(admin)] == ["admin", "vera"]


class Clock:
    """Wall time that has moved on past any wait a wrong password imposes (accounts.login_wait)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        self.now += 3600
        return self.now


def test_a_reset_password_replaces_the_old_one(staff, store, admin):
    row = staff.create(admin, "orlov", "first-pass", ("referee",))
    staff.reset_password(admin, row.id, "second-pass")
    accounts = AccountService(store, Clock())
    with pytest.raises(LoginFailed):
        accounts.login("orlov", "first-pass")
    assert accounts.login("orlov", "second-pass").login == "orlov"
    with pytest.raises(ValidationError):
        staff.reset_password(admin, row.id, "123")


def test_a_disabled_account_cannot_log_in_nor_host_but_its_evening_keeps_its_name(staff, store, admin):
    row = staff.create(admin, "maestro", "host-pass", ("host",), "Антон Маестров")
    evenings = EveningService(store, GameService(store), PlayerService(store))
    assert (row.id, "Антон Маестров") in evenings.hosts()
    evening = evenings.create(admin, dt.date(2026, 12, 2), row.id)
    staff.set_active(admin, row.id, False)
    with pytest.raises(LoginFailed):
        AccountService(store).login("maestro", "host-pass")
    assert row.id not in dict(evenings.hosts())
    assert evenings.get(evening.id).host_name == "Антон Маестров"
    assert [r.active for r in staff.list(admin)] == [True, False]  # still listed, after the active ones
    staff.set_active(admin, row.id, True)
    assert AccountService(store, Clock()).login("maestro", "host-pass").login == "maestro"


def test_the_administrator_cannot_disable_himself_nor_the_last_administrator(staff, admin):
    with pytest.raises(PermissionDenied):
        staff.set_active(admin, admin.account_id, False)
    other = staff.create(admin, "boss", "boss-pass", ("admin",))
    staff.set_active(admin, other.id, False)  # another admin remains: allowed
    staff.set_active(admin, other.id, True)


def test_only_an_administrator_manages_accounts(staff, store, admin):
    row = staff.create(admin, "irina", "desk-pass", ("desk",))
    desk = AccountService(store).login("irina", "desk-pass")
    for act in (lambda: staff.list(desk), lambda: staff.create(desk, "x1", "pass-word", ("referee",)),
                lambda: staff.reset_password(desk, row.id, "new-pass"), lambda: staff.set_active(desk, row.id, False)):
        with pytest.raises(PermissionDenied):
            act()


# --- roles changed after an account is made (issue 38 item 12) -------------------------------------------------

def test_an_accounts_roles_change_and_it_logs_in_with_the_new_ones(staff, store, admin):
    row = staff.create(admin, "orlov", "ref-pass-1", ("referee",), "Орлов Глеб")
    changed = staff.set_roles(admin, row.id, ("host", "referee"))
    assert changed.roles == ("referee", "host") and staff.get(admin, "orlov").roles == ("referee", "host")
    assert AccountService(store).login("orlov", "ref-pass-1").roles == frozenset({"host", "referee"})
    staff.set_roles(admin, row.id, ("host",))
    assert AccountService(store, Clock()).login("orlov", "ref-pass-1").roles == frozenset({"host"})


def test_a_role_change_is_a_logged_row_change_so_it_syncs(staff, store, admin):
    row = staff.create(admin, "orlov", "ref-pass-1", ("referee",))
    before = store.read("SELECT count(*) FROM change_log WHERE entity = 'accounts' AND entity_id = ?", (row.id,))[0][0]
    staff.set_roles(admin, row.id, ("referee", "desk"))
    payloads = store.read("SELECT payload FROM change_log WHERE entity = 'accounts' AND entity_id = ? ORDER BY id",
                          (row.id,))
    assert len(payloads) == before + 1 and "desk referee" in payloads[-1][0]


def test_no_role_at_all_is_refused_in_one_line(staff, admin):
    row = staff.create(admin, "orlov", "ref-pass-1", ("referee",))
    with pytest.raises(ValidationError) as exc:
        staff.set_roles(admin, row.id, ())
    assert exc.value.message() == "Отметьте хотя бы одну роль."
    assert staff.get(admin, "orlov").roles == ("referee",)


def test_the_last_administrator_and_the_administrator_himself_keep_the_admin_role(staff, store, admin):
    from clubdesk.roles import SYSTEM

    with pytest.raises(PermissionDenied):
        staff.set_roles(admin, admin.account_id, ("desk",))          # himself
    with pytest.raises(PermissionDenied):
        staff.set_roles(SYSTEM, admin.account_id, ("desk",))         # the machine's operator: the last one
    assert staff.get(admin, "admin").roles == ("admin",)
    other = staff.create(admin, "boss", "boss-pass", ("admin",))
    staff.set_roles(admin, other.id, ("desk",))                      # another administrator remains: allowed
    assert staff.get(admin, "boss").roles == ("desk",)
    staff.set_roles(SYSTEM, admin.account_id, ("admin", "host"))      # adding a role to the last one is fine
    assert staff.get(admin, "admin").roles == ("admin", "host")


def test_only_an_administrator_changes_roles(staff, store, admin):
    row = staff.create(admin, "irina", "desk-pass", ("desk",))
    desk = AccountService(store).login("irina", "desk-pass")
    with pytest.raises(PermissionDenied):
        staff.set_roles(desk, row.id, ("desk", "admin"))
    assert staff.get(admin, "irina").roles == ("desk",)
