"""A store whose path holds URL-ish or non-ASCII characters is one file for the ORM, the writer and the reader."""

from __future__ import annotations

import pytest

from clubdesk.roles import SYSTEM
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store.db import backup, list_backups, open_store, restore_newest_backup

NAMES = ["club%20x.sqlite", "club x.sqlite", "club?mode=memory.sqlite", "club#1.sqlite", "club's \"best\".sqlite",
         "клуб «Маэстро».sqlite", "100% ?#'\" Жук.sqlite"]


@pytest.mark.parametrize("name", NAMES)
def test_the_orm_the_writer_and_the_reader_use_the_one_file_named(tmp_path, name):
    folder = tmp_path / "дир %41 ?#"
    folder.mkdir()
    path = folder / name
    store = open_store(path)
    try:
        PlayerService(store).add(SYSTEM, PlayerData("Иванов Пётр"))  # the ORM
        with store.write() as cursor:  # the writer
            cursor.execute("INSERT INTO settings(key, value) VALUES ('marker', 'writer')")
        assert store.read("SELECT count(*) FROM players") == [(1,)]  # the reader
        assert store.read("SELECT value FROM settings WHERE key = 'marker'") == [("writer",)]
        with store.session_factory() as s:
            assert s.connection().exec_driver_sql("SELECT value FROM settings WHERE key = 'marker'").scalar() == \
                "writer"
    finally:
        store.close()
    companions = ("-wal", "-shm", ".desk")  # SQLite's, and the desk identity's (clubdesk/store/identity.py)
    stores = sorted(p.name for p in folder.iterdir() if p.is_file() and not p.name.endswith(companions))
    assert stores == [name]
    reopened = open_store(path)
    try:
        assert reopened.read("SELECT name FROM players") == [("Иванов Пётр",)]
    finally:
        reopened.close()
    made = backup(path)
    assert list_backups(path) == [made]
    copy = restore_newest_backup(path)
    assert copy.parent == folder and copy.exists()
