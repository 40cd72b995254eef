"""What can stop a sync that the user must act on: one clear line, the desk goes on offline, nothing lost."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from clubdesk.errors import KnownError


class SyncError(KnownError):
    """The hub cannot be used now (unreachable, wrong password, newer protocol, not joined). Codes:
    `unreachable`, `auth`, `hub_newer`, `hub_older`, `no_hub`, `not_joined`, `not_a_desk`, `no_password`,
    `desk_update` (rows of a newer schema arrived), `foreign_desk` (rows under a desk id another desk registered)."""

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
    if isinstance(exc, psycopg.errors.InsufficientPrivilege) and exc.diag.column_name == "desk_id":
        return foreign_desk(where, text)  # the hub's check of appended rows (hub migration h002)
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


def foreign_desk(where: str, detail: str) -> SyncError:
    """The hub refused rows under a desk id that another desk's login registered (or this one never did)."""
    return SyncError(f"Сервер синхронизации {where} не принял записи этой стойки: их номер стойки записан за другой "
                     f"стойкой клуба ({detail}). Записи сохранены здесь; администратор сервера может передать этот "
                     "номер этой стойке (docs/sync.md).",
                     f"The sync hub {where} refused this desk's records: their desk id belongs to another desk of "
                     f"the club ({detail}). They are kept here; the hub's administrator can hand that desk id over "
                     "to this desk (docs/sync.md).", code="foreign_desk")
