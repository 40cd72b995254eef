"""3. App start to the main window, against a bare PySide6 window started the same way in the same run."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.ui_common import ROOT, START_RATIO, add_players, add_tournament_events, ms, verdict

CHILD_BARE = """
import sys, time
from PySide6.QtWidgets import QApplication, QMainWindow, QLabel
app = QApplication(sys.argv[:1])
w = QMainWindow(); w.setCentralWidget(QLabel("ClubDesk")); w.resize(1200, 760); w.show()
app.processEvents()
print("ready", flush=True)
"""

CHILD_APP = """
import sys, tempfile
from pathlib import Path
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from clubdesk.resources import resource_path
app = QApplication(sys.argv[:1])
app.setStyleSheet(resource_path("style.qss").read_text(encoding="utf-8"))
from sqlalchemy import select
from clubdesk.services.accounts import Actor
from clubdesk.services.club import Club
from clubdesk.store.db import open_store
from clubdesk.store.models import Account
from clubdesk.ui.main_window import MainWindow
club = Club(open_store(sys.argv[1]))
with club.store.session_factory() as s:  # the login dialog is the user's time, not start-up
    acc = s.scalar(select(Account).where(Account.login == "admin"))
actor = Actor(acc.id, acc.login, acc.role_set)
ini = Path(tempfile.mkdtemp()) / "ui.ini"
w = MainWindow(club, actor, QSettings(str(ini), QSettings.Format.IniFormat)); w.show()
app.processEvents()
print("ready", flush=True)
"""


def start_once(code: str, *args: str) -> float:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, env=env, text=True)
    line = proc.stdout.readline()
    took = time.perf_counter() - t0
    proc.wait()
    if line.strip() != "ready":
        raise RuntimeError(f"child did not start: {line!r}")
    return took


def app_start(directory: Path, n_players: int, n_events: int, runs: int) -> dict:
    from clubdesk.services.demo import create_demo_club
    from clubdesk.store.db import open_store

    path = directory / "demo.sqlite"
    store = open_store(path)
    admin = create_demo_club(store)
    add_players(path, n_players - 40, seed=2)
    add_tournament_events(store, admin, n_events)
    store.close()
    bare, app = [], []
    for _ in range(runs):  # interleaved, so a busy moment hits both alike
        bare.append(start_once(CHILD_BARE))
        app.append(start_once(CHILD_APP, str(path)))
    return {"bare": bare, "app": app}


def run(d: Path, quick: bool) -> bool:
    """Measure, print the lines of this section, and say whether its target is met."""
    a = app_start(d, 5_000, 50_000, 3 if quick else 5)
    bare_s, app_s = statistics.median(a["bare"]), statistics.median(a["app"])
    good = app_s <= START_RATIO * bare_s
    print("3. app start to the main window, 5 000 players, 50 000 events (median of runs, subprocess, offscreen)")
    print(f"   bare PySide6 window {ms(bare_s)}   ClubDesk {ms(app_s)}   ratio {app_s / bare_s:4.2f}×  "
          f"target ≤ {START_RATIO}×: {verdict(good)}")
    return good
