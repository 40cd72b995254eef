"""The administrator's conflict actions between desks (no hub: rows exchanged directly): a merge of two
players keeps both histories under the survivor everywhere, is idempotent and converges when two desks make it;
a game branch kept or set aside is archived, never lost, and every desk ends on the same line."""

from __future__ import annotations

import datetime as dt

import pytest

from clubdesk.errors import PermissionDenied, ValidationError
from clubdesk.roles import Actor
from clubdesk.services.accounts import AccountService
from clubdesk.services.conflicts import ConflictService
from clubdesk.services.evenings import EveningService
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store.db import open_store
from clubdesk.store.resolutions import identities
from tests.store.sync_desks import exchange, send, synced_tables


@pytest.fixture
def desks(tmp_path):
    stores = []
    for name in "abc":
        (tmp_path / name).mkdir()
        stores.append(open_store(tmp_path / name / "club.sqlite"))
    a, b, c = stores
    admin = AccountService(a).create_first_admin("admin", "secret-admin")
    exchange(a, b, c)
    yield a, b, c, admin
    for s in stores:
        s.close()


def evenings(store) -> EveningService:
    return EveningService(store, GameService(store), PlayerService(store))


def duplicate_conflict(store) -> int:
    rows = store.read("SELECT id FROM conflicts WHERE kind = 'duplicate_player' AND NOT resolved")
    assert len(rows) == 1, rows
    return rows[0][0]


def visible(store) -> list[str]:
    return [p.name for p in PlayerService(store).search("")]


def test_a_merge_keeps_both_histories_under_the_survivor_on_every_desk(desks):
    a, b, c, admin = desks
    eve = evenings(a).create(admin, dt.date(2026, 12, 3), None).id
    exchange(a, b, c)
    first = PlayerService(a).add(admin, PlayerData("Иван Петров", phone="+7 900 111-22-33"))
    second = PlayerService(b).add(admin, PlayerData("Ваня Петров", phone="8 900 111 22 33"))
    evenings(a).check_in(admin, eve, first.id)
    evenings(b).check_in(admin, eve, second.id)
    exchange(a, b, c)
    assert sorted(visible(c)) == ["Ваня Петров", "Иван Петров"]
    survivor = ConflictService(c).merge_conflict(admin, duplicate_conflict(c))
    merged = second.id if survivor == first.id else first.id
    exchange(a, b, c)
    for store in (a, b, c):
        assert len(visible(store)) == 1
        assert store.read("SELECT merged_into FROM players WHERE id = ?", (merged,)) == [(survivor,)]
        assert identities(store.read, survivor) == {first.id, second.id}
        assert store.read("SELECT count(*) FROM conflicts WHERE kind = 'duplicate_player' AND NOT resolved") == [(0,)]
        # both check-ins are still there, as written: nothing rewritten, nothing lost
        assert {r[0] for r in store.read("SELECT player_id FROM check_ins WHERE evening_id = ?", (eve,))} == \
            {first.id, second.id}
    assert synced_tables(a) == synced_tables(b) == synced_tables(c)


def test_a_merge_made_on_two_desks_and_made_again_is_one_merge(desks):
    a, b, c, admin = desks
    PlayerService(a).add(admin, PlayerData("Иван Петров", nickname="Ваня"))
    PlayerService(b).add(admin, PlayerData("Иван Петров-2", nickname="ваня"))
    exchange(a, b, c)
    s_a = ConflictService(a).merge_conflict(admin, duplicate_conflict(a))
    s_b = ConflictService(b).merge_conflict(admin, duplicate_conflict(b))  # partitioned: the same pair
    assert s_a == s_b
    merged = a.read("SELECT id FROM players WHERE merged_into <> ''")[0][0]
    ConflictService(a).merge_players(admin, s_a, merged)  # again: changes nothing
    before = a.read("SELECT count(*) FROM change_log")
    ConflictService(a).merge_players(admin, s_a, merged)
    assert a.read("SELECT count(*) FROM change_log") == before
    exchange(a, b, c)
    assert synced_tables(a) == synced_tables(b) == synced_tables(c)
    assert all(len(visible(s)) == 1 for s in (a, b, c))


