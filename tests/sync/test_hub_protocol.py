"""The hub on its own: init-hub is idempotent, a desk role has rights on the sync tables only, a push is
idempotent and resumable, and a puller never skips a row that commits late."""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager

import psycopg
import pytest

from clubdesk.sync import protocol
from clubdesk.sync.errors import SyncError
from clubdesk.sync.hub import init_hub

pytestmark = pytest.mark.pg


def rows_of(desk_id: str, first: int, last: int) -> list[dict]:
    return [{"desk_id": desk_id, "desk_seq": n, "hlc": n << 16, "schema_version": 7, "entity": "players",
             "entity_id": f"p{n}", "op": "upsert", "payload": f'{{"name":"Игрок {n}"}}'} for n in range(first, last + 1)]


def hub_head() -> str:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", "clubdesk.sync:hub_migrations")
    return ScriptDirectory.from_config(cfg).get_current_head()


def test_init_hub_twice_keeps_the_club_and_changes_nothing(hub):
    assert init_hub(hub.address) == hub.club_id
    with hub.address.connect() as conn:
        assert conn.execute("SELECT count(*) FROM clubs").fetchone()[0] == 1
        assert conn.execute("SELECT version_num FROM clubdesk_hub_version").fetchall() == [(hub_head(),)]


def test_a_desk_role_may_append_and_read_log_rows_but_touch_nothing_else(hub):
    address, password, _ = hub.add_desk("a")
    with address.connect(password) as conn:
        protocol.hello(conn, hub.club_id, "d-a", 7, int(time.time() * 1000))
        assert protocol.push_batch(conn, hub.club_id, "d-a", rows_of("d-a", 1, 3)) == 3
        for stmt in ("CREATE TABLE intruder (x int)", "DELETE FROM log_rows", "UPDATE log_rows SET op = 'x'",
                     "INSERT INTO desks (club_id, desk_id, name, role_name, protocol_version, schema_version) "
                     "VALUES ('c', 'd', 'n', 'r', 1, 1)", "UPDATE hub_meta SET value = '9'"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(stmt)
            conn.rollback()


def test_a_desk_id_registered_by_one_role_is_refused_to_another(hub):
    a, pa, _ = hub.add_desk("a")
    b, pb, _ = hub.add_desk("b")
    with a.connect(pa) as conn:
        protocol.hello(conn, hub.club_id, "d-a", 7, 0)
    with b.connect(pb) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        protocol.hello(conn, hub.club_id, "d-a", 7, 0)


def say_hello(conn, hub, *desk_ids: str) -> None:
    """Register `desk_ids` under the connection's role: the hub takes rows only under desk ids so registered."""
    for desk_id in desk_ids:
        protocol.hello(conn, hub.club_id, desk_id, 7, int(time.time() * 1000))


def test_a_resent_batch_is_skipped_and_a_push_resumes_from_what_the_hub_holds(hub):
    address, password, _ = hub.add_desk("a")
    with address.connect(password) as conn:
        say_hello(conn, hub, "d-a")
        assert protocol.push_batch(conn, hub.club_id, "d-a", rows_of("d-a", 1, 5)) == 5
        assert protocol.push_batch(conn, hub.club_id, "d-a", rows_of("d-a", 1, 5)) == 5  # the ack was lost
        assert protocol.push_batch(conn, hub.club_id, "d-a", rows_of("d-a", 3, 8)) == 8  # overlapping
        # rows after a gap are not taken: the desk is told to send from 8
        assert protocol.push_batch(conn, hub.club_id, "d-a", rows_of("d-a", 10, 12)) == 8
        rows = protocol.pull_page(conn, hub.club_id, 0, protocol.head(conn, hub.club_id), 100, own=[])
    assert [r["desk_seq"] for r in rows] == list(range(1, 9))
    assert [r["server_seq"] for r in rows] == sorted({r["server_seq"] for r in rows})


def test_pull_leaves_out_this_files_own_desk_ids_and_stops_at_the_watermark(hub):
    address, password, _ = hub.add_desk("a")
    with address.connect(password) as conn:
        say_hello(conn, hub, "d-a", "d-b")
        protocol.push_batch(conn, hub.club_id, "d-a", rows_of("d-a", 1, 3))
        protocol.push_batch(conn, hub.club_id, "d-b", rows_of("d-b", 1, 2))
        upto = protocol.head(conn, hub.club_id)
        protocol.push_batch(conn, hub.club_id, "d-b", rows_of("d-b", 3, 3))  # after the watermark was read
        rows = protocol.pull_page(conn, hub.club_id, 0, upto, 100, own=["d-a"])
        assert [(r["desk_id"], r["desk_seq"]) for r in rows] == [("d-b", 1), ("d-b", 2)]
        assert protocol.pull_page(conn, hub.club_id, upto, protocol.head(conn, hub.club_id), 100, own=["d-a"]) \
            == [dict(rows[0], desk_seq=3, server_seq=upto + 1, entity_id="p3", hlc=3 << 16,
                     payload='{"name":"Игрок 3"}')]


def test_a_hub_of_a_newer_protocol_is_refused_in_one_line(hub):
    with hub.address.connect() as conn:
        conn.execute("UPDATE hub_meta SET value = %s WHERE key = 'protocol_version'",
                     (str(protocol.PROTOCOL_VERSION + 1),))
        conn.commit()
    address, password, _ = hub.add_desk("a")
    with address.connect(password) as conn, pytest.raises(SyncError) as info:
        protocol.hello(conn, hub.club_id, "d-a", 7, 0)
    assert info.value.code == "hub_newer" and "\n" not in str(info.value)


def test_an_unreachable_hub_is_one_line():
    from clubdesk.sync.hub import HubAddress

    with pytest.raises(SyncError) as info:
        HubAddress.parse("postgresql://nobody@127.0.0.1:1/none").connect("x")
    assert info.value.code == "unreachable" and "\n" not in str(info.value)


class SlowCommit(psycopg.Connection):
    """A connection whose transactions wait `delay` s between their last statement and their commit."""

    delay = 0.0
    holding: threading.Event  # set when a transaction's statements are done and its commit waits

    @contextmanager
    def transaction(self, *args, **kwargs):
        with super().transaction(*args, **kwargs) as tx:
            yield tx
            self.holding.set()
            time.sleep(self.delay)  # the slow commit is the scenario, not a wait of the test's


def test_a_puller_never_skips_a_row_that_commits_late_under_two_concurrent_pushers(hub):
    """Pusher A takes its server_seq values first and commits late; pusher B starts later and would commit
    first. Without the ingestion lock a puller reading in between sees B's larger server_seq, moves its cursor
    past A's rows and never sees them (the cursor bug cr-sqlite once had)."""
    address, password, _ = hub.add_desk("a")
    options = {"options": f"-c search_path={address.schema}", "password": password}
    slow = SlowCommit.connect(address.url, **options)
    slow.delay, slow.holding = 0.4, threading.Event()
    fast = psycopg.connect(address.url, **options)
    reader = psycopg.connect(address.url, **options)
    say_hello(reader, hub, "d-a", "d-b")
    seen: list[tuple[str, int]] = []
    done = threading.Event()

    def pull_until_done() -> None:
        cursor = 0
        while True:
            finished = done.is_set()
            upto = protocol.head(reader, hub.club_id)
            rows = protocol.pull_page(reader, hub.club_id, cursor, upto, 1000, own=[])
            seen.extend((r["desk_id"], r["desk_seq"]) for r in rows)
            cursor = upto
            if finished:
                return
            time.sleep(0.01)

    puller = threading.Thread(target=pull_until_done)
    puller.start()
    try:
        for round_no in range(3):
            first = round_no * 50 + 1
            a = threading.Thread(target=protocol.push_batch,
                                 args=(slow, hub.club_id, "d-a", rows_of("d-a", first, first + 49)))
            slow.holding.clear()
            a.start()
            assert slow.holding.wait(20)  # A has inserted and holds its rows uncommitted
            protocol.push_batch(fast, hub.club_id, "d-b", rows_of("d-b", first, first + 49))
            a.join()
    finally:
        done.set()
        puller.join()
        for conn in (slow, fast, reader):
            conn.close()
    assert len(seen) == len(set(seen)) == 300


def test_the_desk_reads_its_rows_to_push_in_the_order_the_hub_copies_them():
    from clubdesk.sync import copy_text

    assert copy_text.PUSH_COLUMNS == protocol.ROW_COLUMNS


def test_a_batch_with_a_hole_is_refused_whole_and_the_hub_keeps_no_row_of_it(hub):
    address, password, _ = hub.add_desk("a")
    with address.connect(password) as conn:
        say_hello(conn, hub, "d-a")
        assert protocol.push_batch(conn, hub.club_id, "d-a", rows_of("d-a", 1, 2)) == 2
        holed = rows_of("d-a", 3, 4) + rows_of("d-a", 6, 6)
        with pytest.raises(ValueError, match="gap"):
            protocol.push_batch(conn, hub.club_id, "d-a", holed)
        assert protocol.acked(conn, hub.club_id, "d-a") == 2
