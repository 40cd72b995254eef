"""kill -9 in the middle of a round: every committed shot is there on restart, and the clock runs on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.club import Club
from clubdesk.services.players import PlayerData
from clubdesk.store.db import check_file, open_store
from clubdesk.ui.zhuk.hub import ZhukHub, install_hub

ROOT = Path(__file__).resolve().parents[2]
KILL_AFTER = 12  # committed shots the parent reads before it kills the child
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")

# The referee's desk: the table window, a shot by keyboard again and again ("1 Enter", or a miss with "Enter"
# when the engine refuses it); a line on stdout after each shot the service has committed.
REFEREE = """
import sys
from pathlib import Path
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from clubdesk.services.club import Club
from clubdesk.store.db import open_store
from clubdesk.ui.app import make_application
from clubdesk.ui.zhuk.hub import hub_for
from clubdesk.ui.zhuk.scoring import ZhukTableWindow
path, game_id, round_id = sys.argv[1:4]
app, _tr = make_application("ru", quiet=True)
club = Club(open_store(Path(path)))
actor = club.accounts.login("admin", "secret-admin")
window = ZhukTableWindow(hub_for(club, actor), actor, game_id, round_id, "Стол 1")
window.show()
app.processEvents()
widget, n = window.scoring, 0
while True:
    before = len(club.games.events(game_id))
    for keys in (["1"], []):
        for k in keys:
            QTest.keyClick(widget, getattr(Qt.Key, f"Key_{k}"))
        QTest.keyClick(widget, Qt.Key.Key_Return)
        if len(club.games.events(game_id)) > before:
            break
        QTest.keyClick(widget, Qt.Key.Key_Escape)
    else:
        print("refused", widget.error.text(), flush=True)
        break
    n += 1
    print("committed", n, flush=True)
    app.processEvents()
"""


@pytest.fixture
def running_round(tmp_path):
    """A store with a Жук round running at one table (its clock started now); closed for the child."""
    path = tmp_path / "club.sqlite"
    store = open_store(path)
    admin = AccountService(store).create_first_admin("admin", "secret-admin")
    club = Club(store)
    ids = [club.players.add(admin, PlayerData(f"Игрок Номер{i}")).id for i in range(4)]
    hub = ZhukHub(club, autostart=False)
    svc = hub.tournaments
    tid = svc.create(admin, "Кубок", ids)
    svc.draw_stage(admin, tid, seed=5)
    (table,) = svc.start_round(admin, svc.stages(tid)[0].rounds[0].id)
    with store.session_factory() as s:
        from clubdesk.store.models import Round

        started_at = s.get(Round, table.round_id).clock_started_at
    hub.deleteLater()
    store.close()
    return path, table, started_at


def kill_after_committed(path: Path, game_id: str, round_id: str) -> int:
    """Run the referee's desk, SIGKILL it once it has said KILL_AFTER shots are in; how many it said."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", REFEREE, str(path), game_id, round_id],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    said = 0
    try:
        for line in child.stdout:
            assert line.startswith("committed"), line
            said = int(line.split()[1])
            if said == KILL_AFTER:
                os.kill(child.pid, signal.SIGKILL)  # mid-round, the desk typing its next shot
                break
    finally:
        child.kill()
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    return said


def test_kill_9_mid_round_keeps_every_committed_shot_and_the_clock_runs_on(qtbot, running_round):
    from clubdesk.ui.zhuk.scoring import ZhukTableWidget

    path, table, started_at = running_round
    said = kill_after_committed(path, table.game_id, table.round_id)
    check_file(path)  # PRAGMA integrity_check after the WAL recovery

    store = open_store(path)
    club = Club(store)
    now = time.time()
    hub = install_hub(club, ZhukHub(club, now=lambda: now, autostart=False))
    events = club.games.events(table.game_id)
    assert said == KILL_AFTER and len(events) in (said, said + 1)  # one more may have landed before the kill
    assert all(e["type"] == "shot" for e in events)

    widget = ZhukTableWidget(hub, club.accounts.login("admin", "secret-admin"), table.game_id,
                             round_id=table.round_id)
    qtbot.addWidget(widget)
    assert widget.log_model.rowCount() == len(events)  # the table shows every committed shot
    clock = hub.tournaments.clock(table.round_id)
    assert clock.started and clock.remaining == pytest.approx(10 * 60 - (now - started_at), abs=0.01)
    assert clock.remaining < 10 * 60  # resumed from the recorded start, not restarted
    secs = int(clock.remaining + 0.999)
    assert widget.clock.text() == f"{secs // 60:02d}:{secs % 60:02d}"
    store.close()
