"""A healthy store that cannot be used now is not called damaged; `db check` reads every event as rebuild does."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys

import pytest

from clubdesk.cli import main
from clubdesk.errors import StoreError
from clubdesk.store import handle, health
from clubdesk.store.db import check_file, open_store


def sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def club(tmp_path):
    path = tmp_path / "club.sqlite"
    open_store(path).close()
    return path


def test_a_store_another_program_holds_locked_is_in_use_not_damaged(club, monkeypatch):
    monkeypatch.setattr(handle, "BUSY_WAIT_S", 0.2)  # the check waits this long for the lock first (5 s at the desk)
    other = sqlite3.connect(club, isolation_level=None, timeout=0)
    other.execute("PRAGMA locking_mode=EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    other.execute("INSERT INTO settings(key, value) VALUES ('x', 'y')")
    try:
        with pytest.raises(StoreError) as refused:
            check_file(club)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert refused.value.code == "in_use" and "другая программа" in refused.value.ru
    assert "повреждена" not in refused.value.ru


def test_a_store_with_a_hot_journal_beside_it_is_in_use_not_damaged(tmp_path):
    """A rollback-journal file whose writer was killed mid-transaction: SQLite undoes it on the next writable
    open; a read-only check cannot, and must not call the file damaged."""
    path = tmp_path / "j.sqlite"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t(x)")
    con.executemany("INSERT INTO t VALUES (?)", [("y" * 300,)] * 500)
    con.commit()
    con.close()
    writer = ("import os, sqlite3, sys\nc = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
              "c.execute('PRAGMA cache_size=1'); c.execute('BEGIN')\n"
              "for _ in range(2000): c.execute('INSERT INTO t VALUES (?)', ('x' * 200,))\n"
              "os.kill(os.getpid(), 9)\n")
    subprocess.run([sys.executable, "-c", writer, str(path)], check=False)
    assert (tmp_path / "j.sqlite-journal").stat().st_size > 0
    before = sha(path)
    with pytest.raises(StoreError) as refused:
        check_file(path)
    assert refused.value.code == "in_use" and "j.sqlite-journal" in refused.value.ru
    assert sha(path) == before


def test_a_read_only_store_is_refused_as_read_only(club, monkeypatch):
    """As root every file is writable, so there the permission answer is simulated; as a user it is chmod."""
    if os.geteuid() == 0:
        monkeypatch.setattr(health.os, "access", lambda p, mode: str(p) != str(club))
    else:
        club.chmod(0o444)
    before = sha(club)
    with pytest.raises(StoreError) as refused:
        check_file(club)
    assert refused.value.code == "read_only" and "только для чтения" in refused.value.ru
    assert "повреждена" not in refused.value.ru and sha(club) == before
    check_file(club, writable=False)  # `db check` and `db backup` only read it


def test_db_check_refuses_another_programs_sqlite_file(tmp_path, capsys):
    path = tmp_path / "photos.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE albums(id INTEGER PRIMARY KEY, title TEXT)")
    con.commit()
    con.close()
    assert main(["--db", str(path), "db", "check"]) == 2
    out = capsys.readouterr()
    assert "ok" not in out.out and "другой программы" in out.err


def store_with_a_broken_event(path, payload_sql: str) -> None:
    open_store(path).close()
    con = sqlite3.connect(path)
    con.execute("INSERT INTO games (game, title, players_json, options_json, status, created_at, id, hlc, desk_id) "
                "VALUES ('pyramid100', 'Матч', '[\"A\",\"B\"]', '{}', 'running', '2026-12-01', 'g-1', 1, 'd')")
    con.execute("INSERT INTO events (id, game_id, seq, type, payload, recorded_at, hlc, desk_id) "
                f"VALUES ('e-1', 'g-1', 1, 'shot', {payload_sql}, '2026-12-01', 2, 'd')")
    con.commit()
    con.close()


@pytest.mark.parametrize(("payload_sql", "why"), [("CAST(x'7b22ff7d' AS TEXT)", "invalid UTF-8"),
                                                  ("'{\"type\": \"shot\", '", "invalid JSON")])
def test_a_broken_event_payload_is_reported_by_check_rebuild_and_print_with_its_game_and_seq(
        tmp_path, capsys, payload_sql, why):
    path = tmp_path / "club.sqlite"
    store_with_a_broken_event(path, payload_sql)
    before = sha(path)
    for args in (["db", "check"], ["db", "rebuild"], ["print", "--game", "g-1", "-o", str(tmp_path / "g.pdf")]):
        assert main(["--db", str(path), *args]) == 2, args
        err = capsys.readouterr().err.strip()
        assert "g-1 #1" in err and why in err and len(err.splitlines()) == 1, args
    assert not (tmp_path / "g.pdf").exists() and sha(path) == before
