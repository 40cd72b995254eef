"""Games across desks: one owner records, a hand-over moves it, a second branch is kept aside, derived state
is re-derived; the log's own guarantees (append-only, gap-free, cursors forward, quarantine)."""

from __future__ import annotations

import sqlite3

import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.games import GameReadOnly, GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store.db import open_store
from clubdesk.sync import apply, cursors
from tests.store.sync_desks import exchange, log_rows, send, synced_tables


@pytest.fixture
def desks(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, b = open_store(tmp_path / "a" / "club.sqlite"), open_store(tmp_path / "b" / "club.sqlite")
    admin = AccountService(a).create_first_admin("admin", "secret-admin")
    players = [PlayerService(a).add(admin, PlayerData(f"Игрок {i}")).id for i in range(3)]
    gid = GameService(a).create(admin, "zhuk", [{"id": p} for p in players],
                                {"nominal": 100, "settlement": "previous"})
    send(a, b)
    yield a, b, admin, gid
    a.close()
    b.close()


def _shot(games, gid, pot=True):
    shot = {"type": "shot", "player": games.state(gid)["to_move"]}
    return {**shot, "potted": [{"ball": "std", "legal": True}]} if pot else shot


def test_a_game_is_read_only_on_a_desk_that_does_not_own_it(desks):
    a, b, admin, gid = desks
    games_b = GameService(b)
    with pytest.raises(GameReadOnly, match="другое место"):
        games_b.record(admin, gid, _shot(games_b, gid))
    assert games_b.read_only_reason(gid) and GameService(a).read_only_reason(gid) is None
    assert b.read("SELECT count(*) FROM events")[0][0] == 0


def test_a_hand_over_moves_the_recording_to_the_other_desk_everywhere(desks):
    a, b, admin, gid = desks
    games_a, games_b = GameService(a), GameService(b)
    games_a.record(admin, gid, _shot(games_a, gid))
    send(a, b)
    games_b.take_over(admin, gid)
    games_b.record(admin, gid, _shot(games_b, gid))
    send(b, a)
    with pytest.raises(GameReadOnly):
        games_a.record(admin, gid, _shot(games_a, gid))
    assert games_a.state(gid) == games_b.state(gid)
    assert [e["type"] for e in games_a.events(gid)] == ["shot", "shot"]


def test_events_recorded_on_two_desks_for_one_seq_keep_the_second_branch_aside(desks):
    a, b, admin, gid = desks
    games_a, games_b = GameService(a), GameService(b)
    games_a.record(admin, gid, _shot(games_a, gid))
    send(a, b)
    games_b.take_over(admin, gid)  # partitioned: a does not hear of it and records on
    games_a.record(admin, gid, _shot(games_a, gid, pot=False))
    games_a.record(admin, gid, _shot(games_a, gid))
    games_b.record(admin, gid, _shot(games_b, gid))
    exchange(a, b)
    # each desk keeps its own line and the other's whole branch in conflicts: nothing merged, nothing lost
    for store, own, other in ((a, a.desk_id, b.desk_id), (b, b.desk_id, a.desk_id)):
        assert {d for (d,) in store.read("SELECT desk_id FROM events WHERE seq > 1")} == {own}
        kept = store.read("SELECT other_id, count(*) FROM conflicts WHERE kind = 'game_branch' GROUP BY other_id")
        assert kept == [(other, 2 if other == a.desk_id else 1)]
    all_events = {r for s in (a, b) for r in s.read("SELECT id FROM events")}
    aside = {r for s in (a, b) for (d,) in s.read("SELECT detail_json FROM conflicts") for r in [d]}
    assert len(all_events) == 4 and len(aside) == 3  # 1 shared + 2 of a + 1 of b, each held somewhere
    assert GameService(b).state(gid)["to_move"]  # the game loads with what it has


def test_derived_status_and_projection_are_rebuilt_after_an_apply_and_never_synced(desks):
    a, b, admin, gid = desks
    games_a = GameService(a)
    games_a.record(admin, gid, _shot(games_a, gid))
    games_a.record(admin, gid, {"type": "round_end"})
    assert a.read("SELECT status FROM games")[0][0] == "finished"
    shown_b = GameService(b)
    shown_b.state(gid)  # b has the game open (cached) before the rows arrive
    result = send(a, b)
    assert result.touched_games == {gid}
    assert b.read("SELECT status FROM games")[0][0] == "finished"
    assert b.read("SELECT state_json FROM projections") == a.read("SELECT state_json FROM projections")
    assert shown_b.state(gid)["finished"]  # the open window's service forgot its stale copy
    assert not [p for (p,) in a.read("SELECT payload FROM change_log WHERE entity = 'games'") if '"status"' in p]


def test_a_game_with_an_event_type_this_clubdesk_does_not_know_opens_read_only(desks):
    a, b, admin, gid = desks
    games_a = GameService(a)
    games_a.record(admin, gid, _shot(games_a, gid))
    from clubdesk.store.ids import uuid7
    from clubdesk.store.uow import append_event
    append_event(a, {"id": uuid7(), "game_id": gid, "seq": 2, "type": "laser_shot", "payload": '{"type":"laser_shot"}',
                     "author_id": None})
    send(a, b)
    games_b = GameService(b)
    assert len(games_b.events(gid)) == 1  # what this version understands
    games_b.take_over(admin, gid)
    with pytest.raises(GameReadOnly, match="более новой версии"):
        games_b.record(admin, gid, _shot(games_b, gid))


def test_the_change_log_refuses_update_delete_and_a_gap(desks):
    a, _b, _admin, _gid = desks
    with sqlite3.connect(a.path) as con:
        for sql in ("UPDATE change_log SET payload = '{}'", "DELETE FROM change_log"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                con.execute(sql)
        last = cursors.last_desk_seq(a)
        with pytest.raises(sqlite3.IntegrityError, match="must follow"):
            con.execute("INSERT INTO change_log (desk_id, desk_seq, hlc, entity, entity_id, op, payload, "
                        "schema_version) VALUES (?, ?, 1, 'players', 'x', 'upsert', '{}', 7)", (a.desk_id, last + 2))


def test_desk_seq_has_no_gap_after_a_failed_write(desks):
    from clubdesk.errors import SeqClash
    from clubdesk.store.ids import uuid7
    from clubdesk.store.uow import append_event

    a, _b, _admin, gid = desks
    append_event(a, {"id": uuid7(), "game_id": gid, "seq": 1, "type": "x", "payload": "{}", "author_id": None})
    with pytest.raises(SeqClash):  # the seq is taken: refused as one line (store/write_errors.py), nothing written
        append_event(a, {"id": uuid7(), "game_id": gid, "seq": 1, "type": "x", "payload": "{}", "author_id": None})
    append_event(a, {"id": uuid7(), "game_id": gid, "seq": 2, "type": "x", "payload": "{}", "author_id": None})
    seqs = [s for (s,) in a.read("SELECT desk_seq FROM change_log WHERE desk_id = ? ORDER BY desk_seq", (a.desk_id,))]
    assert seqs == list(range(1, len(seqs) + 1))


def test_a_cursor_only_moves_forward(desks):
    a, *_ = desks
    cursors.set_cursor(a, "push:x", 5)
    with pytest.raises(ValueError):
        cursors.set_cursor(a, "push:x", 4)
    assert cursors.get_cursor(a, "push:x") == 5 and cursors.get_cursor(a, "pull") == 0


def test_a_failed_apply_batch_keeps_the_earlier_batches_and_their_cursor(desks, tmp_path):
    a, b, admin, _gid = desks
    for i in range(5):
        PlayerService(a).add(admin, PlayerData(f"Новый {i}"))
    rows = log_rows(a)
    applied_before = cursors.get_cursor(b, "pull")
    broken = [*rows[:-1], {**rows[-1], "desk_seq": rows[-1]["desk_seq"] + 5}]  # the last row skips a seq
    with pytest.raises(apply.SyncGap):
        apply.apply_remote(b, broken, batch=2)
    cursor = cursors.get_cursor(b, "pull")
    assert applied_before < cursor < rows[-1]["server_seq"]
    held = {r for (r,) in b.read("SELECT id FROM change_log WHERE desk_id = ?", (a.desk_id,))}
    assert len(held) == len([r for r in rows if r["server_seq"] <= cursor])  # exactly the committed batches
    apply.apply_remote(b, rows[len(held):])  # resume from the cursor
    assert synced_tables(a) == synced_tables(b)


def test_rows_of_a_newer_schema_are_kept_untouched_and_not_applied(desks):
    a, b, admin, _gid = desks
    pid = PlayerService(a).add(admin, PlayerData("Из будущего")).id
    rows = [{**r, "schema_version": 99} if r["entity_id"] == pid else r for r in log_rows(a)]
    result = apply.apply_remote(b, rows)
    assert result.quarantined == 1 and apply.quarantined(b) == 1
    assert PlayerService(b).get(pid) is None
    assert b.read("SELECT schema_version FROM change_log WHERE entity_id = ?", (pid,)) == [(99,)]


def test_a_desk_set_days_ahead_is_clamped_and_reported():
    from clubdesk.store.hlc import HybridLogicalClock

    clock = HybridLogicalClock(wall_ms=lambda: 1_000_000, max_skew=5 * 60 * 1000)
    ahead = (1_000_000 + 3 * 86_400_000) << 16
    clock.observe(ahead, "desk-x")
    assert HybridLogicalClock.wall_ms(clock.now()) == 1_000_000 + 5 * 60 * 1000
    assert clock.skewed == {"desk-x": 3 * 86_400_000}
    clock.observe((1_000_000 + 60_000) << 16, "desk-y")  # a minute ahead is a clock, not a skew
    assert "desk-y" not in clock.skewed


def test_a_game_header_changed_after_its_events_in_one_applied_batch_updates_the_row_it_created(desks, tmp_path):
    """One transaction holding a game's creation, its events and a later header change (a hand-over): the bulk
    apply writes the game before its events and then updates it, never inserts it twice."""
    a, b, admin, gid = desks
    games_a = GameService(a)
    games_a.record(admin, gid, _shot(games_a, gid))
    send(a, b)
    GameService(b).take_over(admin, gid)
    (tmp_path / "c").mkdir()
    c = open_store(tmp_path / "c" / "club.sqlite")
    try:
        rows = log_rows(a) + [r for r in log_rows(b) if r["desk_id"] == b.desk_id]
        apply.apply_remote(c, rows, batch=10_000)
        assert c.read("SELECT owner_desk_id FROM games WHERE id = ?", (gid,)) == [(b.desk_id,)]
        assert synced_tables(c) == synced_tables(b)
    finally:
        c.close()
