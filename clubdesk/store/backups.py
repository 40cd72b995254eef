"""Backups of a store: a folder of their own per store file, each copy verified before it counts, and a
restore that walks back from the newest copy to the newest good one.

`backups/<file name>/<stem>.backup-<time>-<reason>.sqlite`: the folder is named after the store's whole file
name, so `club.sqlite`, `club-old.sqlite` and `club-restored-….sqlite` side by side never share (or rotate)
each other's copies. A copy is written under a `.partial` name, passes PRAGMA integrity_check, and only then
takes its real name: a full disk leaves no 0-byte "newest backup" behind.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import sqlite3
from pathlib import Path

from clubdesk.errors import StoreError
from clubdesk.store import health, identity

BACKUPS_KEPT = 10
BEFORE_MIGRATION = "before-"  # the reason of the copy taken before a migration: "before-0007"
SQLITE_MAGIC = b"SQLite format 3\x00"
_STAMP = r"(\d{8}-\d{6}-\d{6})-(.+)\.sqlite"


def backup_dir(db_path: Path) -> Path:
    return db_path.parent / "backups" / db_path.name


def backup(path: Path, label: str = "manual") -> Path:
    """Copy the database with SQLite's online backup API, verify the copy, keep the newest BACKUPS_KEPT."""
    dest_dir = backup_dir(path)
    partial = None
    try:
        dest_dir.mkdir(parents=True, exist_ok=True)
        dest = _new_name(path, dest_dir, label)
        partial = dest.with_name(dest.name + ".partial")
        _copy(path, partial)
        problem = _problem(partial)
        if problem:
            raise sqlite3.DatabaseError(f"the copy fails its check: {problem}")
        os.replace(partial, dest)
    except (OSError, sqlite3.Error) as exc:
        if partial is not None:
            for leftover in [partial] + [partial.with_name(partial.name + s) for s in ("-journal", "-wal", "-shm")]:
                leftover.unlink(missing_ok=True)
        reason = getattr(exc, "strerror", None) or str(exc)
        raise StoreError(f"Не удалось сделать резервную копию базы {path} в {dest_dir} ({reason}); база не изменена.",
                         f"Could not back up the database {path} to {dest_dir} ({reason}); the database was not "
                         "changed.", code="backup_failed") from exc
    _rotate(path)
    return dest


def _new_name(path: Path, dest_dir: Path, label: str) -> Path:
    while True:
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
        dest = dest_dir / f"{path.stem}.backup-{stamp}-{label}.sqlite"
        if not dest.exists():
            return dest


def _copy(src_path: Path, dest: Path) -> None:
    src = sqlite3.connect(f"{src_path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(dest)
        try:
            src.backup(dst)
            # A copy is one self-contained file: the store's WAL mode would come along with its pages, and a
            # WAL file opened even read-only grows -wal and -shm companions beside it.
            dst.execute("PRAGMA journal_mode=DELETE")
            # A copy is another store instance: opened again (restored), it writes under a new desk id (sync).
            identity.stamp_copy(dst)
        finally:
            dst.close()
    finally:
        src.close()


def _problem(path: Path) -> str | None:
    """Why the file is no usable database, or None (a 0-byte or foreign file, a failed integrity_check)."""
    try:
        with open(path, "rb") as fh:
            if fh.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC:
                return "not an SQLite database"
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            return health.integrity_problem(con)
        finally:
            con.close()
    except (OSError, sqlite3.Error) as exc:
        return health.one_line(str(exc))


def list_backups(path: Path) -> list[Path]:
    """Backups of this database, newest first: its own folder, and the copies an older ClubDesk left in
    `backups/` as `<stem>-<time>-<reason>.sqlite` (listed to be restored, never rotated)."""
    found: list[tuple[str, Path]] = []
    own = re.compile(re.escape(path.stem) + r"\.backup-" + _STAMP)
    legacy = re.compile(re.escape(path.stem) + "-" + _STAMP)
    for folder, pattern in ((backup_dir(path), own), (path.parent / "backups", legacy)):
        if folder.is_dir():
            for f in folder.iterdir():
                m = pattern.fullmatch(f.name)
                if m and f.is_file():
                    found.append((m.group(1), f))
    return [f for _stamp, f in sorted(found, key=lambda sf: (sf[0], sf[1].name), reverse=True)]


def _rotate(path: Path) -> None:
    """Keep the newest BACKUPS_KEPT good copies in the store's folder; a copy that is not even an SQLite
    file (an older ClubDesk's 0-byte copy from a full disk) is removed and not counted. The newest copy
    taken before a migration always stays: it may be the only one of the file as it was."""
    own = [b for b in list_backups(path) if b.parent == backup_dir(path)]
    good = []
    for b in own:
        if _problem_header(b):
            b.unlink()
        else:
            good.append(b)
    before = next((b for b in good if _reason(b).startswith(BEFORE_MIGRATION)), None)
    for old in good[BACKUPS_KEPT:]:
        if old != before:
            old.unlink()


def _problem_header(path: Path) -> bool:
    with open(path, "rb") as fh:
        return fh.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC


def _reason(backup_path: Path) -> str:
    m = re.search(_STAMP + "$", backup_path.name)
    return m.group(2) if m else ""


def newest_good_backup(path: Path) -> Path | None:
    """The newest backup that passes the full check, or None."""
    return next((b for b in list_backups(path) if _problem(b) is None), None)


def restore_newest_backup(path: Path) -> Path:
    """Copy the newest good backup next to `path` under a new name and return the copy; `path` itself is not
    touched. A backup that fails its check (0 bytes, damaged) is passed over for the one before it."""
    backups = list_backups(path)
    if not backups:
        raise StoreError(f"Для {path} нет резервных копий.", f"There are no backups of {path}.", code="no_backup")
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    copy, n = path.with_name(f"{path.stem}-restored-{stamp}.sqlite"), 1
    while copy.exists():
        n += 1
        copy = path.with_name(f"{path.stem}-restored-{stamp}-{n}.sqlite")
    for candidate in backups:
        if _problem(candidate) is not None:
            continue
        try:
            _copy(candidate, copy)
        except (OSError, sqlite3.Error):
            copy.unlink(missing_ok=True)
            continue
        if _problem(copy) is None:
            return copy
        copy.unlink(missing_ok=True)
    raise StoreError(f"Ни одна из резервных копий {path} ({len(backups)}) не читается.",
                     f"None of the {len(backups)} backups of {path} can be read.", code="no_backup")
