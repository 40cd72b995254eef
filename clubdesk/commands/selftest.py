"""`clubdesk --selftest`: what a club PC needs, tried on a throw-away home — store, games, window, print.

Run by CI on the built bundle and by hand on a desk PC after installing. Every check runs in a fresh
temporary HOME and cache (nothing of the user's data is read or written), prints `ok` or `FAIL` with the
reason, and the exit code is 0 only when all passed.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
import traceback
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

RU_TITLE = "ClubDesk — стойка клуба"
EN_TITLE = "ClubDesk — club front desk"


def isolate(home: Path) -> None:
    """Point every per-user directory (platformdirs, Qt's QSettings and QStandardPaths) into `home`."""
    for var, sub in (("HOME", ""), ("USERPROFILE", ""), ("XDG_DATA_HOME", ".local/share"),
                     ("XDG_CACHE_HOME", ".cache"), ("XDG_CONFIG_HOME", ".config"), ("XDG_STATE_HOME", ".local/state"),
                     ("LOCALAPPDATA", "AppData/Local"), ("APPDATA", "AppData/Roaming")):
        os.environ[var] = str(home / sub)
    os.environ.pop("CLUBDESK_DB", None)
    os.environ["QT_QPA_PLATFORM"] = "offscreen"  # the window is drawn with no display, also on a desk PC


class Context:
    """What the checks hand on to each other: the store, the demo admin, one record per game."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.store = None
        self.admin = None
        self.records: dict[str, dict] = {}


def check_modules(ctx: Context) -> str:
    """Every module of the package imports: a bundle missing one (a page, the sync) fails here, not at the desk."""
    import importlib
    import pkgutil

    import clubdesk

    names = [m.name for m in pkgutil.walk_packages(clubdesk.__path__, "clubdesk.")
             if "migrations" not in m.name]  # Alembic runs those scripts, they do not import alone
    for name in names:
        importlib.import_module(name)
    if len(names) < 50:
        raise AssertionError(f"only {len(names)} modules found: the package is incomplete")
    return f"{len(names)} modules"


def check_store(ctx: Context) -> str:
    from clubdesk.store import migrate
    from clubdesk.store.db import default_db_path, open_store

    path = default_db_path()
    if ctx.home not in path.parents:
        raise AssertionError(f"the default store {path} is outside the temporary home")
    ctx.store = open_store(path)
    with ctx.store.engine.connect() as conn:
        revision = migrate.current_revision(conn)
    if revision != migrate.HEAD:
        raise AssertionError(f"schema at {revision}, expected {migrate.HEAD}")
    return f"created and migrated to {revision}"


def check_games(ctx: Context) -> str:
    """The demo club plays every game through the services; one finished game of each replays from its record
    through the engine to the state the store holds."""
    from clubdesk.rules.record import replay
    from clubdesk.rules.registry import GAMES
    from clubdesk.services.demo import create_demo_club
    from clubdesk.services.games import GameService

    ctx.admin = create_demo_club(ctx.store)
    games = GameService(ctx.store)
    for game in GAMES:
        # the finished game with the longest log: the demo's first Пирамидка game is a bout conceded at once
        rows = ctx.store.read("SELECT id FROM games WHERE game = ? ORDER BY status = 'finished' DESC, "
                              "(SELECT count(*) FROM events e WHERE e.game_id = games.id) DESC, created_at LIMIT 1",
                              (game,))
        if not rows:
            raise AssertionError(f"the demo club has no {game} game")
        record = games.to_record(rows[0][0])
        if not record["events"]:
            raise AssertionError(f"the {game} game has no events")
        if replay(record).state() != games.state(rows[0][0]):
            raise AssertionError(f"the {game} record replays to another state than the store's")
        ctx.records[game] = record
    return ", ".join(f"{g} ({len(r['events'])} events)" for g, r in ctx.records.items())


def check_window(ctx: Context) -> str:
    """The main window in Russian (with Qt's own strings) and in English, drawn offscreen."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QDialogButtonBox

    from clubdesk.errors import set_language
    from clubdesk.services.club import Club
    from clubdesk.ui.app import _close_windows, make_application
    from clubdesk.ui.i18n import install_language
    from clubdesk.ui.main_window import MainWindow

    app, translators = make_application("ru", quiet=True)
    settings = QSettings(str(ctx.home / "ui.ini"), QSettings.Format.IniFormat)
    club = Club(ctx.store)
    sizes = []
    try:
        for lang, title in (("ru", RU_TITLE), ("en", EN_TITLE)):
            if lang == "en":
                for t in translators:
                    app.removeTranslator(t)
                translators = [install_language(app, "en")]
                if translators[0] is None:
                    raise AssertionError("the English translation did not load")
            set_language(lang)
            window = MainWindow(club, ctx.admin, settings)
            window.show()
            app.processEvents()
            shot = window.grab()
            if window.windowTitle() != title:
                raise AssertionError(f"{lang}: window title {window.windowTitle()!r}, expected {title!r}")
            if shot.isNull() or shot.width() < 200:
                raise AssertionError(f"{lang}: the window did not draw")
            sizes.append(f"{lang} {shot.width()}×{shot.height()}")
            if lang == "ru":
                box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
                cancel = box.buttons()[0].text()
                if cancel.replace("&", "") != "Отмена":
                    raise AssertionError(f"Qt's own buttons are not Russian (Cancel reads {cancel!r})")
            window.close()
    finally:
        set_language("ru")
        _close_windows(app, [t for t in translators if t is not None])
    return ", ".join(sizes)


def check_print(ctx: Context) -> str:
    """A protocol with Cyrillic text, the font embedded and the text extractable (a ToUnicode map)."""
    from clubdesk.reports import Meta, build_record_pdf

    game = "pyramid100" if "pyramid100" in ctx.records else next(iter(ctx.records))
    pdf = build_record_pdf(ctx.records[game], Meta(), "ru")
    out = ctx.home / "protocol.pdf"
    out.write_bytes(pdf)
    if not pdf.startswith(b"%PDF") or b"/FontFile2" not in pdf:
        raise AssertionError("no embedded TrueType font in the PDF")
    name = ctx.records[game]["players"][0]
    name = name.get("name", "") if isinstance(name, dict) else str(name)
    word = next((w for w in re.findall(r"[А-Яа-яЁё]+", name)), "Протокол")
    missing = sorted(set(word) - unicode_mapped(pdf))
    if missing:
        raise AssertionError(f"Cyrillic letters {missing} of {word!r} cannot be extracted from the PDF")
    return f"{len(pdf) // 1024} KB, «{word}» extractable"


def unicode_mapped(pdf: bytes) -> set[str]:
    """Every character the PDF's ToUnicode maps give (what a viewer copies or searches)."""
    chars: set[str] = set()
    for raw in re.findall(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        try:
            text = zlib.decompressobj().decompress(raw)
        except zlib.error:
            text = raw
        if b"begincmap" not in text:
            continue
        for block in re.findall(rb"beginbfchar(.*?)endbfchar", text, re.S):
            for _src, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
                chars.add(bytes.fromhex(dst.decode()).decode("utf-16-be", "replace"))
        for block in re.findall(rb"beginbfrange(.*?)endbfrange", text, re.S):
            for lo, hi, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
                start = int(dst, 16)
                chars.update(chr(start + i) for i in range(int(hi, 16) - int(lo, 16) + 1))
    return chars


CHECKS: list[tuple[str, Callable[[Context], str]]] = [
    ("modules", check_modules), ("store", check_store), ("games", check_games), ("window", check_window),
    ("print", check_print)]


def run(out: TextIO | None = None) -> int:
    """Run every check in a fresh temporary home; 0 when all passed, else 1 with what failed."""
    out = out or sys.stdout
    saved = dict(os.environ)
    failed: list[str] = []
    with tempfile.TemporaryDirectory(prefix="clubdesk-selftest-") as tmp:
        ctx = Context(Path(tmp))
        isolate(ctx.home)
        try:
            for name, check in CHECKS:
                if any(f != "modules" for f in failed):  # each later check builds on the one before
                    print(f"skip  {name}: an earlier check failed", file=out)
                    continue
                try:
                    print(f"ok    {name}: {check(ctx)}", file=out, flush=True)
                except Exception as exc:  # a failed check is reported, the next ones still say what they can
                    failed.append(name)
                    print(f"FAIL  {name}: {type(exc).__name__}: {exc}", file=out, flush=True)
                    traceback.print_exc(file=sys.stderr)
        finally:
            if ctx.store is not None:
                ctx.store.close()
            os.environ.clear()
            os.environ.update(saved)
    print(f"selftest: {'FAILED: ' + ', '.join(failed) if failed else 'all passed'}", file=out)
    return 1 if failed else 0
