"""Which failed writes are the user's environment (a full disk, a read-only or locked file, another desk's
event in the same place) and get one clear line, and which are ours and go on to the crash handler."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from clubdesk.errors import SeqClash, WriteFailed

# SQLite's primary result codes (https://sqlite.org/rescode.html) that the machine causes, not the program.
_BUSY, _LOCKED, _READONLY, _IOERR, _FULL, _CANTOPEN = 5, 6, 8, 10, 13, 14
_BY_TEXT = (("disk is full", _FULL), ("readonly database", _READONLY), ("database is locked", _BUSY),
            ("database table is locked", _LOCKED), ("disk i/o error", _IOERR), ("unable to open", _CANTOPEN))
# The only UNIQUE that two desks on one file can break by themselves: the next event of one game.
_SEQ = re.compile(r"UNIQUE constraint failed: events\.game_id, events\.seq")
KEPT_RU = "Введённое осталось на экране"
KEPT_EN = "what you entered is still on screen"


def _sqlite_error(exc: BaseException) -> sqlite3.Error | None:
    """The sqlite3 error itself, also when SQLAlchemy wrapped it (DBAPIError.orig)."""
    if isinstance(exc, sqlite3.Error):
        return exc
    orig = getattr(exc, "orig", None)
    return orig if isinstance(orig, sqlite3.Error) else None


def _primary_code(err: sqlite3.Error) -> int | None:
    code = getattr(err, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF
    text = str(err).lower()
    return next((c for words, c in _BY_TEXT if words in text), None)


def write_failure(exc: BaseException, path: Path, game_id: str | None = None) -> WriteFailed | None:
    """The KnownError to show for `exc`, raised by a write to the store at `path`; None when it is a bug.

    `game_id`: the game whose next event is being recorded. Only then is a taken seq another desk's event
    (SeqClash); anywhere else — a synced row, a migration — a broken UNIQUE is a bug."""
    err = _sqlite_error(exc)
    if err is None:
        return None
    name = Path(path).name
    if isinstance(err, sqlite3.IntegrityError):
        if game_id is None or not _SEQ.search(str(err)):
            return None  # any other constraint is our bug: the services validate before they write
        return SeqClash("В эту игру только что записало другое место, ваше не записано. Журнал обновлён: "
                        "проверьте его и запишите снова.",
                        "Another desk has just recorded in this game, so yours was not saved. The log is updated: "
                        "check it and record again.", game_id)
    code = _primary_code(err)
    if code == _FULL:
        return WriteFailed(f"На диске нет места для базы {name}: ничего не записано. {KEPT_RU} — освободите место "
                           "и повторите.",
                           f"The disk holding {name} is full: nothing was saved, {KEPT_EN}. Free some space and "
                           "try again.", code="disk_full")
    if code == _READONLY:
        return WriteFailed(f"База {name} сейчас открыта только для чтения: ничего не записано. {KEPT_RU} — "
                           "разрешите запись в файл и повторите.",
                           f"The database {name} is read-only now: nothing was saved, {KEPT_EN}. Allow writing "
                           "to the file and try again.", code="read_only")
    if code in (_BUSY, _LOCKED):
        return WriteFailed(f"Базу {name} держит другая программа: ничего не записано. {KEPT_RU} — повторите "
                           "через несколько секунд.",
                           f"Another program holds the database {name}: nothing was saved, {KEPT_EN}. Try again "
                           "in a few seconds.", code="locked")
    if code in (_IOERR, _CANTOPEN):
        return WriteFailed(f"Диск с базой {name} не даёт записать ({err}): ничего не записано. {KEPT_RU} — "
                           "проверьте диск и повторите.",
                           f"The disk holding {name} refused the write ({err}): nothing was saved, {KEPT_EN}. "
                           "Check the disk and try again.", code="disk_error")
    return None


def raise_write_failure(exc: BaseException, path: Path, game_id: str | None = None) -> None:
    """Raise `exc`'s WriteFailed (chained to it) when the machine caused it; return when it is a bug."""
    known = write_failure(exc, path, game_id)
    if known is not None:
        raise known from exc
