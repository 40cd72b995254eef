"""The bulk apply (`apply.apply_remote`: plans per batch, inserts runs of events and never-seen rows with
`executemany`) leaves a store exactly as applying the same rows one by one through `merge._apply_data` does —
the merge rules of docs/sync.md written once, row by row, is the reference.

Two desks record, edit, ban, take a game over while cut off (so branches arrive), decide branches and exchange
rows through a simulated hub; then every hub row is applied to two fresh stores, in hub order: one in bulk with
batches of drawn sizes, one row by row. Their synced tables and their conflicts must be equal.
"""

from __future__ import annotations

import datetime as dt
import json

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from clubdesk.errors import KnownError
from clubdesk.services.accounts import AccountService
from clubdesk.services.conflicts import ConflictService
from clubdesk.services.games import GameService, rederive_games
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store.changelog import LOG_INSERT_ORIGIN, SCHEMA_VERSION
from clubdesk.store.db import open_store
from clubdesk.sync import apply, cursors, merge
from tests.store.sync_desks import synced_tables

TODAY = dt.date(2026, 12, 2)


def apply_row_by_row(store, rows: list[dict]) -> None:
    """The reference: each row's log row, then `_apply_data` on it alone (what `apply_quarantined` does)."""
    result = merge.ApplyResult()
    with store.write() as cur:
        for row in rows:
            if cur.execute("SELECT 1 FROM change_log WHERE desk_id = ? AND desk_seq = ?",
                           (row["desk_id"], row["desk_seq"])).fetchone():
                continue
            cur.execute("PRAGMA defer_foreign_keys = ON")
            cur.execute(LOG_INSERT_ORIGIN, tuple(row[c] for c in cursors.LOG_COLUMNS))
            if row["schema_version"] > SCHEMA_VERSION:
                cur.execute("INSERT INTO sync_quarantine (log_id) VALUES (?)", (cur.lastrowid,))
                continue
            merge._apply_data(cur, cur.lastrowid, row, result)
    rederive_games(store, result.touched_games)


class Club:
    """Two desks and a hub that is a list: push appends a desk's new rows, pull applies what the desk lacks."""

    def __init__(self, tmp_path) -> None:
        self.tmp = tmp_path
        self.a, self.b = self.open("a"), self.open("b")
        self.admin = AccountService(self.a).create_first_admin("admin", "secret-admin")
        self.hub: list[dict] = []
        self.pulled = {id(self.a): 0, id(self.b): 0}
        self.players = [PlayerService(self.a, today=TODAY).add(self.admin, PlayerData(f"Игрок {i}")).id
                        for i in range(3)]
        self.games = [GameService(self.a).create(self.admin, "zhuk", [{"id": p} for p in self.players],
                                                 {"nominal": 100, "settlement": "previous"})]
        self.sync(self.a)
        self.sync(self.b)

    def open(self, name: str):
        (self.tmp / name).mkdir()
        return open_store(self.tmp / name / "club.sqlite")

    def sync(self, store) -> None:
        held = {(r["desk_id"], r["desk_seq"]) for r in self.hub}
        own = store.read(f"SELECT {', '.join(cursors.LOG_COLUMNS)} FROM change_log WHERE desk_id = ? ORDER BY desk_seq",
                         (store.desk_id,))
        self.hub += [dict(zip(cursors.LOG_COLUMNS, r, strict=True)) for r in own if (r[0], r[1]) not in held]
        for k, row in enumerate(self.hub):
            row["server_seq"] = k + 1
        rows = [r for r in self.hub[self.pulled[id(store)]:] if r["desk_id"] != store.desk_id]
        apply.apply_remote(store, rows, batch=7)
        self.pulled[id(store)] = len(self.hub)

    def act(self, action: tuple) -> None:
        kind, desk, n = action
        store = (self.a, self.b)[desk]
        games, players = GameService(store), PlayerService(store, today=TODAY)
        known = [g for (g,) in store.read("SELECT id FROM games ORDER BY created_at, id")]
        gid = known[n % len(known)]
        try:
            if kind == "shot":
                shot = {"type": "shot", "player": games.state(gid)["to_move"]}
                games.record(self.admin, gid, {**shot, "potted": [{"ball": "std", "legal": True}]} if n % 2 else shot)
            elif kind == "take_over":
                games.take_over(self.admin, gid)
            elif kind == "edit":
                known_players = [p for (p,) in store.read("SELECT id FROM players WHERE merged_into = '' "
                                                          "ORDER BY created_at, id")]
                pid = known_players[n % len(known_players)]
                data = players.get(pid).as_data()
                players.update(self.admin, pid, data._replace(notes=f"{desk}:{n}", banned=n % 3 == 0,
                                                              ban_reason="шумел" if n % 3 == 0 else ""))
            elif kind == "player":
                self.players.append(players.add(self.admin, PlayerData(f"Новый {desk}{n}", nickname=f"ник{n % 2}")).id)
            elif kind == "game":
                self.games.append(games.create(self.admin, "zhuk", [{"id": p} for p in self.players[:3]],
                                               {"nominal": 100, "settlement": "previous"}))
            elif kind == "decide":
                open_ = store.read("SELECT id FROM conflicts WHERE kind = 'game_branch' AND resolved = 0 LIMIT 1")
                if open_:
                    svc = ConflictService(store)
                    (svc.keep_branch if n % 2 else svc.set_aside)(self.admin, open_[0][0])
            elif kind == "sync":
                self.sync(store)
        except KnownError:
            pass  # refused as a user would be (a game this desk does not own, a duplicate nickname): nothing written


