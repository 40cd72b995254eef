"""Opening the store: migrations, backups, refusals that leave the file untouched."""

from __future__ import annotations

import hashlib
import sqlite3
import sys

import pytest

from clubdesk.errors import StoreError
from clubdesk.store import db, migrate
from clubdesk.store.db import backup, check_file, list_backups, open_store


def sha(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_fresh_file_is_migrated_from_empty_to_head(tmp_path):
    path = tmp_path / "new.sqlite"
    s = open_store(path)
    s.close()
    assert db.file_revision(path) == migrate.head_revision()
    con = sqlite3.connect(path)
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"players", "accounts", "events", "change_log", "projections", "games"} <= tables
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_every_revision_upgrades_to_head_step_by_step(tmp_path):
    from sqlalchemy import create_engine

    path = tmp_path / "steps.sqlite"
    engine = create_engine(f"sqlite:///{path}")
    revs = migrate.revisions_oldest_first()
    assert len(revs) >= 2
    for rev in revs:
        with engine.begin() as conn:
            migrate.upgrade(conn, rev)
            assert migrate.current_revision(conn) == rev
    engine.dispose()


def test_older_schema_is_backed_up_before_migration(tmp_path):
    from sqlalchemy import create_engine

    path = tmp_path / "old.sqlite"
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        migrate.upgrade(conn, "0001")
        conn.exec_driver_sql("INSERT INTO settings(key, value) VALUES ('marker', 'old data')")
    engine.dispose()
    s = open_store(path)
    s.close()
    backups = list_backups(path)
    assert len(backups) == 1
    # the backup is the database as it was before migrating: old revision, same data
    assert db.file_revision(backups[0]) == "0001"
    old = sqlite3.connect(backups[0])
    assert old.execute("SELECT value FROM settings WHERE key='marker'").fetchone() == ("old data",)
    assert old.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    old.close()
    assert db.file_revision(path) == migrate.head_revision()
    con = sqlite3.connect(path)
    assert con.execute("SELECT value FROM settings WHERE key='marker'").fetchone() == ("old data",)


def test_opening_a_current_file_makes_no_backup(tmp_path):
    path = tmp_path / "cur.sqlite"
    open_store(path).close()
    open_store(path).close()
    assert list_backups(path) == []


def test_backups_keep_only_the_newest_ten(tmp_path):
    path = tmp_path / "b.sqlite"
    open_store(path).close()
    made = [backup(path) for _ in range(12)]
    kept = list_backups(path)
    assert len(kept) == 10
    assert set(kept) == set(made[2:])


def test_newer_schema_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "newer.sqlite"
    open_store(path).close()
    con = sqlite3.connect(path)
    con.execute("UPDATE alembic_version SET version_num='9999_future'")
    con.commit()
    con.close()
    before = sha(path)
    with pytest.raises(StoreError) as err:
        open_store(path)
    assert err.value.code == "newer_schema"
    assert "новее" in err.value.ru or "более новой" in err.value.ru
    assert sha(path) == before
    assert list_backups(path) == []


@pytest.mark.parametrize("content", [b"this is a text file, not a database\n" * 50, b""])
def test_file_that_is_not_sqlite_is_refused_untouched(tmp_path, content):
    path = tmp_path / "notes.sqlite"
    path.write_bytes(content)
    with pytest.raises(StoreError) as err:
        open_store(path)
    assert err.value.code == "not_sqlite"
    assert path.read_bytes() == content


def test_damaged_database_is_refused_untouched(tmp_path):
    path = tmp_path / "broken.sqlite"
    con = sqlite3.connect(path)
    con.execute("PRAGMA page_size=1024")
    con.execute("CREATE TABLE t(x)")
    con.executemany("INSERT INTO t VALUES (?)", [("x" * 500,)] * 200)
    con.commit()
    con.close()
    data = bytearray(path.read_bytes())
    data[1024 * 2: 1024 * 2 + 200] = b"\xff" * 200  # smash a b-tree page, keep the header
    path.write_bytes(bytes(data))
    before = sha(path)
    with pytest.raises(StoreError) as err:
        check_file(path)
    assert err.value.code == "corrupt"
    with pytest.raises(StoreError):
        open_store(path)
    assert sha(path) == before


