"""Accounts, login and who may do what."""

from __future__ import annotations

import json
import math
import threading
import time
import zlib
from collections.abc import Callable

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import func, insert, select

from clubdesk.errors import KnownError, PermissionDenied, ValidationError
from clubdesk.roles import ROLE_NAMES, ROLES, SYSTEM, Actor, require  # noqa: F401 - re-exported
from clubdesk.store.db import Store
from clubdesk.store.models import Account, ChangeLog, Setting
from clubdesk.store.uow import UnitOfWork

_hasher = PasswordHasher()

# Who may grant which roles: nobody but an admin makes an admin or a desk account.
GRANTABLE = {"admin": frozenset(ROLES), "desk": frozenset({"referee", "host", "display"})}

MIN_PASSWORD = 6

# Wrong passwords per login (known or not, so the answer tells nothing): after each one the next try must wait
# FIRST_WAIT × 2^(n-1) seconds (at most MAX_WAIT); LOCK_AFTER of them within WINDOW close the login until the
# window has passed since the last one. 30 guesses then take hours instead of the 7 s they took.
FIRST_WAIT, MAX_WAIT = 1.0, 60.0
LOCK_AFTER, WINDOW = 10, 15 * 60.0
_FAILURES = "login_failures"  # settings row: {login: [wall-clock times of recent failures]}
_TRACKED = 500  # logins remembered at most, so guessing names cannot grow the row without end
# Written in the transaction that makes the first admin and never removed: emptying `accounts` later does not
# make the store «fresh» again (create_first_admin needs no admin to act).
ACCOUNTS_MARKER = "accounts_created"


# One login's tries are checked one at a time: a burst of parallel guesses (the table page answers each in a thread)
# would otherwise all read "no failure yet" and all be checked, and their failures overwrite each other. Striped, so
# the memory is fixed however many names are guessed; two logins rarely share a lock, and then only wait 0.2 s.
_LOGIN_LOCKS = tuple(threading.Lock() for _ in range(64))


# Every login's failures share one settings row: its read-modify-write is one at a time, or a wrong guess at another
# name written at the same moment erased this one's failures (and with them the wait and the lock).
_NOTE_LOCK = threading.Lock()


def _login_lock(login: str) -> threading.Lock:
    return _LOGIN_LOCKS[zlib.crc32(login.encode("utf-8", "surrogatepass")) % len(_LOGIN_LOCKS)]


class LoginFailed(KnownError):
    code = "login_failed"


def _check_roles(roles: tuple[str, ...]) -> None:
    if not roles or any(r not in ROLES for r in roles):
        raise ValidationError("roles", "Отметьте хотя бы одну роль.", "Tick at least one role.")


def check_new_login(login: str) -> None:
    """A login is matched exactly at every login, so one with spaces at the ends or inside is refused here."""
    if not login:
        raise ValidationError("login", "Введите имя для входа.", "Enter a login name.")
    if login != login.strip() or any(c.isspace() or not c.isprintable() for c in login):
        raise ValidationError("login", "Имя для входа — без пробелов и невидимых символов.",
                              "A login has no spaces or invisible characters.")


def check_new_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise ValidationError("password", f"Пароль короче {MIN_PASSWORD} символов.",
                              f"The password is shorter than {MIN_PASSWORD} characters.")
    if not password.strip():
        raise ValidationError("password", "Пароль не может состоять из одних пробелов.",
                              "A password cannot be spaces only.")


_dummy_hash: str | None = None


def _dummy() -> str:
    """A hash to verify against when the login is unknown: the answer then takes as long as for a known one."""
    global _dummy_hash
    if _dummy_hash is None:
        _dummy_hash = _hasher.hash("clubdesk: no such login")
    return _dummy_hash


def login_wait(failures: list[float], now: float) -> float:
    """Seconds until the next try is allowed after these failure times (0: try now)."""
    recent = [t for t in failures if now - t < WINDOW]
    if not recent:
        return 0.0
    last = max(recent)
    if len(recent) >= LOCK_AFTER:
        return last + WINDOW - now
    return max(0.0, last + min(MAX_WAIT, FIRST_WAIT * 2 ** (len(recent) - 1)) - now)


