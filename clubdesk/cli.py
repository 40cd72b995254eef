"""The `clubdesk` command: the GUI by default, subcommands for the store and game records."""

from __future__ import annotations

import argparse
import sys

from clubdesk import __version__


class VersionAction(argparse.Action):
    """`--version`: the version and the paths a desk's administrator asks for (--db given before it: that file)."""

    def __init__(self, option_strings, dest, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from pathlib import Path

        from clubdesk.logs import log_path
        from clubdesk.store.db import backup_dir, default_db_path

        db = Path(namespace.db) if getattr(namespace, "db", None) else default_db_path()
        print(f"clubdesk {__version__}\ndata:    {db}\nbackups: {backup_dir(db)}\nlog:     {log_path()}")
        parser.exit()


def build_parser(commands: bool = True) -> argparse.ArgumentParser:
    """The command line; `commands=False`: the GUI's options alone (no help, errors raised, not printed)."""
    p = argparse.ArgumentParser(prog="clubdesk", description="ClubDesk — the front desk of a games club",
                                add_help=commands, exit_on_error=commands)
    p.add_argument("--version", action=VersionAction, help="print the version and where the data, backups and log are")
    p.add_argument("--db", metavar="PATH", help="database file (default: user data dir, or $CLUBDESK_DB)")
    p.add_argument("--lang", choices=("ru", "en"), default=None, help="interface language (default ru)")
    p.add_argument("--demo", action="store_true", help="open the GUI on a fresh demo club")
    p.add_argument("--screenshots", metavar="DIR", help="with --demo: render every page to DIR/<page>.png and exit")
    p.add_argument("--selftest", action="store_true",
                   help="check store, games, window and printing in a temporary home; exit 0 when all pass")
    if not commands:
        p.set_defaults(command=None)
        return p
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    dbp = sub.add_parser("db", help="database maintenance")
    dbp.add_argument("action", choices=("upgrade", "check", "backup", "rebuild"))
    sub.add_parser("demo", help="create a demo club in the chosen database")
    from clubdesk.commands import sync

    sync.add_parser(sub)
    from clubdesk.commands import serve

    serve.add_parser(sub)
    from clubdesk.commands import players

    players.add_parser(sub)

    ap = sub.add_parser("accounts", help="staff accounts: add, list, disable, enable, passwd")
    ap.add_argument("action", choices=("add", "list", "disable", "enable", "passwd"))
    ap.add_argument("login", nargs="?", help="the account's login (all actions but list)")
    ap.add_argument("--roles", help="with add: comma-separated roles (admin, desk, referee, host, display)")
    ap.add_argument("--name", help="with add: the name shown in protocols and lists")
    ap.add_argument("--password-stdin", action="store_true", help="read the new password from one line of stdin")

    rp = sub.add_parser("replay", help="replay a game record (JSON) and print its final state")
    rp.add_argument("file", help="record file, or - for stdin")
    rp.add_argument("--trace", action="store_true", help="print the state after every event as JSON lines")
    rp.add_argument("--lang", dest="sub_lang", choices=("ru", "en"), default=None)

    pp = sub.add_parser("print", help="print a protocol to PDF: a game record, or a game/tournament/evening")
    src = pp.add_mutually_exclusive_group(required=True)
    src.add_argument("--record", metavar="FILE", help="game record (JSON, replay format), or - for stdin")
    src.add_argument("--game", metavar="ID", help="a game from the database")
    src.add_argument("--tournament", metavar="ID", help="a Жук tournament from the database")
    src.add_argument("--evening", metavar="ID", help="a Mafia evening from the database")
    pp.add_argument("--stage", type=int, metavar="N", help="with --tournament: only stage N (draw and results)")
    pp.add_argument("-o", "--output", required=True, metavar="OUT.pdf", help="the PDF file to write")
    pp.add_argument("--lang", dest="sub_lang", choices=("ru", "en"), default=None)
    return p


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The usual start, the GUI's options alone, is parsed without building every command's parser (~7 ms of CPU
    before the first frame, issue 36); anything else — a command, --help, a mistake — by the whole parser."""
    try:
        args, rest = build_parser(commands=False).parse_known_args(argv)
    except argparse.ArgumentError:
        rest = True
    return build_parser().parse_args(argv) if rest else args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    lang = getattr(args, "sub_lang", None) or args.lang or "ru"
    if args.command is not None and argv is None:
        # The process's own command line: bugs go to the log with one line on stderr (the GUI installs its own
        # handler, with a dialog). A test calling main([...]) keeps its process-wide hooks.
        from clubdesk.logs import install_crash_handler
        install_crash_handler(lang)
    if args.selftest:
        from clubdesk.commands import selftest
        return selftest.run()
    if args.command == "replay":
        from clubdesk.commands import replay
        return replay.run(args.file, trace=args.trace, lang=lang)
    if args.command == "print":
        from clubdesk.commands import print_protocol
        return print_protocol.run(args.output, record=args.record, game=args.game, tournament=args.tournament,
                                  stage=args.stage, evening=args.evening, db=args.db, lang=lang)
    if args.command == "db":
        from clubdesk.commands import db
        return db.run(args.action, args.db, lang)
    if args.command == "accounts":
        from clubdesk.commands import accounts
        return accounts.run(args, lang)
    if args.command == "sync":
        from clubdesk.commands import sync
        return sync.run(args, lang)
    if args.command == "players":
        from clubdesk.commands import players
        return players.run(args, lang)
    if args.command == "serve":
        from clubdesk.commands import serve
        return serve.run(args, lang)
    if args.command == "demo":
        from clubdesk.commands import db
        return db.demo(args.db, lang)
    # The GUI's thread makes the cyclic collections (ui/gui_collector.py, its timer started with the application).
    # Handed over before Qt is imported: no collection then walks the objects Qt's and the desk's imports are still
    # making on the way to the first frame (issue 36: 43 collections, ~11 M instructions).
    from clubdesk.sync.collector import hand_to_one_thread
    hand_to_one_thread()
    from clubdesk.ui import app
    return app.run(args.db, lang, args.demo, args.screenshots)


if __name__ == "__main__":
    sys.exit(main())
