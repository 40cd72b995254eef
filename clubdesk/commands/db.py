"""`clubdesk db upgrade|check|backup|rebuild` and `clubdesk demo`."""

from __future__ import annotations

import sys
from pathlib import Path

from clubdesk.errors import KnownError, StoreError, WriteFailed
from clubdesk.store import db as storedb
from clubdesk.store import health, migrate


def run(action: str, db: str | None, lang: str) -> int:
    path = Path(db) if db else storedb.default_db_path()
    try:
        if action == "check":
            rev = _ours(path)
            head = migrate.head_revision()
            state = ("актуальна" if lang == "ru" else "current") if rev == head else \
                (f"нужно обновление до {head}" if lang == "ru" else f"needs upgrade to {head}")
            health.check_records(path)  # every event and every text as rebuild, print and the desk will read it
            print(f"{path}: ok, {'схема' if lang == 'ru' else 'schema'} {rev} ({state})")
        elif action == "upgrade":
            storedb.open_store(path).close()
            print(f"{path}: {'схема' if lang == 'ru' else 'schema'} {migrate.head_revision()}")
        elif action == "backup":
            _ours(path)  # a backup is of a ClubDesk store this ClubDesk can restore: not of any SQLite file
            print(storedb.backup(path))
        elif action == "rebuild":
            from clubdesk.services.games import GameService
            store = storedb.open_store(path)
            try:
                health.check_records(path)  # a broken event or text is refused by where it is, not a traceback
                n = GameService(store).rebuild_projections()
            finally:
                store.close()
            print(f"{'пересчитано игр' if lang == 'ru' else 'games rebuilt'}: {n}")
        return 0
    except KnownError as exc:
        print(exc.message(lang), file=sys.stderr)
        return 2


def _ours(path: Path) -> str:
    """The revision of the ClubDesk store at `path`, read without writing; refuses (KnownError) a missing, damaged
    or foreign file and one a newer ClubDesk wrote."""
    if not path.exists():
        raise KnownError(f"Файла {path} нет.", f"There is no file {path}.")
    storedb.check_file(path, writable=False)
    rev = storedb.file_revision(path)
    if rev is None:  # an empty SQLite file would become a store; anything else is not ours
        raise KnownError(f"{path}: это база SQLite другой программы, а не ClubDesk.",
                         f"{path}: this is another program's SQLite database, not ClubDesk's.")
    if rev not in migrate.known_revisions():
        raise KnownError(f"{path}: схема {rev} новее программы.", f"{path}: schema {rev} is newer than ClubDesk.")
    return rev


def demo(db: str | None, lang: str) -> int:
    from clubdesk.services.demo import DEMO_ADMIN, create_demo_club

    path = Path(db) if db else storedb.default_db_path()
    new = not path.exists()
    try:
        if not new:  # refused before anything is written: not even the desk's identity or an upgrade
            storedb.check_file(path)
            if storedb.has_players(path):
                raise KnownError("В этой базе уже есть игроки: демо-клуб создаётся только в пустой базе.",
                                 "This database already has players: the demo club goes into an empty one only.")
        store = storedb.open_store(path)
        try:
            create_demo_club(store, staff=True, history=True)
        finally:
            store.close()
    except (WriteFailed, StoreError) as exc:
        if new and exc.code in _MACHINE:
            storedb.remove_new_file(path)  # a file this command made and could not fill: none is left
        print(_not_written(path, exc, new and not path.exists()).message(lang), file=sys.stderr)
        return 2
    except KnownError as exc:
        print(exc.message(lang), file=sys.stderr)
        return 2
    login, password = DEMO_ADMIN
    print(f"{path}: демо-клуб создан, вход {login} / {password}" if lang == "ru"
          else f"{path}: demo club created, login {login} / {password}")
    return 0


# The machine's refusals (clubdesk.store.write_errors, health.no_space): the demo was not made, nothing is damaged.
_MACHINE = {"disk_full": ("на диске нет места", "the disk is full", "освободите место", "free some space"),
            "read_only": ("файл только для чтения", "the file is read-only", "разрешите запись", "allow writing"),
            "locked": ("базу держит другая программа", "another program holds the database", "закройте её",
                       "close it"),
            "disk_error": ("диск не дал записать", "the disk refused the write", "проверьте диск", "check the disk")}


def _not_written(path: Path, exc: KnownError, removed: bool) -> KnownError:
    """The demo's one line for a write the machine refused (the services' lines speak of a form on screen)."""
    if exc.code not in _MACHINE:
        return exc
    why_ru, why_en, do_ru, do_en = _MACHINE[exc.code]
    left_ru = "файл не оставлен" if removed else "в базе может остаться его часть: возьмите новый файл"
    left_en = "no file was left" if removed else "part of it may be in the database: use a new file"
    return KnownError(f"Демо-клуб в {path} не создан: {why_ru}; {left_ru}. {do_ru.capitalize()} и повторите.",
                      f"The demo club in {path} was not created: {why_en}; {left_en}. {do_en.capitalize()} and "
                      "try again.")
