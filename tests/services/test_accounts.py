"""Accounts: first admin, login, and who may grant which roles (checked in the service layer)."""

import pytest

from clubdesk.errors import PermissionDenied, ValidationError
from clubdesk.services.accounts import AccountService, LoginFailed


def test_first_start_creates_the_admin_and_only_once(store):
    svc = AccountService(store)
    assert not svc.has_accounts()
    admin = svc.create_first_admin("admin", "secret-admin")
    assert admin.roles == {"admin"}
    with pytest.raises(PermissionDenied):
        svc.create_first_admin("admin2", "secret-admin")


def test_login_with_right_password_returns_actor_with_roles(store, admin):
    svc = AccountService(store)
    svc.create_account(admin, "marker", "cue-stick", ("referee",))
    actor = svc.login("marker", "cue-stick")
    assert actor.login == "marker" and actor.roles == {"referee"}


def test_wrong_password_and_unknown_login_fail_the_same_way(store, admin):
    svc = AccountService(store)
    with pytest.raises(LoginFailed) as a:
        svc.login("admin", "wrong-pass")
    with pytest.raises(LoginFailed) as b:
        svc.login("nobody", "secret-admin")
    assert a.value.ru == b.value.ru == "Неверное имя или пароль."


def test_password_is_stored_as_argon2_hash(store, admin):
    from sqlalchemy import select

    from clubdesk.store.models import Account
    with store.session_factory() as s:
        h = s.scalar(select(Account.password_hash).where(Account.login == "admin"))
    assert h.startswith("$argon2") and "secret-admin" not in h


def test_desk_account_cannot_create_an_admin(store, admin):
    svc = AccountService(store)
    desk = svc.create_account(admin, "desk1", "desk-pass", ("desk",))
    with pytest.raises(PermissionDenied) as err:
        svc.create_account(desk, "evil", "evil-pass", ("admin",))
    assert "администратор" in err.value.ru
    assert not any(a == "evil" for a in _logins(store))


def test_desk_account_may_create_a_referee_but_not_a_desk(store, admin):
    svc = AccountService(store)
    desk = svc.create_account(admin, "desk1", "desk-pass", ("desk",))
    svc.create_account(desk, "ref", "ref-pass", ("referee",))
    with pytest.raises(PermissionDenied):
        svc.create_account(desk, "desk2", "desk-pass", ("desk",))


def test_referee_cannot_create_any_account(store, admin):
    svc = AccountService(store)
    ref = svc.create_account(admin, "ref", "ref-pass", ("referee",))
    with pytest.raises(PermissionDenied):
        svc.create_account(ref, "display", "display-pass", ("display",))


@pytest.mark.parametrize(("login", "password", "roles", "field"), [
    ("", "long-enough", ("desk",), "login"),
    ("x", "short", ("desk",), "password"),
    ("x", "long-enough", (), "roles"),
    ("x", "long-enough", ("king",), "roles"),
    ("admin", "long-enough", ("desk",), "login"),
])
def test_bad_account_input_names_the_field(store, admin, login, password, roles, field):
    with pytest.raises(ValidationError) as err:
        AccountService(store).create_account(admin, login, password, roles)
    assert err.value.field == field


def _logins(store):
    from sqlalchemy import select

    from clubdesk.store.models import Account
    with store.session_factory() as s:
        return list(s.scalars(select(Account.login)))
