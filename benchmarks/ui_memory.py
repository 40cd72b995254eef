"""4. Peak memory of every window rendered: `clubdesk --demo --screenshots DIR` against a bare PySide6 window
process started the same way in the same run (issue 36: target ≤ 3×).

Peak is the child's ru_maxrss (os.wait4; the parent is small, so the child's count does not start at the parent's).
The ClubDesk child is the real command with two markers: its resident and peak sizes when the demo club's creation
starts and ends (four staff passwords hashed with argon2: 64 MiB each, the desk's security parameters) and when the
rendering starts — so the hash's spike and whether its memory went back to the system are printed apart from the
rendering's peak, not left out of the total.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.ui_common import ROOT, verdict

MEMORY_RATIO = 3.0

CHILD_BARE = """
import sys
from PySide6.QtWidgets import QApplication, QMainWindow, QLabel
app = QApplication(sys.argv[:1])
w = QMainWindow(); w.setCentralWidget(QLabel("ClubDesk")); w.resize(1200, 760); w.show()
app.processEvents()
"""

# The markers wrap the two functions once their modules are imported by the app itself, so the order of the
# imports (and the memory at each step) stays the command's own.
CHILD_DEMO = """
import importlib.abc, importlib.machinery, os, sys

def sizes():
    got = {}
    for line in open("/proc/self/status"):
        if line.startswith(("VmRSS:", "VmHWM:")):
            got[line[:5]] = int(line.split()[1]) / 1024
    return got["VmRSS"], got["VmHWM"]

def marked(fn, name):
    def call(*args, **kwargs):
        print(name, *sizes(), file=sys.stderr, flush=True)
        out = fn(*args, **kwargs)
        print(name + "_done", *sizes(), file=sys.stderr, flush=True)
        return out
    return call

WRAP = {"clubdesk.services.demo": "create_demo_club", "clubdesk.ui.screenshots": "render"}

class Marker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name not in WRAP:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        run = spec.loader.exec_module
        def exec_module(module):
            run(module)
            setattr(module, WRAP[name], marked(getattr(module, WRAP[name]), WRAP[name]))
        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, Marker())
from clubdesk.cli import main
code = main(["--demo", "--screenshots", sys.argv[1]])
sys.stdout.flush()
os._exit(code)
"""


def peak_once(code: str, *args: str) -> tuple[float, dict[str, tuple[float, float]]]:
    """The child's peak RSS in MB and its markers: name → (RSS, peak so far) in MB."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=env, text=True)
    err = proc.stderr.read()
    _pid, status, usage = os.wait4(proc.pid, 0)
    if status != 0:
        raise RuntimeError(f"child failed: {err[-2000:]}")
    marks = {}
    for line in err.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] in ("create_demo_club", "create_demo_club_done", "render", "render_done"):
            marks[parts[0]] = (float(parts[1]), float(parts[2]))
    return usage.ru_maxrss / 1024, marks


def run(_d: Path, quick: bool) -> bool:
    bare, demo, marks = [], [], []
    for _ in range(2 if quick else 3):  # alternated; the sizes hardly move from run to run
        bare.append(peak_once(CHILD_BARE)[0])
        with tempfile.TemporaryDirectory(prefix="clubdesk-shots-") as out:
            peak, m = peak_once(CHILD_DEMO, out)
        demo.append(peak)
        marks.append(m)
    b, p = statistics.median(bare), statistics.median(demo)
    m = marks[len(marks) // 2]
    good = p <= MEMORY_RATIO * b
    print(f"4. peak memory, every window rendered (clubdesk --demo --screenshots, {len(bare)} runs, offscreen)")
    print(f"   bare PySide6 window process        {b:6.1f} MB")
    print(f"   --demo --screenshots, peak         {p:6.1f} MB   ratio {p / b:4.2f}×  target ≤ {MEMORY_RATIO}×: "
          f"{verdict(good)}")
    if {"create_demo_club", "create_demo_club_done", "render", "render_done"} <= m.keys():
        before, after, shown = m["create_demo_club"][0], m["create_demo_club_done"], m["render"][0]
        print(f"   demo club created (argon2 hashes)  {before:6.1f} → {after[0]:6.1f} MB resident, peak {after[1]:6.1f} MB "
              f"({after[1] / b:4.2f}×: the hash's 64 MiB on top of what is loaded; given back after it)")
        print(f"   rendering                          {shown:6.1f} → {m['render_done'][0]:6.1f} MB resident, peak "
              f"{m['render_done'][1]:6.1f} MB")
    return good