def test_merging_a_pair_both_ways_on_two_desks_leaves_one_player_everywhere(desks):
    a, b, c, admin = desks
    x = PlayerService(a).add(admin, PlayerData("Иван Петров", phone="+79001112233")).id
    y = PlayerService(a).add(admin, PlayerData("Иван Петров", phone="+79001112233"),
                               duplicate_ok=True).id  # the desk answered: another person
    exchange(a, b, c)
    ConflictService(a).merge_players(admin, x, y)
    ConflictService(b).merge_players(admin, y, x)
    exchange(a, b, c)
    for store in (a, b, c):
        assert identities(store.read, min(x, y)) == {x, y}
    assert synced_tables(a) == synced_tables(b) == synced_tables(c)


def test_only_an_administrator_merges_or_decides_and_nothing_is_written_otherwise(desks):
    a, b, c, admin = desks
    PlayerService(a).add(admin, PlayerData("Иван Петров", nickname="Ваня"))
    PlayerService(b).add(admin, PlayerData("Иван Петров-2", nickname="ваня"))
    exchange(a, b, c)
    desk = Actor(admin.account_id, "desk1", frozenset({"desk", "referee", "host"}))
    before = a.read("SELECT count(*) FROM change_log")
    svc = ConflictService(a)
    for call in (lambda: svc.merge_conflict(desk, duplicate_conflict(a)), lambda: svc.keep_branch(desk, 1),
                 lambda: svc.set_aside(desk, 1), lambda: svc.merge_players(desk, "x", "y")):
        with pytest.raises(PermissionDenied):
            call()
    assert a.read("SELECT count(*) FROM change_log") == before
    with pytest.raises(ValidationError):
        svc.keep_branch(admin, duplicate_conflict(a))  # not a game branch


def _shot(games, gid, pot=True):
    shot = {"type": "shot", "player": games.state(gid)["to_move"]}
    return {**shot, "potted": [{"ball": "std", "legal": True}]} if pot else shot


@pytest.fixture
def forked(desks):
    """A game recorded on a; b took it over while a, partitioned, went on: two branches from seq 2."""
    a, b, c, admin = desks
    players = [PlayerService(a).add(admin, PlayerData(f"Игрок {i}")).id for i in range(3)]
    gid = GameService(a).create(admin, "zhuk", [{"id": p} for p in players],
                                {"nominal": 100, "settlement": "previous"})
    games_a, games_b = GameService(a), GameService(b)
    games_a.record(admin, gid, _shot(games_a, gid))
    exchange(a, b, c)
    games_b.take_over(admin, gid)
    games_a.record(admin, gid, _shot(games_a, gid, pot=False))
    games_a.record(admin, gid, _shot(games_a, gid))
    games_b.record(admin, gid, _shot(games_b, gid))
    exchange(a, b, c)
    return a, b, c, admin, gid


def all_event_ids(store, gid) -> set[str]:
    """Every event of the game the desk holds: its line and what it keeps in conflicts."""
    import json

    line = {r[0] for r in store.read("SELECT id FROM events WHERE game_id = ?", (gid,))}
    aside = {json.loads(d)["event"]["id"] for (d,) in store.read(
        "SELECT detail_json FROM conflicts WHERE kind = 'game_branch' AND entity_id = ?", (gid,))}
    return line | aside


@pytest.mark.parametrize("action", ["keep", "set_aside"])
def test_a_branch_decision_puts_every_desk_on_one_line_and_archives_the_other(forked, action):
    a, b, c, admin, gid = forked
    union = all_event_ids(a, gid) | all_event_ids(b, gid)
    conflict = a.read("SELECT id FROM conflicts WHERE kind = 'game_branch' AND NOT resolved ORDER BY id")[0][0]
    svc = ConflictService(a)
    (svc.keep_branch if action == "keep" else svc.set_aside)(admin, conflict)
    chosen = b.desk_id if action == "keep" else a.desk_id
    exchange(a, b, c)
    lines = [s.read("SELECT id, seq, desk_id FROM events WHERE game_id = ? ORDER BY seq", (gid,)) for s in (a, b, c)]
    assert lines[0] == lines[1] == lines[2]
    assert {d for _, seq, d in lines[0] if seq >= 2} == {chosen}
    for store in (a, b, c):
        assert all_event_ids(store, gid) == union  # never lost: every event in the line or archived
        assert store.read("SELECT count(*) FROM conflicts WHERE NOT resolved") == [(0,)]
        assert store.read("SELECT owner_desk_id FROM games WHERE id = ?", (gid,)) == [(chosen,)]
    states = [GameService(s).state(gid) for s in (a, b, c)]
    assert states[0] == states[1] == states[2]
    # the chosen desk records on, the other cannot, and the new shot joins the line everywhere
    owner = a if chosen == a.desk_id else b
    GameService(owner).record(admin, gid, _shot(GameService(owner), gid))
    exchange(a, b, c)
    assert GameService(a).state(gid) == GameService(b).state(gid) == GameService(c).state(gid)


