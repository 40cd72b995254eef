"""`clubdesk sync init-hub|add-desk|disable-desk|resend-all|join|now|status|conflicts`: the hub sync from the command line.

Every refusal (an unreachable hub, a wrong password, a hub of another protocol) is one line and exit 2;
the desk's own data is never touched by a failed sync.
"""

from __future__ import annotations

import getpass
import sys
from pathlib import Path

from clubdesk.errors import KnownError
from clubdesk.store import db as storedb


def add_parser(sub) -> None:
    sp = sub.add_parser("sync", help="sync with the club's PostgreSQL hub")
    ssub = sp.add_subparsers(dest="sync_command", metavar="ACTION", required=True)
    p = ssub.add_parser("init-hub", help="create or upgrade the hub schema (as the server's administrator)")
    p.add_argument("url", help="postgresql://admin@host:5432/dbname (password from PGPASSWORD or ~/.pgpass)")
    p.add_argument("--schema", default="clubdesk")
    p.add_argument("--club-name", default="")
    p = ssub.add_parser("add-desk", help="make the hub login of a desk (as the administrator)")
    p.add_argument("name", help="desk name: lowercase Latin letters, digits and _")
    p.add_argument("--hub", metavar="URL", help="the administrator's URL (default: the one init-hub used here)")
    p.add_argument("--schema", default=None)
    staff = p.add_mutually_exclusive_group()
    staff.add_argument("--staff", action="store_true", default=None,
                       help="the desk may manage staff accounts (logins, passwords, roles): the front desk. A new "
                            "desk without it may not (a hall PC); a desk added again keeps what it had")
    staff.add_argument("--no-staff", action="store_false", dest="staff", help="the desk may no longer manage staff")
    p = ssub.add_parser("disable-desk", help="take a desk's hub login away and end its sessions (as the "
                        "administrator); add-desk NAME gives it back with a new password")
    p.add_argument("name", help="the desk name given to add-desk")
    p.add_argument("--hub", metavar="URL", help="the administrator's URL (default: the one init-hub used here)")
    p.add_argument("--schema", default=None)
    p = ssub.add_parser("resend-all", help="after the hub was restored from an older backup: send it, as the "
                        "administrator, every row of every desk this file holds that the hub lacks")
    p.add_argument("--hub", metavar="URL", help="the administrator's URL (default: the one init-hub used here)")
    p.add_argument("--schema", default=None)
    p = ssub.add_parser("join", help="connect this desk to a hub as desk NAME")
    p.add_argument("url", help="postgresql://host:5432/dbname")
    p.add_argument("--desk", required=True, metavar="NAME")
    p.add_argument("--schema", default="clubdesk")
    p.add_argument("--sslmode", default=None, help="prefer (default) or require, verify-ca, verify-full")
    given = p.add_mutually_exclusive_group()
    given.add_argument("--password-stdin", action="store_true", help="read the desk password from stdin")
    given.add_argument("--password-file", metavar="PATH",
                       help="read the desk password from the first line of PATH (e.g. a systemd credential)")
    p.epilog = ("The password is taken from --password-stdin or --password-file, else from $CLUBDESK_HUB_PASSWORD "
                "or the file $CLUBDESK_HUB_PASSWORD_FILE names, else from where join kept it before (the OS "
                "keyring, else ClubDesk's password file), else it is asked for. join keeps it in the OS keyring; "
                "without one, in a file only this user may read (0600, not encrypted; its path is printed). "
                "A password from the environment is not kept: the service sets it at every run.")
    ssub.add_parser("now", help="sync now (a progress bar on a terminal)")
    p = ssub.add_parser("status", help="pending rows up and down, last success, conflicts, skewed clocks")
    p.add_argument("--verify", action="store_true", help="compare per-table counts and hashes with the hub")
    p = ssub.add_parser("conflicts", help="list the conflicts waiting for the administrator, or resolve one")
    act = p.add_mutually_exclusive_group()
    act.add_argument("--merge", type=int, metavar="ID", help="merge the two players of duplicate_player conflict ID")
    act.add_argument("--keep", type=int, metavar="ID",
                     help="the branch ID (as its desk holds it) continues its game; the line held here and the "
                          "game's other branches are archived (a game has one line: one decision settles it)")
    act.add_argument("--set-aside", type=int, metavar="ID", dest="set_aside",
                     help="the game of conflict ID goes on as this desk holds it; all its branches are archived")
    act.add_argument("--retry", type=int, metavar="ID",
                     help="try again to apply the pulled row kept aside as quarantined_row conflict ID")
    act.add_argument("--discard", type=int, metavar="ID",
                     help="give up the pulled row of quarantined_row conflict ID: kept in the log, never applied")