def conflicts(store) -> list[tuple]:
    return sorted(store.read("SELECT kind, entity, entity_id, other_id, detail_json, resolved, resolution "
                             "FROM conflicts"))


actions = st.lists(st.tuples(st.sampled_from(("shot", "shot", "shot", "take_over", "edit", "player", "game",
                                              "decide", "sync", "sync")),
                             st.integers(0, 1), st.integers(0, 11)), min_size=5, max_size=40)


@settings(max_examples=12, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate),
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(script=actions, batches=st.lists(st.integers(1, 60), min_size=1, max_size=8))
def test_a_bulk_apply_leaves_the_store_a_row_by_row_apply_leaves(tmp_path_factory, script, batches):
    club = Club(tmp_path_factory.mktemp("club"))
    try:
        for action in script:
            club.act(action)
        club.sync(club.a)
        club.sync(club.b)
        bulk, one_by_one = club.open("bulk"), club.open("one_by_one")
        try:
            start, k = 0, 0
            while start < len(club.hub):  # batches of drawn sizes, each its own apply_remote call
                size = batches[k % len(batches)]
                apply.apply_remote(bulk, club.hub[start:start + size], batch=max(size // 2, 1))
                start, k = start + size, k + 1
            apply_row_by_row(one_by_one, club.hub)
            assert synced_tables(bulk) == synced_tables(one_by_one)
            assert conflicts(bulk) == conflicts(one_by_one)
            assert bulk.read("SELECT id, status FROM games ORDER BY id") == \
                one_by_one.read("SELECT id, status FROM games ORDER BY id")
        finally:
            bulk.close()
            one_by_one.close()
    finally:
        club.a.close()
        club.b.close()


@pytest.fixture
def club(tmp_path):
    c = Club(tmp_path)
    yield c
    c.a.close()
    c.b.close()


CUT_OFF = (("shot", 0, 1), ("sync", 0, 0), ("sync", 1, 0), ("take_over", 1, 0),  # b takes the game over, a unaware
           ("shot", 0, 1),  # a's seq 2
           ("shot", 1, 1), ("shot", 1, 2),  # b's seq 2 and 3: its 3 is one past a's line, yet part of b's branch
           ("sync", 0, 0), ("sync", 1, 0), ("sync", 0, 0))


@pytest.mark.parametrize("then", [(), (("decide", 0, 1), ("shot", 1, 1), ("shot", 0, 1), ("sync", 0, 0), ("sync", 1, 0),
                                       ("sync", 0, 0)),
                                  (("decide", 0, 2), ("shot", 1, 1), ("shot", 0, 1), ("sync", 1, 0), ("sync", 0, 0),
                                   ("sync", 1, 0))], ids=["branch", "branch kept", "branch set aside"])
@pytest.mark.parametrize("batch", [10_000, 1])
def test_a_branch_arriving_with_the_line_is_kept_aside_as_row_by_row(club, then, batch):
    """The scripted cases the generator must reach: both desks record one game while cut off, so the hub holds a
    line and a branch of it (whose later event is one past the line's end), then a desk decides; the bulk apply
    of the whole hub, in one batch or a batch a row, keeps the same branch aside and follows the same decision."""
    for action in (*CUT_OFF, *then):
        club.act(action)
    bulk, one_by_one = club.open("bulk"), club.open("one_by_one")
    try:
        for start in range(0, len(club.hub), batch):
            apply.apply_remote(bulk, club.hub[start:start + batch], batch=batch)
        apply_row_by_row(one_by_one, club.hub)
        assert [c[0] for c in conflicts(bulk)].count("game_branch") >= 2
        assert conflicts(bulk) == conflicts(one_by_one)
        assert synced_tables(bulk) == synced_tables(one_by_one)
    finally:
        bulk.close()
        one_by_one.close()


# b takes the game over unaware that a records on; b sets a's branch aside; a's events before and after the
# decision, and an event of a second game, reach the hub around b's decision.
RECORDED_BEFORE_THE_DECISION = (("game", 0, 0), ("shot", 0, 0), ("sync", 0, 0), ("sync", 1, 0), ("take_over", 1, 0),
                                ("shot", 0, 0), ("shot", 1, 0), ("sync", 0, 0), ("sync", 1, 0),
                                ("shot", 0, 2), ("shot", 0, 2), ("sync", 0, 0),  # a's seq 3 and 4, before it
                                ("decide", 1, 2), ("sync", 1, 0),
                                ("shot", 0, 1), ("sync", 0, 0), ("sync", 1, 0), ("sync", 0, 0))  # game 2, after it
RECORDED_AFTER_THE_DECISION = (("shot", 0, 0), ("sync", 0, 0), ("sync", 1, 0), ("take_over", 1, 0),
                               ("shot", 0, 0), ("shot", 1, 0), ("sync", 0, 0), ("sync", 1, 0),
                               ("decide", 1, 2), ("sync", 1, 0),
                               ("shot", 0, 0), ("sync", 0, 0), ("sync", 1, 0), ("sync", 0, 0))  # a's seq 3, after it


@pytest.mark.parametrize("script", [RECORDED_BEFORE_THE_DECISION, RECORDED_AFTER_THE_DECISION],
                         ids=["before", "after"])
def test_a_decision_and_the_events_around_it_in_one_batch_are_applied_as_row_by_row(club, script):
    """A batch holding a decision (a `games` row whose branch_json is set) and events around it: the events
    before it are in the table when the decision is followed (it archives them), and an event after it is
    archived as the decision says, though the snapshot the batch was planned on has no decision."""
    for action in script:
        club.act(action)
    at = next(k for k, r in enumerate(club.hub) if r["entity"] == "games" and json.loads(r["payload"]).get("branch_json"))
    reference = club.open("one_by_one")
    apply_row_by_row(reference, club.hub)
    assert reference.read("SELECT count(*) FROM conflicts WHERE resolution = 'set_aside'")[0][0] >= 2
    try:
        for before in range(4):
            bulk = club.open(f"bulk{before}")
            try:
                apply.apply_remote(bulk, club.hub[:at - before], batch=1)
                apply.apply_remote(bulk, club.hub[at - before:], batch=10_000)
                assert conflicts(bulk) == conflicts(reference), before
                assert synced_tables(bulk) == synced_tables(reference), before
            finally:
                bulk.close()
    finally:
        reference.close()


def test_a_shot_recorded_here_while_a_batch_is_planned_turns_the_other_desks_event_into_a_branch(club, monkeypatch):
    """b recorded the game; a took it over (b not told yet) and b records on. The batch with b's event is planned
    outside the write lock: the event was one past a's line then, but a's referee recorded that seq meanwhile.
    The plan is stale (a log row of one of its games, though no row of the batch is that game's) and is planned
    again under the lock: b's event is kept aside as a branch, not inserted over a's."""
    from clubdesk.sync import bulk_apply

    for action in (("take_over", 1, 0), ("sync", 1, 0), ("sync", 0, 0), ("take_over", 0, 0), ("shot", 1, 0)):
        club.act(action)
    rows = [dict(zip(cursors.LOG_COLUMNS, r, strict=True)) for r in club.b.read(
        f"SELECT {', '.join(cursors.LOG_COLUMNS)} FROM change_log WHERE desk_id = ? AND entity = 'events'",
        (club.b.desk_id,))]
    real, plans = bulk_apply.plan_batch, []

    def plan_then_record(cur, batch, cache):
        plan = real(cur, batch, cache)
        if not plans:
            club.act(("shot", 0, 0))  # the referee at a records the next shot meanwhile
        plans.append(plan)
        return plan

    monkeypatch.setattr(bulk_apply, "plan_batch", plan_then_record)
    apply.apply_remote(club.a, rows, batch=10_000)
    gid = club.games[0]
    assert len(plans) == 2
    assert club.a.read("SELECT desk_id FROM events WHERE game_id = ? AND seq = 1", (gid,)) == [(club.a.desk_id,)]
    assert club.a.read("SELECT other_id FROM conflicts WHERE kind = 'game_branch' AND entity_id = ?",
                       (gid,)) == [(club.b.desk_id,)]
