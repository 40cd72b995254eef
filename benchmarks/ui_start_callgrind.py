"""Section 3 of ui.py (app start) counted in instructions: valgrind's callgrind on the same two children.

Wall clock and CPU time on a shared 2-core machine move with the load; the instructions a child executes from its
launch to «ready» hardly do. Each child is the benchmark's own (ui_start.CHILD_BARE, ui_start.CHILD_MAIN_READY)
ended by `os._exit` at «ready», on the same demo store, PYTHONHASHSEED=0, its bytecode compiled by one run outside
valgrind first. The main window's count still varies by ~±1.5 M between identical runs (the first frame's table is
not laid out the same way every time: its scroll position, so which text is elided, and the glyphs and font
fallbacks that follows; two modes ~3 M apart), so it runs a few times: the median decides, the cheapest is printed
beside it.

    python -m benchmarks.ui_start_callgrind [--runs N] [--keep DIR]

Needs valgrind (apt-get install valgrind). `--keep DIR` leaves the callgrind files there, for callgrind_annotate
(`--inclusive=yes`).

Under valgrind the child runs ~60× slower (9.2–11.0 s to «ready» against 0.15–0.17 s), so a timer fires at a
sixtieth of the progress it fires at in a real start: the first-frame poll (5 ms after show()) and the GUI
thread's collector tick (200 ms after the application) came due before the measured event loop turn and ran in
it, where a real start runs them after its frame (~5.7 M and 2–7 M instructions). The main window's child
therefore runs those two timers at SLOWDOWN times their interval: each fires at the same point of the start as
in a real one.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):  # `python benchmarks/ui_start_callgrind.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ui_common import ROOT, START_RATIO, verdict  # noqa: E402
from benchmarks.ui_start import CHILD_BARE, CHILD_MAIN_READY, demo_store  # noqa: E402

EXIT_AT_READY = "import os\nos._exit(0)\n"
SLOWDOWN = 60
# right after the child's import of clubdesk.ui.app, before make_application starts the collector's timer
TIMERS_AT_REAL_PACE = f"""
from clubdesk.ui import gui_collector, main_window
gui_collector.INTERVAL_MS *= {SLOWDOWN}
main_window.FRAME_POLL_MS *= {SLOWDOWN}
"""


def main_child() -> str:
    """CHILD_MAIN_READY with its timers at a real start's pace, ended at «ready»."""
    anchor = "from clubdesk.ui.app import make_application, open_club, show_main_window\n"
    if anchor not in CHILD_MAIN_READY:
        raise RuntimeError("ui_start.CHILD_MAIN_READY no longer imports clubdesk.ui.app as expected")
    return CHILD_MAIN_READY.replace(anchor, anchor + TIMERS_AT_REAL_PACE.lstrip()) + EXIT_AT_READY


def instructions(code: str, args: list[str], out: Path, pycache: Path) -> int:
    """Instructions the child `code` executes from its launch to its exit (callgrind's total, every thread)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": str(pycache),
           "PYTHONHASHSEED": "0"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-c", code, *args], env=env, check=True, capture_output=True)  # the bytecode
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c", code, *args],
                   env=env, check=True, capture_output=True)
    for line in out.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith("totals:"):
            return int(line.split()[1])
    raise RuntimeError(f"no totals in {out}")


def run(directory: Path, runs: int) -> bool:
    path = demo_store(directory, 5_000, 50_000)
    pycache = directory / "pycache"
    counts: dict[str, list[int]] = {"bare": [], "main": []}
    for i in range(runs):
        ini = directory / f"ui-{i}.ini"  # a first start: no window geometry remembered
        counts["bare"].append(instructions(CHILD_BARE + EXIT_AT_READY, [], directory / f"bare-{i}.cg", pycache))
        counts["main"].append(instructions(main_child(), [str(path), str(ini)],
                                           directory / f"main-{i}.cg", pycache))
    med = {k: statistics.median(v) for k, v in counts.items()}
    print(f"3. app start in instructions, 5 000 players, 50 000 events (callgrind, {runs} runs, median)")
    for k, label in (("bare", "bare PySide6 window"), ("main", "main window, first frame")):
        runs_m = ", ".join(f"{c / 1e6:.1f}" for c in counts[k])
        print(f"   {label:<26} {med[k] / 1e6:7.1f} M   (min {min(counts[k]) / 1e6:.1f}; runs: {runs_m})")
    good = med["main"] <= START_RATIO * med["bare"]
    cheapest = min(counts["main"]) / min(counts["bare"])
    print(f"   ratio {med['main'] / med['bare']:.3f}× (min {cheapest:.3f}×)  "
          f"target ≤ {START_RATIO}× ({START_RATIO * med['bare'] / 1e6:.1f} M): {verdict(good)}")
    return good


def main() -> int:
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    keep = Path(sys.argv[sys.argv.index("--keep") + 1]) if "--keep" in sys.argv else None
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        return 0 if run(keep, runs) else 1
    with tempfile.TemporaryDirectory(prefix="clubdesk-bench-", dir=ROOT) as tmp:  # the real disk, as ui.py
        return 0 if run(Path(tmp), runs) else 1


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    os._exit(code)
