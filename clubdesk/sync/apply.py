"""Applying rows pulled from the hub on a desk (docs/sync.md «The desk side's Python API»): the batches (`bulk_apply`
plans and writes each, with the merge of merge.py), the quarantine, and the check that the log says every synced
value.

Applied rows keep their origin (desk_id, desk_seq, hlc) and are stored in `change_log` as they are: the log of a
desk is the union of every desk's rows it has, so applying is idempotent (a row already there is skipped) and a
field's current winner is decided from the log rows of its entity (per-field LWW by (hlc, desk_id)).
"""

from __future__ import annotations

import sqlite3
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from clubdesk.store import projections
from clubdesk.store.changelog import LWW_TABLES, SCHEMA_VERSION, fold
from clubdesk.sync import bulk_apply, quarantine
from clubdesk.sync.apply_wal import Checkpoints
from clubdesk.sync.collector import pause_collector, resume_collector
from clubdesk.sync.cursors import LOG_COLUMNS, _cursor, _set_cursor
from clubdesk.sync.merge import (
    ApplyResult,
    SyncGap,  # noqa: F401 - apply_remote raises it (a row skipped by the puller)
    _defaults,
)

if TYPE_CHECKING:
    from clubdesk.store.db import Store


def quarantined(store: Store) -> int:
    """Rows waiting for a newer ClubDesk (a newer schema, a table this desk does not know); the rows kept aside
    because they cannot be applied (sync/quarantine.py) are conflicts, not counted here."""
    return store.read("SELECT count(*) FROM sync_quarantine WHERE log_id NOT IN (SELECT json_extract(detail_json, "
                      "'$.log_id') FROM conflicts WHERE kind = ?)", (quarantine.KIND,))[0][0]


