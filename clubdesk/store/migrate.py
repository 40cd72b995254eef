"""Schema versions: what the file is at, what the code wants, and the upgrade itself.

Alembic is imported only when a migration or a revision list is really needed: a start on a file
that is already at HEAD does not pay for it.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from clubdesk.store.schema import HEAD  # noqa: F401 - migrate.HEAD: what the code wants, beside what the file is at

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy.engine import Connection


def alembic_config() -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", "clubdesk.store:migrations")
    return cfg


@functools.cache
def _scripts():
    """The migration scripts, read once a process: each upgrade and each question about revisions read and compiled
    every version file again (an upgrade from 0001 read them three times), the bulk of an upgrade's time."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    return _scripts().get_current_head()


def known_revisions() -> set[str]:
    return {s.revision for s in _scripts().walk_revisions()}


def revisions_oldest_first() -> list[str]:
    return list(reversed([s.revision for s in _scripts().walk_revisions()]))


def current_revision(conn: Connection) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(conn).get_current_revision()


def upgrade(conn: Connection, target: str = "head") -> None:
    """Run the migrations on `conn`, inside whatever transaction the caller holds (see `upgrade_file`).

    What alembic's `command.upgrade` does, with the scripts read once (`_scripts`) instead of at every call."""
    from alembic.runtime.environment import EnvironmentContext

    cfg = alembic_config()
    cfg.attributes["connection"] = conn
    script = _scripts()
    with EnvironmentContext(cfg, script, fn=lambda rev, _context: script._upgrade_revs(target, rev),
                            destination_rev=target):
        script.run_env()


class ForeignKeysBroken(Exception):
    """A migration left rows pointing at rows that are not there (PRAGMA foreign_key_check)."""


class _DriverCursor:
    """`execute` as a DB-API cursor has it, through the connection: the upgrade's statement hook sees it too."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def execute(self, sql: str, params: tuple = ()):
        return self._conn.exec_driver_sql(sql, params)


def _rebuild_projections(conn: Connection) -> None:
    """Every game's cached state replayed by this ClubDesk's engines, in the upgrade's transaction. 0002 made the
    cache table empty and an older ClubDesk wrote what its engines said: left as they were, the desk shows the
    ratings, scores and standings the cache holds (0 after 0001), not what the events say, until `db rebuild`."""
    from clubdesk.store.projections import rebuild_every_game

    rebuild_every_game(_DriverCursor(conn))


def create_file(path: Path, *, on_statement: Callable | None = None) -> None:
    """Make the new file `path` a store at HEAD in ONE SQLite transaction without Alembic (~11 MB and its import
    time on a desk's first start): the schema the migrations make, replayed from head_schema.py, and the
    alembic_version row, as `upgrade_file` would leave it (tests/store/test_head_schema.py compares the two).
    `on_statement` as for `upgrade_file`, called with each statement and with "COMMIT"."""
    from clubdesk.store import head_schema

    if head_schema.REVISION != HEAD:  # a migration newer than the stored schema (its test says so): Alembic
        upgrade_file(path, on_statement=on_statement)
        return
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("BEGIN IMMEDIATE")
        for sql in (*head_schema.STATEMENTS, f"INSERT INTO alembic_version (version_num) VALUES ('{HEAD}')", "COMMIT"):
            if on_statement is not None:
                on_statement(conn, None, sql, (), None, False)
            conn.execute(sql)
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    finally:
        conn.close()


def upgrade_file(path: Path, target: str = "head", *, on_statement: Callable | None = None) -> None:
    """Bring the file at `path` to `target` in ONE SQLite transaction, the alembic_version row included.

    SQLite's DDL is transactional, but Python's sqlite3 only opens a transaction before DML: left to the
    driver, each CREATE/DROP/ALTER of a migration commits on its own, and a failure half-way leaves a schema
    no retry can get past. Here the connection is in autocommit mode and we say BEGIN IMMEDIATE ourselves,
    so a failure or a kill anywhere leaves the file at its old revision with every row. At head, the games'
    cached states are replayed in the same transaction (`_rebuild_projections`).

    Foreign keys are off for the run: a batch rebuild (copy the table, drop the old, rename) would otherwise
    fail on the first row that another table references — and PRAGMA foreign_keys cannot change inside a
    transaction. PRAGMA foreign_key_check before COMMIT fails the run instead if anything dangles.
    `on_statement(conn, cursor, statement, parameters, context, executemany)` is SQLAlchemy's
    before_cursor_execute hook, also called with "COMMIT" just before the commit (the tests fail or kill the
    run at every statement).
    """
    from sqlalchemy import create_engine, event
    from sqlalchemy.pool import NullPool

    def connect() -> sqlite3.Connection:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA busy_timeout=5000")
        conn.execute("PRAGMA foreign_keys=OFF")
        conn.execute("PRAGMA synchronous=FULL")
        return conn

    engine = create_engine("sqlite://", creator=connect, poolclass=NullPool)
    event.listen(engine, "begin", lambda conn: conn.exec_driver_sql("BEGIN IMMEDIATE"))
    if on_statement is not None:
        event.listen(engine, "before_cursor_execute", on_statement)
    try:
        with engine.connect() as conn, conn.begin():
            upgrade(conn, target)
            if current_revision(conn) == head_revision():
                _rebuild_projections(conn)
            dangling = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
            if dangling:
                table, rowid, parent, _fk = dangling[0]
                raise ForeignKeysBroken(f"{len(dangling)} rows point at missing rows, the first: {table} "
                                        f"rowid {rowid} -> {parent}")
            if on_statement is not None:
                on_statement(conn, None, "COMMIT", (), None, False)
    finally:
        engine.dispose()
