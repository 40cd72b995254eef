"""A hub restored from an older backup mid-evening (docs/sync.md «A hub restored from an older backup», issue 35
item 3): the administrator's procedure — the hub's schema dropped, the evening's earlier dump put back with
pg_restore into the same database, `clubdesk sync init-hub` again — and the desks go on: each sends again what the
hub lost of its own rows, pulls again, and the club converges with nothing lost."""

from __future__ import annotations

import shutil
import subprocess

import psycopg
import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.sync import cursors
from clubdesk.sync.hub import init_hub
from tests.store.sync_desks import _zhuk_shot, synced_tables
from tests.sync.conftest import need_pg
from tests.sync.desks import make_desk

pytestmark = [pytest.mark.pg,
              pytest.mark.skipif(not (shutil.which("pg_dump") and shutil.which("pg_restore")),
                                 reason="pg_dump and pg_restore are needed")]


@pytest.fixture
def club(hub, tmp_path):
    desks = [make_desk(hub, tmp_path, n) for n in ("front", "hall", "bar")]
    AccountService(desks[0].open()).create_first_admin("admin", "secret-admin")
    yield desks
    for d in desks:
        d.close()


def dump(hub, path) -> None:
    subprocess.run(["pg_dump", "--format=custom", f"--schema={hub.prefix}", f"--file={path}", need_pg()], check=True)


def restore(hub, path) -> None:
    """What the administrator does (docs/sync.md): drop the hub's schema, pg_restore the dump, init-hub again."""
    with psycopg.connect(need_pg(), autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA "{hub.prefix}" CASCADE')
    subprocess.run(["pg_restore", f"--dbname={need_pg()}", str(path)], check=True)
    assert init_hub(hub.address) == hub.club_id


def hub_rows(hub) -> dict[str, int]:
    with hub.address.connect() as conn:
        return dict(conn.execute("SELECT desk_id, max(desk_seq) FROM log_rows WHERE club_id = %s GROUP BY desk_id",
                                 (hub.club_id,)).fetchall())


def add_players(desk, tag: str, n: int) -> None:
    actor = AccountService(desk.open()).login("admin", "secret-admin")
    for i in range(n):
        PlayerService(desk.store).add(actor, PlayerData(name=f"{tag} {i}"))


def shots(desk, gid: str, n: int) -> None:
    actor = AccountService(desk.open()).login("admin", "secret-admin")
    games = GameService(desk.store)
    for i in range(n):
        games.record(actor, gid, _zhuk_shot(games, gid, pot=i % 2 == 0))


def test_a_hub_restored_from_an_earlier_dump_mid_evening_loses_nothing_once_every_desk_syncs(club, hub, tmp_path):
    front, hall, bar = club
    actor = AccountService(front.open()).login("admin", "secret-admin")
    add_players(front, "Ранний", 3)
    players = [r[0] for r in front.store.read("SELECT id FROM players ORDER BY id")]
    gid = GameService(front.store).create(actor, "zhuk", [{"id": p} for p in players],
                                          {"nominal": 100, "settlement": "previous"})
    shots(front, gid, 3)
    for desk in (front, hall, bar, front):
        desk.sync()
    dump(hub, tmp_path / "hub.dump")  # taken earlier in the evening

    # the evening goes on: every desk's rows reach the hub and the others
    add_players(front, "Фронт", 4)
    shots(front, gid, 5)
    add_players(hall, "Зал", 6)
    for desk in (front, hall, bar, front, hall):
        desk.sync(pull_page=4)
    held_before = hub_rows(hub)

    restore(hub, tmp_path / "hub.dump")
    assert hub_rows(hub) != held_before  # the hub went back: rows the desks' cursors passed are gone

    # … and goes on after the restore: the bar desk syncs first (it pulled everything, wrote nothing yet)
    add_players(bar, "Бар", 5)
    shots(front, gid, 2)
    reports = {}
    for desk in (bar, hall, front, bar, hall, front):  # each desk syncs; the first sync of each notices
        reports.setdefault(desk.name, desk.sync(pull_page=4))
    assert all(r.rewound for r in reports.values())

    # nothing lost: the hub holds every desk's rows again, every desk holds every row, and the tables agree
    every = {d: cursors.last_desk_seq(front.store, d) for d in hub_rows(hub)}
    assert hub_rows(hub) == every
    for desk in (front, hall, bar):
        held = {d: cursors.last_desk_seq(desk.store, d) for d in every}
        assert held == every, desk.name
    tables = synced_tables(front.store)
    assert synced_tables(hall.store) == tables and synced_tables(bar.store) == tables
    names = {r[0] for r in front.store.read("SELECT name FROM players")}
    assert {f"Фронт {i}" for i in range(4)} | {f"Зал {i}" for i in range(6)} | {f"Бар {i}" for i in range(5)} <= names
    assert len(tables["events"]) == 3 + 5 + 2
    for desk in (front, hall, bar):  # the game replays alike everywhere
        assert desk.store.read("SELECT state_json FROM projections WHERE game_id = ?", (gid,)) == \
            front.store.read("SELECT state_json FROM projections WHERE game_id = ?", (gid,))
    again = [d.sync() for d in (front, hall, bar)]
    assert [(r.pushed, r.pulled, r.rewound) for r in again] == [(0, 0, False)] * 3


def test_the_rows_of_a_desk_that_never_syncs_again_go_back_to_the_hub_through_the_administrator(club, hub, tmp_path,
                                                                                               capsys):
    """A desk can send only its own rows (h002): after a restore, the rows of a desk whose PC is gone are on the desks
    that pulled them. `clubdesk sync resend-all` sends them as the hub's administrator; a desk that joins later
    gets them from the hub."""
    from clubdesk.cli import main

    front, hall, bar = club
    add_players(front, "Ранний", 2)
    front.sync()
    dump(hub, tmp_path / "hub.dump")
    add_players(front, "Поздний", 4)
    for desk in (front, hall):
        desk.sync()
    front_id = front.store.desk_id
    front.close()  # its PC is gone: it never syncs again

    restore(hub, tmp_path / "hub.dump")
    hall.sync()
    assert hub_rows(hub)[front_id] < cursors.last_desk_seq(hall.store, front_id)  # only hall holds them now
    hall.close()
    assert main(["--db", str(hall.path), "sync", "resend-all", "--hub", hub.address.url, "--schema", hub.prefix]) == 0
    assert "Отправлено на сервер записей: 4" in capsys.readouterr().out
    assert hub_rows(hub)[front_id] == cursors.last_desk_seq(hall.open(), front_id)
    assert main(["--db", str(hall.path), "sync", "resend-all", "--hub", hub.address.url, "--schema", hub.prefix]) == 0
    assert "Отправлено на сервер записей: 0" in capsys.readouterr().out  # idempotent
    bar.sync()
    assert synced_tables(bar.store) == synced_tables(hall.store)
    assert {f"Поздний {i}" for i in range(4)} <= {r[0] for r in bar.store.read("SELECT name FROM players")}