def apply_remote(store: Store, rows: Iterable[dict], *, batch: int = 100,
                 rederive: Callable[[Store, set[str]], Any] | None = None,
                 budget_ms: float | None = None, checkpoints: Checkpoints | None = None) -> ApplyResult:
    """Apply rows pulled from the hub, in their order, `batch` rows a transaction (a shot waits for one batch
    at most). Each transaction also moves cursor "pull" to its rows' largest `server_seq`. Then the desk
    re-derives what the rows touched (game status and projections: `rederive`, by default `projections.rederive`,
    which also tells the services' game caches to forget them).

    With `budget_ms`, `batch` is only the first transaction's size: each next one is sized from the last one's
    time to take about `budget_ms` (between 10 and 5 000 rows), so a shot waits about that long at most,
    whatever the machine and the tables — IDLE_BUDGET_FACTOR times that while nobody records at this desk.

    `checkpoints`: the WAL's upkeep (apply_wal) of a pull that applies its rows in several calls (the runner's),
    so that a checkpoint begun at the end of one call runs beside the next call's first plan; by default the
    call's own, waited for before it returns."""
    result = ApplyResult()
    rows = list(rows)
    cache: dict = {}  # per call: a table's columns and defaults
    # Each batch is planned on a read snapshot of its own connection, outside the write lock: JSON, folds and
    # the choice of every write are Python work that would otherwise hold the lock a shot waits for (and the
    # GIL it needs). Under the lock only the writes run, unless a log row written since the snapshot touches
    # the batch's rows or desks: then it is planned again there.
    reader = sqlite3.connect(store.path, isolation_level=None, check_same_thread=False)
    own = checkpoints is None
    checkpoints = checkpoints if checkpoints is not None else Checkpoints(store)
    try:
        pause_collector()
        reader.execute("PRAGMA busy_timeout=5000")
        start = 0
        halves: deque[list[dict]] = deque()  # a failed batch's halves, tried before the rows after it
        while halves or start < len(rows):
            if halves:
                chunk = halves.popleft()
            else:
                chunk = rows[start:start + batch]
                start += len(chunk)
            part = ApplyResult()
            try:
                began = _apply_chunk(store, reader, chunk, cache, checkpoints, part)
            except quarantine.ROW_ERRORS as exc:
                # A row the checks let through that SQLite or the merge refuses (a foreign key to a row this desk
                # does not hold, a value it cannot store): the batch was rolled back; its halves are tried, down to
                # the one row, which is kept aside with its reason (sync/quarantine.py). A batch of good rows costs
                # nothing more; k bad rows in n cost about 2k·log2(n) smaller transactions.
                if len(chunk) > 1:
                    halves.extendleft((chunk[len(chunk) // 2:], chunk[:len(chunk) // 2]))
                    continue
                quarantine.quarantine_failed_row(store, chunk[0], exc, chunk[0].get("server_seq"))
                result.quarantined += 1
                continue
            result.merge(part)
            if budget_ms is not None:  # the lock was held for the writes only: size the next batch by them
                took = max((time.perf_counter() - began) * 1000, 0.05)
                budget = budget_ms if store.recording(RECORDING_S) else budget_ms * IDLE_BUDGET_FACTOR
                batch = int(min(max(len(chunk) * budget / took, 10), 5000))
                result.batch = batch
            checkpoints.written(recording=store.recording(RECORDING_S))
    finally:
        if own:
            checkpoints.close()
        resume_collector()
        reader.close()
    if result.touched_games:
        (rederive or projections.rederive)(store, result.touched_games)
    return result


def _apply_chunk(store: Store, reader: sqlite3.Connection, chunk: list[dict], cache: dict, checkpoints: Checkpoints,
                 result: ApplyResult) -> float:
    """Plan `chunk` on a read snapshot, then write it in one transaction that also moves cursor "pull". Returns
    when the write began (the lock is held for the writes only: the next batch is sized by them)."""
    snap = reader.cursor()
    snap.execute("BEGIN")
    try:
        plan = bulk_apply.plan_batch(snap, chunk, cache)
    finally:
        snap.execute("COMMIT")
        snap.close()
    checkpoints.wait()  # the one begun after the last write: done, so this write starts the log again
    began = time.perf_counter()
    # Not waiting for the disk (the hub still holds these rows) and after any shot waiting: Writer
    with store.write(durable=False, background=True) as cur:
        if bulk_apply.stale(cur, plan):
            plan = bulk_apply.plan_batch(cur, chunk, cache)
        bulk_apply.write_batch(store, cur, plan, result)
        seqs = [r["server_seq"] for r in chunk if r.get("server_seq") is not None]
        if seqs:
            _set_cursor(cur, "pull", max(max(seqs), _cursor(cur, "pull")))
    return began


# While nobody records at this desk (no foreground commit in the last RECORDING_S), a batch may hold the lock
# IDLE_BUDGET_FACTOR times the budget: fewer, larger commits (each rewrites the index pages it touched), and the
# first shot after a pause still waits less than a frame. While recording, the budget itself.
RECORDING_S = 5.0
IDLE_BUDGET_FACTOR = 2.5

def apply_quarantined(store: Store, rederive: Callable[[Store, set[str]], Any] | None = None) -> ApplyResult:
    """Apply the quarantined rows this (updated) desk now understands, in their log order."""
    result = ApplyResult()
    with store.write() as cur:
        cur.execute(f"SELECT c.id, {', '.join('c.' + c for c in LOG_COLUMNS)} FROM sync_quarantine q "
                    "JOIN change_log c ON c.id = q.log_id WHERE c.schema_version <= ? ORDER BY c.id",
                    (SCHEMA_VERSION,))
        aside = quarantine.held_aside(cur)
        for log_id, *values in cur.fetchall():
            row = dict(zip(LOG_COLUMNS, values, strict=True))
            if log_id not in aside and (row["entity"] in LWW_TABLES or row["entity"] == "events"):
                quarantine.apply_understood(cur, log_id, row, result)
    if result.touched_games:
        (rederive or projections.rederive)(store, result.touched_games)
    return result


def uncovered(store: Store) -> list[tuple[str, str, str]]:
    """(table, id, field) of every synced value the log does not say (`sync status --verify`, the migration
    test): replaying this desk's log must give its synced tables, or a desk that pulls it would differ."""
    from clubdesk.store.changelog import payload_fields

    logged: dict[tuple[str, str], list] = {}
    for hlc, desk_id, entity, entity_id, payload in store.read(
            "SELECT hlc, desk_id, entity, entity_id, payload FROM change_log WHERE entity <> 'events' "
            "AND id NOT IN (SELECT log_id FROM sync_quarantine)"):
        logged.setdefault((entity, entity_id), []).append((hlc, desk_id, payload))
    out = []
    for table in LWW_TABLES:
        names = [r[1] for r in store.read(f"PRAGMA table_info({table})")]
        types = {r[1]: r[2].upper() for r in store.read(f"PRAGMA table_info({table})")}
        defaults = _defaults(table)
        for row in store.read(f"SELECT * FROM {table}"):
            values = payload_fields(table, dict(zip(names, row, strict=True)))
            said = fold(logged.get((table, values.get("id") or row[names.index("id")]), []), table)
            for k, v in values.items():
                want = bool(v) if types[k] == "BOOLEAN" and v is not None else v
                if k not in said:
                    # A column added after the row's last logged write: a desk that pulls the row creates it
                    # with the column's default, so a default value here is what that desk holds too.
                    if want != defaults.get(k):
                        out.append((table, row[names.index("id")], k))
                elif said[k][1] != want:
                    out.append((table, row[names.index("id")], k))
    unlogged_events = store.read("SELECT id FROM events WHERE id NOT IN "
                                 "(SELECT entity_id FROM change_log WHERE entity = 'events')")
    out += [("events", r[0], "*") for r in unlogged_events]
    return out
