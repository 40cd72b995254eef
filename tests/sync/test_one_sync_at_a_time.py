"""One sync of a desk file at a time (docs/sync.md «One sync at a time», issue 35 item 6): the GUI's background sync
and `clubdesk sync now` in a terminal on one file now and then failed with a bare «ValueError: sync cursor pull
cannot move back». The second now waits for the first (saying so once) and both end well; a killed sync leaves
no lock behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import uuid
from pathlib import Path

import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store.db import open_store
from clubdesk.sync import cursors, desk_lock
from clubdesk.sync.errors import SyncError
from clubdesk.sync.runner import sync_once
from tests.sync.desks import make_desk

pytestmark = pytest.mark.pg
ROOT = Path(__file__).resolve().parents[2]
WAIT_S = 60  # a bound on waiting for the other sync's signal, never a pause


@pytest.fixture
def two(hub, tmp_path):
    front, hall = make_desk(hub, tmp_path, "front"), make_desk(hub, tmp_path, "hall")
    admin = AccountService(front.open()).create_first_admin("admin", "secret-admin")
    players = PlayerService(front.store)
    for i in range(60):
        players.add(admin, PlayerData(name=f"Игрок {i}"))
    front.sync()
    yield front, hall
    front.close()
    hall.close()


def names(store) -> set[str]:
    return {r[0] for r in store.read("SELECT name FROM players")}


class Paused:
    """The first sync's fault hook: in the middle of its pull it waits until the second sync is waiting for it."""

    def __init__(self) -> None:
        self.inside, self.second_waits = threading.Event(), threading.Event()
        self.saw_second = None

    def __call__(self, point: str) -> None:
        if point == "mid_apply" and not self.inside.is_set():
            self.inside.set()
            self.saw_second = self.second_waits.wait(WAIT_S)


def test_a_second_sync_of_the_same_file_waits_for_the_first_and_both_end_well(two):
    front, hall = two
    paused = Paused()
    outcome: dict[str, object] = {}

    def first() -> None:
        try:
            outcome["first"] = sync_once(hall.open(), password=hall.password, fault=paused, apply_chunk=10)
        except Exception as exc:  # noqa: BLE001 - the test reports it
            outcome["first"] = exc

    thread = threading.Thread(target=first)
    thread.start()
    assert paused.inside.wait(WAIT_S)
    other = open_store(hall.path)  # another window or process on the same file
    try:
        second = sync_once(other, password=hall.password, on_wait=paused.second_waits.set)
    finally:
        thread.join(WAIT_S)
        other.close()
    assert paused.saw_second is True
    assert not isinstance(outcome["first"], Exception), outcome["first"]
    assert outcome["first"].pulled + second.pulled == cursors.last_desk_seq(front.store)
    assert names(hall.store) == names(front.store)
    assert hall.store.read("SELECT value FROM settings WHERE key = 'sync.last_error'") == []


def test_a_second_sync_that_waits_too_long_says_so_in_one_line(two):
    front, hall = two
    with desk_lock.one_sync(hall.path):
        with pytest.raises(SyncError) as busy:
            sync_once(hall.open(), password=hall.password, wait_s=0)
    assert busy.value.code == "sync_running"
    assert "уже синхронизируется" in busy.value.message("ru")
    assert hall.sync().pulled == cursors.last_desk_seq(front.store)  # and the next one runs


def test_sync_now_in_a_terminal_waits_for_the_background_sync_of_the_same_file(two):
    front, hall = two
    paused = Paused()
    thread = threading.Thread(target=lambda: sync_once(hall.open(), password=hall.password, fault=paused,
                                                       apply_chunk=10))
    thread.start()
    assert paused.inside.wait(WAIT_S)
    env = {**os.environ, "CLUBDESK_HUB_PASSWORD": hall.password}
    cli = subprocess.Popen([sys.executable, "-m", "clubdesk", "--db", str(hall.path), "sync", "now"], cwd=ROOT,
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    told = cli.stdout.readline()  # the terminal says once that it waits
    paused.second_waits.set()
    thread.join(WAIT_S)
    out, err = cli.communicate(timeout=WAIT_S)
    assert "уже синхронизируется" in told
    assert cli.returncode == 0, err
    assert "Синхронизация: отправлено" in out
    assert names(hall.store) == names(front.store)


def test_a_killed_sync_leaves_no_lock_behind(tmp_path):
    path = tmp_path / "desk.sqlite"
    code = ("import sys, time\nfrom clubdesk.sync import desk_lock\n"
            f"with desk_lock.one_sync({str(path)!r}):\n    print('held', flush=True)\n    sys.stdin.read()\n")
    child = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True)
    assert child.stdout.readline().strip() == "held"
    with pytest.raises(SyncError):
        with desk_lock.one_sync(path, wait_s=0):
            pass
    os.kill(child.pid, signal.SIGKILL)
    child.communicate()
    with desk_lock.one_sync(path, wait_s=0):  # the system dropped it with the process
        pass


def test_the_administrators_retry_of_a_row_kept_aside_is_refused_in_one_line_while_a_sync_runs(two):
    from clubdesk.roles import SYSTEM
    from clubdesk.services.conflicts import ConflictService
    from clubdesk.sync import quarantine

    front, hall = two
    with hall.open().write() as cur:  # a row kept aside, as a pull leaves it
        quarantine.keep_aside(cur, (str(uuid.uuid4()), 1, 1, "players", "p", "upsert", "not json", 13),
                              (quarantine.NOT_JSON, "not json"))
    (row,) = quarantine.open_rows(hall.store)
    with desk_lock.one_sync(hall.path), pytest.raises(SyncError) as busy:
        ConflictService(hall.store).retry_row(SYSTEM, row["conflict"])
    assert busy.value.code == "sync_running"
