"""The conflict actions through a real hub: a player registered twice offline is merged by the administrator
(from the command line) and every desk ends with one player holding both histories; a game branch kept on one
desk puts every desk on one line with the other branch archived, and so does a line two desks recorded (one took the
game over from the other) chosen on the desk that was cut off."""

from __future__ import annotations

import datetime as dt

import pytest

from clubdesk.cli import main
from clubdesk.services.accounts import AccountService
from clubdesk.services.evenings import EveningService
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.sync.resolutions import identities
from tests.store.sync_desks import synced_tables
from tests.sync.desks import make_desk

pytestmark = pytest.mark.pg


def evenings(store) -> EveningService:
    return EveningService(store, GameService(store), PlayerService(store))


@pytest.fixture
def three(hub, tmp_path):
    desks = [make_desk(hub, tmp_path, n) for n in ("front", "bar", "hall")]
    admin = AccountService(desks[0].open()).create_first_admin("admin", "secret-admin")
    for d in desks:
        d.sync()
    yield desks, admin
    for d in desks:
        d.close()


def test_two_desks_register_one_phone_offline_and_after_the_merge_every_desk_has_one_player_with_both_histories(
        three, capsys):
    (front, bar, hall), admin = three
    eve = evenings(front.store).create(admin, dt.date(2026, 12, 3), None).id
    for d in (front, bar, hall):
        d.sync()
    # the network is down: each desk registers the same guest and checks him in
    one = PlayerService(front.store).add(admin, PlayerData("Иван Петров", phone="+7 916 123-45-67"))
    two = PlayerService(bar.store).add(admin, PlayerData("Ваня Петров", phone="8 (916) 123 45 67"))
    evenings(front.store).check_in(admin, eve, one.id)
    evenings(bar.store).check_in(admin, eve, two.id)
    for d in (front, bar, hall, front):
        d.sync()
    conflicts = hall.store.read("SELECT id, kind FROM conflicts WHERE NOT resolved")
    assert [k for _, k in conflicts] == ["duplicate_player"]
    hall.close()
    code = main(["--db", str(hall.path), "sync", "conflicts"])
    assert code == 0 and "duplicate_player" in capsys.readouterr().out
    assert main(["--db", str(hall.path), "sync", "conflicts", "--merge", str(conflicts[0][0])]) == 0
    assert "объединены" in capsys.readouterr().out
    assert main(["--db", str(hall.path), "sync", "conflicts", "--merge", str(conflicts[0][0])]) == 2  # done already
    for d in (hall, front, bar, hall):
        d.sync()
    survivor = hall.store.read("SELECT id FROM players WHERE merged_into = '' AND phone <> ''")[0][0]
    for d in (front, bar, hall):
        rows = PlayerService(d.store).search("916")
        assert [r.id for r in rows] == [survivor]
        assert identities(d.store.read, survivor) == {one.id, two.id}
        assert {r[0] for r in d.store.read("SELECT player_id FROM check_ins WHERE evening_id = ? AND NOT deleted",
                                           (eve,))} == {one.id, two.id}
        assert d.store.read("SELECT count(*) FROM conflicts WHERE NOT resolved") == [(0,)]
    assert synced_tables(front.store) == synced_tables(bar.store) == synced_tables(hall.store)


def _shot(games, gid, pot=True):
    shot = {"type": "shot", "player": games.state(gid)["to_move"]}
    return {**shot, "potted": [{"ball": "std", "legal": True}]} if pot else shot


