"""The desk's hub password in a file of its own, for a computer without a system keyring (a kiosk session, a
headless hall PC): `hub-passwords.json` in a folder of the user's config dir (platformdirs) that only the user
may enter (0700), the file readable only by him (0600).

The file is **not encrypted**: without a keyring there is no key on Linux the OS protects better than the file
itself (a key kept beside it would protect nothing), so its protection is its permissions, as for ~/.pgpass.
It is never written in place: a new file is created 0600 under a temporary name (O_CREAT|O_EXCL, so no other
file is reused) and renamed over the old one. Reading refuses a file that others could read or that another
user owns, naming the path and the fix. Also here: reading a password from a file the administrator names
(`--password-file`, CLUBDESK_HUB_PASSWORD_FILE, e.g. a systemd credential).
"""

from __future__ import annotations

import json
import os
import secrets
import stat
from pathlib import Path

from clubdesk.sync.errors import SyncError

FILE_NAME = "hub-passwords.json"


def default_path() -> Path:
    import platformdirs  # imported where needed: a desk's start waits for every import

    return Path(platformdirs.user_config_dir("ClubDesk", appauthor=False)) / "credentials" / FILE_NAME


def _checked_text(path: Path, *, own: bool) -> str | None:
    """The file's text, or None when it does not exist. `own`: the desk's own file, which must be the user's and
    0600 (or stricter); a file the administrator named must not be readable or writable by other users."""
    try:
        fd = os.open(path, (os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)) if own else os.O_RDONLY)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise unreadable(path, exc) from exc
    with os.fdopen(fd, encoding="utf-8") as f:
        st = os.fstat(f.fileno())
        if os.name != "nt":  # on Windows the profile's ACLs do this; st_mode says nothing there
            loose = st.st_mode & (0o077 if own else 0o006)
            foreign = own and st.st_uid != os.getuid()
            if loose or foreign:
                raise too_open(path, foreign=foreign)
        return f.read()


def read_password_file(path: Path) -> str:
    """The password in a file the administrator named: its first line (a trailing newline is not part of it)."""
    text = _checked_text(path, own=False)
    if text is None:
        raise SyncError(f"Файла с паролем {path} нет.", f"The password file {path} does not exist.",
                        code="no_password")
    password = text.splitlines()[0] if text else ""
    if not password:
        raise SyncError(f"Файл с паролем {path} пуст.", f"The password file {path} is empty.", code="no_password")
    return password


def _entries(path: Path) -> dict[str, str]:
    text = _checked_text(path, own=True)
    if not text:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        raise SyncError(f"Файл паролей {path} повреждён. Удалите его и подключите стойку снова: "
                        "clubdesk sync join URL --desk ИМЯ.",
                        f"The password file {path} is damaged. Delete it and join again: "
                        "clubdesk sync join URL --desk NAME.", code="password_file")
    return {str(k): str(v) for k, v in data.items()}


def load(user: str, path: Path | None = None) -> str | None:
    return _entries(path or default_path()).get(user)


def save(user: str, password: str, path: Path | None = None) -> Path:
    """Keep `password` for `user` in the file (created 0600 in a 0700 folder); returns the file's path."""
    path = path or default_path()
    entries = _entries(path)
    entries[user] = password
    _write(path, entries)
    return path


def forget(user: str, path: Path | None = None) -> None:
    """Drop `user`'s entry (the keyring holds the password now): no stale copy stays in a file."""
    path = path or default_path()
    try:
        entries = _entries(path)
    except SyncError:
        return
    if entries.pop(user, None) is not None:
        _write(path, entries)


def _write(path: Path, entries: dict[str, str]) -> None:
    folder = path.parent
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if os.name != "nt" and stat.S_IMODE(folder.stat().st_mode) != 0o700:
            folder.chmod(0o700)
        tmp = folder / f".{path.name}.{secrets.token_hex(6)}.tmp"
        fd = os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except OSError as exc:
        raise unwritable(path, exc) from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(entries, f, ensure_ascii=False, sort_keys=True)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise unwritable(path, exc) from exc
        raise


def too_open(path: Path, *, foreign: bool) -> SyncError:
    if foreign:
        return SyncError(f"Файл паролей {path} принадлежит другому пользователю; пароль из него не читается. "
                         "Удалите файл и подключите стойку снова: clubdesk sync join URL --desk ИМЯ.",
                         f"The password file {path} belongs to another user; no password is read from it. "
                         "Delete it and join again: clubdesk sync join URL --desk NAME.", code="password_file")
    return SyncError(f"Файл паролей {path} доступен другим пользователям; пароль из него не читается. "
                     f"Оставьте его только себе: chmod 600 {path}",
                     f"The password file {path} is open to other users; no password is read from it. "
                     f"Make it yours alone: chmod 600 {path}", code="password_file")


def unreadable(path: Path, exc: OSError) -> SyncError:
    return SyncError(f"Файл паролей {path} не читается ({exc.strerror}).",
                     f"The password file {path} cannot be read ({exc.strerror}).", code="password_file")


def unwritable(path: Path, exc: OSError) -> SyncError:
    return SyncError(f"Пароль стойки не записан в {path} ({exc.strerror}); стойка не подключена.",
                     f"The desk password could not be written to {path} ({exc.strerror}); the desk has not "
                     "joined.", code="password_file")
