"""A desk's hub password lives in the OS keyring (`keyring`), never in the SQLite file or QSettings.

Tests and headless machines choose a backend with PYTHON_KEYRING_BACKEND, as keyring itself reads it.
"""

from __future__ import annotations

from clubdesk.sync.errors import SyncError
from clubdesk.sync.hub import HubAddress

SERVICE = "ClubDesk sync"


def _user(address: HubAddress, desk_name: str) -> str:
    return f"{desk_name}@{address.where}/{address.schema}"


def save_password(address: HubAddress, desk_name: str, password: str) -> None:
    import keyring
    from keyring.errors import KeyringError

    try:
        keyring.set_password(SERVICE, _user(address, desk_name), password)
    except KeyringError as exc:
        raise SyncError(f"Не удалось сохранить пароль стойки в хранилище паролей системы: {exc}",
                        f"Could not save the desk password in the system keyring: {exc}", code="keyring") from exc


def load_password(address: HubAddress, desk_name: str) -> str:
    import keyring
    from keyring.errors import KeyringError

    try:
        password = keyring.get_password(SERVICE, _user(address, desk_name))
    except KeyringError as exc:
        raise SyncError(f"Хранилище паролей системы недоступно: {exc}",
                        f"The system keyring is not available: {exc}", code="keyring") from exc
    if password is None:
        raise SyncError(f"Пароля стойки {desk_name} нет в хранилище паролей системы. Введите его: "
                        f"clubdesk sync join URL --desk {desk_name}.",
                        f"The keyring holds no password for desk {desk_name}. Enter it: "
                        f"clubdesk sync join URL --desk {desk_name}.", code="no_password")
    return password
