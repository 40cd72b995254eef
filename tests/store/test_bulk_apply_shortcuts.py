"""The shortcuts of the bulk apply for the common row of a first pull (a player this desk has never seen): what they
skip must be what the row-by-row apply (`sync.merge._apply_data`) would have found to do nothing."""

from __future__ import annotations

import contextlib
import uuid

import pytest

from clubdesk.store.changelog import SCHEMA_VERSION, canonical_json
from clubdesk.store.db import open_store
from clubdesk.sync import apply as changes
from clubdesk.sync import resolutions
from clubdesk.sync.bulk_fresh import literal
from tests.store.test_bulk_apply_matches_row_by_row import apply_row_by_row

DESK = str(uuid.uuid4())


def _player(seq: int, pid: str, **fields) -> dict:
    payload = {"birthday": None, "created_at": "2026-12-03T12:00:00.000Z", "is_guest": False, "merged_into": "",
               "name": f"Игрок {seq}", "nickname": "", "nickname_key": "", "notes": "", "phone": "",
               "search_key": f"игрок {seq}", **fields}
    return {"server_seq": seq, "desk_id": DESK, "desk_seq": seq, "hlc": (1 << 60) + seq, "entity": "players",
            "entity_id": pid, "op": "upsert", "payload": canonical_json(payload), "schema_version": SCHEMA_VERSION}


@contextlib.contextmanager
def applied_both_ways(tmp_path, rows: list[dict]):
    """[bulk, row by row]: `rows` applied to two fresh stores, in bulk (`apply_remote`) and by the reference."""
    stores = []
    try:
        for name, apply in (("bulk", lambda s, r: changes.apply_remote(s, r, batch=50)), ("rows", apply_row_by_row)):
            stores.append(open_store(tmp_path / f"{name}.sqlite"))
            apply(stores[-1], rows)
        yield stores
    finally:
        for store in stores:
            store.close()


def _conflicts(store) -> list[tuple]:
    return store.read("SELECT kind, entity_id, other_id, resolved, resolution FROM conflicts ORDER BY id")


def test_a_player_never_seen_here_who_arrives_merged_closes_his_duplicate_conflict_as_row_by_row_does(tmp_path):
    """The merge check is skipped for a new player who arrives unmerged (merged_into ''), never for one who
    arrives merged: here his duplicate conflict with the survivor, noted before, is closed."""
    survivor, merged = sorted(str(uuid.uuid4()) for _ in range(2))
    rows = [_player(1, survivor), _player(2, merged, merged_into=survivor)]
    stores = []
    for name, apply in (("bulk", lambda s, r: changes.apply_remote(s, r, batch=5)), ("rows", apply_row_by_row)):
        store = open_store(tmp_path / f"{name}.sqlite")
        stores.append(store)
        apply(store, rows[:1])
        with store.write() as cur:
            cur.execute("INSERT INTO conflicts (kind, entity, entity_id, other_id, detail_json, created_at, resolved) "
                        "VALUES ('duplicate_player', 'players', ?, ?, '{\"same\": \"phone\"}', '2026-12-03', 0)",
                        (survivor, merged))
        apply(store, rows[1:])
    try:
        assert _conflicts(stores[0]) == _conflicts(stores[1]) == [
            ("duplicate_player", survivor, merged, 1, "merged")]
    finally:
        for store in stores:
            store.close()


def test_new_players_who_arrive_unmerged_cost_no_merge_lookup_and_a_merge_of_a_known_one_does(tmp_path, monkeypatch):
    calls = []
    real = resolutions.resolve_duplicates
    monkeypatch.setattr(resolutions, "resolve_duplicates", lambda cur, pid: calls.append(pid) or real(cur, pid))
    store = open_store(tmp_path / "club.sqlite")
    try:
        ids = [str(uuid.uuid4()) for _ in range(50)]
        changes.apply_remote(store, [_player(k + 1, pid) for k, pid in enumerate(ids)], batch=20)
        assert calls == []
        merge = _player(51, ids[0], merged_into=ids[1])
        changes.apply_remote(store, [merge], batch=20)
        assert calls == [ids[0]]
        assert store.read("SELECT merged_into FROM players WHERE id = ?", (ids[0],)) == [(ids[1],)]
    finally:
        store.close()


