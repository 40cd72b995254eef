"""Opening the store: locate the file, refuse a broken or newer one untouched, back up, migrate.

The open store itself (Store) and the file check live in handle.py, below the unit of work and the migrations;
`db.Store` and `db.check_file` stay the store's API.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from clubdesk.errors import StoreError
from clubdesk.store import health, identity
from clubdesk.store.backups import (  # noqa: F401 - the store's API: db.backup(path), db.list_backups(path), …
    BACKUPS_KEPT,
    BEFORE_MIGRATION,
    SQLITE_MAGIC,
    backup,
    backup_dir,
    list_backups,
    newest_good_backup,
    restore_newest_backup,
)
from clubdesk.store.handle import Store, check_file, desk_clock, make_engine, reader
from clubdesk.store.schema import HEAD


def default_db_path() -> Path:
    env = os.environ.get("CLUBDESK_DB")
    if env:
        return Path(env)
    import platformdirs  # imported where needed: a desk's start waits for every import

    return Path(platformdirs.user_data_dir("ClubDesk", appauthor=False)) / "clubdesk.sqlite"


def _has_tables(path: Path) -> bool:
    """Whether the file holds any table: an empty SQLite file may become a store, a used one may not."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' LIMIT 1").fetchone() is not None
    finally:
        conn.close()


def has_players(path: Path) -> bool:
    """Whether the store at `path` registers anyone, read without writing to it (an older schema too)."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        if not conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'players'").fetchone():
            return False
        return conn.execute("SELECT 1 FROM players LIMIT 1").fetchone() is not None
    finally:
        conn.close()


def remove_new_file(path: Path) -> None:
    """Remove a store file made just now that could not be filled, with its companions and identity note."""
    _put_back(path, None)
    identity.copy_path(path).unlink(missing_ok=True)


def file_revision(path: Path) -> str | None:
    """The Alembic revision recorded in the file, read without writing to it."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        has = conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='alembic_version'").fetchone()
        if not has:
            return None
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        return row[0] if row else None
    finally:
        conn.close()


def prepare_file(path: Path) -> str | None:
    """Check an existing file and bring it to the code's schema; returns the backup made, if any."""
    if not path.exists():
        return None
    check_file(path)  # integrity_check: quick_check passes a file whose indexes no longer match their tables
    rev = file_revision(path)
    if rev == HEAD:
        return None
    from clubdesk.store import migrate  # here: the fast open of a file at head does not load it

    if rev is None and _has_tables(path):
        raise StoreError(
            f"Файл {path} — база SQLite другой программы, а не ClubDesk. Файл не изменён; выберите другой файл.",
            f"The file {path} is another program's SQLite database, not ClubDesk's. The file was left untouched; "
            "choose another file.", code="not_clubdesk")
    if rev is not None and rev not in migrate.known_revisions():
        raise StoreError(
            f"База {path} создана более новой версией ClubDesk (схема {rev}). Обновите программу; файл не изменён.",
            f"The database {path} was written by a newer ClubDesk (schema {rev}). Update the program; "
            "the file was left untouched.", code="newer_schema")
    # Every existing file is copied before a migration touches it: a failed one is put back from this copy.
    return str(backup(path, label=f"{BEFORE_MIGRATION}{migrate.head_revision()}"))


