"""The change-log row format (docs/sync.md «Desk side»): what a payload holds, how a row is written and folded.

Shared by the UnitOfWork, the hot path (`append_event`), the apply path (`sync.apply`) and migration 0007, so the
log is spelled one way whoever writes it.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import orjson

from clubdesk.names import split_name
from clubdesk.store.ids import natural_id
from clubdesk.store.schema import HEAD

SCHEMA_VERSION = int(HEAD)

# Columns of the log row itself, never repeated in a payload.
ROW_KEYS = frozenset({"id", "hlc", "desk_id"})
# Derived from the events on every desk; syncing them would let a desk overwrite what another derived.
# A player's `name` is «surname first_name» (0013), derived on every desk from the two synced fields.
DERIVED = {"games": frozenset({"status"}), "players": frozenset({"status", "ban_reason", "ban_until", "name"})}
# Set-like tables: their id is uuid5 of the natural key, `deleted` is the tombstone.
SET_LIKE = {"check_ins": ("evening_id", "player_id"), "tournament_entries": ("tournament_id", "player_id"),
            "seats": ("table_id", "seat_no"), "ban_confirmations": ("evening_id", "flag_key")}
# Tables whose rows merge per field by (hlc, desk_id).
LWW_TABLES = ("players", "accounts", "tournaments", "tournament_entries", "stages", "rounds", "evenings",
              "check_ins", "game_tables", "seats", "games", "seating_swaps", "ban_confirmations", "bans")
SYNCED_TABLES = (*LWW_TABLES, "events")

# desk_seq is computed in the INSERT itself: it sees the rows of this transaction already inserted, the
# write lock is held, and a trigger refuses any value but max + 1 (gap-free per desk).
LOG_INSERT = ("INSERT INTO change_log (desk_id, desk_seq, hlc, entity, entity_id, op, payload, schema_version) "
              "VALUES (?, (SELECT coalesce(max(desk_seq), 0) + 1 FROM change_log WHERE desk_id = ?), ?, ?, ?, ?, ?, ?)")
LOG_INSERT_ORIGIN = ("INSERT INTO change_log (desk_id, desk_seq, hlc, entity, entity_id, op, payload, schema_version) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")


def canonical_json(obj: Any) -> str:  # the one spelling (models.canonical_json), without importing the ORM
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def parse_payload(text: str) -> Any:
    """A log row's payload as `json.loads` reads it. orjson reads one in a third of the time (JSON was a tenth of
    applying a first pull: docs/sync.md «Benchmarks»). Where the two differ, `json.loads` reads it: what orjson
    refuses (NaN, infinities, a lone surrogate), and a payload with a float in it, because orjson reads an
    integer past 64 bits as a float (json.loads: exactly). Payloads rarely hold a float."""
    try:
        value = _fast_loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)
    if type(value) is dict and _PLAIN.issuperset(map(type, value.values())):
        return value  # the common payload: no float, nothing nested
    return json.loads(text) if _holds_float(value) else value


_PLAIN = frozenset({str, int, bool, type(None)})


def _holds_float(value: Any) -> bool:
    kind = type(value)
    if kind is float:
        return True
    if kind is dict:
        return any(_holds_float(v) for v in value.values())
    if kind is list:
        return any(_holds_float(v) for v in value)
    return False


_fast_loads = orjson.loads


def json_value(v: Any) -> Any:
    return v.isoformat() if isinstance(v, dt.date) else v


def payload_fields(entity: str, values: dict[str, Any]) -> dict[str, Any]:
    """The fields of `values` a log row carries: not the row keys, not derived fields."""
    derived = DERIVED.get(entity, frozenset())
    return {k: json_value(v) for k, v in values.items() if k not in ROW_KEYS and k not in derived}


def log_params(desk_id: str, hlc: int, entity: str, entity_id: str, fields: dict[str, Any]) -> tuple:
    """Parameters of LOG_INSERT for one local write; a set-like row withdrawn is a tombstone."""
    op = "tombstone" if entity in SET_LIKE and fields == {"deleted": True} else "upsert"
    return (desk_id, desk_id, hlc, entity, entity_id, op, canonical_json(fields), SCHEMA_VERSION)


def set_like_id(entity: str, values: dict[str, Any]) -> str:
    return natural_id(entity, *(values[k] for k in SET_LIKE[entity]))


def with_name_parts(entity: str, payload: dict[str, Any]) -> dict[str, Any]:
    """A players payload as this schema reads it: a row written before 0013 (or by a desk not yet upgraded) says
    `name` only, which writes the surname and the first name (split at the first space, as 0013 split the
    stored names) — so its LWW key holds for the two fields. Any other payload as it is."""
    if entity != "players" or "name" not in payload or "surname" in payload or "first_name" in payload:
        return payload
    surname, first_name = split_name(payload["name"] or "")
    return {**payload, "surname": surname, "first_name": first_name}


def fold(rows: list[tuple[int, str, str]], entity: str = "") -> dict[str, tuple[tuple[int, str], Any]]:
    """Per-field winner of (hlc, desk_id, payload) log rows of `entity`: field -> ((hlc, desk_id), value)."""
    out: dict[str, tuple[tuple[int, str], Any]] = {}
    for hlc, desk_id, payload in rows:
        key = (hlc, desk_id)
        for field, value in with_name_parts(entity, parse_payload(payload)).items():
            if field in ROW_KEYS:
                continue
            cur = out.get(field)
            if cur is None or key > cur[0]:
                out[field] = (key, value)
    return out
