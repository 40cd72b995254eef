"""Issue 35 item 5: a link that goes silent mid-sync (no FIN, no RST, bytes acknowledged and never answered) fails
the sync in one line within the desk's own deadline, and the next sync runs (sync/deadline.py)."""

from __future__ import annotations

import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.sync import deadline
from clubdesk.sync.errors import SyncError
from tests.sync.desks import make_desk
from tests.sync.silent_link import SilentLink

pytestmark = pytest.mark.pg


@pytest.fixture
def link(hub):
    from psycopg.conninfo import conninfo_to_dict

    params = conninfo_to_dict(hub.address.url)
    proxy = SilentLink(params.get("host", "127.0.0.1"), int(params.get("port", 5432)))
    yield proxy
    proxy.close()


def through(desk, link) -> None:
    """The desk reaches its hub through `link` from now on."""
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    store = desk.open()
    with store.write() as cur:
        url = cur.execute("SELECT value FROM settings WHERE key = 'sync.hub_url'").fetchone()[0]
        cur.execute("UPDATE settings SET value = ? WHERE key = 'sync.hub_url'",
                    (make_conninfo(**{**conninfo_to_dict(url), "host": "127.0.0.1", "port": str(link.port)}),))


@pytest.fixture
def short_deadline(monkeypatch):
    """The deadline's length is not what is tested: that a silent link ends the sync at all, in one line. Called,
    it gives the desk its own deadline back for the sync after the link heals: on a loaded machine an answer of a
    healthy hub can take longer than the test's second."""
    real = deadline.CALL_DEADLINE_S
    monkeypatch.setattr(deadline, "CALL_DEADLINE_S", 1.0)
    return lambda: monkeypatch.setattr(deadline, "CALL_DEADLINE_S", real)


@pytest.mark.parametrize("point", ["before_send", "after_commit", "mid_apply"])
def test_a_link_gone_silent_mid_sync_fails_the_sync_in_one_line_and_the_next_sync_completes(
        hub, tmp_path, link, short_deadline, point):
    a, b = make_desk(hub, tmp_path, "a"), make_desk(hub, tmp_path, "b")
    admin = AccountService(a.open()).create_first_admin("admin", "secret-admin")
    for name in ("Аня", "Боря", "Вера"):
        PlayerService(a.store).add(admin, PlayerData(name=name))
    b.sync()  # b has something for a to pull (its own empty log: the pull of a's rows from b below)
    PlayerService(b.open()).add(AccountService(b.store).create_first_admin("root", "secret-root"),
                                PlayerData(name="Гоша"))
    b.sync()
    through(a, link)

    def fault(at: str) -> None:
        if at == point:
            link.go_silent()

    with pytest.raises(SyncError) as failed:
        a.sync(fault=fault, push_batch=2, pull_page=2, apply_chunk=1)
    assert failed.value.code == "hub_silent"
    assert "\n" not in failed.value.message("ru") and "1 с" in failed.value.message("ru")

    link.heal()
    short_deadline()
    a.sync()
    b.sync()
    names = {r[0] for r in b.store.read("SELECT name FROM players")}
    assert names >= {"Аня", "Боря", "Вера", "Гоша"}
    assert {r[0] for r in a.store.read("SELECT name FROM players")} == names


def test_the_whole_sync_has_a_deadline_of_its_own(hub, tmp_path, link, monkeypatch):
    """A hub that answers, slowly enough that no single wait reaches the call's deadline, still cannot hold a sync
    past the whole sync's bound."""
    a = make_desk(hub, tmp_path, "a")
    admin = AccountService(a.open()).create_first_admin("admin", "secret-admin")
    PlayerService(a.store).add(admin, PlayerData(name="Аня"))
    through(a, link)
    monkeypatch.setattr(deadline, "SYNC_DEADLINE_S", 0.5)

    def fault(at: str) -> None:
        if at == "before_send":
            link.go_silent()

    with pytest.raises(SyncError) as failed:
        a.sync(fault=fault)
    assert failed.value.code == "hub_silent" and "дольше 0.5 с" in failed.value.message("ru")


def test_every_hub_connection_asks_the_kernel_to_notice_a_dead_peer(hub):
    with hub.address.connect() as conn:
        params = {p.keyword.decode(): (p.val or b"").decode() for p in conn.pgconn.info}
    assert params["keepalives"] == "1" and int(params["keepalives_idle"]) <= 10
    assert int(params["tcp_user_timeout"]) <= 30_000


def test_the_gui_worker_starts_the_next_sync_after_a_link_went_silent(qtbot, hub, tmp_path, link, short_deadline,
                                                                     monkeypatch):
    from clubdesk.sync import runner
    from clubdesk.ui.sync_worker import SyncWorker

    a = make_desk(hub, tmp_path, "a")
    admin = AccountService(a.open()).create_first_admin("admin", "secret-admin")
    PlayerService(a.store).add(admin, PlayerData(name="Аня"))
    monkeypatch.setenv("CLUBDESK_HUB_PASSWORD", a.password)  # as a service gives it: the worker reads it
    through(a, link)
    real = runner._push

    def silent_push(*args, **kw):
        link.go_silent()
        return real(*args, **kw)

    monkeypatch.setattr(runner, "_push", silent_push)
    worker = SyncWorker(a.store, interval_ms=3_600_000)
    failed: list[str] = []
    worker.failed.connect(failed.append)
    assert worker.request()
    qtbot.waitUntil(lambda: bool(failed) and not worker.running, timeout=30_000)
    assert "прервана" in failed[0] or "cut off" in failed[0]

    monkeypatch.setattr(runner, "_push", real)
    link.heal()
    short_deadline()
    done: list = []
    worker.finished.connect(done.append)
    assert worker.request()  # the worker is free: the next sync starts
    qtbot.waitUntil(lambda: bool(done), timeout=30_000)
    assert worker.state == "online"
