"""Opening the store: locate the file, refuse a broken or newer one untouched, back up, migrate."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from clubdesk.errors import StoreError
from clubdesk.store import health, identity, migrate
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
from clubdesk.store.hlc import HybridLogicalClock
from clubdesk.store.write_errors import raise_write_failure

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine
    from sqlalchemy.orm import Session, sessionmaker

    from clubdesk.store.writer import Writer



def default_db_path() -> Path:
    env = os.environ.get("CLUBDESK_DB")
    if env:
        return Path(env)
    import platformdirs  # imported where needed: a desk's start waits for every import

    return Path(platformdirs.user_data_dir("ClubDesk", appauthor=False)) / "clubdesk.sqlite"


class Store:
    """An open local store: this desk's id and clock, the SQLAlchemy engine and sessions, a plain reader.

    A desk opens its store while the referee waits, so `open_store(path, deferred=True)` on a file that is
    already at the schema head reads only the header, the revision and the desk id (stdlib sqlite3, a few
    ms) and leaves the integrity check and the engine (importing SQLAlchemy is ~0.4 s) to `warm_up()`, which
    the GUI runs in a thread once the main window is on screen. The first page reads through `read()`
    meanwhile. Whatever asks for the engine, a session or the clock waits for the warm-up and gets its
    StoreError if the check failed: nothing is written to a file that has not passed the check.
    """

    def __init__(self, path: Path, desk_id: str, *, engine: Engine | None = None,
                 session_factory: sessionmaker[Session] | None = None, clock: HybridLogicalClock | None = None):
        self.path, self.desk_id = path, desk_id
        self._engine, self._factory, self._clock = engine, session_factory, clock
        self._lock = threading.Lock()  # one warm-up; sessions wait for it
        self._error: StoreError | None = None
        self._reader: sqlite3.Connection | None = None
        self._reader_lock = threading.Lock()
        self._writer: Writer | None = None
        self._writer_lock = threading.Lock()

    @property
    def ready(self) -> bool:
        """The check has passed and the engine is built: sessions open without waiting."""
        return self._factory is not None

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self.warm_up()
        return self._engine

    @property
    def session_factory(self) -> sessionmaker[Session]:
        if self._factory is None:
            self.warm_up()
        return self._factory

    @property
    def clock(self) -> HybridLogicalClock:
        if self._clock is None:
            self.warm_up()
        return self._clock

    def warm_up(self) -> None:
        """Check the file and build the engine, once; safe from a worker thread. Raises the check's StoreError."""
        with self._lock:
            if self._error is not None:
                raise self._error
            if self._factory is not None:
                return
            try:
                check_file(self.path)  # the full integrity_check: off the GUI thread, before any write
            except StoreError as exc:
                self._error = exc
                raise
            from sqlalchemy.orm import sessionmaker

            import clubdesk.store.uow  # noqa: F401 - loaded here, off the GUI thread, with the models it maps

            engine = make_engine(self.path)
            with engine.connect() as conn:
                last = conn.exec_driver_sql("SELECT max(hlc) FROM change_log").scalar() or 0
            self._engine, self._clock = engine, desk_clock(engine, last)
            self._factory = sessionmaker(engine, expire_on_commit=False)  # last: `ready` reads it
        self._open_writer()  # here, off the GUI thread: the first shot does not wait for it

    def warm_up_in_background(self, done: Callable[[StoreError | None], None] | None = None) -> threading.Thread:
        """`warm_up()` in a daemon thread; `done(error_or_None)` is called from that thread."""
        def work() -> None:
            error = None
            try:
                self.warm_up()
            except StoreError as exc:
                error = exc
            if done is not None:
                done(error)
        thread = threading.Thread(target=work, name="store-warm-up", daemon=True)
        thread.start()
        return thread

    def read(self, sql: str, params: tuple = ()) -> list[tuple]:
        """The rows of one SELECT on a plain sqlite3 connection (no ORM: list pages and the search index)."""
        with self._reader_lock:
            if self._reader is None:
                self._reader = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
                self._reader.execute("PRAGMA busy_timeout=5000")
            try:
                return self._reader.execute(sql, params).fetchall()
            except sqlite3.DatabaseError as exc:
                busy = health.in_use(self.path, exc) or health.no_space(self.path, exc)
                if busy is not None:
                    raise busy from exc
                raise StoreError(f"Не удаётся прочитать базу {self.path}: {exc}",
                                 f"Cannot read the database {self.path}: {exc}", code="corrupt") from exc

    @contextmanager
    def write(self, *, durable: bool = True, background: bool = False) -> Iterator[sqlite3.Cursor]:
        """One write transaction on the store's own plain sqlite3 connection (clubdesk.store.writer):
        committed when the block ends, rolled back if it raises. The hot path of recording a game.

        Same pragmas as the engine's connections. The file must have passed its check, so this waits for
        the warm-up like a session does. A failure the machine caused (full disk, read-only or locked file,
        another desk's event with the same seq) is raised as a WriteFailed; anything else is a bug and raised.
        `durable=False` commits without waiting for the disk (synchronous=NORMAL): for rows the hub still holds
        (see Writer.transaction); `background=True`: a foreground write waiting for the connection goes first.
        """
        if not self.ready:
            self.warm_up()
        try:
            with self._open_writer().transaction(durable=durable, background=background) as cursor:
                yield cursor
        except Exception as exc:
            raise_write_failure(exc, self.path)
            raise

    def recording(self, within_s: float) -> bool:
        """Whether a foreground write (a shot, an action typed at this desk) committed in the last `within_s`."""
        writer = self._writer
        return writer is not None and writer.since_foreground() < within_s

    def _open_writer(self) -> Writer:
        with self._writer_lock:
            if self._writer is None:
                from clubdesk.store.writer import Writer

                self._writer = Writer(self.path, lambda conn: _set_pragmas(conn, None))
            return self._writer

    def close(self) -> None:
        with self._lock:
            if self._engine is not None:
                self._engine.dispose()
        for lock, attr in ((self._reader_lock, "_reader"), (self._writer_lock, "_writer")):
            with lock:
                conn = getattr(self, attr)
                if conn is not None:
                    conn.close()
                    setattr(self, attr, None)