def test_desk_id_is_stable_across_opens(tmp_path):
    path = tmp_path / "d.sqlite"
    first = open_store(path)
    first.close()
    second = open_store(path)
    second.close()
    assert first.desk_id == second.desk_id and len(first.desk_id) == 36


def test_restore_copies_the_newest_backup_and_leaves_the_broken_file(tmp_path):
    from clubdesk.store.db import restore_newest_backup

    path = tmp_path / "club.sqlite"
    open_store(path).close()
    con = sqlite3.connect(path)
    con.execute("INSERT INTO settings(key, value) VALUES ('marker', 'before')")
    con.commit()
    con.close()
    backup(path)
    path.write_bytes(b"garbage" * 100)
    restored = restore_newest_backup(path)
    assert restored != path and path.read_bytes() == b"garbage" * 100
    s = open_store(restored)
    s.close()
    assert sqlite3.connect(restored).execute("SELECT value FROM settings WHERE key='marker'").fetchone() == ("before",)


def test_restore_without_backups_is_a_clear_error(tmp_path):
    from clubdesk.store.db import restore_newest_backup

    with pytest.raises(StoreError) as err:
        restore_newest_backup(tmp_path / "none.sqlite")
    assert err.value.code == "no_backup"


def test_head_constant_is_the_newest_migration_script():
    assert migrate.HEAD == migrate.head_revision()


def test_start_on_a_current_file_does_not_import_alembic(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "fast.sqlite"
    open_store(path).close()
    code = ("import sys; from clubdesk.store.db import open_store; open_store(sys.argv[1]).close(); "
            "print('alembic' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_round_clocks_move_from_the_tournament_options_to_the_rounds(tmp_path):
    """Migration 0006: a running and a paused clock, kept by 0005 in tournaments.options_json, keep time."""
    import json

    from sqlalchemy import create_engine

    path = tmp_path / "clocks.sqlite"
    engine = create_engine(f"sqlite:///{path}")
    clocks = {"r1": {"elapsed": 120.5, "started_at": 1_800_000_000.25}, "r2": {"elapsed": 600.0, "started_at": None}}
    with engine.begin() as conn:
        migrate.upgrade(conn, "0005")
        conn.exec_driver_sql("INSERT INTO tournaments VALUES ('Кубок', 'zhuk', ?, 'running', '2026-12-01', 't', 0, '')",
                             (json.dumps({"bankroll": "carry", "clocks": clocks}),))
        conn.exec_driver_sql("INSERT INTO stages VALUES ('t', 1, 'stage', 7, 's', 0, '')")
        for number, rid in enumerate(("r1", "r2", "r3"), start=1):
            conn.exec_driver_sql("INSERT INTO rounds VALUES ('s', ?, 100, 10, ?, 0, '')", (number, rid))
    engine.dispose()
    open_store(path).close()  # backs up, then upgrades to head
    con = sqlite3.connect(path)
    rows = con.execute("SELECT id, clock_elapsed, clock_started_at FROM rounds ORDER BY id").fetchall()
    options = json.loads(con.execute("SELECT options_json FROM tournaments").fetchone()[0])
    con.close()
    assert rows == [("r1", 120.5, 1_800_000_000.25), ("r2", 600.0, None), ("r3", 0.0, None)]
    assert options == {"bankroll": "carry"}
    from alembic import command

    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        cfg = migrate.alembic_config()
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0005")  # and back: the clocks return to the options
        back = json.loads(conn.exec_driver_sql("SELECT options_json FROM tournaments").scalar_one())
    engine.dispose()
    assert back == {"bankroll": "carry", "clocks": clocks}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_DATA_HOME is the Linux user data dir")
def test_default_store_is_in_the_user_data_dir(monkeypatch, tmp_path):
    monkeypatch.delenv("CLUBDESK_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert db.default_db_path() == tmp_path / "data" / "ClubDesk" / "clubdesk.sqlite"
    monkeypatch.setenv("CLUBDESK_DB", str(tmp_path / "elsewhere.sqlite"))
    assert db.default_db_path() == tmp_path / "elsewhere.sqlite"
