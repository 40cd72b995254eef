"""1. Shot recording end to end, against a bare sqlite3 INSERT+COMMIT measured in the same run."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from benchmarks.ui_common import SHOT_P99_MS, SHOT_RATIO, add_players, add_tournament_events, ms, pct, verdict


def bare_insert_commit(directory: Path, n: int) -> list[float]:
    con = sqlite3.connect(directory / "bare.sqlite", isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=FULL")
    con.execute("CREATE TABLE events (id TEXT PRIMARY KEY, game_id TEXT, seq INTEGER, payload TEXT)")
    payload = '{"call":[],"foul":"miss","off_table":[],"player":"x","potted":[],"touched_control":false}'
    times = []
    for i in range(n):
        t0 = time.perf_counter()
        con.execute("BEGIN")
        con.execute("INSERT INTO events VALUES (?, ?, ?, ?)", (f"e{i}", "g", i, payload))
        con.execute("COMMIT")
        times.append(time.perf_counter() - t0)
    con.close()
    return times


def shot_recording(directory: Path, n_events: int, shots: int) -> dict:
    from PySide6.QtWidgets import QApplication

    from clubdesk.services.accounts import AccountService
    from clubdesk.services.club import Club
    from clubdesk.services.matches import MatchService
    from clubdesk.store.db import open_store
    from clubdesk.ui.pyramid.draft import ShotDraft
    from clubdesk.ui.pyramid.match_window import MatchWindow

    app = QApplication.instance() or QApplication([])
    path = directory / "tournament.sqlite"
    store = open_store(path)
    admin = AccountService(store).create_first_admin("admin", "secret-admin")
    add_players(path, 64)
    add_tournament_events(store, admin, n_events)
    club = Club(store)
    svc = MatchService.of(club)
    ids = [p.id for p in club.players.search("", 0, 2)]
    gid = svc.create(admin, *ids, table="Стол 1")
    window = MatchWindow(svc, admin, gid)
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    service_only, end_to_end = [], []
    for i in range(shots):
        window.draft = ShotDraft(foul="miss" if i % 3 == 0 else None)  # fouls pile up debts; nobody wins
        t0 = time.perf_counter()
        window.commit()
        t1 = time.perf_counter()
        app.processEvents()  # the repaint the referee sees
        end_to_end.append(time.perf_counter() - t0)
        service_only.append(t1 - t0)
        assert not window.error.isVisible(), window.error.text()
    direct = []
    for i in range(shots):  # GameService alone, same store: the part the window does not add
        obj = {"type": "shot", "player": svc.engine(gid).to_move, "foul": "miss" if i % 2 else None}
        t0 = time.perf_counter()
        club.games.record(admin, gid, obj)
        direct.append(time.perf_counter() - t0)
    window.close()
    store.close()
    return {"window": end_to_end, "commit_only": service_only, "service": direct}


def run(d: Path, quick: bool) -> bool:
    """Measure, print the lines of this section, and say whether its target is met."""
    shots = 100 if quick else 300
    r = shot_recording(d, 20_000, shots)
    bare = bare_insert_commit(d, shots)
    p50, p99, b50, b99 = pct(r["window"], 50), pct(r["window"], 99), pct(bare, 50), pct(bare, 99)
    good = p99 < SHOT_P99_MS / 1000 and p99 <= SHOT_RATIO * b99
    print(f"1. shot recording, Пирамидка window, 20 000 events in the store, {shots} shots")
    print(f"   window end to end  p50 {ms(p50)}  p99 {ms(p99)}")
    print(f"   commit() w/o paint p50 {ms(pct(r['commit_only'], 50))}  p99 {ms(pct(r['commit_only'], 99))}")
    print(f"   GameService.record p50 {ms(pct(r['service'], 50))}  p99 {ms(pct(r['service'], 99))}")
    print(f"   bare INSERT+COMMIT p50 {ms(b50)}  p99 {ms(b99)}  (WAL, synchronous=FULL)")
    print(f"   ratio p50 {p50 / b50:5.2f}×  p99 {p99 / b99:5.2f}×  target p99 < {SHOT_P99_MS:.0f} ms and "
          f"≤ {SHOT_RATIO:.0f}×: {verdict(good)}")
    return good