def test_a_branch_kept_by_the_administrator_is_the_line_of_every_desk(three):
    (front, bar, hall), admin = three
    ids = [PlayerService(front.store).add(admin, PlayerData(f"Игрок {i}")).id for i in range(3)]
    gid = GameService(front.store).create(admin, "zhuk", [{"id": p} for p in ids],
                                          {"nominal": 100, "settlement": "previous"})
    GameService(front.store).record(admin, gid, _shot(GameService(front.store), gid))
    for d in (front, bar):
        d.sync()
    GameService(bar.store).take_over(admin, gid)  # the front desk is cut off and goes on recording
    GameService(bar.store).record(admin, gid, _shot(GameService(bar.store), gid))
    GameService(front.store).record(admin, gid, _shot(GameService(front.store), gid, pot=False))
    for d in (front, bar, hall, front):
        d.sync()
    from clubdesk.services.conflicts import ConflictService

    conflict = hall.store.read("SELECT id, other_id FROM conflicts WHERE kind = 'game_branch' AND NOT resolved")
    assert len(conflict) == 1
    svc = ConflictService(hall.store)
    # the hall's line is the first to arrive; the administrator keeps the bar's (the referee's) branch
    if conflict[0][1] == bar.store.desk_id:
        svc.keep_branch(admin, conflict[0][0])
    else:
        svc.set_aside(admin, conflict[0][0])
    for d in (hall, front, bar):
        d.sync()
    lines = [d.store.read("SELECT id, desk_id FROM events WHERE game_id = ? ORDER BY seq", (gid,))
             for d in (front, bar, hall)]
    assert lines[0] == lines[1] == lines[2] and lines[0][-1][1] == bar.store.desk_id
    archived = front.store.read("SELECT count(*) FROM conflicts WHERE kind = 'game_branch' AND resolution = "
                                "'set_aside'")
    assert archived == [(1,)]  # the front desk's own shot, archived, not lost
    assert GameService(front.store).state(gid) == GameService(bar.store).state(gid)


def test_a_line_two_desks_recorded_chosen_on_the_cut_off_desk_is_every_desks_line(three):
    """The bar takes the game over and records two shots, the hall takes it from the bar and records three, the
    front desk, cut off, records one: on the front desk the game is one conflict with three lines, and the hall's
    (the bar's two shots and its own three) chosen there becomes every desk's line; only the front's shot is set
    aside, stamped with one time on every desk."""
    from clubdesk.services.conflicts import ConflictService
    from clubdesk.sync.resolutions import branches, game_conflicts

    (front, bar, hall), admin = three
    ids = [PlayerService(front.store).add(admin, PlayerData(f"Игрок {i}")).id for i in range(3)]
    gid = GameService(front.store).create(admin, "zhuk", [{"id": p} for p in ids],
                                          {"nominal": 100, "settlement": "previous"})
    GameService(front.store).record(admin, gid, _shot(GameService(front.store), gid))
    for d in (front, bar, hall):
        d.sync()
    GameService(bar.store).take_over(admin, gid)
    for pot in (True, False):
        GameService(bar.store).record(admin, gid, _shot(GameService(bar.store), gid, pot))
    bar.sync()
    hall.sync()
    GameService(hall.store).take_over(admin, gid)
    for _ in range(3):
        GameService(hall.store).record(admin, gid, _shot(GameService(hall.store), gid))
    hall.sync()
    GameService(front.store).record(admin, gid, _shot(GameService(front.store), gid, pot=False))
    front.sync()
    [game] = game_conflicts(front.store.read)
    assert [(c.desk_id, len(c.events)) for c in game.choices] == [
        (front.store.desk_id, 1), (bar.store.desk_id, 2), (hall.store.desk_id, 5)]
    ConflictService(front.store).continue_with(admin, gid, hall.store.desk_id)
    for d in (front, bar, hall, front):
        d.sync()
    lines = [d.store.read("SELECT id, desk_id FROM events WHERE game_id = ? ORDER BY seq", (gid,))
             for d in (front, bar, hall)]
    assert lines[0] == lines[1] == lines[2]
    assert [desk for _, desk in lines[0]] == [front.store.desk_id] + [bar.store.desk_id] * 2 + \
        [hall.store.desk_id] * 3
    aside = [[(b.desk_id, len(b.events), b.decided_ms) for b in branches(d.store.read, archived=True)]
             for d in (front, bar, hall)]
    assert aside[0] == aside[1] == aside[2] and [(x, n) for x, n, _ in aside[0]] == [(front.store.desk_id, 1)]
    assert GameService(front.store).state(gid) == GameService(bar.store).state(gid) == \
        GameService(hall.store).state(gid)
    for d in (front, bar, hall):
        assert d.store.read("SELECT count(*) FROM conflicts WHERE NOT resolved") == [(0,)]
