"""A write the machine refuses (full disk, read-only file, another desk's event at the same seq) is a WriteFailed
with one line in the user's language, stores nothing, and the same write works once the cause is gone; any
other database error is a bug and is raised as it is."""

from __future__ import annotations

import json
import sqlite3

import pytest
from sqlalchemy.exc import OperationalError

from clubdesk.errors import KnownError, SeqClash, WriteFailed
from clubdesk.services.games import GameService
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store.db import open_store
from tests.faults import StoreFaults

MISS = {"call": [], "potted": [], "off_table": [], "touched_control": False, "trick": None, "foul": None}


@pytest.fixture
def match(store, admin, today):
    svc = MatchService(store, GameService(store), PlayerService(store, today=today))
    a = svc.players.add(admin, PlayerData("Орлов Глеб", "Граф"))
    b = svc.players.add(admin, PlayerData("Сокол Анна", "Сова"))
    return svc, svc.create(admin, a.id, b.id)


def seqs(store, game_id) -> list[int]:
    return [r[0] for r in store.read("SELECT seq FROM events WHERE game_id = ? ORDER BY seq", (game_id,))]


def test_a_full_disk_refuses_the_shot_in_one_line_and_the_next_try_records(store, admin, match, monkeypatch):
    svc, gid = match
    faults = StoreFaults(store, monkeypatch)
    svc.record_shot(admin, gid, MISS)
    faults.disk_full = True
    with pytest.raises(WriteFailed) as refused:
        svc.record_shot(admin, gid, MISS)
    assert refused.value.code == "disk_full" and faults.failures == 1
    assert refused.value.ru.startswith("На диске нет места для базы club.sqlite: ничего не записано.")
    assert "\n" not in refused.value.ru and "disk holding club.sqlite is full" in refused.value.en
    assert seqs(store, gid) == [1] and len(svc.log(gid)) == 1  # nothing of it stored, nor kept by the engine
    faults.disk_full = False
    svc.record_shot(admin, gid, MISS)
    assert seqs(store, gid) == [1, 2]
    assert len(svc.log(gid)) == 2


def test_a_really_full_database_is_a_write_failure_and_recovers_when_it_may_grow(store, admin, match):
    """SQLite's own SQLITE_FULL: the file may not grow past its pages now (max_page_count), as on a full disk."""
    svc, gid = match
    svc.record_shot(admin, gid, MISS)
    conn = store._writer._conn
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count={pages}")
    stored = 1
    with pytest.raises(WriteFailed) as refused:
        for _ in range(3000):  # every shot adds a change-log row: the pages run out within a few hundred
            svc.record_shot(admin, gid, MISS)
            stored += 1
    assert refused.value.code == "disk_full" and isinstance(refused.value.__cause__, sqlite3.Error | OperationalError)
    assert seqs(store, gid) == list(range(1, stored + 1))
    conn.execute(f"PRAGMA max_page_count={pages * 100}")
    svc.record_shot(admin, gid, MISS)
    assert seqs(store, gid)[-1] == stored + 1 and len(svc.log(gid)) == stored + 1


def test_a_read_only_store_refuses_a_form_and_a_shot_and_both_work_once_writable(store, admin, match, monkeypatch):
    svc, gid = match
    faults = StoreFaults(store, monkeypatch)
    faults.read_only(True)
    with pytest.raises(WriteFailed) as refused:
        svc.players.add(admin, PlayerData("Новиков Пётр"))
    assert refused.value.code == "read_only" and "только для чтения" in refused.value.ru
    with pytest.raises(WriteFailed):
        svc.record_shot(admin, gid, MISS)
    assert seqs(store, gid) == [] and not store.read("SELECT 1 FROM players WHERE name = 'Новиков Пётр'")
    faults.read_only(False)
    svc.players.add(admin, PlayerData("Новиков Пётр"))
    svc.record_shot(admin, gid, MISS)
    assert seqs(store, gid) == [1] and store.read("SELECT 1 FROM players WHERE name = 'Новиков Пётр'")


def test_a_second_desk_on_the_file_takes_the_seq_and_this_one_reloads_the_log(store, admin, match):
    svc, gid = match
    svc.record_shot(admin, gid, MISS)
    other = open_store(store.path)
    try:
        theirs = MatchService(other, GameService(other), PlayerService(other))
        theirs.record_shot(admin, gid, MISS)
        with pytest.raises(SeqClash) as clash:
            svc.record_shot(admin, gid, MISS)
        assert clash.value.game_id == gid and "другое место" in clash.value.ru
        assert len(svc.log(gid)) == 2  # the other desk's shot, read back from the store
        svc.record_shot(admin, gid, MISS)  # and the next one takes the seq after it
        assert seqs(store, gid) == [1, 2, 3] and len(theirs.log(gid)) == 2  # theirs has not re-read yet
    finally:
        other.close()


