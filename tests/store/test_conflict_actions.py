"""The administrator's conflict actions between desks (no hub: rows exchanged directly): a merge of two
players keeps both histories under the survivor everywhere, is idempotent and converges when two desks make it;
a game branch kept or set aside is archived, never lost, and every desk ends on the same line; a game with branches
is one conflict to the administrator (which branch continues it) however many desks' branches and events it holds,
and the archived ones are listed with the time of the decision that set each aside."""

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
from clubdesk.sync.resolutions import identities
from tests.store.sync_desks import exchange, partitioned_game, send, synced_tables


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
                 lambda: svc.set_aside(desk, 1), lambda: svc.merge_players(desk, "x", "y"),
                 lambda: svc.continue_with(desk, "g", a.desk_id)):
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


# ---- a branch as the administrator sees it: one conflict, not one per event ------------------------------------
def test_a_branch_of_five_events_is_one_conflict(desks):
    from clubdesk.sync.resolutions import branches
    from clubdesk.sync.status import count_conflicts

    a, b, _c, admin = desks
    gid = partitioned_game(a, b, admin, taken=5, went_on=2)
    send(b, a)
    assert a.read("SELECT count(*) FROM conflicts WHERE kind = 'game_branch' AND NOT resolved") == [(5,)]  # stored
    found = branches(a.read)
    assert [(x.game_id, x.desk_id, [e["seq"] for e in x.events]) for x in found] == [(gid, b.desk_id, [2, 3, 4, 5, 6])]
    assert found[0].conflict_id == a.read("SELECT min(id) FROM conflicts WHERE kind = 'game_branch'")[0][0]
    assert count_conflicts(a) == 1
    send(a, b)  # on the desk that took the game over, the owner's two shots are the branch
    assert [(x.desk_id, len(x.events)) for x in branches(b.read)] == [(a.desk_id, 2)] and count_conflicts(b) == 1


def three_branches(a, b, c, admin) -> str:
    """One game recorded on three cut-off desks from seq 2: a (1 shot, its line), b (2), c (3); a holds b's and c's
    as branches of its own line. Rows not exchanged further."""
    gid = partitioned_game(a, b, admin, taken=2, went_on=1)
    send(b, c)  # c takes the game over from b and records on
    GameService(c).take_over(admin, gid)
    for _ in range(3):
        GameService(c).record(admin, gid, _shot(GameService(c), gid))
    send(b, a)
    send(c, a)
    return gid


def test_two_desks_branches_of_one_game_are_one_conflict_with_three_choices_beside_a_duplicate(desks):
    from clubdesk.sync.resolutions import branches, game_conflicts
    from clubdesk.sync.status import count_conflicts

    a, b, c, admin = desks
    PlayerService(a).add(admin, PlayerData("Иван Петров", nickname="Ваня"))
    PlayerService(b).add(admin, PlayerData("Иван Петров-2", nickname="ваня"))
    gid = three_branches(a, b, c, admin)
    assert sorted((x.desk_id, len(x.events)) for x in branches(a.read)) == sorted([(b.desk_id, 2), (c.desk_id, 3)])
    # a game has one line of events: one decision (which branch continues it), so one conflict
    assert count_conflicts(a) == 2  # the game and the duplicate registration
    [game] = game_conflicts(a.read)
    assert game.game_id == gid and game.fork == 2
    # c took the game over from b after b's two shots: c's line is b's №2–3 and its own №4–6
    assert [(x.desk_id, x.here, [(e["seq"], e["desk_id"]) for e in x.events]) for x in game.choices] == [
        (a.desk_id, True, [(2, a.desk_id)]),
        (b.desk_id, False, [(2, b.desk_id), (3, b.desk_id)]),  # then the branches aside, as they arrived
        (c.desk_id, False, [(2, b.desk_id), (3, b.desk_id), (4, c.desk_id), (5, c.desk_id), (6, c.desk_id)])]
    assert game.conflict_id == min(x.conflict_id for x in branches(a.read))


@pytest.mark.parametrize("chosen", "abc")
def test_any_of_three_desks_branches_continues_the_game_on_every_desk_and_the_other_two_are_archived(desks, chosen):
    from clubdesk.sync.resolutions import branches, game_conflicts

    a, b, c, admin = desks
    gid = three_branches(a, b, c, admin)
    union = all_event_ids(a, gid)
    desk = {"a": a, "b": b, "c": c}[chosen].desk_id
    ConflictService(a).continue_with(admin, gid, desk)
    assert game_conflicts(a.read) == []
    exchange(a, b, c)
    lines = [s.read("SELECT id, seq, desk_id FROM events WHERE game_id = ? ORDER BY seq", (gid,)) for s in (a, b, c)]
    assert lines[0] == lines[1] == lines[2]
    # the line as the chosen desk held it: c's is b's two shots and its own three
    expected = {"a": [a.desk_id], "b": [b.desk_id] * 2, "c": [b.desk_id] * 2 + [c.desk_id] * 3}[chosen]
    assert [d for _, seq, d in lines[0] if seq >= 2] == expected
    others = sorted({a.desk_id, b.desk_id, c.desk_id} - set(expected))
    for store in (a, b, c):
        assert all_event_ids(store, gid) == union  # never lost
        assert store.read("SELECT count(*) FROM conflicts WHERE NOT resolved") == [(0,)]
        assert store.read("SELECT owner_desk_id FROM games WHERE id = ?", (gid,)) == [(desk,)]
        aside = branches(store.read, archived=True)
        assert sorted(x.desk_id for x in aside) == others
        assert len({x.decided_ms for x in aside}) == 1 and aside[0].decided_ms is not None
    assert GameService(a).state(gid) == GameService(b).state(gid) == GameService(c).state(gid)


