"""What can stop a sync that the user must act on: one clear line, the desk goes on offline, nothing lost."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from clubdesk.errors import KnownError

# The hub's own cut-offs of a desk login (hub.DESK_LIMITS): a statement cancelled at statement_timeout, a connection
# closed at idle_in_transaction_session_timeout or idle_session_timeout. Their SQLSTATEs, so that importing this
# module does not import psycopg.
HUB_CUTOFF_STATES = ("57014", "25P03", "57P05")
# The desk logins' lock_timeout (hub.DESK_LIMITS): the bound of a lock wait the push did not bound itself.
LOGIN_LOCK_WAIT_S = 30.0


class SyncError(KnownError):
    """The hub cannot be used now (unreachable, wrong password, newer protocol, not joined). Codes:
    `unreachable`, `auth`, `hub_newer`, `hub_older`, `no_hub`, `not_joined`, `not_a_desk`, `no_password`,
    `desk_update` (rows of a newer schema arrived), `foreign_desk` (rows under a desk id another desk registered),
    `hub_busy` (another desk held the ingestion lock too long: it names the holder), `login_taken` (add-desk of a name
    whose login is another club's desk), `desk_disabled` (the administrator ran disable-desk), `hub_timeout` (the hub cut this desk off: a statement
    or an idle transaction outlasted the desk logins' limits, hub.DESK_LIMITS), `hub_silent` (the hub did not answer within
    the desk's own deadline: a link gone silent, sync/deadline.py), `staff_refused` (rows of staff accounts from a desk
    not allowed to manage staff), `clock_ahead` (rows stamped too far ahead of the hub's clock), `sync_running` (another
    sync of this desk file still held its lock after the wait: desk_lock), `row_refused` (the hub refused a payload of
    this desk that is not a JSON object, h006: a bug of the desk's version), `row_not_allowed` (a pulled row this
    desk will not apply, `RowRefused`: kept aside with its reason, sync/quarantine.py)."""

    code = "sync_error"

class RowRefused(SyncError):
    """A pulled row this desk will not apply, whatever the hub let through (`merge.refuse_unallowed`): the row and
    why. Raised inside the apply's transaction, which it rolls back; the row is then kept aside with its reason
    (sync/quarantine.py ROW_ERRORS) and the pull goes on — a retry applies it once the hub has given that desk the
    right (`add-desk NAME --staff`)."""

    def __init__(self, row: dict, reason: str, ru: str, en: str) -> None:
        super().__init__(ru, en, code="row_not_allowed")
        self.row, self.reason = row, reason



def from_psycopg(exc: Exception, where: str) -> SyncError:
    """The one line for a psycopg error met while talking to the hub at `where` (host:port)."""
    import psycopg

    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    if isinstance(exc, psycopg.OperationalError) and "password authentication failed" in str(exc):
        return SyncError(f"Сервер синхронизации {where} не принял пароль стойки. Введите его заново: "
                         "clubdesk sync join.",
                         f"The sync hub {where} refused this desk's password. Enter it again: clubdesk sync join.",
                         code="auth")
    if isinstance(exc, psycopg.OperationalError) and "is not permitted to log in" in str(exc):
        return SyncError(f"Администратор сервера синхронизации {where} отключил вход этой стойки. Записи сохранены "
                         "здесь; вход с новым паролем даёт clubdesk sync add-desk ИМЯ на сервере, затем clubdesk sync "
                         "join на стойке.",
                         f"The administrator of the sync hub {where} has disabled this desk's login. Its records are "
                         "kept here; clubdesk sync add-desk NAME on the hub gives it a login with a new password, then "
                         "clubdesk sync join on the desk.", code="desk_disabled")
    if isinstance(exc, psycopg.errors.InsufficientPrivilege) and exc.diag.column_name == "desk_id":
        return foreign_desk(where, text)  # the hub's check of appended rows (hub migration h002)
    if isinstance(exc, psycopg.errors.InsufficientPrivilege) and exc.diag.column_name == "entity":
        return staff_refused(where)  # hub migration h005: staff accounts only from desks allowed to manage staff
    if getattr(exc, "sqlstate", None) == "22008" and exc.diag.column_name == "hlc":
        return clock_ahead(where, text)  # h005: a stamp too far ahead of the hub's clock
    if isinstance(exc, psycopg.errors.InsufficientPrivilege):
        return SyncError(f"Сервер синхронизации {where} не знает эту стойку ({text}). Добавьте её: "
                         "clubdesk sync add-desk.",
                         f"The sync hub {where} does not know this desk ({text}). Add it: clubdesk sync add-desk.",
                         code="not_a_desk")
    if isinstance(exc, psycopg.errors.InvalidTextRepresentation | psycopg.errors.CheckViolation) and \
            (exc.diag.constraint_name == "log_rows_payload_object" or "type json" in text):
        return row_refused(where, text)  # the hub's check of a pushed payload (hub migration h006)
    if isinstance(exc, psycopg.errors.LockNotAvailable):
        return hub_busy(where, getattr(exc, "holders", ()), getattr(exc, "waited_s", LOGIN_LOCK_WAIT_S))
    if getattr(exc, "sqlstate", None) in HUB_CUTOFF_STATES:
        return hub_timeout(where, exc)
    if isinstance(exc, psycopg.errors.UndefinedTable | psycopg.errors.InvalidSchemaName):
        return SyncError(f"На {where} нет сервера синхронизации ClubDesk. Создайте его: clubdesk sync init-hub.",
                         f"There is no ClubDesk sync hub at {where}. Create it: clubdesk sync init-hub.",
                         code="no_hub")
    if hasattr(exc, "whole_sync"):  # deadline.HubSilent: the desk's own deadline ended the wait
        return hub_silent(where, exc.seconds, exc.whole_sync)
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


def row_refused(where: str, detail: str) -> SyncError:
    """The hub refused a row of this desk whose payload is not a JSON object (h006): a bug of this ClubDesk,
    which wrote it; the row and those after it stay here and are pushed again by an updated one."""
    return SyncError(f"Сервер синхронизации {where} не принял запись этой стойки: её содержимое не объект JSON "
                     f"({detail}). Это ошибка этой версии ClubDesk: записи сохранены здесь, обновите ClubDesk.",
                     f"The sync hub {where} refused a row of this desk: its payload is not a JSON object ({detail}). "
                     "This is a bug of this ClubDesk version: the rows are kept here; update ClubDesk.",
                     code="row_refused")


def hub_busy(where: str, holders: tuple | list = (), waited_s: float = LOGIN_LOCK_WAIT_S) -> SyncError:
    """The push waited its bound (`waited_s`: protocol.INGEST_LOCK_WAIT_S, put on the exception with the holders) for
    the club's ingestion lock: another desk holds it. `holders` (login, desk name or None, administrator?;
    protocol.ingest_lock_holders) are named with what the administrator can do if it goes on: a desk's login can be
    disabled (`clubdesk sync disable-desk`), any other login by SQL."""
    wait = f"{waited_s:g}"
    ru_who = en_who = ""
    if holders:
        login, desk, admin = holders[0]
        if admin:
            ru_who = f" Её держит сеанс администратора сервера (вход {login})."
            en_who = f" A session of the hub's administrator (login {login}) holds it."
        elif desk:
            ru_who = (f" Её держит стойка {desk}; если так повторяется, администратор сервера может отключить её "
                      f"вход: clubdesk sync disable-desk {desk}.")
            en_who = (f" Desk {desk} holds it; if this goes on, the hub's administrator can disable its login: "
                      f"clubdesk sync disable-desk {desk}.")
        else:
            ru_who = (f" Её держит вход {login}, не стойка этого клуба; администратор сервера может отключить его: "
                      f'ALTER ROLE "{login}" NOLOGIN и pg_terminate_backend его сеансов.')
            en_who = (f" The login {login}, not a desk of this club, holds it; the hub's administrator can disable "
                      f'it: ALTER ROLE "{login}" NOLOGIN and pg_terminate_backend of its sessions.')
    return SyncError(f"Сервер синхронизации {where} занят другой стойкой дольше {wait} с. Записи этой стойки сохранены "
                     f"и будут переданы при следующей синхронизации.{ru_who}",
                     f"The sync hub {where} has been busy with another desk for over {wait} s. This desk's records "
                     f"are kept and will be sent at the next sync.{en_who}", code="hub_busy")


def hub_timeout(where: str, exc: Exception) -> SyncError:
    """The hub cancelled this desk's statement or closed its connection: it outlasted the limits the hub sets on
    every desk login (hub.DESK_LIMITS), so that no desk can hold the others up."""
    import psycopg

    if isinstance(exc, psycopg.errors.QueryCanceled):
        ru, en = "запрос стойки шёл дольше, чем сервер позволяет", "this desk's request ran longer than the hub allows"
    else:
        ru, en = "стойка молчала дольше, чем сервер позволяет", "this desk was silent longer than the hub allows"
    return SyncError(f"Сервер синхронизации {where} прервал обмен: {ru}. Записи этой стойки сохранены и будут "
                     "переданы при следующей синхронизации.",
                     f"The sync hub {where} cut the exchange off: {en}. This desk's records are kept and will be "
                     "sent at the next sync.", code="hub_timeout")


def hub_silent(where: str, seconds: float, whole_sync: bool) -> SyncError:
    """The desk's own deadline ended a wait for the hub (sync/deadline.py): the link went silent, or the whole sync
    outlasted its bound. What was committed stays on both sides; the next sync resumes from it."""
    if whole_sync:
        ru, en = f"синхронизация шла дольше {seconds:g} с", f"the sync took longer than {seconds:g} s"
    else:
        ru, en = f"сервер не ответил за {seconds:g} с, связь прервалась", f"no answer for {seconds:g} s, the link broke"
    return SyncError(f"Синхронизация с {where} прервана: {ru}. Стойка работает автономно; записи сохранены и будут "
                     "переданы при следующей синхронизации.",
                     f"The sync with {where} was cut off: {en}. The desk goes on offline; its records are kept and "
                     "will be sent at the next sync.", code="hub_silent")


def staff_refused(where: str) -> SyncError:
    """The hub refused rows of staff accounts (logins, passwords, roles) from this desk (hub migration h005)."""
    return SyncError(f"Сервер синхронизации {where} не принял записи этой стойки: ей не разрешено менять учётные "
                     "записи персонала (входы, пароли, роли), а среди её записей такие есть. Записи сохранены здесь; "
                     "если этой стойке можно управлять персоналом, администратор сервера разрешает это: "
                     "clubdesk sync add-desk ИМЯ --staff, затем clubdesk sync join на стойке с новым паролем.",
                     f"The sync hub {where} refused this desk's records: it may not change staff accounts (logins, "
                     "passwords, roles) and some of its records do. They are kept here; if this desk may manage "
                     "staff, the hub's administrator allows it: clubdesk sync add-desk NAME --staff, then clubdesk "
                     "sync join on the desk with the new password.", code="staff_refused")


def clock_ahead(where: str, detail: str) -> SyncError:
    """The hub refused rows stamped further ahead of its clock than it allows (h005 `max_stamp_ahead`)."""
    return SyncError(f"Сервер синхронизации {where} не принял записи этой стойки: они помечены временем далеко "
                     f"впереди часов сервера ({detail}) — часы этого компьютера спешили, когда их записали. Записи "
                     "сохранены здесь; исправьте время компьютера. Сервер примет их, когда его часы дойдут до них.",
                     f"The sync hub {where} refused this desk's records: they are stamped far ahead of the hub's clock "
                     f"({detail}) — this computer's clock was fast when they were written. They are kept here; set "
                     "the computer's clock right. The hub takes them once its clock reaches them.",
                     code="clock_ahead")