def run(args, lang: str) -> int:
    try:
        if args.sync_command == "init-hub":
            return _init_hub(args, lang)
        if args.sync_command == "add-desk":
            return _add_desk(args, lang)
        if args.sync_command == "disable-desk":
            return _disable_desk(args, lang)
        store = storedb.open_store(Path(args.db) if args.db else None)
        try:
            if args.sync_command == "join":
                return _join(store, args, lang)
            if args.sync_command == "now":
                return _now(store, lang)
            if args.sync_command == "resend-all":
                return _resend_all(store, args, lang)
            if args.sync_command == "status":
                from clubdesk.commands.sync_status import print_status

                return print_status(store, lang, verify_tables=args.verify)
            if any(getattr(args, a) is not None for a in ("merge", "keep", "set_aside", "retry", "discard")):
                return _resolve(store, args, lang)
            from clubdesk.commands.sync_status import print_conflicts

            return print_conflicts(store, lang)
        finally:
            store.close()
    except KnownError as exc:
        print(exc.message(lang), file=sys.stderr)
        return 2


def _say(lang: str, ru: str, en: str, *, flush: bool = False) -> None:
    print(en if lang == "en" else ru, flush=flush)


def _init_hub(args, lang: str) -> int:
    from clubdesk.sync.config import write_settings
    from clubdesk.sync.hub import HubAddress, init_hub, shared_logins

    address = HubAddress.parse(args.url, schema=args.schema)
    club = init_hub(address, args.club_name)
    if args.db or storedb.default_db_path().exists():
        store = storedb.open_store(Path(args.db) if args.db else None)
        try:  # add-desk on this machine finds the hub again (no password is kept)
            write_settings(store, {"sync.admin_url": address.url, "sync.admin_schema": address.schema})
        finally:
            store.close()
    _say(lang, f"Сервер синхронизации готов: {address.where}, схема {address.schema}, клуб {club}.",
         f"The sync hub is ready: {address.where}, schema {address.schema}, club {club}.")
    for login, other in shared_logins(address):
        _say(lang, f"Внимание: вход {login} — стойка и этого клуба, и клуба схемы {other}, и читает записи обоих. "
                   "Дайте стойке одного из клубов другое имя (add-desk) и отзовите у этого входа права на другую "
                   f"схему: REVOKE ALL ON ALL TABLES IN SCHEMA {other} FROM {login}; "
                   f"REVOKE USAGE ON SCHEMA {other} FROM {login}.",
             f"Warning: the login {login} is a desk of this club and of the club of schema {other}, and reads both "
             "clubs' rows. Give one club's desk another name (add-desk) and revoke this login's rights on the other "
             f"schema: REVOKE ALL ON ALL TABLES IN SCHEMA {other} FROM {login}; "
             f"REVOKE USAGE ON SCHEMA {other} FROM {login}.")
    return 0


