"""kill -9 of a desk's process at random moments while it writes and syncs: after a restart and a sync,
nothing it committed is lost and nothing is doubled — on the desk, on the hub, on the other desk."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.sync import cursors
from clubdesk.sync.credentials import save_password
from tests.sync.desks import make_desk

pytestmark = pytest.mark.pg
ROOT = Path(__file__).resolve().parents[2]


def kill_trials(hub, tmp_path, trials: int, seed: int) -> None:
    rng = random.Random(seed)
    victim, other = make_desk(hub, tmp_path, "victim"), make_desk(hub, tmp_path, "other")
    admin = AccountService(other.open()).create_first_admin("admin", "secret-admin")
    other.sync()
    victim.sync()
    save_password(victim.address, victim.name, victim.password)
    victim.close()
    writes = PlayerService(other.store)
    for trial in range(trials):
        for i in range(rng.randrange(10, 40)):  # rows for the victim to pull while it dies
            writes.add(admin, PlayerData(name=f"other {trial}.{i}"))
        other.sync()
        child = subprocess.Popen([sys.executable, "-m", "tests.sync.sync_child", str(victim.path), f"v{trial}"],
                                 cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=os.environ.copy())
        if not child.stdout.readline():  # one whole write-and-sync done: now it is in the loop
            pytest.fail(f"the syncing desk died by itself: {child.stderr.read().decode()[-2000:]}")
        time.sleep(rng.uniform(0.0, 0.4))  # a write-and-sync takes ~0.2–0.4 s: anywhere in it
        os.kill(child.pid, signal.SIGKILL)
        child.communicate()
        check_after_restart(victim, other, hub)


def check_after_restart(victim, other, hub) -> None:
    store = victim.open()
    try:
        mine = cursors.last_desk_seq(store)
        own = store.read("SELECT count(*), count(DISTINCT desk_seq) FROM change_log WHERE desk_id = ?",
                         (store.desk_id,))[0]
        assert own == (mine, mine)  # gap-free, no doubles
        victim.sync()
        other.sync()
        victim.sync()
        with hub.address.connect() as conn:
            held = dict(conn.execute("SELECT desk_id, count(*) FROM log_rows GROUP BY desk_id").fetchall())
            top = dict(conn.execute("SELECT desk_id, max(desk_seq) FROM log_rows GROUP BY desk_id").fetchall())
        assert held == top  # every desk's rows 1..n, each once
        for desk_id in cursors.local_desk_ids(store):
            assert held.get(desk_id, 0) == cursors.last_desk_seq(store, desk_id)
        names = "SELECT name FROM players ORDER BY name"
        here, there = store.read(names), other.store.read(names)
        assert here == there and len(here) == len(set(here))
    finally:
        victim.close()


def test_kill_9_while_syncing_loses_and_doubles_nothing(hub, tmp_path):
    kill_trials(hub, tmp_path, trials=4, seed=13)


@pytest.mark.slow
def test_kill_9_while_syncing_loses_and_doubles_nothing_over_40_trials(hub, tmp_path):
    kill_trials(hub, tmp_path, trials=40, seed=2026)
