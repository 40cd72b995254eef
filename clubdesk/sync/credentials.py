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
        raise keyring_error(exc, desk_name) from exc


def load_password(address: HubAddress, desk_name: str) -> str:
    import keyring
    from keyring.errors import KeyringError

    try:
        password = keyring.get_password(SERVICE, _user(address, desk_name))
    except KeyringError as exc:
        raise keyring_error(exc, desk_name) from exc
    if password is None:
        raise SyncError(f"Пароля стойки {desk_name} нет в хранилище паролей системы. Введите его: "
                        f"clubdesk sync join URL --desk {desk_name}.",
                        f"The keyring holds no password for desk {desk_name}. Enter it: "
                        f"clubdesk sync join URL --desk {desk_name}.", code="no_password")
    return password


def keyring_error(exc: Exception, desk_name: str) -> SyncError:
    """What the administrator can do about a keyring that failed, in his language (keyring's own text is English
    and names Python packages: it goes to the English line only)."""
    from keyring.errors import KeyringLocked, NoKeyringError

    rejoin = f"clubdesk sync join URL --desk {desk_name}"
    if isinstance(exc, NoKeyringError):
        return SyncError(
            "На этом компьютере нет хранилища паролей системы (GNOME Keyring, KWallet, диспетчер учётных данных "
            "Windows), а пароль стойки хранится только там. Запустите ClubDesk в сеансе рабочего стола с "
            f"хранилищем паролей (в Debian — пакет gnome-keyring) и подключите стойку снова: {rejoin}. "
            "Стойка работает автономно.",
            "This computer has no system keyring (GNOME Keyring, KWallet, Windows Credential Manager), and the desk "
            "password is kept only there. Run ClubDesk in a desktop session with a keyring (on Debian, the "
            f"gnome-keyring package) and join again: {rejoin}. The desk goes on offline.", code="keyring")
    if isinstance(exc, KeyringLocked):
        return SyncError("Хранилище паролей системы заблокировано: разблокируйте его (войдите в сеанс рабочего "
                         "стола) и синхронизируйте снова. Стойка работает автономно.",
                         "The system keyring is locked: unlock it (log in to the desktop session) and sync again. "
                         "The desk goes on offline.", code="keyring")
    return SyncError("Хранилище паролей системы не ответило. Синхронизируйте снова; если не пройдёт — перезапустите "
                     "сеанс рабочего стола. Стойка работает автономно.",
                     f"The system keyring did not answer ({exc}). Sync again; if it fails again, restart the desktop "
                     "session. The desk goes on offline.", code="keyring")
