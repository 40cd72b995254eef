"""`clubdesk accounts add|list|disable|enable|passwd`: staff accounts from the command line, as the administrator."""

from __future__ import annotations

import getpass
import sys
from pathlib import Path

from clubdesk.errors import KnownError
from clubdesk.roles import ROLES, SYSTEM
from clubdesk.store import db as storedb


def _password(from_stdin: bool, lang: str) -> str:
    """The new password: one line of stdin (for scripts), or typed twice without echo."""
    if from_stdin:
        return sys.stdin.readline().rstrip("\n")
    first = getpass.getpass("Пароль: " if lang == "ru" else "Password: ")
    if getpass.getpass("Ещё раз: " if lang == "ru" else "Again: ") != first:
        raise KnownError("Пароли не совпадают.", "The passwords differ.")
    return first


def _roles(text: str) -> tuple[str, ...]:
    roles = tuple(r for r in text.replace(",", " ").split() if r)
    unknown = [r for r in roles if r not in ROLES]
    if unknown or not roles:
        known = ", ".join(ROLES)
        raise KnownError(f"Роли: {known} (через запятую).", f"Roles: {known} (comma-separated).")
    return roles


def run(args, lang: str) -> int:
    """The file's owner acts as the administrator: whoever may open the store file may manage its staff."""
    from clubdesk.services.staff import StaffService

    path = Path(args.db) if args.db else storedb.default_db_path()
    try:
        if not path.exists():
            raise KnownError(f"Файла {path} нет.", f"There is no file {path}.")
        store = storedb.open_store(path)
        try:
            staff = StaffService(store)
            if args.action == "list":
                for row in staff.list(SYSTEM):
                    state = "" if row.active else (" (отключена)" if lang == "ru" else " (disabled)")
                    print(f"{row.login}\t{row.display_name}\t{row.role_words(lang)}{state}")
                return 0
            if not args.login:
                raise KnownError("Укажите имя для входа.", "Give the login name.")
            if args.action == "add":
                row = staff.create(SYSTEM, args.login, _password(args.password_stdin, lang), _roles(args.roles or ""),
                                   args.name or "")
                print(f"{row.login}: {row.role_words(lang)}")
            elif args.action == "passwd":
                row = staff.get(SYSTEM, args.login)
                staff.reset_password(SYSTEM, row.id, _password(args.password_stdin, lang))
                print(f"{row.login}: {'пароль изменён' if lang == 'ru' else 'password changed'}")
            else:
                row = staff.set_active(SYSTEM, staff.get(SYSTEM, args.login).id, args.action == "enable")
                done = ("включена" if row.active else "отключена") if lang == "ru" else \
                    ("enabled" if row.active else "disabled")
                print(f"{row.login}: {done}")
            return 0
        finally:
            store.close()
    except KnownError as exc:
        print(exc.message(lang), file=sys.stderr)
        return 2
