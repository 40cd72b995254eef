"""What the sync keeps on a desk about its exchanges with the hub: which desk ids this file writes under, how far
each desk's log goes here, this desk's log rows after a point (a push), and the cursors (`push:<desk id>`, the
local copy of the hub's ack; `pull`, the hub's server_seq applied up to).
"""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from clubdesk.store.db import Store

LOG_COLUMNS = ("desk_id", "desk_seq", "hlc", "entity", "entity_id", "op", "payload", "schema_version")


def desk_identity(store: Store) -> str:
    return store.desk_id


def local_desk_ids(store: Store) -> list[str]:
    """The ids this file has written under, the current one first: a restored file pushes its old rows too."""
    rows = store.read("SELECT value FROM settings WHERE key = 'previous_desk_ids'")
    previous = json.loads(rows[0][0]) if rows else []
    return [store.desk_id, *[d for d in previous if d != store.desk_id]]


def last_desk_seq(store: Store, desk_id: str | None = None) -> int:
    return store.read("SELECT coalesce(max(desk_seq), 0) FROM change_log WHERE desk_id = ?",
                      (desk_id or store.desk_id,))[0][0]


def pending_since(store: Store, desk_seq: int, limit: int, desk_id: str | None = None) -> list[dict]:
    """This desk's (or `desk_id`'s) log rows after `desk_seq`, in order, at most `limit`."""
    rows = store.read(f"SELECT {', '.join(LOG_COLUMNS)} FROM change_log WHERE desk_id = ? AND desk_seq > ? "
                      "ORDER BY desk_seq LIMIT ?", (desk_id or store.desk_id, desk_seq, limit))
    return [dict(zip(LOG_COLUMNS, r, strict=True)) for r in rows]


def get_cursor(store: Store, name: str) -> int:
    rows = store.read("SELECT value FROM sync_cursors WHERE name = ?", (name,))
    return rows[0][0] if rows else 0


def set_cursor(store: Store, name: str, value: int) -> None:
    """Move a cursor forward; a smaller value than the stored one raises ValueError (and changes nothing).
    A background write: the sync's bookkeeping is not a referee recording (`Store.recording`), or every pull
    would start on the recording budget."""
    with store.write(background=True) as cur:
        _set_cursor(cur, name, value)


def _set_cursor(cur: sqlite3.Cursor, name: str, value: int) -> None:
    try:
        cur.execute("INSERT INTO sync_cursors (name, value) VALUES (?, ?) "
                    "ON CONFLICT (name) DO UPDATE SET value = excluded.value", (name, value))
    except sqlite3.IntegrityError as exc:
        raise ValueError(f"sync cursor {name} cannot move back to {value}") from exc


def _cursor(cur: sqlite3.Cursor, name: str) -> int:
    row = cur.execute("SELECT value FROM sync_cursors WHERE name = ?", (name,)).fetchone()
    return row[0] if row else 0
