"""What can stop a sync that the user must act on: one clear line, the desk goes on offline, nothing lost."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from clubdesk.errors import KnownError


class SyncError(KnownError):
    """The hub cannot be used now (unreachable, wrong password, newer protocol, not joined). Codes:
    `unreachable`, `auth`, `hub_newer`, `hub_older`, `no_hub`, `not_joined`, `not_a_desk`, `no_password`,
    `desk_update` (rows of a newer schema arrived)."""

    code = "sync_error"


def from_psycopg(exc: Exception, where: str) -> SyncError:
    """The one line for a psycopg error met while talking to the hub at `where` (host:port)."""
    import psycopg

    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    if isinstance(exc, psycopg.OperationalError) and "password authentication failed" in str(exc):
        return SyncError(f"Сервер синхронизации {where} не принял пароль стойки. Введите его заново: "
                         "clubdesk sync join.",
                         f"The sync hub {where} refused this desk's password. Enter it again: clubdesk sync join.",
                         code="auth")
    if isinstance(exc, psycopg.errors.InsufficientPrivilege):
        return SyncError(f"Сервер синхронизации {where} не знает эту стойку ({text}). Добавьте её: "
                         "clubdesk sync add-desk.",
                         f"The sync hub {where} does not know this desk ({text}). Add it: clubdesk sync add-desk.",
                         code="not_a_desk")
    if isinstance(exc, psycopg.errors.UndefinedTable | psycopg.errors.InvalidSchemaName):
        return SyncError(f"На {where} нет сервера синхронизации ClubDesk. Создайте его: clubdesk sync init-hub.",
                         f"There is no ClubDesk sync hub at {where}. Create it: clubdesk sync init-hub.",
                         code="no_hub")
    if isinstance(exc, psycopg.OperationalError):
        return SyncError(f"Сервер синхронизации {where} недоступен ({text}). Стойка работает автономно, "
                         "записи сохранены и будут переданы позже.",
                         f"The sync hub {where} is unreachable ({text}). The desk goes on offline; "
                         "its records are kept and will be sent later.", code="unreachable")
    raise exc


@contextmanager
def hub_errors(where: str) -> Iterator[None]:
    """psycopg errors met inside the block become the one SyncError line (bugs still raise as they are)."""
    import psycopg

    try:
        yield
    except psycopg.Error as exc:
        raise from_psycopg(exc, where) from exc
