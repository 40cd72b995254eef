"""Telling a healthy store that cannot be used right now (read-only, another program holds it) from a damaged
one, and reading every stored event payload the way `rebuild` and `print` will."""

from __future__ import annotations

import errno
import os
import shutil
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


def one_line(text: str, limit: int = 200) -> str:
    """SQLite's words for a message of ours: one line (integrity_check's answer holds newlines), not too long."""
    text = " ".join(text.replace("*** in database main ***", "").split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _lenient(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


def integrity_problem(conn: sqlite3.Connection) -> str | None:
    """PRAGMA integrity_check on `conn`: None when it answers ok, else its first findings in one line. The answer
    quotes names from the damaged pages, which need not be UTF-8: read leniently, never a UnicodeDecodeError."""
    factory, conn.text_factory = conn.text_factory, _lenient
    try:
        rows = conn.execute("PRAGMA integrity_check").fetchall()
    except UnicodeDecodeError:  # SQLite's error message itself quotes a damaged name: Python cannot decode it
        return "malformed database schema (names not UTF-8)"
    finally:
        conn.text_factory = factory
    return None if rows == [("ok",)] else one_line("; ".join(str(r[0]) for r in rows[:3]))


def truncated(path: Path, header: bytes) -> tuple[str, str] | None:
    """Why the file is shorter than the database its header describes (Russian, English), or None.
    integrity_check passes a file cut short by less than a page: SQLite reads the missing bytes as zeros."""
    size = path.stat().st_size
    if len(header) < 100:
        return f"файл обрезан: {size} байт", f"the file is cut short: {size} bytes"
    page = int.from_bytes(header[16:18], "big")
    page = 65536 if page == 1 else page
    if page < 512 or page & (page - 1):
        return f"размер страницы {page}", f"page size {page}"
    if size % page:
        return (f"файл обрезан: {size} байт, не целое число страниц по {page}",
                f"the file is cut short: {size} bytes, not whole pages of {page}")
    # The header's page count holds when its change counter matches (sqlite.org/fileformat.html, 1.3.7); with a
    # WAL beside the file the newest pages may still live there.
    pages, valid = int.from_bytes(header[28:32], "big"), header[24:28] == header[92:96]
    wal = path.with_name(path.name + "-wal")
    if valid and pages * page > size and not (wal.exists() and wal.stat().st_size):
        return (f"файл обрезан: {size} байт, а в заголовке {pages} страниц по {page}",
                f"the file is cut short: {size} bytes, the header says {pages} pages of {page}")
    return None


class _Text(bytes):
    """A TEXT value read as its bytes (sqlite3's text_factory): told apart from a BLOB's bytes."""


def bad_text(path: Path, limit: int = 3) -> tuple[int, list[str]]:
    """Text cells that are not UTF-8, in every table: how many, and the first `limit` as «table.column id».
    Python's sqlite3 cannot read such a row at all: the player's card, a protocol, a sync would stop on it."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    conn.text_factory = _Text
    count, first = 0, []
    try:
        tables = [t.decode("utf-8", "replace") for (t,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        for table in tables:
            cursor = conn.execute(f'SELECT rowid, * FROM "{table}"')
            names = [d[0] for d in cursor.description]
            for row in cursor:
                for name, value in zip(names[1:], row[1:], strict=True):
                    if isinstance(value, _Text) and not _utf8(value):
                        count += 1
                        if len(first) < limit:
                            key = row[names.index("id")] if "id" in names[1:] else row[0]
                            key = key.decode("utf-8", "replace") if isinstance(key, bytes) else key
                            first.append(f"{table}.{name} {key}")
    finally:
        conn.close()
    return count, first


def _utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


# Below this much free space a «disk I/O error» is the full disk: SQLite cannot even make the WAL's index (-shm).
LOW_SPACE = 1 << 20


def no_space(path: Path, exc: BaseException) -> StoreError | None:
    """The refusal for a healthy file SQLite cannot open or read because its disk is full, or None. On a full
    disk SQLite says «disk I/O error» as often as «database or disk is full»: the free space decides."""
    text = "disk is full" if isinstance(exc, OSError) and exc.errno == errno.ENOSPC else str(exc).lower()
    if "disk is full" not in text and "disk i/o error" not in text:
        return None
    try:
        free = shutil.disk_usage(path.parent).free
    except OSError:
        return None
    if "disk is full" not in text and free >= LOW_SPACE:
        return None
    return StoreError(f"На диске с базой {path} нет места (свободно {free // 1024} КБ): ClubDesk не может с ней "
                      "работать. Файл не повреждён; освободите место и повторите.",
                      f"The disk holding the database {path} is full ({free // 1024} KB free): ClubDesk cannot work "
                      "with it. The file is not damaged; free some space and try again.", code="disk_full")


def bad_payloads(path: Path, limit: int = 5) -> tuple[int, list[str]]:
    """Events whose payload is not UTF-8 JSON of an object: how many, and the first `limit` as
    «игра <id>, событие <seq>: <why>». Read as bytes, so a bad cell is reported instead of raised."""
    from json import loads  # here: the store's fast open imports this module before the first frame

    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    conn.text_factory = bytes
    count, first = 0, []
    try:
        for game_id, seq, payload in conn.execute("SELECT game_id, seq, payload FROM events ORDER BY game_id, seq"):
            why = _payload_problem(payload, loads)
            if why:
                count += 1
                if len(first) < limit:
                    gid = game_id.decode("utf-8", "replace") if isinstance(game_id, bytes) else game_id
                    first.append(f"{gid} #{seq}: {why}")
    finally:
        conn.close()
    return count, first


def _payload_problem(payload: bytes | str | None, loads) -> str | None:
    if not isinstance(payload, bytes | str):
        return "not text"
    try:
        text = payload.decode("utf-8") if isinstance(payload, bytes) else payload
    except UnicodeDecodeError:
        return "invalid UTF-8"
    try:
        obj = loads(text)
    except ValueError:
        return "invalid JSON"
    return None if isinstance(obj, dict) and isinstance(obj.get("type"), str) else "not an event object"


def check_records(path: Path) -> None:
    """Refuse a store holding a record `rebuild`, `print` or the desk could not read: an event that is no UTF-8
    JSON object (named by game and seq), then any text cell that is no UTF-8 (named by table, column and id)."""
    check_payloads(path)
    count, first = bad_text(path)
    if count:
        listed = "; ".join(first)
        raise StoreError(f"В базе {path} испорченных текстовых полей: {count} (не UTF-8: {listed}). "
                         "Файл не изменён; восстановите резервную копию.",
                         f"The database {path} holds {count} broken text fields (not UTF-8: {listed}). "
                         "The file was left untouched; restore a backup.", code="bad_text")


def check_payloads(path: Path) -> None:
    """Refuse a store holding an event `rebuild` or `print` could not read, naming the game and seq."""
    count, first = bad_payloads(path)
    if count:
        listed = "; ".join(first)
        raise StoreError(f"В базе {path} событий с испорченной записью: {count} (игра #номер: {listed}). "
                         "Файл не изменён; восстановите резервную копию.",
                         f"The database {path} holds {count} events whose record is broken (game #seq: {listed}). "
                         "The file was left untouched; restore a backup.", code="bad_events")
