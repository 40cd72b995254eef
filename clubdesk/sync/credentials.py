"""Where a desk's hub password is found, never in the SQLite file, QSettings or the log.

In this order (the first that has one wins; docs/sync.md «The desk password»):

1. CLUBDESK_HUB_PASSWORD — the password itself, for a service that sets it (systemd, a container);
2. CLUBDESK_HUB_PASSWORD_FILE — a file whose first line is the password (a systemd credential, a secret file);
3. the OS keyring (`keyring`: GNOME Keyring, KWallet, Windows Credential Manager, the macOS Keychain), where
   `join` and `add-desk` keep it;
4. ClubDesk's own password file (`password_file`, 0600, not encrypted), where they keep it on a computer without
   a keyring.

The environment comes first because a service that sets it means it for this run; the keyring before the file
because the file is only written when there is no keyring. Tests and headless machines choose a keyring backend
with PYTHON_KEYRING_BACKEND, as keyring itself reads it.
"""

from __future__ import annotations

import os
from pathlib import Path

from clubdesk.sync import password_file
from clubdesk.sync.errors import SyncError
from clubdesk.sync.hub import HubAddress

SERVICE = "ClubDesk sync"
ENV_PASSWORD = "CLUBDESK_HUB_PASSWORD"
ENV_PASSWORD_FILE = "CLUBDESK_HUB_PASSWORD_FILE"


def _user(address: HubAddress, desk_name: str) -> str:
    return f"{desk_name}@{address.where}/{address.schema}"


def from_environment() -> str | None:
    """The password the process was started with (CLUBDESK_HUB_PASSWORD, else the file CLUBDESK_HUB_PASSWORD_FILE
    names), or None."""
    if os.environ.get(ENV_PASSWORD):
        return os.environ[ENV_PASSWORD]
    if os.environ.get(ENV_PASSWORD_FILE):
        return password_file.read_password_file(Path(os.environ[ENV_PASSWORD_FILE]))
    return None


def save_password(address: HubAddress, desk_name: str, password: str) -> Path | None:
    """Keep the password in the keyring; on a computer without one, in ClubDesk's password file, whose path is
    returned (None: the keyring holds it)."""
    import keyring
    from keyring.errors import KeyringError, NoKeyringError

    user = _user(address, desk_name)
    try:
        keyring.set_password(SERVICE, user, password)
    except NoKeyringError:
        return password_file.save(user, password)
    except KeyringError as exc:  # a locked or failing keyring: the administrator can fix it, no silent file
        raise keyring_error(exc, desk_name) from exc
    password_file.forget(user)  # a copy from a time without a keyring would otherwise linger
    return None


def load_password(address: HubAddress, desk_name: str) -> str:
    """The desk's password, from the first place that has it (the order above)."""
    import keyring
    from keyring.errors import KeyringError, NoKeyringError

    given = from_environment()
    if given is not None:
        return given
    user = _user(address, desk_name)
    failed: Exception | None = None
    try:
        password = keyring.get_password(SERVICE, user)
    except NoKeyringError:
        password = None
    except KeyringError as exc:  # ClubDesk's file may still hold it (written before a keyring was set up)
        password, failed = None, exc
    if password is None:
        password = password_file.load(user)
    if password is not None:
        return password
    if failed is not None:
        raise keyring_error(failed, desk_name) from failed
    raise SyncError(f"Пароля стойки {desk_name} нет ни в хранилище паролей системы, ни в файле паролей ClubDesk, "
                    f"ни в {ENV_PASSWORD}. Введите его: clubdesk sync join URL --desk {desk_name}.",
                    f"No password of desk {desk_name} is in the system keyring, ClubDesk's password file or "
                    f"{ENV_PASSWORD}. Enter it: clubdesk sync join URL --desk {desk_name}.", code="no_password")


def keyring_error(exc: Exception, desk_name: str) -> SyncError:
    """What the administrator can do about a keyring that failed, in his language (keyring's own text is English
    and names Python packages: it goes to the English line only). A missing keyring is no error: the password
    goes to ClubDesk's password file."""
    from keyring.errors import KeyringLocked

    if isinstance(exc, KeyringLocked):
        return SyncError("Хранилище паролей системы заблокировано: разблокируйте его (войдите в сеанс рабочего "
                         "стола) и синхронизируйте снова. Стойка работает автономно.",
                         "The system keyring is locked: unlock it (log in to the desktop session) and sync again. "
                         "The desk goes on offline.", code="keyring")
    return SyncError("Хранилище паролей системы не ответило. Синхронизируйте снова; если не пройдёт — перезапустите "
                     "сеанс рабочего стола. Стойка работает автономно.",
                     f"The system keyring did not answer ({exc}). Sync again; if it fails again, restart the desktop "
                     "session. The desk goes on offline.", code="keyring")
