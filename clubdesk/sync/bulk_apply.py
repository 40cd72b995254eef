"""Applying one transaction's worth of pulled rows in bulk (`apply.apply_remote`): the same merge as the row-by-row
path (`merge._apply_data`), with its reads and writes done per batch instead of per row.

Profiled (cProfile, 20 000 player rows, 20 a transaction): 224 000 statements, 11 a row (the duplicate check of
the log row, its insert, the fold of the entity's earlier log rows, PRAGMA table_info, the current row, the
insert, the duplicate-player and ban lookups), and 1 000 commits; 12 s. Here a batch costs a few statements
per table: one max(desk_seq) per desk (the log is gap-free per desk, so a row at or below it is already here
and one above it + 1 is a gap), one executemany of the log rows, one read of the earlier log rows and one of
the current rows of the entities touched, one executemany per table and column set for new rows, and a
statement per changed existing row.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from clubdesk.store.changelog import (
    _PLAIN,
    LOG_INSERT_ORIGIN,
    LWW_TABLES,
    ROW_KEYS,
    SCHEMA_VERSION,
    _fast_loads,
    parse_payload,
    with_name_parts,
)
from clubdesk.sync import quarantine
from clubdesk.sync.bulk_events import EventPlanner, chunks, write_run
from clubdesk.sync.bulk_pending import _fold_into, _Pending
from clubdesk.sync.merge import ApplyResult, SyncGap, _apply_data, _apply_event

if TYPE_CHECKING:
    from clubdesk.store.db import Store

@dataclass
class Plan:
    """What a batch will write, worked out from a read snapshot before the write lock is taken: under the lock only
    the statements run (their parameters are built here)."""

    mark: int  # the largest change_log id of the snapshot: a log row after it means the plan may be stale
    new: list[dict]
    skipped: int
    applied: int  # rows applied (not quarantined)
    log: list[tuple]  # ("plain", [LOG_INSERT_ORIGIN parameters]) | ("quarantine", parameters): in the rows' order
    steps: list[tuple]  # ("write", Writes) | ("events", params, games) | ("event", row, fields) | ("row", row)
    keys: set[tuple[str, str]] = field(default_factory=set)  # (entity, id) of every row of the batch, and its games
    desks: set[str] = field(default_factory=set)


def plan_batch(cur: sqlite3.Cursor, rows: list[dict], cache: dict) -> Plan:
    """Read what the batch needs and decide every write (no write here: a read transaction is enough)."""
    mark = cur.execute("SELECT coalesce(max(id), 0) FROM change_log").fetchone()[0]
    new, kinds, skipped = _new_rows(cur, rows)
    # as they came: a players payload of a desk older than 0013 gets its name's parts where they are read (_Pending);
    # a payload the apply cannot read marks its row "bad", kept aside with its reason (sync/quarantine.py)
    payloads, reasons = _checked(new, kinds)
    plan = Plan(mark, new, skipped, 0, [], [], {(r["entity"], r["entity_id"]) for r in new}, {r["desk_id"] for r in new})
    lww = [r for r, k in zip(new, kinds, strict=True) if k == "lww"]
    folds = _earlier_folds(cur, lww)  # per field, the winner among the log rows held before this batch
    pending = _Pending(cur, cache, _current_stamps(cur, lww))
    events = EventPlanner(cur, [r["entity_id"] for r, k in zip(new, kinds, strict=True) if k == "event"])
    holds = quarantine.Holds(cur) if "event" in kinds else None
    for i, (row, kind, payload) in enumerate(zip(new, kinds, payloads, strict=True)):
        if kind == "lww":
            if row["entity"] == "games":
                if holds is not None:
                    holds.game_arrives(row["entity_id"])
                if "branch_json" in payload:
                    events.decide(row["entity_id"])
            pending.add(row, payload, folds)
        elif kind == "event":
            fields = {k: v for k, v in payload.items() if k not in ROW_KEYS}
            reasons[i] = holds.event_reason(fields["game_id"])
            if reasons[i] is not None:  # its game is not here (yet), or an earlier event of it is kept aside
                kinds[i] = "bad"
                continue
            plan.keys.add(("games", fields["game_id"]))
            if pending.dirty:  # the game and its decision are in place before its events, after the earlier ones
                events.flush(plan.steps)
                pending.take(plan.steps)
            events.plan(row, fields, plan.steps)
        elif kind == "row":
            events.flush(plan.steps)
            pending.take(plan.steps)
            plan.steps.append(("row", row))
    events.flush(plan.steps)
    pending.take(plan.steps)
    plan.applied = sum(1 for k in kinds if k != "quarantine" and k != "bad")
    plan.log = _log_params(new, kinds, reasons, payloads)
    return plan


def _checked(rows: list[dict], kinds: list[str]) -> tuple[list, dict[int, tuple[str, str] | None]]:
    """The rows' payloads as the apply reads them; a row whose payload it cannot read becomes kind "bad" (its
    reason in the second value, by index). One parse a row, as before: parse_payload's own fast path inline (orjson,
    a dict of plain values), the rest — events, floats, anything odd — through quarantine.check_payload."""
    loads, plain, check = _fast_loads, _PLAIN, quarantine.check_payload
    payloads: list = []
    append = payloads.append
    reasons: dict[int, tuple[str, str] | None] = {}
    for i, (row, kind) in enumerate(zip(rows, kinds, strict=True)):
        if kind == "lww" or kind == "row":
            try:
                payload = loads(row["payload"])
            except ValueError:
                payload = None
            if type(payload) is dict and plain.issuperset(map(type, payload.values())):
                append(payload)
                continue
        elif kind == "quarantine":
            append(None)
            continue
        payload, reason = check(row["entity"], row["payload"])
        if reason is not None:
            kinds[i] = "bad"
            reasons[i] = reason
        append(payload)
    return payloads, reasons


def stale(cur: sqlite3.Cursor, plan: Plan) -> bool:
    """Whether a log row written since the plan's snapshot touches its rows, its desks or the games of its events
    (then plan again): a shot recorded here meanwhile moves its game's line."""
    return any(desk in plan.desks or (entity, eid) in plan.keys or ("games", game) in plan.keys
               for desk, entity, eid, game in cur.execute(
                   "SELECT desk_id, entity, entity_id, CASE WHEN entity = 'events' AND json_valid(payload) THEN "
                   "json_extract(payload, '$.game_id') END FROM change_log WHERE id > ?", (plan.mark,)).fetchall())


