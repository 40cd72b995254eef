"""Issue 36: what a desk does not show yet, it does not import. Each library below costs start time or memory
(SQLAlchemy ~44 MB and ~0.4 s, Alembic ~17 MB, ReportLab with PIL ~10 MB, psycopg ~10 MB) and has one moment
it is needed: the ORM after the first frame (Store.warm_up), Alembic when the file is not at head, ReportLab
when something prints, aiohttp when the table page starts, psycopg when the desk talks to a hub, openpyxl
when a workbook is read or written. A fresh interpreter, so the test sees what the app imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LATER = ("sqlalchemy", "alembic", "reportlab", "PIL", "aiohttp", "psycopg", "openpyxl", "phonenumbers")

EVERY_PAGE = """
import re, sys, time  # not json: the first frame does without it (the store's fast open reads the desk's copy as text)
compiled_in = []  # the modules that compile a regular expression before the first frame
_compile = re.compile
re.compile = lambda pattern, flags=0: (compiled_in.append(sys._getframe(1).f_globals.get("__name__", "")),
                                       _compile(pattern, flags))[1]
from pathlib import Path
from PySide6.QtCore import QSettings
from clubdesk.roles import Actor
from clubdesk.ui.app import make_application, open_club, show_main_window
from clubdesk.ui.main_window import PAGES
LATER = sys.argv[3].split(",")
loaded = lambda: sorted(name for name in LATER if name in sys.modules)
app, _tr = make_application("ru")
club = open_club(Path(sys.argv[1]))
window = show_main_window(club, Actor(None, "admin", frozenset({"admin"})),
                          QSettings(sys.argv[2], QSettings.Format.IniFormat))
app.processEvents()
# platform: ~3 ms of regular expressions, json ~2 ms, array (~1 M instructions) the search's postings after the first
# keystroke; the store's write errors (a regular expression) and clock are the writer's, after the warm-up, and its
# migrations a file's not at head
first = loaded() + [name for name in ("platform", "json", "array", "clubdesk.store.write_errors", "clubdesk.store.hlc",
                                      "clubdesk.store.migrate") if name in sys.modules]
import PySide6.QtGui
# PySide builds a Qt class's Python type, and every enum of it, on first use: QIcon's has ThemeIcon's 151 members
first += [f"QtGui.{name}" for name in ("QIcon",) if name in vars(PySide6.QtGui)]
# and QListWidgetItem's (addItem(text)'s overloads take one; the sidebar is filled by addItems)
import PySide6.QtWidgets
first += [f"QtWidgets.{name}" for name in ("QListWidgetItem",) if name in vars(PySide6.QtWidgets)]
# and QEvent's 179-member Type (a Python paintEvent or event filter is handed a QEvent), QLibraryInfo's LibraryPath
# (where Qt's catalogues are), QItemSelectionModel's SelectionFlag (the players page's selection, followed later)
import PySide6.QtCore
first += [f"QtCore.{name}" for name in ("QEvent", "QLibraryInfo", "QItemSelectionModel") if name in vars(PySide6.QtCore)]
# the registry's regular expressions are compiled on first use (~1 M instructions each), not on import
first += [f"re.compile in {name}" for name in compiled_in if name.startswith(("clubdesk.services", "clubdesk.ui"))]
deadline = time.monotonic() + 60
while not club.store.ready and time.monotonic() < deadline:
    app.processEvents()
    time.sleep(0.005)
pages = {}
for page in PAGES:
    window.show_page(page)
    app.processEvents()
    pages[page] = loaded()
import json
print(json.dumps({"first": first, "ready": club.store.ready, "pages": pages}))
"""


def test_the_first_frame_and_every_page_shown_leave_the_printing_the_hub_and_the_migrations_unloaded(
        club_file, tmp_path):
    path, _desk = club_file  # a store at head
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", EVERY_PAGE, str(path), str(tmp_path / "ui.ini"), ",".join(LATER)],
                          capture_output=True, text=True, env=env, timeout=120, check=True)
    got = json.loads(done.stdout.strip().splitlines()[-1])
    # The first frame: plain sqlite3, no ORM, no phone metadata, the host's name from os, no json (the desk's copy
    # is compared as text: ~6 M instructions), and no QIcon type (~1.5 ms: the sidebar's items are added by text; a
    # QListWidgetItem constructor's QIcon overloads build it); no QEvent type (the main window polls for its first
    # frame, no paintEvent override: ~6 M instructions), no QLibraryInfo (Qt's catalogue found in the PySide6 wheel
    # first) and no QItemSelectionModel type (followed after the frame); no regular expression compiled by the
    # services' or the windows' modules
    assert got["first"] == []
    assert got["ready"] is True
    # Every page shown, the store checked: the ORM only. The draws page lays its brackets out and the protocols
    # page lists documents without ReportLab; the live page has not started the table page; a desk that joined
    # no hub has not loaded psycopg; the store at head needed no migration.
    assert got["pages"] == {page: ["sqlalchemy"] for page in got["pages"]}
    assert len(got["pages"]) == 7


def test_the_gui_start_parses_its_options_without_building_every_commands_parser():
    # `clubdesk` with the GUI's options: argparse's nine sub-parsers and the commands' modules are ~7 ms of CPU
    code = ("import sys; from clubdesk import cli; a = cli.parse_args(['--db', 'db', '--lang', 'en', '--demo']); "
            "print(a.db, a.lang, a.demo, a.command, 'clubdesk.commands.sync' in sys.modules)")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60, check=True)
    assert done.stdout.split() == ["db", "en", "True", "None", "False"]


def test_a_new_store_is_made_at_head_without_importing_alembic(tmp_path):
    # a desk's first start and the demo: the schema from clubdesk/store/head_schema.py (tests/store/test_head_schema.py
    # proves it the file the migrations make); Alembic is for the files of an older revision
    code = ("import sys; from pathlib import Path; from clubdesk.store import db, migrate; "
            "s = db.open_store(Path(sys.argv[1])); s.close(); "
            "print(db.file_revision(Path(sys.argv[1])) == migrate.HEAD, 'alembic' in sys.modules)")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "new.sqlite")], capture_output=True, text=True,
                          env=env, timeout=60, check=True)
    assert done.stdout.split() == ["True", "False"]