def _admin_address(args):
    """The hub as its administrator: --hub/--schema, or what init-hub saved on this machine."""
    from clubdesk.sync.config import read_settings
    from clubdesk.sync.hub import HubAddress

    url, schema = args.hub, args.schema
    if url is None:
        store = storedb.open_store(Path(args.db) if args.db else None)
        try:
            s = read_settings(store)
        finally:
            store.close()
        url, schema = s.get("sync.admin_url"), schema or s.get("sync.admin_schema")
        if url is None:
            raise KnownError(f"Укажите сервер: clubdesk sync {args.sync_command} ИМЯ --hub URL.",
                             f"Name the hub: clubdesk sync {args.sync_command} NAME --hub URL.")
    return HubAddress.parse(url, schema=schema or "clubdesk")


def _add_desk(args, lang: str) -> int:
    from clubdesk.sync.credentials import save_password
    from clubdesk.sync.hub import add_desk

    address = _admin_address(args)
    role, password = add_desk(address, args.name, args.staff)
    kept = save_password(address, args.name, password)
    where_ru = f"в файле {kept}" if kept else "в хранилище паролей этого компьютера"
    where_en = f"in {kept}" if kept else "in this computer's keyring"
    _say(lang, f"Стойка {args.name}: вход {role}, пароль {password}\n"
               f"Пароль сохранён {where_ru}; на стойке введите его в "
               f"«clubdesk sync join URL --desk {args.name}». Он показан один раз.",
         f"Desk {args.name}: login {role}, password {password}\n"
         f"The password is saved {where_en}; on the desk enter it in "
         f"“clubdesk sync join URL --desk {args.name}”. It is shown only once.")
    return 0


def _disable_desk(args, lang: str) -> int:
    from clubdesk.sync.hub import disable_desk

    ended = disable_desk(_admin_address(args), args.name)
    _say(lang, f"Вход стойки {args.name} отключён, завершено сеансов: {ended}. Включить снова, с новым паролем: "
               f"clubdesk sync add-desk {args.name}.",
         f"Desk {args.name}'s login is disabled, sessions ended: {ended}. To enable it again, with a new password: "
         f"clubdesk sync add-desk {args.name}.")
    return 0


def _resend_all(store, args, lang: str) -> int:
    from clubdesk.sync.resend import resend_all

    sent, refused = resend_all(store, _admin_address(args))
    _say(lang, f"Отправлено на сервер записей: {sum(sent.values())} (стоек: {len(sent)}).",
         f"Rows sent to the hub: {sum(sent.values())} (desks: {len(sent)}).")
    if refused:
        _say(lang, f"Сервер не принял записи стоек {', '.join(d[:8] for d in refused)}: среди них есть запись, "
                   "которую и эта стойка не применила (clubdesk sync conflicts).",
             f"The hub refused the rows of desks {', '.join(d[:8] for d in refused)}: among them is a row this desk "
             "did not apply either (clubdesk sync conflicts).")
    return 0


def _join(store, args, lang: str) -> int:
    from clubdesk.sync.credentials import from_environment, load_password
    from clubdesk.sync.errors import SyncError
    from clubdesk.sync.hub import HubAddress, check_desk_name
    from clubdesk.sync.join import join_desk
    from clubdesk.sync.password_file import read_password_file

    name = check_desk_name(args.desk)
    address = HubAddress.parse(args.url, schema=args.schema, sslmode=args.sslmode)
    keep = True
    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\n")
    elif args.password_file:
        password = read_password_file(Path(args.password_file))
    elif (given := from_environment()) is not None:
        password, keep = given, False  # the service gives it at every run: no copy is kept
    else:
        try:
            password = load_password(address, name)
        except SyncError:
            if not sys.stdin.isatty():
                raise
            password = getpass.getpass(f"Пароль стойки {name}: " if lang == "ru" else f"Password of desk {name}: ")
    config, kept = join_desk(store, address, name, password, keep)
    _say(lang, f"Стойка {name} подключена к {address.where} (клуб {config.club_id}).",
         f"Desk {name} joined {address.where} (club {config.club_id}).")
    if kept is not None:
        _say(lang, *kept_in_file(kept))
    return 0