def test_a_late_event_of_the_set_aside_branch_is_archived_not_a_new_conflict(desks):
    a, b, c, admin = desks
    players = [PlayerService(a).add(admin, PlayerData(f"Игрок {i}")).id for i in range(3)]
    gid = GameService(a).create(admin, "zhuk", [{"id": p} for p in players],
                                {"nominal": 100, "settlement": "previous"})
    games_a, games_b = GameService(a), GameService(b)
    games_a.record(admin, gid, _shot(games_a, gid))
    exchange(a, b, c)
    games_b.take_over(admin, gid)
    games_a.record(admin, gid, _shot(games_a, gid, pot=False))  # a is cut off and records on
    games_b.record(admin, gid, _shot(games_b, gid))
    send(a, c)
    send(b, c)
    conflict = c.read("SELECT id FROM conflicts WHERE kind = 'game_branch' AND NOT resolved ORDER BY id")[0][0]
    other = c.read("SELECT other_id FROM conflicts WHERE id = ?", (conflict,))[0][0]
    svc = ConflictService(c)
    # c decides for b's branch while a, still cut off, records one more shot on its own
    svc.keep_branch(admin, conflict) if other == b.desk_id else svc.set_aside(admin, conflict)
    games_a.record(admin, gid, _shot(games_a, gid))
    send(c, b)
    send(a, b)  # a's late shots arrive at b after the decision
    send(c, a)
    exchange(a, b, c)
    lines = [s.read("SELECT id FROM events WHERE game_id = ? ORDER BY seq", (gid,)) for s in (a, b, c)]
    assert lines[0] == lines[1] == lines[2]
    assert {d for (d,) in b.read("SELECT desk_id FROM events WHERE game_id = ? AND seq >= 2", (gid,))} == {b.desk_id}
    assert all_event_ids(a, gid) == all_event_ids(b, gid) == all_event_ids(c, gid)
    assert len(all_event_ids(a, gid)) == 4
    for store in (a, b, c):
        assert store.read("SELECT count(*) FROM conflicts WHERE NOT resolved") == [(0,)]


def test_an_event_leaves_the_line_only_once_archived(desks):
    import sqlite3

    a, _b, _c, admin, = desks
    players = [PlayerService(a).add(admin, PlayerData(f"Игрок {i}")).id for i in range(3)]
    gid = GameService(a).create(admin, "zhuk", [{"id": p} for p in players], {"nominal": 100})
    GameService(a).record(admin, gid, _shot(GameService(a), gid))
    with pytest.raises(sqlite3.IntegrityError, match="append-only"), a.write() as cur:
        cur.execute("DELETE FROM events WHERE game_id = ?", (gid,))


def test_the_survivor_rates_with_the_rounds_of_the_player_merged_into_him(desks):
    import json

    a, _b, _c, admin = desks
    x = PlayerService(a).add(admin, PlayerData("Иван Петров")).id
    y = PlayerService(a).add(admin, PlayerData("Ваня Петров")).id
    z = PlayerService(a).add(admin, PlayerData("Пётр Иванов")).id
    gid = GameService(a).create(admin, "zhuk", [{"id": p} for p in (x, y, z)], {"nominal": 100})
    state = {"finished": True, "balances": {x: 10, y: 20, z: -30}, "rating_delta": {x: 5, y: 3, z: -8}}
    with a.write() as cur:  # the projection of a finished round (a cache: what the ratings read)
        cur.execute("INSERT OR REPLACE INTO projections (game_id, seq, state_json) VALUES (?, 0, ?)",
                    (gid, json.dumps(state)))
    from clubdesk.services.ratings import RatingService

    assert RatingService(a).ratings()[x] == 1005
    ConflictService(a).merge_players(admin, x, y)
    ratings = RatingService(a).ratings()
    assert ratings[x] == 1008 and y not in ratings and ratings[z] == 992