def write_batch(store: Store, cur: sqlite3.Cursor, plan: Plan, result: ApplyResult) -> None:
    """Carry out `plan` inside the caller's write transaction."""
    result.skipped += plan.skipped
    if not plan.new:
        return
    _insert_log(cur, plan.log, result)
    for desk_id, hlc in _max_hlc(plan.new).items():
        store.clock.observe(hlc, desk_id)
    cur.execute("PRAGMA defer_foreign_keys = ON")  # rows of several tables in one batch: checked at COMMIT
    result.applied += plan.applied
    for step in plan.steps:
        if step[0] == "write":
            step[1].write(cur, result)
        elif step[0] == "events":
            write_run(cur, step[1], step[2], result)
        elif step[0] == "event":
            _apply_event(cur, step[1], step[2], result)
        else:  # an account: a login taken here by another account is a conflict, decided row by row
            row = step[1]
            log_id = cur.execute("SELECT id FROM change_log WHERE desk_id = ? AND desk_seq = ?",
                                 (row["desk_id"], row["desk_seq"])).fetchone()[0]
            result.applied -= 1  # _apply_data counts it
            _apply_data(cur, log_id, row, result)


def apply_batch(store: Store, cur: sqlite3.Cursor, rows: list[dict], result: ApplyResult, cache: dict) -> None:
    """Plan and write `rows` (hub order) inside the caller's transaction."""
    write_batch(store, cur, plan_batch(cur, rows, cache), result)


_KNOWN = frozenset((*LWW_TABLES, "events"))


def _kind(row: dict) -> str:
    if row["schema_version"] > SCHEMA_VERSION or row["entity"] not in _KNOWN:
        return "quarantine"
    entity = row["entity"]
    return "event" if entity == "events" else "row" if entity == "accounts" else "lww"


