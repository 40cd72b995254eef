"""Rows this desk has never seen (no log row, no table row: the common row of a first pull), inserted as they came
by the bulk apply (`bulk_apply._Pending.take`): every field is its own winner, so the row is the table's defaults
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
        self.const = tuple(defaults[c] for c in rest)
        self.columns = (*self.kept, *rest, *_STAMP, "id")
        if entity == "players":  # derived from the parts, never taken from a payload
            self.columns += (*split, "name")
        self.sql = (f"INSERT INTO {entity} ({', '.join(self.columns)}) "
                    f"VALUES ({', '.join('?' * len(self.columns))})")
        if len(self.kept) > 1:
            self._get = itemgetter(*self.kept)
        elif self.kept:
            one = self.kept[0]
            self._get = lambda payload: (payload[one],)
        else:
            self._get = lambda _payload: ()
        at = {c: i for i, c in enumerate(self.columns)}
        self._surname, self._first_name = at.get("surname"), at.get("first_name")
        # what the row sets off (bulk_writes.Writes._after), read from its parameters by position
        self.decides = entity == "games" and "branch_json" in self.kept
        self.merged_at, self.nickname_at, self.phone_at = at.get("merged_into"), at.get("nickname_key"), at.get("phone")

    def params(self, payload: dict[str, Any], hlc: int, desk_id: str, eid: str) -> tuple:
        row = (*self._get(payload), *self.const, hlc, desk_id, eid)
        if self.entity != "players":
            return row
        if self.parts_from_name:
            return (*row, *parts_and_name(payload["name"] or ""))
        surname = row[self._surname] if self._surname is not None else None
        first_name = row[self._first_name] if self._first_name is not None else None
        return (*row, full_name(surname or "", first_name or ""))

    @staticmethod
    def at(params: tuple, position: int | None) -> Any:
        return None if position is None else params[position]


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

    def note(self, shape: Shape, eid: str, params: tuple) -> None:
        entity = shape.entity
        if entity == "players":
            self.players.append(eid)
            if shape.at(params, shape.merged_at):
                self.merged.append(eid)
            if shape.at(params, shape.nickname_at) or shape.at(params, shape.phone_at):
                self.duplicates.append(eid)
        elif entity == "games":
            self.games.append(eid)
            if shape.decides:
                self.decided.append(eid)
        elif entity == "bans":
            self.bans.append(eid)
