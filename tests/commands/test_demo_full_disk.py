"""`clubdesk demo` on a new store when the disk is full (issue 37.3): one line that says the disk is full, no file
left behind (never «повреждена … восстановите резервную копию»), and the same command works once there is room.
The disk fills as SQLite sees it (tests/faults.py: every COMMIT «database or disk is full»), at each write of the
way: the migration of the new file, the desk's identity, the demo's own rows. Checked by hand on a tmpfs of
128 KB … 4 MB too, where SQLite also answers «disk I/O error» (health.no_space)."""

from __future__ import annotations

import errno

import pytest
from sqlalchemy.exc import OperationalError

from clubdesk.cli import main
from clubdesk.errors import StoreError
from clubdesk.services import demo
from clubdesk.store import db, health, identity
from tests import faults
from tests.faults import fill_the_disk_from_now


def _when(step, monkeypatch):
    """Fill the disk just before `step` of the demo command."""
    if step == "migration":
        fill_the_disk_from_now(monkeypatch)
        return
    module, name = {"identity": (identity, "desk_identity"), "demo": (demo, "create_demo_club")}[step]
    real = getattr(module, name)

    def filled_first(*args, **kwargs):
        fill_the_disk_from_now(monkeypatch)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, filled_first)


@pytest.mark.parametrize("step", ["migration", "identity", "demo"])
def test_demo_on_a_full_disk_says_so_in_one_line_and_leaves_no_file(tmp_path, capsys, monkeypatch, step):
    path = tmp_path / "club.sqlite"
    with monkeypatch.context() as m:
        _when(step, m)
        assert main(["--db", str(path), "demo"]) == 2
        assert faults._Switch.failures  # the fault was reached
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "нет места" in err and "повреждена" not in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    assert main(["--db", str(path), "demo"]) == 0  # room again: the same command works
    assert main(["--db", str(path), "db", "check"]) == 0


def test_a_disk_io_error_on_a_full_disk_is_the_full_disk_not_damage(tmp_path, monkeypatch):
    """SQLite cannot make the WAL index (-shm) of a store on a full disk and says «disk I/O error»."""
    path = tmp_path / "club.sqlite"
    db.open_store(path).close()
    monkeypatch.setattr(health.shutil, "disk_usage", lambda _p: type("U", (), {"free": 4096})())
    for exc in (OSError(errno.ENOSPC, "No space left on device"), OperationalError("x", (), Exception("disk I/O error")),
                Exception("database or disk is full")):
        assert health.no_space(path, exc).code == "disk_full"
    real = db.sqlite3.connect

    def failing(*args, **kwargs):
        if "mode=ro" in str(args[0]):
            raise db.sqlite3.OperationalError("disk I/O error")
        return real(*args, **kwargs)

    monkeypatch.setattr(db.sqlite3, "connect", failing)
    with pytest.raises(StoreError) as refused:
        db.check_file(path)
    assert refused.value.code == "disk_full" and "нет места" in refused.value.ru


def test_a_disk_io_error_with_room_on_the_disk_is_not_called_a_full_disk(tmp_path, monkeypatch):
    monkeypatch.setattr(health.shutil, "disk_usage", lambda _p: type("U", (), {"free": 10 << 30})())
    assert health.no_space(tmp_path / "x", Exception("disk I/O error")) is None
    assert health.no_space(tmp_path / "x", Exception("no such table: t")) is None


def test_a_read_the_full_disk_refuses_is_the_full_disk_not_damage(tmp_path, monkeypatch):
    """The first page reads through Store.read: a «disk I/O error» there on a full disk says so too."""
    store = db.open_store(tmp_path / "club.sqlite")
    monkeypatch.setattr(health.shutil, "disk_usage", lambda _p: type("U", (), {"free": 0})())

    class Failing:
        def execute(self, *_args):
            raise db.sqlite3.OperationalError("disk I/O error")

        def close(self):
            pass

    store._reader = Failing()
    try:
        with pytest.raises(StoreError) as refused:
            store.read("SELECT 1")
    finally:
        store.close()
    assert refused.value.code == "disk_full"
