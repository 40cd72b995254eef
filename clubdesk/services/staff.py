"""Staff accounts as the administrator keeps them: list, create with roles, change roles, reset a password, disable,
enable.

A disabled account is never deleted: the events it recorded and the evenings it hosted keep its name.
Logging in and first-start live in accounts.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from clubdesk.errors import PermissionDenied, ValidationError
from clubdesk.roles import ROLE_NAMES, ROLES, Actor, require
from clubdesk.services.accounts import AccountService, _check_roles, _hasher, check_new_password
from clubdesk.store.db import Store
from clubdesk.store.models import Account
from clubdesk.store.uow import UnitOfWork


@dataclass(frozen=True)
class AccountRow:
    id: str
    login: str
    display_name: str
    roles: tuple[str, ...]  # in ROLES order
    active: bool

    def role_words(self, lang: str = "ru") -> str:
        """«судья, ведущий» — the roles as people say them."""
        return ", ".join(ROLE_NAMES[r][lang == "en"] for r in self.roles)


def _row(a: Account) -> AccountRow:
    return AccountRow(a.id, a.login, a.display_name or a.login, tuple(r for r in ROLES if r in a.role_set), a.active)


class StaffService:
    """The «Сотрудники» page and `clubdesk accounts`: only an administrator manages accounts."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.accounts = AccountService(store)

    def list(self, actor: Actor) -> list[AccountRow]:
        """Every account, active first, then by name."""
        require(actor, "admin")
        with self.store.session_factory() as s:
            rows = [_row(a) for a in s.scalars(select(Account))]
        return sorted(rows, key=lambda r: (not r.active, r.display_name.casefold(), r.login))

    def get(self, actor: Actor, login: str) -> AccountRow:
        require(actor, "admin")
        with self.store.session_factory() as s:
            acc = s.scalar(select(Account).where(Account.login == login))
            if acc is None:
                raise ValidationError("login", f"Учётной записи «{login}» нет.", f"There is no account '{login}'.")
            return _row(acc)

    def create(self, actor: Actor, login: str, password: str, roles: tuple[str, ...],
               display_name: str = "") -> AccountRow:
        require(actor, "admin")
        made = self.accounts.create_account(actor, login, password, roles, " ".join(display_name.split()))
        return self.get(actor, made.login)

    def reset_password(self, actor: Actor, account_id: str, password: str) -> AccountRow:
        require(actor, "admin")
        check_new_password(password)
        password_hash = _hasher.hash(password)  # ~0.2 s: outside the write lock
        with UnitOfWork(self.store, actor.account_id) as uow:
            acc = self._account(uow, account_id)
            acc.password_hash = password_hash
            uow.session.flush()
            return _row(acc)

    def set_active(self, actor: Actor, account_id: str, active: bool) -> AccountRow:
        """Disable (or enable again) an account: a disabled one cannot log in and hosts no new evening."""
        require(actor, "admin")
        with UnitOfWork(self.store, actor.account_id) as uow:
            acc = self._account(uow, account_id)
            if not active and acc.id == actor.account_id:
                raise PermissionDenied("Свою учётную запись отключить нельзя: войдите под другим администратором.",
                                       "You cannot disable your own account: log in as another administrator.")
            if not active and "admin" in acc.role_set:
                admins = [a for a in uow.session.scalars(select(Account).where(Account.active.is_(True)))
                          if "admin" in a.role_set and a.id != acc.id]
                if not admins:
                    raise PermissionDenied("Это последний администратор: его нельзя отключить.",
                                           "This is the last administrator: it cannot be disabled.")
            acc.active = active
            uow.session.flush()
            return _row(acc)

    def set_roles(self, actor: Actor, account_id: str, roles: tuple[str, ...]) -> AccountRow:
        """The account's roles from now on (a written row change, so it syncs); its phones' sessions take them at
        their next request (web/gate.py). An administrator keeps his own admin role, and the last active
        administrator keeps it: without one nobody could manage the accounts."""
        require(actor, "admin")
        _check_roles(roles)
        with UnitOfWork(self.store, actor.account_id) as uow:
            acc = self._account(uow, account_id)
            if "admin" in acc.role_set and "admin" not in roles:
                if acc.id == actor.account_id:
                    raise PermissionDenied("Свою роль администратора снять нельзя: войдите под другим "
                                           "администратором.",
                                           "You cannot take the administrator role from yourself: log in as another "
                                           "administrator.")
                admins = [a for a in uow.session.scalars(select(Account).where(Account.active.is_(True)))
                          if "admin" in a.role_set and a.id != acc.id]
                if not admins:
                    raise PermissionDenied("Это последний администратор: роль администратора у него не снять.",
                                           "This is the last administrator: the administrator role stays.")
            acc.roles = " ".join(sorted(set(roles)))
            uow.session.flush()
            return _row(acc)

    @staticmethod
    def _account(uow: UnitOfWork, account_id: str) -> Account:
        acc = uow.session.get(Account, account_id)
        if acc is None:
            raise ValidationError("login", "Учётная запись не найдена.", "Account not found.")
        return acc
