"""Accounts, login and who may do what."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import func, select

from clubdesk.errors import KnownError, PermissionDenied, ValidationError
from clubdesk.roles import ROLE_NAMES, ROLES, SYSTEM, Actor, require  # noqa: F401 - re-exported
from clubdesk.store.db import Store
from clubdesk.store.models import Account
from clubdesk.store.uow import UnitOfWork

_hasher = PasswordHasher()

# Who may grant which roles: nobody but an admin makes an admin or a desk account.
GRANTABLE = {"admin": frozenset(ROLES), "desk": frozenset({"referee", "host", "display"})}

MIN_PASSWORD = 6


class LoginFailed(KnownError):
    code = "login_failed"


def _check_roles(roles: tuple[str, ...]) -> None:
    if not roles or any(r not in ROLES for r in roles):
        raise ValidationError("roles", "Выберите хотя бы одну известную роль.", "Choose at least one known role.")


class AccountService:
    def __init__(self, store: Store) -> None:
        self.store = store

    def has_accounts(self) -> bool:
        with self.store.session_factory() as s:
            return bool(s.scalar(select(func.count()).select_from(Account)))

    def create_first_admin(self, login: str, password: str, display_name: str = "") -> Actor:
        """The first start of a fresh database: the only moment an admin is made without an admin."""
        if self.has_accounts():
            raise PermissionDenied("Администратор уже создан.", "The administrator already exists.")
        return self._create(login, password, ("admin",), display_name)

    def create_account(self, actor: Actor, login: str, password: str, roles: tuple[str, ...],
                       display_name: str = "") -> Actor:
        _check_roles(roles)
        allowed = frozenset().union(*(GRANTABLE.get(r, frozenset()) for r in actor.roles))
        refused = [r for r in roles if r not in allowed]
        if refused:
            names = ", ".join(ROLE_NAMES[r][0] for r in refused if r in ROLE_NAMES) or ", ".join(refused)
            names_en = ", ".join(ROLE_NAMES[r][1] for r in refused if r in ROLE_NAMES) or ", ".join(refused)
            raise PermissionDenied(f"Учётная запись {actor.login} не может выдавать роли: {names}.",
                                   f"Account {actor.login} cannot grant the roles: {names_en}.")
        return self._create(login, password, roles, display_name)

    def _create(self, login: str, password: str, roles: tuple[str, ...], display_name: str) -> Actor:
        login = login.strip()
        if not login:
            raise ValidationError("login", "Введите имя для входа.", "Enter a login name.")
        if len(password) < MIN_PASSWORD:
            raise ValidationError("password", f"Пароль короче {MIN_PASSWORD} символов.",
                                  f"The password is shorter than {MIN_PASSWORD} characters.")
        _check_roles(roles)
        with UnitOfWork(self.store) as uow:
            if uow.session.scalar(select(Account).where(Account.login == login)):
                raise ValidationError("login", f"Имя «{login}» уже занято.", f"The login '{login}' is taken.")
            acc = Account(login=login, display_name=display_name or login, password_hash=_hasher.hash(password),
                          roles=" ".join(sorted(set(roles))))
            uow.session.add(acc)
            uow.session.flush()
            return Actor(acc.id, acc.login, acc.role_set)

    def login(self, login: str, password: str) -> Actor:
        with self.store.session_factory() as s:
            acc = s.scalar(select(Account).where(Account.login == login.strip(), Account.active.is_(True)))
        try:
            if acc is None:
                raise VerificationError
            _hasher.verify(acc.password_hash, password)
        except (VerificationError, InvalidHashError):
            raise LoginFailed("Неверное имя или пароль.", "Wrong login or password.") from None
        return Actor(acc.id, acc.login, acc.role_set)