def upgrade_file(path: Path, made: Path | None) -> None:
    """Migrate `path` to head in one transaction (migrate.upgrade_file; a new file: migrate.create_file); if that
    fails, put the file back as it was — from `made`, the copy taken just before — and refuse it with the reason.
    A new file is removed."""
    from clubdesk.store import migrate

    existed = path.exists()
    old = file_revision(path) if existed else None
    try:
        if existed:
            migrate.upgrade_file(path)
        else:  # a new file is made at head as the migrations would make it, without importing Alembic
            migrate.create_file(path)
    except Exception as exc:  # a migration's bug, a full disk: whatever it is, the old file comes back
        reason = _short(f"{type(exc).__name__}: {exc}")
        head = migrate.head_revision()
        try:
            _put_back(path, made if existed else None)
        except (OSError, sqlite3.Error) as put_back_failed:
            raise StoreError(
                f"Не удалось обновить базу {path} до схемы {head} ({reason}), и файл не удалось вернуть к прежнему "
                f"виду ({put_back_failed}); его копия до обновления — {made}.",
                f"Upgrading the database {path} to schema {head} failed ({reason}), and the file could not be put "
                f"back ({put_back_failed}); its copy from before the upgrade is {made}.",
                code="migration_failed") from exc
        no_space = health.no_space(path, exc)
        if no_space is not None:  # the machine's, not a migration's bug: nothing to report
            raise no_space from exc
        raise StoreError(
            f"Не удалось обновить базу {path} до схемы {head} ({reason}). Файл оставлен как был (схема {old}); "
            "сообщите об ошибке разработчикам.",
            f"Upgrading the database {path} to schema {head} failed ({reason}). The file was left as it was "
            f"(schema {old}); please report the error.", code="migration_failed") from exc


def _short(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _put_back(path: Path, made: Path | None) -> None:
    """Make `path` equal in content to the copy `made` (SQLite's backup API, under SQLite's own locks); with
    no copy the file was new, and is removed. The failed run was rolled back already: this also covers a
    migration that committed on its own or a rollback that could not finish."""
    if made is None:
        for name in (path.name, path.name + "-wal", path.name + "-shm", path.name + "-journal"):
            (path.parent / name).unlink(missing_ok=True)
        return
    src = sqlite3.connect(f"{made.resolve().as_uri()}?mode=ro", uri=True)
    dst = sqlite3.connect(path)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()


def open_store(path: Path | str | None = None, *, upgrade: bool = True, deferred: bool = False) -> Store:
    """Open (creating if needed) the store at `path`, migrating it to head after a backup.

    `deferred`: a file already at head opens at once and is checked by `Store.warm_up()` (see Store);
    a new, older or unreadable file takes the full path here, before anything is shown.
    """
    path = Path(path) if path else default_db_path()
    if deferred and upgrade:
        store = _fast_open(path)
        if store is not None:
            return store
    path.parent.mkdir(parents=True, exist_ok=True)
    if upgrade:
        made = prepare_file(path)  # refuses a broken or newer file untouched, backs up an older one
        if not path.exists() or file_revision(path) != HEAD:
            upgrade_file(path, Path(made) if made else None)
    from sqlalchemy.orm import sessionmaker

    engine = make_engine(path)
    factory = sessionmaker(engine, expire_on_commit=False)
    try:
        desk_id, last_hlc = identity.desk_identity(factory, path)
    except Exception as exc:  # the first write of an open: a full disk is said so, anything else is a bug
        engine.dispose()
        no_space = health.no_space(path, exc)
        if no_space is not None:
            raise no_space from exc
        raise
    return Store(path, desk_id, engine=engine, session_factory=factory, clock=desk_clock(engine, last_hlc))


def _fast_open(path: Path) -> Store | None:
    """The store at `path` without the ORM, if the file is a ClubDesk store at head with this desk's id in it; None
    sends it the full way. The connection that asked becomes the store's reader: SQLite reads the schema once."""
    try:
        with open(path, "rb") as fh:
            if fh.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC:
                return None
        conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    except (OSError, sqlite3.Error):
        return None
    try:
        rev = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        row = conn.execute("SELECT value FROM settings WHERE key = 'desk_id'").fetchone()
        inst = conn.execute("SELECT value FROM settings WHERE key = 'store_instance'").fetchone()
        ready = rev == (HEAD,) and row is not None and inst is not None
        # a restored or copied file is not: the full open gives it a new desk id
        if ready and identity.copy_names(path, inst[0], identity.machine(), row[0]):
            return Store(path, row[0], reader=reader(conn))
    except sqlite3.Error:
        pass
    conn.close()
    return None
