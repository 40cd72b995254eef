"""The desk side of the sync: two desks' stores exchange change-log rows through clubdesk.sync (apply, cursors)."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.evenings import EveningService
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store.db import open_store
from clubdesk.sync import apply, cursors
from tests.store.sync_desks import exchange, log_rows, send, synced_tables

TODAY = dt.date(2026, 12, 2)


@pytest.fixture
def desks(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, b = open_store(tmp_path / "a" / "club.sqlite"), open_store(tmp_path / "b" / "club.sqlite")
    admin = AccountService(a).create_first_admin("admin", "secret-admin")
    send(a, b)
    yield a, b, admin
    a.close()
    b.close()


def _player(store, admin, name="Иван Петров", **kw):
    return PlayerService(store, today=TODAY).add(admin, PlayerData(name, **kw)).id


def _edit(store, admin, pid, **changes_):
    svc = PlayerService(store, today=TODAY)
    svc.update(admin, pid, svc.get(pid).as_data()._replace(**changes_))


def test_an_applied_row_keeps_its_origin_and_is_not_logged_again(desks):
    a, b, admin = desks
    pid = _player(a, admin)
    mine = cursors.last_desk_seq(a)
    send(a, b)
    assert PlayerService(b).get(pid).name == "Иван Петров"
    row = b.read("SELECT desk_id, desk_seq FROM change_log WHERE entity_id = ?", (pid,))
    assert row == [(a.desk_id, mine)]
    assert cursors.last_desk_seq(b) == 0 and cursors.pending_since(b, 0, 100) == []


def test_applying_the_same_rows_again_changes_nothing(desks):
    a, b, admin = desks
    _player(a, admin)
    first = send(a, b)
    before = synced_tables(b), b.read("SELECT count(*) FROM change_log")
    again = send(a, b)
    assert first.applied > 0 and again.applied == 0 and again.skipped == len(log_rows(a))
    assert (synced_tables(b), b.read("SELECT count(*) FROM change_log")) == before


def test_a_phone_edit_on_one_desk_and_a_ban_on_the_other_both_survive(desks):
    a, b, admin = desks
    pid = _player(a, admin, phone="+7 916 000-00-01")
    send(a, b)
    _edit(a, admin, pid, phone="+7 916 111-11-11")
    _edit(b, admin, pid, banned=True, ban_reason="шумел")
    exchange(a, b)
    for store in (a, b):
        p = PlayerService(store).get(pid)
        assert (p.phone, p.status, p.ban_reason) == ("+79161111111", "banned", "шумел")
    assert synced_tables(a) == synced_tables(b)


@pytest.mark.parametrize("b_first", [False, True])
def test_the_same_field_edited_on_two_desks_ends_the_same_everywhere_whatever_arrives_first(desks, b_first):
    a, b, admin = desks
    pid = _player(a, admin)
    send(a, b)
    _edit(a, admin, pid, notes="от A")
    _edit(b, admin, pid, notes="от B")  # later hlc: B's clock has seen A's rows
    for x, y in ((b, a), (a, b)) if b_first else ((a, b), (b, a)):
        send(x, y)
    assert PlayerService(a).get(pid).notes == PlayerService(b).get(pid).notes == "от B"
    assert synced_tables(a) == synced_tables(b)


def test_an_older_edit_arriving_late_does_not_overwrite_a_newer_one(desks):
    a, b, admin = desks
    pid = _player(a, admin)
    send(a, b)
    _edit(a, admin, pid, notes="старое")
    _edit(b, admin, pid, notes="новое")
    send(b, a)  # a gets the newer first, then nothing of its own changes
    send(a, b)  # b gets a's older edit after its own newer one
    assert PlayerService(b).get(pid).notes == "новое"


def _evening(store, admin):
    return EveningService(store, GameService(store), PlayerService(store, today=TODAY)).create(
        admin, TODAY, None, tables=1).id


def test_the_same_check_in_on_two_desks_is_one_row(desks):
    a, b, admin = desks
    pid = _player(a, admin)
    eid = _evening(a, admin)
    send(a, b)
    for store in (a, b):
        EveningService(store, GameService(store), PlayerService(store, today=TODAY)).check_in(admin, eid, pid)
    exchange(a, b)
    for store in (a, b):
        assert store.read("SELECT count(*) FROM check_ins")[0][0] == 1
    assert synced_tables(a) == synced_tables(b)


def test_a_withdrawn_check_in_is_a_tombstone_that_reaches_the_other_desk(desks):
    from clubdesk.store.models import CheckIn
    from clubdesk.store.uow import UnitOfWork

    a, b, admin = desks
    pid = _player(a, admin)
    eid = _evening(a, admin)
    evenings = EveningService(a, GameService(a), PlayerService(a, today=TODAY))
    evenings.check_in(admin, eid, pid)
    send(a, b)
    with UnitOfWork(a) as uow:
        uow.session.query(CheckIn).one().deleted = True
    assert a.read("SELECT op, payload FROM change_log ORDER BY id DESC LIMIT 1") == [("tombstone", '{"deleted":true}')]
    send(a, b)
    assert EveningService(b, GameService(b), PlayerService(b)).checked_in(eid) == []
    assert b.read("SELECT count(*) FROM check_ins")[0][0] == 1  # kept, withdrawn
    evenings.check_in(admin, eid, pid)  # back again: the same row, live
    send(a, b)
    assert [c.player_id for c in EveningService(b, GameService(b), PlayerService(b)).checked_in(eid)] == [pid]


def test_a_synced_row_cannot_be_deleted(desks):
    from clubdesk.store.models import Player
    from clubdesk.store.uow import AppendOnlyViolation, UnitOfWork

    a, _b, admin = desks
    pid = _player(a, admin)
    with pytest.raises(AppendOnlyViolation):
        with UnitOfWork(a) as uow:
            uow.session.delete(uow.session.get(Player, pid))
    assert PlayerService(a).get(pid) is not None


def test_accounts_sync_with_their_hash_and_never_the_password(desks):
    a, b, _admin = desks
    assert AccountService(b).login("admin", "secret-admin").login == "admin"
    log = " ".join(p for (p,) in a.read("SELECT payload FROM change_log"))
    assert "secret-admin" not in log and "$argon2" in log


def test_two_players_with_one_nickname_after_a_sync_are_kept_and_shown_as_a_conflict(desks):
    a, b, admin = desks
    pa = _player(a, admin, "Иван Петров", nickname="Граф")
    pb = _player(b, admin, "Пётр Иванов", nickname="граф")
    exchange(a, b)
    for store in (a, b):
        assert {PlayerService(store).get(pa).name, PlayerService(store).get(pb).name} == {"Иван Петров", "Пётр Иванов"}
        kinds = store.read("SELECT kind, entity_id, other_id FROM conflicts")
        assert kinds == [("duplicate_player", *sorted((pa, pb)))]


def test_the_same_phone_written_two_ways_is_a_duplicate(desks):
    a, b, admin = desks
    _player(a, admin, "Иван Петров", phone="8 916 123-45-67")
    _player(b, admin, "Ваня Петров", phone="+7 (916) 123 45 67")
    exchange(a, b)
    assert b.read("SELECT kind, detail_json FROM conflicts") == [("duplicate_player", '{"same":"phone"}')]


def test_a_phone_from_an_older_desk_typed_8_is_the_same_as_the_e164_one_here(desks):
    """Phones are stored E.164 since 0010; a desk not yet updated still sends «8 (916) …» as typed. The arriving
    phone is compared normalised, so it is found as the same phone as «+79161234567»."""
    a, _b, admin = desks
    mine = _player(a, admin, "Иван Петров", phone="+7 916 123-45-67")
    assert PlayerService(a).get(mine).phone == "+79161234567"
    old_desk, other = "0190d6a2-0000-7000-8000-00000000b0b0", "0190d6a2-0000-7000-8000-00000000c0c0"
    fields = {"name": "Ваня Петров", "nickname": "", "phone": "8 (916) 123-45-67", "notes": "",
              "nickname_key": "", "search_key": "ваня петров 89161234567", "created_at": "2026-12-02T10:00:00.000Z"}
    result = apply.apply_remote(a, [{"desk_id": old_desk, "desk_seq": 1, "hlc": 1 << 40, "entity": "players",
                                       "entity_id": other, "op": "upsert", "payload": json.dumps(fields),
                                       "schema_version": 9}])
    assert result.conflicts == 1
    assert a.read("SELECT kind, entity_id, other_id, detail_json FROM conflicts") == [
        ("duplicate_player", *sorted((mine, other)), '{"same":"phone"}')]


def test_swaps_made_on_two_desks_in_one_evening_are_both_kept(desks):
    a, b, admin = desks
    eid = _evening(a, admin)
    players = [_player(a, admin, f"Игрок {i:02d}") for i in range(12)]
    evenings_a = EveningService(a, GameService(a), PlayerService(a, today=TODAY))
    for pid in players:
        evenings_a.check_in(admin, eid, pid)
    drawn = evenings_a.draw_seating(admin, eid, rounds=3, seed=7)
    send(a, b)
    evenings_b = EveningService(b, GameService(b), PlayerService(b, today=TODAY))
    t2, t3 = drawn.rounds[1][0], drawn.rounds[2][0]
    evenings_a.swap(admin, eid, 2, t2[0], t2[1])
    evenings_b.swap(admin, eid, 3, t3[0], t3[1])  # the same evening's seating, another game, another desk
    exchange(a, b)
    for evenings in (evenings_a, evenings_b):
        now = evenings.seating(eid)
        assert (now.rounds[1][0][:2], now.rounds[2][0][:2]) == ((t2[1], t2[0]), (t3[1], t3[0]))
    assert synced_tables(a) == synced_tables(b)


def test_a_ban_is_a_row_of_its_own_and_the_player_status_follows_it_on_every_desk(desks):
    a, b, admin = desks
    pid = _player(a, admin)
    send(a, b)
    _edit(b, admin, pid, banned=True, ban_reason="шумел")
    logged = {e for (e,) in b.read("SELECT entity FROM change_log WHERE desk_id = ?", (b.desk_id,))}
    assert logged == {"bans"}  # the player's row is untouched: its status is derived from the ban
    send(b, a)
    assert PlayerService(a).get(pid).status == "banned" and PlayerService(a).get(pid).ban_reason == "шумел"


def test_a_lift_on_one_desk_leaves_a_ban_made_meanwhile_on_another_in_force(desks):
    a, b, admin = desks
    pid = _player(a, admin)
    _edit(a, admin, pid, banned=True, ban_reason="первый")
    send(a, b)
    _edit(a, admin, pid, banned=False)  # a lifts the ban it knows
    _edit(b, admin, pid, banned=True, ban_reason="уточнено")  # b edits that same ban meanwhile
    exchange(a, b)
    # one ban row merged per field: the lift (a) and the new reason (b) both hold, so it is lifted everywhere
    assert PlayerService(a).get(pid).status == PlayerService(b).get(pid).status == "active"
    other = _player(a, admin, "Другой Игрок")
    send(a, b)
    _edit(a, admin, other, banned=True, ban_reason="на A")
    _edit(a, admin, other, banned=False)
    _edit(b, admin, other, banned=True, ban_reason="на B")  # a ban of its own, made without knowing a's
    exchange(a, b)
    for store in (a, b):
        p = PlayerService(store).get(other)
        assert (p.status, p.ban_reason) == ("banned", "на B")
    assert synced_tables(a) == synced_tables(b)


def test_a_local_edit_made_while_a_batch_is_planned_is_not_overwritten_by_an_older_remote_one(desks, monkeypatch):
    """A batch is planned outside the write lock; an edit of the same player committed meanwhile on this desk
    (newer) makes the plan stale, and the batch is planned again under the lock: the newer edit stays."""
    from clubdesk.sync import bulk_apply

    a, b, admin = desks
    pid = _player(a, admin)
    send(a, b)
    _edit(a, admin, pid, notes="старое")  # older than b's edit below
    real = bulk_apply.plan_batch
    calls = []

    def plan_then_edit(cur, rows, cache):
        plan = real(cur, rows, cache)
        if not calls:
            _edit(b, admin, pid, notes="новое")  # the desk worker saves the player meanwhile
        calls.append(plan)
        return plan

    monkeypatch.setattr(bulk_apply, "plan_batch", plan_then_edit)
    send(a, b)
    assert len(calls) == 2  # planned again under the lock
    assert PlayerService(b).get(pid).notes == "новое"
    monkeypatch.undo()
    send(b, a)
    assert synced_tables(a) == synced_tables(b)