def kept_in_file(path: Path) -> tuple[str, str]:
    """The one line saying where the password went on a computer without a keyring (ru, en)."""
    return (f"Хранилища паролей системы нет: пароль стойки сохранён в файле {path} (его может читать только этот "
            "пользователь, он не зашифрован).",
            f"There is no system keyring: the desk password is kept in {path} (readable only by this user, "
            "not encrypted).")


def _resolve(store, args, lang: str) -> int:
    """One conflict action as the machine's operator (like `accounts`); it syncs with the next `sync now`."""
    from clubdesk.roles import SYSTEM
    from clubdesk.services.conflicts import ConflictService

    svc = ConflictService(store)
    if args.merge is not None:
        survivor = svc.merge_conflict(SYSTEM, args.merge)
        name = store.read("SELECT name FROM players WHERE id = ?", (survivor,))[0][0]
        _say(lang, f"Игроки объединены: остаётся {name} ({survivor}); обе истории сохранены.",
             f"Players merged: {name} ({survivor}) remains; both histories are kept.")
    elif args.retry is not None:
        if svc.retry_row(SYSTEM, args.retry):
            _say(lang, "Запись применена.", "The row is applied.")
        else:
            reason = svc.get(args.retry).detail.get("text", "")
            _say(lang, f"Запись по-прежнему нельзя применить ({reason}); она остаётся в стороне.",
                 f"The row still cannot be applied ({reason}); it stays aside.")
    elif args.discard is not None:
        svc.discard_row(SYSTEM, args.discard)
        _say(lang, "Запись отброшена: она остаётся в журнале и не применяется.",
             "The row is discarded: it stays in the log and is not applied.")
    elif args.keep is not None:
        game = svc.keep_branch(SYSTEM, args.keep)
        _say(lang, f"Игра {game}: её продолжает выбранная ветка, остальные отложены в архив конфликтов.",
             f"Game {game}: the chosen branch continues it, the others are archived with the conflicts.")
    else:
        game = svc.set_aside(SYSTEM, args.set_aside)
        _say(lang, f"Игра {game}: продолжается так, как ведётся здесь; её ветки отложены в архив конфликтов.",
             f"Game {game}: it goes on as here; its branches are archived with the conflicts.")
    return 0


def _now(store, lang: str) -> int:
    from clubdesk.sync.runner import sync_once

    bar = _Bar(lang) if sys.stderr.isatty() else None
    report = sync_once(store, progress=bar, on_wait=lambda: _say(
        lang, "Эта стойка уже синхронизируется в другом окне или процессе; жду, пока та синхронизация закончится…",
        "This desk is already syncing in another window or process; waiting for that sync to end…", flush=True))
    if bar:
        bar.close()
    if report.rewound:
        _say(lang, "Сервер синхронизации вернулся к более ранней копии: записи этой стойки отправлены и все записи "
                   "получены заново.",
             "The sync hub had gone back to an earlier copy: this desk's rows were sent and every row received "
             "again.")
    _say(lang, f"Синхронизация: отправлено {report.pushed}, получено {report.pulled}, применено {report.applied}, "
               f"конфликтов {report.conflicts}, в карантине {report.quarantined} ({report.seconds:.1f} с).",
         f"Sync: sent {report.pushed}, received {report.pulled}, applied {report.applied}, "
         f"conflicts {report.conflicts}, quarantined {report.quarantined} ({report.seconds:.1f} s).")
    return 0


class _Bar:
    """A one-line progress bar on stderr (only on a terminal)."""

    WIDTH = 30

    def __init__(self, lang: str) -> None:
        self.names = {"push": "отправка", "pull": "получение"} if lang == "ru" else {"push": "push", "pull": "pull"}

    def __call__(self, p) -> None:
        total = max(p.total, 1)
        filled = self.WIDTH * min(p.done, total) // total
        sys.stderr.write(f"\r{self.names[p.phase]:>10} [{'#' * filled}{'.' * (self.WIDTH - filled)}] "
                         f"{p.done}/{p.total}")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")
