"""Rows this desk has never seen (no log row, no table row: the common row of a first pull), inserted as they came
by the bulk apply (`bulk_pending._Pending.take`): every field is its own winner, so the row is the table's defaults
overlaid with the payload's fields — the same row `_apply_data` inserts.

Why a shape: the rows of one table arrive with the same few field sets, and for each set the insert's columns,
which fields to drop (derived ones, the row keys, fields the table lacks) and the defaults filling the rest are
decided once. A row then costs one `itemgetter` call and one tuple instead of a dict of its fields, a dict of its
values and a tuple of them (planning, not writing, was most of the apply's time above the floor of writing the
rows: docs/sync.md «Benchmarks»).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from clubdesk.names import full_name, parts_and_name

_STAMP = ("hlc", "desk_id")
# read back from a row's parameters by position (`Fresh.note`), so always bound
_CHECKED = frozenset({"merged_into", "nickname_key", "phone"})


class Shape:
    """INSERT parameters of one table's rows whose payloads name `names` (in that order)."""

    def __init__(self, entity: str, names: tuple[str, ...], drop: frozenset[str], defaults: dict[str, Any]) -> None:
        self.entity = entity
        self.kept = tuple(f for f in names if f not in drop)
        # A players payload of a desk older than 0013 says `name` only, which writes both parts
        # (changelog.with_name_parts): they are split from it here, and the name derived from them.
        self.parts_from_name = entity == "players" and "name" in names and not {"surname", "first_name"} & set(names)
        split = ("surname", "first_name") if self.parts_from_name else ()
        rest = tuple(c for c in defaults if c not in self.kept and c not in _STAMP and c not in split)
        # A default the same for every row is written into the statement, not bound a row at a time: binding a
        # parameter costs sqlite3 about 0.15 µs, and a first pull binds millions.
        inline = {c: None if c in _CHECKED else literal(defaults[c]) for c in rest}
        bound_rest = tuple(c for c in rest if inline[c] is None)
        self.const = tuple(defaults[c] for c in bound_rest)
        self.columns = (*self.kept, *bound_rest, *_STAMP, "id")
        if entity == "players":  # derived from the parts, never taken from a payload
            self.columns += (*split, "name")
        fixed = tuple(c for c in rest if inline[c] is not None)
        self.sql = (f"INSERT INTO {entity} ({', '.join((*self.columns, *fixed))}) "
                    f"VALUES ({', '.join(('?',) * len(self.columns) + tuple(inline[c] for c in fixed))})")
        if len(self.kept) > 1:
            self._get = itemgetter(*self.kept)
        elif self.kept:
            one = self.kept[0]
            self._get = lambda payload: (payload[one],)
        else:
            self._get = lambda _payload: ()
        at = {c: i for i, c in enumerate(self.columns)}
        self._surname, self._first_name = at.get("surname"), at.get("first_name")
        # what the rows set off (bulk_writes.Writes._after), read from their parameters by position
        self.decides = entity == "games" and "branch_json" in self.kept
        self.merged_at, self.nickname_at, self.phone_at = at.get("merged_into"), at.get("nickname_key"), at.get("phone")

    def params(self, items: list[tuple[dict[str, Any], int, str, str]]) -> list[tuple]:
        """Each row's parameters, of (payload, hlc, desk_id, id) items: one comprehension per shape, not a call a
        row (a first pull's 100 000 player rows)."""
        get, const = self._get, self.const
        if self.entity != "players":
            return [(*get(payload), *const, hlc, desk_id, eid) for payload, hlc, desk_id, eid in items]
        if self.parts_from_name:
            return [(*get(payload), *const, hlc, desk_id, eid, *parts_and_name(payload["name"] or ""))
                    for payload, hlc, desk_id, eid in items]
        s_at, f_at = self._surname, self._first_name
        out = []
        for payload, hlc, desk_id, eid in items:
            row = (*get(payload), *const, hlc, desk_id, eid)
            surname = row[s_at] if s_at is not None else None
            first_name = row[f_at] if f_at is not None else None
            out.append((*row, full_name(surname or "", first_name or "")))
        return out


def literal(value: Any) -> str | None:
    """`value` spelled as an SQL literal, for the few types a column default has; None when it must be bound."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int) and -(1 << 63) <= value < (1 << 63):  # past 64 bits SQLite would read a REAL
        return str(value)
    if isinstance(value, str) and "\x00" not in value:
        return "'" + value.replace("'", "''") + "'"
    return None


@dataclass
class Fresh:
    """What the rows never seen here set off, as `Writes._after` (bulk_writes) would find it for each (every field changed)."""

    keys: set[tuple[str, str]]
    games: list[str] = field(default_factory=list)
    decided: list[str] = field(default_factory=list)  # games arriving with a branch decision
    players: list[str] = field(default_factory=list)  # their status is the default unless bans of theirs came first
    merged: list[str] = field(default_factory=list)  # players arriving merged
    duplicates: list[str] = field(default_factory=list)  # players arriving with a nickname or a phone
    bans: list[str] = field(default_factory=list)  # their players' status is derived again

    def note(self, shape: Shape, ids: list[str], params: list[tuple]) -> None:
        """The rows of one shape: `ids` and their parameters, in the same order."""
        entity = shape.entity
        if entity == "players":
            self.players += ids
            merged, nickname, phone = shape.merged_at, shape.nickname_at, shape.phone_at
            if merged is not None:
                self.merged += [eid for eid, p in zip(ids, params, strict=True) if p[merged]]
            if nickname is not None or phone is not None:
                self.duplicates += [eid for eid, p in zip(ids, params, strict=True)
                                    if (nickname is not None and p[nickname]) or (phone is not None and p[phone])]
        elif entity == "games":
            self.games += ids
            if shape.decides:
                self.decided += ids
        elif entity == "bans":
            self.bans += ids
