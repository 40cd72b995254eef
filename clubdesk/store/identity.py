"""Which desk this file is: a new file, a restored backup or a copy from elsewhere writes under a new desk id.

Two desks writing under one id would number different rows with the same desk_seq, and the hub keeps the first
it sees: a row lost. So the file carries a random `store_instance` (a backup gets a fresh one, `stamp_copy`) and a
copy of it lives beside the file with the machine's name (`<file>.desk`); a file whose instance is not the one
beside it on this machine is another instance and writes under a new id (docs/sync.md «Identity»).
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy.orm import Session, sessionmaker


def machine() -> str:
    """The machine's network name, as platform.node() gives it. The fast open asks it before the first frame, and
    importing platform costs ~3 ms (its regular expressions): on POSIX it is os.uname()'s node, as platform's own."""
    if hasattr(os, "uname"):
        return os.uname().nodename
    import platform

    return platform.node()


def stamp_copy(conn: sqlite3.Connection) -> None:
    """A backup is another store instance: opened again (restored) it gets a new desk id."""
    from clubdesk.store.ids import new_id

    if conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'").fetchone():
        conn.execute("UPDATE settings SET value = ? WHERE key = 'store_instance'", (new_id(),))
        conn.commit()


def copy_path(path: Path) -> Path:
    return path.with_name(path.name + ".desk")


def read_copy(path: Path) -> tuple[str, str] | None:
    try:
        data = json.loads(copy_path(path).read_text(encoding="utf-8"))
        return data["store_instance"], data["machine"]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def desk_identity(factory: sessionmaker[Session], path: Path) -> tuple[str, int]:
    """This desk's id and the newest hlc in the file; a new desk id when the file is another instance.

    The old id goes to `previous_desk_ids`: its rows are still this file's to push (sync.cursors.local_desk_ids).
    """
    from sqlalchemy import func, select

    from clubdesk.store.ids import new_id
    from clubdesk.store.models import ChangeLog, Setting

    here = machine()
    with factory.begin() as s:
        row, inst = s.get(Setting, "desk_id"), s.get(Setting, "store_instance")
        copy = read_copy(path)
        if row is None:
            row = Setting(key="desk_id", value=new_id())
            s.add(row)
        elif inst is not None and copy != (inst.value, here):
            prev = s.get(Setting, "previous_desk_ids") or Setting(key="previous_desk_ids", value="[]")
            prev.value = json.dumps([*json.loads(prev.value), row.value])
            s.add(prev)
            row.value = new_id()
        if inst is None:
            inst = Setting(key="store_instance", value=new_id())
            s.add(inst)
        elif copy != (inst.value, here):
            inst.value = new_id()
        desk_id, instance = row.value, inst.value
        last = s.scalar(select(func.max(ChangeLog.hlc))) or 0
    if copy != (instance, here):
        copy_path(path).write_text(json.dumps({"store_instance": instance, "machine": here,
                                          "desk_id": desk_id}), encoding="utf-8")
    return desk_id, last