def test_other_database_errors_are_bugs_and_are_raised_as_they_are(store):
    with pytest.raises(Exception) as bug:
        with store.write() as cur:
            cur.execute("INSERT INTO events (game_id) VALUES ('no such game')")
    assert not isinstance(bug.value, KnownError)
    with pytest.raises(sqlite3.OperationalError) as bug:
        with store.write() as cur:
            cur.execute("INSERT INTO no_such_table VALUES (1)")
    assert not isinstance(bug.value, KnownError)


def test_the_seq_clash_line_and_the_others_are_english_in_english(store, admin, match, monkeypatch):
    from clubdesk import errors

    svc, gid = match
    faults = StoreFaults(store, monkeypatch)
    faults.disk_full = True
    monkeypatch.setattr(errors, "_lang", "en")
    with pytest.raises(WriteFailed) as refused:
        svc.record_shot(admin, gid, MISS)
    assert str(refused.value).startswith("The disk holding club.sqlite is full: nothing was saved")
    assert json.dumps(str(refused.value)).isascii()


_FSIZE_CHILD = """
import json, resource, signal, sys
from pathlib import Path
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead of killing us
from clubdesk.errors import WriteFailed
from clubdesk.services.accounts import AccountService
from clubdesk.services.games import GameService
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store import writer
from clubdesk.store.db import open_store

writer.CHECKPOINT_EVERY = 10**9  # the log only grows, so the limit is reached by the shots' own writes
path = Path(sys.argv[1])
store = open_store(path)
admin = AccountService(store).create_first_admin("admin", "secret-admin")
svc = MatchService(store, GameService(store), PlayerService(store))
gid = svc.create(admin, svc.players.add(admin, PlayerData("Орлов Глеб")).id,
                 svc.players.add(admin, PlayerData("Сокол Анна")).id)
miss = json.loads(sys.argv[2])
svc.record_shot(admin, gid, miss)
wal = path.with_name(path.name + "-wal")
soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
resource.setrlimit(resource.RLIMIT_FSIZE, (wal.stat().st_size + 16384, hard))  # room for a shot or two
stored, failed = 1, None
for _ in range(200):
    try:
        svc.record_shot(admin, gid, miss)
        stored += 1
    except WriteFailed as exc:
        failed = [exc.code, exc.ru]
        break
resource.setrlimit(resource.RLIMIT_FSIZE, (hard, hard))  # the space is back
svc.record_shot(admin, gid, miss)
seqs = [r[0] for r in store.read("SELECT seq FROM events WHERE game_id = ? ORDER BY seq", (gid,))]
print(json.dumps({"stored": stored, "failed": failed, "seqs": seqs, "log": len(svc.log(gid))}))
"""


def test_a_real_file_size_limit_mid_game_is_a_write_failure_and_the_next_shot_records_once_lifted(tmp_path):
    """The kernel refuses the write (RLIMIT_FSIZE, as a full disk does): SQLite's own error, one line, no traceback."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _FSIZE_CHILD, str(tmp_path / "club.sqlite"), json.dumps(MISS)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    code, line = out["failed"]
    assert code in ("disk_full", "disk_error") and "ничего не записано" in line and "\n" not in line
    assert out["seqs"] == list(range(1, out["stored"] + 2)) and out["log"] == out["stored"] + 1


def test_a_taken_seq_outside_recording_a_game_is_a_bug_not_another_desk(store, admin, match):
    """Only GameService's append knows it is recording the next event: the same UNIQUE broken by a plain write (a
    synced row, a migration) is raised as it is, to the crash handler."""
    svc, gid = match
    svc.record_shot(admin, gid, MISS)
    with pytest.raises(Exception) as bug:
        with store.write() as cur:
            cur.execute("INSERT INTO events (id, game_id, seq, type, payload, hlc, desk_id, recorded_at) "
                        "SELECT 'x', game_id, seq, type, payload, hlc, desk_id, recorded_at FROM events")
    assert not isinstance(bug.value, KnownError) and "UNIQUE constraint failed: events.game_id, events.seq" in str(
        bug.value)


def test_a_store_held_by_another_program_refuses_the_shot_in_one_line_and_the_next_try_records(store, admin, match):
    svc, gid = match
    svc.record_shot(admin, gid, MISS)
    store._writer._conn.execute("PRAGMA busy_timeout=50")  # the desk waits 5 s before it gives up; the test 50 ms
    other = sqlite3.connect(store.path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # another program writing the file and not letting go
        with pytest.raises(WriteFailed) as refused:
            svc.record_shot(admin, gid, MISS)
        assert refused.value.code == "locked" and "держит другая программа" in refused.value.ru
        other.execute("ROLLBACK")
    finally:
        other.close()
    svc.record_shot(admin, gid, MISS)
    assert seqs(store, gid) == [1, 2] and len(svc.log(gid)) == 2
