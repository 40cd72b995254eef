"""The open store (Store): one SQLite file with this desk's id and clock, the ORM engine and sessions, a plain
reader and the writer connection; and the check a file passes before anything writes to it (check_file).

Opening a file — finding it, refusing a broken or newer one, the backup and the migration — is db.py's.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from clubdesk.errors import StoreError
from clubdesk.store import health
from clubdesk.store.backups import SQLITE_MAGIC

# How long a statement waits for a lock another connection or program holds before it is refused (in use): the
# writer's checkpoint and a second desk process hold it for milliseconds; a lock held longer is another program's.
BUSY_WAIT_S = 5.0

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine
    from sqlalchemy.orm import Session, sessionmaker

    from clubdesk.store.hlc import HybridLogicalClock
    from clubdesk.store.writer import Writer



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
                 session_factory: sessionmaker[Session] | None = None, clock: HybridLogicalClock | None = None,
                 reader: sqlite3.Connection | None = None):
        self.path, self.desk_id = path, desk_id
        self._engine, self._factory, self._clock = engine, session_factory, clock
        self._lock = threading.Lock()  # one warm-up; sessions wait for it
        self._error: StoreError | None = None
        self._reader = reader  # read()'s connection (handle.reader), opened by the first read if not given
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

            import clubdesk.store.models  # noqa: F401 - the ORM's mappers load here, off the GUI thread

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
                self._reader = reader(sqlite3.connect(self.path, check_same_thread=False, isolation_level=None))
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
            from clubdesk.store.write_errors import raise_write_failure  # here: the fast open does not load it

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


def reader(conn: sqlite3.Connection) -> sqlite3.Connection:
    """`conn` (connected with check_same_thread=False, isolation_level=None: any thread, no transaction of its own)
    as Store.read's connection: it waits up to BUSY_WAIT_S for a writer's lock."""
    conn.execute(f"PRAGMA busy_timeout={int(BUSY_WAIT_S * 1000)}")
    return conn


def _set_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA foreign_keys=ON")
    # FULL: an event the referee saw accepted survives a power cut.
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute(f"PRAGMA busy_timeout={int(BUSY_WAIT_S * 1000)}")
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
            conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_WAIT_S)
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


def desk_clock(engine, last: int) -> HybridLogicalClock:
    """The desk's clock, corrected by the hub's as the last sync found it (`clock.offset_ms`, docs/sync.md «Clocks»)
    before the newest stamp is clamped to it: a desk whose machine's clock is off stamps by the hub's from its start."""
    from clubdesk.store.hlc import HybridLogicalClock  # here: the fast open builds no clock before the warm-up

    with engine.connect() as conn:
        row = conn.exec_driver_sql("SELECT value FROM settings WHERE key = 'clock.offset_ms'").fetchone()
    return HybridLogicalClock(last=last, offset_ms=int(row[0]) if row else 0)