def _set_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA foreign_keys=ON")
    # FULL: an event the referee saw accepted survives a power cut.
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def check_file(path: Path, *, writable: bool = True) -> None:
    """Refuse a file that is not a sound SQLite database, without writing a byte to it; with `writable`,
    also one this user cannot write. A healthy file that is read-only or held by another program gets its
    own refusal (clubdesk.store.health), never «damaged»: the GUI offers a backup only for a damaged file.

    PRAGMA integrity_check, not quick_check: only the full check compares every index with its table, and
    writing through a stale index is how a damaged file gets worse (~80 ms at 50 000 events; the GUI runs it
    in the warm-up thread).
    """
    try:
        with open(path, "rb") as fh:
            header = fh.read(100)
        head = header[: len(SQLITE_MAGIC)]
    except OSError as exc:
        raise StoreError(f"Не удаётся открыть файл базы {path}: {exc.strerror}",
                         f"Cannot open the database file {path}: {exc.strerror}", code="unreadable") from exc
    if head != SQLITE_MAGIC:
        raise StoreError(f"Файл {path} не является базой данных ClubDesk (SQLite).",
                         f"The file {path} is not a ClubDesk (SQLite) database.", code="not_sqlite")
    detail = health.truncated(path, header)
    if detail is None:
        try:
            conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
            try:
                found = health.integrity_problem(conn)
            finally:
                conn.close()
        except sqlite3.DatabaseError as exc:
            refusal = health.in_use(path, exc) or health.no_space(path, exc) or (
                health.read_only(path) if "readonly" in str(exc) or "unable to open" in str(exc) else None)
            if refusal is not None:
                raise refusal from exc
            found = health.one_line(str(exc))
        detail = None if found is None else (found, found)  # SQLite's own words, in English
    if detail is not None:
        raise StoreError(f"База данных {path} повреждена ({detail[0]}). Файл не изменён; восстановите резервную копию.",
                         f"The database {path} is damaged ({detail[1]}). The file was left untouched; restore a "
                         "backup.", code="corrupt")
    refusal = health.read_only(path) if writable else None
    if refusal is not None:
        raise refusal


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
    if rev == migrate.HEAD:
        return None
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
    """Migrate `path` to head in one transaction (migrate.upgrade_file); if that fails, put the file back as
    it was — from `made`, the copy taken just before — and refuse it with the reason. A new file is removed."""
    existed = path.exists()
    old = file_revision(path) if existed else None
    try:
        migrate.upgrade_file(path)
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


def make_engine(path: Path) -> Engine:
    """The ORM's engine on exactly the file the writer and the reader open.

    Built from the path, never from a URL string: `sqlite:///club%20x.sqlite` is the file `club x.sqlite` to
    SQLAlchemy, and a `?` or `#` in a name starts the URL's query — the ORM and the writer would each write
    their half of the club to a different file. The file is a file database, so the pool is QueuePool (a
    bare "sqlite://" would get the in-memory SingletonThreadPool).
    """
    from sqlalchemy import create_engine, event
    from sqlalchemy.pool import QueuePool

    filename = str(path)
    engine = create_engine("sqlite://", creator=lambda: sqlite3.connect(filename, check_same_thread=False),
                           poolclass=QueuePool)
    event.listen(engine, "connect", _set_pragmas)
    return engine


def open_store(path: Path | str | None = None, *, upgrade: bool = True, deferred: bool = False) -> Store:
    """Open (creating if needed) the store at `path`, migrating it to head after a backup.

    `deferred`: a file already at head opens at once and is checked by `Store.warm_up()` (see Store);
    a new, older or unreadable file takes the full path here, before anything is shown.
    """
    path = Path(path) if path else default_db_path()
    if deferred and upgrade:
        desk_id = _ready_desk_id(path)
        if desk_id is not None:
            return Store(path, desk_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    if upgrade:
        made = prepare_file(path)  # refuses a broken or newer file untouched, backs up an older one
        if not path.exists() or file_revision(path) != migrate.HEAD:
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


def desk_clock(engine, last: int) -> HybridLogicalClock:
    """The desk's clock, corrected by the hub's as the last sync found it (`clock.offset_ms`, docs/sync.md «Clocks»)
    before the newest stamp is clamped to it: a desk whose machine's clock is off stamps by the hub's from its start."""
    with engine.connect() as conn:
        row = conn.exec_driver_sql("SELECT value FROM settings WHERE key = 'clock.offset_ms'").fetchone()
    return HybridLogicalClock(last=last, offset_ms=int(row[0]) if row else 0)


def _ready_desk_id(path: Path) -> str | None:
    """This desk's id, if the file is a ClubDesk store at head that has one; None sends it the full way."""
    try:
        with open(path, "rb") as fh:
            if fh.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC:
                return None
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            rev = conn.execute("SELECT version_num FROM alembic_version").fetchone()
            row = conn.execute("SELECT value FROM settings WHERE key = 'desk_id'").fetchone()
            inst = conn.execute("SELECT value FROM settings WHERE key = 'store_instance'").fetchone()
        finally:
            conn.close()
    except (OSError, sqlite3.Error):
        return None
    if inst is None or identity.read_copy(path) != (inst[0], identity.machine()):
        return None  # a restored or copied file: the full open gives it a new desk id
    return row[0] if rev == (migrate.HEAD,) and row else None
