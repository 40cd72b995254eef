"""The cyclic garbage collector on the GUI thread (clubdesk/ui/gui_collector.py) against an apply in the sync's
thread: what the GUI's timer collecting through the apply's pause (sync/collector.py) costs the apply, against the
automatic collector paused by the apply as before, and against ticks that would wait for the pause's end.

Each run applies ROWS pulled player rows (a first pull's commonest row) to a fresh store in a thread, the main thread
turning a Qt event loop meanwhile, beside BALLAST tracked objects standing in for the desk's heap (113 000 objects
with the demo club's every page shown: what a full collection walks). Per way: the best of REPEAT runs (alternated)
of the process's CPU time (both threads), the GUI thread's CPU in the timer's collections and its longest tick, and
the collections made per generation.

    python benchmarks/gui_collector.py [ROWS [REPEAT]]
"""

from __future__ import annotations

import gc
import os
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402

from clubdesk.store.changelog import SCHEMA_VERSION, canonical_json  # noqa: E402
from clubdesk.store.db import open_store  # noqa: E402
from clubdesk.sync import apply as changes  # noqa: E402
from clubdesk.sync import collector  # noqa: E402
from clubdesk.ui import gui_collector  # noqa: E402

ROWS = int(sys.argv[1]) if len(sys.argv) > 1 else 30_000
REPEAT = int(sys.argv[2]) if len(sys.argv) > 2 else 4
BALLAST = 113_000
DESK = str(uuid.uuid4())


def pulled_rows(n: int) -> list[dict]:
    rows = []
    for seq in range(1, n + 1):
        payload = {"birthday": None, "created_at": "2026-12-03T12:00:00.000Z", "is_guest": False, "merged_into": "",
                   "name": f"Игрок {seq}", "nickname": "", "nickname_key": "", "notes": "", "phone": "",
                   "search_key": f"игрок {seq}"}
        rows.append({"server_seq": seq, "desk_id": DESK, "desk_seq": seq, "hlc": (1 << 60) + seq,
                     "entity": "players", "entity_id": str(uuid.uuid4()), "op": "upsert",
                     "payload": canonical_json(payload), "schema_version": SCHEMA_VERSION})
    return rows


class Ticks:
    """The GUI timer's collections, timed in the GUI thread."""

    def __init__(self, wait_for_pause: bool) -> None:
        self.wait_for_pause, self.cpu, self.longest = wait_for_pause, 0.0, 0.0
        self.real = gui_collector.collect_due

    def __call__(self):
        if self.wait_for_pause and collector._pausers:
            return None
        start = time.thread_time()
        got = self.real()
        took = time.thread_time() - start
        self.cpu += took
        self.longest = max(self.longest, took)
        return got


def one_apply(app, folder: Path, rows: list[dict], way: str) -> dict:
    store = open_store(folder / f"{uuid.uuid4()}.sqlite")
    ticks = Ticks(wait_for_pause=way == "ticks wait for the pause")
    if way != "automatic, paused by the apply":
        gui_collector.collect_due = ticks  # the timer's slot calls it by name
        gui_collector.install(app)
    gc.collect()
    before = [s["collections"] for s in gc.get_stats()]
    start = time.process_time()
    thread = threading.Thread(target=changes.apply_remote, args=(store, rows), name="clubdesk-sync")
    thread.start()
    while thread.is_alive():
        app.processEvents()
        time.sleep(0.002)
    cpu = time.process_time() - start
    made = [s["collections"] - b for s, b in zip(gc.get_stats(), before, strict=True)]
    gui_collector.uninstall()
    gui_collector.collect_due = ticks.real
    store.close()
    return {"cpu": cpu, "gui": ticks.cpu, "longest": ticks.longest, "made": made}


def main() -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    ballast = [{"n": i} for i in range(BALLAST)]  # noqa: F841 - the desk's heap, walked by a full collection
    rows = pulled_rows(ROWS)
    ways = ["automatic, paused by the apply", "GUI ticks through the pause", "ticks wait for the pause"]
    best: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(REPEAT):
            for way in ways:
                got = one_apply(app, Path(tmp), rows, way)
                if way not in best or got["cpu"] < best[way]["cpu"]:
                    best[way] = got
    base = best[ways[0]]["cpu"]
    print(f"{ROWS} rows applied in a thread, {BALLAST} objects of heap beside, best of {REPEAT} (process CPU):")
    for way in ways:
        b = best[way]
        print(f"  {way:32} {b['cpu']:.3f} s  {b['cpu'] / base:.3f}×   GUI thread in collections {b['gui'] * 1000:.1f} ms,"
              f" longest tick {b['longest'] * 1000:.1f} ms, collections by generation {b['made']}")


if __name__ == "__main__":
    main()