def test_the_garbage_collector_paused_by_an_apply_runs_again_after_it_even_when_the_apply_fails(tmp_path,
                                                                                                 automatic_collector):
    import gc

    store = open_store(tmp_path / "club.sqlite")
    try:
        changes.apply_remote(store, [_player(1, str(uuid.uuid4()))], batch=5)
        assert gc.isenabled()
        try:
            changes.apply_remote(store, [_player(3, str(uuid.uuid4()))], batch=5)  # 2 is missing: a gap
        except changes.SyncGap:
            pass
        assert gc.isenabled()
        gc.disable()  # a collector the application switched off stays off
        try:
            changes.apply_remote(store, [_player(2, str(uuid.uuid4()))], batch=5)
            assert not gc.isenabled()
        finally:
            gc.enable()
    finally:
        store.close()


def test_players_never_seen_here_get_the_parts_and_name_row_by_row_gives_them_from_old_and_new_desks(tmp_path):
    """A never-seen player's insert is built by its payload's shape (bulk_fresh): a desk older than 0013 says `name`
    only, which writes both parts by its clock — so a first name from another desk with an older clock, later in
    the same batch, loses to it, as row by row; a desk of 0013 says the parts."""
    other = str(uuid.uuid4())
    ids = [str(uuid.uuid4()) for _ in range(5)]
    rows = [_player(1, ids[0], name="Иванов Пётр Ильич"), _player(2, ids[1], name="Кузнецов"),
            _player(3, ids[2], name=""), _player(4, ids[3], name="  Петрова-Водкина   Анна ")]
    parts = {"birthday": None, "created_at": "2026-12-03T12:00:00.000Z", "first_name": "Ольга", "is_guest": False,
             "merged_into": "", "nickname": "", "nickname_key": "", "notes": "", "phone": "", "search_key": "х",
             "surname": "Смирнова"}
    rows.append({**_player(5, ids[4]), "payload": canonical_json(parts)})
    older = {"server_seq": 6, "desk_id": other, "desk_seq": 1, "hlc": 1 << 59, "entity": "players",
             "entity_id": ids[0], "op": "upsert", "payload": canonical_json({"first_name": "Павел"}),
             "schema_version": SCHEMA_VERSION}
    rows.append(older)
    with applied_both_ways(tmp_path, rows) as stores:
        got = [s.read("SELECT id, surname, first_name, name FROM players WHERE id IN (?, ?, ?, ?, ?) ORDER BY id",
                      tuple(ids)) for s in stores]
        assert got[0] == got[1]
        assert (ids[0], "Иванов", "Пётр Ильич", "Иванов Пётр Ильич") in got[0]
        assert (ids[3], "Петрова-Водкина", "Анна", "Петрова-Водкина Анна") in got[0]
        assert (ids[4], "Смирнова", "Ольга", "Смирнова Ольга") in got[0]


def test_a_players_row_of_few_fields_gets_the_table_defaults_row_by_row_gives_it(tmp_path):
    """A never-seen row's insert writes the defaults it does not carry into its statement (bulk_fresh.literal):
    the row stored is the one `_apply_data` stores, column for column."""
    ids = sorted(str(uuid.uuid4()) for _ in range(3))
    payloads = ({"name": "Д'Артаньян Шарль"}, {"name": "Портос", "notes": "it's"}, {"name": "Атос", "is_guest": True})
    at = {"created_at": "2026-12-03T12:00:00.000Z"}  # its default is the time of the apply
    rows = [{**_player(k + 1, ids[k]), "payload": canonical_json({**at, **p})} for k, p in enumerate(payloads)]
    with applied_both_ways(tmp_path, rows) as stores:
        got = [s.read("SELECT * FROM players WHERE id IN (?, ?, ?) ORDER BY id", tuple(ids)) for s in stores]
        assert got[0] == got[1]
        assert [r[:2] for r in stores[0].read("SELECT name, status FROM players WHERE id = ?", (ids[0],))] == [
            ("Д'Артаньян Шарль", "active")]


@pytest.mark.parametrize("value", [None, True, False, 0, -5, (1 << 63) - 1, -(1 << 63), "", "active",
                                   "Д'Артаньян", "''", "a\nb"])
def test_a_default_written_into_the_statement_reads_back_as_the_bound_value(value):
    import sqlite3

    conn = sqlite3.connect(":memory:")
    try:
        spelled = literal(value)
        assert spelled is not None
        written, bound = conn.execute(f"SELECT {spelled}, ?", (value,)).fetchone()
        assert (written, type(written)) == (bound, type(bound))
    finally:
        conn.close()


@pytest.mark.parametrize("value", [1 << 63, 1.5, b"x", "a\x00b", [1]])
def test_a_default_sqlite_would_read_otherwise_is_bound(value):
    assert literal(value) is None
