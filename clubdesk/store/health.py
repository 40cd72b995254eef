"""Telling a healthy store that cannot be used right now (read-only, another program holds it) from a damaged
one, and reading every stored event payload the way `rebuild` and `print` will."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

from clubdesk.errors import StoreError


def read_only(path: Path) -> StoreError | None:
    """The refusal for a file (or folder) this user may not write: a desk could not record a single shot."""
    folder_ok = os.access(path.parent, os.W_OK)
    if os.access(path, os.W_OK) and folder_ok:
        return None
    where = "файл" if not os.access(path, os.W_OK) else "папка с ним"
    where_en = "file" if not os.access(path, os.W_OK) else "its folder"
    return StoreError(f"База {path} открыта только для чтения ({where} без права записи): она цела, но ClubDesk не "
                      "сможет ничего в неё записать. Разрешите запись и откройте её снова.",
                      f"The database {path} is read-only (the {where_en} cannot be written): it is intact, but "
                      "ClubDesk could not write anything to it. Allow writing and open it again.", code="read_only")


def in_use(path: Path, exc: sqlite3.Error) -> StoreError | None:
    """The refusal for a healthy file SQLite cannot read now: locked by another program, or with a hot
    `-journal` beside it (another program is writing it, or its write was cut off and SQLite will finish
    undoing it on the next writable open). None when `exc` means something else."""
    text = str(exc).lower()
    journal = path.with_name(path.name + "-journal")
    hot = journal.exists() and journal.stat().st_size > 0
    if not ("locked" in text or "busy" in text or ("readonly" in text and hot)):
        return None
    beside_ru = f", рядом лежит {journal.name}" if hot else ""
    beside_en = f", {journal.name} lies beside it" if hot else ""
    return StoreError(f"Базой {path} сейчас пользуется другая программа (файл занят{beside_ru}). Файл не повреждён "
                      "и не изменён; закройте другую программу или копию ClubDesk и откройте снова.",
                      f"Another program is using the database {path} (the file is locked{beside_en}). The file is "
                      "not damaged and was not changed; close the other program or ClubDesk window and open it again.",
                      code="in_use")


def bad_payloads(path: Path, limit: int = 5) -> tuple[int, list[str]]:
    """Events whose payload is not UTF-8 JSON of an object: how many, and the first `limit` as
    «игра <id>, событие <seq>: <why>». Read as bytes, so a bad cell is reported instead of raised."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    conn.text_factory = bytes
    count, first = 0, []
    try:
        for game_id, seq, payload in conn.execute("SELECT game_id, seq, payload FROM events ORDER BY game_id, seq"):
            why = _payload_problem(payload)
            if why:
                count += 1
                if len(first) < limit:
                    gid = game_id.decode("utf-8", "replace") if isinstance(game_id, bytes) else game_id
                    first.append(f"{gid} #{seq}: {why}")
    finally:
        conn.close()
    return count, first


def _payload_problem(payload: bytes | str | None) -> str | None:
    if not isinstance(payload, bytes | str):
        return "not text"
    try:
        text = payload.decode("utf-8") if isinstance(payload, bytes) else payload
    except UnicodeDecodeError:
        return "invalid UTF-8"
    try:
        obj = json.loads(text)
    except ValueError:
        return "invalid JSON"
    return None if isinstance(obj, dict) and isinstance(obj.get("type"), str) else "not an event object"


def check_payloads(path: Path) -> None:
    """Refuse a store holding an event `rebuild` or `print` could not read, naming the game and seq."""
    count, first = bad_payloads(path)
    if count:
        listed = "; ".join(first)
        raise StoreError(f"В базе {path} событий с испорченной записью: {count} (игра #номер: {listed}). "
                         "Файл не изменён; восстановите резервную копию.",
                         f"The database {path} holds {count} events whose record is broken (game #seq: {listed}). "
                         "The file was left untouched; restore a backup.", code="bad_events")
