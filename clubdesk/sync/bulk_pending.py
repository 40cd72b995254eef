"""The row writes of a bulk-applied batch merged per (entity, id) in memory, outside the write lock (`_Pending`):
`bulk_apply.plan_batch` adds each row, `take` hands what is merged over as one Writes step (bulk_writes)."""

from __future__ import annotations

import sqlite3
from typing import Any

from clubdesk.store.changelog import DERIVED, ROW_KEYS, with_name_parts
from clubdesk.sync.bulk_fresh import Fresh, Shape
from clubdesk.sync.bulk_writes import Writes
from clubdesk.sync.merge import _columns, _defaults, player_name


class _Pending:
    """The batch's row writes, merged per (entity, id) in memory; `take` hands them over as one Writes step."""

    def __init__(self, cur: sqlite3.Cursor, cache: dict, current: dict[tuple[str, str], tuple[int, str]]) -> None:
        self.cur, self.cache = cur, cache
        self.current = current  # (entity, id) → stamp of the row in the table (or written by an earlier step)
        self._reset()

    def _reset(self) -> None:
        self.inserts: dict[tuple[str, str], dict[str, Any]] = {}
        self.updates: dict[tuple[str, str], dict[str, Any]] = {}
        self.stamps: dict[tuple[str, str], tuple[int, str]] = {}
        self.changed: dict[tuple[str, str], set[str]] = {}
        # (entity, id) → (payload, stamp) of rows never seen here, written as they came (`take`)
        self.fresh: dict[tuple[str, str], tuple[dict[str, Any], tuple[int, str]]] = {}

    def columns(self, entity: str) -> frozenset[str]:
        key = ("columns", entity)
        if key not in self.cache:
            self.cache[key] = _columns(self.cur, entity)
        return self.cache[key]

    def defaults(self, entity: str) -> dict[str, Any]:
        key = ("defaults", entity)
        if key not in self.cache:
            self.cache[key] = _defaults(entity)
        return self.cache[key]

    def fields(self, entity: str, payload: dict) -> tuple[dict, tuple[str, ...]]:
        """The payload's fields this desk takes (its table's columns, not the row keys, not derived ones) and the
        payload's names. The same few field sets come again and again, so which to drop is decided once per set
        (most drop none)."""
        names = tuple(payload)
        key = ("drop", entity, names)
        drop = self.cache.get(key)
        if drop is None:
            columns, derived = self.columns(entity), DERIVED.get(entity, ())
            drop = self.cache[key] = frozenset(f for f in payload if f not in columns or f in ROW_KEYS or f in derived)
        return ({f: v for f, v in payload.items() if f not in drop} if drop else payload), names

    def shape(self, entity: str, payload: dict) -> Shape:
        """The shape of a never-seen row's insert (bulk_fresh), one per table and payload field set."""
        key = ("shape", entity, tuple(payload))
        shape = self.cache.get(key)
        if shape is None:
            _, names = self.fields(entity, payload)
            shape = self.cache[key] = Shape(entity, names, self.cache[("drop", entity, names)], self.defaults(entity))
        return shape

    @property
    def dirty(self) -> bool:
        return bool(self.inserts or self.updates or self.fresh)

    def add(self, row: dict, payload: dict, folds: dict) -> None:
        entity, eid = row["entity"], row["entity_id"]
        k = (entity, eid)
        key = (row["hlc"], row["desk_id"])
        if k not in folds and k not in self.current:
            # Never seen here (no log row, no table row): every field is its own winner. The common row of a
            # first pull, so it is kept as it came (`take` builds its insert by its shape, bulk_fresh) and its
            # fold is built only if the entity comes again in the batch.
            self.fresh[k] = (payload, key)
            folds[k] = (key, payload)  # as it came (_materialised reads its name's parts)
            return
        payload = with_name_parts(entity, payload)
        fields, names = self.fields(entity, payload)
        if k in self.fresh:  # the entity comes again in the batch: its insert becomes an ordinary one
            first_payload, stamp = self.fresh.pop(k)
            first, _ = self.fields(entity, with_name_parts(entity, first_payload))
            self.inserts[k] = {**self.defaults(entity), **first}
            self.stamps[k] = stamp
            self.changed[k] = set(first)
        columns = self.columns(entity)
        fold = _materialised(folds, k)
        winners = {f: v for f, v in fields.items() if f not in fold or key > fold[f][0]}
        if k in self.inserts:
            self.inserts[k].update(winners)
            self.stamps[k] = max(self.stamps[k], key)
        elif k in self.current:
            if winners:
                self.updates.setdefault(k, {}).update(winners)
                self.stamps[k] = max(self.stamps.get(k, self.current[k]), key)
        else:
            values = {**self.defaults(entity), **{f: v for f, (_, v) in fold.items() if f in columns}, **winners}
            self.inserts[k] = values
            self.stamps[k] = key
        if winners or k in self.inserts:
            self.changed.setdefault(k, set()).update(winners)
        _fold_into(fold, key, payload)  # the next row of this entity in the batch compares with this one

    def take(self, steps: list[tuple]) -> None:
        """The writes merged so far become one step, their statements built here (outside the write lock)."""
        if not self.dirty:
            return
        # never-seen rows grouped by shape, then each group's parameters built in one go (bulk_fresh)
        by_shape: dict[Shape, list[tuple]] = {}
        for (entity, eid), (payload, (hlc, desk_id)) in self.fresh.items():
            shape = self.shape(entity, payload)
            items = by_shape.get(shape)
            if items is None:
                items = by_shape[shape] = []
            items.append((payload, hlc, desk_id, eid))
        self.current.update((k, stamp) for k, (_, stamp) in self.fresh.items())
        fresh = Fresh(set(self.fresh))
        inserts = []
        for shape, items in by_shape.items():
            params = shape.params(items)
            inserts.append((shape.sql, params))
            fresh.note(shape, [item[3] for item in items], params)  # what they set off, decided outside the lock
        groups: dict[tuple[str, tuple[str, ...]], list[tuple]] = {}
        new = dict(self.inserts)
        for (entity, eid), values in self.inserts.items():
            hlc, desk_id = self.stamps[(entity, eid)]
            values = {**values, "id": eid, "hlc": hlc, "desk_id": desk_id}
            if entity == "players":  # derived from the merged parts, never taken from a payload
                values["name"] = player_name(values)
            groups.setdefault((entity, tuple(values)), []).append(tuple(values.values()))
        inserts += [(f"INSERT INTO {entity} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})", params)
                    for (entity, names), params in groups.items()]
        updates = [(f"UPDATE {entity} SET {', '.join(f'{f} = ?' for f in sets)}, hlc = ?, desk_id = ? WHERE id = ?",
                    (*sets.values(), *self.stamps[(entity, eid)], eid)) for (entity, eid), sets in self.updates.items()]
        steps.append(("write", Writes(inserts, updates, new, self.changed, fresh)))
        for k in (*self.inserts, *self.updates):
            self.current[k] = self.stamps[k]
        self._reset()


def _materialised(folds: dict, k: tuple[str, str]) -> dict:
    """The entity's fold as a dict (`_Pending.add` leaves a first row's as (key, payload as it came) until needed)."""
    fold = folds.get(k)
    if isinstance(fold, dict):
        return fold
    out: dict = {}
    if fold is not None:
        key, payload = fold
        _fold_into(out, key, with_name_parts(k[0], payload))
    folds[k] = out
    return out

def _fold_into(fold: dict, key: tuple[int, str], fields: dict) -> None:
    if not fold:  # the first log row of an entity: every field is its own winner
        fold.update({name: (key, value) for name, value in fields.items() if name not in ROW_KEYS})
        return
    for name, value in fields.items():
        if name in ROW_KEYS:
            continue
        held = fold.get(name)
        if held is None or key > held[0]:
            fold[name] = (key, value)
