"""UI speed, each number with its baseline measured in the same run.

1. Shot recording end to end — the Жук table scoring window at a live table of a tournament holding
   20 000 events, from the referee's Enter to the models updated (engine validation, the SQLite commit
   with WAL and synchronous=FULL, the log row, the players table, the labels), and to the repaint
   (frame budget 16 ms); also the Пирамидка match window. Baseline: a bare sqlite3 INSERT+COMMIT with
   the same pragmas on the same disk, after every shot's repaint (same cadence: the verdict), after the
   same 50 ms idle as a run of paced shots, and back to back (both printed; see ui_shots.py for why).
   Targets: p99 < 16 ms and ≤ 3× the baseline p99.
2. Filter keystroke on 100 000 players — PlayersModel.set_filter for every prefix typed. Target < 30 ms.
3. App start to the main window on a demo DB with 5 000 players and 50 000 events, as a subprocess
   (offscreen), against a bare PySide6 QMainWindow subprocess. Target ≤ 1.2× (issue 36).
4. Peak memory of every window rendered (`clubdesk --demo --screenshots`) against a bare PySide6 window
   process, with the demo's password hashing and the rendering apart. Target ≤ 3×.

    python benchmarks/ui.py [--quick] [shots] [filter] [start] [memory]

Set-up (not measured) fills the stores in bulk: players by one INSERT ... executemany, events by one
UnitOfWork per game, projections by `rebuild_projections` — the same rows the app would write.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):  # `python benchmarks/ui.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import ui_filter, ui_memory, ui_shots, ui_start  # noqa: E402
from benchmarks.ui_common import ROOT  # noqa: E402

SECTIONS = {"shots": ui_shots.run, "filter": ui_filter.run, "start": ui_start.run, "memory": ui_memory.run}


def main() -> int:
    quick = "--quick" in sys.argv
    only = [a for a in sys.argv[1:] if a in SECTIONS] or list(SECTIONS)
    ok = True
    with tempfile.TemporaryDirectory(prefix="clubdesk-bench-", dir=ROOT) as tmp:  # the real disk, not tmpfs
        for name in only:
            ok &= SECTIONS[name](Path(tmp), quick)
    return 0 if ok else 1


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    os._exit(code)  # skip interpreter teardown: PySide6 may crash collecting widgets at exit
