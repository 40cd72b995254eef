"""A desk's fast start: a store at head opens without the ORM and is checked by its warm-up (Store)."""

from __future__ import annotations

import hashlib
import sqlite3

import pytest

from clubdesk.errors import StoreError
from clubdesk.store.db import open_store


def sha(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def damage_tail(path, pages: int = 4) -> None:
    """Overwrite the last pages (event and projection data) and leave the header, schema and settings whole."""
    con = sqlite3.connect(path)
    page = con.execute("PRAGMA page_size").fetchone()[0]
    con.close()
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.seek(size - pages * page)
        fh.write(b"\xa5" * pages * page)


def test_deferred_open_reads_the_registry_before_the_orm_is_built(club_file):
    path, desk_id = club_file
    store = open_store(path, deferred=True)
    try:
        assert not store.ready
        assert store.desk_id == desk_id
        assert store.read("SELECT count(*) FROM players")[0][0] == 40
    finally:
        store.close()


def test_first_session_runs_the_check_and_the_clock_goes_on_from_the_file(club_file):
    from clubdesk.roles import SYSTEM
    from clubdesk.services.players import PlayerData, PlayerService

    path, _desk = club_file
    newest = sqlite3.connect(path).execute("SELECT max(hlc) FROM change_log").fetchone()[0]
    store = open_store(path, deferred=True)
    try:
        PlayerService(store).add(SYSTEM, PlayerData("Новый Игрок"))
        assert store.ready
        assert store.read("SELECT max(hlc) FROM change_log")[0][0] > newest
        assert store.read("SELECT count(*) FROM players")[0][0] == 41
    finally:
        store.close()


def test_damaged_file_refuses_every_session_and_is_left_untouched(club_file):
    path, _desk = club_file
    damage_tail(path)
    before = sha(path)
    store = open_store(path, deferred=True)  # the header, revision and desk id still read fine
    try:
        with pytest.raises(StoreError) as err:
            store.warm_up()
        assert err.value.code == "corrupt"
        with pytest.raises(StoreError):
            store.session_factory  # noqa: B018 - the property is the refusal
        assert not store.ready
    finally:
        store.close()
    assert sha(path) == before


def test_background_warm_up_reports_the_damage_to_its_callback(club_file):
    path, _desk = club_file
    damage_tail(path)
    store = open_store(path, deferred=True)
    got = []
    try:
        store.warm_up_in_background(got.append).join(timeout=30)
        assert len(got) == 1 and isinstance(got[0], StoreError) and got[0].code == "corrupt"
    finally:
        store.close()


def test_background_warm_up_of_a_sound_file_reports_none_and_leaves_it_ready(club_file):
    path, _desk = club_file
    store = open_store(path, deferred=True)
    got = []
    try:
        store.warm_up_in_background(got.append).join(timeout=30)
        assert got == [None] and store.ready
    finally:
        store.close()


def test_new_file_takes_the_full_path_and_is_ready_at_once(tmp_path):
    store = open_store(tmp_path / "new.sqlite", deferred=True)
    try:
        assert store.ready
        assert store.read("SELECT value FROM settings WHERE key = 'desk_id'")[0][0] == store.desk_id
    finally:
        store.close()


def break_an_index(path) -> None:
    """Make ix_players_name_id disagree with its table: quick_check still says ok, integrity_check does not."""
    con = sqlite3.connect(path)
    con.execute("PRAGMA writable_schema=ON")
    con.execute("UPDATE sqlite_master SET sql = 'CREATE INDEX ix_players_name_id ON players (nickname, id)' "
                "WHERE name = 'ix_players_name_id'")
    con.commit()
    con.close()
    con = sqlite3.connect(path)
    try:
        assert con.execute("PRAGMA quick_check").fetchall() == [("ok",)]
        assert con.execute("PRAGMA integrity_check").fetchall() != [("ok",)]
    finally:
        con.close()


def test_an_index_that_no_longer_matches_its_table_is_refused_before_any_write(club_file):
    path, _desk = club_file
    break_an_index(path)
    digest = sha(path)
    store = open_store(path, deferred=True)  # the GUI's way: opens at once, checks in the warm-up
    with pytest.raises(StoreError) as refused:
        store.session_factory()
    assert refused.value.code == "corrupt"
    store.close()
    with pytest.raises(StoreError):
        open_store(path)  # the CLI's way
    assert sha(path) == digest


def test_another_programs_sqlite_file_is_refused_untouched_and_not_backed_up(tmp_path):
    from clubdesk.store.db import list_backups

    path = tmp_path / "photos.sqlite"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE albums (id INTEGER PRIMARY KEY, title TEXT)")
    con.execute("INSERT INTO albums (title) VALUES ('Лето')")
    con.commit()
    con.close()
    digest = sha(path)
    for deferred in (True, False):
        with pytest.raises(StoreError) as refused:
            open_store(path, deferred=deferred)
        assert refused.value.code == "not_clubdesk"
    assert sha(path) == digest and list_backups(path) == []


def test_an_empty_sqlite_file_becomes_a_store(tmp_path):
    path = tmp_path / "empty.sqlite"
    sqlite3.connect(path).execute("PRAGMA user_version = 0").connection.close()
    assert path.read_bytes().startswith(b"SQLite format 3")  # a database, with no table yet
    open_store(path).close()
    con = sqlite3.connect(path)
    try:
        assert con.execute("SELECT count(*) FROM sqlite_master WHERE name = 'events'").fetchone() == (1,)
    finally:
        con.close()


@pytest.mark.parametrize("machine", ["vm", "стойка-1", 'desk "1" \\ tab\there', "\U0001f3b1"])
def test_the_desks_copy_is_written_as_json_dumps_spells_it(machine):
    import json

    from clubdesk.store.identity import copy_text

    ids = ("2afe035e-8dec-4947-96b4-25eefc95592f", "c2d68520-2a04-4eba-a6c8-b7444f72273b")
    assert copy_text(ids[0], machine, ids[1]) == json.dumps({"store_instance": ids[0], "machine": machine,
                                                             "desk_id": ids[1]})


def test_a_host_name_json_escapes_still_opens_fast_as_the_same_desk(tmp_path, monkeypatch):
    from clubdesk.store import identity

    monkeypatch.setattr(identity, "machine", lambda: 'стойка "1"')
    path = tmp_path / "club.sqlite"
    store = open_store(path)
    desk_id = store.desk_id
    store.close()
    store = open_store(path, deferred=True)
    try:
        assert not store.ready and store.desk_id == desk_id  # the fast open: the copy named this instance here
    finally:
        store.close()


def test_a_copy_naming_another_machine_sends_the_file_the_full_way_to_a_new_desk_id(club_file):
    from clubdesk.store import identity

    path, desk_id = club_file
    instance = sqlite3.connect(path).execute("SELECT value FROM settings WHERE key = 'store_instance'").fetchone()[0]
    identity.copy_path(path).write_text(identity.copy_text(instance, "another-pc", desk_id), encoding="utf-8")
    store = open_store(path, deferred=True)
    try:
        assert store.ready and store.desk_id != desk_id
    finally:
        store.close()


def test_the_fast_open_reads_through_the_connection_that_asked_for_the_desk_id(club_file):
    path, desk_id = club_file
    store = open_store(path, deferred=True)
    try:
        asked = store._reader  # noqa: SLF001 - SQLite read the file's schema once, for the fast open and the first page
        assert asked is not None
        assert store.read("SELECT value FROM settings WHERE key = 'desk_id'") == [(desk_id,)]
        assert store._reader is asked  # noqa: SLF001
    finally:
        store.close()
