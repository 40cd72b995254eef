"""A long apply keeps the store's write-ahead log short, and the desk knows when it is being recorded at.

The checkpointer thread runs beside the writers; while an apply commits back to back it never caught up with the
log's end, so the log was never rewound: 100 000 pulled rows grew it past 1 GB and halved the rows/s."""

from __future__ import annotations

import os
import uuid

from clubdesk.store import changes
from clubdesk.store.changelog import SCHEMA_VERSION, canonical_json
from clubdesk.store.db import open_store


def _player_rows(n: int) -> list[dict]:
    desk = str(uuid.uuid4())
    rows = []
    for k in range(1, n + 1):
        fields = {"created_at": "2026-12-03T12:00:00.000Z", "is_guest": False, "name": f"Игрок {k}",
                  "nickname": "", "nickname_key": "", "notes": "x" * 200, "phone": "", "search_key": f"игрок {k}"}
        rows.append({"server_seq": k, "desk_id": desk, "desk_seq": k, "hlc": (1 << 60) + k, "entity": "players",
                     "entity_id": str(uuid.uuid4()), "op": "upsert", "payload": canonical_json(fields),
                     "schema_version": SCHEMA_VERSION})
    return rows


def test_a_long_apply_in_small_transactions_keeps_the_wal_a_few_megabytes(tmp_path):
    store = open_store(tmp_path / "club.sqlite")
    try:
        rows = _player_rows(12_000)
        changes.apply_remote(store, rows, batch=40, rederive=lambda *_: None)
        assert store.read("SELECT count(*) FROM players WHERE desk_id = ?", (rows[0]["desk_id"],)) == [(12_000,)]
        wal = os.path.getsize(f"{store.path}-wal")
        database = os.path.getsize(store.path)
        assert wal < 8 * 1024 * 1024 and wal < database, (wal, database)
    finally:
        store.close()


def test_the_store_knows_a_foreground_write_was_made_just_now_and_a_background_one_does_not_count(tmp_path):
    store = open_store(tmp_path / "club.sqlite")
    try:
        with store.write(background=True) as cur:
            cur.execute("INSERT INTO settings (key, value) VALUES ('pulled', '1')")
        assert not store.recording(5.0)
        with store.write() as cur:
            cur.execute("INSERT INTO settings (key, value) VALUES ('shot', '1')")
        assert store.recording(5.0)
        assert not store.recording(0.0)
    finally:
        store.close()
