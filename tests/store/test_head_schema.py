"""A new file is created at HEAD from clubdesk/store/head_schema.py, without Alembic (issue 36: ~11 MB and its
import time less on a desk's first start and in the demo); it must be the very file the migrations make.

When a migration is added, the comparison below fails: write the module again with
`PYTHONPATH=. .venv/bin/python tests/store/test_head_schema.py > clubdesk/store/head_schema.py`.
"""

from __future__ import annotations

import sqlite3
import sys
import tempfile
from pathlib import Path

if __name__ == "__main__":  # the module's writer, above: run from the checkout's root
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from clubdesk.store import head_schema, migrate, schema


def migrated_file(path: Path) -> Path:
    """A new file brought to HEAD through every migration, as Alembic does it (the way older files go)."""
    migrate.upgrade_file(path)
    return path


def described(path: Path) -> dict:
    """Everything of a file's schema a statement can see: each object's SQL (whitespace normalised), each table's
    columns in their order, its indexes and foreign keys as SQLite reports them, and every row. The order in
    which a table's indexes were made is left out: Alembic's batch rebuild of `players` makes its two indexes
    in an order that changes from run to run (a set's), and nothing reads by it."""
    con = sqlite3.connect(path)
    try:
        objects = sorted((t, n, tbl, " ".join(sql.split()) if sql else None) for t, n, tbl, sql in
                         con.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
        tables = [n for t, n, _tbl, _sql in objects if t == "table"]
        pragmas = {table: {"columns": con.execute(f"PRAGMA table_xinfo('{table}')").fetchall(),
                           "indexes": sorted(row[1:] for row in con.execute(f"PRAGMA index_list('{table}')")),
                           "foreign keys": con.execute(f"PRAGMA foreign_key_list('{table}')").fetchall()}
                   for table in tables}
        indexes = {n: con.execute(f"PRAGMA index_xinfo('{n}')").fetchall() for t, n, _tbl, _sql in objects
                   if t == "index"}
        rows = {table: sorted(con.execute(f'SELECT * FROM "{table}"').fetchall()) for table in tables}
        return {"objects": objects, "pragmas": pragmas, "indexes": indexes, "rows": rows,
                "user_version": con.execute("PRAGMA user_version").fetchone()}
    finally:
        con.close()


def test_a_new_file_created_at_head_is_the_file_every_migration_makes(tmp_path):
    created = tmp_path / "created.sqlite"
    migrate.create_file(created)
    assert described(created) == described(migrated_file(tmp_path / "migrated.sqlite")), __doc__


def test_the_stored_schema_is_of_the_newest_migration():
    assert head_schema.REVISION == schema.HEAD == migrate.head_revision(), __doc__


def module_text(path: Path) -> str:
    """clubdesk/store/head_schema.py for the file at `path` (made by the migrations)."""
    con = sqlite3.connect(path)
    try:
        statements = [sql for (sql,) in con.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL "
                                                     "ORDER BY rowid")]
    finally:
        con.close()
    lines = ['"""The schema at HEAD: what the migrations (migrations/versions/) make of a new file, in their order.',
             "",
             "migrate.create_file replays it on a new file, so a desk's first start does not import Alembic;",
             "tests/store/test_head_schema.py checks it against the migrations and says how to write it again.",
             '"""',
             "",
             f'REVISION = "{migrate.head_revision()}"',
             "",
             "STATEMENTS = ("]
    for sql in statements:
        body = "\n".join(line.rstrip().replace("\t", "    ") for line in sql.splitlines())
        lines.append(f'    """{body}""",')
    lines.append(")")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        sys.stdout.write(module_text(migrated_file(Path(tmp) / "head.sqlite")))
