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