def test_continuing_with_a_desk_that_has_no_branch_of_the_game_is_refused_and_writes_nothing(desks):
    a, b, c, admin = desks
    gid = three_branches(a, b, c, admin)
    before = a.read("SELECT count(*) FROM change_log")
    for game, desk in ((gid, "no-such-desk"), ("no-such-game", b.desk_id)):
        with pytest.raises(ValidationError):
            ConflictService(a).continue_with(admin, game, desk)
    assert a.read("SELECT count(*) FROM change_log") == before


def test_a_second_decision_of_a_new_fork_does_not_move_when_the_first_branch_was_set_aside(desks, monkeypatch):
    from types import SimpleNamespace

    from clubdesk.sync.resolutions import branches

    a, b, c, admin = desks
    gid = partitioned_game(a, b, admin, taken=2, went_on=1)
    send(b, a)
    clock = iter([1_800_000_000_000, 1_800_000_600_000])  # the two decisions, ten minutes apart
    monkeypatch.setattr("clubdesk.services.conflicts.time", SimpleNamespace(time=lambda: next(clock) / 1000))
    ConflictService(a).continue_with(admin, gid, a.desk_id)  # b's two shots set aside
    exchange(a, b, c)
    # later the game forks again: b takes it over once more while a, cut off, records on
    GameService(b).take_over(admin, gid)
    GameService(b).record(admin, gid, _shot(GameService(b), gid))
    GameService(a).record(admin, gid, _shot(GameService(a), gid, pot=False))
    send(b, a)
    ConflictService(a).continue_with(admin, gid, b.desk_id)  # now a's shot is set aside
    monkeypatch.undo()
    exchange(a, b, c)
    for store in (a, b, c):
        aside = sorted((x.desk_id, [e["seq"] for e in x.events], x.decided_ms)
                       for x in branches(store.read, archived=True))
        assert aside == sorted([(b.desk_id, [2, 3], 1_800_000_000_000), (a.desk_id, [3], 1_800_000_600_000)])


@pytest.mark.parametrize("action", ["keep", "set_aside"])
def test_the_action_on_a_branchs_one_line_decides_all_its_events(desks, action):
    from clubdesk.sync.resolutions import branches

    a, b, c, admin = desks
    gid = partitioned_game(a, b, admin, taken=5, went_on=2)
    send(b, a)
    line = branches(a.read)[0]
    svc = ConflictService(a)
    (svc.keep_branch if action == "keep" else svc.set_aside)(admin, line.conflict_id)
    assert branches(a.read) == [] and a.read("SELECT count(*) FROM conflicts WHERE NOT resolved") == [(0,)]
    seqs = a.read("SELECT seq, desk_id FROM events WHERE game_id = ? AND seq >= 2 ORDER BY seq", (gid,))
    kept = b.desk_id if action == "keep" else a.desk_id
    assert {d for _, d in seqs} == {kept} and len(seqs) == (5 if action == "keep" else 2)
    archived = branches(a.read, archived=True)
    aside = a.desk_id if action == "keep" else b.desk_id
    assert [(x.desk_id, len(x.events)) for x in archived] == [(aside, 2 if action == "keep" else 5)]


def test_an_archived_branch_is_listed_on_every_desk_with_when_it_was_set_aside(desks):
    from clubdesk.sync.resolutions import branches, decided_at_ms

    a, b, c, admin = desks
    gid = partitioned_game(a, b, admin, taken=3, went_on=2)
    exchange(a, b, c)
    before = dt.datetime.now(dt.UTC).timestamp() * 1000
    ConflictService(c).keep_branch(admin, branches(c.read)[0].conflict_id)
    exchange(a, b, c)
    listed = []
    for store in (a, b, c):
        archived = branches(store.read, archived=True)
        assert [(x.game_id, x.conflict_id > 0) for x in archived] == [(gid, True)]
        assert decided_at_ms(store.read, gid) >= before - 1000
        listed.append((archived[0].desk_id, [e["id"] for e in archived[0].events]))
    assert listed[0] == listed[1] == listed[2] and listed[0][0] in (a.desk_id, b.desk_id)


def test_sync_conflicts_lists_a_branch_once_with_its_events_in_words_and_the_commands_that_decide_it(desks):
    import io
    import subprocess
    import sys

    from clubdesk.commands.sync_status import print_conflicts
    from clubdesk.sync.resolutions import branches

    a, b, _c, admin = desks
    partitioned_game(a, b, admin, taken=5, went_on=2)
    send(b, a)
    out = io.StringIO()
    assert print_conflicts(a, "ru", out) == 0
    text, cid = out.getvalue(), branches(a.read)[0].conflict_id
    assert text.count("game_branch") == 1 and "событий: 5, №2–6" in text
    assert "первое: «Аня: шар», последнее: «Вера: шар»" in text
    assert "продолжить игру может только одна линия:" in text and f"так игра ведётся здесь (стойка {a.desk_id[:8]})" in text
    assert f"выбрать: clubdesk sync conflicts --keep {cid}\n" in text and b.desk_id[:8] in text
    assert f"выбрать: clubdesk sync conflicts --set-aside {cid}\n" in text
    # in English from the command line (a process of its own: it starts the Qt core the words need)
    path = a.read("PRAGMA database_list")[0][2]
    done = subprocess.run([sys.executable, "-m", "clubdesk", "--db", path, "--lang", "en", "sync", "conflicts"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "events: 5, #2–6" in done.stdout and "first: " in done.stdout and "choose:" in done.stdout