class AccountService:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock  # wall clock: the failures are stored and outlive a restart

    def has_accounts(self) -> bool:
        with self.store.session_factory() as s:
            return bool(s.scalar(select(func.count()).select_from(Account)))

    def create_first_admin(self, login: str, password: str, display_name: str = "") -> Actor:
        """The first start of a store that never had an account: the only moment an admin is made without an
        admin. One transaction whose first statement inserts the marker, so of several processes starting on a
        fresh store at once exactly one gets past it; the others wait for its lock and then find the marker."""
        check_new_login(login)
        check_new_password(password)
        password_hash = _hasher.hash(password)  # ~0.2 s: outside the write lock
        refused = PermissionDenied("Администратор уже создан.", "The administrator already exists.")
        with UnitOfWork(self.store) as uow:
            s = uow.session
            took = s.execute(insert(Setting).prefix_with("OR IGNORE").values(key=ACCOUNTS_MARKER, value="1"))
            if took.rowcount != 1:
                raise refused
            # a store from before the marker: any account row, or the change log of one, means it had accounts
            if s.scalar(select(Account.id).limit(1)) or \
                    s.scalar(select(ChangeLog.id).where(ChangeLog.entity == Account.__tablename__).limit(1)):
                raise refused
            return self._add(uow, login, password_hash, ("admin",), display_name)

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
        check_new_login(login)
        check_new_password(password)
        password_hash = _hasher.hash(password)
        with UnitOfWork(self.store) as uow:
            return self._add(uow, login, password_hash, roles, display_name)

    def _add(self, uow: UnitOfWork, login: str, password_hash: str, roles: tuple[str, ...],
             display_name: str) -> Actor:
        _check_roles(roles)
        if uow.session.scalar(select(Account).where(Account.login == login)):
            raise ValidationError("login", f"Имя «{login}» уже занято.", f"The login '{login}' is taken.")
        acc = Account(login=login, display_name=display_name or login, password_hash=password_hash,
                      roles=" ".join(sorted(set(roles))))
        uow.session.add(acc)
        uow.session.flush()
        return Actor(acc.id, acc.login, acc.role_set)

    def login(self, login: str, password: str, channel: str = "") -> Actor:
        """The login exactly as typed (`" admin "` is not `admin`); wrong tries slow down and then lock it.

        `channel` keeps another door's failures apart (the table page: "web" and the phone, web/server.py): a player
        on the club's Wi-Fi who types wrong passwords for «admin» on a phone locks that login on his phone, never
        the desk's own login nor another phone's."""
        with _login_lock(login):
            return self._login(login, password, f"{login}\n{channel}" if channel else login)

    def _login(self, login: str, password: str, key: str) -> Actor:
        now = self.clock()
        wait = login_wait(self._failures().get(key, []), now)
        if wait > 0:
            minutes = math.ceil(wait / 60)
            if wait > MAX_WAIT:
                raise LoginFailed(f"Слишком много неверных паролей: вход под этим именем закрыт на {minutes} мин.",
                                  f"Too many wrong passwords: this login is closed for {minutes} min.")
            secs = math.ceil(wait)
            raise LoginFailed(f"После неверного имени или пароля подождите {secs} с.",
                              f"After a wrong login or password wait {secs} s.")
        with self.store.session_factory() as s:
            acc = s.scalar(select(Account).where(Account.login == login, Account.active.is_(True)))
        try:
            _hasher.verify(acc.password_hash if acc is not None else _dummy(), password)
            if acc is None:
                raise VerificationError
        except (VerificationError, InvalidHashError):
            self._note_failure(key, now)  # a login has no whitespace (check_new_login): no key is another's
            raise LoginFailed("Неверное имя или пароль.", "Wrong login or password.") from None
        self._note_failure(key, None)
        return Actor(acc.id, acc.login, acc.role_set)

    def _failures(self) -> dict[str, list[float]]:
        with self.store.session_factory() as s:
            row = s.get(Setting, _FAILURES)
        try:
            data = json.loads(row.value) if row is not None else {}
        except ValueError:
            data = {}
        return data if isinstance(data, dict) else {}

    def _note_failure(self, login: str, when: float | None) -> None:
        """Add a failure (`when`), or forget the login's failures after a right password (None)."""
        with _NOTE_LOCK:
            self._note(login, when)

    def _note(self, login: str, when: float | None) -> None:
        data = self._failures()
        if when is None and login not in data:
            return
        now = self.clock()
        data = {k: [t for t in v if now - t < WINDOW] for k, v in data.items() if isinstance(v, list)}
        if when is None:
            data.pop(login, None)
        else:
            data[login] = [*data.get(login, []), when][-LOCK_AFTER:]
        data = {k: v for k, v in data.items() if v}
        if len(data) > _TRACKED:
            data = dict(sorted(data.items(), key=lambda kv: max(kv[1]))[-_TRACKED:])
        with UnitOfWork(self.store) as uow:
            row = uow.session.get(Setting, _FAILURES) or Setting(key=_FAILURES)
            row.value = json.dumps(data, ensure_ascii=False)
            uow.session.add(row)
