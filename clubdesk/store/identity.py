"""Which desk this file is: a new file, a restored backup or a copy from elsewhere writes under a new desk id.

Two desks writing under one id would number different rows with the same desk_seq, and the hub keeps the first
it sees: a row lost. So the file carries a random `store_instance` (a backup gets a fresh one, `stamp_copy`) and a
copy of it lives beside the file with the machine's name (`<file>.desk`); a file whose instance is not the one
beside it on this machine is another instance and writes under a new id (docs/sync.md «Identity»).
"""

from __future__ import annotations

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


def copy_text(instance: str, machine: str, desk_id: str) -> str:
    """What the copy beside the file holds: JSON, spelled as json.dumps spells it."""
    if all(v.isascii() and v.isprintable() and '"' not in v and "\\" not in v for v in (instance, machine, desk_id)):
        return f'{{"store_instance": "{instance}", "machine": "{machine}", "desk_id": "{desk_id}"}}'
    import json

    return json.dumps({"store_instance": instance, "machine": machine, "desk_id": desk_id})


def read_copy(path: Path) -> tuple[str, str] | None:
    """(store_instance, machine) of the copy beside `path`, None without a readable one."""
    try:
        return _fields(copy_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def copy_names(path: Path, instance: str, machine: str, desk_id: str) -> bool:
    """Whether the copy beside `path` names `instance` on `machine`: read_copy(path) == (instance, machine).

    The fast open asks before the first frame, where importing json costs ~6 M instructions (~2 ms): the copy this desk
    wrote is the text copy_text gives, compared as text; any other text is read as JSON."""
    try:
        text = copy_path(path).read_text(encoding="utf-8")
    except (OSError, ValueError):
        return False
    return text == copy_text(instance, machine, desk_id) or _fields(text) == (instance, machine)


def _fields(text: str) -> tuple[str, str] | None:
    import json

    try:
        data = json.loads(text)
        return data["store_instance"], data["machine"]
    except (ValueError, KeyError, TypeError):
        return None


def desk_identity(factory: sessionmaker[Session], path: Path) -> tuple[str, int]:
    """This desk's id and the newest hlc in the file; a new desk id when the file is another instance.

    The old id goes to `previous_desk_ids`: its rows are still this file's to push (sync.cursors.local_desk_ids).
    """
    import json

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
        copy_path(path).write_text(copy_text(instance, here, desk_id), encoding="utf-8")
    return desk_id, last
