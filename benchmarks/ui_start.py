"""3. App start, against a bare PySide6 window started the same way in the same run.

Each child is a fresh `python -c` on the real disk with the offscreen platform; the parent times the lines
it prints. The ClubDesk children run the app's own start functions (clubdesk.ui.app):

- main window: open the store (`open_club`), the actor as a login would give it, `show_main_window`, one
  turn of the event loop → "ready": the window's first frame with the registry's first page. Then the loop
  runs on until the store has passed its check with the ORM loaded and the ratings are shown → "complete".
- login: `open_club`, the background warm-up, the login dialog shown → "ready": the first window a desk
  with accounts sees; the warm-up then goes on while the user types.

Each child also prints its process's CPU time at "ready" (time.process_time: the interpreter's start included, the
first frame's threads too), which the machine's load hardly changes: on a shared machine the CPU ratio is the one
to compare runs by, the wall-clock one says what a user waits for.

Counted in instructions instead of seconds (valgrind's callgrind, the same children): ui_start_callgrind.py.

Bytecode as installed: pip and PyInstaller ship compiled modules, so the children may write theirs (into a
cache dir under the run's temporary directory, even where PYTHONDONTWRITEBYTECODE is set) and one discarded
run of each child fills it before the measured ones.
"""

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
print("ready", time.process_time(), flush=True)
"""

CHILD_MAIN_READY = """
import sys, time
from pathlib import Path
from clubdesk.sync.collector import hand_to_one_thread
hand_to_one_thread()  # as clubdesk.cli.main does before it imports the GUI
from clubdesk.ui.app import make_application, open_club, show_main_window
app, _translator = make_application("ru")
club = open_club(Path(sys.argv[1]))
from clubdesk.roles import Actor
# The login dialog's part is the user's typing: the actor it would give, read directly.
acc_id, login, roles = club.store.read("SELECT id, login, roles FROM accounts WHERE login = 'admin'")[0]
from PySide6.QtCore import QSettings
# the settings file is the parent's: tempfile (shutil, lzma, random: ~20 ms) is no import of the app's start
window = show_main_window(club, Actor(acc_id, login, frozenset(roles.split())),
                          QSettings(sys.argv[2], QSettings.Format.IniFormat))
app.processEvents()
print("ready", time.process_time(), flush=True)
"""
CHILD_MAIN_COMPLETE = """
model = window.page("players").model
while not (club.store.ready and model.data(model.index(0, 4)) != ""):
    app.processEvents()
    time.sleep(0.001)
print("complete", flush=True)
"""
CHILD_MAIN = CHILD_MAIN_READY + CHILD_MAIN_COMPLETE

CHILD_LOGIN = """
import sys, time
from pathlib import Path
from clubdesk.sync.collector import hand_to_one_thread
hand_to_one_thread()  # as clubdesk.cli.main does before it imports the GUI
from clubdesk.ui.app import apply_style, make_application, open_club
from clubdesk.ui.login import LoginDialog
app, _translator = make_application("ru")
club = open_club(Path(sys.argv[1]))
club.store.warm_up_in_background()
apply_style()  # what clubdesk.ui.app._login does before its dialog
dialog = LoginDialog(lambda: club.accounts)
dialog.show()
app.processEvents()
print("ready", time.process_time(), flush=True)
club.store.warm_up()
"""


def start_once(code: str, *args: str, pycache: Path) -> tuple[list[float], float]:
    """Seconds from the child's launch to each line it prints, and the child's CPU seconds at "ready"."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": str(pycache)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, env=env, text=True)
    times, lines = [], []
    for line in proc.stdout:
        times.append(time.perf_counter() - t0)
        lines.append(line.strip())
    if proc.wait() != 0 or not lines or lines[0].split()[0] != "ready":
        raise RuntimeError(f"child did not start: {lines!r}")
    return times, float(lines[0].split()[1])


def demo_store(directory: Path, n_players: int, n_events: int) -> Path:
    """The demo club with `n_players` players and `n_events` tournament events, closed (set-up, not measured)."""
    from clubdesk.services.demo import create_demo_club
    from clubdesk.store.db import open_store

    path = directory / "demo.sqlite"
    store = open_store(path)
    admin = create_demo_club(store)
    add_players(path, n_players - 40, seed=2)
    add_tournament_events(store, admin, n_events)
    store.close()
    return path


def app_start(directory: Path, n_players: int, n_events: int, runs: int) -> dict:
    path = demo_store(directory, n_players, n_events)
    pycache = directory / "pycache"
    for code in (CHILD_BARE, CHILD_MAIN, CHILD_LOGIN):  # compiles and caches the bytecode, not measured
        start_once(code, str(path), str(directory / "ui.ini"), pycache=pycache)
    out: dict[str, list[float]] = {k: [] for k in ("bare", "main", "complete", "login",
                                                   "bare_cpu", "main_cpu", "login_cpu")}
    for _ in range(runs):  # interleaved, so a busy moment hits all alike
        times, cpu = start_once(CHILD_BARE, pycache=pycache)
        out["bare"].append(times[0])
        out["bare_cpu"].append(cpu)
        (ready, complete), cpu = start_once(CHILD_MAIN, str(path), str(directory / "ui.ini"), pycache=pycache)
        out["main"].append(ready)
        out["complete"].append(complete)
        out["main_cpu"].append(cpu)
        times, cpu = start_once(CHILD_LOGIN, str(path), pycache=pycache)
        out["login"].append(times[0])
        out["login_cpu"].append(cpu)
    return out


def run(d: Path, quick: bool) -> bool:
    """Measure, print the lines of this section, and say whether its target is met."""
    a = app_start(d, 5_000, 50_000, 5 if quick else 11)
    med = {k: statistics.median(v) for k, v in a.items()}
    bare = med["bare"]
    good = med["main"] <= START_RATIO * bare
    print(f"3. app start, 5 000 players, 50 000 events (median of {len(a['bare'])} runs, subprocess, offscreen)")
    print(f"   bare PySide6 window               {ms(bare)}")
    print(f"   main window, first frame          {ms(med['main'])}   ratio {med['main'] / bare:4.2f}×  "
          f"target ≤ {START_RATIO}×: {verdict(good)}")
    print(f"   login dialog, first frame         {ms(med['login'])}   ratio {med['login'] / bare:4.2f}×")
    print(f"   complete: store checked, ORM, ratings {ms(med['complete'])}   ratio {med['complete'] / bare:4.2f}×"
          "  (in the background after the first frame)")
    cpu = med["bare_cpu"]
    print(f"   CPU to the first frame (process): bare {ms(cpu)}, main window {ms(med['main_cpu'])} "
          f"ratio {med['main_cpu'] / cpu:4.2f}×, login {ms(med['login_cpu'])} ratio {med['login_cpu'] / cpu:4.2f}×")
    return good