def _new_rows(cur: sqlite3.Cursor, rows: list[dict]) -> tuple[list[dict], list[str], int]:
    """The rows this desk does not hold yet, in order, and their kinds; SyncGap for a row that does not follow its
    desk's last row."""
    last: dict[str, int] = {}
    out, kinds, skipped = [], [], 0
    for row in rows:
        desk = row["desk_id"]
        if desk not in last:
            last[desk] = cur.execute("SELECT coalesce(max(desk_seq), 0) FROM change_log WHERE desk_id = ?",
                                     (desk,)).fetchone()[0]
        seq = row["desk_seq"]
        if seq <= last[desk]:
            skipped += 1
        elif seq == last[desk] + 1:
            last[desk] = seq
            out.append(row)
            kinds.append(_kind(row))
        else:
            raise SyncGap(f"row {seq} of desk {desk} does not follow its last row here")
    return out, kinds, skipped


def _log_params(rows: list[dict], kinds: list[str], reasons: dict | None = None,
                payloads: list | None = None) -> list[tuple]:
    """The log rows as they came, in order; a row of a newer schema or an unknown table is marked for quarantine,
    a row the apply cannot take ("bad") to be kept aside with its reason (and an event's game)."""
    out: list[tuple] = []
    plain: list[tuple] = []
    for i, (row, kind) in enumerate(zip(rows, kinds, strict=True)):
        params = (row["desk_id"], row["desk_seq"], row["hlc"], row["entity"], row["entity_id"], row["op"],
                  row["payload"], row["schema_version"])
        if kind == "quarantine" or kind == "bad":
            if plain:
                out.append(("plain", plain))
                plain = []
            if kind == "bad":
                payload = payloads[i] if payloads is not None else None
                game = payload.get("game_id") if row["entity"] == "events" and payload else None
                out.append(("bad", params, reasons[i], game))
            else:
                out.append(("quarantine", params))
        else:
            plain.append(params)
    if plain:
        out.append(("plain", plain))
    return out


def _earlier_folds(cur: sqlite3.Cursor, rows: list[dict]) -> dict[tuple[str, str], dict]:
    """(entity, id) → {field: ((hlc, desk_id), value)} from the log rows already held (quarantined ones left out)."""
    by_entity: dict[str, set[str]] = {}
    for r in rows:
        by_entity.setdefault(r["entity"], set()).add(r["entity_id"])
    folds: dict[tuple[str, str], dict] = {}
    for entity, ids in by_entity.items():
        for part in chunks(sorted(ids)):
            for eid, hlc, desk_id, payload in cur.execute(
                    f"SELECT entity_id, hlc, desk_id, payload FROM change_log WHERE entity = ? AND entity_id IN "
                    f"({','.join('?' * len(part))}) AND id NOT IN (SELECT log_id FROM sync_quarantine)",
                    (entity, *part)).fetchall():
                fold = folds.setdefault((entity, eid), {})
                _fold_into(fold, (hlc, desk_id), with_name_parts(entity, parse_payload(payload)))
    return folds


def _current_stamps(cur: sqlite3.Cursor, rows: list[dict]) -> dict[tuple[str, str], tuple[int, str]]:
    by_entity: dict[str, set[str]] = {}
    for r in rows:
        by_entity.setdefault(r["entity"], set()).add(r["entity_id"])
    out = {}
    for entity, ids in by_entity.items():
        for part in chunks(sorted(ids)):
            for eid, hlc, desk_id in cur.execute(f"SELECT id, hlc, desk_id FROM {entity} WHERE id IN "
                                                 f"({','.join('?' * len(part))})", tuple(part)).fetchall():
                out[(entity, eid)] = (hlc, desk_id)
    return out


def _insert_log(cur: sqlite3.Cursor, log: list[tuple], result: ApplyResult) -> None:
    """The log rows as they came; a row of a newer schema or an unknown table also goes to quarantine (one by one:
    its log id is needed, and such rows are rare)."""
    for what, params, *why in log:
        if what == "plain":
            cur.executemany(LOG_INSERT_ORIGIN, params)
        elif what == "bad":
            quarantine.keep_aside(cur, params, *why)
            result.quarantined += 1
        else:
            cur.execute(LOG_INSERT_ORIGIN, params)
            cur.execute("INSERT INTO sync_quarantine (log_id) VALUES (?)", (cur.lastrowid,))
            result.quarantined += 1


def _max_hlc(rows: list[dict]) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in rows:
        if r["hlc"] > out.get(r["desk_id"], -1):
            out[r["desk_id"]] = r["hlc"]
    return out

