"""Data migrations write their log rows: after every migration has run on a filled store, replaying the store's
change log gives its synced tables (a desk that pulls the log would otherwise differ from this one)."""

from __future__ import annotations

import json

import pytest

from clubdesk.store import migrate
from clubdesk.store.db import open_store
from clubdesk.sync import apply


def _downgrade(store, target: str) -> None:
    from alembic import command

    cfg = migrate.alembic_config()
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, target)


def _upgrade(store) -> None:
    with store.engine.begin() as conn:
        migrate.upgrade(conn)


def _a_clock_runs_on_as_0005_wrote_it(store) -> None:
    """The round clocks move on in options_json, written with a whole-row log row as the 0005 code did; 0006
    then moves them into the rounds' columns without a log row of its own."""
    import sqlite3

    con = sqlite3.connect(store.path)
    with con:
        (tid, opts), = con.execute("SELECT id, options_json FROM tournaments WHERE game = 'zhuk'").fetchall()
        options = json.loads(opts)
        assert options["clocks"]
        for clock in options["clocks"].values():
            clock["elapsed"] = 123.0
        con.execute("UPDATE tournaments SET options_json = ? WHERE id = ?", (json.dumps(options), tid))
        row = dict(zip([d[0] for d in con.execute("SELECT * FROM tournaments").description],
                       con.execute("SELECT * FROM tournaments WHERE id = ?", (tid,)).fetchone(), strict=True))
        desk, hlc = con.execute("SELECT desk_id, max(hlc) + 1 FROM change_log").fetchone()
        con.execute("INSERT INTO change_log (hlc, desk_id, entity, entity_id, op, payload, pushed) "
                    "VALUES (?, ?, 'tournaments', ?, 'update', ?, 0)", (hlc, desk, tid, json.dumps(row)))
    con.close()


@pytest.fixture
def demo_store(club_file):
    path, _desk = club_file
    store = open_store(path)
    yield store
    store.close()


def test_the_demo_club_written_by_the_services_is_all_in_its_log(demo_store):
    assert demo_store.read("SELECT count(*) FROM events")[0][0] > 0
    assert apply.uncovered(demo_store) == []


# From 0005: the downgrades of 0004 and older rebuild tables in batch mode, which a filled store's foreign keys
# refuse (before the sync no data migration ran below 0006, so nothing there changed rows without a log row).
@pytest.mark.parametrize("start", ["0005"])
def test_every_migration_from_a_filled_store_leaves_the_log_covering_every_row(demo_store, start):
    running = demo_store.read("SELECT count(*) FROM rounds WHERE clock_started_at IS NOT NULL")[0][0]
    assert running  # the demo round's clock runs: 0006 moves it, 0007 must log that move
    _downgrade(demo_store, start)
    if start == "0005":
        _a_clock_runs_on_as_0005_wrote_it(demo_store)
    _upgrade(demo_store)
    assert demo_store.read("SELECT version_num FROM alembic_version")[0][0] == migrate.HEAD
    assert apply.uncovered(demo_store) == []
    if start == "0005":
        assert {e for (e,) in demo_store.read("SELECT clock_elapsed FROM rounds WHERE clock_elapsed > 0")} == {123.0}
    seqs = demo_store.read("SELECT desk_id, count(*), max(desk_seq) FROM change_log GROUP BY desk_id")
    assert all(n == top for _d, n, top in seqs)  # renumbered without a gap


def test_the_sync_migrations_round_trip_keeps_every_synced_value(demo_store):
    """0007…0009 down and up again: the same club. A seating's draw id is minted again (its swaps follow it),
    set-like rows keep their derived ids."""
    from tests.store.sync_desks import synced_tables

    def comparable(store):
        tables = synced_tables(store)
        tables["evenings"] = [tuple(json.dumps({**json.loads(v), "draw": "-"}) if isinstance(v, str) and '"draw"' in v
                                    else v for v in row) for row in tables["evenings"]]
        # 0009 moves a ban out of its player's columns again (its id and time from the player)
        tables["bans"] = store.read("SELECT player_id, reason, until, lifted FROM bans ORDER BY player_id")
        tables["seating_swaps"] = store.read("SELECT evening_id, round_no, player_a, player_b, number "
                                             "FROM seating_swaps ORDER BY number")
        return tables

    from clubdesk.roles import SYSTEM
    from clubdesk.services.evenings import EveningService
    from clubdesk.services.games import GameService
    from clubdesk.services.players import PlayerService

    evenings = EveningService(demo_store, GameService(demo_store), PlayerService(demo_store))
    eid = evenings.list()[0].id
    last = evenings.seating(eid).rounds[-1]
    evenings.swap(SYSTEM, eid, len(evenings.seating(eid).rounds), last[0][0], last[0][1])
    before = comparable(demo_store)
    assert len(before["seating_swaps"]) == 1 and before["check_ins"]
    _downgrade(demo_store, "0006")
    _upgrade(demo_store)
    assert comparable(demo_store) == before
