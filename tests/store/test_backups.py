"""Backups: a store's copies are its own, every kept copy is good, and a restore finds the newest good one."""

from __future__ import annotations

import sqlite3

import pytest

from clubdesk.errors import StoreError
from clubdesk.store import backups
from clubdesk.store.backups import backup, backup_dir, list_backups, newest_good_backup, restore_newest_backup
from clubdesk.store.db import open_store


def marked(path, value: str) -> None:
    con = sqlite3.connect(path)
    con.execute("INSERT OR REPLACE INTO settings(key, value) VALUES ('marker', ?)", (value,))
    con.commit()
    con.close()


def marker(path) -> str:
    con = sqlite3.connect(path)
    try:
        return con.execute("SELECT value FROM settings WHERE key = 'marker'").fetchone()[0]
    finally:
        con.close()


@pytest.fixture
def club(tmp_path):
    path = tmp_path / "club.sqlite"
    open_store(path).close()
    return path


def test_stores_side_by_side_never_rotate_each_others_backups(club, tmp_path):
    """`club-old.sqlite` and `club-restored-….sqlite` once shared `club.sqlite`'s pool (`club-*.sqlite`)."""
    own = [backup(club) for _ in range(4)]
    for name in ("club-old.sqlite", "club-restored-20261203-120000.sqlite", "club.sqlite.sqlite"):
        other = tmp_path / name
        open_store(other).close()
        for _ in range(backups.BACKUPS_KEPT + 2):
            backup(other)
        assert len(list_backups(other)) == backups.BACKUPS_KEPT
        assert not set(list_backups(other)) & set(own)
    assert list_backups(club) == own[::-1]


def test_a_backup_that_fails_to_write_leaves_no_file_and_says_why(club, monkeypatch):
    good = backup(club)

    def disk_full(_src, dest) -> None:
        dest.write_bytes(b"")  # what a full disk left: a 0-byte file that sorted as the newest backup
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(backups, "_copy", disk_full)
    with pytest.raises(StoreError) as refused:
        backup(club)
    assert refused.value.code == "backup_failed" and "No space left on device" in refused.value.ru
    assert list(backup_dir(club).iterdir()) == [good]


def test_a_copy_that_fails_its_integrity_check_is_not_kept(club, monkeypatch):
    real = backups._copy

    def damaged(src, dest) -> None:
        real(src, dest)
        data = bytearray(dest.read_bytes())
        data[4096:] = b"\xa5" * (len(data) - 4096)  # every page but the first smashed, the header whole
        dest.write_bytes(bytes(data))

    monkeypatch.setattr(backups, "_copy", damaged)
    with pytest.raises(StoreError) as refused:
        backup(club)
    assert refused.value.code == "backup_failed"
    assert list_backups(club) == [] and list(backup_dir(club).iterdir()) == []


def test_restore_walks_back_past_empty_and_damaged_copies_to_the_newest_good_one(club):
    marked(club, "good")
    good = backup(club)
    folder = backup_dir(club)
    (folder / "club.backup-29991231-235959-000000-manual.sqlite").write_bytes(b"")
    (folder / "club.backup-29991231-235958-000000-manual.sqlite").write_bytes(b"SQLite format 3\x00" + b"\xa5" * 8000)
    assert list_backups(club)[2] == good and newest_good_backup(club) == good
    copy = restore_newest_backup(club)
    assert marker(copy) == "good" and copy.parent == club.parent


def test_when_no_backup_is_good_restore_says_so(club):
    folder = backup_dir(club)
    folder.mkdir(parents=True)
    (folder / "club.backup-20261201-100000-000000-manual.sqlite").write_bytes(b"")
    with pytest.raises(StoreError) as refused:
        restore_newest_backup(club)
    assert refused.value.code == "no_backup" and "не читается" in refused.value.ru


def test_rotation_removes_empty_copies_without_counting_them(club):
    folder = backup_dir(club)
    folder.mkdir(parents=True)
    empty = folder / "club.backup-29991231-235959-000000-manual.sqlite"
    empty.write_bytes(b"")
    made = [backup(club) for _ in range(backups.BACKUPS_KEPT)]
    assert not empty.exists() and list_backups(club) == made[::-1]


def test_copies_an_older_clubdesk_left_in_backups_are_offered_and_never_rotated(club):
    marked(club, "legacy")
    old_style = club.parent / "backups" / "club-20261101-090000-000000-before-0006.sqlite"
    old_style.parent.mkdir(exist_ok=True)
    backups._copy(club, old_style)
    other = club.parent / "backups" / "club-old-20261101-090000-000000-manual.sqlite"  # club-old.sqlite's
    backups._copy(club, other)
    assert list_backups(club) == [old_style]
    for _ in range(backups.BACKUPS_KEPT + 1):
        backup(club)
    assert old_style.exists() and other.exists() and list_backups(club)[-1] == old_style
