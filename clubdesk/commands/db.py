"""`clubdesk db upgrade|check|backup|rebuild` and `clubdesk demo`."""

from __future__ import annotations

import sys
from pathlib import Path

from clubdesk.errors import KnownError
from clubdesk.store import db as storedb
from clubdesk.store import health, migrate


def run(action: str, db: str | None, lang: str) -> int:
    path = Path(db) if db else storedb.default_db_path()
    try:
        if action == "check":
            if not path.exists():
                raise KnownError(f"Файла {path} нет.", f"There is no file {path}.")
            storedb.check_file(path, writable=False)
            rev = storedb.file_revision(path)
            head = migrate.head_revision()
            if rev is None:  # an empty SQLite file would become a store; anything else is not ours
                raise KnownError(f"{path}: это база SQLite другой программы, а не ClubDesk.",
                                 f"{path}: this is another program's SQLite database, not ClubDesk's.")
            if rev is not None and rev not in migrate.known_revisions():
                raise KnownError(f"{path}: схема {rev} новее программы.", f"{path}: schema {rev} is newer than ClubDesk.")
            state = ("актуальна" if lang == "ru" else "current") if rev == head else \
                (f"нужно обновление до {head}" if lang == "ru" else f"needs upgrade to {head}")
            health.check_payloads(path)  # every event as rebuild and print will read it
            print(f"{path}: ok, {'схема' if lang == 'ru' else 'schema'} {rev} ({state})")
        elif action == "upgrade":
            storedb.open_store(path).close()
            print(f"{path}: {'схема' if lang == 'ru' else 'schema'} {migrate.head_revision()}")
        elif action == "backup":
            if not path.exists():
                raise KnownError(f"Файла {path} нет.", f"There is no file {path}.")
            storedb.check_file(path, writable=False)
            print(storedb.backup(path))
        elif action == "rebuild":
            from clubdesk.services.games import GameService
            store = storedb.open_store(path)
            try:
                health.check_payloads(path)  # a broken event is refused by game and seq, not a traceback
                n = GameService(store).rebuild_projections()
            finally:
                store.close()
            print(f"{'пересчитано игр' if lang == 'ru' else 'games rebuilt'}: {n}")
        return 0
    except KnownError as exc:
        print(exc.message(lang), file=sys.stderr)
        return 2


def demo(db: str | None, lang: str) -> int:
    from clubdesk.services.demo import DEMO_ADMIN, create_demo_club

    path = Path(db) if db else storedb.default_db_path()
    try:
        store = storedb.open_store(path)
        try:
            create_demo_club(store, staff=True, history=True)
        finally:
            store.close()
    except KnownError as exc:
        print(exc.message(lang), file=sys.stderr)
        return 2
    login, password = DEMO_ADMIN
    print(f"{path}: демо-клуб создан, вход {login} / {password}" if lang == "ru"
          else f"{path}: demo club created, login {login} / {password}")
    return 0
