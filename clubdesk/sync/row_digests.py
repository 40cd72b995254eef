"""`sync status --verify` on the rows themselves (issue 35): per synced table, how many rows this desk holds, an md5
of their synced columns, and whether they are what the desk's change log says they must be.

Comparing the change logs with the hub's (`status.verify`) proves the desk holds every row of the log; it does not
prove the tables hold what those rows merge to. A desk that kept its own write where every other desk kept another
(a write stamped below the field's winner: issue 35) had the hub's log and other rows, and --verify said «совпадает».
So each table's rows are held against the fold of the log (per-field LWW by (hlc, desk_id), the apply's own rule:
`apply.uncovered`): two desks whose logs equal the hub's and whose rows equal their logs hold the same rows, and the
md5 printed per table lets two desks be compared by eye.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from clubdesk.store.changelog import DERIVED, LWW_TABLES
from clubdesk.store.db import Store
from clubdesk.sync import apply


@dataclass(frozen=True)
class TableCheck:
    table: str
    rows: int  # rows this desk holds
    digest: str  # md5 of the rows' synced columns, in id order
    wrong: int  # rows whose synced columns differ from what the log says, or that the log says and the table lacks

    @property
    def equal(self) -> bool:
        return self.wrong == 0


def synced_columns(store: Store, table: str) -> list[str]:
    """The columns of `table` that sync: not the row's stamp (hlc, desk_id: where a value came from, not the value)
    nor a derived column."""
    names = [r[1] for r in store.read(f"PRAGMA table_info({table})")]
    return [n for n in names if n not in ("hlc", "desk_id") and n not in DERIVED.get(table, ())]


def digest(store: Store, table: str) -> tuple[int, str]:
    columns = synced_columns(store, table) if table != "events" else ["id", "game_id", "seq", "type", "payload",
                                                                        "hlc", "desk_id"]
    rows = store.read(f"SELECT {', '.join(columns)} FROM {table} ORDER BY id")
    md5 = hashlib.md5()
    for row in rows:
        md5.update(json.dumps(list(row), ensure_ascii=False, default=str).encode())
        md5.update(b"\n")
    return len(rows), md5.hexdigest()


def check_tables(store: Store) -> list[TableCheck]:
    """Every synced table with its rows held against the change log."""
    wrong: dict[str, set[str]] = {}
    for table, row_id, _field in apply.uncovered(store):
        wrong.setdefault(table, set()).add(row_id)
    for table, row_id in missing(store):
        wrong.setdefault(table, set()).add(row_id)
    out = []
    for table in (*LWW_TABLES, "events"):
        n, md5 = digest(store, table)
        out.append(TableCheck(table, n, md5, len(wrong.get(table, ()))))
    return out


def missing(store: Store) -> list[tuple[str, str]]:
    """(table, id) of every row the log says exists that its table lacks: not a row waiting in quarantine for a newer
    ClubDesk, an account whose login another account holds here (a conflict), nor an event archived in a conflict
    (a branch kept aside or set aside)."""
    kept_aside = {r[0] for r in store.read(
        "SELECT json_extract(detail_json, '$.event.id') FROM conflicts WHERE kind = 'game_branch'")}
    kept_aside |= {r[0] for r in store.read("SELECT entity_id FROM conflicts WHERE kind = 'duplicate_account'")}
    out = []
    for table in (*LWW_TABLES, "events"):
        for (row_id,) in store.read(
                f"SELECT DISTINCT c.entity_id FROM change_log c LEFT JOIN {table} t ON t.id = c.entity_id "
                "WHERE c.entity = ? AND t.id IS NULL AND c.id NOT IN (SELECT log_id FROM sync_quarantine)", (table,)):
            if row_id not in kept_aside:
                out.append((table, row_id))
    return out
